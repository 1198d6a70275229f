"""What a table looks like now: the table again, the user's tables, the clocks, spectators."""

from __future__ import annotations

import logging
from typing import Any

import discord

from tables.clocks import format_duration
from tables.metadata import RoundStatus, TableStatus
from tables.service import Table, TableError

from .. import i18n
from ..images import attach
from ..render import clip, hand_button_view, lobby_embed, lobby_view, table_embed, thread_link
from .base import public_language
from .permissions import PermissionsFlows

log = logging.getLogger(__name__)


class StatusFlows(PermissionsFlows):
    """A table's public state, for its players, for spectators and for the user's list."""

    async def show_table(self, interaction: discord.Interaction, table_id: int) -> None:
        """The table again: the lobby, or the public state with the "My hand" button. A table
        cancelled before it started has no game to show: its lobby, marked cancelled.
        """
        table = await self.table_of_this_server(interaction, table_id)
        public = public_language(table)
        if table.status == TableStatus.LOBBY:
            view = lobby_view(table, public)
            assert view is not None  # a table in the lobby has its lobby buttons
            await interaction.response.send_message(embed=lobby_embed(table, public), view=view)
            return
        if table.state is None:
            await interaction.response.send_message(embed=lobby_embed(table, public))
            return
        clock = await self.clock_text(table, public)
        embed = table_embed(table, public, clock=clock)
        message: dict[str, Any] = {"embed": embed}
        view = hand_button_view(table)
        if view is not None:
            message["view"] = view
        message["files"] = await attach(self.bot, table, None, public, embed, urgent=True)
        await interaction.response.send_message(**message)

    async def mine(self, interaction: discord.Interaction) -> None:
        """The user's open tables in every server: whose turn it is, the time left, a link."""
        lang = await self.bot.language(interaction)
        user_id = str(interaction.user.id)
        tables = await self.service.tables_of_user(user_id)
        if not tables:
            await self.reply(interaction, i18n.NO_TABLES.get(lang))
            return
        now = self.service.clock()
        lines = []
        for table in tables[:20]:
            clocks = (
                await self.service.clocks.seat_clocks(table)
                if table.status == TableStatus.ACTIVE
                else {}
            )
            parts = []
            for seat in table.waiting_for():
                name = i18n.YOU.get(lang) if seat.user_id == user_id else seat.name
                running = clocks.get(seat.seat)
                if running is not None and running.paused_until and running.paused_until > now:
                    name += i18n.MINE_PAUSED.format(until=int(running.paused_until)).get(lang)
                elif running is not None:
                    name += i18n.MINE_CLOCK.format(
                        left=format_duration(running.left(now), lang)
                    ).get(lang)
                parts.append(name)
            status = i18n.LOBBY_STATUS if table.status == TableStatus.LOBBY else i18n.ACTIVE_STATUS
            line = i18n.MINE_LINE.format(
                id=table.id,
                game=table.game.name.get(lang),
                status=status.get(lang),
                who=", ".join(parts) or i18n.NOBODY.get(lang),
            ).get(lang)
            line += await self._tournament_note(table, lang)
            link = thread_link(table)
            lines.append(line + (f" · {link}" if link else ""))
        await self.reply(interaction, clip("\n".join(lines), 2000))

    async def _tournament_note(self, table: Table, lang: str) -> str:
        """For a tournament's table: its name and round, and the round's deadline while the
        round is open (it does not pause for a vacation, so players should see it).
        """
        tournament_id = table.settings.tournament
        if tournament_id is None:
            return ""
        try:
            tournament = await self.bot.tournaments.get(int(tournament_id))
        except TableError:
            return ""
        number = table.settings.round or 0
        note = i18n.MINE_TOURNAMENT.format(name=tournament.name, round=number).get(lang)
        current = await self.bot.tournaments.round_of(tournament.id, number)
        if current is not None and current.status == RoundStatus.OPEN and current.deadline:
            note += i18n.MINE_ROUND_ENDS.format(until=int(current.deadline)).get(lang)
        return note

    async def clock_text(self, table: Table, lang: str) -> str | None:
        """The table's clocks for its public message: each running clock with the time left
        (paused ones with the end of the vacation), who is away, and the setting.
        """
        setting = table.clock
        if setting is None or setting.per_move is None or table.status != TableStatus.ACTIVE:
            return None
        clocks = await self.service.clocks.seat_clocks(table)
        away = await self.service.clocks.away(table)
        now = self.service.clock()
        lines = []
        for seat, running in sorted(clocks.items()):
            holder = table.seats[seat]
            who = f"<@{holder.user_id}>" if holder.user_id else holder.name
            if running.paused_until and running.paused_until > now:
                text = i18n.CLOCK_PAUSED.format(
                    who=who,
                    until=int(running.paused_until),
                    left=format_duration(running.due - running.paused_until, lang),
                )
            else:
                text = i18n.CLOCK_LEFT.format(
                    who=who, left=format_duration(running.due - now, lang), due=int(running.due)
                )
            lines.append(text.get(lang))
        for seat, until in sorted(away.items()):
            if seat not in clocks:
                holder = table.seats[seat]
                who = f"<@{holder.user_id}>" if holder.user_id else holder.name
                lines.append(i18n.AWAY_LINE.format(who=who, until=int(until)).get(lang))
        lines.append(
            i18n.CLOCK_SETTING.format(
                per_move=format_duration(setting.per_move, lang),
                action=i18n.ON_TIMEOUT[setting.on_timeout].get(lang),
            ).get(lang)
        )
        return "\n".join(lines)

    async def watch(self, interaction: discord.Interaction, table_id: int) -> None:
        """Follow a table: its public state, privately, and its thread added to the list.

        Built from the public view only: a spectator never sees a hand.
        """
        lang = await self.bot.language(interaction)
        table = await self.table_of_this_server(interaction, table_id)
        if table.status == TableStatus.LOBBY:
            raise TableError(i18n.NOT_A_SPECTATOR_TABLE)
        if table.state is None:  # cancelled in its lobby: there will be nothing to watch
            raise TableError(i18n.STATUS_CANCELLED)
        public = lang
        clock = await self.clock_text(table, public)
        thread = table.place.thread
        if thread:
            try:
                await self.bot.http.add_user_to_thread(int(thread), interaction.user.id)
            except discord.HTTPException as error:
                log.warning("could not add a spectator to thread %s: %s", thread, error)
        link = thread_link(table) or "-"
        await self.reply(
            interaction,
            i18n.WATCHING.format(id=table.id, link=link).get(lang),
            embed=table_embed(table, public, clock=clock),
        )
