"""``/tournament`` (create, join, leave, checkin, engine, close, start, standings, drop) and
``/leaderboard``.

The tournament and rating services are the bot's (``bot.tournaments``, ``bot.ratings``, built in
``setup_hook`` next to the scheduler that runs their deadlines); this cog holds the commands and
posts what the tournament service reports. Each round's tables open in threads of the
tournament's channel with the round's deadline; when the deadline passes (or an organiser ends
the round) the channel is told and the played-out tables show their end in their threads;
registration closing at its time is posted; standings are posted after every round, and the
final ranking when the tournament ends. Posts of one tournament go out in the order the service
reported them. Organisers are members with Manage Server or the server's organiser role
(``/settings organiser``).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import Text, all_games, get_game
from games.players.search import DEFAULT_LEVEL, LEVEL_NAMES
from tables.clocks import DEFAULT_PER_MOVE, ClockError, parse_duration
from tables.errors import ErrorKind
from tables.metadata import TournamentSettings, TournamentStatus
from tables.service import TableError
from tables.tournaments.messages import (
    FORMAT_NAMES,
    NO_SUCH_TOURNAMENT,
    ORGANISER_ONLY,
    THEY_ARE_NOT_REGISTERED,
)
from tables.tournaments.service import (
    SWISS_FORMAT,
    NotRegistered,
    StandingLine,
    TournamentEvent,
    TournamentService,
    standings_from_json,
)
from tables.tournaments.standings import fmt

from .. import i18n, outbox
from .._discord_adapter import set_choices
from ..flows import member_of, parse_options
from ..i18n import T
from .tournament_pictures import round_files

if TYPE_CHECKING:
    from tables.records import Registration, TournamentRecord
    from tables.service import Table

    from ..app import TischrundeBot

log = logging.getLogger(__name__)

LEADERBOARD_TITLE = Text("Bestenliste · {game}", "Leaderboard · {game}")
LEADERBOARD_EMPTY = Text(
    "Für {game} gibt es auf diesem Server noch keine Wertung.",
    "Nobody on this server has a {game} rating yet.",
)
LEADERBOARD_LINE = Text(
    "{place}. {name} · {ordinal} (μ {mu}, σ {sigma}, {games} Partien){provisional}",
    "{place}. {name} · {ordinal} (μ {mu}, σ {sigma}, {games} games){provisional}",
)
PROVISIONAL = Text(" · vorläufig", " · provisional")
LEADERBOARD_NOTE = Text(
    "Sortiert nach μ − 3σ (openskill). Vorläufig: weniger als 5 Partien oder σ über 7.",
    "Sorted by μ − 3σ (openskill). Provisional: fewer than 5 games or σ above 7.",
)
CREATED = Text(
    "Turnier {id} „{name}“ ({game}, {format}) ist offen. Anmelden mit /turnier anmelden {id}.",
    "Tournament {id} “{name}” ({game}, {format}) is open. Register with /tournament join {id}.",
)
CLOSES = Text("Anmeldeschluss: {when}", "Registration closes: {when}")
JOINED = Text("Du bist für Turnier {id} angemeldet.", "You are registered for tournament {id}.")
JOINED_LATE = Text(
    "Du bist für Turnier {id} nachgemeldet und spielst ab Runde {round}.",
    "You joined tournament {id} late and play from round {round}.",
)
LEFT = Text("Du bist von Turnier {id} abgemeldet.", "You withdrew from tournament {id}.")
CHECKED_IN = Text("Check-in für Turnier {id} bestätigt.", "Checked in for tournament {id}.")
CLOSED = Text(
    "Die Anmeldung zu Turnier {id} ist geschlossen.", "Registration for tournament {id} is closed."
)
ENGINE_ADDED = Text("{name} spielt in Turnier {id} mit.", "{name} plays in tournament {id}.")
ROUND_ENDED = Text(
    "Runde {round} von Turnier {id} ist beendet ({n} Tische vom Computer zu Ende gespielt).",
    "Round {round} of tournament {id} has ended ({n} tables played out by the engine).",
)
ROUND_CLOSING = Text(
    "**{name}** · Runde {round} ist geschlossen. Offene Tische: {n}; der Computer spielt sie "
    "für alle zu Ende, die noch am Zug sind (die Ergebnisse zählen, ohne Wertung).",
    "**{name}** · round {round} is closed. Unfinished tables: {n}; the engine plays them out "
    "for everyone still to move (the results count; they are not rated).",
)
PLAYED_OUT_NOTE = i18n.PLAYED_OUT
REGISTRATION_ENDED = Text(
    "**{name}** · die Anmeldung zu Turnier {id} ist geschlossen ({n} angemeldet). Die "
    "Turnierleitung startet es mit /turnier starten {id}.",
    "**{name}** · registration for tournament {id} has closed ({n} registered). Organisers "
    "start it with /tournament start {id}.",
)
CANCELLED = Text(
    "Turnier {id} ist abgesagt; laufende Tische gehen als normale Tische weiter.",
    "Tournament {id} is called off; running tables go on as ordinary tables.",
)
STARTED = Text("Turnier {id} hat begonnen.", "Tournament {id} has started.")
DROPPED = Text(
    "{name} ist aus Turnier {id} ausgestiegen und wird nicht mehr gepaart; ein laufender Tisch "
    "geht nach den Zeitregeln weiter.",
    "{name} dropped out of tournament {id} and will not be paired again; a running table goes "
    "on under the clock rules.",
)
NO_TOURNAMENT_HERE = Text(
    "Welches Turnier? Gib die Turniernummer an.", "Which tournament? Give the tournament number."
)
ROUND_OPENED = Text(
    "**{name}** · Runde {round}{total}{deadline}", "**{name}** · round {round}{total}{deadline}"
)
IN_THREAD = Text("**{name}** · Runde {round}{deadline}", "**{name}** · round {round}{deadline}")
DEADLINE = Text(" · Rundenschluss {when}", " · round ends {when}")
TABLE_LINE = Text("Tisch {id}: {players} → {thread}", "Table {id}: {players} → {thread}")
BYE_LINE = Text("Freilos: {players}", "Bye: {players}")
NEXT_GAME = Text(
    "**{name}** · Runde {round}: nächste Partie von {players} → {thread}",
    "**{name}** · round {round}: next game of {players} → {thread}",
)
STANDINGS_TITLE = Text(
    "{name} · Stand nach Runde {round}", "{name} · standings after round {round}"
)
STANDINGS_NOW = Text("{name} · Stand", "{name} · standings")
FINAL_TITLE = Text("{name} · Endstand", "{name} · final ranking")
POINTS = Text("Pkt.", "pts")
NO_STANDINGS = Text("Noch keine Teilnehmenden.", "No players yet.")
TIEBREAK_LEGEND = Text(
    "BH Buchholz · SB Sonneborn-Berger · OP Punkte der Gegner · W Siege",
    "BH Buchholz · SB Sonneborn-Berger · OP opponents' points · W wins",
)
THREAD_NAME = Text("{name} · R{round} · Tisch {id}", "{name} · R{round} · table {id}")
DROPPED_MARK = Text(" (ausgestiegen)", " (dropped)")

MAX_CLOSES_IN_HOURS = 90 * 24
"""Registration stays open at most 90 days (a later time is no date Discord can show)."""
CLOSES_TOO_LATE = Text(
    "Der Anmeldeschluss darf höchstens {max} Stunden (90 Tage) entfernt sein.",
    "Registration may close at most {max} hours (90 days) from now.",
)

TOURNAMENT_OPTION = T("Tournament number (default: the newest here)", "Turniernummer")


NO_PINGS = discord.AllowedMentions.none()
"""For posts that carry text an organiser typed (the tournament's name): it must not ping."""


def _shown(name: str) -> str:
    """The tournament's name inside a message: its markdown shown as typed, so a name with
    ``**`` or ``_`` cannot break the bold heading around it.
    """
    return discord.utils.escape_markdown(name)


USER_MENTION = re.compile(r"<@!?(\d+)>")
MESSAGE_LIMIT = 2000


def message_chunks(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """``lines`` joined into as few messages of at most ``limit`` characters as fit, never
    splitting a line (one longer than ``limit`` alone is cut).
    """
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    return chunks


def _when(timestamp: float) -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(timestamp)}:f> (<t:{int(timestamp)}:R>)"


STANDINGS_SHOWN = 40
"""Lines of standings in one embed (its description holds 4,096 characters)."""
NOT_SHOWN = Text("… {n} weitere nicht gezeigt", "… {n} more not shown")


def standings_text(lines: list[StandingLine], lang: str, me: str | None = None) -> str:
    """The standings as lines of text (one per player): the first 40, how many more there
    are, and the line of ``me`` (the user asking) when it is further down.
    """
    if not lines:
        return NO_STANDINGS.get(lang)
    shown = lines[:STANDINGS_SHOWN]
    rest = lines[STANDINGS_SHOWN:]
    out = [_standing_line(line, lang) for line in shown]
    if rest:
        out.append(NOT_SHOWN.format(n=len(rest)).get(lang))
        out.extend(_standing_line(line, lang) for line in rest if line.user_id == me)
    return "\n".join(out)


def _standing_line(line: StandingLine, lang: str) -> str:
    breaks = " ".join(f"{name} {fmt(value)}" for name, value in line.tiebreaks)
    if line.tiebreaks:
        figures = f"{fmt(line.points)} {POINTS.get(lang)}"
    else:
        figures = line.note.get(lang) if line.note else ""
    extra = f" ({breaks})" if breaks else ""
    dropped = DROPPED_MARK.get(lang) if line.dropped else ""
    return f"{line.place}. {line.name}{dropped} · {figures}{extra}"


class TournamentCommands(commands.Cog):
    """Tournaments and the leaderboard."""

    tournament = app_commands.Group(
        name=T("tournament", "turnier"),
        description=T("Community tournaments", "Turniere der Community"),
        guild_only=True,
    )

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot
        self.ratings = bot.ratings
        self.tournaments: TournamentService = bot.tournaments
        choices = [
            app_commands.Choice(
                name=app_commands.locale_str(game.name.en, game=game.id), value=game.id
            )
            for game in all_games()[:25]
        ]
        for command in (self.tournament.get_command("create"), self.leaderboard):
            assert isinstance(command, app_commands.Command)
            set_choices(command, "game", choices)

    # ----- who may organise, which tournament ------------------------------------------------

    async def may_organise(self, interaction: discord.Interaction) -> bool:
        """Manage Server, or the server's organiser role."""
        return await self.bot.may_organise(interaction)

    async def _resolve(
        self, interaction: discord.Interaction, tournament_id: int | None
    ) -> TournamentRecord:
        guild = str(interaction.guild_id)
        if tournament_id is None:
            open_ones = await self.tournaments.of_guild(
                guild,
                (TournamentStatus.REGISTRATION, TournamentStatus.CLOSED, TournamentStatus.RUNNING),
            )
            if not open_ones:
                raise TableError(NO_TOURNAMENT_HERE)
            return open_ones[0]
        record = await self.tournaments.get(tournament_id)
        if record.guild != guild:
            # A tournament of another server is not reachable by guessing its number.
            raise TableError(NO_SUCH_TOURNAMENT.format(id=tournament_id), ErrorKind.UNKNOWN)
        return record

    async def _reply(self, interaction: discord.Interaction, text: Text, **values: Any) -> None:
        lang = await self.bot.language(interaction)
        await self.bot.flows.reply(interaction, text.format(**values).get(lang))

    # ----- commands ----------------------------------------------------------------------------

    @tournament.command(
        name=T("create", "erstellen"), description=T("Create a tournament", "Turnier erstellen")
    )
    @app_commands.describe(
        game=T("The game", "Das Spiel"),
        name=T("The tournament's name", "Name des Turniers"),
        format=T("Format", "Format"),
        options=T("Table options as name=value", "Tischoptionen als name=wert"),
        rounds=T("Swiss: number of rounds", "Schweizer System: Rundenzahl"),
        best_of=T("Elimination: games per match (odd)", "K.-o.: Partien pro Duell (ungerade)"),
        advance=T("Multiplayer elimination: how many advance per table", "Weiter pro Tisch"),
        table_size=T("Players per table", "Personen pro Tisch"),
        per_move=T(
            "Time per move: 10m to 14d, e.g. 12h or 3d, or none (default 24h)",
            "Bedenkzeit pro Zug: 10m bis 14d, z. B. 12h oder 3d, oder keine (Standard 24h)",
        ),
        on_timeout=T("When time runs out", "Bei Zeitüberschreitung"),
        round_hours=T("Hours per round (the round's deadline)", "Stunden pro Runde"),
        checkin=T("Players must check in before the start", "Check-in vor dem Start"),
        late_join=T("Swiss: allow late entries", "Schweizer System: Nachmeldungen"),
        closes_in_hours=T("Registration closes after this many hours", "Anmeldeschluss in Stunden"),
    )
    @app_commands.rename(
        game=T("game", "spiel"),
        name=T("name", "name"),
        format=T("format", "format"),
        options=T("options", "optionen"),
        rounds=T("rounds", "runden"),
        best_of=T("best_of", "best_of"),
        advance=T("advance", "weiter"),
        table_size=T("table_size", "tischgroesse"),
        per_move=T("per_move", "pro_zug"),
        on_timeout=T("on_timeout", "zeitueberschreitung"),
        round_hours=T("round_hours", "rundenstunden"),
        checkin=T("checkin", "checkin"),
        late_join=T("late_join", "nachmeldung"),
        closes_in_hours=T("closes_in_hours", "anmeldeschluss"),
    )
    @app_commands.choices(
        format=[
            app_commands.Choice(name=T(text.en, text.de), value=key)
            for key, text in FORMAT_NAMES.items()
        ],
        on_timeout=[
            app_commands.Choice(name=T("an engine moves", "der Computer zieht"), value="engine"),
            app_commands.Choice(name=T("the seat forfeits", "der Platz gibt auf"), value="forfeit"),
        ],
    )
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        name: str,
        format: str = SWISS_FORMAT,
        options: str | None = None,
        rounds: int | None = None,
        best_of: int = 1,
        advance: int | None = None,
        table_size: int | None = None,
        per_move: str | None = None,
        on_timeout: str = "engine",
        round_hours: float | None = None,
        checkin: bool = False,
        late_join: bool = False,
        closes_in_hours: float | None = None,
    ) -> None:
        """Create a tournament in this channel (organisers)."""
        if not await self.may_organise(interaction):
            raise TableError(ORGANISER_ONLY, ErrorKind.FORBIDDEN)
        channel_id = await self.bot.flows.table_channel(interaction)
        try:
            # Read like /table open's clock, so a tournament table gets the same setting.
            seconds = DEFAULT_PER_MOVE if per_move is None else parse_duration(per_move)
        except ClockError as error:
            raise TableError(error.reason) from None
        closes_at = None
        if closes_in_hours is not None and not closes_in_hours <= MAX_CLOSES_IN_HOURS:
            raise TableError(CLOSES_TOO_LATE.format(max=MAX_CLOSES_IN_HOURS))
        if closes_in_hours is not None:
            closes_at = self.tournaments.clock() + max(closes_in_hours, 0) * 3600
        record = await self.tournaments.create(
            guild=str(interaction.guild_id),
            channel=str(channel_id),
            organiser=member_of(interaction),
            name=name,
            game_id=game,
            options=parse_options(options),
            format=format,
            rounds=rounds,
            best_of=best_of,
            advance=advance,
            table_size=table_size,
            per_move=seconds,
            on_timeout=on_timeout,
            round_hours=round_hours,
            checkin=checkin,
            late_join=late_join,
            closes_at=closes_at,
            settings=TournamentSettings(lang=await self.bot.server_language(interaction)),
        )
        public = TournamentSettings.of_record(record).lang
        text = CREATED.format(
            id=record.id,
            name=_shown(record.name),
            game=get_game(record.game).name.get(public),
            format=FORMAT_NAMES[record.format].get(public),
        ).get(public)
        if record.closes_at:
            text += "\n" + CLOSES.format(when=_when(record.closes_at)).get(public)
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)

    @tournament.command(name=T("join", "anmelden"), description=T("Register", "Anmelden"))
    @app_commands.describe(tournament=TOURNAMENT_OPTION)
    @app_commands.rename(tournament=T("tournament", "turnier"))
    async def join(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Register for a tournament (while it runs: a late entry, where allowed)."""
        record = await self._resolve(interaction, tournament)
        registration = await self.tournaments.join(record.id, member_of(interaction))
        # Their table DMs follow in their language.
        await self.bot.remember_language(interaction)
        if registration.joined_round > 1:
            await self._reply(
                interaction, JOINED_LATE, id=record.id, round=registration.joined_round
            )
        else:
            await self._reply(interaction, JOINED, id=record.id)

    @tournament.command(name=T("leave", "abmelden"), description=T("Withdraw", "Abmelden"))
    @app_commands.describe(tournament=TOURNAMENT_OPTION)
    @app_commands.rename(tournament=T("tournament", "turnier"))
    async def leave(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Withdraw before the start."""
        record = await self._resolve(interaction, tournament)
        await self.tournaments.leave(record.id, member_of(interaction))
        await self._reply(interaction, LEFT, id=record.id)

    @tournament.command(name=T("checkin", "checkin"), description=T("Check in", "Einchecken"))
    @app_commands.describe(tournament=TOURNAMENT_OPTION)
    @app_commands.rename(tournament=T("tournament", "turnier"))
    async def checkin(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        """Confirm that you will play."""
        record = await self._resolve(interaction, tournament)
        await self.tournaments.checkin(record.id, member_of(interaction))
        await self._reply(interaction, CHECKED_IN, id=record.id)

    @tournament.command(
        name=T("engine", "computer"),
        description=T("Add an engine player (organisers)", "Computerspieler dazu"),
    )
    @app_commands.describe(
        tournament=TOURNAMENT_OPTION, level=T("How strong it plays", "Wie stark er spielt")
    )
    @app_commands.rename(tournament=T("tournament", "turnier"), level=T("level", "stufe"))
    @app_commands.choices(
        level=[
            app_commands.Choice(name=T(name.en, name.de), value=level)
            for level, name in LEVEL_NAMES.items()
        ]
    )
    async def engine(
        self,
        interaction: discord.Interaction,
        tournament: int | None = None,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """Register an engine player of the chosen level to fill the field."""
        record = await self._resolve(interaction, tournament)
        registration = await self.tournaments.add_engine(
            record.id,
            member_of(interaction),
            may_organise=await self.may_organise(interaction),
            engine=level,
        )
        await self._reply(interaction, ENGINE_ADDED, id=record.id, name=registration.name)

    @tournament.command(
        name=T("close", "schliessen"), description=T("Close registration", "Anmeldung schließen")
    )
    @app_commands.describe(tournament=TOURNAMENT_OPTION)
    @app_commands.rename(tournament=T("tournament", "turnier"))
    async def close(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Close registration by hand (organisers)."""
        record = await self._resolve(interaction, tournament)
        await self.tournaments.close(
            record.id, member_of(interaction), may_organise=await self.may_organise(interaction)
        )
        await self._reply(interaction, CLOSED, id=record.id)

    @tournament.command(name=T("start", "starten"), description=T("Start", "Starten"))
    @app_commands.describe(tournament=TOURNAMENT_OPTION)
    @app_commands.rename(tournament=T("tournament", "turnier"))
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Start the tournament: round 1 opens its tables (organisers)."""
        record = await self._resolve(interaction, tournament)
        may = await self.may_organise(interaction)
        if not may and record.organiser != str(interaction.user.id):
            raise TableError(ORGANISER_ONLY, ErrorKind.FORBIDDEN)
        # Opening a round's tables may take longer than Discord's 3 seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.tournaments.start(record.id, member_of(interaction), may_organise=may)
        await self._reply(interaction, STARTED, id=record.id)

    @tournament.command(
        name=T("endround", "rundenschluss"),
        description=T(
            "End the round now: engines finish open tables (organisers)",
            "Runde jetzt beenden: der Computer spielt offene Tische zu Ende",
        ),
    )
    @app_commands.describe(tournament=TOURNAMENT_OPTION)
    @app_commands.rename(tournament=T("tournament", "turnier"))
    async def endround(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        """Play out the current round's open tables by engine players (organisers)."""
        record = await self._resolve(interaction, tournament)
        may = await self.may_organise(interaction)
        if not may and record.organiser != str(interaction.user.id):
            raise TableError(ORGANISER_ONLY, ErrorKind.FORBIDDEN)
        await interaction.response.defer(ephemeral=True, thinking=True)
        played = await self.tournaments.end_round(
            record.id, member_of(interaction), may_organise=may
        )
        await self._reply(interaction, ROUND_ENDED, id=record.id, round=record.round, n=len(played))

    @tournament.command(
        name=T("cancel", "absagen"),
        description=T("Call the tournament off (organisers)", "Turnier absagen"),
    )
    @app_commands.describe(tournament=TOURNAMENT_OPTION)
    @app_commands.rename(tournament=T("tournament", "turnier"))
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        """Call the tournament off: no further rounds."""
        record = await self._resolve(interaction, tournament)
        await self.tournaments.cancel(
            record.id, member_of(interaction), may_organise=await self.may_organise(interaction)
        )
        await self._reply(interaction, CANCELLED, id=record.id)

    @tournament.command(
        name=T("standings", "stand"), description=T("The standings", "Der aktuelle Stand")
    )
    @app_commands.describe(tournament=TOURNAMENT_OPTION)
    @app_commands.rename(tournament=T("tournament", "turnier"))
    async def standings(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        """Show the standings, privately."""
        lang = await self.bot.language(interaction)
        record = await self._resolve(interaction, tournament)
        lines = await self.tournaments.standings(record.id)
        embed = self._standings_embed(
            record, lines, STANDINGS_NOW, lang, me=str(interaction.user.id)
        )
        await self.bot.flows.reply(interaction, embed=embed)

    @tournament.command(
        name=T("drop", "aussteigen"),
        description=T("Drop out (organisers: drop a player)", "Aussteigen"),
    )
    @app_commands.describe(
        tournament=TOURNAMENT_OPTION,
        player=T("Organisers: the player to drop", "Turnierleitung: wer aussteigt"),
    )
    @app_commands.rename(tournament=T("tournament", "turnier"), player=T("player", "person"))
    async def drop(
        self,
        interaction: discord.Interaction,
        tournament: int | None = None,
        player: discord.Member | None = None,
    ) -> None:
        """Stop playing in a tournament: no more pairings from the next round on."""
        record = await self._resolve(interaction, tournament)
        try:
            registration = await self.tournaments.drop(
                record.id,
                member_of(interaction),
                str(player.id) if player else None,
                may_organise=await self.may_organise(interaction),
            )
        except NotRegistered as error:
            # The service names the player by id; here they are named as Discord shows them.
            name = f"<@{error.user_id}>"
            text = THEY_ARE_NOT_REGISTERED.format(name=name, id=error.tournament_id)
            raise TableError(text) from None
        await self._reply(interaction, DROPPED, id=record.id, name=registration.name)

    @app_commands.command(
        name=T("leaderboard", "bestenliste"),
        description=T("The best players of a game on this server", "Bestenliste eines Spiels"),
    )
    @app_commands.describe(game=T("The game", "Das Spiel"))
    @app_commands.rename(game=T("game", "spiel"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        """The server's ratings for a game, provisional players marked."""
        lang = await self.bot.language(interaction)
        chosen = get_game(game)
        lines = await self.ratings.leaderboard(chosen.id, str(interaction.guild_id))
        if not lines:
            await self._reply(interaction, LEADERBOARD_EMPTY, game=chosen.name.get(lang))
            return
        text = "\n".join(
            LEADERBOARD_LINE.format(
                place=line.place,
                name=line.record.name,
                ordinal=f"{line.ordinal:.1f}",
                mu=f"{line.record.mu:.1f}",
                sigma=f"{line.record.sigma:.1f}",
                games=line.record.games,
                provisional=PROVISIONAL.get(lang) if line.provisional else "",
            ).get(lang)
            for line in lines
        )
        embed = discord.Embed(
            title=LEADERBOARD_TITLE.format(game=chosen.name.get(lang)).get(lang),
            description=text[:4000],
        )
        embed.set_footer(text=LEADERBOARD_NOTE.get(lang))
        await interaction.response.send_message(embed=embed)

    # ----- what the tournament service reports -------------------------------------------------

    @staticmethod
    def _standings_embed(
        record: TournamentRecord,
        lines: list[StandingLine],
        title: Text,
        lang: str,
        round: int = 0,
        me: str | None = None,
    ) -> discord.Embed:
        embed = discord.Embed(
            title=title.format(name=record.name, round=round).get(lang)[:256],
            description=standings_text(lines, lang, me)[:4000],
        )
        if any(line.tiebreaks for line in lines):
            embed.set_footer(text=TIEBREAK_LEGEND.get(lang))
        return embed

    async def deliver(self, payload: dict[str, Any]) -> None:
        """Post a tournament's post from the outbox (``tables.notices.TOURNAMENT``): a round's
        tables, a round closing, tables played out, registration closed, the standings or the
        final ranking. Called by the relay after the commit that stored it.
        """
        try:
            record = await self.tournaments.get(int(payload["tournament"]))
        except TableError:
            return  # the tournament is gone
        kind, number = str(payload["event"]), int(payload["round"])
        tables: list[Table] = []
        ids: list[int | None]
        if kind == "round_opened":
            pairings = await self.tournaments.pairings(record.id, number)
            ids = [p.table_id for p in pairings if p.game == 1 and p.table_id is not None]
        elif kind == "game_opened":
            pairings = await self.tournaments.pairings(record.id, number)
            ids = [
                p.table_id
                for p in pairings
                if p.position == payload["position"] and p.game == payload["game"]
            ]
        else:
            ids = [int(i) for i in payload.get("tables", [])]
        for table_id in ids:
            if table_id is not None:
                tables.append(await self.bot.service.get(int(table_id)))
        event = TournamentEvent(
            kind,
            record,
            number,
            tables,
            byes=list(payload.get("byes", [])),
            standings=standings_from_json(payload.get("standings", [])),
            deadline=payload.get("deadline"),
        )
        await self._post_event(event)

    async def _post_event(self, event: TournamentEvent) -> None:
        record = event.tournament
        lang = TournamentSettings.of_record(record).lang
        channel = self.bot.get_partial_messageable(int(record.channel))
        if event.kind in ("round_opened", "game_opened"):
            lines = []
            for table in event.tables:
                name = THREAD_NAME.format(name=record.name, round=event.round, id=table.id)
                # The table's own first post (its start, in the outbox after this one) goes
                # into this thread; a thread opened already (a resumed delivery) is kept.
                thread = table.place.thread or await self.bot.flows.open_thread(
                    table, name.get(lang)
                )
                players = ", ".join(
                    f"<@{seat.user_id}>" if seat.user_id else seat.name for seat in table.seats
                )
                link = f"<#{thread}>" if thread else "-"
                if thread and event.deadline:
                    # The round's deadline in the table's own thread, where the players look.
                    head = IN_THREAD.format(
                        name=_shown(record.name),
                        round=event.round,
                        deadline=DEADLINE.format(when=_when(event.deadline)).get(lang),
                    ).get(lang)
                    await outbox.send(
                        self.bot.get_partial_messageable(int(thread)),
                        content=head,
                        allowed_mentions=NO_PINGS,
                    )
                if event.kind == "game_opened":
                    lines.append(
                        NEXT_GAME.format(
                            name=_shown(record.name),
                            round=event.round,
                            players=players,
                            thread=link,
                        ).get(lang)
                    )
                else:
                    lines.append(
                        TABLE_LINE.format(id=table.id, players=players, thread=link).get(lang)
                    )
            if event.kind == "round_opened":
                total = self.tournaments.rounds_total(record)
                deadline = (
                    DEADLINE.format(when=_when(event.deadline)).get(lang) if event.deadline else ""
                )
                head = ROUND_OPENED.format(
                    name=_shown(record.name),
                    round=event.round,
                    total=f"/{total}" if total else "",
                    deadline=deadline,
                ).get(lang)
                names = await self._names(record.id)
                if event.byes:
                    byes = ", ".join(names.get(u, u) for u in event.byes)
                    lines.append(BYE_LINE.format(players=byes).get(lang))
                lines.insert(0, head)
            # Only the players of these tables are pinged, never what the name holds; a big
            # round takes several posts, each table's line whole in one of them.
            players_here = {
                int(seat.user_id) for table in event.tables for seat in table.seats if seat.user_id
            }
            for post in message_chunks(lines):
                mentioned = {int(found) for found in USER_MENTION.findall(post)} & players_here
                pings = discord.AllowedMentions(
                    everyone=False,
                    roles=False,
                    users=[discord.Object(i) for i in sorted(mentioned)],
                )
                await outbox.send(channel, content=post, allowed_mentions=pings)
        elif event.kind == "round_closing":
            text = ROUND_CLOSING.format(
                name=_shown(record.name), round=event.round, n=len(event.tables)
            )
            await outbox.send(channel, content=text.get(lang), allowed_mentions=NO_PINGS)
        elif event.kind == "played_out":
            # Each table's thread hears why it ended, with the table as it ended.
            for table in event.tables:
                await self.bot.flows.publish(
                    table, [], note=PLAYED_OUT_NOTE.get(lang), notify=False
                )
        elif event.kind == "registration_closed":
            registered = [
                r for r in (await self._registrations(record.id)) if r.dropped_round is None
            ]
            text = REGISTRATION_ENDED.format(
                name=_shown(record.name), id=record.id, n=len(registered)
            )
            await outbox.send(channel, content=text.get(lang), allowed_mentions=NO_PINGS)
        elif event.kind == "round_finished":
            embed = self._standings_embed(
                record, event.standings, STANDINGS_TITLE, lang, round=event.round
            )
            embeds, files = await round_files(
                self.bot, record, event.standings, embed.title or "", lang, embed, event.round
            )
            await outbox.send(channel, embeds=embeds, files=files, allowed_mentions=NO_PINGS)
        elif event.kind == "finished":
            embed = self._standings_embed(record, event.standings, FINAL_TITLE, lang)
            embed.timestamp = discord.utils.utcnow()  # the bot's clock (virtual in tests)
            embeds, files = await round_files(
                self.bot, record, event.standings, embed.title or "", lang, embed, event.round
            )
            await outbox.send(channel, embeds=embeds, files=files, allowed_mentions=NO_PINGS)

    async def _registrations(self, tournament_id: int) -> list[Registration]:
        return await self.tournaments.registrations(tournament_id)

    async def _names(self, tournament_id: int) -> dict[str, str]:
        return {r.user_id: r.name for r in await self._registrations(tournament_id)}


async def setup(bot: Any) -> None:
    """Load the extension."""
    await bot.add_cog(TournamentCommands(bot))
