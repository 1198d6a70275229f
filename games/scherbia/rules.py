"""Pure rule helpers on a trick: current values, totals, the decision, the abilities' targets.

A trick is a list of entries, one per card lying, in play order (a Sperrfeuer replacement takes
the slot of the card it replaces). An entry is a dict with short keys so states stay small:

``s`` seat, ``c`` card, ``l`` the layer whose slot it fills, ``a`` the layer in which it was
placed, ``as`` the profession a Berufsloser copies (None: nothing), ``lk``/``lc`` the slot and
card of the Holzfaeller whose roll a copying Berufsloser takes, ``r`` a roll, ``p`` protected
(a Sperrfeuer replacement, see the rules page), ``x`` the seat whose Dieb stole it, ``w``
after a Heiler exchange the Heiler (or copying Berufsloser) that went back to hand, while ``c``
is then the hand card that took its place (no longer a played card: no Bauer return).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import (
    BAECKER,
    BASE,
    BAUER,
    BERUFSLOSER,
    DIEB,
    HEILER,
    HOLZFAELLER,
    KRIEGER,
    MAGIER,
    PRINTED_OF_CARD,
    PROFESSION_OF_CARD,
    SCHMIED,
    SCHUERFER,
    SEEMANN,
)

Entry = dict[str, Any]


def effective(entry: Entry) -> int:
    """The profession an entry acts as: a Berufsloser acts as what it copies."""
    prof = PROFESSION_OF_CARD[entry["c"]]
    if prof == BERUFSLOSER and entry["as"] is not None:
        return entry["as"]
    return prof


def lying_counts(trick: list[Entry]) -> tuple[int, int, int]:
    """Krieger, Schmied and Bauer cards lying (printed cards only, not copies)."""
    krieger = schmied = bauer = 0
    for entry in trick:
        prof = entry["c"] >> 2
        if prof == KRIEGER:
            krieger += 1
        elif prof == SCHMIED:
            schmied += 1
        elif prof == BAUER:
            bauer += 1
    return krieger, schmied, bauer


def entry_value(entry: Entry, counts: tuple[int, int, int]) -> int:
    """The current value of an entry in the trick (bonuses included, unrolled dice 0)."""
    prof = effective(entry)
    if prof == SCHMIED:
        return 8 + counts[0]
    if prof == SCHUERFER:
        return 4 + counts[0] + counts[1]
    if prof == BAECKER:
        return 2 + 3 * counts[2]
    if prof == HOLZFAELLER:
        return entry["r"] or 0
    return BASE[prof]


(
    _KRIEGER,
    _DIEB,
    _HEILER,
    _SCHMIED,
    _SCHUERFER,
    _BAECKER,
    _BAUER,
    _HOLZFAELLER,
    _COPIED_KRIEGER,
    _COPIED_SCHMIED,
    _COPIER,
) = range(-1, -12, -1)
"""``scan_layer``'s codes of the cards that are more than a value (a value is a code >= 0)."""
_SPECIAL = {
    KRIEGER: _KRIEGER,
    DIEB: _DIEB,
    HEILER: _HEILER,
    SCHMIED: _SCHMIED,
    SCHUERFER: _SCHUERFER,
    BAECKER: _BAECKER,
    BAUER: _BAUER,
    HOLZFAELLER: _HOLZFAELLER,
    BERUFSLOSER: _COPIER,
}
_SCAN_CODE = [_SPECIAL.get(card >> 2, BASE[card >> 2]) for card in range(4 * len(BASE))]
"""Per card: its printed value if that is all it counts for (Magier, Jaeger, Seemann), else
its code: one table lookup sorts every card of a trick."""
_SCAN_COPY_CODE = [
    {
        **_SPECIAL,
        KRIEGER: _COPIED_KRIEGER,
        SCHMIED: _COPIED_SCHMIED,
        BAUER: BASE[BAUER],
        BERUFSLOSER: 0,
    }.get(prof, BASE[prof])
    for prof in range(len(BASE))
]
"""Per profession: the code of a Berufsloser copying it (a copy is not counted among the
Krieger, Schmied and Bauer lying, and a copied Berufsloser counts 0)."""


class LayerScan(NamedTuple):
    """What one pass over a trick found (``scan_layer``)."""

    sums: list[int]
    """Each seat's total: ``entry_value`` summed (bonuses included)."""
    blockers: list[int]
    """The seats of the Krieger (printed or copied) placed in the layer asked about."""
    dieb: bool
    """Whether a Dieb (printed or copied) lies in the trick."""
    heiler: bool
    """Whether a Heiler (printed or copied) lies in the trick."""


def totals(trick: list[Entry], players: int) -> list[int]:
    """Each seat's trick total (a die not yet rolled counts 0)."""
    scan = scan_layer(trick, players, -1, False)
    assert scan is not None  # only a scan that waits for the dice gives None
    return scan.sums


def scan_layer(
    trick: list[Entry], players: int, layer: int, wait_for_dice: bool = True
) -> LayerScan | None:
    """One pass over a trick whose ``layer`` is complete, answering what the steps after it ask
    (the totals, this layer's Krieger for Blockade, whether a Dieb or Heiler lies in it); None
    while a Holzfaeller (printed or copied) has not rolled yet (the engine's roll step), unless
    ``wait_for_dice`` is False: then an unrolled die counts 0.

    ``entry_value`` summed in one pass (asked at every complete layer): the bonuses depend
    on counts of the whole trick, so the seats of the cards that get them are noted and paid
    once the counts are known.
    """
    krieger = schmied = bauer = 0
    sums = [0] * players
    bonus_k: list[int] = []  # a seat per Schmied and Schuerfer (+1 per Krieger)
    bonus_s: list[int] = []  # a seat per Schuerfer (+1 per Schmied)
    bonus_b: list[int] = []  # a seat per Baecker (+3 per Bauer)
    blockers: list[int] = []
    dieb = heiler = False
    for entry in trick:
        code = _SCAN_CODE[entry["c"]]
        if code == _COPIER:
            copied = entry["as"]
            if copied is None:  # copies nothing: counts 0
                continue
            code = _SCAN_COPY_CODE[copied]
        if code >= 0:  # a value and nothing else
            sums[entry["s"]] += code
            continue
        seat = entry["s"]
        if code == _KRIEGER:
            krieger += 1
            sums[seat] += BASE[KRIEGER]
            if layer >= 0 and entry["a"] == layer:  # totals alone ask for no layer
                blockers.append(seat)
        elif code == _DIEB:
            sums[seat] += BASE[DIEB]
            dieb = True
        elif code == _HEILER:
            sums[seat] += BASE[HEILER]
            heiler = True
        elif code == _SCHMIED:
            schmied += 1
            sums[seat] += 8
            bonus_k.append(seat)
        elif code == _SCHUERFER:
            sums[seat] += 4
            bonus_k.append(seat)
            bonus_s.append(seat)
        elif code == _BAECKER:
            sums[seat] += 2
            bonus_b.append(seat)
        elif code == _BAUER:
            bauer += 1
            sums[seat] += BASE[BAUER]
        elif code == _HOLZFAELLER:
            roll = entry["r"]
            if roll is None:
                if wait_for_dice:
                    return None
                roll = 0
            sums[seat] += roll
        elif code == _COPIED_KRIEGER:
            sums[seat] += BASE[KRIEGER]
            if layer >= 0 and entry["a"] == layer:
                blockers.append(seat)
        else:  # a copied Schmied: its value, not counted as one lying
            sums[seat] += 8
            bonus_k.append(seat)
    if krieger:
        for seat in bonus_k:
            sums[seat] += krieger
    if schmied:
        for seat in bonus_s:
            sums[seat] += schmied
    if bauer:
        for seat in bonus_b:
            sums[seat] += 3 * bauer
    return LayerScan(sums, blockers, dieb, heiler)


def decide(trick: list[Entry], sums: list[int], allmacht: bool = True) -> int | None:
    """The winning seat, or None for a tie the Magier rule does not break (``allmacht``
    False: a Wichtelmagier took the Magier's tie-break).
    """
    top = max(sums)
    if sums.count(top) == 1:  # counted in C: nearly every decision has one top total
        return sums.index(top)
    tied = [seat for seat, total in enumerate(sums) if total == top]
    if not allmacht:
        return None
    with_magier = {entry["s"] for entry in trick if effective(entry) == MAGIER} & set(tied)
    if len(with_magier) == 1:
        return with_magier.pop()
    return None


def latest_slot(trick: list[Entry], seat: int, layer: int) -> int | None:
    """The slot of ``seat``'s most recent card: this layer's, else the previous layer's."""
    previous = None
    for index, entry in enumerate(trick):
        if entry["s"] == seat:
            if entry["l"] == layer:
                return index
            if entry["l"] == layer - 1:
                previous = index
    return previous


def dieb_target(trick: list[Entry], thief: int, highest: bool = False) -> int | None:
    """The slot a Dieb takes: lowest printed value, earliest played, not itself, not stolen
    (``highest``: an Assassine's Dieb takes the highest printed value instead).
    """
    best = None
    best_key = None
    for index, entry in enumerate(trick):
        if index == thief or entry["x"] is not None:
            continue
        key = PRINTED_OF_CARD[entry["c"]]
        if highest:
            key = -key
        if best_key is None or key < best_key:
            best, best_key = index, key
    return best


def is_heiler(entry: Entry) -> bool:
    """Whether an entry may use Reinkarnation (a Heiler or a Berufsloser copying one)."""
    return entry["w"] is None and effective(entry) == HEILER


def is_bauer(entry: Entry) -> bool:
    """Whether an entry returns to its player (a played Bauer or a Berufsloser copying one)."""
    return entry["w"] is None and effective(entry) == BAUER


def final_value(card: int, pile: list[int], rolls: dict[int, int]) -> int:
    """What a card in ``pile`` scores at the final count."""
    prof = card >> 2
    if prof == HOLZFAELLER:
        return rolls.get(card, 0)
    if prof == SEEMANN:  # Seemann: +1 per Bauer, Holzfaeller and Schuerfer in the same pile
        return 5 + sum(1 for other in pile if (other >> 2) in (BAUER, HOLZFAELLER, SCHUERFER))
    return BASE[prof]


def mod_totals(trick: list[Entry], players: int, mods: dict[str, Any]) -> list[int]:
    """Each seat's trick total after action cards (``mods`` from the engine's resolution):
    zeroed slots count 0, ``set`` professions a fixed value, ``mult`` a multiple, then each
    seat's ``delta`` (Paktierer, Hinterhalt).
    """
    counts = lying_counts(trick)
    zero = set(mods["zero"])
    sums = [0] * players
    for index, entry in enumerate(trick):
        value = entry_value(entry, counts)
        prof = effective(entry)
        if index in zero:
            value = 0
        else:
            for target, fixed in mods["set"]:
                if prof == target:
                    value = fixed
            for target, factor in mods["mult"]:
                if prof == target:
                    value *= factor
        sums[entry["s"]] += value
    return [total + delta for total, delta in zip(sums, mods["delta"])]
