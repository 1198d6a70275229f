"""Persistent components: one ``DynamicItem`` for every button and select the bot makes.

The custom_id carries everything (``tr:<kind>:<table>[:<seq>:<arg>]``, see ``render``), so a
click works after a restart with no view kept in memory. A custom_id that starts with ``tr:``
but does not parse gets a clear private answer instead of Discord's "interaction failed".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from tables.limits import MAX_PAGE, ascii_number

from . import i18n
from .confirm import CONFIRM_KIND, second_look
from .render import HANDOVER_KIND, ParsedId, parse_custom_id

if TYPE_CHECKING:
    from .app import TischrundeBot


class TableComponent(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"tr:(?P<body>.*)"):
    """A button or select of a lobby, a public table message, a private hand or a DM."""

    def __init__(self, item: discord.ui.Item[Any], parsed: ParsedId | None = None) -> None:
        super().__init__(item)
        self.parsed = parsed if parsed is not None else parse_custom_id(self.custom_id)

    # Read-only on purpose: the id is the wrapped item's, and parsed once in __init__.
    @property  # type: ignore[misc]
    def custom_id(self) -> str:
        """The wrapped item's custom_id."""
        return self.item.custom_id  # type: ignore[attr-defined, no-any-return]

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> TableComponent:
        """Rebuild the component from its custom_id (called by discord.py on every click).

        Never raises: discord.py would log and drop the click, leaving the user with
        "interaction failed". A malformed id is answered in ``callback``.
        """
        return cls(item, parse_custom_id(f"tr:{match['body']}"))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Route the click to the table flows, behind the one error handler."""
        bot: TischrundeBot = interaction.client  # type: ignore[assignment]
        await bot.guarded(interaction, self._dispatch(bot, interaction))

    async def _dispatch(self, bot: TischrundeBot, interaction: discord.Interaction) -> None:
        parsed = self.parsed
        flows = bot.flows
        if parsed is None:
            lang = await bot.language(interaction)
            await flows.reply(interaction, i18n.MALFORMED_COMPONENT.get(lang))
            return
        table_id = parsed.table_id
        if parsed.kind == "j":
            await flows.join(interaction, table_id)
        elif parsed.kind == "l":
            await flows.leave(interaction, table_id)
        elif parsed.kind == "e":
            await flows.add_engine(interaction, table_id)
        elif parsed.kind == "g":
            await flows.start(interaction, table_id)
        elif parsed.kind == "x":
            await flows.cancel(interaction, table_id)
        elif parsed.kind == "h":
            await flows.show_hand(
                interaction, table_id, replace=self._on_private_message(interaction)
            )
        elif parsed.kind == "w":
            await flows.watch(interaction, table_id)
        elif parsed.kind == "a":
            assert parsed.seq is not None and parsed.arg is not None
            if not await second_look(bot, interaction, table_id, parsed.seq, parsed.arg):
                await flows.act(interaction, table_id, parsed.seq, parsed.arg)
        elif parsed.kind == CONFIRM_KIND:
            assert parsed.seq is not None and parsed.arg is not None
            await flows.act(interaction, table_id, parsed.seq, parsed.arg)
        elif parsed.kind == "s":
            assert parsed.seq is not None
            # A select's data (discord.py types it as the union of every interaction's data).
            data = cast(dict[str, Any], interaction.data or {})
            values = data.get("values") or []
            if len(values) != 1:
                lang = await bot.language(interaction)
                await flows.reply(interaction, i18n.MALFORMED_COMPONENT.get(lang))
                return
            if not await second_look(bot, interaction, table_id, parsed.seq, str(values[0])):
                await flows.act(interaction, table_id, parsed.seq, str(values[0]))
        elif parsed.kind == "m":
            assert parsed.seq is not None and parsed.arg is not None
            await flows.ask_amount(interaction, table_id, parsed.seq, parsed.arg)
        elif parsed.kind == "p":
            assert parsed.seq is not None and parsed.arg is not None
            # A page beyond any real hand (or not a number at all) shows the first page.
            page = ascii_number(parsed.arg, most=MAX_PAGE) or 0
            await flows.show_hand(interaction, table_id, page=page, replace=True, seq=parsed.seq)
        elif parsed.kind == HANDOVER_KIND:
            assert parsed.seq is not None
            await bot.handovers.answer(interaction, parsed.seq, accept=parsed.arg == "y")

    @staticmethod
    def _on_private_message(interaction: discord.Interaction) -> bool:
        """Whether the clicked message is a private one (ephemeral or in a DM) we may replace."""
        message = interaction.message
        if message is None:
            return False
        return message.flags.ephemeral or interaction.guild_id is None
