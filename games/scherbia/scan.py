"""One pass over a trick whose layer is complete: what the steps after it would each scan for.

At every complete layer the engine asks whether a Holzfaeller still has to roll, sums the
totals, looks for this layer's Krieger (Blockade), and then for Diebe and Heiler. Each was a
loop over the trick of its own; ``scan_layer`` reads every entry once and answers all of them,
with exactly the rules of ``rules.totals``, ``rules.effective`` and the engine's scans.
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
    SCHMIED,
    SCHUERFER,
)
from .rules import _PRINTED_VALUE


class LayerScan(NamedTuple):
    """What one pass found in a trick whose dice are all down."""

    sums: list[int]
    """Each seat's total, as ``rules.totals``."""
    blockers: list[int]
    """The seats of the Krieger (printed or copied) placed in ``layer``, in trick order."""
    dieb: bool
    """Whether a Dieb (printed or copied) lies in the trick."""
    heiler: bool
    """Whether a Heiler (printed or copied) lies in the trick."""


def scan_layer(trick: list[dict[str, Any]], players: int, layer: int) -> LayerScan | None:
    """The totals and the cards that may act once ``layer`` is complete; None while a
    Holzfaeller (printed or copied) has not rolled yet (the engine's roll step handles it).
    """
    krieger = schmied = bauer = 0
    sums = [0] * players
    bonus_k: list[int] = []  # a seat per Schmied and Schuerfer (+1 per Krieger)
    bonus_s: list[int] = []  # a seat per Schuerfer (+1 per Schmied)
    bonus_b: list[int] = []  # a seat per Baecker (+3 per Bauer)
    blockers: list[int] = []
    dieb = heiler = False
    for entry in trick:
        prof = entry["c"] >> 2
        if prof == KRIEGER:
            krieger += 1
        elif prof == SCHMIED:
            schmied += 1
        elif prof == BAUER:
            bauer += 1
        elif prof == BERUFSLOSER and entry["as"] is not None:
            prof = entry["as"]
        seat = entry["s"]
        if prof in _PRINTED_VALUE:
            sums[seat] += BASE[prof]
            if prof == KRIEGER:
                if entry["a"] == layer:
                    blockers.append(seat)
            elif prof == DIEB:
                dieb = True
            elif prof == HEILER:
                heiler = True
        elif prof == HOLZFAELLER:
            roll = entry["r"]
            if roll is None:
                return None
            sums[seat] += roll
        elif prof == SCHMIED:
            sums[seat] += 8
            bonus_k.append(seat)
        elif prof == SCHUERFER:
            sums[seat] += 4
            bonus_k.append(seat)
            bonus_s.append(seat)
        elif prof == BAECKER:
            sums[seat] += 2
            bonus_b.append(seat)
        else:
            sums[seat] += BASE[prof]
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
