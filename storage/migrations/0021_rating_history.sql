-- Every rating a member had, one row per rated table (issue 20: the profile's rating over time).
-- Numbered 0020 after the issue, leaving 0007-0009 and 0011-0019 to other work.
-- ``games`` is the member's count of rated games after that table, so (game, guild, user_id,
-- games) names one point; ``table_id`` is the table that moved the rating (NULL for the points
-- carried over from ratings stored before this migration).
-- PostgreSQL: INTEGER becomes BIGINT, REAL DOUBLE PRECISION, WITHOUT ROWID is dropped
-- (storage/migrations/__init__.py).
CREATE TABLE rating_history (
    game        TEXT    NOT NULL,
    guild       TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    games       INTEGER NOT NULL CHECK (games >= 1),
    table_id    INTEGER REFERENCES tables (id),
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (game, guild, user_id, games)
) WITHOUT ROWID;

-- A rating stored before this migration starts its member's history where it stands.
INSERT INTO rating_history (game, guild, user_id, games, table_id, mu, sigma, at)
SELECT game, guild, user_id, games, NULL, mu, sigma, updated_at FROM ratings WHERE games >= 1;
