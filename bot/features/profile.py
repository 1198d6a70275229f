"""``/profile [member]`` (issue 20): games played and won, ratings with rank, recent results and
a chart of the rating over time, privately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import Text
from pictures.charts import Series, rating_chart
from tables.history import Profile
from tables.service import TableError
from tables.tournaments.ratings import ordinal

from .. import i18n
from ..i18n import T
from ..images import paint

if TYPE_CHECKING:
    from ..app import TischrundeBot

PROFILE_TITLE = Text("Profil von {name}", "Profile of {name}")
PROFILE_GAME = Text(
    "**{game}**: {played} gespielt, {won} gewonnen",
    "**{game}**: {played} played, {won} won",
)
PROFILE_RATING = Text(
    " · Wertung {rating:.1f} (Platz {place} von {of}{provisional})",
    " · rating {rating:.1f} (rank {place} of {of}{provisional})",
)
PROVISIONAL = Text(", vorläufig", ", provisional")
PROFILE_NONE = Text(
    "{name} hat hier noch keinen Tisch zu Ende gespielt.",
    "{name} has not finished a table here yet.",
)
RECENT = Text("Zuletzt", "Recent results")
RECENT_LINE = Text(
    "Tisch {id} · {game} · Platz {place} von {seats} · <t:{at}:d>",
    "Table {id} · {game} · place {place} of {seats} · <t:{at}:d>",
)
CHART_TITLE = Text("Wertung von {name} (μ − 3σ)", "Rating of {name} (μ − 3σ)")
CHART_X = Text("gewertete Spiele", "rated games")
CHART_Y = Text("Wertung", "rating")


def profile_embed(profile: Profile, name: str, lang: str) -> discord.Embed:
    """The profile in words (the chart is its picture)."""
    embed = discord.Embed(title=PROFILE_TITLE.format(name=name).get(lang)[:256])
    if not profile.games:
        embed.description = PROFILE_NONE.format(name=name).get(lang)
        return embed
    lines = []
    for record in profile.games:
        line = PROFILE_GAME.format(
            game=record.game.name.get(lang), played=record.played, won=record.won
        ).get(lang)
        if record.ordinal is not None and record.rank is not None:
            line += PROFILE_RATING.format(
                rating=record.ordinal,
                place=record.rank[0],
                of=record.rank[1],
                provisional=PROVISIONAL.get(lang) if record.provisional else "",
            ).get(lang)
        lines.append(line)
    if profile.recent:
        lines.append("")
        lines.append(f"**{RECENT.get(lang)}**")
        lines.extend(
            RECENT_LINE.format(
                id=line.table_id,
                game=line.game.name.get(lang),
                place=line.place,
                seats=len(line.names),
                at=int(line.finished_at),
            ).get(lang)
            for line in profile.recent
        )
    embed.description = "\n".join(lines)[:4000]
    return embed


def chart_series(profile: Profile, lang: str) -> list[Series]:
    """One line per rated game: the conservative rating (the leaderboard's) after each table."""
    return [
        Series(
            record.game.name.get(lang),
            [(point.games, ordinal(point.mu, point.sigma)) for point in record.points],
        )
        for record in profile.games
        if record.points
    ]


CHART_ALT = Text("Bild: {title}. {lines}.", "Picture: {title}. {lines}.")
SERIES_TEXT = Text(
    "{game}: von {first} auf {last} nach {n} gewerteten Tischen",
    "{game}: from {first} to {last} after {n} rated tables",
)


def _series_text(series: list[Series], lang: str) -> str:
    """The chart read aloud: where each game's rating started and ended, over how many tables."""
    lines = []
    for line in series:
        (_first_games, first), (last_games, last) = line.points[0], line.points[-1]
        rounded = {"first": round(first, 1), "last": round(last, 1)}
        lines.append(SERIES_TEXT.format(game=line.name, n=last_games, **rounded).get(lang))
    return "; ".join(lines)


class ProfileCommands(commands.Cog):
    """A member's record on this server."""

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=T("profile", "profil"),
        description=T("Games, ratings and results of a member", "Spiele, Wertung und Ergebnisse"),
    )
    @app_commands.describe(member=T("The member (default: you)", "Das Mitglied (sonst du)"))
    @app_commands.rename(member=T("member", "mitglied"))
    @app_commands.guild_only()
    async def profile(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        """The profile, privately, with the rating chart when there is a rating."""
        lang = await self.bot.language(interaction)
        if interaction.guild_id is None:
            raise TableError(i18n.GUILD_ONLY)
        whom = member or interaction.user
        profile = await self.bot.history.profile(str(interaction.guild_id), str(whom.id))
        name = discord.utils.escape_mentions(whom.display_name)
        embed = profile_embed(profile, name, lang)
        series = chart_series(profile, lang)
        files: list[discord.File] = []
        if series:
            title = CHART_TITLE.format(name=whom.display_name).get(lang)
            x_label, y_label = CHART_X.get(lang), CHART_Y.get(lang)
            files = await paint(
                self.bot,
                lambda: rating_chart(title, series, x_label, y_label),
                f"profile-{whom.id}.png",
                embed,
                description=CHART_ALT.format(title=title, lines=_series_text(series, lang)).get(
                    lang
                ),
                guild_id=str(interaction.guild_id),
                user_id=str(interaction.user.id),
            )
        await self.bot.flows.reply(interaction, embed=embed, files=files)


async def setup(bot: Any) -> None:
    """Load the extension."""
    await bot.add_cog(ProfileCommands(bot))
