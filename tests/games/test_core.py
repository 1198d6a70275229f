"""Unit tests of games/core: codes, chance helpers, results, options and the registry."""

from __future__ import annotations

import math
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import (
    MAX_PLAYER_CODE,
    IllegalAction,
    Result,
    SetupError,
    Text,
    all_games,
    check_dice,
    check_permutation,
    check_result,
    decode,
    dice_code,
    encode,
    get_game,
    random_dice,
    random_shuffle,
    register,
    shuffle_code,
    unregister,
)
from games.core.codes import MAX_CODE
from tests.games.highcard import GAME as HIGHCARD
from tests.games.highcard import Highcard

# ----- codes ---------------------------------------------------------------------------------

VERBS = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
WORDS = st.from_regex(r"[A-Za-z0-9_.\-]{1,8}", fullmatch=True).filter(lambda w: not w.isdigit())
ARGS = st.lists(st.integers(min_value=0, max_value=10**12) | WORDS, max_size=6)


@given(VERBS, ARGS)
def test_encode_then_decode_gives_back_verb_and_arguments(verb: str, args: list) -> None:
    """Codes: decode(encode(verb, *args)) == (verb, args) and encode(*decode(c)) == c."""
    code = encode(verb, *args)
    assert decode(code) == (verb, tuple(args))
    decoded_verb, decoded_args = decode(code)
    assert encode(decoded_verb, *decoded_args) == code


@given(st.text(max_size=60))
def test_any_text_either_is_rejected_or_round_trips(text: str) -> None:
    """Codes: garbage is rejected with IllegalAction; whatever decodes re-encodes to itself."""
    try:
        verb, args = decode(text)
    except IllegalAction as error:
        assert error.reason.de and error.reason.en
    else:
        assert encode(verb, *args) == text


def test_digits_decode_to_ints_and_words_stay_words() -> None:
    """Codes: ``buy:stadt:17`` is the verb buy with the word stadt and the number 17."""
    assert decode("buy:stadt:17") == ("buy", ("stadt", 17))
    assert decode("pass") == ("pass", ())
    assert decode("play:0") == ("play", (0,))
    # A minus sign makes a word, never a negative number: an engine comparing amounts must check
    # the type before it compares.
    assert decode("raise:-1") == ("raise", ("-1",))


@pytest.mark.parametrize(
    "garbage",
    [
        "",
        "PLAY",
        "1play",
        "play:01",
        "play::",
        "play:",
        ":1",
        "play:a b",
        "play:²",
        "zug:✓",
        "play:1\n",
        "\x00",
        "a" * (MAX_CODE + 1),
        None,
        17,
        b"play:1",
        ["play", 1],
    ],
)
def test_malformed_codes_are_rejected_with_a_bilingual_reason(garbage: object) -> None:
    """Codes: anything outside the grammar raises IllegalAction (a tampered button)."""
    with pytest.raises(IllegalAction, match=r"That is not a valid move\.") as caught:
        decode(garbage)
    assert caught.value.reason.de and caught.value.reason.en


@pytest.mark.parametrize(
    ("verb", "args", "error", "reason"),
    [
        ("Play", (), ValueError, "bad verb 'Play'"),
        ("1play", (), ValueError, "bad verb '1play'"),
        ("", (), ValueError, "bad verb ''"),
        ("play", (-1,), ValueError, "negative argument -1"),
        ("play", ("12",), ValueError, "bad argument '12'"),  # would decode as the number 12
        ("play", ("a:b",), ValueError, "bad argument 'a:b'"),
        ("play", ("",), ValueError, "bad argument ''"),
        ("play", ("a b",), ValueError, "bad argument 'a b'"),
        ("play", (True,), TypeError, "booleans are not arguments"),
    ],
)
def test_encode_refuses_parts_that_would_not_decode_back(verb, args, error, reason) -> None:
    """Codes: encode only builds codes that decode to the same verb and arguments."""
    with pytest.raises(error, match=re.escape(reason)):
        encode(verb, *args)


def test_player_codes_fit_beside_table_and_state_in_a_custom_id() -> None:
    """Codes: 40 characters for the action leave room in Discord's 100-character custom_id."""
    assert MAX_PLAYER_CODE == 40


# ----- chance --------------------------------------------------------------------------------


def test_a_random_shuffle_is_a_permutation_and_the_seed_fixes_it() -> None:
    """Chance: a shuffle code is a permutation of 0..n-1, reproducible from the seed."""
    code = random_shuffle(random.Random(5), 12)
    verb, args = decode(code)
    assert verb == "shuffle"
    assert sorted(check_permutation(args, 12)) == list(range(12))
    assert code == random_shuffle(random.Random(5), 12)
    assert shuffle_code(check_permutation(args, 12)) == code


def test_a_rigged_shuffle_puts_the_cards_in_the_given_order() -> None:
    """Chance: tests rig a deal by writing the shuffle code themselves."""
    assert shuffle_code([2, 0, 1], verb="mix") == "mix:2:0:1"
    assert check_permutation(decode("mix:2:0:1")[1], 3) == [2, 0, 1]


@pytest.mark.parametrize(
    "args",
    [(0, 1), (0, 1, 2, 3), (0, 1, 1), (0, 1, 3), (1, 2, 3), ("a", 1, 2), ()],
)
def test_check_permutation_rejects_anything_but_a_permutation(args) -> None:
    """Chance: a logged shuffle of 3 cards must name each of 0, 1, 2 exactly once."""
    with pytest.raises(IllegalAction, match=r"That is not a valid move\."):
        check_permutation(args, 3)


def test_random_dice_stay_on_the_die_and_the_seed_fixes_them() -> None:
    """Chance: count dice with values 1..sides, reproducible from the seed."""
    rng = random.Random(3)
    for _ in range(200):
        verb, args = decode(random_dice(rng, 2, sides=4))
        assert verb == "dice"
        assert check_dice(args, 2, sides=4) == list(args)
        assert all(isinstance(value, int) and 1 <= value <= 4 for value in args)
    assert random_dice(random.Random(9), 5) == random_dice(random.Random(9), 5)
    assert dice_code([6, 1], verb="roll") == "roll:6:1"


@pytest.mark.parametrize("args", [(0, 3), (7, 1), (3,), (3, 3, 3), ("six", 1)])
def test_check_dice_rejects_impossible_rolls(args) -> None:
    """Chance: two six-sided dice show two values in 1..6."""
    with pytest.raises(IllegalAction, match=r"That is not a valid move\."):
        check_dice(args, 2)


# ----- results -------------------------------------------------------------------------------


def test_ranks_from_scores_share_a_place_on_a_tie_and_skip_the_next() -> None:
    """Result: competition ranking (1, 1, 3): tied seats share a place."""
    result = Result.from_scores([3, 5, 5, 1])
    assert result.ranks == [3, 1, 1, 4]
    assert result.winners() == [1, 2]
    check_result(result, 4)


def test_ranks_when_the_lowest_score_wins() -> None:
    """Result: higher_wins=False ranks the lowest score first (penalty points)."""
    result = Result.from_scores([3, 5, 5, 1], higher_wins=False)
    assert result.ranks == [2, 3, 3, 1]
    assert result.winners() == [3]


def test_everyone_tied_shares_first_place() -> None:
    """Result: a full tie is a shared win."""
    assert Result.from_scores([2.5, 2.5, 2.5]).ranks == [1, 1, 1]


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=6), st.booleans())
def test_ranks_from_any_scores_are_well_formed(scores: list[int], higher_wins: bool) -> None:
    """Result: from_scores always gives a result that check_result accepts."""
    result = Result.from_scores(scores, higher_wins=higher_wins)
    check_result(result, len(scores))
    best = max(scores) if higher_wins else min(scores)
    assert result.winners() == [seat for seat, score in enumerate(scores) if score == best]


def test_teams_share_their_place() -> None:
    """Result: team-mates share a rank and the teams partition the seats; ranks stay per seat
    (competition ranking), so the second team of two places third."""
    result = Result.from_scores([10, 4, 10, 4], teams=[[0, 2], [1, 3]])
    assert result.ranks == [1, 3, 1, 3]
    check_result(result, 4)


@pytest.mark.parametrize(
    ("result", "players", "reason"),
    [
        (Result(scores=[1, 2], ranks=[2, 2]), 2, "somebody must place first"),
        # dense, not competition ranking
        (Result(scores=[3, 3, 1], ranks=[1, 1, 2]), 3, r"malformed ranks \[1, 1, 2\]"),
        (Result(scores=[1, 2], ranks=[1, 2]), 3, "a score and a rank for each of the 3 seats"),
        (Result(scores=[1, 2, 3], ranks=[1, 2]), 3, "a score and a rank for each of the 3 seats"),
        (Result(scores=[math.nan, 1], ranks=[1, 2]), 2, "every score must be a finite number"),
        (Result(scores=[math.inf, 1], ranks=[1, 2]), 2, "every score must be a finite number"),
        # seat 2 in no team
        (Result(scores=[1, 1, 0], ranks=[1, 1, 3], teams=[[0, 1]]), 3, "teams must partition"),
        # a team split over two places
        (
            Result(scores=[1, 0, 0], ranks=[1, 2, 2], teams=[[0, 1], [2]]),
            3,
            "team-mates share a place",
        ),
    ],
)
def test_malformed_results_are_refused(result: Result, players: int, reason: str) -> None:
    """Result: check_result refuses results that do not say who placed where, and says why."""
    with pytest.raises(AssertionError, match=reason):
        check_result(result, players)


# ----- options -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5, 0, -1, "3", None, True, 2.0])
def test_a_player_count_outside_the_range_is_a_setup_error(players) -> None:
    """Options: Hochkarte is for 2 to 4; the reason says so in German and in English."""
    with pytest.raises(SetupError, match=r"High card is played by 2 to 4 players\.") as caught:
        HIGHCARD.parse_options(players)
    reason = caught.value.reason
    assert reason.de == "Hochkarte spielt man mit 2 bis 4 Personen."
    assert reason.en == "High card is played by 2 to 4 players."


@pytest.mark.parametrize(
    ("values", "de", "en"),
    [
        ({"hand": 4}, "höchstens 3", "at most 3"),
        ({"hand": 0}, "mindestens 1", "at least 1"),
        ({"hand": "viele"}, "eine ganze Zahl", "a whole number"),
        ({"hand": 1.5}, "eine ganze Zahl", "a whole number"),
    ],
)
def test_an_out_of_range_option_is_a_setup_error_in_both_languages(values, de, en) -> None:
    """Options: bounds come from the pydantic model; the reason names the option and the bound
    in German and English, with no English left in the German."""
    with pytest.raises(SetupError, match=re.escape(en)) as caught:
        HIGHCARD.parse_options(3, values)
    reason = caught.value.reason
    assert reason.de == f"Ungültige Option hand: erlaubt ist {de}."
    assert reason.en == f"Invalid option hand: it must be {en}."
    assert str(caught.value) == reason.en


def test_an_unknown_option_is_a_setup_error() -> None:
    """Options: a misspelt option is refused rather than silently ignored."""
    with pytest.raises(SetupError, match=r"Unknown option hands\.") as caught:
        HIGHCARD.parse_options(3, {"hands": 2})
    assert caught.value.reason == Text("Unbekannte Option hands.", "Unknown option hands.")


def test_options_have_defaults_and_accept_typed_text() -> None:
    """Options: no values give the defaults; "3" from a command line is the number 3."""
    assert HIGHCARD.parse_options(2).model_dump() == {"hand": 2}
    assert HIGHCARD.parse_options(4, {"hand": "3"}).model_dump() == {"hand": 3}


# ----- registry ------------------------------------------------------------------------------


class _Other(Highcard):
    id = "test-zz-other"


def test_an_unknown_game_is_a_setup_error_naming_the_known_games() -> None:
    """Registry: get_game of an unknown id says which games there are, in both languages."""
    with pytest.raises(SetupError, match=r"Unknown game 'schach'\. Known:") as caught:
        get_game("schach")
    reason = caught.value.reason
    assert "'schach'" in reason.de and "test-highcard" in reason.de
    assert "'schach'" in reason.en and "test-highcard" in reason.en
    assert reason.de.startswith("Unbekanntes Spiel")
    assert reason.en.startswith("Unknown game")


def test_register_lists_games_by_id_and_refuses_a_second_game_with_the_same_id() -> None:
    """Registry: games are found by id and listed in id order; ids are unique."""
    other = _Other()
    register(other)
    try:
        assert register(other) is other  # the same object again changes nothing
        assert get_game("test-zz-other") is other
        ids = [game.id for game in all_games()]
        assert ids == sorted(ids) and "test-zz-other" in ids
        with pytest.raises(ValueError, match="two games"):
            register(_Other())
    finally:
        unregister("test-zz-other")
    with pytest.raises(SetupError, match=r"Unknown game 'test\-zz\-other'\. Known:"):
        get_game("test-zz-other")
    assert get_game("test-highcard") is HIGHCARD


# ----- text ----------------------------------------------------------------------------------


def test_text_picks_a_language_and_falls_back_to_english() -> None:
    """Text: every message in German and English; other languages get English."""
    text = Text("Platz {n}", "Seat {n}").format(n=2)
    assert text.get("de") == "Platz 2"
    assert text.get("en") == "Seat 2"
    assert text.get("fr") == "Seat 2"


def test_natural_key_orders_amounts_by_value_for_menus() -> None:
    """Menus for people order numeric arguments by value, words after numbers."""
    from games.core.codes import natural_key

    codes = ["bet:190", "bet:30", "play:b", "bet:10", "play:100", "play:11"]
    assert sorted(codes, key=natural_key) == [
        "bet:10",
        "bet:30",
        "bet:190",
        "play:11",
        "play:100",
        "play:b",
    ]
