"""How long a picture takes: the public table and a seat's hand, for every registered game.

Run ``python bench/pictures.py`` (``--help`` for the options). For each game it plays seeded
random games and keeps positions spread over each game (every ``--every``-th decision, chance
included), with a middle and the largest number of players, then draws the public picture (``view(state, None)``) and the picture of the seat
to act (``view(state, seat)``, its hand) of each position and prints, per game, the median and
the maximum of the CPU time and of the wall time per picture, and the PNG sizes. Fonts are
loaded once before timing (the bot loads them once per process as well). The target is every
picture in under 50 ms; the figures are read, never asserted in a test.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# This script is bench/pictures.py: its own folder must not hide the ``pictures`` package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != _HERE]

from games.core import CHANCE, Game, all_games
from pictures import picture

NAMES = ["Anna", "Bärbel", "Çetin", "Dörte", "Emil", "Frieda", "Gustav", "Hanna"]


def positions(game: Game, players: int, seed: int, every: int) -> list[dict[str, Any]]:
    """States of one seeded random game: every ``every``-th state and the last one."""
    rng = random.Random(seed)
    state = game.initial_state(players, game.parse_options(players))
    kept = []
    step = 0
    while seats := game.to_act(state):
        seat = seats[0]
        if seat == CHANCE:
            code = game.sample_chance(state, rng)
        else:
            code = rng.choice(game.legal_actions(state, seat))
        state, _events = game.apply(state, seat, code)
        step += 1
        if step % every == 0:
            kept.append(state)
    kept.append(state)
    return kept


def timed(
    game: Game, view: dict[str, Any], lang: str, names: list[str]
) -> tuple[float, float, int]:
    """CPU seconds, wall seconds and PNG bytes of one picture."""
    cpu, wall = time.process_time(), time.perf_counter()
    png = picture(game, view, lang, names)
    return time.process_time() - cpu, time.perf_counter() - wall, len(png)


def main() -> None:
    """Print one row per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per game (default 3)")
    parser.add_argument("--every", type=int, default=15, help="keep every n-th state (15)")
    parser.add_argument("--lang", default="de", choices=["de", "en"])
    args = parser.parse_args()
    print(f"pictures bench · Python {platform.python_version()} · {platform.machine()}")
    header = (
        f"{'game':<20} {'players':>7} {'pics':>5} | {'table cpu med/max ms':>20} "
        f"{'wall med/max':>13} | {'hand cpu med/max ms':>19} {'wall med/max':>13} | "
        f"{'PNG KB med/max':>14}"
    )
    print(header)
    print("-" * len(header))
    for game, players in [
        (each, count)
        for each in all_games()
        for count in sorted({(each.min_players + each.max_players + 1) // 2, each.max_players})
    ]:
        names = NAMES[:players]
        picture(
            game,
            game.view(game.initial_state(players, game.parse_options(players)), None),
            args.lang,
            names,
        )  # loads the fonts once, as a running bot has
        table: list[tuple[float, float, int]] = []
        hand: list[tuple[float, float, int]] = []
        for seed in range(args.games):
            for state in positions(game, players, seed, args.every):
                table.append(timed(game, game.view(state, None), args.lang, names))
                seats = [seat for seat in game.to_act(state) if seat != CHANCE] or [0]
                hand.append(timed(game, game.view(state, seats[0]), args.lang, names))

        def cell(rows: list[tuple[float, float, int]], index: int) -> str:
            values = [row[index] * 1000 for row in rows]
            return f"{statistics.median(values):.1f}/{max(values):.1f}"

        sizes = [row[2] / 1024 for row in table + hand]
        print(
            f"{game.id:<20} {players:>7} {len(table) + len(hand):>5} | {cell(table, 0):>20} "
            f"{cell(table, 1):>13} | {cell(hand, 0):>19} {cell(hand, 1):>13} | "
            f"{statistics.median(sizes):>6.1f}/{max(sizes):.1f}"
        )


if __name__ == "__main__":
    main()
