"""Time: the clock setting of a table and a small scheduler of stored deadlines.

A deadline is a row in storage (``DeadlineRecord``): at ``due`` something of ``kind`` happens.
The ``Scheduler`` processes the due ones in (due, id) order, each once, by calling the handler
registered for its kind; it never sleeps itself. Whoever drives it (the bot's timer, a test)
calls ``run_due`` when the injectable clock says a deadline has come. New kinds (a tournament
round) only register a handler.

Exactly once: a handler runs before its row is deleted, so a crash in between runs it again;
the handlers of this package check that their deadline still stands before they act (a turn
clock is stale once its seat has moved), which makes the second run do nothing.

Several processes: a due deadline is claimed (``Repository.claim_deadlines``) under a lease in
this process's name before its handler runs, so exactly one process handles it; a process that
dies holding it leaves the lease to run out, and then another takes it over (and the handler's
own check makes a repeat harmless).

A handler that fails (a storage error, a table that cannot load) keeps its deadline: it is put
off by 30 s, then twice as long at each further failure, at most an hour, and logged once. A
deadline is dropped only when its handler returns, that is, when it acted or found that the
deadline no longer applies, and only if it is still due when it was claimed
(``Repository.finish_deadline``): a handler may keep it for a later step (a seat's clock after a
reminder, ``Repository.rearm_deadline``), and a move may have reused the row for the next
seat's clock meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from games.core import Text, plural
from storage import Changes, DeadlineRecord, Repository

from .processes import LEASE_SECONDS, process_owner

logger = logging.getLogger(__name__)

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
MIN_PER_MOVE = 10 * MINUTE
MAX_PER_MOVE = 14 * DAY
DEFAULT_PER_MOVE = DAY
"""A table opened on Discord gets 24 hours per move unless its host chooses otherwise."""

BAD_CLOCK = Text(
    "Die Bedenkzeit pro Zug muss zwischen 10 Minuten und 14 Tagen liegen (oder keine sein).",
    "The time per move must be between 10 minutes and 14 days (or none).",
)
BAD_TIMEOUT = Text(
    "Bei Zeitablauf zieht entweder ein Computer (engine) oder der Platz gibt auf (forfeit).",
    "When time runs out either an engine moves (engine) or the seat forfeits (forfeit).",
)
BAD_DURATION = Text(
    "„{text}“ ist keine Zeitangabe. Beispiele: 30m, 12h, 3d, none.",
    "“{text}” is not a duration. Examples: 30m, 12h, 3d, none.",
)


class ClockSettings(BaseModel):
    """``TableSettings.clock`` of a table: seconds per move (None: no clock) and what happens
    when a seat's time runs out.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    per_move: int | None = DEFAULT_PER_MOVE
    on_timeout: Literal["engine", "forfeit"] = "engine"

    @field_validator("per_move")
    @classmethod
    def _bounded(cls, value: int | None) -> int | None:
        if value is not None and not MIN_PER_MOVE <= value <= MAX_PER_MOVE:
            raise ValueError("per_move out of bounds")
        return value


class ClockError(ValueError):
    """A clock setting refused; ``reason`` is bilingual and safe to show privately."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


def clock_for(per_move: int | None, on_timeout: str) -> ClockSettings:
    """The clock a host or an organiser chose, or ``ClockError``."""
    return validate_clock({"per_move": per_move, "on_timeout": on_timeout})


def validate_clock(value: Any) -> ClockSettings:
    """``value`` (a clock as stored) as ``ClockSettings``, or ``ClockError``."""
    try:
        return ClockSettings.model_validate(value)
    except ValidationError as error:
        where = error.errors(include_url=False)[0]["loc"]
        raise ClockError(BAD_TIMEOUT if "on_timeout" in where else BAD_CLOCK) from None


_UNITS = {"m": MINUTE, "min": MINUTE, "h": HOUR, "std": HOUR, "d": DAY, "t": DAY}
_DURATION = re.compile(r"(\d+)\s*([a-z]+)")


def parse_duration(text: str) -> int | None:
    """``"90m"``, ``"12h"``, ``"3d"``, ``"1d 12h"`` (German ``t``/``std`` too) as seconds;
    ``"none"``/``"keine"`` as None. ``ClockError`` for anything else.
    """
    cleaned = text.strip().lower()
    if cleaned in ("none", "keine", "off", "aus", "0"):
        return None
    parts = _DURATION.findall(cleaned)
    if not parts or _DURATION.sub("", cleaned).strip():
        raise ClockError(BAD_DURATION.format(text=text[:30]))
    total = 0
    for amount, unit in parts:
        if unit not in _UNITS:
            raise ClockError(BAD_DURATION.format(text=text[:30]))
        total += int(amount) * _UNITS[unit]
    return total


def format_duration(seconds: float, lang: str) -> str:
    """A duration for people, in whole minutes rounded up (a clock with 59.9 s left still has
    a minute): ``2 days 3 h``, ``1 day``, ``5 h 12 min``, ``9 min`` (German ``Tag``/``Tage``,
    ``Std``). Days are words, singular for one ("1 d" read as a typo); hours and minutes
    keep their symbols, which need no plural.
    """
    minutes_total = max(0, math.ceil(seconds / MINUTE - 1e-9))
    days, rest = divmod(minutes_total, DAY // MINUTE)
    hours, minutes = divmod(rest, HOUR // MINUTE)
    h, m = ("Std", "Min") if lang == "de" else ("h", "min")
    if days:
        d = plural(days, Text("{n} Tag", "{n} day"), Text("{n} Tage", "{n} days")).get(lang)
        return f"{d} {hours} {h}" if hours else d
    if hours:
        return f"{hours} {h} {minutes} {m}" if minutes else f"{hours} {h}"
    return f"{minutes} {m}"


# ----- the scheduler ---------------------------------------------------------------------------

Handler = Callable[[DeadlineRecord, float], Awaitable[Any]]
"""Called with a due deadline and the time of the run; returns what it did (or None)."""


RETRY_FIRST = 30.0
"""Seconds before a failed deadline is tried again; doubled at each further failure."""
RETRY_MOST = float(HOUR)


def retry_delay(attempts: int) -> float:
    """How long a deadline waits after its ``attempts``-th failure (30 s doubling, at most 1 h)."""
    return min(RETRY_FIRST * 2.0 ** max(0, attempts - 1), RETRY_MOST)


@dataclass
class Fired:
    """A deadline that was processed, and what its handler returned (None: nothing to do)."""

    deadline: DeadlineRecord
    outcome: Any
    failed: bool = False
    """The handler raised: the deadline stays stored and is tried again later."""


class Scheduler:
    """Stored deadlines, processed in due order, each once, by the handler of their kind."""

    def __init__(
        self,
        repo: Repository,
        clock: Callable[[], float],
        *,
        owner: str | None = None,
        lease_seconds: float = LEASE_SECONDS,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.owner = owner or process_owner()
        """The name this process claims deadlines under."""
        self.lease_seconds = lease_seconds
        self._handlers: dict[str, Handler] = {}
        self._running = asyncio.Lock()
        self.wake: Callable[[float], None] | None = None
        """Told the due time of every new deadline (the bot's timer re-arms when earlier)."""

    def register(self, kind: str, handler: Handler) -> None:
        """Handle deadlines of ``kind`` with ``handler`` (one handler per kind)."""
        if kind in self._handlers:
            raise ValueError(f"deadline kind {kind!r} already has a handler")
        self._handlers[kind] = handler

    @property
    def kinds(self) -> list[str]:
        """The kinds with a handler."""
        return sorted(self._handlers)

    async def add(
        self,
        kind: str,
        due: float,
        *,
        table_id: int | None = None,
        seat: int | None = None,
        user_id: str | None = None,
        data: dict[str, Any] | None = None,
    ) -> DeadlineRecord:
        """Store a deadline of ``kind`` at ``due``."""
        record = DeadlineRecord(0, kind, due, table_id, seat, user_id, dict(data or {}))
        await self.replace([], [record])
        return record

    async def replace(self, remove: list[int], add: list[DeadlineRecord]) -> None:
        """Delete ``remove`` and store ``add`` in one transaction, then wake the driver."""
        changes = Changes()
        self.stage(changes, remove, add)
        await self.repo.commit(changes)
        self.notify(add)

    def stage(
        self,
        changes: Changes,
        remove: list[int],
        add: list[DeadlineRecord],
        *,
        paused_at: float | None = None,
        reuse: list[int] | None = None,
    ) -> None:
        """Add deleting ``remove`` and storing ``add`` to a unit of work that another change
        commits (call ``notify`` with ``add`` after that commit). ``paused_at``: the added
        deadlines of a person on vacation then start when it ends; ``reuse``: stored rows the
        first of ``add`` overwrite (see ``Repository.replace_deadlines``).
        """
        for record in add:
            if record.kind not in self._handlers:
                raise ValueError(f"no handler for deadline kind {record.kind!r}")
        changes.replace_deadlines(remove, add, paused_at=paused_at, reuse=reuse)

    def notify(self, added: list[DeadlineRecord]) -> None:
        """Wake the driver for deadlines that a commit just stored."""
        if self.wake is not None and added:
            self.wake(min(record.due for record in added))

    async def next_due(self) -> float | None:
        """When the next deadline with a handler is due (None: there is none)."""
        return await self.repo.next_deadline(tuple(self._handlers))

    async def run_due(self, now: float | None = None) -> list[Fired]:
        """Process every deadline due at ``now`` (default: the clock), earliest first.

        Deadlines set by a handler for later than ``now`` wait for a later run; one set for
        ``now`` or earlier is processed in this run, after those already due. A handler that
        fails keeps its deadline, put off by ``retry_delay`` (one failure, say a locked
        database, must not lose a turn clock or a round's end), and is logged at its first
        failure only; one broken table does not stop the clock of every other. A kind nobody
        registered yet (a feature not loaded in this process) is left stored, untouched, for
        the process that handles it. Each deadline is claimed first: one that another
        process holds is its own (see the module's note on several processes).
        """
        async with self._running:
            now = self.clock() if now is None else now
            fired: list[Fired] = []
            while True:
                batch = await self.repo.claim_deadlines(
                    self.owner, now, self.lease_seconds, tuple(self._handlers), 100
                )
                if not batch:
                    return fired
                for deadline in batch:
                    handler = self._handlers[deadline.kind]
                    claimed = deadline.due
                    try:
                        outcome = await handler(deadline, now)
                    except Exception:
                        attempts = deadline.attempts + 1
                        delay = retry_delay(attempts)
                        if attempts == 1:
                            logger.exception(
                                "deadline %s failed; kept and tried again from %.0f s on",
                                deadline,
                                delay,
                            )
                        else:
                            logger.debug("deadline %s failed again (%d)", deadline.id, attempts)
                        await self.repo.defer_deadline(deadline.id, now + delay, attempts, claimed)
                        fired.append(Fired(deadline, None, failed=True))
                        continue
                    await self.repo.finish_deadline(deadline.id, claimed)
                    fired.append(Fired(deadline, outcome))
