"""The engine levels against each other: easy against normal, normal against strong.

Run ``python bench/strength.py`` (``--help`` for the options). For every game (and player
count) and every pairing of a level with the next, it plays ``--games`` seeded games with one
seat of the higher level among seats of the lower level, the higher seat rotating over the
seats, on ``--workers`` processes at a lowered priority. It prints, each beside its yardstick:

* two players: the higher level's share of the games (a draw counts half), its 95% interval,
  against the target of 60%;
* more players: the higher level's rate of first places (Gelfdrakkar in one round: of party
  wins, its coins ending positive; in a series of rounds, ``--only gelfdrakkar:5x5``: of first
  places in coins at its end), its fair share (the mean share of first places per seat in the
  same games), their ratio with its 95% interval, against the target of 1.5;
* the CPU time per move of both levels (median and p95, moves with a choice only), against
  the 1 s the strong level may take;
* Gelfdrakkar: the announcements of each level and the share its party won.

The strong level searches a fixed number of iterations per move here (``--iterations``), so a
run is reproducible; at a table it searches for 0.5 s of wall clock instead. With ``--record
FILE`` every game is kept as it ends; a later run with the same file and unchanged code reads
those games and plays only the rest, so a pairing's 400 games can be played over several runs.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from multiprocessing import TimeoutError as Late
from pathlib import Path
from typing import Any

from games.core import CHANCE, Game, all_games
from games.core.contract import Result
from games.players.search import SearchPlayer

SETUPS = [
    ("catan-deckbuilding", 2, 0),
    ("coppertwaddle", 2, 0),
    ("scherbia", 2, 0),
    ("scherbia", 4, 0),
    ("stardust", 4, 0),
    ("gelfdrakkar", 5, 0),
    ("gelfdrakkar", 5, 5),
]
"""Game, players and, for Gelfdrakkar, the rounds of a series (0: the game's default, one
round). One round shows who won the round as a party; a series of one deal by every seat (the
session the rules describe: coin balances kept across rounds) shows who ends first in coins,
the first place the other games count."""
PAIRINGS = [("easy", "normal"), ("normal", "strong")]
ITERATIONS = {
    "catan-deckbuilding": 40,
    "coppertwaddle": 24,
    "scherbia": 600,
    "stardust": 60,
    "gelfdrakkar": 120,
}
"""Strong's playouts per move here: its p95 CPU time per move stays under 1 s (a playout costs
from well under 1 ms in Scherbia, played by its rule-based playout player, to ~20 ms in
Coppertwaddle), and most moves cost far less, as the search gives up early where no move
differs. Scherbia's 600 kept strong's p95 under 0.3 s in a 100-game run. Gelfdrakkar's 120 is
what a table's 0.5 s buys: counted at that budget (``bench/search_budget.py``), the moves that
used all of it ran 118 playouts at the median over 20 sessions (docs/engine-strength-log.md)."""
TWO_PLAYER_TARGET = 0.60
SHARE_TARGET = 1.5
MOVE_SECONDS_TARGET = 1.0
ANNOUNCE_TARGET = 0.70


@dataclass
class Outcome:
    """One game: the higher level's seat, how it placed, what the levels spent per move."""

    higher_score: float
    firsts: int
    players: int
    seconds: dict[str, list[float]]
    announcements: dict[str, list[bool]] = field(default_factory=dict)
    sides: list[tuple[str, bool, bool]] = field(default_factory=list)
    """Gelfdrakkar: per round and seat, its party, whether it won, whether the seat is the
    higher level's."""


def _games() -> dict[str, Game]:
    return {game.id: game for game in all_games()}


def _player(game: Game, level: str, iterations: int) -> Any:
    player = game.engine_players()[level]
    if isinstance(player, SearchPlayer):
        return player.with_iterations(iterations)
    return player


def setup_name(game_id: str, players: int, rounds: int) -> str:
    """How ``--only`` names a setup: ``GAME:PLAYERS``, and ``xROUNDS`` for a series."""
    return f"{game_id}:{players}" + (f"x{rounds}" if rounds else "")


def chosen_setups(only: list[str] | None) -> list[tuple[str, int, int]]:
    """The setups ``--only`` names (all without it): a game, ``GAME:PLAYERS`` or a series."""
    return [
        (game_id, players, rounds)
        for game_id, players, rounds in SETUPS
        if not only or game_id in only or setup_name(game_id, players, rounds) in only
    ]


def first_places(game_id: str, rounds: int, result: Result) -> list[bool]:
    """The seats counted first: in one Gelfdrakkar round the winning party (its coins ending
    positive: the stake is paid to every member), else and in a series the seats ranked first.
    """
    if game_id == "gelfdrakkar" and not rounds:
        return [score > 0 for score in result.scores]
    return [rank == 1 for rank in result.ranks]


def play_one(task: Task) -> Outcome:
    """Play game number ``index`` of a pairing; the higher level sits at ``index % players``.
    With ``rounds`` the game is a Gelfdrakkar series of that many rounds.
    """
    game_id, players, lower, higher, index, iterations, rounds = task
    game = _games()[game_id]
    seat_of_higher = index % players
    levels = [higher if seat == seat_of_higher else lower for seat in range(players)]
    engines = {level: _player(game, level, iterations) for level in set(levels)}
    series = f"/x{rounds}" if rounds else ""
    rng = random.Random(f"{game_id}/{players}/{lower}-{higher}/{index}{series}")
    values = {"rounds": rounds} if rounds else None
    state = game.initial_state(players, game.parse_options(players, values))
    seconds: dict[str, list[float]] = {lower: [], higher: []}
    verdicts: dict[str, list[bool]] = {lower: [], higher: []}
    sides: list[tuple[str, bool, bool]] = []
    step = 0
    while seats := game.to_act(state):
        seat = seats[0]
        if seat == CHANCE:
            code = game.sample_chance(state, rng)
        else:
            move_rng = random.Random(f"{index}/{step}")
            choice = len(game.legal_actions(state, seat)) > 1
            start = time.process_time()
            code = engines[levels[seat]].choose(game, state, seat, move_rng)
            if choice:
                seconds[levels[seat]].append(time.process_time() - start)
        state, events = game.apply(state, seat, code)
        step += 1
        for event in events:
            if game_id == "gelfdrakkar" and event.kind == "round":  # who announced, who won
                party = event.data["party"]
                for who, _kind in event.data["announcements"]:
                    verdicts[levels[who]].append(event.data["winner"] == party[who])
                if event.data["winner"] is not None:
                    sides += [
                        (side, event.data["winner"] == side, who == seat_of_higher)
                        for who, side in enumerate(party)
                    ]
    result = game.result(state)
    assert result is not None
    first = first_places(game_id, rounds, result)
    if players == 2:
        mine, theirs = result.ranks[seat_of_higher], result.ranks[1 - seat_of_higher]
        score = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    else:
        score = 1.0 if first[seat_of_higher] else 0.0
    return Outcome(score, sum(first), players, seconds, verdicts, sides)


def pairing_of(task: Task) -> tuple[str, int, str, str, int]:
    """The row a game counts in: game, players, the two levels, rounds."""
    return (task[0], task[1], task[2], task[3], task[6])


def _by_party(setup: str, lower: str, higher: str, rows: list[Outcome]) -> str:
    """Gelfdrakkar's party wins split by the party a seat was dealt into: a seat cannot choose
    it, and the party against Vernio (most seats) wins most rounds, so this shows what the
    higher level makes of each side beside every seat's rate on that side in the same games.
    """
    parts = []
    for side, name in (("A", "against Vernio"), ("V", "with Vernio")):
        mine = [won for row in rows for party, won, high in row.sides if party == side and high]
        every = [won for row in rows for party, won, _high in row.sides if party == side]
        if mine:
            parts.append(
                f"{name} {sum(mine)}/{len(mine)} ({sum(mine) / len(mine):.1%}; every seat "
                f"{sum(every) / len(every):.1%})"
            )
    return f"{setup}, {lower} vs {higher}: {higher}'s party won " + ", ".join(parts)


def _interval(successes: float, total: int) -> tuple[float, float]:
    """Wilson's 95% interval for a share."""
    if not total:
        return (0.0, 0.0)
    z = 1.96
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (centre - half, centre + half)


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def _nice() -> None:
    os.nice(10)


Task = tuple[str, int, str, str, int, int, int]
"""Game, players, lower and higher level, the game's number, strong's iterations, rounds."""


PLAY_FUNCTIONS = ("_games", "_player", "first_places", "play_one")
"""The functions of this script that decide how a recorded game goes (seats, seeds, levels,
what counts as first); the rest (options, printing, the pool) changes no outcome."""
TEST_ONLY = {"conformance.py"}
"""Modules under ``games/`` that only the test suite runs (the conformance checks): no game
played here goes through them."""


class _WithoutTexts(ast.NodeTransformer):
    """Takes out every statement that is only a string: docstrings, and the strings under
    constants that document them. Such a statement does nothing when it runs.
    """

    def visit_Expr(self, node: ast.Expr) -> ast.Expr | None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return None
        return node


def _without_texts(tree: ast.AST) -> ast.AST:
    """``tree`` without its documenting strings (``_WithoutTexts``), changed in place."""
    return _WithoutTexts().visit(tree)


def _code_of(source: str) -> str:
    """What of a module's ``source`` runs: its syntax tree without docstrings and other
    documenting strings, comments, layout or line numbers (``ast.dump``).
    """
    return ast.dump(_without_texts(ast.parse(source)))


def code_fingerprint(game_id: str, root: Path | None = None) -> str:
    """A hash of everything that decides a game of ``game_id`` here: its package, the shared
    engine code and players (``games/core``, ``games/players``, the modules beside them; data
    files included, the test suite's ``TEST_ONLY`` modules not) and this script's
    ``PLAY_FUNCTIONS``. A recorded game counts only for the code that played it; an option
    added to the command line does not make the recorded games unreadable, nor does a comment,
    a docstring or a change of layout (modules count by their syntax trees, ``_code_of``), so
    a corrected text costs no replay of a record. ``root``: another checkout of the project
    (to compare a record's code with today's), else this one.
    """
    root = root or Path(__file__).resolve().parents[1]
    games = root / "games"
    folders = [games / "core", games / "players", games / game_id.replace("-", "_")]
    files = [p for p in games.glob("*.py")] + [
        p for folder in folders for p in folder.rglob("*") if p.suffix in {".py", ".json"}
    ]
    digest = hashlib.sha256()
    for path in sorted(files):
        if path.name in TEST_ONLY:
            continue
        digest.update(path.relative_to(root).as_posix().encode())
        if path.suffix == ".py":
            digest.update(_code_of(path.read_text(encoding="utf-8")).encode())
        else:
            digest.update(path.read_bytes())
    script = (root / "bench" / "strength.py").read_text(encoding="utf-8")
    for node in ast.parse(script).body:
        if isinstance(node, ast.FunctionDef) and node.name in PLAY_FUNCTIONS:
            digest.update(ast.dump(_without_texts(node)).encode())
    return digest.hexdigest()[:16]


def load_record(path: Path, fingerprints: dict[str, str]) -> dict[Task, Outcome]:
    """The games ``path`` holds that today's code played (``fingerprints``: per game)."""
    if not path.exists():
        return {}
    recorded: dict[Task, Outcome] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        entry = json.loads(line)
        if entry["code"] != fingerprints.get(entry["task"][0]):
            continue
        outcome = entry["outcome"]
        outcome["sides"] = [tuple(side) for side in outcome["sides"]]
        recorded[tuple(entry["task"])] = Outcome(**outcome)  # type: ignore[arg-type]
    return recorded


def append_record(path: Path, fingerprint: str, task: Task, outcome: Outcome) -> None:
    """Keep one game at once: a run stopped in any way loses only the games under way."""
    entry = {"code": fingerprint, "task": list(task), "outcome": asdict(outcome)}
    with path.open("a", encoding="utf-8") as file:
        file.write(json.dumps(entry) + "\n")


def play_budget(moves: int, only: list[str] | None = None) -> None:
    """The strong player as a table runs it (0.5 s of wall clock per move): wall and CPU time
    per move over ``moves`` positions of each game and player count (``only``: as
    ``--only`` names them; a Gelfdrakkar series is timed as its rounds, once), reached by
    normal play.
    """
    print("| game | players | moves | wall s median, p95 (<= 1 s) | CPU s median, p95 |")
    print("|---|---|---|---|---|")
    chosen = [(game_id, players) for game_id, players, _rounds in chosen_setups(only)]
    for game_id, players in dict.fromkeys(chosen):
        game = _games()[game_id]
        strong, normal = game.engine_players()["strong"], game.engine_players()["normal"]
        rng = random.Random(game_id)
        walls: list[float] = []
        cpus: list[float] = []
        while len(walls) < moves:
            state = game.initial_state(players, game.parse_options(players))
            while (seats := game.to_act(state)) and len(walls) < moves:
                seat = seats[0]
                if seat == CHANCE:
                    code = game.sample_chance(state, rng)
                elif len(game.legal_actions(state, seat)) > 1 and rng.random() < 0.3:
                    wall, cpu = time.perf_counter(), time.process_time()
                    code = strong.choose(game, state, seat, rng)
                    walls.append(time.perf_counter() - wall)
                    cpus.append(time.process_time() - cpu)
                else:
                    code = normal.choose(game, state, seat, rng)
                state, _events = game.apply(state, seat, code)
        print(
            f"| {game_id} | {players} | {len(walls)} | {statistics.median(walls):.3f}, "
            f"{_percentile(walls, 0.95):.3f} | {statistics.median(cpus):.3f}, "
            f"{_percentile(cpus, 0.95):.3f} |",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    """Run the pairings and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument(
        "--iterations",
        action="append",
        help="strong's iterations per move: N, or GAME=N (repeatable; default: ITERATIONS)",
    )
    parser.add_argument(
        "--first-game",
        type=int,
        default=0,
        help="number the games from here (other seeded games than the default run's)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--only",
        action="append",
        help="GAME, GAME:PLAYERS or, for a Gelfdrakkar series, GAME:PLAYERSxROUNDS (repeatable)",
    )
    parser.add_argument("--pairing", action="append", help="LOWER-HIGHER (repeatable)")
    parser.add_argument(
        "--play-moves",
        type=int,
        help="only time strong's default play budget over this many moves per game",
    )
    parser.add_argument(
        "--minutes",
        type=float,
        help="stop after this long and report the games played (each row says how many)",
    )
    parser.add_argument(
        "--record",
        type=Path,
        help="a file (JSON lines) that keeps every game played; a later run with the same"
        " file and the same code reads those games instead of playing them again",
    )
    args = parser.parse_args(argv)
    if args.play_moves:
        play_budget(args.play_moves, args.only)
        return 0
    setups = chosen_setups(args.only)
    pairings = [pair for pair in PAIRINGS if not args.pairing or "-".join(pair) in args.pairing]
    budget = dict(ITERATIONS)
    for item in args.iterations or []:
        name, _, value = item.rpartition("=")
        for game_id in [name] if name else list(budget):
            budget[game_id] = int(value)
    # Game by game across the pairings, so that a run stopped by --minutes has played the
    # first games of every pairing: exactly those a shorter --games would have played.
    tasks: list[Task] = [
        (game_id, players, lower, higher, index, budget[game_id], rounds)
        for index in range(args.first_game, args.first_game + args.games)
        for game_id, players, rounds in setups
        for lower, higher in pairings
    ]
    print(
        f"{args.games} games per pairing, strong's iterations per move {budget}, "
        f"{args.workers} workers (nice 10), Python {sys.version.split()[0]}",
        flush=True,
    )
    fingerprints = {game_id: code_fingerprint(game_id) for game_id, _players, _rounds in setups}
    recorded = load_record(args.record, fingerprints) if args.record else {}
    # Recorded games are the first games of each pairing (runs play them in order), so the
    # ones still to play continue each pairing where the record stopped.
    outcomes: dict[tuple[str, int, str, str, int], list[Outcome]] = defaultdict(list)
    for task in tasks:
        if task in recorded:
            outcomes[pairing_of(task)].append(recorded[task])
    todo = [task for task in tasks if task not in recorded]
    if len(todo) < len(tasks):
        print(
            f"{len(tasks) - len(todo)} games read from {args.record} (code {fingerprints}),"
            f" {len(todo)} to play",
            flush=True,
        )
    elif recorded:
        print(
            f"none of the {len(recorded)} games {args.record} holds for today's code is one of"
            f" this run's (other games, pairings or budgets): {len(todo)} to play",
            flush=True,
        )
    started = time.perf_counter()
    with Pool(args.workers, initializer=_nice) as pool:
        results = pool.imap(play_one, todo, chunksize=1)
        stop = started + 60 * args.minutes if args.minutes else None
        for done, task in enumerate(todo, 1):
            try:  # the games come back in order; a slow one must not hold the stop back
                left = None if stop is None else max(0.0, stop - time.perf_counter())
                outcome = results.next(timeout=left)
            except Late:
                print(f"stopped after {args.minutes} min: {done - 1} games played", flush=True)
                pool.terminate()
                break
            outcomes[pairing_of(task)].append(outcome)
            if args.record:
                append_record(args.record, fingerprints[task[0]], task, outcome)
            if done % 10 == 0 or done == len(todo):
                elapsed = time.perf_counter() - started
                print(f"  {done}/{len(todo)} games, {elapsed:.0f} s", file=sys.stderr, flush=True)
    wall = time.perf_counter() - started
    print(
        "| game | players | pairing | games | higher level's result | 95% interval | target |"
        " time per move lower / higher: median, p95 (CPU s) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    announcements: dict[tuple[str, int, int], dict[str, list[bool]]] = {}
    for (game_id, players, lower, higher, rounds), rows in outcomes.items():
        games = len(rows)
        times = {
            level: [value for row in rows for value in row.seconds[level]]
            for level in (lower, higher)
        }
        timing = " / ".join(
            f"{statistics.median(times[level]) if times[level] else 0:.3f}, "
            f"{_percentile(times[level], 0.95):.3f}"
            for level in (lower, higher)
        )
        wins = sum(row.higher_score for row in rows)
        low, high = _interval(wins, games)
        if players == 2:
            shown = f"{wins / games:.1%} of games"
            interval = f"{low:.1%}-{high:.1%}"
            target = f">= {TWO_PLAYER_TARGET:.0%}"
        else:
            fair = sum(row.firsts / row.players for row in rows) / games
            shown = f"{wins / games:.1%} first (fair {fair:.1%}): {wins / games / fair:.2f}x"
            interval = f"{low / fair:.2f}x-{high / fair:.2f}x"
            target = f">= {SHARE_TARGET}x"
        seats = f"{players}, {rounds} rounds" if rounds else f"{players}"
        print(
            f"| {game_id} | {seats} | {lower} vs {higher} | {games} | {shown} | {interval} "
            f"| {target} | {timing} (<= {MOVE_SECONDS_TARGET:.0f} s for strong) |"
        )
        if game_id == "gelfdrakkar":
            mine = announcements.setdefault((game_id, players, rounds), defaultdict(list))
            for row in rows:
                for level, verdicts in row.announcements.items():
                    mine[level] += verdicts
    for (game_id, players, lower, higher, rounds), rows in outcomes.items():
        if game_id == "gelfdrakkar":
            print(_by_party(setup_name(game_id, players, rounds), lower, higher, rows))
    for (game_id, players, rounds), by_level in announcements.items():
        for level, verdicts in sorted(by_level.items()):
            won = sum(verdicts)
            share = f"{won / len(verdicts):.1%}" if verdicts else "-"
            print(
                f"{setup_name(game_id, players, rounds)}: {level} announced {len(verdicts)} times, "
                f"its party won {won} ({share}; target >= {ANNOUNCE_TARGET:.0%})"
            )
    print(f"wall time {wall:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
