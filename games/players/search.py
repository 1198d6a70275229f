"""The searching engine player (level "strong") and the levels every game offers.

``SearchPlayer`` is determinized Monte Carlo search with UCB1 at the root (Cowling, Powley
and Whitehouse 2012 call it determinized UCT with one level; OpenSpiel's ``ismcts.py`` grows a
tree over information sets, which pays off with budgets far above a Discord table's half
second). Every iteration draws a full state with ``Game.determinize`` (what the seat cannot
know dealt anew, consistent with what it saw), plays one candidate move on it and plays the
game out with a fast rollout player for every seat; the move with the best average result is
chosen. The hidden cards of the real state never reach a decision: a draw depends only on the
seat's information and the generator, so two states the seat cannot tell apart give the same
move for the same seed and iteration budget (the no-peeking test checks it).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from games.core.codes import decode
from games.core.contract import CHANCE, Game, Result, State, forfeited, rank_forfeits_last
from games.core.text import Text

LEVELS = ("easy", "normal", "strong")
"""The engine levels a table, a tournament and the terminal offer, weakest first."""
LEVEL_NAMES = {
    "easy": Text("leicht", "easy"),
    "normal": Text("normal", "normal"),
    "strong": Text("stark", "strong"),
}
"""How a level is named to players."""
DEFAULT_LEVEL = "normal"
"""The level of an engine added without a choice, and of a timed-out seat's stand-in."""
LEGACY = {"strategy": "normal"}
"""Engine names stored before the levels, and the level each now plays as."""
PLAY_SECONDS = 0.5
"""The strong player's thinking time per move at a table (wall clock)."""
PLAYOUT_LIMIT = 100_000
"""A guard on a playout's length; every game ends far sooner (``Game.max_decisions``)."""
PLAY_MAX_ITERATIONS = 4000
"""A cap on iterations per move at a table, so a fast game does not spin for nothing."""


def utility(result: Result, seat: int) -> float:
    """How good ``result`` is for ``seat``, in [0, 1]: half for first place (the figure
    tournaments and the benchmark count), half for the share of opponents it beat (ties half).
    Team-mates are not opponents.
    """
    mates: set[int] = {seat}
    for team in result.teams or []:
        if seat in team:
            mates = set(team)
    mine = result.ranks[seat]
    opponents = [other for other in range(len(result.ranks)) if other not in mates]
    if not opponents:
        return 1.0
    beaten = sum(
        1.0 if mine < result.ranks[o] else 0.5 if mine == result.ranks[o] else 0.0
        for o in opponents
    )
    return 0.5 * (mine == 1) + 0.5 * beaten / len(opponents)


def playout(game: Game, state: State, player: Any, rng: random.Random, limit: int) -> State:
    """``state`` played to the end (or ``limit`` decisions) by ``player`` in every seat, with
    chance drawn from ``rng``.
    """
    for _ in range(limit):
        seats = game.to_act(state)
        if not seats:
            break
        seat = seats[0]
        if seat == CHANCE:
            code = game.sample_chance(state, rng)
        else:
            code = player.choose(game, state, seat, rng)
        state, _events = game.apply(state, seat, code, checked=False)
    return state


class SearchPlayer:
    """Determinized Monte Carlo search within a budget per move.

    ``iterations`` fixes the work per move (tests, the benchmark: the same seed gives the same
    move); without it the player searches for ``seconds`` of wall clock (tables), at most
    ``PLAY_MAX_ITERATIONS`` iterations. ``rollout`` plays every seat in the playouts;
    ``guide`` (default: the rollout player) names the first candidate tried, and decides alone
    the moves whose verb is in ``follow`` (Gelfdrakkar's announcements: they are about the
    stake, which the search's yardstick of places does not weigh); ``exploration`` is UCB1's
    constant for results in [0, 1].
    """

    def __init__(
        self,
        rollout: Any,
        *,
        guide: Any | None = None,
        follow: frozenset[str] = frozenset(),
        iterations: int | None = None,
        seconds: float = PLAY_SECONDS,
        exploration: float = 0.6,
    ) -> None:
        self.rollout = rollout
        self.guide = rollout if guide is None else guide
        self.follow = follow
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration

    def with_iterations(self, iterations: int) -> SearchPlayer:
        """The same player with a fixed iteration budget."""
        return SearchPlayer(
            self.rollout,
            guide=self.guide,
            follow=self.follow,
            iterations=iterations,
            exploration=self.exploration,
        )

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """The legal move with the best average playout result over sampled deals."""
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        # The guide's own pick is tried first and wins ties: with a small budget the
        # search only departs from it when another move did better.
        first = self.guide.choose(game, game.determinize(state, seat, rng), seat, rng)
        if self.follow:
            if decode(first)[0] in self.follow:
                return str(first)
            legal = [code for code in legal if decode(code)[0] not in self.follow]
        order = [first, *(code for code in legal if code != first)]
        if len(order) == 1:
            return str(first)
        visits = dict.fromkeys(order, 0)
        totals = dict.fromkeys(order, 0.0)
        budget = self.iterations or PLAY_MAX_ITERATIONS
        deadline = None if self.iterations else time.perf_counter() + self.seconds
        done = 0
        while done < budget and (deadline is None or time.perf_counter() < deadline):
            code = self._select(order, visits, totals, done)
            sample = game.determinize(state, seat, rng)
            after, _events = game.apply(sample, seat, code, checked=False)
            end = playout(game, after, self.rollout, rng, PLAYOUT_LIMIT)
            visits[code] += 1
            totals[code] += outcome(game, end, seat)
            done += 1
        return max(order, key=lambda code: (visits[code], totals[code] / max(1, visits[code])))

    def _select(
        self, order: list[str], visits: dict[str, int], totals: dict[str, float], done: int
    ) -> str:
        for code in order:
            if not visits[code]:
                return code
        log_done = math.log(done)
        return max(
            order,
            key=lambda code: (
                totals[code] / visits[code] + self.exploration * math.sqrt(log_done / visits[code])
            ),
        )


def outcome(game: Game, state: State, seat: int) -> float:
    """``utility`` of a playout's end for ``seat`` (a seat that forfeited before the search
    ranks last); a playout cut off unfinished counts as a draw.
    """
    result = game.result(state)
    if result is None:
        return 0.5
    gone = forfeited(state)
    return utility(rank_forfeits_last(result, gone) if gone else result, seat)


class EasyPlayer:
    """Plays like ``normal`` but makes mistakes: with probability ``mistakes`` another move of
    the same kind (another card, another purchase, another amount) drawn at random, or, where
    normal's move has no such alternative, any legal move whose verb is not in ``avoid``
    (Gelfdrakkar's announcements: a beginner does not stake the round on a whim). Every move
    stays legal and most stay plausible.
    """

    def __init__(
        self, normal: Any, mistakes: float = 0.5, avoid: frozenset[str] = frozenset()
    ) -> None:
        self.normal = normal
        self.mistakes = mistakes
        self.avoid = avoid

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """``normal``'s move, or now and then a plausible other one."""
        move = str(self.normal.choose(game, state, seat, rng))
        if rng.random() >= self.mistakes:
            return move
        verb = decode(move)[0]
        legal = game.legal_actions(state, seat)
        alike = [code for code in legal if code != move and decode(code)[0] == verb]
        others = alike or [
            code for code in legal if code != move and decode(code)[0] not in self.avoid
        ]
        return rng.choice(others) if others else move


def levelled(normal: Any, rollout: Any | None = None, **search: Any) -> dict[str, Any]:
    """A game's engine players: ``random``, the three levels, and ``strategy`` (the name
    tables stored before the levels) playing as ``normal``.
    """
    from games.players import RandomPlayer

    follow = search.get("follow", frozenset())
    return {
        "random": RandomPlayer(),
        "easy": EasyPlayer(normal, avoid=follow),
        "normal": normal,
        "strong": SearchPlayer(rollout if rollout is not None else normal, guide=normal, **search),
        "strategy": normal,
    }


def level_of(engine: str) -> str:
    """The level an engine name plays as (``strategy`` is ``normal``; ``random`` stays)."""
    return LEGACY.get(engine, engine)


def offered_levels(game: Game) -> list[str]:
    """The levels ``game`` offers, weakest first (none: a game with only random play)."""
    players = game.engine_players()
    return [level for level in LEVELS if level in players]


def engine_label(engine: str) -> str:
    """An engine's name with its level in both languages: "Engine (stark/strong)"; an engine
    that is no level (random play) by its own name.
    """
    level = level_of(engine)
    if level not in LEVEL_NAMES:
        return engine
    name = LEVEL_NAMES[level]
    shown = name.de if name.de == name.en else f"{name.de}/{name.en}"
    return f"Engine ({shown})"
