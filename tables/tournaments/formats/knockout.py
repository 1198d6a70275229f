"""The standings both elimination formats share: still in first, then by the round a player
went out (later is better, and among those by their rank at that table), then by seed.

Each format works out from its own rules who went out when (``out_in``), their rank at the
table they went out at (``within``) and who sat at the final table (``finalists``); this
module turns that into lines whose ``note`` says which (``msg.NOTE_*``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from storage import TournamentStatus
from storage.base import Registration, TournamentRecord

from ...metadata import TournamentSettings
from .. import messages as msg
from .base import StandingLine


def knockout_standings(
    tournament: TournamentRecord,
    registrations: dict[str, Registration],
    players: list[str],
    out_in: dict[str, int],
    within: dict[str, tuple[int, float]],
    finalists: set[str],
) -> list[StandingLine]:
    """The lines of ``players``: ``out_in`` maps who went out to the round they went out in,
    ``within`` a player to their rank at a finished table, ``finalists`` the final table.
    """
    seeds = {u: i for i, u in enumerate(list(TournamentSettings.of_record(tournament).seeds))}

    def key(player: str) -> tuple[Any, ...]:
        went_out = out_in.get(player)
        alive = went_out is None
        return (
            0 if alive else 1,
            -(went_out or 0),
            within.get(player, (0, 0.0))[0] if not alive else 0,
            seeds.get(player, 0),
        )

    ordered = sorted(players, key=key)
    lines: list[StandingLine] = []
    for index, player in enumerate(ordered):
        place = index + 1
        if index and key(ordered[index - 1])[:3] == key(player)[:3]:
            place = lines[-1].place
        went_out = out_in.get(player)
        if player in finalists:
            note = msg.NOTE_FINAL.format(place=within[player][0])
        elif went_out is not None:
            note = msg.NOTE_OUT.format(round=went_out)
        else:
            note = (
                msg.NOTE_WINNER if tournament.status == TournamentStatus.FINISHED else msg.NOTE_IN
            )
        registration = registrations[player]
        lines.append(
            StandingLine(
                place,
                player,
                registration.name,
                Fraction(0),
                [],
                dropped=registration.dropped_round is not None,
                note=note,
            )
        )
    return lines
