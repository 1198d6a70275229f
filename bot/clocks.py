"""The bot's side of clocks: a timer that runs the scheduler when a deadline comes, and the
delivery of what the deadlines did (moves made for timed-out seats, reminders).

The timer is one task that sleeps until the next stored deadline (at most an hour, so a
changed system clock is noticed) and is restarted when a nearer deadline is set. Delivery is
grouped per table: whatever one run of the scheduler did at a table becomes one thread message.
The first run after a start-up handles everything missed while the bot was down, in order; its
message per table says so, so days offline produce one summary per table, not a storm.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

from games.core import Event
from tables.clocks import Fired, format_duration
from tables.handover import HandoverLapsed
from tables.limits import LobbyExpired
from tables.service import Table, TimedOut
from tables.turns import ReminderDue, VacationOver

from . import i18n
from .render import clip, hand_embed, hand_view, thread_link

if TYPE_CHECKING:
    from .app import TischrundeBot

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0


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
                if self._first_run:
                    await self.bot.service.clocks.reconcile()
                    await self.bot.service.limits.reconcile()
                    await self.bot.service.handovers.reconcile()
                fired = await scheduler.run_due()
                self.runs += 1
                await self.deliver(fired, catch_up=self._first_run)
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
            self._target = next_due
            self._sleeping = True
            try:
                await asyncio.sleep(min(delay, MAX_SLEEP))
            finally:
                self._sleeping = False

    # ----- delivery ------------------------------------------------------------------------

    async def deliver(self, fired: list[Fired], *, catch_up: bool = False) -> None:
        """One thread message per table for what this run did there; reminders by DM (or a
        mention in that message when DMs do not reach the player).
        """
        notes: dict[int, list[str]] = defaultdict(list)
        events: dict[int, list[Event]] = defaultdict(list)
        tables: dict[int, Table] = {}
        moved: set[int] = set()
        for item in fired:
            outcome = item.outcome
            if isinstance(outcome, TimedOut):
                table = outcome.table
                tables[table.id] = table
                moved.add(table.id)
                lang = table.record.settings.get("lang", "en")
                who = f"<@{outcome.user_id}>" if outcome.user_id else table.seat_name(outcome.seat)
                text = (
                    i18n.TIMED_OUT_ENGINE if outcome.action == "engine" else i18n.TIMED_OUT_FORFEIT
                )
                notes[table.id].append(text.format(who=who).get(lang))
                events[table.id].extend(event for _applied, event in outcome.outcome.events)
            elif isinstance(outcome, VacationOver):
                preferences = await self.bot.preferences(outcome.user_id)
                lang = preferences.language or self.bot.settings.default_language
                await self.bot.dms.send(outcome.user_id, content=i18n.VACATION_OVER.get(lang))
            elif isinstance(outcome, (HandoverLapsed, LobbyExpired)):
                try:
                    await self.bot.handovers.deliver(outcome)
                except Exception:
                    log.exception("could not deliver %s", type(outcome).__name__)
            elif isinstance(outcome, ReminderDue):
                table = outcome.table
                if table.seats[outcome.seat].user_id != outcome.user_id:
                    continue  # handed over since the run: the seat's hand is not theirs now
                tables.setdefault(table.id, table)
                if not await self._remind_by_dm(outcome):
                    lang = table.record.settings.get("lang", "en")
                    left = format_duration(outcome.due - self.bot.service.clock(), lang)
                    notes[table.id].append(
                        i18n.REMINDER_MENTION.format(
                            who=f"<@{outcome.user_id}>", left=left, due=int(outcome.due)
                        ).get(lang)
                    )
        for table_id, table in tables.items():
            lines = notes.get(table_id, [])
            if not lines and table_id not in moved:
                continue
            lang = table.record.settings.get("lang", "en")
            if catch_up:
                lines = [i18n.CATCH_UP.format(n=len(lines)).get(lang), *lines]
            note = clip("\n".join(lines), 1500)
            try:
                if table_id in moved:
                    fresh = await self.bot.service.get(table_id)
                    await self.bot.flows.publish(fresh, events[table_id], actor=None, note=note)
                else:
                    thread = table.record.place.get("thread")
                    if thread:
                        await self.bot.get_partial_messageable(int(thread)).send(
                            note, allowed_mentions=discord.AllowedMentions(users=True)
                        )
            except Exception:
                log.exception("could not tell table %s about its deadlines", table_id)

    async def _remind_by_dm(self, reminder: ReminderDue) -> bool:
        table, seat, user_id = reminder.table, reminder.seat, reminder.user_id
        lang = await self.bot.dms.language(user_id, table)
        left = format_duration(reminder.due - self.bot.service.clock(), lang)
        content = i18n.REMINDER_DM.format(
            id=table.id,
            game=table.game.name.get(lang),
            left=left,
            due=int(reminder.due),
            link=thread_link(table) or "-",
        ).get(lang)
        view, _pages = hand_view(table, seat, lang)
        message: dict[str, Any] = {
            "content": content,
            "embed": hand_embed(table, seat, lang, with_public=True),
            "view": view,
        }
        return await self.bot.dms.send(user_id, **message)
