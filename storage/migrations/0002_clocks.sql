-- Clocks, reminders and vacations (issue 9).
-- PostgreSQL: AUTOINCREMENT becomes an identity column (never reuses a number either), INTEGER
-- BIGINT, REAL DOUBLE PRECISION, WITHOUT ROWID is dropped (see storage/migrations/__init__.py).

-- Every stored deadline: a turn clock running out, a reminder, a vacation's end, and whatever
-- kinds later features register (a tournament round). Processed in (due, id) order, each once.
-- AUTOINCREMENT: an id is never reused, so a handler's run can delete its own deadline by id
-- after it set new ones.
CREATE TABLE deadlines (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL,
    due         REAL    NOT NULL,
    table_id    INTEGER,
    seat        INTEGER,
    user_id     TEXT,
    data        TEXT    NOT NULL DEFAULT '{}'
);

CREATE INDEX deadlines_by_due ON deadlines (due, id);
CREATE INDEX deadlines_by_table ON deadlines (table_id, kind) WHERE table_id IS NOT NULL;
CREATE INDEX deadlines_by_user ON deadlines (user_id, kind) WHERE user_id IS NOT NULL;

-- Turn reminders per person (on unless turned off). A table of its own rather than a column of
-- user_preferences: that table is created by migration 0010, which runs after this one.
CREATE TABLE reminder_preferences (
    user_id         TEXT    PRIMARY KEY,
    reminders_off   INTEGER NOT NULL DEFAULT 0 CHECK (reminders_off IN (0, 1))
) WITHOUT ROWID;

-- A server's vacation allowance: days per 30 days (no row: the default).
CREATE TABLE vacation_allowances (
    guild_id    TEXT    PRIMARY KEY,
    days        INTEGER NOT NULL CHECK (days BETWEEN 0 AND 31)
) WITHOUT ROWID;

CREATE TABLE vacations (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT    NOT NULL,
    guild_id    TEXT,
    start       REAL    NOT NULL,
    until       REAL    NOT NULL CHECK (until >= start),
    ended       REAL
);

CREATE INDEX vacations_by_user ON vacations (user_id, start);
