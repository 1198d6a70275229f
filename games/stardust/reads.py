"""Reading the opponents' hands from their play, for the deals the strong player samples.

A deal drawn uniformly from the cards a seat cannot see ignores what the table has shown: a
player who raised big, or kept all five cards, rarely holds rubbish. Seeing every hand (not
the pile), the same search scores 1.61x its fair share of first places against 1.32x with
uniform deals (README, the peeking ceiling); with these reads 1.35x.

Each live opponent's play so far in the hand is read as public signs (``signs``): the betting
round or the exchange, the chips it put in beyond the ante in each betting round (by size),
whether it has acted in this round, and how many cards it exchanged. ``reads.json`` holds, for
every such reading, how the hand strengths (deciles of ``strategy.beat_one``) were spread among
players who showed it in normal-against-normal matches, written by
``tools/stardust_reads_table.py``. ``deal_hand`` draws a few candidate hands for an opponent
and keeps one with chance in proportion to how much likelier its decile is after the reading
than in a uniform draw (importance resampling).

Everything here reads only the public table and the generator it is given.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from .strategy import hand_strength

DECILES = 10
CANDIDATES = 12
"""Hands drawn per opponent to choose from: enough for a reading that favours a tenth of the
hands to find some, few enough for a sample per playout to stay cheap."""
PRIOR_WEIGHT = 10.0
"""Pseudo-observations of the uniform spread added to every reading's counts, so a rare
reading moves the deal only as far as its observations carry."""
READS_TABLE = Path(__file__).with_name("reads.json")


def decile(hand: list[int]) -> int:
    """The hand's decile of strength among all five-card hands (0 weakest, 9 strongest)."""
    return min(DECILES - 1, int(hand_strength(hand, 1) * DECILES))


def _size(chips: int, ante: int) -> int:
    """Chips put in, by size: none, up to two antes, up to six, more."""
    if chips <= 0:
        return 0
    if chips <= 2 * ante:
        return 1
    return 2 if chips <= 6 * ante else 3


def signs(state: dict[str, Any], seat: int) -> str:
    """What the table has seen of ``seat``'s play in the hand under way, as a table key."""
    ante = state["opt"]["ante"]
    bets, contrib = state["bets"], state["contrib"]
    swapped = (state.get("swapped") or [-1] * state["n"])[seat]
    acted = int(state["acted"][seat])
    if state["phase"] == "bet" and state["round"] == 1:
        return f"1|{_size(bets[seat], ante)}|{acted}"
    if state["phase"] == "exchange":
        return f"x|{_size(contrib[seat] - ante, ante)}|{swapped}"
    first = _size(contrib[seat] - ante - bets[seat], ante)
    return f"2|{first}|{swapped}|{_size(bets[seat], ante)}|{acted}"


@lru_cache(maxsize=1)
def _ratios() -> dict[str, list[float]]:
    """For every reading: how much likelier each decile is after it than in a uniform draw."""
    table = json.loads(READS_TABLE.read_text(encoding="utf-8"))
    uniform: list[float] = table["uniform"]
    ratios: dict[str, list[float]] = {}
    for key, counts in table["readings"].items():
        total = sum(counts) + PRIOR_WEIGHT
        ratios[key] = [
            (count + PRIOR_WEIGHT * share) / total / share
            for count, share in zip(counts, uniform, strict=True)
        ]
    return ratios


def deal_hand(
    state: dict[str, Any], seat: int, pool: list[int], size: int, rng: random.Random
) -> list[int]:
    """A hand of ``size`` cards for ``seat`` from ``pool`` (taken out of it), weighed by the
    reading of its play; a uniform draw where the table holds no reading.
    """
    ratios = _ratios().get(signs(state, seat))
    if ratios is None or size == 0 or size > len(pool):
        hand = rng.sample(pool, min(size, len(pool)))
    else:
        candidates = [rng.sample(pool, size) for _ in range(CANDIDATES)]
        weights = [ratios[decile(hand)] for hand in candidates]
        hand = rng.choices(candidates, weights)[0]
    for card in hand:
        pool.remove(card)
    return sorted(hand)
