"""Persistent components: one ``DynamicItem`` for every button and select the bot makes.

The custom_id carries everything (``tr:<kind>:<table>[:<seq>:<arg>]``, see ``custom_ids``), so
a click works after a restart with no view kept in memory. Each kind has one handler in
``HANDLERS``. A custom_id that starts with ``tr:`` but does not parse gets a clear private
answer instead of Discord's "interaction failed".
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord

from tables.limits import MAX_PAGE, ascii_number

from . import i18n
from .custom_ids import ComponentKind, ParsedId, parse_custom_id

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
        if self.parsed is None:
            await _malformed(bot, interaction)
            return
        await HANDLERS[self.parsed.kind](bot, interaction, self.parsed)

    @staticmethod
    def _on_private_message(interaction: discord.Interaction) -> bool:
        """Whether the clicked message is a private one (ephemeral or in a DM) we may replace."""
        message = interaction.message
        if message is None:
            return False
        return message.flags.ephemeral or interaction.guild_id is None


Handler = Callable[["TischrundeBot", discord.Interaction, ParsedId], Awaitable[None]]
"""What a click of one kind does; ``parse_custom_id`` has checked the id's shape for the kind
(a move's kinds carry ``seq`` and ``arg``), so a handler only narrows the optional fields.
"""


async def _malformed(bot: TischrundeBot, interaction: discord.Interaction) -> None:
    lang = await bot.language(interaction)
    await bot.flows.reply(interaction, i18n.MALFORMED_COMPONENT.get(lang))


def _move(parsed: ParsedId) -> tuple[int, str]:
    """The state number and the argument of a move's id (present: the parser checked)."""
    assert parsed.seq is not None and parsed.arg is not None
    return parsed.seq, parsed.arg


async def _join(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    await bot.flows.join(interaction, parsed.table_id)


async def _leave(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    await bot.flows.leave(interaction, parsed.table_id)


async def _engine(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    await bot.flows.add_engine(interaction, parsed.table_id)


async def _engine_level(
    bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId
) -> None:
    assert parsed.arg is not None  # the parser accepts only a level here
    await bot.flows.add_engine(interaction, parsed.table_id, parsed.arg)


async def _start(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    await bot.flows.start(interaction, parsed.table_id)


async def _cancel(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    await bot.flows.cancel(interaction, parsed.table_id)


async def _hand(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    replace = TableComponent._on_private_message(interaction)
    await bot.flows.show_hand(interaction, parsed.table_id, replace=replace)


async def _watch(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    await bot.flows.watch(interaction, parsed.table_id)


async def _act(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    seq, code = _move(parsed)
    await bot.flows.act(interaction, parsed.table_id, seq, code, ask_first=True)


async def _confirmed(
    bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId
) -> None:
    seq, code = _move(parsed)
    await bot.flows.act(interaction, parsed.table_id, seq, code)


async def _select(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    seq, _row = _move(parsed)
    # A select's data (discord.py types it as the union of every interaction's data).
    data = cast(dict[str, Any], interaction.data or {})
    values = data.get("values") or []
    if len(values) != 1:
        await _malformed(bot, interaction)
        return
    code = str(values[0])
    await bot.flows.act(interaction, parsed.table_id, seq, code, ask_first=True)


async def _amount(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    seq, template = _move(parsed)
    await bot.flows.ask_amount(interaction, parsed.table_id, seq, template)


async def _page(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    seq, target = _move(parsed)
    # A page beyond any real hand (or not a number at all) shows the first page.
    page = ascii_number(target, most=MAX_PAGE) or 0
    await bot.flows.show_hand(interaction, parsed.table_id, page=page, replace=True, seq=seq)


async def _handover(bot: TischrundeBot, interaction: discord.Interaction, parsed: ParsedId) -> None:
    request_id, answer = _move(parsed)
    await bot.handovers.answer(interaction, request_id, accept=answer == "y")


HANDLERS: dict[ComponentKind, Handler] = {
    ComponentKind.JOIN: _join,
    ComponentKind.LEAVE: _leave,
    ComponentKind.ENGINE: _engine,
    ComponentKind.START: _start,
    ComponentKind.CANCEL: _cancel,
    ComponentKind.HAND: _hand,
    ComponentKind.WATCH: _watch,
    ComponentKind.ACT: _act,
    ComponentKind.SELECT: _select,
    ComponentKind.AMOUNT: _amount,
    ComponentKind.PAGE: _page,
    ComponentKind.HANDOVER: _handover,
    ComponentKind.CONFIRM: _confirmed,
    ComponentKind.ENGINE_LEVEL: _engine_level,
}
"""One handler per kind of component (every kind has one: a test checks)."""
