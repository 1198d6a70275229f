-- One stored deadline per running seat clock (issue 22): its ``due`` is the next thing to happen
-- (a reminder, then the clock running out) and ``ends`` is when the clock runs out, so a move
-- writes one row where it wrote three (the clock and its two reminders). The handler re-arms the
-- row in place after each reminder. A vacation moves ``due`` and ``ends`` together; a failed
-- handler's retry moves ``due`` only. NULL: a deadline that is not a seat clock, or a clock
-- stored by an older version (its ``due`` is its end, its reminders are rows of their own).
-- PostgreSQL: REAL becomes DOUBLE PRECISION (see storage/migrations/__init__.py).

ALTER TABLE deadlines ADD COLUMN ends REAL;
