"""Every word a player reads on a button or in a menu is made for people (issue 20).

Random playouts of every game, choosing a menu first and then one of its entries, so that
rare menus (a joker's answer, an exchange, a Heiler) come up too, walk every action group in
German and English. A label, a menu's placeholder or an "other amount" button that shows an
action code or a verb or group key ("Choose swap0 …", "joker wählen …", "bet: other amount …")
fails; so does a playout that misses a group the game has.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.core import (
    CHANCE,
    LANGUAGES,
    Game,
    Result,
    SetupError,
    decode,
    get_game,
    plural,
    seat_name,
)
from games.core.text import Text

NAMES = ("Ada", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Gina", "Hugo")

# The option sets the playouts use: the defaults, and those that bring further menus.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "catan-deckbuilding": [{}],
    "coppertwaddle": [{}],
    "gelfdrakkar": [{}],
    "scherbia": [{}, {"action_cards": True}, {"action_cards": True, "factions": "open"}],
    "stardust": [{}],
}

EXPECTED_KINDS = {
    "catan-deckbuilding": {"answer", "aside", "buy", "drop", "end", "play", "use"},
    "coppertwaddle": {"abil", "decl", "discard", "fav", "let", "pass", "rank", "rob"},
    "gelfdrakkar": {"announce", "claim", "decline", "play", "swap"},
    "scherbia": {"block", "copy", "heal", "lay", "play", "replace", "shoot", "steal", "veto"},
    "stardust": {"amount", "call", "check", "drop", "fold", "joker", "pay", "swap"},
}
"""Every kind of menu each game has (a group key without its card or count)."""


def kind_of(group: str) -> str:
    """``abil:3`` -> ``abil``, ``swap_spion_drache`` -> ``swap``, ``swap2`` -> ``swap``."""
    return re.split(r"[:_\d]", group, maxsplit=1)[0]


def raw_words(text: str, ids: set[str], lang: str) -> list[str]:
    """The ids (codes, verbs, group keys) ``text`` shows as they are.

    An id with a digit, a colon or an underscore is never a word; a plain id is raw where it
    stands first in lower case or before a colon ("bet: other amount"), and in German
    anywhere in lower case (German nouns are capitalised: "joker wählen" is a key).
    """
    found = []
    for key in ids:
        if not key:
            continue
        if re.search(r"[\d:_]", key):
            if re.search(rf"(?<![\w:]){re.escape(key)}(?![\w:])", text):
                found.append(key)
            continue
        pattern = rf"(?<![\w-]){re.escape(key)}(?![\w-])"
        if (
            lang == "de"
            and re.search(pattern, text)
            or re.match(rf"{re.escape(key)}\b", text)
            or re.search(rf"{pattern}:", text)
        ):
            found.append(key)
    return found


def walk(game: Game, players: int, options: dict[str, Any], seed: int) -> dict[str, set[str]]:
    """One playout; returns every group seen with the ids of its codes."""
    rng = random.Random(seed)
    state = game.initial_state(players, game.parse_options(players, options))
    names = NAMES[:players]
    groups: dict[str, set[str]] = {}
    for _step in range(game.max_decisions(players, game.parse_options(players, options))):
        seats = game.to_act(state)
        if not seats:
            break
        if seats == [CHANCE]:
            state, _events = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        seat = rng.choice(seats)
        codes = game.legal_actions(state, seat)
        by_group: dict[str, list[str]] = {}
        for code in codes:
            by_group.setdefault(game.action_group(state, seat, code), []).append(code)
        ids = {decode(code)[0] for code in codes} | set(by_group) | set(codes)
        for group, members in by_group.items():
            groups.setdefault(group, set()).update(decode(code)[0] for code in members)
            for lang in LANGUAGES:
                placeholder = game.group_label(state, seat, group, lang)
                assert placeholder and not raw_words(placeholder, ids, lang), (
                    game.id,
                    group,
                    placeholder,
                )
                for code in members:
                    label = game.action_label(state, seat, code, lang, names)
                    assert label and label != code, (game.id, code, label)
                    assert not raw_words(label, ids, lang), (game.id, code, label)
                    assert not re.search(r"\b(Seat|Platz) \d", label), (game.id, code, label)
        for verb in {decode(code)[0] for code in codes} & game.open_verbs:
            for lang in LANGUAGES:
                button = game.amount_label(verb, lang)
                assert not raw_words(button, ids, lang), (game.id, verb, button)
        group = rng.choice(sorted(by_group))
        state, _events = game.apply(state, seat, rng.choice(by_group[group]))
    return groups


@pytest.mark.parametrize("game_id", sorted(EXPECTED_KINDS))
def test_every_menu_of_every_game_reads_as_words_in_both_languages(game_id: str) -> None:
    """Issue 20: labels, placeholders and amount buttons carry the game's own words, never a
    code or key; the playouts reach every kind of menu the game has."""
    game = get_game(game_id)
    seen: dict[str, set[str]] = {}
    for options in OPTIONS[game_id]:
        for players in sorted({game.min_players, game.max_players}):
            try:
                game.parse_options(players, options)
            except SetupError:  # an option set the player count does not allow
                continue
            for seed in range(4):
                for group, verbs in walk(game, players, options, seed).items():
                    seen.setdefault(group, set()).update(verbs)
    kinds = {kind_of(group) for group in seen}
    assert kinds >= EXPECTED_KINDS[game_id], EXPECTED_KINDS[game_id] - kinds


def test_names_replace_seat_numbers_and_the_fallback_numbers_from_one() -> None:
    """A given name is used as it is; without names (or for an empty one) "Seat n" counts
    from 1 in both languages."""
    assert seat_name(1, "en", NAMES) == "Bert"
    assert seat_name(1, "de") == "Platz 2" and seat_name(0, "en") == "Seat 1"
    assert seat_name(0, "en", ["", "x"]) == "Seat 1"


@pytest.mark.parametrize(
    ("count", "de", "en"),
    [(1, "1 Tisch", "1 table"), (2, "2 Tische", "2 tables"), (0, "0 Tische", "0 tables")],
)
def test_plural_takes_the_singular_for_exactly_one(count: int, de: str, en: str) -> None:
    """Issue 20: "1 tables" reads wrong; one is singular, every other count plural."""
    text = plural(count, Text("{n} Tisch", "{n} table"), Text("{n} Tische", "{n} tables"))
    assert (text.de, text.en) == (de, en)


@pytest.mark.parametrize("game_id", sorted(EXPECTED_KINDS))
def test_final_scores_read_as_the_game_counts(game_id: str) -> None:
    """Issue 20: "590.0" for chips; a score is shown whole, with the game's unit, and never
    as a float; a game that ends drawn says why."""
    game = get_game(game_id)
    players = game.min_players
    rng = random.Random(7)
    options = game.parse_options(players, {})
    state = game.initial_state(players, options)
    while seats := game.to_act(state):
        seat = seats[0]
        code = (
            game.sample_chance(state, rng)
            if seat == CHANCE
            else rng.choice(game.legal_actions(state, seat))
        )
        state, _events = game.apply(state, seat, code)
    result = game.result(state)
    assert result is not None
    for lang in LANGUAGES:
        for seat in range(players):
            text = game.score_text(state, result, seat, lang)
            assert not re.search(r"\d\.0\b", text), text
            assert text != str(result.scores[seat]) or float(result.scores[seat]).is_integer()
    drawn = Result.from_scores([0.0] * players)
    if game_id == "coppertwaddle":
        note = game.result_note(state, drawn, "en")
        assert note is not None and "same victory points" in note


def test_a_catan_draw_says_the_turn_limit_came_first() -> None:
    """Issue 20: a Catan draw read "1. Carol: 0.0 / 1. Alice: 0.0"; now each line says drawn
    and the note says why: nobody held three Stadt cards within the turn limit."""
    game = get_game("catan-deckbuilding")
    rng = random.Random(3)
    state = game.initial_state(2, game.parse_options(2, {"turn_limit": 2}))
    while seats := game.to_act(state):
        seat = seats[0]
        code = (
            game.sample_chance(state, rng)
            if seat == CHANCE
            else rng.choice(game.legal_actions(state, seat))
        )
        state, _events = game.apply(state, seat, code)
    result = game.result(state)
    assert result is not None and result.ranks == [1, 1]
    assert [game.score_text(state, result, seat, "de") for seat in (0, 1)] == ["unentschieden"] * 2
    note = game.result_note(state, result, "en", NAMES)
    assert note == "A draw: after 2 turns nobody held three Stadt (city) cards."


@pytest.mark.parametrize(
    ("text", "lang", "key"),
    [
        ("Choose swap0 …", "en", "swap0"),
        ("joker wählen …", "de", "joker"),
        ("bet: other amount …", "en", "bet"),
        ("raise: anderer Betrag …", "de", "raise"),
        ("Abil:3 …", "en", "abil:3"),
    ],
)
def test_the_check_catches_the_raw_menus_the_issue_found(text: str, lang: str, key: str) -> None:
    """The detector above finds each raw text issue 20 quotes (so the walk can fail)."""
    assert raw_words(text.lower() if ":" in key else text, {key}, lang) == [key]


def test_the_check_passes_words_that_only_look_like_keys() -> None:
    """A verb spelled as an ordinary word ("Lay a joker …", "Check") is no key."""
    assert raw_words("Lay a joker …", {"joker"}, "en") == []
    assert raw_words("Check", {"check"}, "en") == []
