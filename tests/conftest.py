"""Shared fixtures: the test-only game is registered for every test session."""

from __future__ import annotations

from games.core import register
from tests.games.highcard import GAME as HIGHCARD

register(HIGHCARD)
