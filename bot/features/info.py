"""``/rules`` and ``/help``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import all_games, get_game
from tables.rules import rules_page

from .. import i18n
from .._discord_adapter import set_choices
from ..i18n import T

if TYPE_CHECKING:
    from ..app import TischrundeBot

CHUNK = 1900


def chunks(text: str, size: int = CHUNK) -> list[str]:
    """``text`` split at line breaks into pieces that fit one message."""
    pieces, current = [], ""
    for line in text.splitlines(keepends=True):
        while len(line) > size:
            pieces.append(current + line[: size - len(current)])
            line, current = line[size - len(current) :], ""
        if len(current) + len(line) > size:
            pieces.append(current)
            current = ""
        current += line
    if current:
        pieces.append(current)
    return pieces or [""]


class InfoCommands(commands.Cog):
    """Rules and help."""

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot
        rules_command = self.rules
        choices = [
            app_commands.Choice(
                name=app_commands.locale_str(game.name.en, game=game.id), value=game.id
            )
            for game in all_games()[:25]
        ]
        set_choices(rules_command, "game", choices)

    @app_commands.command(
        name=T("rules", "regeln"), description=T("The rules of a game", "Die Regeln eines Spiels")
    )
    @app_commands.describe(game=T("The game", "Das Spiel"))
    @app_commands.rename(game=T("game", "spiel"))
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """The game's rules page, privately, in pieces that fit a message."""
        lang = await self.bot.language(interaction)
        page = rules_page(get_game(game), lang)
        pieces = chunks(page)
        await interaction.response.send_message(pieces[0], ephemeral=True)
        for piece in pieces[1:10]:
            await interaction.followup.send(piece, ephemeral=True)

    @app_commands.command(
        name=T("help", "hilfe"), description=T("How to play here", "Wie man hier spielt")
    )
    async def help(self, interaction: discord.Interaction) -> None:
        """How tables, hands and DMs work, and the games there are."""
        lang = await self.bot.language(interaction)
        games = ", ".join(game.name.get(lang) for game in all_games())
        await interaction.response.send_message(
            i18n.HELP.format(games=games).get(lang), ephemeral=True
        )


async def setup(bot: Any) -> None:
    """Load the extension."""
    await bot.add_cog(InfoCommands(bot))
