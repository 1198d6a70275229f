"""Write games/stardust/reads.json: how hand strengths spread behind each reading of play.

Plays seeded matches of three, four and five normal (strategy) players and, at every decision
in a betting round or the exchange, counts for each other player still in the hand the reading
of its play (``reads.signs``) and the decile of its hand (``reads.decile``). Adds the spread of
deciles over uniformly drawn five-card hands, which the strong player's candidate hands come
from. Run after a change to the normal player or the readings:
python tools/stardust_reads_table.py [--matches N] (about two minutes on two cores).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from games.core.contract import CHANCE
from games.stardust import GAME
from games.stardust.reads import DECILES, READS_TABLE, decile, signs
from games.stardust.strategy import StrategyPlayer

UNIFORM_HANDS = 200_000


def count_match(seed: int) -> Counter[tuple[str, int]]:
    """(reading, decile) counts over one match of ``3 + seed % 3`` normal players."""
    rng = random.Random(seed)
    players = 3 + seed % 3
    state = GAME.initial_state(players, GAME.parse_options(players, {}))
    player = StrategyPlayer()
    counts: Counter[tuple[str, int]] = Counter()
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            code = GAME.sample_chance(state, rng)
        else:
            if state["phase"] in ("bet", "exchange"):
                for other in range(players):
                    if other != seat and state["in_hand"][other] and not state["folded"][other]:
                        counts[signs(state, other), decile(state["hands"][other])] += 1
            code = player.choose(GAME, state, seat, rng)
        state, _events = GAME.apply(state, seat, code, checked=False)
    return counts


def uniform_spread(rng: random.Random) -> list[float]:
    """The share of each decile among uniformly drawn five-card hands."""
    counts = Counter(decile(rng.sample(range(48), 5)) for _ in range(UNIFORM_HANDS))
    return [counts[index] / UNIFORM_HANDS for index in range(DECILES)]


def main() -> None:
    """Count the matches on the workers and write the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    total: Counter[tuple[str, int]] = Counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for counts in pool.map(count_match, range(args.matches), chunksize=20):
            total.update(counts)
    readings: dict[str, list[int]] = {}
    for (key, index), count in sorted(total.items()):
        readings.setdefault(key, [0] * DECILES)[index] = count
    uniform = [round(share, 6) for share in uniform_spread(random.Random(0))]
    lines = [f"  {json.dumps(key)}: {json.dumps(counts)}" for key, counts in readings.items()]
    READS_TABLE.write_text(
        '{\n"uniform": '
        + json.dumps(uniform)
        + ',\n"readings": {\n'
        + ",\n".join(lines)
        + "\n}}\n",
        encoding="utf-8",
    )
    print(f"{len(readings)} readings, {sum(total.values())} observations -> {READS_TABLE}")


if __name__ == "__main__":
    main()
