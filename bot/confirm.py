"""A second look before a costly move (issue 20): going all-in, ending a turn with cards left.

The game names the moves that deserve one (``Game.confirm_question``); a click on such a move
is answered privately with the question and **Yes / No** instead of being played. Yes carries
the move like any action button (``tr:c:<table>:<seq>:<code>``), so it is refused as stale
when the table moved on meanwhile and works after a restart; No shows the hand again.
``/settings me confirm:off`` plays such moves at once.
"""

from __future__ import annotations

import discord

from games.core import Text

from .custom_ids import ComponentKind, custom_id

YES = Text("Ja", "Yes")
NO = Text("Nein", "No")
HINT = Text(
    "(Ohne diese Nachfrage: /settings me confirm:off)",
    "(To play such moves at once: /settings me confirm:off)",
)


def second_look_view(table_id: int, seq: int, code: str, lang: str) -> discord.ui.View:
    """Yes (the move itself, confirmed) and No (the hand again) for a move the game asked about.

    The table service asks the question (a refusal of kind ``CONFIRM``, from the table it
    loaded for the move anyway), so the second look costs no extra read or computation.
    """
    # Function-local: components routes clicks to the flows, which ask for this view.
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
    return view
