"""The lobby: opening a table, taking and leaving seats, engine players, cancelling, starting."""

from __future__ import annotations

import logging

import discord

from games.players.search import DEFAULT_LEVEL, offered_levels
from tables.clocks import DEFAULT_PER_MOVE, ClockError, clock_for, parse_duration
from tables.metadata import TablePlace, TableSettings, TableStatus
from tables.service import Table, TableError

from .. import i18n
from ..render import engine_level_view, lobby_embed, lobby_view
from .base import member_of, parse_options, public_language
from .permissions import PermissionsFlows

log = logging.getLogger(__name__)


class LobbyFlows(PermissionsFlows):
    """A table from its opening to its start."""

    async def open(
        self,
        interaction: discord.Interaction,
        game_id: str,
        options_text: str | None,
        clock_text: str | None = None,
        on_timeout: str = "engine",
    ) -> None:
        """Open a table in this channel (if the server allows tables here), with a clock per
        move (24 hours unless the host chose another or none).
        """
        lang = await self.bot.remember_language(interaction)
        channel_id = await self.table_channel(interaction)
        options = parse_options(options_text)
        try:
            per_move = DEFAULT_PER_MOVE if clock_text is None else parse_duration(clock_text)
            clock = clock_for(per_move, on_timeout)
        except ClockError as error:
            raise TableError(error.reason) from None
        table = await self.service.create(
            game_id,
            member_of(interaction),
            TablePlace(guild=str(interaction.guild_id), channel=str(channel_id)),
            options,
            settings=TableSettings(lang=await self.bot.server_language(interaction), clock=clock),
        )
        public = public_language(table)
        # A table just opened is in the lobby, so it has its lobby buttons.
        view = lobby_view(table, public)
        assert view is not None
        lobby_id: int | None
        if channel_id != interaction.channel_id:
            # Opened from inside a thread: the lobby goes to its parent channel.
            message = await self.bot.get_partial_messageable(channel_id).send(
                embed=lobby_embed(table, public), view=view
            )
            await self.reply(interaction, i18n.OPENED.format(id=table.id).get(lang))
            lobby_id = message.id
        else:
            response = await interaction.response.send_message(
                embed=lobby_embed(table, public), view=view
            )
            lobby_id = getattr(response.resource, "id", None)
        if lobby_id is not None:
            await self.service.set_place(table, lobby=str(lobby_id))
        await self.bot.dms.welcome(table, str(interaction.user.id))

    async def _show_lobby(
        self, interaction: discord.Interaction, table: Table, note: str | None
    ) -> None:
        """Refresh the lobby message: in place when it was clicked, else by an edit."""
        public = public_language(table)
        embed, view = lobby_embed(table, public), lobby_view(table, public)
        lobby_id = table.place.lobby
        message = interaction.message
        if (
            not lobby_id
            and message is not None
            and not message.flags.ephemeral
            and str(message.channel.id) == table.place.channel
        ):
            # The lobby was posted and its id never stored (the process died in between): a
            # public message in the table's channel carrying its lobby buttons is that lobby.
            lobby_id = str(message.id)
            await self.service.set_place(table, lobby=lobby_id)
        clicked = message is not None and str(message.id) == lobby_id
        if clicked and not interaction.response.is_done():
            await interaction.response.edit_message(embed=embed, view=view)
            return
        if note:
            await self.reply(interaction, note)
        if lobby_id:
            assert table.place.channel is not None  # a lobby message is in its channel
            channel = self.bot.get_partial_messageable(int(table.place.channel))
            try:
                await channel.get_partial_message(int(lobby_id)).edit(embed=embed, view=view)
            except discord.HTTPException as error:
                log.warning("could not refresh lobby of table %s: %s", table.id, error)

    async def join(self, interaction: discord.Interaction, table_id: int) -> None:
        """Take a seat; the first DM is tried now, so a refusal is known before the game."""
        lang = await self.bot.remember_language(interaction)
        await self.table_of_this_server(interaction, table_id)
        table = await self.service.join(table_id, member_of(interaction))
        await self._show_lobby(interaction, table, i18n.JOINED.format(id=table.id).get(lang))
        if not await self.bot.dms.welcome(table, str(interaction.user.id)):
            await self.reply(interaction, i18n.DM_REFUSED_AT_JOIN.get(lang))

    async def leave(self, interaction: discord.Interaction, table_id: int) -> None:
        """Give up a seat before the start (the host leaving closes the lobby)."""
        lang = await self.bot.language(interaction)
        table = await self.service.leave(table_id, member_of(interaction))
        await self._show_lobby(interaction, table, i18n.LEFT.format(id=table.id).get(lang))

    async def add_engine(
        self, interaction: discord.Interaction, table_id: int, level: str | None = None
    ) -> None:
        """Seat an engine player (host only). Without a level, a game that offers levels
        first asks the host which one, privately; a game without levels seats random play.
        """
        if level is None:
            table = await self.service.get(table_id)
            levels = offered_levels(table.game)
            if (
                levels
                and table.status == TableStatus.LOBBY
                and table.record.host == member_of(interaction).user_id
            ):
                lang = await self.bot.language(interaction)
                view = engine_level_view(table_id, levels, lang)
                await self.reply(interaction, i18n.CHOOSE_LEVEL.get(lang), view=view)
                return
        table = await self.service.add_engine(
            table_id, member_of(interaction), level or DEFAULT_LEVEL
        )
        await self._show_lobby(interaction, table, table.seats[-1].name)

    async def cancel(self, interaction: discord.Interaction, table_id: int) -> None:
        """End a table without a result: its host, or a member with Manage Server."""
        lang = await self.bot.language(interaction)
        table = await self.service.get(table_id)
        may_manage = await self.may_manage(interaction, table)
        table = await self.service.cancel(table_id, member_of(interaction), may_manage=may_manage)
        # A running table's thread hears of it through the outbox (``tables.notices``).
        await self._show_lobby(interaction, table, i18n.CANCELLED.format(id=table.id).get(lang))

    async def start(self, interaction: discord.Interaction, table_id: int) -> None:
        """Start the game: open its thread, post the first state, notify who must act."""
        lang = await self.bot.language(interaction)
        on_lobby = interaction.type == discord.InteractionType.component
        outcome = await self.service.start(table_id, member_of(interaction))
        # Refusals are answered above, privately; the thread and the first post may take longer
        # than the 3 seconds Discord allows, so the answer is deferred from here on.
        await interaction.response.defer(ephemeral=not on_lobby, thinking=not on_lobby)
        # The start is stored with its post; delivering it now opens the thread, posts the
        # first state and DMs whoever acts first, so the answer can link the thread.
        await self.bot.outbox.flush()
        table = await self.service.get(outcome.table.id)
        public = public_language(table)
        embed, view = lobby_embed(table, public), lobby_view(table, public)
        if on_lobby:
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            thread = table.place.thread
            link = f"<#{thread}>" if thread else "-"
            await interaction.followup.send(
                i18n.STARTED.format(id=table.id, thread=link).get(lang), ephemeral=True
            )
            await self._show_lobby(interaction, table, None)
