"""What happens on a command or a click, by concern: the lobby, playing, publishing a turn,
a table's status, seats changing hands, and who may reach a table.

Slash commands and components both call these, so a move made from a DM, from an ephemeral
hand or by a command takes the same path. Every refusal is a ``TableError`` raised before
anything changes; the bot's one error handler answers it privately. ``TableFlows`` joins the
concerns into the one object the bot owns.
"""

from __future__ import annotations

from .base import FlowsBase, as_member, member_of, parse_options, public_language
from .lobby import LobbyFlows
from .permissions import PermissionsFlows, of_this_server
from .play import PlayFlows
from .publish import PublishFlows
from .seats import SeatsFlows
from .status import StatusFlows

__all__ = [
    "FlowsBase",
    "LobbyFlows",
    "PermissionsFlows",
    "PlayFlows",
    "PublishFlows",
    "SeatsFlows",
    "StatusFlows",
    "TableFlows",
    "as_member",
    "member_of",
    "of_this_server",
    "parse_options",
    "public_language",
]


class TableFlows(LobbyFlows, PlayFlows, PublishFlows, SeatsFlows):
    """The table flows of the bot (one instance, owned by the bot)."""
