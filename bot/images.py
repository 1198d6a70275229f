"""Pictures on the bot's messages: a PNG attachment shown as the embed's image.

The embed keeps its text (screen readers read it); the picture shows the same table for the
eye. The public picture is drawn from ``view(state, None)`` only and a hand picture from the
seat's own view, through the same ``Table.view`` the text uses. The file travels in the same
request as the message, so a move costs no extra REST call.

Drawing takes 5-15 ms of CPU (``bench/pictures.py``); it runs on one worker thread so the event
loop keeps answering meanwhile, and recent pictures are kept, so a state drawn for the thread
is not drawn again for ``/table show``. Pictures for an interaction's answer (``urgent``) are
drawn before those the relay's posts wait for: a click's answer waits for its own picture, not
behind the thread post and the DMs of the click before (or of its own move, which the relay
starts delivering while the answer is rendered). A picture that cannot be drawn is logged and
left out: the message still goes out with its text.
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import io
import itertools
import logging
import weakref
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import discord

from games.core import Game
from pictures import picture
from tables.service import Table

from .display import alt_text, clip_alt, paint_wanted, pictures_wanted

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
    # The game, seed and creation time too: table numbers repeat across databases (a test's,
    # a restored backup's) and the kept pictures outlive them.
    record = table.record
    key = (
        table.game.id,
        table.id,
        record.seed,
        record.created_at,
        table.seq,
        table.status,
        seat,
        lang,
        names,
    )
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


class _Painter:
    """One picture at a time on the worker, answers to interactions first.

    Like an ``asyncio.Lock`` whose waiters are served by rank: the task that wants a picture
    waits for its turn, then awaits the worker itself.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.busy = False
        self.waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self.numbers = itertools.count()

    async def draw(self, order: Order, urgent: bool) -> bytes:
        return await self.run(functools.partial(_draw, *order), urgent)

    async def run(self, work: Callable[[], bytes], urgent: bool) -> bytes:
        if self.busy:
            turn: asyncio.Future[None] = self.loop.create_future()
            heapq.heappush(self.waiting, (0 if urgent else 1, next(self.numbers), turn))
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._release()  # handed the turn as it was cancelled: pass it on
                raise
        else:
            self.busy = True
        try:
            return await self.loop.run_in_executor(_worker(), work)
        finally:
            self._release()

    def _release(self) -> None:
        while self.waiting:
            _rank, _number, turn = heapq.heappop(self.waiting)
            if not turn.done():
                turn.set_result(None)  # the turn passes on; the worker stays busy
                return
        self.busy = False


_painters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Painter] = (
    weakref.WeakKeyDictionary()
)


def _painter() -> _Painter:
    loop = asyncio.get_running_loop()
    painter = _painters.get(loop)
    if painter is None:
        painter = _painters[loop] = _Painter(loop)
    return painter


async def attach(
    bot: TischrundeBot,
    table: Table,
    seat: int | None,
    lang: str,
    embed: discord.Embed,
    *,
    urgent: bool = False,
) -> list[discord.File]:
    """The picture as a file for the message, described for screen readers, with ``embed``
    set to show it; ``[]`` when pictures are turned off (by the operator, the table's server,
    or for a seat's picture its holder), the table has no state yet, or drawing failed.
    ``urgent``: for the answer to an interaction (drawn before the pictures of posts and DMs).
    """
    if table.state is None or not await pictures_wanted(bot, table, seat):
        return []
    try:
        png = await _painter().draw(_order(table, seat, lang), urgent)
    except Exception:  # a picture is a courtesy; the text carries the table
        log.exception("could not draw table %s for seat %s", table.id, seat)
        return []
    if len(png) > MAX_BYTES:
        log.warning("picture of table %s is %d bytes: left out", table.id, len(png))
        return []
    kind = "tisch" if seat is None else "blatt"
    filename = f"{kind}-{table.id}-{table.seq}.png"
    embed.set_image(url=f"attachment://{filename}")
    description = alt_text(table, seat, lang)
    return [discord.File(io.BytesIO(png), filename=filename, description=description)]


async def paint(
    bot: TischrundeBot,
    work: Callable[[], bytes],
    filename: str,
    embed: discord.Embed,
    *,
    description: str,
    guild_id: str | None = None,
    user_id: str | None = None,
    urgent: bool = True,
) -> list[discord.File]:
    """A picture ``work`` draws (a replay step, a chart), on the pictures' one worker thread
    (the fonts must not draw twice at once), as a file shown as ``embed``'s image and
    described by ``description`` (its alt text); ``[]`` when pictures are turned off (by the
    operator, the server ``guild_id``, or the member ``user_id`` it is for) or drawing failed,
    as for ``attach``. ``urgent``: for the answer to an interaction, as for ``attach`` (a post
    the relay delivers is not).
    """
    if not await paint_wanted(bot, guild_id, user_id):
        return []
    try:
        png = await _painter().run(work, urgent)
    except Exception:  # a picture is a courtesy; the text carries the content
        log.exception("could not draw %s", filename)
        return []
    if len(png) > MAX_BYTES:
        return []
    embed.set_image(url=f"attachment://{filename}")
    return [discord.File(io.BytesIO(png), filename=filename, description=clip_alt(description))]
