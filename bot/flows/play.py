"""Playing: which table a command means, a seat's private hand, moves, typed amounts."""

from __future__ import annotations

from typing import Any

import discord

from games.core import IllegalAction, decode, encode
from tables import messages as service_messages
from tables.errors import ErrorKind
from tables.limits import MAX_AMOUNT, ascii_number
from tables.metadata import TableStatus
from tables.service import Table, TableError, not_a_player

from .. import i18n
from ..confirm import HINT, second_look_view
from ..images import attach
from ..render import clip, hand_embed, hand_view, markdown_names, seat_names
from .base import FlowsBase, member_of


class PlayFlows(FlowsBase):
    """A seat's hand and its moves, from a button, a select, a typed amount or a command."""

    async def _private_hand(
        self,
        interaction: discord.Interaction,
        table: Table,
        seat: int,
        lang: str,
        *,
        content: str | None = None,
        page: int = 0,
        replace: bool = False,
    ) -> None:
        embed = hand_embed(table, seat, lang, with_public=interaction.guild_id is None)
        view, _pages = hand_view(table, seat, lang, page)
        files = await attach(self.bot, table, seat, lang, embed, urgent=True)
        if replace and not interaction.response.is_done():
            await interaction.response.edit_message(
                content=content, embed=embed, view=view, attachments=files
            )
        else:
            await self.reply(interaction, content, embed=embed, view=view, files=files)

    async def table_of(self, interaction: discord.Interaction, table_id: int | None) -> int:
        """The table a command means: the one given, the one whose thread this is, or the
        user's only table.
        """
        if table_id is not None:
            return table_id
        tables = await self.service.tables_of_user(str(interaction.user.id))
        here = str(interaction.channel_id)
        for table in tables:
            if here in (table.place.thread, table.place.lobby):
                return table.id
        if len(tables) == 1:
            return tables[0].id
        raise TableError(i18n.NO_TABLE_HERE)

    async def show_hand(
        self,
        interaction: discord.Interaction,
        table_id: int,
        *,
        page: int = 0,
        replace: bool = False,
        seq: int | None = None,
    ) -> None:
        """The seat's hidden cards and legal actions, privately (``replace``: in place)."""
        lang = await self.bot.language(interaction)
        table = await self.service.get(table_id)
        seat = table.seat_of(str(interaction.user.id))
        if seat is None:
            raise TableError(not_a_player(table, str(interaction.user.id)), ErrorKind.FOREIGN)
        if table.status == TableStatus.LOBBY:
            raise TableError(service_messages.NOT_STARTED)
        if table.state is None:  # cancelled in its lobby, by the host or by its expiry
            raise TableError(i18n.STATUS_CANCELLED)
        content = None
        if seq is not None and seq != table.seq:
            content, page = service_messages.STALE.get(lang), 0
        await self._private_hand(
            interaction, table, seat, lang, content=content, page=page, replace=replace
        )

    async def act(
        self,
        interaction: discord.Interaction,
        table_id: int,
        seq: int,
        code: str,
        *,
        ask_first: bool = False,
    ) -> None:
        """Play ``code`` at state ``seq``; answer with the fresh hand, then publish the turn.

        The answer comes only after the move is stored. A click on an old state is refused
        as stale and answered with the fresh view (the table the refusal carries); a repeated
        click is not applied twice. The move's label is named from its outcome, once. With
        ``ask_first`` (a click, not its confirmation), a move the game calls costly is asked
        about first unless the member turned that off (``/settings me confirm:off``).
        """
        lang = await self.bot.remember_language(interaction)
        user_id = str(interaction.user.id)
        if ask_first:
            ask_first = not (await self.bot.preferences(user_id)).confirm_off
        try:
            outcome = await self.service.act(
                table_id,
                member_of(interaction),
                code,
                expected_seq=seq,
                request_id=str(interaction.id),
                ask_first=ask_first,
            )
        except TableError as error:
            if error.kind == ErrorKind.CONFIRM:
                question = f"{error.reason.get(lang)}\n{HINT.get(lang)}"
                await self.reply(
                    interaction, question, view=second_look_view(table_id, seq, code, lang)
                )
                return
            if error.kind != ErrorKind.STALE or error.table is None:
                raise
            table = error.table
            seat = table.seat_of(user_id)
            if seat is None:
                raise
            await self._private_hand(interaction, table, seat, lang, content=error.reason.get(lang))
            return
        table = outcome.table
        seat = table.seat_of(user_id)
        assert seat is not None
        if outcome.duplicate:
            await self._private_hand(
                interaction, table, seat, lang, content=i18n.ALREADY_APPLIED.get(lang)
            )
            return
        private = interaction.message is not None and (
            interaction.message.flags.ephemeral or interaction.guild_id is None
        )
        # The mover also reads what happened to them alone (a card drawn, a card stolen).
        names = markdown_names(table)
        lines = [
            table.game.describe_event(event, lang, names)
            for _applied, event in outcome.events
            if event.to in (None, seat)
        ]
        label = outcome.label(lang, seat_names(table)) or code
        content = "\n".join([i18n.MOVED.format(label=label).get(lang), *lines])
        # The thread post and the next player's DM were stored with the move (the outbox);
        # the relay sends them once this answer is out.
        await self._private_hand(
            interaction, table, seat, lang, content=clip(content, 2000), replace=private
        )

    async def ask_amount(
        self, interaction: discord.Interaction, table_id: int, seq: int, template: str
    ) -> None:
        """Ask for a typed amount for an open verb (a bet, a raise); the engine checks it."""
        lang = await self.bot.language(interaction)
        try:
            verb, args = decode(template)
        except IllegalAction as error:
            # A crafted "other amount" button: the same private answer as any impossible move.
            raise TableError(error.reason, ErrorKind.ILLEGAL) from None
        flows = self

        class AmountModal(discord.ui.Modal):
            amount: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=i18n.AMOUNT.get(lang), custom_id="amount", max_length=12
            )

            async def on_submit(self, submitted: discord.Interaction) -> None:
                await flows.bot.guarded(submitted, self._play(submitted))

            async def _play(self, submitted: discord.Interaction) -> None:
                text = self.amount.value.strip()
                # ASCII digits only ("²", "١" and "１" pass isdigit), and no more than an
                # amount can be: the engine then checks the game's own range.
                amount = ascii_number(text, most=MAX_AMOUNT)
                if amount is None and ascii_number(text) is not None:
                    raise TableError(i18n.AMOUNT_TOO_LARGE.format(text=text[:20]))
                if amount is None:
                    raise TableError(i18n.NOT_AN_AMOUNT.format(text=text[:20]))
                code = encode(verb, *args[:-1], amount)
                # A typed all-in gets the same second look as the all-in button.
                await flows.act(submitted, table_id, seq, code, ask_first=True)

        title = clip(i18n.OTHER_AMOUNT.get(lang), 45)
        await interaction.response.send_modal(
            AmountModal(title=title, custom_id=f"tr-amount:{table_id}:{seq}", timeout=600)
        )
