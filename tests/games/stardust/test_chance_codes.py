"""Stardust's chance codes: the ``mix`` spelling the engine samples and the ``shuffle`` spelling of
older logs name the same shuffles, and both are checked as strictly."""

from __future__ import annotations

import random
import re

import pytest

from games.core import CHANCE, IllegalAction, decode, shuffle_code
from games.core.errors import MALFORMED
from games.stardust import GAME
from games.stardust.chance import LETTERS, mix_code, read
from games.stardust.words import SHUFFLE_FIRST

from .helpers import new


def _playout(seed: int, players: int) -> list[tuple[int, str]]:
    """The log (seat, code) of a random match."""
    rng = random.Random(seed)
    state = new(players)
    log = []
    while seats := GAME.to_act(state):
        seat = seats[0]
        if seat == CHANCE:
            code = GAME.sample_chance(state, rng)
        else:
            code = rng.choice(GAME.legal_actions(state, seat))
        log.append((seat, code))
        state, _events = GAME.apply(state, seat, code)
    return log


def _as_old_spelling(code: str) -> str:
    verb, (word,) = decode(code)
    assert verb == "mix"
    return shuffle_code([LETTERS.index(letter) for letter in str(word)])


@pytest.mark.parametrize("players", [3, 5])
def test_a_log_in_the_old_shuffle_spelling_replays_to_the_same_states_and_events(players):
    """Stored logs stay valid: every sampled ``mix`` code spelled as the ``shuffle`` code of the
    same order replays the match to the same state and the same events at every step."""
    for seed in range(20):
        log = _playout(seed, players)
        assert any(seat == CHANCE for seat, _code in log)
        state_new = state_old = new(players)
        for seat, code in log:
            old_code = _as_old_spelling(code) if seat == CHANCE else code
            state_new, events_new = GAME.apply(state_new, seat, code)
            state_old, events_old = GAME.apply(state_old, seat, old_code)
            assert state_new == state_old
            assert events_new == events_old
        assert GAME.result(state_new) is not None


def test_a_sampled_shuffle_is_a_uniform_order_drawn_from_the_generator():
    """Chance: the deal's code names a permutation of all 48 cards, the same for the same seed,
    spelled as one letter per position (a code of the shared grammar)."""
    state = new(4)
    code = GAME.sample_chance(state, random.Random(11))
    assert code == GAME.sample_chance(state, random.Random(11))
    verb, args = decode(code)
    assert verb == "mix" and len(args) == 1 and len(code) == 4 + 48
    order = read(code, 48)
    assert sorted(order) == list(range(48))
    assert mix_code(order) == code
    firsts = {read(GAME.sample_chance(state, random.Random(seed)), 48)[0] for seed in range(400)}
    assert len(firsts) == 48  # every card can come first


def test_the_mix_spelling_deals_like_the_shuffle_spelling_of_the_same_order():
    """Both spellings of one order deal the same hands (the top of the pile is the list's end)."""
    order = list(range(48))
    random.Random(3).shuffle(order)
    by_mix, _events = GAME.apply(new(3), CHANCE, mix_code(order))
    by_shuffle, _events = GAME.apply(new(3), CHANCE, shuffle_code(order))
    assert by_mix == by_shuffle
    assert by_mix["hands"][1] == sorted(order[-5:])  # seat 1 sits after the dealer


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("mix:" + LETTERS[:47], MALFORMED),  # a card missing
        ("mix:" + LETTERS[:47] + "A", MALFORMED),  # a card twice
        ("mix:" + LETTERS[1:] + "w", MALFORMED),  # w is no position
        ("mix:" + LETTERS[:47] + "0", MALFORMED),  # nor is a digit
        ("mix:" + LETTERS + "B", MALFORMED),  # one too many
        ("mix:", MALFORMED),
        ("deal:" + LETTERS, SHUFFLE_FIRST),  # not a shuffle
    ],
)
def test_only_a_mix_of_every_card_once_is_a_deal(code, reason):
    """Deal: a ``mix`` code must name each of the 48 positions exactly once."""
    with pytest.raises(IllegalAction, match=re.escape(reason.en)):
        GAME.apply(new(3), CHANCE, code)
    with pytest.raises(IllegalAction, match=re.escape(reason.en)):
        GAME.apply(new(3), CHANCE, code, checked=False)
