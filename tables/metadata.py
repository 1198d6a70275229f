"""What a table keeps beside its game: its settings and its place, as typed models.

Storage keeps both as the JSON objects it was given (``TableRecord.settings`` and ``.place``);
their keys mean something only here and in the adapter, so their models live in the
application. Every key is optional, so rows written before a key existed load, and a key these
models do not know (an older or newer process wrote it) is kept on the next write instead of
being dropped. ``stored()`` writes back only what was set, never the defaults (nor a None: no key means
none).
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from storage.base import TableRecord, TournamentRecord
from storage.statuses import HandoverStatus, RoundStatus, TableStatus, TournamentStatus

from .clocks import BAD_CLOCK, BAD_TIMEOUT, ClockError, ClockSettings

# The statuses come along: the adapter builds on tables/ and names nothing of storage/ for them.
__all__ = [
    "DEFAULT_LANGUAGE",
    "HandoverStatus",
    "RoundStatus",
    "TablePlace",
    "TableSettings",
    "TableStatus",
    "TournamentSettings",
    "TournamentStatus",
]

DEFAULT_LANGUAGE = "en"
"""The language of a table's or tournament's public posts when none was stored."""


class _Stored(BaseModel):
    # Ids are text (Discord snowflakes); a number written by hand still loads.
    model_config = ConfigDict(frozen=True, extra="allow", coerce_numbers_to_str=True)

    @classmethod
    def of(cls, raw: dict[str, Any]) -> Self:
        """The model of a stored JSON object."""
        return cls.model_validate(raw)

    def stored(self) -> dict[str, Any]:
        """The JSON object to store: what was set (and unknown keys), not the defaults."""
        dumped = self.model_dump(mode="json", exclude_unset=True)
        # Top-level only: inside a clock, a per_move of None means "no clock" and is kept.
        return {key: value for key, value in dumped.items() if value is not None}

    def but(self, **changes: Any) -> Self:
        """A copy with ``changes``, validated like a stored row."""
        return self.model_validate({**self.stored(), **changes})


class TablePlace(_Stored):
    """Where a table lives: a Discord channel (and the thread and lobby message the adapter
    opened there), or the terminal.
    """

    guild: str | None = None
    channel: str | None = None
    """The channel the table was opened in (its lobby message and thread are there)."""
    thread: str | None = None
    """The table's own thread, once opened."""
    lobby: str | None = None
    """The lobby message, once posted."""
    tournament: int | None = None
    """The tournament whose round opened the table."""
    terminal: bool = False
    """A table of the local terminal: no Discord posts."""

    @classmethod
    def of_record(cls, record: TableRecord) -> Self:
        """The place of a stored table."""
        return cls.of(record.place)


class TableSettings(_Stored):
    """What a table keeps that is not a game option: language, clock, tournament round, the
    seats that resigned or were handed over, whether the engine decided it.
    """

    lang: str = DEFAULT_LANGUAGE
    """The language of the table's public posts."""
    clock: ClockSettings | None = None
    """The clock per move; None (or ``per_move`` None): no clock."""
    tournament: int | None = None
    """The tournament whose round opened the table."""
    round: int | None = None
    """That tournament's round."""
    handed_over: dict[str, int] = {}
    """Who held a seat before it was handed to someone else: user id to seat."""
    resigned: tuple[int, ...] = ()
    """Seats whose players resigned: each forfeits as soon as it must act."""
    adjudicated: bool = False
    """The engine played the table out at a round's deadline (its result is not rated)."""
    timeout_engine: str | None = None
    """The engine level that plays a seat whose clock ran out; None: the default (normal)."""

    @field_validator("clock", mode="before")
    @classmethod
    def _no_clock(cls, value: Any) -> Any:
        # An empty clock object is how a tournament without a clock setting stored it.
        return value or None

    @field_validator("clock")
    @classmethod
    def _whole_clock(cls, value: ClockSettings | None) -> ClockSettings | None:
        # Stored whole, defaults included, so a later change of a default moves no table.
        return None if value is None else ClockSettings.model_validate(value.model_dump())

    @classmethod
    def of_record(cls, record: TableRecord) -> Self:
        """The settings of a stored table."""
        return cls.of(record.settings)

    @classmethod
    def checked(cls, raw: dict[str, Any]) -> Self:
        """``raw`` as settings; a clock out of bounds is ``ClockError`` with its reason."""
        try:
            return cls.of(raw)
        except ValidationError as error:
            where = error.errors(include_url=False)[0]["loc"]
            if where and where[0] == "clock":
                raise ClockError(BAD_TIMEOUT if "on_timeout" in where else BAD_CLOCK) from None
            raise

    @property
    def timed(self) -> ClockSettings | None:
        """The clock per move, or None when the table has none."""
        return self.clock if self.clock is not None and self.clock.per_move is not None else None


class TournamentSettings(_Stored):
    """What a tournament keeps beside its format: language, seed, seeding, its rounds."""

    lang: str = DEFAULT_LANGUAGE
    """The language of the tournament's posts."""
    seed: int | None = None
    """Where its tables' deals come from (None: rows from before it was stored)."""
    seeds: tuple[str, ...] = ()
    """The field in seeding order, from the start on."""
    rounds: int | None = None
    """How many rounds a Swiss plays, fixed at the start."""

    @classmethod
    def of_record(cls, record: TournamentRecord) -> Self:
        """The settings of a stored tournament."""
        return cls.of(record.settings)
