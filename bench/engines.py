"""Random-play speed of every registered engine, side by side with RLCard's UNO.

Run ``python bench/engines.py`` (``--help`` for the options). For each game it plays seeded
random games back to back for ``--seconds`` and counts player decisions per second:

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
from dataclasses import dataclass
from pathlib import Path

from games.core import CHANCE, Game, all_games, register

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Measurement:
    """Counts over one timed run of back-to-back random games."""

    decisions: int
    chance_actions: int
    games: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        """Player decisions per wall-clock second (chance actions are not decisions)."""
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        """Finished games per wall-clock second."""
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
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        seats = game.to_act(state)
        if not seats:
            games += 1
            if time.perf_counter() >= deadline:
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
    return Measurement(decisions, chance_actions, games, time.perf_counter() - start)


def measure_rlcard_bare(seconds: float, seed: int) -> Measurement:
    """RLCard's UNO game object: init_game, then get_legal_actions, a pick and step."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(seed)
    choice = random.Random(seed).choice
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game.init_game()
        while not game.is_over():
            game.step(choice(game.get_legal_actions()))
            decisions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    # RLCard deals, draws and flips from its own generator inside step: no chance actions.
    return Measurement(decisions, 0, games, time.perf_counter() - start)


def measure_rlcard_env(seconds: float, seed: int) -> Measurement:
    """RLCard's UNO environment: reset and step, observation encoding included."""
    import rlcard

    env = rlcard.make("uno", config={"seed": seed})
    choice = random.Random(seed).choice
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        observation, _player = env.reset()
        while not env.is_over():
            observation, _player = env.step(choice(list(observation["legal_actions"])))
            decisions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    return Measurement(decisions, 0, games, time.perf_counter() - start)


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


def main(argv: list[str] | None = None) -> int:
    """Measure, then print one table; returns the process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement (3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every generator (1)")
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
        f"{args.seconds:g} s per measurement, seed {args.seed}"
    )
    version = rlcard_version()
    bare_reference = env_reference = None
    rows: list[tuple[str, str, str, str, str, str, str]] = []
    if version is None:
        print("RLCard is not installed (pip install -e '.[bench]'): measuring the engines alone.")
    else:
        bare = measure_rlcard_bare(args.seconds, args.seed)
        env = measure_rlcard_env(args.seconds, args.seed)
        bare_reference = bare.decisions_per_second
        env_reference = env.decisions_per_second
        for label, measured in ((f"rlcard-uno {version} bare", bare), ("rlcard-uno env", env)):
            rate = measured.decisions_per_second
            rows.append(
                (
                    label,
                    "2",
                    f"{rate:,.0f}",
                    "-",
                    f"{measured.games_per_second:,.0f}",
                    _ratio(rate, bare_reference),
                    _ratio(rate, env_reference),
                )
            )
    if not games:
        print("No game is registered yet; --include-test-game measures the test-only game.")
    for game in games:
        players = typical_players(game, args.players)
        bare = measure_engine(game, players, args.seconds, args.seed, checked=False)
        checked = measure_engine(game, players, args.seconds, args.seed, checked=True)
        rate = bare.decisions_per_second
        rows.append(
            (
                game.id,
                str(players),
                f"{rate:,.0f}",
                f"{checked.decisions_per_second:,.0f}",
                f"{bare.games_per_second:,.0f}",
                _ratio(rate, bare_reference),
                _ratio(rate, env_reference),
            )
        )
        print(
            f"  {game.id}: {bare.games} games, {bare.decisions} decisions and "
            f"{bare.chance_actions} chance actions in {bare.seconds:.2f} s (bare); "
            f"{checked.decisions} decisions in {checked.seconds:.2f} s (checked)"
        )

    header = (
        "game",
        "players",
        "decisions/s bare",
        "decisions/s checked",
        "games/s bare",
        "vs rlcard bare",
        "vs rlcard env",
    )
    if not rows:
        return 0
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
