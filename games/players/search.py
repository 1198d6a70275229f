"""The searching engine player (level "strong") and the levels every game offers.

``SearchPlayer`` is determinized Monte Carlo search at the root (Cowling, Powley and
Whitehouse 2012; OpenSpiel's ``ismcts.py`` grows a tree over information sets, which pays off
with budgets far above a Discord table's half second), used as a rollout algorithm: a one-step
improvement of the normal player. Every sample draws a full state with ``Game.determinize``
(what the seat cannot know dealt anew, consistent with what it saw), plays normal's move and
a few candidates on it and plays each out with a fast rollout player for every seat, with
the same chance draws; a candidate replaces normal's move only when it does clearly better
on the same samples (see ``SearchPlayer``). The hidden cards of the real state never reach a
decision: a draw depends only on the seat's information and the generator, so two states the
seat cannot tell apart give the same move for the same seed and iteration budget (the
no-peeking test checks it).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
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
"""A cap on playouts per move at a table, so a fast game does not spin for nothing."""
CANDIDATES = 5
"""Moves played out beside the guide's: with a budget of tens of playouts per move, a few
candidates with many shared samples each tell more than many with one or two."""
MIN_BATCH = 4
"""Shared samples per candidate in a round at least, before the weaker half is dropped."""


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


def playout(
    game: Game,
    state: State,
    player: Any,
    rng: random.Random,
    limit: int,
    stop: Callable[[State], bool] | None = None,
) -> State:
    """``state`` played to the end (or ``limit`` decisions, or the first state ``stop`` says
    to stop at) by ``player`` in every seat, with chance drawn from ``rng``.
    """
    for _ in range(limit):
        seats = game.to_act(state)
        if not seats or (stop is not None and stop(state)):
            break
        seat = seats[0]
        if seat == CHANCE:
            code = game.sample_chance(state, rng)
        else:
            code = player.choose(game, state, seat, rng)
        state, _events = game.apply(state, seat, code, checked=False)
    return state


class SearchPlayer:
    """Determinized Monte Carlo search within a budget per move, anchored on the guide's move.

    ``iterations`` fixes the work per move in playouts (tests, the benchmark: the same seed
    gives the same move); without it the player searches for ``seconds`` of wall clock
    (tables), at most ``PLAY_MAX_ITERATIONS`` playouts. ``rollout`` plays every seat in the
    playouts; ``guide`` (default: the rollout player) names the default move, and decides alone
    the moves whose verb is in ``follow`` (Gelfdrakkar's announcements: they are about the
    stake, which the search's yardstick of places does not weigh). ``horizon`` and ``value``
    (both or neither) let a game end its playouts early: a playout stops at the first state
    ``horizon`` accepts and is scored there by ``value(state, seat)`` on the yardstick's scale
    (Stardust: the end of the hand being decided), unless the game is over by then.

    The search is a one-step improvement of the guide (a rollout algorithm): every candidate is
    played out on the same sampled deals with the same chance draws (common random numbers),
    so the difference between a candidate and the guide's move is measured sample by sample
    and the luck of the deal cancels. After each round the candidates whose mean difference
    is not above the guide's are dropped (halving the rest), and the search stops as soon as
    none is left, so a decision where every move leads to the same results costs a handful of
    playouts. The guide's move is left only for a candidate that beats it by ``margin`` and by
    ``confidence`` standard errors over at least ``least`` shared samples: with a small budget
    a lucky playout must not pull the player off a good move (the earlier UCB1 search, which
    chose the most visited move, lost 6 of 6 Catan games to normal that way).
    """

    def __init__(
        self,
        rollout: Any,
        *,
        guide: Any | None = None,
        follow: frozenset[str] = frozenset(),
        iterations: int | None = None,
        seconds: float = PLAY_SECONDS,
        candidates: int = CANDIDATES,
        margin: float = 0.02,
        confidence: float = 2.0,
        least: int = 8,
        horizon: Callable[[State], bool] | None = None,
        value: Callable[[State, int], float] | None = None,
    ) -> None:
        self.rollout = rollout
        self.guide = rollout if guide is None else guide
        self.follow = follow
        self.iterations = iterations
        self.seconds = seconds
        self.candidates = candidates
        self.margin = margin
        self.confidence = confidence
        self.least = least
        self.horizon = horizon
        self.value = value

    def with_iterations(self, iterations: int) -> SearchPlayer:
        """The same player with a fixed budget of playouts per move."""
        return SearchPlayer(
            self.rollout,
            guide=self.guide,
            follow=self.follow,
            iterations=iterations,
            candidates=self.candidates,
            margin=self.margin,
            confidence=self.confidence,
            least=self.least,
            horizon=self.horizon,
            value=self.value,
        )

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """The guide's move, or a candidate that does clearly better over sampled deals."""
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        # The guide decides on a drawn deal, never on the real state's hidden cards.
        first = str(self.guide.choose(game, game.determinize(state, seat, rng), seat, rng))
        if self.follow:
            if decode(first)[0] in self.follow:
                return first
            legal = [code for code in legal if decode(code)[0] not in self.follow]
        budget = self.iterations or PLAY_MAX_ITERATIONS
        # Every candidate needs ``least`` shared samples with the guide's move to count.
        room = max(1, min(self.candidates, budget // (2 * self.least)))
        others = self._shortlist(game, state, seat, legal, first, room)
        if not others:
            return first
        deadline = None if self.iterations else time.perf_counter() + self.seconds
        diffs: dict[str, list[float]] = {code: [] for code in others}
        live = list(others)
        spent = samples = 0
        while live and spent < budget:
            width = len(live) + 1
            rounds = max(1, math.ceil(math.log2(width)))
            # Rounds at most double the samples, so that a decision where nothing differs
            # is given up after a few playouts, not after the whole budget.
            batch = max(MIN_BATCH, min(samples, (budget - spent) // (width * rounds)))
            batch = min(batch, (budget - spent) // width)
            if batch < 1:
                break
            for _ in range(batch):
                sample = game.determinize(state, seat, rng)
                seed = rng.getrandbits(64)
                row: list[float] = []
                for code in (first, *live):
                    # Checked before every playout: on a starved core one sample of several
                    # playouts can take longer than the whole half second.
                    if deadline is not None and time.perf_counter() >= deadline:
                        break
                    row.append(self._playout(game, sample, seat, code, seed))
                if len(row) < width:  # out of time: a sample not played by all is dropped
                    budget = spent
                    break
                for code, value in zip(live, row[1:], strict=True):
                    diffs[code].append(value - row[0])
                samples += 1
                spent += width
            live = self._survivors(live, diffs)
            if len(live) == 1 and self._beats(diffs[live[0]], 1.5 * self.confidence):
                break
        best = max(others, key=lambda code: (_mean(diffs[code]), len(diffs[code])))
        return best if self._beats(diffs[best], self.confidence) else first

    def _playout(self, game: Game, sample: State, seat: int, code: str, seed: int) -> float:
        after, _events = game.apply(sample, seat, code, checked=False)
        if self.horizon is None or self.value is None:
            end = playout(game, after, self.rollout, random.Random(seed), PLAYOUT_LIMIT)
            return outcome(game, end, seat)
        end = playout(
            game, after, self.rollout, random.Random(seed), PLAYOUT_LIMIT, stop=self.horizon
        )
        return outcome(game, end, seat) if game.is_over(end) else self.value(end, seat)

    def _survivors(self, live: list[str], diffs: dict[str, list[float]]) -> list[str]:
        """The better half of the candidates not behind the guide's move on average; one that
        has only tied it is given ``least`` samples before it is taken for an equal move (a
        better move often differs only on some deals).
        """
        ahead = sorted(
            (
                code
                for code in live
                if _mean(diffs[code]) > 0
                or (not any(diffs[code]) and len(diffs[code]) < self.least)
            ),
            key=lambda code: -_mean(diffs[code]),
        )
        return ahead[: max(1, len(live) // 2)] if len(live) > 1 else ahead

    def _beats(self, diffs: list[float], confidence: float) -> bool:
        """Whether paired differences say a candidate is better than the guide's move."""
        if len(diffs) < self.least:
            return False
        mean = _mean(diffs)
        if mean < self.margin:
            return False
        spread = statistics.pstdev(diffs)
        return spread == 0 or mean > confidence * spread / math.sqrt(len(diffs) - 1)

    def _shortlist(
        self, game: Game, state: State, seat: int, legal: list[str], first: str, room: int
    ) -> list[str]:
        """The moves worth playing out beside ``first``: the guide's own ranking where it has
        one (``rank``), else a spread over the verbs (the lowest, middle and highest
        argument of each), at most ``room`` of them.
        """
        rest = [code for code in legal if code != first]
        if len(rest) <= room:
            return rest
        rank = getattr(self.guide, "rank", None)
        if rank is not None:
            ordered = [
                code
                for code in rank(game, game.determinize(state, seat, random.Random(0)), seat, legal)
                if code != first
            ]
            return ordered[:room]
        by_verb: dict[str, list[str]] = {}
        for code in rest:
            by_verb.setdefault(decode(code)[0], []).append(code)
        picks: list[str] = []
        for depth in range(3):
            for codes in by_verb.values():
                spread = [codes[0], codes[-1], codes[len(codes) // 2]]
                if depth < len(codes) and spread[depth] not in picks:
                    picks.append(spread[depth])
        return picks[:room]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


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
