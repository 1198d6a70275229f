-- Community tournaments and ratings (issue 10). JSON columns hold JSON-native values verbatim.
-- PostgreSQL: as in 0001, and ``registrations`` (a rowid table whose rowid is the order of
-- registration) gets an explicit identity column ``rowid`` (see storage/migrations/__init__.py).

-- A tournament: a game with its table options, a format and its settings (config: rounds,
-- best-of, how many advance, table sizes, the time control, check-in, late join, engines).
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    guild       TEXT    NOT NULL,
    channel     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    format      TEXT    NOT NULL,
    config      TEXT    NOT NULL DEFAULT '{}',
    organiser   TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('registration', 'closed', 'running', 'finished', 'cancelled')),
    closes_at   REAL,
    round       INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    settings    TEXT    NOT NULL DEFAULT '{}',
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

CREATE INDEX tournaments_by_guild ON tournaments (guild, status);

-- Who plays: members (user_id) or, for tests and fill-ins, engine players (engine).
-- joined_round > 1 is a late join; dropped_round is the first round the player is not paired.
CREATE TABLE registrations (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id         TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    engine          TEXT,
    checked_in      INTEGER NOT NULL DEFAULT 0 CHECK (checked_in IN (0, 1)),
    joined_round    INTEGER NOT NULL DEFAULT 1,
    dropped_round   INTEGER,
    registered_at   REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);  -- a rowid table: its rowid is the order of registration (updates keep it)

CREATE TABLE tournament_rounds (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number          INTEGER NOT NULL CHECK (number >= 1),
    status          TEXT    NOT NULL CHECK (status IN ('open', 'finished')),
    deadline        REAL,
    opened_at       REAL    NOT NULL,
    finished_at     REAL,
    PRIMARY KEY (tournament_id, number)
) WITHOUT ROWID;

-- One table of a round (position), or one game of a best-of match (game 1, 2, ...), or a bye
-- (bye = 1, no table). players: the user ids in seat order; ranks and scores once finished.
CREATE TABLE pairings (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round           INTEGER NOT NULL,
    position        INTEGER NOT NULL,
    game            INTEGER NOT NULL DEFAULT 1,
    table_id        INTEGER REFERENCES tables (id),
    players         TEXT    NOT NULL,
    bye             INTEGER NOT NULL DEFAULT 0 CHECK (bye IN (0, 1)),
    ranks           TEXT,
    scores          TEXT,
    PRIMARY KEY (tournament_id, round, position, game)
) WITHOUT ROWID;

CREATE INDEX pairings_by_table ON pairings (table_id) WHERE table_id IS NOT NULL;

-- openskill ratings per game per server per member.
CREATE TABLE ratings (
    game        TEXT    NOT NULL,
    guild       TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (game, guild, user_id)
) WITHOUT ROWID;

CREATE INDEX ratings_by_board ON ratings (game, guild, mu);

-- A table is rated once, however often its end is announced.
CREATE TABLE rated_tables (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id),
    rated_at    REAL    NOT NULL
);
