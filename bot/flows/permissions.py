"""Who may reach a table and manage it: the one check that a table belongs to this server, the
channels where tables may be opened, and the rights of hosts, server managers and organisers.
"""

from __future__ import annotations

import discord

from tables import messages as service_messages
from tables.service import Table, TableError

from .. import i18n
from .base import FlowsBase


def of_this_server(table: Table, interaction: discord.Interaction) -> bool:
    """Whether ``table`` is reachable from where ``interaction`` happened: a table of this
    server, or one that belongs to no server. Table numbers are global and easy to guess, so
    every command that names a table by its number goes through this.
    """
    return table.record.place.get("guild") in (None, str(interaction.guild_id))


class PermissionsFlows(FlowsBase):
    """Where tables may be opened and who may reach or manage them."""

    async def table_of_this_server(self, interaction: discord.Interaction, table_id: int) -> Table:
        """The table ``table_id`` if it is reachable from here; a table of another server is
        answered exactly like a table that does not exist.
        """
        table = await self.service.get(table_id)
        if not of_this_server(table, interaction):
            raise TableError(service_messages.NO_SUCH_TABLE.format(id=table_id), "unknown")
        return table

    async def table_channel(self, interaction: discord.Interaction) -> int:
        """The channel where tables (and tournaments, whose tables open there) may be opened
        from this interaction: its own, or a thread's parent. Refused outside a server and in
        channels the server's settings do not list.
        """
        if interaction.guild_id is None or interaction.channel_id is None:
            raise TableError(i18n.GUILD_ONLY)
        channel = interaction.channel
        channel_id = interaction.channel_id
        if isinstance(channel, discord.Thread) and channel.parent_id:
            channel_id = channel.parent_id
        settings = await self.bot.guild_settings(interaction.guild_id)
        if settings.channels and str(channel_id) not in settings.channels:
            allowed = ", ".join(f"<#{channel}>" for channel in settings.channels)
            raise TableError(i18n.NOT_IN_THIS_CHANNEL.format(channels=allowed))
        return channel_id

    async def may_manage(self, interaction: discord.Interaction, table: Table) -> bool:
        """Whether the member may cancel or hand over seats at ``table`` without being its host:
        Manage Server on the table's server, and at a tournament's table also its organisers
        (the organiser role, or whoever created the tournament), who have no table of their own
        to host.
        """
        if interaction.guild_id is None or table.record.place.get("guild") is None:
            return False
        if not of_this_server(table, interaction):
            return False  # Manage Server on another server does not reach this table
        if interaction.permissions.manage_guild:
            return True
        tournament_id = table.record.settings.get("tournament")
        if tournament_id is None:
            return False
        if await self.bot.may_organise(interaction):
            return True
        try:
            tournament = await self.bot.tournaments.get(int(tournament_id))
        except TableError:
            return False
        return tournament.organiser == str(interaction.user.id)
