"""Who asks the table service for something, what a move did, and the refusal.

Apart from ``service`` so that the parts the service is built from (limits, turns, hand-overs)
raise the same refusal and return the same outcome without importing the service itself.
``tables.service`` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from games.core import Event, State, Text

from .errors import ErrorKind

if TYPE_CHECKING:
    from .service import Table


class TableError(Exception):
    """A request the service refuses; ``reason`` is safe to show privately to the requester.

    ``kind`` lets an adapter react (e.g. show the fresh table on ``ErrorKind.STALE``).
    """

    def __init__(
        self, reason: Text, kind: ErrorKind = ErrorKind.REFUSED, *, table: Table | None = None
    ) -> None:
        super().__init__(reason.en)
        self.reason = reason
        self.kind = kind
        self.table = table
        """Set on ``stale``: the table as it stands now, so the answer needs no second load."""


@dataclass(frozen=True)
class Member:
    """A person: a stable id (a Discord user id, or a terminal name) and a display name."""

    user_id: str
    name: str


@dataclass
class Applied:
    """One stored action and what it caused."""

    seq: int
    seat: int
    code: str
    events: list[Event]


@dataclass
class MoveOutcome:
    """What a move did: the actions stored (the move, then chance and engine moves), and the
    table as they left it.
    """

    table: Table
    applied: list[Applied] = field(default_factory=list)
    duplicate: bool = False
    """True if this request had already been applied; nothing new was stored."""
    move: tuple[State, int, str] | None = field(default=None, repr=False)
    """A member's move: the state it was made in, its seat and its code."""

    def label(self, lang: str, names: Sequence[str] | None = None) -> str | None:
        """The member's move as its button read, computed from the state it was made in
        (once the move is stored, and only when an answer names it); None without a move.
        """
        if self.move is None:
            return None
        state, seat, code = self.move
        return self.table.game.action_label(state, seat, code, lang, names)

    @property
    def events(self) -> list[tuple[Applied, Event]]:
        """Every event of every stored action, in order."""
        return [(applied, event) for applied in self.applied for event in applied.events]
