"""How a picture is described and whether it is sent at all (issue 20).

Every attached picture carries a text description (Discord's alt text, which screen readers
announce): built from the same view the picture is drawn from, so the thread's picture is
described from the public view alone and a hand's picture from its seat's own view, which only
that seat receives. A member may turn pictures off for themselves (``/settings me``: their
private hands and DMs), a server for its tables (``/settings server``); the text then carries
the table alone, as it always does beside the picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Text
from tables.metadata import TableStatus
from tables.service import Table

if TYPE_CHECKING:
    from .app import TischrundeBot

ALT_MAX = 1024
"""Discord's limit on an attachment's description."""

ALT_TABLE = Text(
    "Bild von Tisch {id} ({game}{progress}). {status} {board}",
    "Picture of table {id} ({game}{progress}). {status} {board}",
)
ALT_HAND = Text(
    "Bild deines Blatts an Tisch {id} ({game}{progress}). {status} {board}",
    "Picture of your hand at table {id} ({game}{progress}). {status} {board}",
)
ALT_WAITING = Text("Am Zug: {who}.", "To act: {who}.")
ALT_RESULT = Text("Ergebnis: {standings}.", "Result: {standings}.")

ON = Text("an", "on")
OFF = Text("aus", "off")
ME_SHOWN = Text(
    "Deine Einstellungen: Bilder {pictures}, Nachfrage vor teuren Zügen {confirm}.",
    "Your settings: pictures {pictures}, a second look before costly moves {confirm}.",
)
SERVER_SHOWN = Text(
    "Bilder an den Tischen dieses Servers: {pictures}.",
    "Pictures at this server's tables: {pictures}.",
)


def flat(text: str) -> str:
    """A rendering's lines as one line: a description is read aloud, not looked at."""
    return " ".join(part.strip() for part in text.splitlines() if part.strip())


def alt_text(table: Table, seat: int | None, lang: str) -> str:
    """What the picture of ``table`` as ``seat`` sees it (``None``: the public table) shows:
    whose turn it is or the result, then the game's own text of the same view (scores, the
    cards on the table, and for a seat its own cards).
    """
    result = table.result() if table.status == TableStatus.FINISHED else None
    names = table.seat_names()
    if result is not None and table.state is not None:
        state = table.state
        standings = ", ".join(
            f"{result.ranks[index]}. {names[index]}"
            f" ({table.game.score_text(state, result, index, lang)})"
            for index in sorted(range(len(result.ranks)), key=lambda index: result.ranks[index])
        )
        status = ALT_RESULT.format(standings=standings).get(lang)
    else:
        who = ", ".join(holder.name for holder in table.waiting_for()) or "-"
        status = ALT_WAITING.format(who=who).get(lang)
    view = table.view(seat)
    board = flat(table.game.render(view, lang, names))
    # The game's own count ("Zug 13/16"), as the table's title shows it, never the state number.
    progress = table.game.progress(view, lang) if table.state is not None else None
    template = ALT_TABLE if seat is None else ALT_HAND
    text = template.format(
        id=table.id,
        game=table.game.name.get(lang),
        progress=f", {progress}" if progress else "",
        status=status,
        board=board,
    ).get(lang)
    return clip_alt(text)


async def pictures_wanted(bot: TischrundeBot, table: Table, seat: int | None) -> bool:
    """Whether a picture of ``table`` goes out: the operator's switch, the table's server, and
    for a seat's private picture the seat holder's own choice.
    """
    guild = table.place.guild
    user_id = table.seats[seat].user_id if seat is not None else None
    return await paint_wanted(bot, str(guild) if guild else None, user_id)


async def paint_wanted(bot: TischrundeBot, guild_id: str | None, user_id: str | None) -> bool:
    """Whether a picture goes out: the operator's switch, the server ``guild_id`` it is shown
    on, and the member ``user_id`` it is privately for (each may have turned pictures off).
    """
    if not bot.settings.pictures:
        return False
    if guild_id and (await bot.guild_settings(guild_id)).pictures_off:
        return False
    return user_id is None or not (await bot.preferences(user_id)).pictures_off


def clip_alt(text: str) -> str:
    """A description within Discord's limit for alt text."""
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1] + "…"
