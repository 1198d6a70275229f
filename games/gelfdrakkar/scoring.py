"""Scoring a round: card points, bonuses, announcements, the stake and who pays whom.

Pure functions over plain data so that tests can check each rule on its own.
"""

from __future__ import annotations

from typing import Any

from .cards import KIND, POINTS, SPECIES_KINDS

LIMITS = (160, 120, 80, 40, 0)
"""Point limits one may announce ("the others stay under ...")."""
MULTIPLIER_HALVES = {160: 3, 120: 4, 80: 5, 40: 6, 0: 10}
"""Each limit's multiplier in halves (1.5 -> 3) so that all arithmetic stays in integers."""
REVEAL_ADDITION = 20
"""Added to the stake by a "for / against Vernio" announcement."""
LETZTE_DAME_BONUS = 20
MAX_REDEALS = 3
"""A round is dealt again at most this many times (ties, or Vernio and Sinhara both set aside);
a further tie ends the round without payment so that a game always ends."""


_OTHER, _NULL = 254, 255
_SPECIES_BYTE = bytes(
    SPECIES_KINDS.index(kind) if kind in SPECIES_KINDS else _NULL if kind == "null" else _OTHER
    for kind in KIND
).ljust(256, bytes([_OTHER]))
"""``bytes(bundle).translate`` table: a species' index in ``SPECIES_KINDS``, 255 for a
Nullkarte, 254 for every other card."""
_NULL_BYTE = bytes([_NULL])


def is_pure(bundle: list[int]) -> bool:
    """Whether a trick is made only of Drachen, only of Menschen, only of Zwerge or only of Gnome.

    Nullkarten do not count as cards between (source), so they do not spoil a pure trick.
    """
    # Counted in C: each card's species as a byte (``_SPECIES_BYTE``), the Nullkarten dropped;
    # pure when the first is a species and every other card is the same one.
    try:
        codes = bytes(bundle).translate(_SPECIES_BYTE).replace(_NULL_BYTE, b"")
    except (TypeError, ValueError):  # not a bundle of card ids (never in a game)
        species = set(map(KIND.__getitem__, bundle))
        species.discard("null")
        return len(species) == 1 and next(iter(species)) in SPECIES_KINDS
    return bool(codes) and codes[0] < len(SPECIES_KINDS) and codes.count(codes[0]) == len(codes)


def bundle_points(bundle: list[int]) -> int:
    """Card points of one taken trick, doubled for a pure trick."""
    points = sum(map(POINTS.__getitem__, bundle))
    return points * 2 if is_pure(bundle) else points


def pile_points(pile: list[list[int]]) -> int:
    """Points of a whole pile of tricks."""
    return sum(bundle_points(bundle) for bundle in pile)


def limit_failed(limit: int, others: int) -> bool:
    """Whether "the others stay under ``limit``" failed; "under 0" means they score nothing."""
    return others > 0 if limit == 0 else others >= limit


def split(amount: int, seats: list[int]) -> list[int]:
    """``amount`` split evenly over ``seats`` (in seat order), odd coins to the earliest seats."""
    ordered = sorted(seats)
    share, odd = divmod(amount, len(ordered))
    return [share + (1 if index < odd else 0) for index in range(len(ordered))]


def settle(
    *,
    points: dict[str, int],
    party: list[str],
    announcements: list[list[Any]],
    carry_mult_halves: int,
    carry_add: int,
) -> dict[str, Any]:
    """Decide a round from the parties' final points (penalty and Letzte Dame already applied).

    ``announcements`` are [seat, kind] with kind a limit (int) or "reveal". Returns ``winner``
    ("V", "A" or None for a tie), ``failed`` (the parties whose announcement failed),
    ``mult_halves`` and ``add`` (to carry on a tie) and ``stake`` (0 on a tie) and
    ``payments`` (coins per seat, summing to zero).
    """
    mult = carry_mult_halves
    add = carry_add
    failed: list[str] = []
    for seat, kind in announcements:
        own = party[seat]
        if kind == "reveal":
            add += REVEAL_ADDITION
            continue
        mult = max(mult, MULTIPLIER_HALVES[kind])
        other = "A" if own == "V" else "V"
        if limit_failed(kind, points[other]) and own not in failed:
            failed.append(own)
    diff = abs(points["V"] - points["A"])
    if len(failed) == 1:
        winner: str | None = "A" if failed[0] == "V" else "V"
    elif points["V"] != points["A"]:
        winner = "V" if points["V"] > points["A"] else "A"
    else:
        winner = None
    payments = [0] * len(party)
    stake = 0
    if winner is not None:
        # Half coins round up: the stake is paid in whole Kupfermuenzen.
        stake = -(-(diff + add) * mult // 2)
        winners = [seat for seat, side in enumerate(party) if side == winner]
        losers = [seat for seat, side in enumerate(party) if side != winner]
        if winners and losers:
            for seat, coins in zip(sorted(winners), split(stake, winners), strict=True):
                payments[seat] += coins
            for seat, coins in zip(sorted(losers), split(stake, losers), strict=True):
                payments[seat] -= coins
    return {
        "winner": winner,
        "failed": sorted(failed),
        "mult_halves": mult,
        "add": add,
        "stake": stake,
        "payments": payments,
    }
