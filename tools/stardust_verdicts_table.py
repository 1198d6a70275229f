"""Write games/stardust/verdicts.bin: the evaluator's verdict on every five-card hand.

One 32-bit entry per hand of C(48, 5), at the hand's rank in the colexicographic order
(``scoring.hand_rank``), packed as ``scoring.pack_verdict`` packs it; the file is the table's
little-endian bytes, zlib-compressed (about 250 kB for 6.8 MB). A showdown and the engine
players then look a hand up instead of searching its combinations. Run after a change to the
evaluator: python tools/stardust_verdicts_table.py (about ten seconds on two cores);
``tests/games/stardust/test_scoring.py`` checks the file against the evaluator.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from math import comb

from games.stardust.cards import DECK_SIZE
from games.stardust.scoring import VERDICTS_FILE, _evaluate, hand_rank, pack_verdict

HANDS = comb(DECK_SIZE, 5)


def entries_topped_by(top: int) -> list[tuple[int, int]]:
    """(rank, entry) of every hand whose highest card is ``top``."""
    return [
        (hand_rank(hand), pack_verdict(hand, _evaluate(hand)))
        for hand in (low + (top,) for low in combinations(range(top), 4))
    ]


def build() -> array[int]:
    """The whole table, every hand evaluated once."""
    table = array("I", bytes(4 * HANDS))
    filled = 0
    with ProcessPoolExecutor(max_workers=2) as pool:
        for entries in pool.map(entries_topped_by, range(4, DECK_SIZE)):
            for rank, entry in entries:
                table[rank] = entry
            filled += len(entries)
    assert filled == HANDS
    return table


if __name__ == "__main__":
    built = build()
    if built.itemsize != 4:
        raise SystemExit("this platform's array('I') is not 32 bits wide")
    if sys.byteorder == "big":
        built.byteswap()
    VERDICTS_FILE.write_bytes(zlib.compress(built.tobytes(), 9))
    print(f"{len(built)} hands -> {VERDICTS_FILE} ({VERDICTS_FILE.stat().st_size} bytes)")
