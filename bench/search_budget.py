"""How many playouts the strong player runs at a table's budget, beside the benchmark's.

``bench/strength.py`` gives strong a fixed number of playouts per move so that its runs
replay; a table gives it ``PLAY_SECONDS`` of wall clock instead. This script plays games with
one strong seat at the table's budget among normal seats (the strong seat rotating) and counts
the playouts of every strong move with a choice. It prints, beside the benchmark's iterations
for the game (``strength.ITERATIONS``): the playouts per move (median, p90, max), and for the
moves that used the whole budget, how many they ran (fewest, median): the benchmark is faithful
to a table where those moves run at least its iterations.

Run ``python bench/search_budget.py GAME [--players N] [--rounds R] [--games G]`` on a machine
that is otherwise idle: the figures depend on its speed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import ITERATIONS, _percentile

from games.core import CHANCE, all_games
from games.players.search import SearchPlayer


class CountingSearchPlayer(SearchPlayer):
    """The table's strong player, counting its playouts."""

    playouts = 0

    def _playout(self, *args: Any) -> float:
        self.playouts += 1
        return super()._playout(*args)


def play(game_id: str, players: int, rounds: int, index: int) -> list[tuple[int, float]]:
    """One game with strong at seat ``index % players``: per strong move with a choice, its
    playouts and its wall-clock seconds.
    """
    game = next(game for game in all_games() if game.id == game_id)
    levels = game.engine_players()
    strong = CountingSearchPlayer(**vars(levels["strong"]))
    seat_of_strong = index % players
    rng = random.Random(f"budget/{game_id}/{players}/{rounds}/{index}")
    values = {"rounds": rounds} if rounds else None
    state = game.initial_state(players, game.parse_options(players, values))
    moves: list[tuple[int, float]] = []
    step = 0
    while seats := game.to_act(state):
        seat = seats[0]
        if seat == CHANCE:
            code = game.sample_chance(state, rng)
        elif seat == seat_of_strong:
            choice = len(game.legal_actions(state, seat)) > 1
            before = strong.playouts
            start = time.perf_counter()
            code = strong.choose(game, state, seat, random.Random(f"{index}/{step}"))
            if choice:
                moves.append((strong.playouts - before, time.perf_counter() - start))
        else:
            code = levels["normal"].choose(game, state, seat, random.Random(f"{index}/{step}"))
        state, _events = game.apply(state, seat, code)
        step += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=0, help="default: the fewest allowed")
    parser.add_argument("--rounds", type=int, default=0, help="Gelfdrakkar: a series")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    game = next(game for game in all_games() if game.id == args.game)
    players = args.players or game.min_players
    strong = game.engine_players()["strong"]
    started = time.perf_counter()
    moves = [
        move for index in range(args.games) for move in play(args.game, players, args.rounds, index)
    ]
    playouts = [float(count) for count, _seconds in moves]
    # A move that ran its whole budget ends at the first playout past the deadline.
    full = sorted(count for count, seconds in moves if seconds >= strong.seconds)
    print(
        f"{args.game}, {players} players{f', {args.rounds} rounds' if args.rounds else ''}: "
        f"{args.games} games, {len(moves)} strong moves with a choice at {strong.seconds} s "
        f"of wall clock, {time.perf_counter() - started:.0f} s in all"
    )
    print(
        f"playouts per move: median {statistics.median(playouts):.0f}, p90 "
        f"{_percentile(playouts, 0.9):.0f}, max {max(playouts):.0f}; the benchmark's iterations: "
        f"{ITERATIONS[args.game]}"
    )
    if full:
        print(
            f"moves that used the whole budget: {len(full)}, playouts fewest {full[0]}, "
            f"median {statistics.median(full):.0f} (the benchmark's {ITERATIONS[args.game]})"
        )
    else:
        print("no move used the whole budget")
    print(f"wall seconds per move: p95 {_percentile([s for _c, s in moves], 0.95):.3f}")


if __name__ == "__main__":
    main()
