-- Limits, consent to hand-overs and lobby housekeeping (issue 16).
-- PostgreSQL: AUTOINCREMENT becomes an identity column, INTEGER BIGINT, REAL DOUBLE PRECISION,
-- WITHOUT ROWID is dropped (see storage/migrations/__init__.py).

-- A server's own limits (set with /settings limits). A NULL column means "the default", so a
-- default changed in a later version reaches every server that never chose its own value.
CREATE TABLE guild_limits (
    guild_id        TEXT    PRIMARY KEY,
    open_lobbies    INTEGER CHECK (open_lobbies IS NULL OR open_lobbies >= 1),
    running_tables  INTEGER CHECK (running_tables IS NULL OR running_tables >= 1),
    tournaments     INTEGER CHECK (tournaments IS NULL OR tournaments >= 1),
    engine_entries  INTEGER CHECK (engine_entries IS NULL OR engine_entries >= 0),
    lobby_days      INTEGER CHECK (lobby_days IS NULL OR lobby_days >= 1)
) WITHOUT ROWID;

-- A request to take over a seat: the seat changes hands only once the named member accepts.
-- ``status`` leaves 'pending' exactly once (accepted, declined, expired or cancelled), by a
-- conditional UPDATE, so an Accept and the 24-hour expiry at the same moment cannot both win.
CREATE TABLE handover_requests (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    asked_by    TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
    created_at  REAL    NOT NULL,
    due         REAL    NOT NULL,
    data        TEXT    NOT NULL DEFAULT '{}'
);

CREATE INDEX handover_requests_by_table ON handover_requests (table_id, status);
