"""A second look before a costly move (issue 20): going all-in, ending a turn with cards left.

The game names the moves that deserve one (``Game.confirm_question``); a click on such a move
is answered privately with the question and **Yes / No** instead of being played. Yes carries
the move like any action button (``tr:c:<table>:<seq>:<code>``), so it is refused as stale
when the table moved on meanwhile and works after a restart; No shows the hand again.
``/settings me confirm:off`` plays such moves at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from games.core import Text

from .custom_ids import ComponentKind, custom_id

if TYPE_CHECKING:
    from .app import TischrundeBot

YES = Text("Ja", "Yes")
NO = Text("Nein", "No")
HINT = Text(
    "(Ohne diese Nachfrage: /settings me confirm:off)",
    "(To play such moves at once: /settings me confirm:off)",
)


async def second_look(
    bot: TischrundeBot, interaction: discord.Interaction, table_id: int, seq: int, code: str
) -> bool:
    """Ask before ``code`` when the game calls it costly and the member wants to be asked;
    True when the question was sent (the move is not played). Anything the move itself would
    refuse (a stale state, a foreign seat, an illegal code) is left to the move's own answer.
    """
    user_id = str(interaction.user.id)
    table = await bot.service.get(table_id)
    seat = table.seat_of(user_id)
    if seat is None or table.state is None or table.seq != seq or table.status != "active":
        return False
    if code not in table.legal_actions(seat):
        return False
    question = table.game.confirm_question(table.state, seat, code)
    if question is None or (await bot.preferences(user_id)).confirm_off:
        return False
    lang = await bot.language(interaction)
    from .components import TableComponent

    view = discord.ui.View(timeout=None)
    for label, style, target in (
        (YES, discord.ButtonStyle.danger, custom_id(ComponentKind.CONFIRM, table_id, seq, code)),
        (NO, discord.ButtonStyle.secondary, custom_id(ComponentKind.HAND, table_id)),
    ):
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label.get(lang), style=style, custom_id=target
        )
        view.add_item(TableComponent(button))
    await bot.flows.reply(interaction, f"{question.get(lang)}\n{HINT.get(lang)}", view=view)
    return True
