"""Pictures on a tournament's posts (issue 20): the standings after every round and at the end,
and, for elimination tournaments, the bracket.

They are drawn when the relay delivers the round's post from the outbox, from what the post
and the stored pairings say, so they reach Discord with that post, once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from games.core import Text
from pictures.charts import BracketMatch, StandingRow, bracket_picture, standings_picture
from tables.metadata import TournamentStatus
from tables.tournaments.service import ELIMINATION, MULTI_ELIMINATION, StandingLine
from tables.tournaments.standings import fmt

from ..images import paint

if TYPE_CHECKING:
    from tables.records import TournamentRecord

    from ..app import TischrundeBot

HEADERS = (
    Text("Platz", "Place"),
    Text("Name", "Name"),
    Text("Punkte", "Points"),
    Text("Wertung", "Tie-breaks"),
)
BRACKET_TITLE = Text("{name} · Turnierbaum", "{name} · bracket")
ROUND = Text("Runde {n}", "Round {n}")
BYE = Text("Freilos", "bye")


STANDINGS_ALT = Text(
    "Bild der Tabelle {title}: {rows}.", "Picture of the standings {title}: {rows}."
)
BRACKET_ALT = Text(
    "Bild des Turnierbaums {heading}: {rounds}.", "Picture of the bracket {heading}: {rounds}."
)
ADVANCED = Text("weiter: {names}", "through: {names}")


def _rows_text(rows: list[StandingRow]) -> str:
    """The standings picture read aloud: place, name, points and the note of every line."""
    return "; ".join(
        " ".join(part for part in (f"{row.place}. {row.name}", row.points, row.detail) if part)
        for row in rows
    )


def _bracket_text(columns: list[tuple[str, list[BracketMatch]]], lang: str) -> str:
    """The bracket picture read aloud: each round's matches and who went on."""
    rounds = []
    for heading, matches in columns:
        shown = []
        for match in matches:
            text = " – ".join(match.names) + (f" {match.score}" if match.score else "")
            if match.advancing:
                through = ", ".join(match.names[i] for i in match.advancing)
                text += f" ({ADVANCED.format(names=through).get(lang)})"
            shown.append(text)
        rounds.append(f"{heading}: " + "; ".join(shown))
    return " | ".join(rounds)


def standing_rows(lines: list[StandingLine], lang: str) -> list[StandingRow]:
    """The standings' lines as rows of the picture (the same figures as the text)."""
    rows = []
    for line in lines:
        breaks = " · ".join(f"{name} {fmt(value)}" for name, value in line.tiebreaks)
        detail = line.note.get(lang) if line.note else breaks
        points = fmt(line.points) if line.tiebreaks or not line.note else ""
        rows.append(StandingRow(line.place, line.name, points, detail))
    return rows


async def round_files(
    bot: TischrundeBot,
    record: TournamentRecord,
    lines: list[StandingLine],
    title: str,
    lang: str,
    embed: discord.Embed,
    round_number: int,
) -> tuple[list[discord.Embed], list[discord.File]]:
    """The post's embeds and files: the standings picture on ``embed``, and for elimination
    formats a second embed with the bracket.
    """
    headers = tuple(header.get(lang) for header in HEADERS)
    rows = standing_rows(lines, lang)
    files = await paint(
        bot,
        lambda: standings_picture(title, rows, headers),
        f"standings-{record.id}-{round_number}.png",
        embed,
        description=STANDINGS_ALT.format(title=title, rows=_rows_text(rows)).get(lang),
        guild_id=record.guild,
        urgent=False,
    )
    embeds = [embed]
    if record.format in (ELIMINATION, MULTI_ELIMINATION):
        names = {line.user_id: line.name for line in lines}
        first = frozenset(line.user_id for line in lines if line.place == 1)
        done = record.status == TournamentStatus.FINISHED
        # As it stood after this round: the next round's seats say who went on, and a post
        # delivered late shows nothing of the rounds after that.
        rounds = await bot.tournaments.bracket(
            record.id, first if done else frozenset(), up_to=round_number + 1
        )
        columns = []
        for number in rounds:
            matches = []
            for match in number.matches:
                shown = [names.get(player, player) for player in match.players]
                if match.bye:
                    shown = [f"{shown[0]} ({BYE.get(lang)})"]
                advancing = [i for i, p in enumerate(match.players) if p in match.advancing]
                score = "–".join(str(w) for w in match.wins) if match.wins else ""
                matches.append(BracketMatch(shown, advancing[: len(shown)], score))
            columns.append((ROUND.format(n=number.number).get(lang), matches))
        heading = BRACKET_TITLE.format(name=record.name).get(lang)
        second = discord.Embed(title=heading[:256])
        files += await paint(
            bot,
            lambda: bracket_picture(heading, columns),
            f"bracket-{record.id}-{round_number}.png",
            second,
            description=BRACKET_ALT.format(
                heading=heading, rounds=_bracket_text(columns, lang)
            ).get(lang),
            guild_id=record.guild,
            urgent=False,
        )
        if second.image:
            embeds.append(second)
    return embeds, files
