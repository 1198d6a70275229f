"""``tischrunde simulate``: many full games between engine players, every step checked.

Each game runs through ``games.core.conformance.checked_playout``, so a simulation is also a
test: any broken promise stops it with a non-zero exit. Engine players are assigned to seats from
``--engines``; with ``--rotate`` the assignment shifts by one seat every game, so that a strategy
plays every seat equally often and its figures are not a seat advantage.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games.core import Game, Result, State, Text
from games.core.conformance import checked_playout


@dataclass
class EngineStats:
    """Results of one engine player (or one seat) over the simulated games."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    rank_sum: float = 0.0
    score_sum: float = 0.0

    def add(self, result: Result, seat: int) -> None:
        """Count ``seat``'s outcome in ``result``."""
        self.games += 1
        rank = result.ranks[seat]
        if rank == 1:
            if result.ranks.count(1) == 1:
                self.wins += 1
            else:
                self.shared_wins += 1
        self.rank_sum += rank
        self.score_sum += result.scores[seat]

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-native numbers."""
        games = max(self.games, 1)
        return {
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "win_rate": round(self.wins / games, 4),
            "mean_rank": round(self.rank_sum / games, 3),
            "mean_score": round(self.score_sum / games, 3),
        }


@dataclass
class Simulation:
    """Everything a simulation measured."""

    game: str
    players: int
    games: int = 0
    decisions: int = 0
    chance_actions: int = 0
    seconds: float = 0.0
    by_seat: list[EngineStats] = field(default_factory=list)
    by_engine: dict[str, EngineStats] = field(default_factory=dict)
    report: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-native summary."""
        seconds = max(self.seconds, 1e-9)
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "decisions": self.decisions,
            "chance_actions": self.chance_actions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / seconds, 2),
            "decisions_per_second": round(self.decisions / seconds, 1),
            "by_seat": [stats.as_dict() for stats in self.by_seat],
            "by_engine": {name: stats.as_dict() for name, stats in self.by_engine.items()},
            "report": self.report,
        }


def simulate(
    game: Game,
    *,
    games: int,
    players: int,
    options: BaseModel,
    seed: int = 0,
    engines: list[str] | None = None,
    rotate: bool = False,
    lang: str = "en",
    progress: bool = True,
) -> Simulation:
    """Play ``games`` checked games; raises ``ConformanceError`` on the first broken promise."""
    available = game.engine_players()
    names = engines or ["random"]
    unknown = [name for name in names if name not in available]
    if unknown:
        raise ValueError(f"unknown engine player {unknown[0]!r}; known: {', '.join(available)}")
    sim = Simulation(game.id, players, by_seat=[EngineStats() for _ in range(players)])
    finished: list[tuple[State, Result]] = []
    started = time.perf_counter()
    last_report = started
    for index in range(games):
        shift = index if rotate else 0
        seat_engines = [names[(seat + shift) % len(names)] for seat in range(players)]
        choosers = [available[name].choose for name in seat_engines]
        playout = checked_playout(game, players, options, seed + index, choosers)
        sim.games += 1
        sim.decisions += playout.decisions
        sim.chance_actions += playout.chance_actions
        for seat, name in enumerate(seat_engines):
            sim.by_seat[seat].add(playout.result, seat)
            sim.by_engine.setdefault(name, EngineStats()).add(playout.result, seat)
        finished.append((playout.state, playout.result))
        now = time.perf_counter()
        if progress and now - last_report > 2:
            last_report = now
            print(f"… {index + 1}/{games} games", file=sys.stderr, flush=True)
    sim.seconds = time.perf_counter() - started
    sim.report = game.simulation_report(finished, lang)
    if sim.report and len(set(names)) > 1:
        sim.report = UNEQUAL_SEATS.get(lang) + "\n" + sim.report
    return sim


UNEQUAL_SEATS = Text(
    "Hinweis: An den Plätzen spielten verschiedene Engine-Spieler. Die Zahlen unten beschreiben "
    "diese Begegnung; Sollwerte der Spielbalance gelten für gleich starke Spieler "
    "(z. B. --engines normal).",
    "Note: different engine players held the seats. The figures below describe this "
    "pairing; the game's balance bounds are meant for equal players (e.g. --engines normal).",
)
"""Said before a game's own report when the seats were not played alike: Coppertwaddle's
balance check, for one, judges the first player's share against the ruling's bounds, which a
strong player against a weak one would break without the game being unbalanced."""


def format_simulation(sim: Simulation) -> str:
    """A human-readable summary of a simulation."""
    data = sim.as_dict()
    lines = [
        f"game: {sim.game}   players: {sim.players}",
        (
            f"games: {data['games']}   decisions: {data['decisions']}   "
            f"chance actions: {data['chance_actions']}   seconds: {data['seconds']}"
        ),
        f"games/s: {data['games_per_second']}   decisions/s: {data['decisions_per_second']}",
        "",
        (
            f"{'seat':<10}{'games':>7}{'wins':>7}{'shared':>8}{'win %':>8}{'mean rank':>11}"
            f"{'mean score':>12}"
        ),
    ]

    def row(label: str, stats: dict[str, Any]) -> str:
        return (
            f"{label:<10}{stats['games']:>7}{stats['wins']:>7}{stats['shared_wins']:>8}"
            f"{100 * stats['win_rate']:>7.1f}%{stats['mean_rank']:>11}{stats['mean_score']:>12}"
        )

    for seat, stats in enumerate(data["by_seat"], 1):
        lines.append(row(str(seat), stats))
    if len(data["by_engine"]) > 1 or list(data["by_engine"]) != ["random"]:
        lines.append("")
        lines.append("by engine player (a game counts once per seat it held):")
        for name, stats in data["by_engine"].items():
            lines.append(row(name, stats))
    if sim.report:
        lines.extend(["", sim.report])
    return "\n".join(lines)
