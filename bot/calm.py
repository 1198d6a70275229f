"""A calm thread (issue 20): one public post per turn of the game, edited within the turn.

A game that names its turns (``Game.turn_number``) gets one thread message per turn: the
first stored change of a turn posts it, each later change of the same turn edits it, and a new
turn starts a new message. The game's log still holds every decision; the message shows the
turn's public events so far. Games without turns keep a message per stored change.

Every post and every edit is an outbox row (``tables.notices.TURN``), delivered by the relay
after its commit. Where the turn's message is, is stored with the delivery itself: the
``progress`` of the post that sent or edited it (``calm``: the turn, the message id, the first
post it shows and when it was sent), marked together with "sent" in one write. So a process
killed after a move's commit but before its edit finds the post pending and edits the same
message after the restart (an edit repeated shows the same), and one killed after sending a new
turn's message but before marking it finds the message by its mark and records it (see
``bot.outbox``): no post is lost or doubled.

Discord's limits: editing a message older than an hour meets an undocumented limit (error
30046), so a turn whose message is older than ``EDIT_WINDOW`` continues in a new one. A burst
of changes reaches the relay as one group (its pending posts of a table) and is one edit. A
post that must ping someone (a player DMs do not reach, a timeout's note) is a new message, as
an edit pings nobody. An edit Discord refuses (the message was deleted) becomes a new message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.core import Event
from tables import notices
from tables.records import OutboxRecord
from tables.service import Table

if TYPE_CHECKING:
    from .app import TischrundeBot

EDIT_WINDOW = 50 * 60
"""Seconds a turn's message is edited for; Discord limits edits of messages over an hour old."""


@dataclass
class TurnPost:
    """Where one delivery of a table's turn posts goes: a new message, or an edit."""

    turn: int | None
    """The game's turn the shown state is in (None: the game has no turns)."""
    first: int
    """The outbox id of the first post the message shows (this group's, for a new one)."""
    edit: int | None = None
    """The message of this turn to edit; None: a new message."""
    at: float = 0.0
    """When the message was first sent."""
    earlier: list[Event] = field(default_factory=list)
    """The public events of the turn's posts already shown in that message."""

    def progress(self, message_id: int | None, group_first: int, now: float) -> dict[str, Any]:
        """What the delivery of the group starting at ``group_first`` stores with its posts:
        where this turn's message is (the one edited, or the new one it sent).
        """
        if self.turn is None or message_id is None:
            return {}
        edited = self.edit is not None and message_id == self.edit
        return {
            "calm": {
                "turn": self.turn,
                "message": str(message_id),
                "first": self.first if edited else group_first,
                "at": self.at if edited else now,
            }
        }


async def plan(bot: TischrundeBot, shown: Table, group: list[OutboxRecord]) -> TurnPost:
    """Where the turn posts ``group`` (of ``shown``'s table) go: the turn's message when the
    last delivered turn post of the table put it there, in the same turn, within the window.
    """
    first = group[0].id
    turn = shown.game.turn_number(shown.state) if shown.state is not None else None
    if turn is None:
        return TurnPost(None, first)
    outbox = bot.service.outbox
    # Two look-ups by the table's index, not a read of its every post: a long game has hundreds.
    last = await outbox.last_sent(shown.id, notices.TURN, first)
    calm = last.progress.get("calm") if last is not None else None
    now = bot.service.clock()
    if (
        not isinstance(calm, dict)
        or calm.get("turn") != turn
        or not calm.get("message")
        or now - float(calm.get("at", 0.0)) > EDIT_WINDOW
    ):
        return TurnPost(turn, first)
    start = int(calm["first"])
    shown_already = await outbox.posts(
        table_id=shown.id, kinds=(notices.TURN,), since_id=start, before_id=first, sent_only=True
    )
    earlier = [
        Event(kind, data) for post in shown_already for kind, data in post.payload.get("events", [])
    ]
    return TurnPost(turn, start, int(calm["message"]), float(calm["at"]), earlier)
