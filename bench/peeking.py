"""How much of strong's gap to its targets is hidden information (issue 18): its ceiling.

``python bench/peeking.py`` takes ``bench/strength.py``'s options and plays its games with one
more pairing, ``normal-peeking``: the strong level's very search (the same guide, candidates,
playouts and budget), except that every sample it plays out is the real state, every hidden
card seen. No table ever offers this player; it is a yardstick of this search, not of every
player. Where even it stays short of the target (60% of two-player games, 1.5x the fair share
of first places), a better deal sampler alone cannot reach it: the search's judge (its
playouts) or the luck of the draws still to come holds it back. Where it clears the target by
far, the gap is strong's knowledge of the hidden cards (inference from the play), and a better
sampler is where strength lies.

    python bench/peeking.py --games 400 --only scherbia:2 --pairing normal-peeking

A second pairing, ``normal-handseeing`` (Stardust only), sees every other player's hand but
not the order of the pile: its samples keep the hands and shuffle the pile and the discards.
It is the ceiling of perfect reads, of any inference from the play: the draws still to come
stay unknown to every player, and seeing them is part of ``peeking``'s figure. A third,
``normal-actedseeing`` (Stardust only), sees an opponent's hand only once that opponent has
shown something this hand (acted in the first betting round, or the exchange reached): the
ceiling of reads from the play itself, which cannot know a hand before its player acts.

The guide's own move is unchanged (it decides on its own sampled deal or, in Scherbia, its
own sampled deals), so the figure is the search's ceiling, not that of a player who sees all.
The script adds the level to ``strength`` before the worker processes start (they are forked
from this one), so every game is played by ``strength.play_one`` exactly as there.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import strength

from games.core import Game, State
from games.players.search import SearchPlayer
from games.stardust.engine import deal_anew

PEEKING = "peeking"
HAND_SEEING = "handseeing"
ACTED_SEEING = "actedseeing"


class SeeingAll:
    """``game`` whose ``determinize`` hands back the real state: every hidden card seen."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The real state itself: ``apply`` never edits the state it is given (the
        conformance suite checks it), so every sample can share it.
        """
        return state


class SeeingHands(SeeingAll):
    """Stardust whose ``determinize`` keeps every hand and deals only the pile anew."""

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The real hands, with the pile and the discards shuffled together and dealt anew
        (sorted first, so the deal does not depend on their real order).
        """
        if state["phase"] not in ("bet", "exchange"):
            return state
        return deal_anew(state, [], rng)


class SeeingActed(SeeingAll):
    """Stardust whose ``determinize`` keeps the hands of the opponents who have acted."""

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The real hands of the live opponents who have acted this hand (every one once the
        exchange is reached); the other hands, the pile and the discards dealt anew from
        what they hold together (sorted first).
        """
        if state["phase"] not in ("bet", "exchange"):
            return state
        later = state["phase"] == "exchange" or state["round"] == 2
        hidden = [
            each
            for each in range(state["n"])
            if each != seat
            and not (
                state["in_hand"][each]
                and not state["folded"][each]
                and (later or state["acted"][each] or state["bets"][each] > 0)
            )
        ]
        return deal_anew(state, hidden, rng)


class PeekingPlayer:
    """The strong level's search, played out on the real state instead of drawn deals."""

    def __init__(self, search: SearchPlayer, seeing: type[SeeingAll] = SeeingAll) -> None:
        self.search = search
        self.seeing = seeing

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """Strong's move as if every sample were the real deal (or had the real hands)."""
        return self.search.choose(self.seeing(game), state, seat, rng)  # type: ignore[arg-type]


_strong_or_lower = strength._player


SEEING: dict[str, type[SeeingAll]] = {HAND_SEEING: SeeingHands, ACTED_SEEING: SeeingActed}
"""The Stardust-only ceilings by level."""


def _player(game: Game, level: str, iterations: int) -> Any:
    if level == PEEKING:
        return PeekingPlayer(_strong_or_lower(game, "strong", iterations))
    if level in SEEING:
        if game.id != "stardust":
            raise SystemExit(f"the pairing normal-{level} is for Stardust only")
        return PeekingPlayer(_strong_or_lower(game, "strong", iterations), SEEING[level])
    return _strong_or_lower(game, level, iterations)


def main(argv: list[str] | None = None) -> int:
    """``strength.main`` with the peeking levels and their pairings against normal."""
    strength._player = _player
    for level in (PEEKING, HAND_SEEING, ACTED_SEEING):
        if ("normal", level) not in strength.PAIRINGS:  # main may run twice in one process
            strength.PAIRINGS.append(("normal", level))
    return strength.main(argv)


if __name__ == "__main__":
    sys.exit(main())
