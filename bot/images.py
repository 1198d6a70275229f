"""Pictures on the bot's messages: a PNG attachment shown as the embed's image.

The embed keeps its text (screen readers read it); the picture shows the same table for the
eye. The public picture is drawn from ``view(state, None)`` only and a hand picture from the
seat's own view, through the same ``Table.view`` the text uses. The file travels in the same
request as the message, so a move costs no extra REST call.

Drawing takes a few milliseconds of CPU; it runs on one worker thread so the event loop keeps
answering meanwhile, and recent pictures are kept, so a state drawn for the thread is not drawn
again for ``/table show``. A picture that cannot be drawn is logged and left out: the message
still goes out with its text.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import discord

from games.core import Game
from pictures import picture
from tables.service import Table

if TYPE_CHECKING:
    from .app import TischrundeBot

log = logging.getLogger(__name__)

KEPT = 128
"""Recent pictures kept in memory (about 20 KB each)."""
MAX_BYTES = 8 * 1024 * 1024
"""Discord's smallest upload limit; our pictures are far below it (tens of KB)."""

_executor: ThreadPoolExecutor | None = None
_kept: OrderedDict[tuple[object, ...], bytes] = OrderedDict()


def _worker() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        # One thread: the fonts' FreeType faces are shared and must not draw twice at once.
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
    return _executor


Order = tuple[tuple[object, ...], Game, dict[str, Any], str, tuple[str, ...]]
"""What the worker needs to draw one picture: cache key, game, view, language, names."""


def _order(table: Table, seat: int | None, lang: str) -> Order:
    # Taken on the event loop: the worker thread then only reads this one view, never the
    # table, which the next move may replace meanwhile.
    names = tuple(table.seat_name(index) for index in range(len(table.seats)))
    key = (table.id, table.seq, table.status, seat, lang, names)
    return key, table.game, table.view(seat), lang, names


def _draw(
    key: tuple[object, ...], game: Game, view: dict[str, Any], lang: str, names: tuple[str, ...]
) -> bytes:
    """The PNG of ``view``, drawn or kept from an earlier message of the same state."""
    png = _kept.get(key)
    if png is None:
        png = picture(game, view, lang, names)
        _kept[key] = png
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return png


async def attach(
    bot: TischrundeBot, table: Table, seat: int | None, lang: str, embed: discord.Embed
) -> list[discord.File]:
    """The picture as a file for the message, with ``embed`` set to show it; ``[]`` when
    pictures are turned off, the table has no state yet, or drawing failed.
    """
    if not bot.settings.pictures or table.state is None:
        return []
    try:
        loop = asyncio.get_running_loop()
        png = await loop.run_in_executor(_worker(), _draw, *_order(table, seat, lang))
    except Exception:  # a picture is a courtesy; the text carries the table
        log.exception("could not draw table %s for seat %s", table.id, seat)
        return []
    if len(png) > MAX_BYTES:
        log.warning("picture of table %s is %d bytes: left out", table.id, len(png))
        return []
    kind = "tisch" if seat is None else "blatt"
    filename = f"{kind}-{table.id}-{table.seq}.png"
    embed.set_image(url=f"attachment://{filename}")
    return [discord.File(io.BytesIO(png), filename=filename)]
