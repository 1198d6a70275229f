"""``/table``: open, join, leave, start, cancel, hand, show, mine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from games.core import SetupError, all_games, get_game

from .._discord_adapter import set_choices
from ..i18n import T

if TYPE_CHECKING:
    from ..app import TischrundeBot

TABLE_OPTION = T(
    "Table number (default: this thread's table, or your only one)",
    "Tischnummer (sonst der Tisch dieses Threads oder dein einziger)",
)
JOIN_TABLE_OPTION = T("Table number (see the lobby message)", "Tischnummer (siehe Lobby-Nachricht)")
"""Joining needs the number: a lobby has no thread yet and one is not yet the player's."""


def option_hints(model: type[BaseModel]) -> list[tuple[str, str]]:
    """Each option of a game as ("name=default", "description, bounds") for autocomplete."""
    hints = []
    for name, field in model.model_fields.items():
        default = field.get_default(call_default_factory=True)
        bounds = []
        for rule in field.metadata:
            for attribute, sign in (("ge", "≥"), ("gt", ">"), ("le", "≤"), ("lt", "<")):
                value = getattr(rule, attribute, None)
                if value is not None:
                    bounds.append(f"{sign}{value}")
        # Written as the options parser reads it back (JSON for null and booleans).
        value = (
            "null"
            if default is None
            else str(default).lower()
            if isinstance(default, bool)
            else default
        )
        described = ", ".join(filter(None, [field.description or "", " ".join(bounds)]))
        hints.append((f"{name}={value}", described))
    return hints


class TableCommands(commands.Cog):
    """Tables in channels: the lobby, the game and the player's hand."""

    table = app_commands.Group(
        name=T("table", "tisch"),
        description=T("Play a card game at a table", "Ein Kartenspiel an einem Tisch spielen"),
        guild_only=True,
    )

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot
        open_command = self.table.get_command("open")
        assert isinstance(open_command, app_commands.Command)
        # Choices from the registry at load time, so a game that lands needs no bot code.
        choices = [
            app_commands.Choice(
                name=app_commands.locale_str(game.name.en, game=game.id), value=game.id
            )
            for game in all_games()[:25]
        ]
        set_choices(open_command, "game", choices)

    @table.command(name=T("open", "eroeffnen"), description=T("Open a table", "Tisch eröffnen"))
    @app_commands.describe(
        game=T("The game", "Das Spiel"),
        options=T(
            "Options as name=value, suggested as you type, e.g. rounds=4 for Gelfdrakkar",
            "Optionen als name=wert, Vorschläge beim Tippen, z. B. rounds=4 bei Gelfdrakkar",
        ),
        clock=T(
            "Time per move: 10m to 14d, e.g. 12h or 3d, or none (default 24h)",
            "Bedenkzeit pro Zug: 10m bis 14d, z. B. 12h oder 3d, oder keine (Standard 24h)",
        ),
        on_timeout=T("When time runs out", "Wenn die Zeit abläuft"),
    )
    @app_commands.rename(
        game=T("game", "spiel"),
        options=T("options", "optionen"),
        clock=T("clock", "bedenkzeit"),
        on_timeout=T("on_timeout", "bei_ablauf"),
    )
    @app_commands.choices(
        on_timeout=[
            app_commands.Choice(
                name=T("an engine makes the move", "ein Computer zieht"), value="engine"
            ),
            app_commands.Choice(name=T("the seat forfeits", "der Platz gibt auf"), value="forfeit"),
        ]
    )
    async def open(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        clock: str | None = None,
        on_timeout: str = "engine",
    ) -> None:
        """Open a table for a game in this channel."""
        await self.bot.flows.open(interaction, game, options, clock, on_timeout)

    @open.autocomplete("options")
    async def options_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggest each option not typed yet, with its default, meaning and bounds."""
        game_id = getattr(interaction.namespace, "game", None)
        try:
            game = get_game(str(game_id))
        except SetupError:
            return []
        typed = current.split()
        named = {part.partition("=")[0] for part in typed}
        done = " ".join(part for part in typed if "=" in part)
        choices = []
        for hint, described in option_hints(game.Options):
            if hint.partition("=")[0] in named:
                continue
            value = f"{done} {hint}".strip()
            label = f"{value} ({described})" if described else value
            choices.append(app_commands.Choice(name=label[:100], value=value[:100]))
        return choices[:25]

    async def _table_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        lang = await self.bot.language(interaction)
        tables = await self.bot.service.tables_of_user(str(interaction.user.id))
        return [
            app_commands.Choice(name=f"{t.id} · {t.game.name.get(lang)} · {t.status}", value=t.id)
            for t in tables
            if current in str(t.id)
        ][:25]

    async def _resolve(self, interaction: discord.Interaction, table: int | None) -> int:
        return await self.bot.flows.table_of(interaction, table)

    @table.command(name=T("join", "beitreten"), description=T("Take a seat", "Platz nehmen"))
    @app_commands.describe(table=JOIN_TABLE_OPTION)
    @app_commands.rename(table=T("table", "tisch"))
    async def join(self, interaction: discord.Interaction, table: int) -> None:
        """Take a seat at a table in its lobby."""
        await self.bot.flows.join(interaction, table)

    @table.command(name=T("leave", "verlassen"), description=T("Leave a table", "Tisch verlassen"))
    @app_commands.describe(table=TABLE_OPTION)
    @app_commands.rename(table=T("table", "tisch"))
    async def leave(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Leave a table before it starts."""
        await self.bot.flows.leave(interaction, await self._resolve(interaction, table))

    @table.command(name=T("start", "starten"), description=T("Start the game", "Spiel starten"))
    @app_commands.describe(table=TABLE_OPTION)
    @app_commands.rename(table=T("table", "tisch"))
    async def start(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Start the game (host only)."""
        await self.bot.flows.start(interaction, await self._resolve(interaction, table))

    @table.command(
        name=T("cancel", "absagen"),
        description=T("Cancel a table (host or Manage Server)", "Tisch absagen"),
    )
    @app_commands.describe(table=TABLE_OPTION)
    @app_commands.rename(table=T("table", "tisch"))
    async def cancel(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Cancel a table without a result."""
        await self.bot.flows.cancel(interaction, await self._resolve(interaction, table))

    @table.command(
        name=T("hand", "blatt"), description=T("Show my hand, privately", "Mein Blatt zeigen")
    )
    @app_commands.describe(table=TABLE_OPTION)
    @app_commands.rename(table=T("table", "tisch"))
    async def hand(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Your hidden cards and moves, only for you."""
        await self.bot.flows.show_hand(interaction, await self._resolve(interaction, table))

    @table.command(
        name=T("show", "zeigen"), description=T("Show the table again", "Tisch erneut zeigen")
    )
    @app_commands.describe(table=TABLE_OPTION)
    @app_commands.rename(table=T("table", "tisch"))
    async def show(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Post the table's public state again."""
        await self.bot.flows.show_table(interaction, await self._resolve(interaction, table))

    @table.command(
        name=T("mine", "meine"),
        description=T("My tables and whose turn it is", "Meine Tische und wer am Zug ist"),
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        """Your open tables."""
        await self.bot.flows.mine(interaction)

    @table.command(
        name=T("watch", "zuschauen"),
        description=T("Follow a table as a spectator", "Einem Tisch zuschauen"),
    )
    @app_commands.describe(table=T("Table number", "Tischnummer"))
    @app_commands.rename(table=T("table", "tisch"))
    async def watch(self, interaction: discord.Interaction, table: int) -> None:
        """The public state of a table, and its thread in your list; never a hand."""
        await self.bot.flows.watch(interaction, table)

    @table.command(
        name=T("substitute", "ersetzen"),
        description=T(
            "Hand a seat to another member or an engine (host or Manage Server)",
            "Einen Platz an jemand anderen oder einen Computer übergeben",
        ),
    )
    @app_commands.describe(
        seat=T("The seat number", "Die Platznummer"),
        member=T(
            "The new player, who is asked first (empty: an engine player)",
            "Neuer Spieler, der zuerst gefragt wird (leer: Computer)",
        ),
        table=TABLE_OPTION,
        meanwhile=T(
            "Who plays the seat until the member accepts", "Wer den Platz bis zur Zusage spielt"
        ),
    )
    @app_commands.rename(
        seat=T("seat", "platz"),
        member=T("member", "mitglied"),
        table=T("table", "tisch"),
        meanwhile=T("meanwhile", "solange"),
    )
    @app_commands.choices(
        meanwhile=[
            app_commands.Choice(name=T("its holder", "wer ihn hat"), value="holder"),
            app_commands.Choice(name=T("an engine", "ein Computer"), value="engine"),
        ]
    )
    async def substitute(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 8],
        member: discord.Member | None = None,
        table: int | None = None,
        meanwhile: str = "holder",
    ) -> None:
        """Hand a seat to an engine, or ask a member to take it over (it moves on Accept)."""
        table_id = await self._resolve_any(interaction, table)
        await self.bot.flows.substitute(
            interaction, table_id, seat, member, meanwhile_engine=meanwhile == "engine"
        )

    @table.command(
        name=T("resign", "aufgeben"),
        description=T(
            "Leave a running table: your seat forfeits", "Einen laufenden Tisch verlassen"
        ),
    )
    @app_commands.describe(table=TABLE_OPTION)
    @app_commands.rename(table=T("table", "tisch"))
    async def resign(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Your seat forfeits under the game's rule, as when your time runs out."""
        await self.bot.handovers.resign(interaction, await self._resolve(interaction, table))

    async def _resolve_any(self, interaction: discord.Interaction, table: int | None) -> int:
        """The table given, or the one whose thread this is (the host may not hold a seat)."""
        if table is not None:
            return table
        running = await self.bot.service.running_table_with_thread(str(interaction.channel_id))
        if running is not None:
            return running
        return await self._resolve(interaction, None)

    for _command in (leave, start, cancel, hand, show, resign):
        _command.autocomplete("table")(_table_autocomplete)


async def setup(bot: Any) -> None:
    """Load the extension."""
    await bot.add_cog(TableCommands(bot))
