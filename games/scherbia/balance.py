"""Measurements the Scherbia ruling asks for (Aktionskarten, Fraktionen), as plain functions.

``bench/scherbia_actions.py`` prints the full figures; ``tests/games/scherbia/test_balance.py``
checks a small sample on every test run. Games are played with the bare loop (legal actions,
the engine players' own choices, chance sampled from a seeded generator).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.core import CHANCE, State

from .actions import FACTION_PAIRS, FACTIONS

MAX_FACTION_SHARE = 0.60
"""No faction may win more than this share of the even team games it plays (ruling)."""


def play_game(
    players: int,
    options: dict[str, Any],
    agents: list[Any],
    seed: int,
    factions: tuple[int, int] | None = None,
) -> State:
    """One game to the end: ``agents[seat]`` chooses for each seat, chance from ``seed``
    (``factions``: the faction draw's outcome, so that every pairing is measured equally).
    """
    from games.core import encode

    from . import GAME

    rng = random.Random(seed)
    state = GAME.initial_state(players, GAME.parse_options(players, options))
    while True:
        to_act = GAME.to_act(state)
        if not to_act:
            return state
        seat = to_act[0]
        if seat == CHANCE and factions is not None and state["phase"] == "factions":
            code = encode("factions", *factions)
        elif seat == CHANCE:
            code = GAME.sample_chance(state, rng)
        else:
            code = agents[seat].choose(GAME, state, seat, rng)
        state, _events = GAME.apply(state, seat, code, checked=False)


@dataclass
class Duel:
    """Strategy against random in two-player games (the strategy seat alternates)."""

    games: int = 0
    wins: int = 0
    ties: int = 0

    @property
    def rate(self) -> float:
        """The strategy's share of games won, a tie counting half."""
        return (self.wins + self.ties / 2) / self.games if self.games else 0.0


def strategy_vs_random(games: int, action_cards: bool, seed: int = 0) -> Duel:
    """``games`` two-player games, strategy against random, with or without action cards."""
    from games.players import RandomPlayer

    from .strategy import StrategyPlayer

    duel = Duel()
    options = {"action_cards": action_cards}
    for index in range(games):
        me = index % 2
        agents: list[Any] = [RandomPlayer(), RandomPlayer()]
        agents[me] = StrategyPlayer()
        state = play_game(2, options, agents, seed + index)
        mine, theirs = state["scores"][me], state["scores"][1 - me]
        duel.games += 1
        duel.wins += mine > theirs
        duel.ties += mine == theirs
    return duel


@dataclass
class FactionTally:
    """Even team games between engine players: each faction's games, wins and ties."""

    games: dict[str, int] = field(default_factory=lambda: {f.word: 0 for f in FACTIONS})
    wins: dict[str, int] = field(default_factory=lambda: {f.word: 0 for f in FACTIONS})
    ties: int = 0

    def share(self, word: str) -> float:
        """The share of its games a faction won outright."""
        return self.wins[word] / self.games[word] if self.games[word] else 0.0


def faction_games(games: int, seed: int = 0, action_cards: bool = True) -> FactionTally:
    """``games`` 2v2 games, every seat the strategy player, the faction pairings (each team
    side) taken in turn.
    """
    from .strategy import StrategyPlayer

    tally = FactionTally()
    options = {"teams": "2v2", "factions": "open", "action_cards": action_cards}
    for index in range(games):
        pair = FACTION_PAIRS[index % len(FACTION_PAIRS)]
        state = play_game(4, options, [StrategyPlayer()] * 4, seed + index, pair)
        words = [FACTIONS[f].word for f in state["fac"]]
        team_scores = [state["scores"][0], state["scores"][1]]
        for team, word in enumerate(words):
            tally.games[word] += 1
            tally.wins[word] += team_scores[team] > team_scores[1 - team]
        tally.ties += team_scores[0] == team_scores[1]
    return tally
