"""Shared fixtures: the test-only game is registered for every test session, and ``repo`` is a
fresh repository on each storage backend.
"""

from __future__ import annotations

import pytest

from games.core import register
from storage.sqlite import SqliteRepository
from tests.games.highcard import GAME as HIGHCARD

register(HIGHCARD)

BACKENDS = ["sqlite"]


@pytest.fixture(params=BACKENDS)
async def repo(request, tmp_path):
    """An open, empty repository: one test per backend."""
    repository = SqliteRepository(str(tmp_path / "store.sqlite3"))
    await repository.open()
    yield repository
    await repository.close()
