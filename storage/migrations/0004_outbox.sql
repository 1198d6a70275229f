-- Crash-proof flows (issue 15): the outbox of Discord posts, and retries of failed deadlines.
-- PostgreSQL: AUTOINCREMENT becomes an identity column, INTEGER BIGINT, REAL DOUBLE PRECISION
-- (see storage/migrations/__init__.py); the partial indexes and ON CONFLICT read the same.

-- A Discord post that follows a stored change, written in the same transaction as the change
-- and delivered by the bot's relay after the commit, once (also after a restart). ``key`` names
-- the fact (``turn:12:48``): a second post of the same key is ignored. ``progress`` is what the
-- delivery found out (how a request reached its member, parts found already sent on a resume).
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    key         TEXT    NOT NULL UNIQUE,
    kind        TEXT    NOT NULL,
    table_id    INTEGER,
    payload     TEXT    NOT NULL,
    progress    TEXT    NOT NULL DEFAULT '{}',
    created_at  REAL    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try    REAL    NOT NULL DEFAULT 0,
    sent_at     REAL
);

CREATE INDEX outbox_pending ON outbox (id) WHERE sent_at IS NULL;
CREATE INDEX outbox_by_table ON outbox (table_id, id) WHERE table_id IS NOT NULL;

-- A deadline whose handler failed stays stored and is tried again later; ``attempts`` counts
-- the failures, so each retry waits twice as long (30 s up to an hour).
ALTER TABLE deadlines ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
