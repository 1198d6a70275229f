"""The bot's side of clocks: a timer that runs the scheduler when a deadline comes.

The timer is one task that sleeps until the next stored deadline (at most an hour, so a
changed system clock is noticed) and is restarted when a nearer deadline is set. What the
deadlines do (a timeout's move, a reminder, a vacation's end, a round closed) is stored with its
posts, which the outbox relay (``bot.outbox``) sends, a table's pending turn posts as one
message. The first run after a start-up handles everything missed while the bot was down, in
order, and its posts say so, so days offline produce one summary per table, not a storm.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from tables.processes import POLL_SECONDS

if TYPE_CHECKING:
    from .app import TischrundeBot

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0
SHARED_MIN_SLEEP = 1.0
"""With several processes: the shortest sleep, when the next due deadline is another's."""


class ClockDriver:
    """Runs the table service's scheduler on time and tells players what happened."""

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._target: float | None = None
        self._first_run = True
        self._closing = False
        self.runs = 0
        """Scheduler runs made (for the tests)."""

    def start(self) -> None:
        """Start the timer: the first run catches up on what was missed."""
        self.bot.service.scheduler.wake = self.wake
        self._restart()

    async def close(self) -> None:
        """Stop the timer (a run in progress is let finish)."""
        self._closing = True
        task = self._task
        if task is not None and not task.done():
            if self._sleeping:
                task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    def wake(self, due: float) -> None:
        """A deadline was set for ``due``: sleep less if it is nearer than the next wake-up."""
        if self._closing or not self._sleeping:
            return  # a run in progress looks for the next deadline when it ends
        if self._target is None or due < self._target:
            self._restart()

    def _restart(self) -> None:
        if self._task is not None and not self._task.done() and self._sleeping:
            self._task.cancel()
        self._sleeping = False
        self._task = asyncio.create_task(self._loop(), name="tischrunde-clocks")

    async def _loop(self) -> None:
        scheduler = self.bot.service.scheduler
        clock = self.bot.service.clock
        while not self._closing:
            try:
                # The posts of the first run after a start say that they catch up.
                self.bot.service.catching_up = self._first_run
                try:
                    fired = await scheduler.run_due()
                finally:
                    self.bot.service.catching_up = False
                del fired  # what it did was stored with its posts: the outbox relay sends them
                self.runs += 1
                self._first_run = False
                next_due = await scheduler.next_due()
            except Exception:
                log.exception("running the deadlines failed")
                next_due = None
            if self._closing:
                # close() came during the run and waits for this task: no sleep to the next
                # deadline (up to an hour), which would hold the bot's shutdown.
                return
            delay = MAX_SLEEP if next_due is None else max(0.0, next_due - clock())
            if self.bot.service.shared:
                # Other processes store deadlines this timer is not told of, and leave those
                # of a process that died to be taken over: look again every so often. A due
                # deadline another process holds is not this run's to wait on in a busy loop.
                delay = min(max(delay, SHARED_MIN_SLEEP), POLL_SECONDS)
                # The same for posts: a dead process's undelivered ones wait for a relay.
                self.bot.outbox.wake()
            self._target = next_due
            self._sleeping = True
            try:
                await asyncio.sleep(min(delay, MAX_SLEEP))
            finally:
                self._sleeping = False
