"""The custom_id of every button and select the bot makes: ``tr:<kind>:<table>[:<seq>:<arg>]``.

The id carries everything a click needs, so it works after a restart with no view kept in
memory; its kind says what the click does (``components`` keeps one handler per kind).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.players.search import LEVELS
from tables.limits import ascii_number

PREFIX = "tr"


class ComponentKind(StrEnum):
    """What a component does, as spelled in its custom_id. The spellings are stored in messages
    already posted (buttons stay clickable for days), so a member's value never changes.
    """

    JOIN = "j"
    LEAVE = "l"
    ENGINE = "e"
    """Seat an engine player."""
    START = "g"
    CANCEL = "x"
    HAND = "h"
    """Show (or refresh) the seat's private hand."""
    WATCH = "w"
    ACT = "a"
    """A move: ``tr:a:<table>:<seq>:<code>``."""
    SELECT = "s"
    """A move chosen in a select: ``tr:s:<table>:<seq>:<row>``; the value is the code."""
    AMOUNT = "m"
    """Ask for a typed amount: ``tr:m:<table>:<seq>:<template>``."""
    PAGE = "p"
    """Another page of the hand's actions: ``tr:p:<table>:<seq>:<page>``."""
    HANDOVER = "ho"
    """``tr:ho:<table>:<request>:y|n``: accept or decline a request to take over a seat."""
    CONFIRM = "c"
    """A costly move, confirmed after the second look: ``tr:c:<table>:<seq>:<code>``."""
    ENGINE_LEVEL = "el"
    """``tr:el:<table>:<level>``: seat an engine of that level (the Add engine button's choice)."""


LOBBY_KINDS = frozenset(
    {
        ComponentKind.JOIN,
        ComponentKind.LEAVE,
        ComponentKind.ENGINE,
        ComponentKind.START,
        ComponentKind.CANCEL,
    }
)
"""The lobby's buttons; like hand and watch, their id names only the table."""

TABLE_ONLY_KINDS = LOBBY_KINDS | {ComponentKind.HAND, ComponentKind.WATCH}
MOVE_KINDS = frozenset(
    {
        ComponentKind.ACT,
        ComponentKind.SELECT,
        ComponentKind.PAGE,
        ComponentKind.AMOUNT,
        ComponentKind.CONFIRM,
    }
)
"""Ids with the table's state number and an argument (a code, a row, a page, a template)."""

HANDOVER_KIND = ComponentKind.HANDOVER


def custom_id(kind: ComponentKind, table_id: int, *parts: object) -> str:
    """``tr:<kind>:<table>[:<part>...]``; the last part (an action code) may contain colons."""
    return ":".join([PREFIX, kind.value, str(table_id), *(str(part) for part in parts)])


@dataclass(frozen=True)
class ParsedId:
    """A component's custom_id taken apart: what to do, at which table, at which state."""

    kind: ComponentKind
    table_id: int
    seq: int | None = None
    arg: str | None = None


def _number(text: str) -> bool:
    # ASCII digits only ("²".isdigit() is true, but int("²") fails), and within SQLite's
    # integers: a larger id would raise OverflowError in storage instead of a clear answer.
    return ascii_number(text) is not None


def parse_custom_id(text: str) -> ParsedId | None:
    """The parsed custom_id, or None when it is not one the bot makes (a malformed id)."""
    parts = text.split(":", 4)
    if len(parts) < 3 or parts[0] != PREFIX or not _number(parts[2]):
        return None
    try:
        kind = ComponentKind(parts[1])
    except ValueError:
        return None
    table_id = int(parts[2])
    if kind in TABLE_ONLY_KINDS:
        return ParsedId(kind, table_id) if len(parts) == 3 else None
    if kind in MOVE_KINDS and len(parts) == 5 and _number(parts[3]) and parts[4]:
        return ParsedId(kind, table_id, int(parts[3]), parts[4])
    if kind == ComponentKind.ENGINE_LEVEL and len(parts) == 4 and parts[3] in LEVELS:
        return ParsedId(kind, table_id, None, parts[3])
    if kind == HANDOVER_KIND and len(parts) == 5 and _number(parts[3]) and parts[4] in ("y", "n"):
        return ParsedId(kind, table_id, int(parts[3]), parts[4])
    return None
