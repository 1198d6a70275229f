"""``/vacation start|end|show`` and ``/reminders on|off``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from tables.service import TableError
from tables.turns import ALREADY_AWAY, AlreadyAway

from .. import i18n
from ..i18n import T

if TYPE_CHECKING:
    from ..app import TischrundeBot

ON_OFF = [
    app_commands.Choice(name=T("on", "an"), value="on"),
    app_commands.Choice(name=T("off", "aus"), value="off"),
]


class ClockCommands(commands.Cog):
    """A player's vacation and their turn reminders."""

    vacation = app_commands.Group(
        name=T("vacation", "urlaub"),
        description=T("Pause your clocks at every table", "Deine Uhren an allen Tischen anhalten"),
        guild_only=True,
    )

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot

    @vacation.command(name=T("start", "beginnen"), description=T("Go on vacation", "Urlaub"))
    @app_commands.describe(days=T("How many days", "Wie viele Tage"))
    @app_commands.rename(days=T("days", "tage"))
    async def start(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 31]
    ) -> None:
        """Pause your clocks on every table for ``days`` days, within the allowance."""
        lang = await self.bot.language(interaction)
        user_id = str(interaction.user.id)
        guild = str(interaction.guild_id) if interaction.guild_id else None
        clocks = self.bot.service.clocks
        try:
            vacation = await clocks.start_vacation(user_id, days, guild)
        except AlreadyAway as away:
            # The service gives the end in UTC; Discord shows it in the reader's own time.
            raise TableError(ALREADY_AWAY.format(until=f"<t:{int(away.until)}:f>")) from None
        _allowed, left = await clocks.allowance(user_id, guild)
        text = i18n.VACATION_STARTED.format(until=int(vacation.until), left=math.floor(left))
        await self.bot.flows.reply(interaction, text.get(lang))

    @vacation.command(name=T("end", "beenden"), description=T("Back early", "Früher zurück"))
    async def end(self, interaction: discord.Interaction) -> None:
        """End your vacation now; your clocks run on with the time they had."""
        lang = await self.bot.language(interaction)
        await self.bot.service.clocks.end_vacation(str(interaction.user.id))
        await self.bot.flows.reply(interaction, i18n.VACATION_ENDED.get(lang))

    @vacation.command(
        name=T("show", "zeigen"), description=T("Your vacation days", "Deine Urlaubstage")
    )
    async def show(self, interaction: discord.Interaction) -> None:
        """Days left within 30 days, and the current vacation."""
        lang = await self.bot.language(interaction)
        user_id = str(interaction.user.id)
        guild = str(interaction.guild_id) if interaction.guild_id else None
        clocks = self.bot.service.clocks
        allowed, left = await clocks.allowance(user_id, guild)
        current = await clocks.active_vacation(user_id)
        away = i18n.VACATION_AWAY_NOW.format(until=int(current.until)).get(lang) if current else ""
        text = i18n.VACATION_SHOWN.format(days=math.floor(left), allowed=allowed, away=away)
        await self.bot.flows.reply(interaction, text.get(lang))

    @app_commands.command(
        name=T("reminders", "erinnerungen"),
        description=T("Reminders of your moves", "Erinnerungen an deine Züge"),
    )
    @app_commands.describe(state=T("on or off", "an oder aus"))
    @app_commands.rename(state=T("state", "zustand"))
    @app_commands.choices(state=ON_OFF)
    async def reminders(self, interaction: discord.Interaction, state: str) -> None:
        """Turn the two reminders per turn on or off."""
        lang = await self.bot.language(interaction)
        off = state == "off"
        await self.bot.service.members.set_reminders_off(str(interaction.user.id), off)
        await self.bot.flows.reply(
            interaction, (i18n.REMINDERS_OFF if off else i18n.REMINDERS_ON).get(lang)
        )


async def setup(bot: Any) -> None:
    """Load the extension."""
    await bot.add_cog(ClockCommands(bot))
