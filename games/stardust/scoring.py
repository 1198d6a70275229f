"""The Stardust hand evaluator.

A hand's score is a tuple compared as a whole (higher wins, equal tuples split the pot)::

    (category, points, best_sun, structure)

- ``category``: 2 das grosse Treffen (5 jokers), 1 Sternenhaufen (5 suns), 0 planet systems.
- ``points``: planet systems: the best sum of economy points over disjoint combinations using at
  most 5 cards (a 6-card hand after a Schwarzes Loch uses its best 5); Sternenhaufen: the sum of
  its 5 sun values (gelb 1-3, rot 4-6; Prisma/Heiler/Lebenshauch as rot 3/2/1).
- ``best_sun``: the value of the best real sun held anywhere in the hand (0: none). Real suns are
  unique, so two hands tie here only when neither holds a sun.
- ``structure``: the structure of the highest-scoring combination (3 Wald, 2 Aqua, 1 Wüste,
  0 none); of two equally scoring decompositions the one with the better structure counts.

Combinations: Zweiersystem (2 planets of one size and structure), Dreiersystem (3 of one size
and structure, or gross + mittel + klein of one structure); Gemischtes System and Megasystem are
a Dreier plus a Zweier (another / the same structure) and score as their sum. A joker stands in
for a planet of any structure and size with its fixed points; every combination needs at least
one real planet (a Sternenhaufen at least one real sun).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from games.core import Text

from .cards import (
    FIRST_JOKER,
    FIRST_SUN,
    JOKER_PLANET_POINTS,
    JOKER_SUN_VALUE,
    PLANETS,
    STRUCTURE_RANK,
)

Score = tuple[int, int, int, int]
Verdict = tuple[Score, str, tuple[tuple[int, ...], ...]]
"""A hand's score, the kind of its best combination and that combination's card groups."""

TREFFEN, STERNENHAUFEN, SYSTEMS = 2, 1, 0

KIND_NAMES = {
    "treffen": Text("Das große Treffen", "Das große Treffen (five jokers)"),
    "sternenhaufen": Text("Sternenhaufen", "Sternenhaufen (star cluster)"),
    "mega": Text("Megasystem", "Megasystem (mega system)"),
    "gemischt": Text("Gemischtes System", "Gemischtes System (mixed system)"),
    "zweimal": Text("Zwei Zweiersysteme", "Two Zweiersysteme (two pairs)"),
    "dreier": Text("Dreiersystem", "Dreiersystem (three system)"),
    "zweier": Text("Zweiersystem", "Zweiersystem (two system)"),
    "nichts": Text("Keine Kombination", "No combination"),
}


def group_value(group: tuple[int, ...]) -> tuple[int, int] | None:
    """(points, structure rank) of a 2- or 3-card planet combination, None if it is none."""
    structure = -1
    sizes = []
    total = 0
    for card in group:
        if card < PLANETS:
            card_structure = card // 12
            if structure >= 0 and card_structure != structure:
                return None
            structure = card_structure
            sizes.append(card % 12 // 4)
            total += card % 4 + 1
        elif card >= FIRST_JOKER:
            total += JOKER_PLANET_POINTS[card - FIRST_JOKER]
        else:
            return None  # a sun is never part of a planet system
    if structure < 0:
        return None  # at least one real planet
    distinct = len(set(sizes))
    if distinct != 1 and not (len(group) == 3 and distinct == len(sizes)):
        return None  # same size, or (Dreier only) gross + mittel + klein
    return total, STRUCTURE_RANK[structure]


def _all_groups() -> dict[tuple[int, ...], tuple[int, int, int]]:
    """Every valid 2- and 3-card planet combination (sorted ids) with its value: ~7,000 entries,
    built once so that scoring a hand is a handful of dictionary look-ups.
    """
    usable = [card for card in range(48) if card < PLANETS or card >= FIRST_JOKER]
    table = {}
    for width in (2, 3):
        for group in combinations(usable, width):
            value = group_value(group)
            if value is not None:
                mask = 0
                for card in group:
                    mask |= 1 << card
                table[group] = (value[0], value[1], mask)
    return table


GROUPS = _all_groups()


def _partner_tables() -> tuple[list[int], list[int], list[int]]:
    """Bit masks over card ids, from ``GROUPS``: per card ``a`` the cards ``b > a`` that make a
    pair with it; per card ``a`` the cards ``b > a`` that start a triple with it; per ``a * 48 + b``
    the cards ``c > b`` that end such a triple. A hand's groups are then the set bits of these
    masks and the hand's own mask, found in the order ``combinations`` lists them (so the first
    best decomposition is the same one), without a look-up per pair and triple of its cards.
    """
    pairs, firsts, thirds = [0] * 48, [0] * 48, [0] * (48 * 48)
    for group in GROUPS:
        if len(group) == 2:
            pairs[group[0]] |= 1 << group[1]
        else:
            first, second, third = group
            firsts[first] |= 1 << second
            thirds[first * 48 + second] |= 1 << third
    return pairs, firsts, thirds


_PAIRS, _TRIPLE_SECONDS, _TRIPLE_THIRDS = _partner_tables()


def _evaluate(hand: tuple[int, ...]) -> Verdict:
    """The verdict on a hand given in ascending order (``_evaluate_sorted`` caches it)."""
    best_sun = suns = 0
    jokers = []
    usable = []
    held = 0
    for card in hand:  # ascending: the last sun is the best
        if card < PLANETS:
            usable.append(card)
            held |= 1 << card
        elif card < FIRST_JOKER:
            suns += 1
            best_sun = card - 35
        else:
            jokers.append(card)
            usable.append(card)
            held |= 1 << card
    if jokers:
        if len(jokers) >= 5:
            return (TREFFEN, 0, best_sun, 0), "treffen", (tuple(jokers[:5]),)
        sun_jokers = [card for card in jokers if JOKER_SUN_VALUE[card - FIRST_JOKER]]
    else:
        sun_jokers = []
    if suns and suns + len(sun_jokers) >= 5:
        sun_cards = sorted(
            [(card - 35, card) for card in hand if FIRST_SUN <= card < FIRST_JOKER]
            + [(JOKER_SUN_VALUE[card - FIRST_JOKER], card) for card in sun_jokers],
            reverse=True,
        )
        top = sun_cards[:5]  # at most 3 jokers can be suns, so a real sun is among them
        cluster = tuple(sorted(card for _value, card in top))
        score = (STERNENHAUFEN, sum(value for value, _card in top), best_sun, 0)
        return score, "sternenhaufen", (cluster,)
    groups: list[tuple[tuple[int, int, int], tuple[int, ...]]] = []
    found = groups.append
    for first in usable:
        mask = _PAIRS[first] & held
        while mask:
            low = mask & -mask
            mask ^= low
            group: tuple[int, ...] = (first, low.bit_length() - 1)
            found((GROUPS[group], group))
    for first in usable:
        seconds = _TRIPLE_SECONDS[first] & held
        while seconds:
            low = seconds & -seconds
            seconds ^= low
            second = low.bit_length() - 1
            thirds = _TRIPLE_THIRDS[first * 48 + second] & held
            while thirds:
                low = thirds & -thirds
                thirds ^= low
                group = (first, second, low.bit_length() - 1)
                found((GROUPS[group], group))
    if not groups:
        return (SYSTEMS, 0, best_sun, 0), "nichts", ()
    best: tuple[int, int] = (0, 0)
    best_groups: tuple[tuple[int, ...], ...] = ()
    for index, ((points_a, rank_a, mask_a), group_a) in enumerate(groups):
        if (points_a, rank_a) > best:
            best, best_groups = (points_a, rank_a), (group_a,)
        for (points_b, rank_b, mask_b), group_b in groups[index + 1 :]:
            if mask_a & mask_b or len(group_a) + len(group_b) > 5:
                continue
            if points_a != points_b:
                rank = rank_a if points_a > points_b else rank_b
            else:
                rank = max(rank_a, rank_b)
            candidate = (points_a + points_b, rank)
            if candidate > best:
                best, best_groups = candidate, (group_a, group_b)
    return (SYSTEMS, best[0], best_sun, best[1]), _kind(best_groups), best_groups


_evaluate_sorted = lru_cache(maxsize=1 << 16)(_evaluate)


def judge_sorted(cards: list[int]) -> Verdict:
    """``judge`` of a hand already in ascending order, not cached: a showdown's hands are new
    ones (a simulated match shows about six), where the cache only adds its own upkeep.
    """
    return _evaluate(tuple(cards))


def _kind(groups: tuple[tuple[int, ...], ...]) -> str:
    if not groups:
        return "nichts"
    if len(groups) == 1:
        return "zweier" if len(groups[0]) == 2 else "dreier"
    if len(groups[0]) == len(groups[1]):
        return "zweimal"
    structures = {card // 12 for group in groups for card in group if card < PLANETS}
    return "mega" if len(structures) == 1 else "gemischt"


def judge(cards: list[int] | tuple[int, ...]) -> Verdict:
    """The score, the kind of the best combination and its card groups, as tuples (cached)."""
    return _evaluate_sorted(tuple(sorted(cards)))


def evaluate(cards: list[int] | tuple[int, ...]) -> Score:
    """The score of a hand of 5 or 6 cards (any order); higher tuples win."""
    return _evaluate_sorted(tuple(sorted(cards)))[0]


def explained(verdict: Verdict) -> dict[str, Any]:
    """A ``judge`` verdict as JSON-native parts: score, kind and combination groups."""
    score, kind, groups = verdict
    return {"score": list(score), "kind": kind, "groups": [list(group) for group in groups]}


def explain(cards: list[int] | tuple[int, ...]) -> dict[str, Any]:
    """The score, the kind of the best combination and its card groups (JSON-native)."""
    return explained(_evaluate_sorted(tuple(sorted(cards))))


def kind_name(kind: str, lang: str) -> str:
    """The name of a combination kind."""
    return KIND_NAMES[kind].get(lang)
