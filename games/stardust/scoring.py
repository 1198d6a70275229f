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

The search over a hand's combinations (``_evaluate``) decides every hand. For the hands of five,
nearly every hand scored, its verdicts are also kept in a table of all C(48, 5) of them
(``verdicts.bin``, written by ``tools/stardust_verdicts_table.py`` and read on first use), so
that a showdown or an engine player's estimate looks a hand up instead of searching it.
"""

from __future__ import annotations

import sys
import threading
import zlib
from array import array
from functools import lru_cache
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

from games.core import Text

from .cards import (
    DECK_SIZE,
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


Entry = tuple[int, int, int, tuple[int, ...]]
"""A combination as the pair search reads it: points * 4 + structure rank, the mask of its
cards, how many cards it has, and the cards."""

_ENTRIES: dict[tuple[int, ...], Entry] = {
    group: (points * 4 + rank, mask, len(group), group)
    for group, (points, rank, mask) in GROUPS.items()
}

_BY_STRUCTURE: tuple[dict[int, tuple[tuple[Entry, ...], tuple[Entry, ...]]], ...] = ({}, {}, {})
"""Per structure, the pairs and the triples a hand makes of its planets of that structure and
its jokers, by the 12-bit mask of those planets plus the jokers' 6 bits above it (filled as
hands come: at most the ~31,000 sets of up to six of those 18 cards each). Every combination
has planets of one structure only, and its lowest card is one of them: as the structures' ids
follow each other, these put together in structure order are in the order ``combinations``
gives (pairs, then triples), and the first best decomposition found is the same one."""


_WALD, _AQUA, _WUESTE = _BY_STRUCTURE


def _structure_groups(structure: int, key: int) -> tuple[tuple[Entry, ...], tuple[Entry, ...]]:
    found = _BY_STRUCTURE[structure].get(key)
    if found is None:
        cards = [structure * 12 + index for index in range(12) if key >> index & 1]
        cards += [FIRST_JOKER + index for index in range(6) if key >> (12 + index) & 1]
        found = (
            tuple(_ENTRIES[group] for group in combinations(cards, 2) if group in _ENTRIES),
            tuple(_ENTRIES[group] for group in combinations(cards, 3) if group in _ENTRIES),
        )
        _BY_STRUCTURE[structure][key] = found
    return found


def _evaluate(hand: tuple[int, ...]) -> Verdict:
    """The verdict on a hand given in ascending order (``_evaluate_sorted`` caches it)."""
    best_sun = suns = 0
    jokers = []
    held = 0
    for card in hand:  # ascending: the last sun is the best
        if card < PLANETS:
            held |= 1 << card
        elif card < FIRST_JOKER:
            suns += 1
            best_sun = card - 35
        else:
            jokers.append(card)
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
    wilds = (held >> FIRST_JOKER) << 12
    key = held & 0xFFF | wilds
    wald = _WALD.get(key) or _structure_groups(0, key)
    key = held >> 12 & 0xFFF | wilds
    aqua = _AQUA.get(key) or _structure_groups(1, key)
    key = held >> 24 & 0xFFF | wilds
    wueste = _WUESTE.get(key) or _structure_groups(2, key)
    pairs = wald[0] + aqua[0] + wueste[0]
    triples = wald[1] + aqua[1] + wueste[1]
    if not pairs and not triples:
        return (SYSTEMS, 0, best_sun, 0), "nichts", ()
    # Keys are points * 4 + rank, so comparing keys compares (points, rank). Two combinations
    # score their points' sum with the rank of the better one, which is the rank of the larger
    # key: the sum of the keys less the smaller key's rank. The combinations are tried in the
    # order pairs, then triples (each by structure), every one alone and then with each later
    # one; the first best found counts. Two triples are six cards, more than a hand may use,
    # so a triple is only tried alone, and any other two fit in five cards.
    best = 0
    best_groups: tuple[tuple[int, ...], ...] = ()
    for index, (key_a, mask_a, _size, group_a) in enumerate(pairs):
        if key_a > best:
            best, best_groups = key_a, (group_a,)
        for key_b, mask_b, _size, group_b in pairs[index + 1 :]:
            if not mask_a & mask_b:
                candidate = key_a + key_b - (min(key_a, key_b) & 3)
                if candidate > best:
                    best, best_groups = candidate, (group_a, group_b)
        for key_b, mask_b, _size, group_b in triples:
            if not mask_a & mask_b:
                candidate = key_a + key_b - (min(key_a, key_b) & 3)
                if candidate > best:
                    best, best_groups = candidate, (group_a, group_b)
    for key_a, _mask, _size, group_a in triples:
        if key_a > best:
            best, best_groups = key_a, (group_a,)
    return (SYSTEMS, best >> 2, best_sun, best & 3), _kind(best_groups), best_groups


_evaluate_sorted = lru_cache(maxsize=1 << 16)(_evaluate)
"""``_evaluate`` remembered, for the hands the table below does not hold (four or six cards)."""


# ----- every five-card hand's verdict, looked up ---------------------------------------------

VERDICTS_FILE = Path(__file__).with_name("verdicts.bin")
"""The verdict on each of the C(48, 5) five-card hands (``tools/stardust_verdicts_table.py``)."""

KINDS = ("treffen", "sternenhaufen", "mega", "gemischt", "zweimal", "dreier", "zweier", "nichts")
"""The kinds of combination (``KIND_NAMES``) in the order a packed verdict numbers them: the
table is written in this order, so a change here means writing it again."""

_RANK_TERMS = tuple(tuple(comb(card, place) for card in range(DECK_SIZE)) for place in (2, 3, 4, 5))
_PAIR_TERM, _TRIPLE_TERM, _QUADRUPLE_TERM, _QUINTUPLE_TERM = _RANK_TERMS


def hand_rank(hand: list[int] | tuple[int, ...]) -> int:
    """A sorted five-card hand's index among all of them in colexicographic order: the hands
    whose highest card is lower come first, and so on down, so the ranks are 0 to C(48, 5) - 1.
    """
    first, second, third, fourth, fifth = hand
    return (
        first
        + _PAIR_TERM[second]
        + _TRIPLE_TERM[third]
        + _QUADRUPLE_TERM[fourth]
        + _QUINTUPLE_TERM[fifth]
    )


def pack_score(score: Score) -> int:
    """A score as one int that orders as the tuple does: category, points (at most 26, a
    Sternenhaufen of the best suns), best sun (0-6) and structure rank (0-3) side by side.
    """
    category, points, best_sun, structure = score
    return category << 10 | points << 5 | best_sun << 2 | structure


PACKED_SCORES = 1 << 12
"""How many packed scores there are (``pack_score`` gives 0 to ``PACKED_SCORES - 1``)."""
_SCORE_OF_PACKED = tuple(
    (packed >> 10, packed >> 5 & 31, packed >> 2 & 7, packed & 3) for packed in range(PACKED_SCORES)
)
"""Each packed score's tuple (one shared tuple per score)."""
_PACKED_BITS = 13
"""A packed verdict: the packed score above the kind (3 bits) and two 5-bit group masks."""


def pack_verdict(hand: tuple[int, ...], verdict: Verdict) -> int:
    """A five-card hand's verdict as one int: the packed score, the kind's index in ``KINDS``
    and each combination's cards as the mask of their places in the sorted hand (the first
    group's above the second's; 0 where there is none).
    """
    score, kind, groups = verdict
    masks = [0, 0]
    for number, group in enumerate(groups):
        for card in group:
            masks[number] |= 1 << hand.index(card)
    return pack_score(score) << _PACKED_BITS | KINDS.index(kind) << 10 | masks[0] << 5 | masks[1]


_PLACES = tuple(tuple(place for place in range(5) if mask >> place & 1) for mask in range(32))
"""The places in a hand of five that each group mask names, in ascending order."""


_VERDICTS = array("I")
"""The table, read from ``VERDICTS_FILE`` at the first look-up (``_read_verdicts``): a process
that never scores a Stardust hand keeps its 6.8 MB, and the tool that writes the file runs
without one. Every look-up below indexes it inside ``try``; only the first one fails."""


_READING = threading.Lock()
"""Held while the table is read: engine players and pictures score hands in worker threads, and
two first look-ups at once must not fill it twice."""


def _read_verdicts() -> None:
    with _READING:
        if _VERDICTS:
            return
        table = array("I")
        table.frombytes(zlib.decompress(VERDICTS_FILE.read_bytes()))
        if sys.byteorder == "big":
            table.byteswap()  # the file is little-endian
        if table.itemsize != 4 or len(table) != comb(DECK_SIZE, 5):
            raise RuntimeError(f"{VERDICTS_FILE} does not hold one 32-bit verdict per hand")
        _VERDICTS.extend(table)


def _entry(hand: list[int]) -> int:
    """The packed verdict of a sorted hand of five (``pack_verdict``)."""
    try:
        return _VERDICTS[hand_rank(hand)]
    except IndexError:
        _read_verdicts()
        return _VERDICTS[hand_rank(hand)]


def _unpack(cards: list[int] | tuple[int, ...], entry: int) -> Verdict:
    first, second = _PLACES[entry >> 5 & 31], _PLACES[entry & 31]
    if not first:
        groups: tuple[tuple[int, ...], ...] = ()
    elif not second:
        groups = (tuple([cards[place] for place in first]),)
    else:
        groups = (
            tuple([cards[place] for place in first]),
            tuple([cards[place] for place in second]),
        )
    return _SCORE_OF_PACKED[entry >> _PACKED_BITS], KINDS[entry >> 10 & 7], groups


def packed_score(cards: list[int] | tuple[int, ...]) -> int:
    """``pack_score(evaluate(cards))``, without the tuple for a hand of five."""
    hand = sorted(cards)
    if len(hand) == 5:
        try:
            return _VERDICTS[hand_rank(hand)] >> _PACKED_BITS
        except IndexError:
            return _entry(hand) >> _PACKED_BITS
    return pack_score(_evaluate_sorted(tuple(hand))[0])


def score_of_packed(packed: int) -> Score:
    """The score tuple a packed score stands for (``pack_score`` undone)."""
    return _SCORE_OF_PACKED[packed]


def showdown_verdict(cards: list[int]) -> tuple[int, list[int], str, list[list[int]]]:
    """A sorted hand's verdict as a showdown shows it: the packed score (``pack_score``, to
    compare), the score, the kind and the combinations' cards as lists.
    """
    if len(cards) == 5:
        try:
            entry = _VERDICTS[hand_rank(cards)]
        except IndexError:
            entry = _entry(cards)
        packed = entry >> _PACKED_BITS
        first, second = _PLACES[entry >> 5 & 31], _PLACES[entry & 31]
        if not first:
            groups = []
        elif not second:
            groups = [[cards[place] for place in first]]
        else:
            groups = [[cards[place] for place in first], [cards[place] for place in second]]
        return packed, list(_SCORE_OF_PACKED[packed]), KINDS[entry >> 10 & 7], groups
    score, kind, found = _evaluate(tuple(cards))
    return pack_score(score), list(score), kind, [list(group) for group in found]


def _kind(groups: tuple[tuple[int, ...], ...]) -> str:
    if not groups:
        return "nichts"
    if len(groups) == 1:
        return "zweier" if len(groups[0]) == 2 else "dreier"
    first, second = groups
    if len(first) == len(second):
        return "zweimal"
    # A combination's lowest card is one of its planets (the jokers have the highest ids).
    return "mega" if first[0] // 12 == second[0] // 12 else "gemischt"


def judge(cards: list[int] | tuple[int, ...]) -> Verdict:
    """The score, the kind of the best combination and its card groups, as tuples."""
    hand = sorted(cards)
    if len(hand) == 5:
        return _unpack(hand, _entry(hand))
    return _evaluate_sorted(tuple(hand))


def evaluate(cards: list[int] | tuple[int, ...]) -> Score:
    """The score of a hand of 5 or 6 cards (any order); higher tuples win."""
    return _SCORE_OF_PACKED[packed_score(cards)]


def explained(verdict: Verdict) -> dict[str, Any]:
    """A ``judge`` verdict as JSON-native parts: score, kind and combination groups."""
    score, kind, groups = verdict
    return {"score": list(score), "kind": kind, "groups": [list(group) for group in groups]}


def explain(cards: list[int] | tuple[int, ...]) -> dict[str, Any]:
    """The score, the kind of the best combination and its card groups (JSON-native)."""
    return explained(judge(cards))


def kind_name(kind: str, lang: str) -> str:
    """The name of a combination kind."""
    return KIND_NAMES[kind].get(lang)
