-- Tables, their seats and the append-only action log. JSON columns hold JSON-native dicts
-- verbatim; the snapshot (state) is the game state after action `seq`.
-- PostgreSQL (storage/migrations/__init__.py translates): INTEGER PRIMARY KEY becomes an
-- identity column, INTEGER BIGINT, REAL DOUBLE PRECISION, WITHOUT ROWID is dropped; JSON stays
-- TEXT.

CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seed        INTEGER NOT NULL,
    place       TEXT    NOT NULL DEFAULT '{}',
    host        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    seq         INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),
    state       TEXT,
    result      TEXT,
    settings    TEXT    NOT NULL DEFAULT '{}',
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

CREATE INDEX tables_by_status ON tables (status, created_at);

CREATE TABLE seats (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    name        TEXT    NOT NULL,
    user_id     TEXT,
    engine      TEXT,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

-- tables_of_user: from a member to the tables where they hold a seat.
CREATE INDEX seats_by_user ON seats (user_id, table_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    seat        INTEGER NOT NULL CHECK (seat >= -1),
    code        TEXT    NOT NULL,
    request_id  TEXT    UNIQUE,
    at          REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
