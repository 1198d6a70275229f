"""How long pairing a Swiss round takes for large fields (prints figures, asserts nothing).

Two-player Swiss: networkx maximum-weight matching over every possible pair. Multiplayer
Swiss: local search over table swaps (the exact search only runs on small fields).
"""

from __future__ import annotations

import random
import time
from collections import Counter

from tables.tournaments.pairing import count_meetings, swiss_pairs, swiss_tables


def field(
    players: int, rounds: int, size: int, rng: random.Random
) -> tuple[list[str], dict, Counter]:
    """A field after ``rounds`` random rounds: standings order, scores and meetings."""
    names = [f"p{i}" for i in range(players)]
    scores = {name: 0.0 for name in names}
    met: Counter = Counter()
    for _ in range(rounds):
        rng.shuffle(names)
        tables = [names[i : i + size] for i in range(0, players - players % size, size)]
        met += count_meetings(tables)
        for table in tables:
            scores[rng.choice(table)] += 1
    order = sorted(names, key=lambda name: -scores[name])
    return order, scores, met


def main() -> None:
    """Print the time per round for a few field sizes."""
    rng = random.Random(1)
    print("two-player Swiss (networkx max_weight_matching), round 5:")
    for players in (16, 64, 128, 256):
        order, scores, met = field(players, 4, 2, rng)
        start = time.perf_counter()
        swiss_pairs(order, scores, met, set())
        print(f"  {players:4d} players: {1000 * (time.perf_counter() - start):8.1f} ms")
    print("multiplayer Swiss at tables of 4 (local search), round 5:")
    for players in (16, 64, 128, 256):
        order, _scores, met = field(players, 4, 4, rng)
        start = time.perf_counter()
        swiss_tables(order, met, set(), smallest=3, largest=4, preferred=4)
        print(f"  {players:4d} players: {1000 * (time.perf_counter() - start):8.1f} ms")


if __name__ == "__main__":
    main()
