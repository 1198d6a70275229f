"""Random-play speed of every registered engine, side by side with RLCard's UNO.

Run ``python bench/engines.py`` (``--help`` for the options). For each game it plays seeded
random games back to back for ``--seconds`` of CPU time, split into interleaved rounds of which
the fastest is kept, and counts player decisions per CPU second:

* bare: the loop a simulation or a learning agent runs, ``legal_actions``, a seeded random pick,
  ``apply(..., checked=False)``; chance (shuffles, dice) is sampled and applied inside the loop
  and counted separately; a finished game is followed by a fresh ``initial_state``.
* checked: the same loop with ``apply(..., checked=True)``, as a table applies a player's move.

In the same run it measures RLCard 1.2.0's UNO (two players, its only count):

* rlcard-uno bare: ``UnoGame`` with ``init_game``, then ``get_legal_actions``, a random pick,
  ``step`` until ``is_over``; its dealer shuffles with the game's own ``np_random``, seeded.
* rlcard-uno env: ``rlcard.make('uno', config={'seed': ...})`` with ``reset`` and ``step`` over
  random legal action ids, which adds RLCard's observation encoding.

Every loop picks moves with the same ``random.Random.choice``, so the ratios compare engines,
not random number generators. The figures are goals to read, never test assertions; the issue's
target is every engine at least as fast as RLCard's bare UNO loop.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from games.core import CHANCE, Game, all_games, register

ROOT = Path(__file__).resolve().parents[1]

# The process's CPU time, not wall time: the machine's two cores are shared with other work, and
# time spent waiting for a core is not the engine's cost. Every loop here is single-threaded.
clock = time.process_time


@dataclass
class Measurement:
    """Counts over one timed run of back-to-back random games."""

    decisions: int
    chance_actions: int
    games: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        """Player decisions per CPU second (chance actions are not decisions)."""
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        """Finished games per CPU second."""
        return self.games / self.seconds


def measure_engine(
    game: Game, players: int, seconds: float, seed: int, *, checked: bool
) -> Measurement:
    """Play random games of ``game`` for about ``seconds`` and count what happened."""
    options = game.parse_options(players)
    rng = random.Random(seed)
    choice = rng.choice
    decisions = chance_actions = games = 0
    state = game.initial_state(players, options)
    start = clock()
    deadline = start + seconds
    while True:
        seats = game.to_act(state)
        if not seats:
            games += 1
            if clock() >= deadline:
                break
            state = game.initial_state(players, options)
            continue
        if seats[0] == CHANCE:
            code = game.sample_chance(state, rng)
            state, _events = game.apply(state, CHANCE, code, checked=checked)
            chance_actions += 1
        else:
            seat = seats[0] if len(seats) == 1 else choice(seats)
            code = choice(game.legal_actions(state, seat))
            state, _events = game.apply(state, seat, code, checked=checked)
            decisions += 1
    return Measurement(decisions, chance_actions, games, clock() - start)


def measure_rlcard_bare(seconds: float, seed: int) -> Measurement:
    """RLCard's UNO game object: init_game, then get_legal_actions, a pick and step."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(seed)
    choice = random.Random(seed).choice
    decisions = games = 0
    start = clock()
    deadline = start + seconds
    while True:
        game.init_game()
        while not game.is_over():
            game.step(choice(game.get_legal_actions()))
            decisions += 1
        games += 1
        if clock() >= deadline:
            break
    # RLCard deals, draws and flips from its own generator inside step: no chance actions.
    return Measurement(decisions, 0, games, clock() - start)


def measure_rlcard_env(seconds: float, seed: int) -> Measurement:
    """RLCard's UNO environment: reset and step, observation encoding included."""
    import rlcard

    env = rlcard.make("uno", config={"seed": seed})
    choice = random.Random(seed).choice
    decisions = games = 0
    start = clock()
    deadline = start + seconds
    while True:
        observation, _player = env.reset()
        while not env.is_over():
            observation, _player = env.step(choice(list(observation["legal_actions"])))
            decisions += 1
        games += 1
        if clock() >= deadline:
            break
    return Measurement(decisions, 0, games, clock() - start)


def rlcard_version() -> str | None:
    """RLCard's version if it and numpy import, else None."""
    try:
        import numpy  # noqa: F401
        import rlcard
    except ImportError:
        return None
    return getattr(rlcard, "__version__", "?")


def typical_players(game: Game, wanted: int | None) -> int:
    """``wanted`` if the game allows it, else the middle of the game's range."""
    if wanted is not None and game.min_players <= wanted <= game.max_players:
        return wanted
    return (game.min_players + game.max_players) // 2


def register_test_game() -> None:
    """Register the test-only Hochkarte so the bench has something to run before a game lands."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.games.highcard import GAME

    register(GAME)


def _ratio(value: float, reference: float | None) -> str:
    return f"{value / reference:.2f}x" if reference else "-"


Runner = Callable[[float, int], Measurement]


def interleaved_best(
    runners: dict[str, Runner], seconds: float, seed: int, rounds: int
) -> dict[str, list[Measurement]]:
    """Every runner's rounds, run in turn so that a burst of load on a shared machine hits
    all of them alike; each round gets ``seconds / rounds`` and its own seed.
    """
    measured: dict[str, list[Measurement]] = {key: [] for key in runners}
    for round_index in range(rounds):
        for key, runner in runners.items():
            measured[key].append(runner(seconds / rounds, seed + round_index))
    return measured


def _best(measurements: list[Measurement]) -> Measurement:
    # Load on a shared machine only ever slows a round down, so the fastest round is the
    # truest figure (the reasoning of timeit's "best of").
    return max(measurements, key=lambda measured: measured.decisions_per_second)


def main(argv: list[str] | None = None) -> int:
    """Measure, then print one table; returns the process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement (3)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="interleaved rounds per measurement, best kept (3)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first round (1)")
    parser.add_argument(
        "--games", nargs="*", metavar="ID", help="only these game ids (default: all registered)"
    )
    parser.add_argument(
        "--players", type=int, help="player count where a game allows it (default: mid-range)"
    )
    parser.add_argument(
        "--include-test-game",
        action="store_true",
        help="also measure the test-only game tests/games/highcard.py",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")

    if args.include_test_game:
        register_test_game()
    games = all_games()
    if args.games:
        unknown = sorted(set(args.games) - {game.id for game in games})
        if unknown:
            parser.error(f"unknown game ids {unknown}; registered: {[g.id for g in games]}")
        games = [game for game in games if game.id in args.games]

    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{args.seconds:g} CPU s per measurement in {args.rounds} interleaved rounds (best kept), "
        f"seeds from {args.seed}; rates are per CPU second"
    )
    version = rlcard_version()
    runners: dict[str, Runner] = {}
    if version is None:
        print("RLCard is not installed (pip install -e '.[bench]'): measuring the engines alone.")
    else:
        runners["rlcard bare"] = measure_rlcard_bare
        runners["rlcard env"] = measure_rlcard_env
    if not games:
        print("No game is registered yet; --include-test-game measures the test-only game.")
    players_of = {game.id: typical_players(game, args.players) for game in games}
    for game in games:
        players = players_of[game.id]
        runners[f"{game.id} bare"] = partial(measure_engine, game, players, checked=False)
        runners[f"{game.id} checked"] = partial(measure_engine, game, players, checked=True)
    if not runners:
        return 0
    measured = interleaved_best(runners, args.seconds, args.seed, args.rounds)
    best = {key: _best(rounds) for key, rounds in measured.items()}

    bare_reference = env_reference = None
    rows: list[tuple[str, ...]] = []
    if version is not None:
        bare_reference = best["rlcard bare"].decisions_per_second
        env_reference = best["rlcard env"].decisions_per_second
        for label, key in (
            (f"rlcard-uno {version} bare", "rlcard bare"),
            ("rlcard-uno env", "rlcard env"),
        ):
            rate = best[key].decisions_per_second
            rows.append(
                (
                    label,
                    "2",
                    f"{rate:,.0f}",
                    "-",
                    f"{best[key].games_per_second:,.0f}",
                    _ratio(rate, bare_reference),
                    _ratio(rate, env_reference),
                )
            )
    for game in games:
        bare, checked = best[f"{game.id} bare"], best[f"{game.id} checked"]
        rate = bare.decisions_per_second
        rows.append(
            (
                game.id,
                str(players_of[game.id]),
                f"{rate:,.0f}",
                f"{checked.decisions_per_second:,.0f}",
                f"{bare.games_per_second:,.0f}",
                _ratio(rate, bare_reference),
                _ratio(rate, env_reference),
            )
        )
    for key, rounds in measured.items():
        print(
            f"  {key}: "
            + ", ".join(f"{measurement.decisions_per_second:,.0f}" for measurement in rounds)
            + f" decisions/s; best round: {best[key].games} games, {best[key].decisions} "
            f"decisions, {best[key].chance_actions} chance actions in {best[key].seconds:.2f} s"
        )
    _print_table(rows)
    return 0


def _print_table(rows: list[tuple[str, ...]]) -> None:
    header = (
        "game",
        "players",
        "decisions/s bare",
        "decisions/s checked",
        "games/s bare",
        "vs rlcard bare",
        "vs rlcard env",
    )
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    print()
    for index, row in enumerate([header, *rows]):
        cells = [
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(cells))
        if index == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    raise SystemExit(main())
