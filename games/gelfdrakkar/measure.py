"""Measurements printed by ``python -m games.gelfdrakkar.measure`` (no test asserts on speed).

- ``strength``: the strategy in one seat against random players over seeded five-player rounds,
  beside a random player in the same seat on the same seeds (the share a seat's party wins
  without any skill).
- ``speed``: decisions per second of the bare engine loop (legal actions, a seeded random pick,
  ``apply(checked=False)``, chance included). ``bench/engines.py`` measures the same loop for
  every game beside RLCard's UNO; ``tischrunde simulate gelfdrakkar --engines strategy,random,...
  --rotate`` plays the strength match through every conformance check.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from games.core import CHANCE
from games.players import RandomPlayer

from . import GAME
from .strategy import Strategy


def play_round(seed: int, players: int, seat: int, player: Any) -> dict[str, Any]:
    """One seeded round (rounds=1) with ``player`` in ``seat`` and random players elsewhere.

    Returns the last round summary and the party of ``seat``.
    """
    options = GAME.parse_options(players, {"rounds": 1})
    state = GAME.initial_state(players, options)
    chance = random.Random(seed)
    rng = random.Random(seed * 7919 + 1)
    randoms = RandomPlayer()
    party = None
    while not GAME.is_over(state):
        seats = GAME.to_act(state)
        if seats == [CHANCE]:
            state, _ = GAME.apply(state, CHANCE, GAME.sample_chance(state, chance))
            continue
        acting = seats[0]
        if state["party"]:
            party = state["party"][seat]
        chooser = player if acting == seat else randoms
        state, _ = GAME.apply(state, acting, chooser.choose(GAME, state, acting, rng))
    summary = state["history"][-1]
    return {"summary": summary, "party": party, "coins": state["balances"][seat]}


def strength(rounds: int = 300, players: int = 5) -> dict[str, Any]:
    """Party win rates of the strategy and of a random player in the same seats and seeds."""
    figures: dict[str, Any] = {}
    for name, player in (("strategy", Strategy()), ("random", RandomPlayer())):
        wins = 0
        decided = 0
        coins = 0
        by_party = {"V": [0, 0], "A": [0, 0]}
        for seed in range(rounds):
            outcome = play_round(seed, players, seed % players, player)
            summary = outcome["summary"]
            coins += outcome["coins"]
            if summary.get("void"):
                continue
            decided += 1
            won = summary["winner"] == outcome["party"]
            wins += won
            by_party[outcome["party"]][0] += won
            by_party[outcome["party"]][1] += 1
        figures[name] = {
            "rounds": rounds,
            "decided": decided,
            "party_wins": wins,
            "rate": wins / max(decided, 1),
            "coins": coins,
            "by_party": by_party,
        }
    return figures


def speed(seconds: float = 5.0, players: int = 5) -> tuple[float, float]:
    """Decisions (chance included) per second of the bare engine loop: by the wall clock and
    by this process's CPU time (the machine is shared, so the two differ under load).
    """
    rng = random.Random(1)
    options = GAME.parse_options(players, {"rounds": 1})
    decisions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while time.perf_counter() - start < seconds:
        state = GAME.initial_state(players, options)
        while True:
            seats = GAME.to_act(state)
            if not seats:
                break
            if seats == [CHANCE]:
                code = GAME.sample_chance(state, rng)
                seat = CHANCE
            else:
                seat = seats[0]
                code = rng.choice(GAME.legal_actions(state, seat))
            state, _ = GAME.apply(state, seat, code, checked=False)
            decisions += 1
    wall = time.perf_counter() - start
    return decisions / wall, decisions / (time.process_time() - cpu)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("what", choices=["strength", "speed", "all"], nargs="?", default="all")
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    if args.what in ("speed", "all"):
        for players in (4, 5, 7, 8):
            wall, cpu = speed(args.seconds, players)
            print(f"bare loop, {players} players: {wall:,.0f} decisions/s ({cpu:,.0f} per CPU s)")
    if args.what in ("strength", "all"):
        for name, figures in strength(args.rounds).items():
            print(name, figures)


if __name__ == "__main__":
    main()
