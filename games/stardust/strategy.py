"""The Stardust strategy player: hand strength against the field, and pot odds.

Hand strength is the chance to beat every opponent still in: the share of all five-card hands
that score below this hand (an exact table over all C(48, 5) hands, ``strength.json``), raised
to the number of opponents. Before the exchange the hand is judged by its expected strength after this player's
own best exchange (a few simulated draws from the cards it cannot see). Bets follow pot odds:
call when the strength is worth the price, bet or raise with strong hands, fold weak ones.

The player sees only ``game.view(state, seat)`` and ``game.legal_actions(state, seat)`` and uses
only the generator it is given.
"""

from __future__ import annotations

import json
import random
from bisect import bisect_left
from functools import lru_cache
from itertools import accumulate
from pathlib import Path

from games.core import Game, State, decode

from .cards import DECK_SIZE, DUNKLE_WASSER, SCHNELLER_TOD, SCHWARZES_LOCH
from .scoring import PACKED_SCORES, Score, evaluate, explain, packed_score, score_of_packed

DRAW_SAMPLES = 6
STRENGTH_TABLE = Path(__file__).with_name("strength.json")


@lru_cache(maxsize=1)
def _score_table() -> tuple[list[tuple[int, ...]], list[int], list[int]]:
    """Scores of all C(48, 5) hands (ascending), their counts, and how many hands lie below.

    ``strength.json`` is the exact count over every five-card hand, written by
    ``tools/stardust_strength_table.py``.
    """
    rows = json.loads(STRENGTH_TABLE.read_text(encoding="utf-8"))
    scores = [tuple(row[:4]) for row in rows]
    counts = [row[4] for row in rows]
    return scores, counts, list(accumulate(counts, initial=0))


def beat_one(score: Score) -> float:
    """The share of all five-card hands this score beats (ties count half)."""
    scores, counts, below = _score_table()
    index = bisect_left(scores, score)
    equal = counts[index] if index < len(scores) and scores[index] == score else 0
    return (below[index] + 0.5 * equal) / below[-1]


@lru_cache(maxsize=1)
def _beat_by_packed() -> list[float]:
    """``beat_one`` of every packed score (``scoring.pack_score``), worked out once: the same
    floats, found by one index instead of a search of the table (the engine players score
    every hand they hold and every exchange they draw, six times per discard considered).
    """
    return [beat_one(score_of_packed(packed)) for packed in range(PACKED_SCORES)]


def hand_strength(hand: list[int], opponents: int) -> float:
    """The chance to beat ``opponents`` random hands at once: ``beat_one`` of the hand's score
    to the power of the opponents (at least one).
    """
    return _beat_by_packed()[packed_score(hand)] ** max(opponents, 1)


SMALL_SET_SAMPLE = 21
"""``random.Random.sample`` draws up to five cards by remembering the positions chosen in a set
when the population is larger than this (its ``setsize``), else from a copy of it."""


def _sample(rng: random.Random, pool: list[int], count: int) -> list[int]:
    """``rng.sample(pool, count)``: the same cards in the same order, the generator left in the
    same state, without the method's checks of its arguments and its calls per card, which
    cost as much as the drawing for the few cards of an exchange.

    For up to five cards from more than ``SMALL_SET_SAMPLE`` the method draws each position as
    ``_randbelow`` does (``getrandbits`` of the pool size's bit length until one falls inside
    the pool), again while the position was chosen before; this draws the same bits in the
    same order. Larger draws, small pools and other generators go to the method itself.
    """
    size = len(pool)
    if count > 5 or size <= SMALL_SET_SAMPLE or type(rng) is not random.Random:
        return rng.sample(pool, count)
    getrandbits = rng.getrandbits
    bits = size.bit_length()
    drawn: list[int] = []
    selected: set[int] = set()
    for _ in range(count):
        index = getrandbits(bits)
        while index >= size or index in selected:
            index = getrandbits(bits)
        selected.add(index)
        drawn.append(pool[index])
    return drawn


def _number(code: str) -> int:
    """The number a legal ``drop:``, ``bet:``, ``raise:`` or ``take:`` code names."""
    number = decode(code)[1][0]
    assert isinstance(number, int)  # legal codes of these verbs name a card or an amount
    return number


class StrategyPlayer:
    """Plays by hand strength and pot odds (see the module docstring)."""

    call_margin = 1.5
    """A call needs strength x (pot + call) >= margin x call."""
    strong = 0.7
    """Strength (and multiple of a fair share) above which the player bets big."""
    medium = 0.5
    """Strength above which the player bets half the pot."""
    big_bet = 1.0
    """The big bet, in pots."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """A legal code (or a menu amount) for ``seat``."""
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        hand: list[int] = view["hand"]
        opponents = sum(
            1
            for other in range(view["players"])
            if other != seat and view["in_hand"][other] and not view["folded"][other]
        )
        unseen = _unseen(view)
        if legal[0].startswith("drop:"):
            return max(legal, key=lambda code: (evaluate_partial(hand, _number(code)), code))
        if legal == ["fold", "pay"]:
            power = self._strength(view, hand, unseen, opponents, rng)
            pot = view["pot"] + view["ante"]
            return "pay" if power * pot >= view["ante"] else "fold"
        if view["phase"] == "exchange":
            return self._exchange(view, hand, legal, unseen, opponents, rng)
        return self._bet(view, hand, legal, unseen, opponents, rng)

    # ----- judging a hand ----------------------------------------------------------------------

    def _strength(
        self,
        view: dict,
        hand: list[int],
        unseen: list[int],
        opponents: int,
        rng: random.Random,
    ) -> float:
        seat = view["seat"]
        if view["phase"] == "bet" and view["round"] == 2:
            return hand_strength(hand, opponents)
        if view["phase"] == "exchange" and view["exchanged"][seat]:
            return hand_strength(hand, opponents)
        keep = _keepers(hand)
        return max(
            _expected(hand, discard, unseen, opponents, rng)
            for discard in _discard_options(hand, keep)
        )

    # ----- betting -----------------------------------------------------------------------------

    def _bet(
        self,
        view: dict,
        hand: list[int],
        legal: list[str],
        unseen: list[int],
        opponents: int,
        rng: random.Random,
    ) -> str:
        power = self._strength(view, hand, unseen, opponents, rng)
        fair = 1 / (opponents + 1)
        amounts = sorted(_number(code) for code in legal if code.startswith(("bet:", "raise:")))
        verb = "bet" if "check" in legal else "raise"
        pot = view["pot"]
        to_call = view["to_call"]

        def sized(target: int) -> str:
            amount = min(amounts, key=lambda option: abs(option - target))
            return f"{verb}:{amount}"

        if amounts and power > max(self.strong, 2.2 * fair):
            return sized(view["current_bet"] + int(self.big_bet * (pot + to_call)))
        if amounts and power > max(self.medium, 1.5 * fair):
            return sized(view["current_bet"] + (pot + to_call) // 2)
        if "check" in legal:
            return "check"
        if power * (pot + to_call) >= self.call_margin * to_call:
            return "call"
        return "fold"

    # ----- the exchange ------------------------------------------------------------------------

    def _exchange(
        self,
        view: dict,
        hand: list[int],
        legal: list[str],
        unseen: list[int],
        opponents: int,
        rng: random.Random,
    ) -> str:
        used = {card for group in explain(hand)["groups"] for card in group}
        if "loch" in legal and SCHWARZES_LOCH not in used:
            return "loch"
        if SCHNELLER_TOD not in used:
            targets = [code for code in legal if code.startswith("tod:")]
            if targets:
                # The richest opponent loses a card of their choice; we replace a dead joker.
                return max(targets, key=lambda code: (view["stacks"][decode(code)[1][0]], code))
        if "wasser" in legal and DUNKLE_WASSER not in used:
            return "wasser"
        keep = _keepers(hand)
        best_code, best_value = "keep", -1.0
        for discard in _discard_options(hand, keep):
            code = "swap:" + ":".join(map(str, discard)) if discard else "keep"
            if code not in legal:
                continue
            value = _expected(hand, discard, unseen, opponents, rng)
            if value > best_value:
                best_code, best_value = code, value
        return best_code


def evaluate_partial(hand: list[int], dropped: int) -> tuple[int, ...]:
    """The score of ``hand`` without ``dropped`` (a Schneller Tod answer keeps the most)."""
    return evaluate([card for card in hand if card != dropped])


def _unseen(view: dict) -> list[int]:
    known = set(view["hand"]) | {entry[0] for entry in view["laid"]}
    return [card for card in range(DECK_SIZE) if card not in known]


def _keepers(hand: list[int]) -> set[int]:
    """Cards worth keeping: the best combinations, jokers, and suns when collecting suns."""
    keep = {card for group in explain(hand)["groups"] for card in group}
    keep |= {card for card in hand if card >= 42}
    suns = [card for card in hand if 36 <= card < 42]
    if len(suns) >= 3:
        keep |= set(suns)
    return keep


def _discard_options(hand: list[int], keep: set[int]) -> list[tuple[int, ...]]:
    """Keep everything, or discard 1-3 of the cards not worth keeping."""
    spare = sorted(card for card in hand if card not in keep)
    options: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << len(spare)):
        chosen = tuple(card for bit, card in enumerate(spare) if mask >> bit & 1)
        if len(chosen) <= 3:
            options.append(chosen)
    return options


def _expected(
    hand: list[int],
    discard: tuple[int, ...],
    unseen: list[int],
    opponents: int,
    rng: random.Random,
) -> float:
    """The mean strength after discarding ``discard`` and drawing replacements."""
    kept = [card for card in hand if card not in discard]
    if not discard:
        return hand_strength(kept, opponents)
    pool = [card for card in unseen if card not in discard]
    beat = _beat_by_packed()
    power = max(opponents, 1)
    total = 0.0
    for _ in range(DRAW_SAMPLES):
        total += beat[packed_score(kept + _sample(rng, pool, len(discard)))] ** power
    return total / DRAW_SAMPLES


def hand_over(state: State) -> bool:
    """Where the strong player's playouts stop: the hand searched is over and the next deal
    waits. The four hands after it would add their own luck to every playout and drown the
    difference one decision makes; the match's end is still played to (the last hand).
    """
    return bool(state["phase"] == "deal")


def standing_after_hand(state: State, seat: int) -> float:
    """A position between hands for ``seat``: its chips as a share of twice a fair share
    (capped at 1). The chips a move wins or loses count in every hand, where a match's
    yardstick of places (``utility``) moves only when one stack passes another: valued by the
    places the chips stood in, most moves of a hand looked alike and strong won 1.20-1.25x its
    fair share of first places against normal, valued by the chips 1.35x (400 games each,
    README). The last hand's playouts reach the match's end and are scored by its places.
    """
    fair = state["total"] / state["n"]
    return min(1.0, state["stacks"][seat] / (2 * fair))
