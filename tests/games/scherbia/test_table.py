"""Layers per option, teams, the final count, views, options and bad input."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, Event, IllegalAction, SetupError, clone
from games.core.conformance import checked_playout
from games.scherbia.cards import BASE, BAUER, HOLZFAELLER, SCHUERFER, SEEMANN
from tests.games.normal_play import normal_decisions

from .helpers import GAME, asked, pile_words, play, rigged

SAME = ["seemann", "schuerfer", "baecker", "schmied", "magier"]


@pytest.mark.parametrize(("max_layers", "layers"), [(2, 2), (3, 3), (4, 4), (0, 5)])
def test_each_max_layers_value_bounds_a_tied_trick(max_layers, layers):
    """max_layers: a trick tied layer after layer goes on up to the limit (0: unlimited, until
    the hands are empty), then it is discarded."""
    state = rigged([SAME, SAME], max_layers=max_layers)
    for index in range(layers):
        word = SAME[index]
        state = play(state, (0, f"play:{word}"))
        state, events = GAME.apply(state, 1, f"play:{word}")
    decided = next(e for e in events if e.kind == "decided")
    assert decided.data["winner"] is None
    assert len(state["out"]) == 2 * layers and state["tricks"] == 1


def test_default_options_and_unlimited_encoding():
    """Options: hand_size 6, max_layers 2, no teams by default; 0 encodes unlimited."""
    options = GAME.parse_options(4)
    assert (options.hand_size, options.max_layers, options.teams) == (6, 2, "none")
    assert GAME.parse_options(4, {"max_layers": 0}).max_layers == 0


@pytest.mark.parametrize(
    ("players", "values", "reason"),
    [
        (4, {"hand_size": 7}, "Invalid option hand_size"),
        (4, {"max_layers": 5}, "Invalid option max_layers"),
        (4, {"max_layers": 1}, "Invalid option max_layers"),
        (3, {"teams": "2v2"}, "Teams 2v2 need exactly 4 players"),
        (4, {"teams": "3v3"}, "Teams 3v3 need exactly 6 players"),
        (8, {"teams": "2v2"}, "Teams 2v2 need exactly 4 players"),
        (4, {"colour": "red"}, "Unknown option colour"),
        (9, {}, "Scherbia is played by 2 to 8 players"),
        (1, {}, "Scherbia is played by 2 to 8 players"),
    ],
)
def test_bad_options_are_refused(players, values, reason):
    """Options: out-of-range values and team sizes that do not fit the table are refused."""
    with pytest.raises(SetupError, match=reason):
        GAME.parse_options(players, values)


@pytest.mark.parametrize(("players", "teams"), [(4, "2v2"), (6, "3v3"), (8, "4v4")])
def test_teams_sit_alternately_and_share_a_pooled_score(players, teams):
    """Teams: members sit alternately; each seat's score is its team's sum of pile scores."""
    options = GAME.parse_options(players, {"teams": teams})
    playout = checked_playout(GAME, players, options, seed=players)
    result = playout.result
    assert result.teams == [list(range(0, players, 2)), list(range(1, players, 2))]
    piles = playout.state["pile_scores"]
    even, odd = sum(piles[0::2]), sum(piles[1::2])
    assert result.scores == [even if seat % 2 == 0 else odd for seat in range(players)]
    assert len({result.ranks[seat] for seat in range(0, players, 2)}) == 1


def test_team_dieb_is_asked_when_the_card_would_go_to_the_other_team():
    """Teams: a theft that takes a card from the other team is a real choice: asked."""
    hands = [
        ["magier", "heiler", "seemann", "schmied", "jaeger"],
        ["seemann", "heiler", "schmied", "jaeger", "krieger"],
        ["dieb", "heiler", "seemann", "schmied", "jaeger"],
        ["bauer", "heiler", "seemann", "schmied", "jaeger"],
    ]
    state = rigged(hands, teams="2v2")
    state = play(state, (0, "play:magier"), (1, "play:seemann"), (2, "play:dieb"))
    state = play(state, (3, "play:bauer"))
    # the lowest card is D's Bauer, going home to D: C (other team) is asked
    assert asked(state) == ("steal", 2)
    state = play(state, (2, "steal"))
    assert pile_words(state, 2) == ["bauer"]


def test_team_dieb_is_asked_for_a_card_bound_for_a_teammates_pile():
    """Teams: abilities are optional (the engine asks when a choice exists), and the piles are
    kept per seat: a Seemann counts the Bauern, Holzfaeller and Schuerfer in its own pile. A
    card the thief's teammate wins lands in another pile if stolen, so the Dieb is asked; if it
    declines, the Schuerfer goes to the winner's pile beside that pile's Seemann."""
    hands = [
        ["magier", "heiler", "seemann", "schmied", "jaeger"],
        ["seemann", "heiler", "schmied", "jaeger", "krieger"],
        ["dieb", "heiler", "seemann", "schmied", "jaeger"],
        ["schuerfer", "heiler", "seemann", "schmied", "jaeger"],
    ]
    state = rigged(hands, teams="2v2")
    state = play(state, (0, "play:magier"), (1, "play:seemann"), (2, "play:dieb"))
    state = play(state, (3, "play:schuerfer"))
    assert asked(state) == ("steal", 2)
    assert GAME.legal_actions(state, 2) == ["pass", "steal"]
    declined = play(state, (2, "pass"))
    assert pile_words(declined, 0) == ["dieb", "magier", "schuerfer", "seemann"]
    assert pile_words(declined, 2) == []
    stolen = play(state, (2, "steal"))
    assert pile_words(stolen, 2) == ["schuerfer"]
    assert pile_words(stolen, 0) == ["dieb", "magier", "seemann"]


def test_final_count_rerolls_holzfaeller_and_adds_the_seemann_bonus():
    """Final count: printed values (bonuses do not count), Holzfaeller rolled again as a
    public chance action, Seemann +1 per Bauer, Holzfaeller and Schuerfer in its pile,
    Berufsloser 0; a Berufsloser copying a Bauer goes home like one."""
    state = rigged(
        [
            ["magier", "magier", "magier", "seemann", "bauer"],
            ["holzfaeller", "schuerfer", "schmied", "bauer", "berufsloser"],
        ]
    )
    state = play(state, (0, "play:magier"), (1, "play:holzfaeller"), (CHANCE, "dice:1:1"))
    state = play(state, (0, "play:magier"), (1, "play:schuerfer"))
    state = play(state, (0, "play:magier"), (1, "play:schmied"))
    state = play(state, (0, "play:seemann"), (1, "play:bauer"))
    state = play(state, (0, "play:bauer"), (1, "play:berufsloser"), (1, "copy:0"))
    # 1 to 1 (the Berufsloser copies the Bauer), no cards left: discarded, Bauern go home
    assert pile_words(state, 1) == ["bauer", "berufsloser"]
    assert GAME.to_act(state) == [CHANCE] and state["stage"] == "final"
    view = GAME.view(state, None)
    assert view["piles"] is not None  # the count is open
    state, events = GAME.apply(state, CHANCE, "dice:6:6")
    final = next(e for e in events if e.kind == "final_roll")
    assert final.to is None and final.data["value"] == 12
    result = GAME.result(state)
    # A: 3 Magier 30, Holzfaeller 12, Schuerfer 4, Schmied 8, Bauer 1, Seemann 5 + 3 = 63
    assert result.scores == [63, 1] and result.ranks == [1, 2]


def test_final_count_of_a_random_game_matches_the_rules():
    """Final count: recomputed independently from the piles and the final rolls."""
    playout = checked_playout(GAME, 3, GAME.parse_options(3), seed=11)
    state = playout.state
    rolls = {card: roll for _seat, card, roll in state["final"]}
    for seat, pile in enumerate(state["piles"]):
        expected = 0
        for card in pile:
            prof = card >> 2
            if prof == HOLZFAELLER:
                expected += rolls[card]
            elif prof == SEEMANN:
                expected += 5 + sum(1 for c in pile if c >> 2 in (BAUER, HOLZFAELLER, SCHUERFER))
            else:
                expected += BASE[prof]
        assert playout.result.scores[seat] == expected


def test_public_view_shows_the_trick_and_counts_but_not_hands_or_piles():
    """View: trick with current values and owners, pile counts and hand sizes; piles face
    down (a seat sees its own), hands private."""
    state = rigged([["magier", "bauer", *SAME[:3]], ["seemann", "krieger", *SAME[2:]]])
    state = play(state, (0, "play:magier"), (1, "play:seemann"))  # A wins 10-5
    state = play(state, (0, "play:bauer"))
    public = GAME.view(state, None)
    assert public["trick"][0]["seat"] == 0 and public["trick"][0]["value"] == 1
    assert public["pile_sizes"] == [2, 0] and public["piles"] is None
    assert public["hand_sizes"] == [3, 4] and public["hand"] is None
    mine = GAME.view(state, 0)
    assert sorted(mine["pile"]) == sorted(state["piles"][0]) and mine["hand"] == state["hands"][0]
    theirs = GAME.view(state, 1)
    assert theirs["pile"] == [] and "piles" in theirs and theirs["piles"] is None
    text = GAME.render(public, "en")
    assert "Bauer" in text.split("\n")[1] and "total 1" in text


def test_views_do_not_change_when_hidden_cards_are_dealt_anew():
    """View: dealing every hidden card anew never changes what a seat or the public sees."""
    state = rigged([["magier", "bauer", *SAME[:3]], ["seemann", "krieger", *SAME[2:]]])
    state = play(state, (0, "play:magier"), (1, "play:seemann"), (0, "play:bauer"))
    rng = random.Random(3)
    for observer in (None, 0, 1):
        other = GAME.shuffle_hidden(state, observer, rng)
        assert GAME.view(other, observer) == GAME.view(state, observer)


def test_bad_input_is_refused_and_changes_nothing():
    """Bad input: wrong seat, garbage, a card not held, a stale answer: IllegalAction."""
    state = rigged([["magier", "bauer", *SAME[:3]], ["seemann", "krieger", *SAME[2:]]])
    before = clone(state)
    for seat, code, reason in [
        (1, "play:seemann", "It is not your turn"),
        (0, "play:krieger", "You do not hold that card"),
        (0, "xyz", "That move is not possible right now"),
        (0, "block", "That move is not possible right now"),
        (0, "play:", "That is not a valid move"),
        (CHANCE, "dice:1:1", "It is not your turn"),
        (0, "shoot:1", "That move is not possible right now"),
    ]:
        with pytest.raises(IllegalAction, match=reason) as error:
            GAME.apply(state, seat, code)
        assert error.value.reason.de and error.value.reason.en
    assert state == before


def test_strategy_plays_legal_moves_everywhere():
    """Strategy: checked playouts with the strategy in every seat, teams and layer options."""
    strategy = GAME.engine_players()["strategy"]
    for players, values in [
        (2, {}),
        (4, {"teams": "2v2", "max_layers": 0}),
        (5, {"max_layers": 3}),
    ]:
        options = GAME.parse_options(players, values)
        playout = checked_playout(
            GAME, players, options, seed=players, choosers=[strategy.choose] * players
        )
        assert playout.decisions > 0


def _strategy_win_rate(games: int) -> float:
    """Share of two-player games the strategy wins outright against random, seats alternating."""
    players = GAME.engine_players()
    wins = 0
    for seed in range(games):
        me = seed % 2
        seats = [players["strategy"], players["random"]]
        if me:
            seats.reverse()
        rng = random.Random(seed)
        state = GAME.initial_state(2, GAME.parse_options(2))
        while seats_to_act := GAME.to_act(state):
            seat = seats_to_act[0]
            if seat == CHANCE:
                code = GAME.sample_chance(state, rng)
            else:
                code = seats[seat].choose(GAME, state, seat, rng)
            state, _events = GAME.apply(state, seat, code)
        result = GAME.result(state)
        assert result is not None, "the match is over"
        wins += result.ranks[me] == 1 and result.ranks[1 - me] == 2
    return wins / games


@pytest.mark.slow(seconds=90)
def test_strategy_beats_random_in_over_60_percent_of_400_two_player_games():
    """Strategy: the issue's figure, more than 60% over 400 seeded games (measured 78.0% with
    normal's 24 sampled deals per decision and the played cards counted out; 73.5% on
    2026-11-21, before issue 18; 64.0% when normal sampled one deal)."""
    assert _strategy_win_rate(400) > 0.6


def test_normal_counts_the_cards_played_and_deals_only_the_unseen_ones():
    """Issue 18: normal counts the cards played. Every card played face up in an earlier trick
    (the view's ``gone``), lying in the trick or in the seat's own hand is out of the deals
    normal samples; the other hands get only unseen cards, as many as each holds."""
    from games.scherbia.strategy import _determinize

    checked = 0
    start = GAME.initial_state(2, GAME.parse_options(2))
    for state, seat in normal_decisions(GAME, start, seed=5):
        view = GAME.view(state, seat)
        if not view["gone"]:
            continue
        seen = set(view["gone"]) | set(view["hand"]) | {item["card"] for item in view["trick"]}
        for draw in range(20):
            deal = _determinize(view, seat, random.Random(draw))
            for other, hand in enumerate(deal["hands"]):
                if other == seat:
                    assert hand == list(view["hand"])
                    continue
                assert len(hand) == view["hand_sizes"][other]
                assert not seen & set(hand), (other, seen & set(hand))
        checked += 1
    assert checked >= 5


def test_rules_pages_exist_in_both_languages_and_state_the_choices():
    """Rules page: German and English, with the layer option, the Sperrfeuer ruling and the
    parts that are not included."""
    from pathlib import Path

    import games.scherbia

    folder = Path(games.scherbia.__file__).parent
    for lang, words in {
        "de": ["max_layers", "Ersatzkarte", "Aktionskarten", "Fraktionen", "unbegrenzt"],
        "en": ["max_layers", "replacement", "Aktionskarten", "Fraktionen", "unlimited"],
    }.items():
        text = (folder / f"rules.{lang}.md").read_text(encoding="utf-8")
        for word in words:
            assert word in text, (lang, word)


@pytest.mark.parametrize(
    "code",
    [
        "shuffle:" + ":".join(str(card) for card in range(47)),  # a card missing
        "shuffle:" + ":".join(str(card) for card in [0, *range(47)]),  # a card twice
        "shuffle:01:" + ":".join(str(card) for card in range(2, 48)) + ":1",  # leading zero
        "shuffle:" + ":".join(str(card) for card in range(1, 49)),  # 48 is no card
        "dice:1:1",
        "deal:" + ":".join(str(card) for card in range(48)),
        "shuffle:a",
    ],
)
def test_malformed_deal_is_refused(code):
    """Deal: only a permutation of the 48 cards is a shuffle."""
    state = GAME.initial_state(2, GAME.parse_options(2))
    with pytest.raises(IllegalAction, match=r"That is not a valid move\."):
        GAME.apply(state, CHANCE, code)


def test_every_event_and_label_has_words_in_both_languages():
    """Words: every event of seeded random games is described in German and English (not the
    raw fallback) and every legal action has a label of at most 100 characters."""
    seen = set()
    for seed in range(40):
        players = 2 + seed % 7
        rng = random.Random(seed)
        state = GAME.initial_state(players, GAME.parse_options(players, {"max_layers": 0}))
        while seats := GAME.to_act(state):
            seat = seats[0]
            if seat == CHANCE:
                code = GAME.sample_chance(state, rng)
            else:
                legal = GAME.legal_actions(state, seat)
                for option in legal:
                    for lang in ("de", "en"):
                        label = GAME.action_label(state, seat, option, lang)
                        assert 0 < len(label) <= 100 and label != option
                code = rng.choice(legal)
            state, events = GAME.apply(state, seat, code)
            for event in events:
                seen.add(event.kind)
                for lang in ("de", "en"):
                    text = GAME.describe_event(event, lang)
                    assert text and not text.startswith(f"{event.kind} {{"), event
    assert {"play", "decided", "trick", "end", "roll", "steal", "copy", "shoot"} <= seen


def test_a_tricks_totals_are_told_by_name_not_as_bare_numbers():
    """Names instead of numbers: the line for a decided trick and for a tie gives each seat's
    total beside that seat's name, in seat order, in both languages."""
    names = ["Anna", "Ben", "Carla"]
    decided = Event("decided", {"winner": 1, "totals": [6, 16, 9]})
    assert (
        GAME.describe_event(decided, "en", names) == "Ben wins the trick (Anna 6, Ben 16, Carla 9)."
    )
    assert GAME.describe_event(decided, "de", names) == (
        "Ben gewinnt den Stich (Anna 6, Ben 16, Carla 9)."
    )
    tie = Event("layer_tie", {"layer": 1, "totals": [9, 9, 4]})
    assert GAME.describe_event(tie, "en", names) == (
        "Tie after layer 1 (Anna 9, Ben 9, Carla 4): another layer."
    )


def test_every_card_stays_in_exactly_one_place():
    """Invariant: the 48 cards are conserved at every step of seeded random games (all
    options), and a broken state is caught."""
    finished = []
    for seed in range(30):
        players = 2 + seed % 7
        values = {"max_layers": [2, 3, 4, 0][seed % 4], "hand_size": 5 + seed % 2}
        rng = random.Random(seed)
        state = GAME.initial_state(players, GAME.parse_options(players, values))
        GAME.check_invariants(state)
        while seats := GAME.to_act(state):
            seat = seats[0]
            code = (
                GAME.sample_chance(state, rng)
                if seat == CHANCE
                else rng.choice(GAME.legal_actions(state, seat))
            )
            state, _events = GAME.apply(state, seat, code)
            GAME.check_invariants(state)
        finished.append((state, GAME.result(state)))
    broken = clone(state)
    broken["piles"][0].append(broken["piles"][0][0] if broken["piles"][0] else 0)
    with pytest.raises(AssertionError, match=r"a card is missing or twice in play"):
        GAME.check_invariants(broken)
    assert "Punkte in den Stapeln" in GAME.simulation_report(finished, "de")
    assert "points in the piles" in GAME.simulation_report(finished, "en")


def test_apply_never_changes_an_earlier_state():
    """Contract: states share unchanged parts for speed; no later move may change an earlier
    state or a view already handed out (checked over whole games, strategy seats included)."""
    import json

    def snapshot(value):
        return json.loads(json.dumps(value))

    strategy = GAME.engine_players()["strategy"]
    for seed, players in enumerate([2, 3, 4, 8]):
        rng = random.Random(seed)
        state = GAME.initial_state(players, GAME.parse_options(players, {"max_layers": 0}))
        history = []
        while seats := GAME.to_act(state):
            view = GAME.view(state, None)
            history.append((state, snapshot(state), view, snapshot(view)))
            seat = seats[0]
            if seat == CHANCE:
                code = GAME.sample_chance(state, rng)
            elif seat == 0:
                code = strategy.choose(GAME, state, seat, rng)
            else:
                code = rng.choice(GAME.legal_actions(state, seat))
            state, _events = GAME.apply(state, seat, code)
        for old, before, view, view_before in history:
            assert old == before and view == view_before
