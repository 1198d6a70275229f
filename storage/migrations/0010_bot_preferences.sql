-- Discord-side preferences (issue 4). Numbered 0010 to leave 0002-0009 to the storage work, so
-- both branches can add migrations without two files sharing a number.
-- PostgreSQL: INTEGER becomes BIGINT, WITHOUT ROWID is dropped (storage/migrations/__init__.py).

-- One row per server: the default language, the channels where tables may be opened (a JSON
-- list of channel ids; empty means everywhere) and the role that may organise tournaments.
CREATE TABLE guild_settings (
    guild_id        TEXT    PRIMARY KEY,
    language        TEXT    CHECK (language IS NULL OR language IN ('de', 'en')),
    channels        TEXT    NOT NULL DEFAULT '[]',
    organiser_role  TEXT
) WITHOUT ROWID;

-- One row per person: DMs turned off by them, DMs refused by Discord (error 50007, never
-- retried), and the language their Discord client last reported (for DMs, which carry none).
CREATE TABLE user_preferences (
    user_id         TEXT    PRIMARY KEY,
    dms_off         INTEGER NOT NULL DEFAULT 0 CHECK (dms_off IN (0, 1)),
    dms_refused     INTEGER NOT NULL DEFAULT 0 CHECK (dms_refused IN (0, 1)),
    language        TEXT    CHECK (language IS NULL OR language IN ('de', 'en'))
) WITHOUT ROWID;
