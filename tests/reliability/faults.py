"""A real SQLite repository that fails on purpose: the fault injection of the reliability tests.

``FlakyRepository`` is ``SqliteRepository`` itself, with one addition: ``fail_next(name)``
makes the next call of that repository method raise SQLite's own "database is locked" error
before it reaches the database, as a busy database file does under a second writer. Nothing
else of the repository is replaced.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from storage.sqlite import SqliteRepository


class FlakyRepository(SqliteRepository):
    """``SqliteRepository`` whose chosen methods fail once, when asked to."""

    def __init__(self, path: str, **options: Any) -> None:
        super().__init__(path, **options)
        self._fail: dict[str, int] = {}
        self.failures = 0

    def fail_next(self, name: str, times: int = 1) -> None:
        """The next ``times`` calls of method ``name`` raise "database is locked"."""
        self._fail[name] = self._fail.get(name, 0) + times

    def __getattribute__(self, name: str) -> Any:
        value = super().__getattribute__(name)
        if name.startswith("_") or not callable(value):
            return value
        failing = super().__getattribute__("_fail")
        if failing.get(name, 0) <= 0:
            return value

        async def fail(*args: Any, **kwargs: Any) -> Any:
            failing[name] -= 1
            self.failures += 1
            raise sqlite3.OperationalError("database is locked")

        return fail
