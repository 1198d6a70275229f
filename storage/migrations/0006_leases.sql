-- Leases (issue 17): with several bot processes on one PostgreSQL database, a due deadline or a
-- pending post is handled by the one process that leased it. ``lease_owner`` names the process,
-- ``lease_until`` (epoch seconds) is when another process may take it over because the owner
-- seems gone. NULL in both: not leased. Deferring a deadline, or a post's delivery or retry,
-- clears its lease; deleting a deadline ends it.
-- PostgreSQL: REAL becomes DOUBLE PRECISION (see storage/migrations/__init__.py).

ALTER TABLE deadlines ADD COLUMN lease_owner TEXT;
ALTER TABLE deadlines ADD COLUMN lease_until REAL;
ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE outbox ADD COLUMN lease_until REAL;
