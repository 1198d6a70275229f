-- How a member and a server want the bot's answers shown (issue 20). Numbered 0020 to leave
-- 0007-0019 to other work on the schema.
-- A member may turn pictures off (text-only answers: their private hands and DMs) and the
-- second look before a costly move; a server may turn pictures off for its tables.
ALTER TABLE user_preferences ADD COLUMN pictures_off INTEGER NOT NULL DEFAULT 0
    CHECK (pictures_off IN (0, 1));
ALTER TABLE user_preferences ADD COLUMN confirm_off INTEGER NOT NULL DEFAULT 0
    CHECK (confirm_off IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN pictures_off INTEGER NOT NULL DEFAULT 0
    CHECK (pictures_off IN (0, 1));
