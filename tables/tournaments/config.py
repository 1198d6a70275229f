"""What a stored tournament says about itself: its typed config and the values of its status.

``TournamentRecord.config`` stays a plain dict at the storage layer (JSON in the database);
the service and the formats read it through ``TournamentConfig.of``, and ``create`` stores
``TournamentConfig.model_dump(mode="json")``, which is the dict stored before there was a
model (same keys, same order, same values), so existing databases load unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from storage.base import TournamentRecord

FORMAT_SETTINGS: dict[str, Any] = {
    "rounds": None,
    "best_of": 1,
    "advance": None,
    "late_join": False,
}
"""The settings only some formats use, with the value stored where a format does not."""


class TournamentConfig(BaseModel):
    """A tournament's settings (``TournamentRecord.config``), fixed when it is created."""

    # Unknown keys are ignored rather than refused: a stored tournament must always load.
    model_config = ConfigDict(extra="ignore", frozen=True)

    rounds: int | None = None
    """Swiss: the number of rounds (None: chosen at the start from the field, kept in the
    tournament's settings as ``rounds``)."""
    best_of: int = 1
    """Single elimination: games per match (1, 3, 5 or 7)."""
    advance: int | None = None
    """Multiplayer elimination: how many of each table go on."""
    table_size: int = 2
    """Seats per table (multiplayer formats may open tables one seat smaller)."""
    clock: dict[str, Any] = Field(default_factory=dict)
    """The tables' clock setting (``tables.clocks.ClockSettings`` as JSON), passed to each
    table as stored: it was validated when the tournament was created, and the table service
    validates it again when a table opens."""
    round_hours: int | float | None = None
    """A round's length (None: no deadline). ``int | float`` so that a whole number given is
    stored as it was before the model (24, not 24.0)."""
    checkin: bool = False
    """Players must check in before the start, or they are dropped."""
    late_join: bool = False
    """Swiss: players may join while it runs, from the next round on."""

    @classmethod
    def of(cls, tournament: TournamentRecord) -> TournamentConfig:
        """The tournament's stored config, typed."""
        return cls.model_validate(tournament.config)

    def keeping(self, used: Iterable[str]) -> TournamentConfig:
        """The config with every format setting outside ``used`` at its stored default, so
        a setting a format ignores is not stored as if it meant something.
        """
        kept = set(used)
        return self.model_copy(
            update={name: value for name, value in FORMAT_SETTINGS.items() if name not in kept}
        )
