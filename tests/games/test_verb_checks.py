"""One check per verb (``games/core/checks.py``): a rule is written once, so the menu and the
refusal cannot disagree.

The conformance playouts (``test_conformance.py``, 200 games per game) already hold every game
to it at every step: each legal action passes its verb's check, and sampled codes that are not
legal get a reason from it, the reason ``explain_illegal`` gives. Here: every game has a check
for every verb of its codes, positions from playouts agree code by code, and a game whose check
disagrees with its menu is caught.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import CHANCE, State, Text, all_games, decode
from games.core.checks import verbs, why_not
from games.core.conformance import ConformanceError, checked_playout
from games.core.errors import NOT_NOW
from games.gelfdrakkar.engine import Gelfdrakkar, GelfdrakkarState
from games.stardust.engine import Stardust, StardustState

GAMES = [game for game in all_games() if type(game).__module__.startswith("games.")]
"""The five games (the test-only Hochkarte keeps the plain contract)."""


def _positions(game, seeds: range) -> list[tuple[State, int]]:
    """Positions (state, seat to act) along seeded random games at the smallest table."""
    players = game.min_players
    options = game.parse_options(players)
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state(players, options)
        while seats := game.to_act(state):
            if seats == [CHANCE]:
                state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
                continue
            found.append((state, seats[0]))
            state, _ = game.apply(state, seats[0], rng.choice(game.legal_actions(state, seats[0])))
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_verb_of_every_menu_has_its_one_check(game) -> None:
    """Layout (issue 21): each kind of action has one ``why_not_<verb>``, and every legal code
    passes it, every code of another moment of the game that is not legal now is refused by it
    with the same reason ``explain_illegal`` gives the player."""
    known = set(verbs(game))
    seen: dict[str, None] = {}
    rng = random.Random(21)
    positions = _positions(game, range(3))
    assert positions
    for state, seat in positions:
        legal = game.legal_actions(state, seat)
        seen.update(dict.fromkeys(legal))
        for code in legal:
            assert decode(code)[0] in known, code
            assert why_not(game, state, seat, code) is None, code
        for code in rng.sample(list(seen), min(10, len(seen))):
            if code in legal or decode(code)[0] in game.open_verbs:
                continue
            reason = why_not(game, state, seat, code)
            assert isinstance(reason, Text) and reason.de and reason.en, code
            assert game.explain_illegal(state, seat, code) == reason, code


@pytest.mark.slow(seconds=15)
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_checked_playouts_hold_menu_and_checks_together(game) -> None:
    """Conformance, at every step of 12 seeded playouts per game over its table sizes: every
    legal action passes its check, sampled illegal codes get its reason from it (the one
    ``explain_illegal`` gives), and replaying the log gives the same state."""
    counts = sorted({game.min_players, game.max_players})
    for seed in range(12):
        players = counts[seed % len(counts)]
        playout = checked_playout(
            game, players, game.parse_options(players), seed=seed, verb_checks=True
        )
        assert playout.decisions > 0


def test_an_unknown_verb_keeps_the_answer_it_always_got() -> None:
    """Behaviour unchanged: a well-formed code with a verb the game does not have is "not
    possible now" (Coppertwaddle: "not a valid move", as before the checks)."""
    for game in GAMES:
        state = game.initial_state(game.min_players, game.parse_options(game.min_players))
        expected = getattr(game, "unknown_verb", NOT_NOW)
        assert why_not(game, state, 0, "zug:1") == expected, game.id


class _PlayAllowsAnyCard(Gelfdrakkar):
    """Broken: its check of ``play`` forgets that the card must be in one's hand."""

    def why_not_play(
        self, state: GelfdrakkarState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        return self._on_turn(state, seat)


class _BetAlwaysRefused(Stardust):
    """Broken: its check of ``bet`` refuses what its menu offers."""

    def why_not_bet(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        return NOT_NOW


def test_a_check_that_allows_what_the_menu_does_not_is_caught() -> None:
    """Conformance: an illegal code that its verb's check lets through fails the playout."""
    game = _PlayAllowsAnyCard()
    with pytest.raises(ConformanceError, match="is not legal for seat .* its check allows it"):
        checked_playout(game, 4, game.parse_options(4), seed=1, verb_checks=True)


def test_a_check_that_refuses_what_the_menu_offers_is_caught() -> None:
    """Conformance: a legal code that its verb's check refuses fails the playout."""
    game = _BetAlwaysRefused()
    with pytest.raises(ConformanceError, match="legal 'bet:.*' of seat .* fails its check"):
        checked_playout(game, 3, game.parse_options(3), seed=1, verb_checks=True)


def test_the_unbroken_games_pass_the_same_playouts() -> None:
    """The two failures above are the broken checks' doing."""
    for game, players in ((Gelfdrakkar(), 4), (Stardust(), 3)):
        playout = checked_playout(
            game, players, game.parse_options(players), seed=1, verb_checks=True
        )
        assert playout.decisions
