"""Tournament formats: one module per format, each behind ``base.Format``.

- ``swiss_pairs``: Swiss at tables of two; ``swiss_tables``: Swiss at tables of 3-8 (what
  both share is in ``swiss``). Both are stored as ``swiss``: the table size picks the rules.
- ``round_robin``: everyone meets everyone once, tables of two.
- ``elimination``: single elimination of best-of matches, tables of two.
- ``multi_elimination``: the top ``advance`` of each multiplayer table go on to a final table.

``FORMATS`` maps each stored format name to its rules; ``format_for`` gives a stored
tournament's (or a requested one's) rules, with the table size deciding between the Swiss
variants.
"""

from __future__ import annotations

from storage.base import TournamentRecord

from ..config import TournamentConfig
from .base import Format, Slot, StandingLine
from .elimination import Elimination
from .multi_elimination import MultiElimination
from .round_robin import RoundRobin
from .swiss import MAX_ROUNDS, swiss_rounds_for
from .swiss_pairs import SwissPairs
from .swiss_tables import SwissTables

SWISS_PAIRS = SwissPairs()
SWISS_TABLES = SwissTables()

FORMATS: dict[str, Format] = {
    rules.name: rules for rules in (SWISS_PAIRS, RoundRobin(), Elimination(), MultiElimination())
}
"""Each stored format name to its rules, in the order offered (``swiss`` here is Swiss at
tables of two; at bigger tables ``format_for`` gives ``SWISS_TABLES``)."""

AT_MULTIPLAYER_TABLES: dict[str, Format] = {SWISS_TABLES.name: SWISS_TABLES}
"""A stored format whose rules differ at tables of three or more."""


def format_for(name: str, table_size: int) -> Format:
    """The rules of format ``name`` at tables of ``table_size``; ``KeyError`` for an unknown
    name.
    """
    if table_size > 2 and name in AT_MULTIPLAYER_TABLES:
        return AT_MULTIPLAYER_TABLES[name]
    return FORMATS[name]


def rules_of(tournament: TournamentRecord) -> Format:
    """The rules a stored tournament plays by."""
    return format_for(tournament.format, TournamentConfig.of(tournament).table_size)


__all__ = [
    "FORMATS",
    "MAX_ROUNDS",
    "SWISS_PAIRS",
    "SWISS_TABLES",
    "Format",
    "Slot",
    "StandingLine",
    "format_for",
    "rules_of",
    "swiss_rounds_for",
]
