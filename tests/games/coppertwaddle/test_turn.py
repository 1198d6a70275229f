"""The turn's five phases, the Domain, the Winds, the Coppertwaddle card and the end."""

from __future__ import annotations

import itertools

import pytest

from games.coppertwaddle import GAME, match_points
from games.coppertwaddle.cards import NAME
from games.core import IllegalAction, shuffle_code

from .helpers import card, design, play, rigged, slot

ME, YOU = 0, 1


def test_the_deal_gives_four_cards_each_and_the_first_engagement_of_a_game_draws_none() -> None:
    """Source 3: four cards each. Balance (rules page): the game's very first Engagement draws
    no card; every later Engagement draws one (source 4.I)."""
    state = GAME.initial_state(2, GAME.parse_options(2))
    state, _events = GAME.apply(state, -1, "first:0")
    state, _events = GAME.apply(state, -1, shuffle_code(list(range(55))))
    assert len(state["hands"][0]) == 4 and len(state["hands"][1]) == 4
    assert len(state["trumpet"]) == 55 - 8
    assert state["guardian"] == 0
    while state["guardian"] == 0:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        passing = [code for code in ("end", "done", "pass") if code in legal]
        state = play(state, seat, passing[0] if passing else legal[0])
    assert len(state["trumpet"]) == 55 - 9, "the second Engagement draws a card"
    assert len(state["hands"][1]) == 5


def test_engagement_turns_the_guardians_cards_proud_except_blocked_ones() -> None:
    """Source 4.I and 5b.III: covered cards turn proud, a Wind on a Bauer blocks it."""
    state = rigged(
        phase="respite",
        guardian=YOU,
        domain={slot(ME, 1, 0): "Milz", slot(ME, 1, 1): "Der Schmied", slot(ME, 0, 0): "Bader"},
        covered=(slot(ME, 1, 0), slot(ME, 1, 1), slot(ME, 0, 0)),
        hands=(
            ["Berg Ararat"],
            ["Der Freisasse", "Der Müller", "Der Fuhrmann", "Der Hirte", "Die Gräfin"],
        ),
    )
    state["winds"][slot(ME, 1, 1)] = card("Westwind")
    state = play(state, YOU, f"discard:{design('Der Müller')}")
    assert state["guardian"] == ME
    assert not state["covered"][slot(ME, 1, 0)] and not state["covered"][slot(ME, 0, 0)]
    assert state["covered"][slot(ME, 1, 1)], "a blocked Bauer stays covered"
    assert len(state["hands"][ME]) == 2, "then the Guardian draws"


def test_one_rank_card_per_turn_into_its_own_row_gaps_first() -> None:
    """Source 5a: one rank card per turn, Adel above, Bauern below, filled from the left, a
    gap first."""
    state = rigged(
        domain={slot(ME, 1, 0): "Milz", slot(ME, 1, 2): "Der Schmied"},
        hands=(["Der Müller", "Berg Ararat"], []),
        spare=True,
    )
    state = play(state, ME, f"rank:{design('Der Müller')}")
    assert state["slots"][slot(ME, 1, 1)] == card("Der Müller"), "the gap is filled first"
    assert f"rank:{design('Berg Ararat')}" not in GAME.legal_actions(state, ME)
    with pytest.raises(
        IllegalAction, match=r"You have already played a rank card this turn\."
    ) as error:
        GAME.apply(state, ME, f"rank:{design('Berg Ararat')}")
    assert "already" in error.value.reason.en


def test_winds_three_ways_to_be_played() -> None:
    """Source 5b: own free Bauer place, the opponent's free Bauer place, or on a covered
    Bauer in either Domain (which it blocks)."""
    state = rigged(
        domain={
            slot(ME, 1, 0): "Milz",
            slot(YOU, 1, 0): "Der Schmied",
            slot(YOU, 1, 1): "Der Freisasse",
        },
        covered=(slot(YOU, 1, 0),),
        hands=(["Nordwind"], []),
    )
    legal = [code for code in GAME.legal_actions(state, ME) if code.startswith("wind:")]
    assert legal == sorted(
        [
            f"wind:{slot(ME, 1, 1)}",
            f"wind:{slot(YOU, 1, 2)}",
            f"wind:{slot(YOU, 1, 0)}",
        ]
    )
    blocked = play(state, ME, f"wind:{slot(YOU, 1, 0)}")
    assert blocked["winds"][slot(YOU, 1, 0)] == card("Nordwind")
    given = play(state, ME, f"wind:{slot(YOU, 1, 2)}")
    assert given["slots"][slot(YOU, 1, 2)] == card("Nordwind")
    assert not given["covered"][slot(YOU, 1, 2)]


def test_respite_hand_limit_four_the_player_chooses() -> None:
    """Source 4.V and the ruling: at most 4 cards at the end of the turn; the player chooses."""
    state = rigged(
        hands=(["Milz", "Bader", "Berg Ararat", "Der Freisasse", "Der Hirte", "Nordwind"], [])
    )
    state["placed"] = True
    state = play(state, ME, "end")
    assert state["phase"] == "respite" and GAME.to_act(state) == [ME]
    assert len(GAME.legal_actions(state, ME)) == 6
    state = play(state, ME, f"discard:{design('Bader')}")
    assert GAME.to_act(state) == [ME]
    state = play(state, ME, f"discard:{design('Der Freisasse')}")
    assert state["guardian"] == YOU
    assert sorted(NAME[c] for c in state["hands"][ME]) == sorted(
        ["Milz", "Berg Ararat", "Der Hirte", "Nordwind"]
    )


def test_challenge_is_offered_to_a_challenger_holding_cards_whether_or_not_one_is_playable() -> (
    None
):
    """Source 4.II: the Challenger may play favours and abilities before the Guardian, or decline.
    Privacy: the question comes whenever the Challenger holds a card, so the Guardian cannot
    tell from it whether the hand holds a favour; an empty hand, seen by all, is passed over."""
    state = rigged(
        guardian=YOU,
        hands=(["Milz"], ["Land in Sicht!", "Bader"]),
        domain={slot(ME, 1, 0): "Der Schmied"},
    )
    state = play(state, YOU, "end")  # YOU's turn ends: ME is Guardian, YOU challenges
    assert state["phase"] == "challenge" and GAME.to_act(state) == [YOU]
    state = play(state, YOU, f"fav:{design('Land in Sicht!')}:{slot(ME, 1, 0)}")
    state = play(state, ME, "let")  # the Guardian is asked for a Coppertwaddle answer
    assert state["covered"][slot(ME, 1, 0)]
    assert state["phase"] == "challenge" and GAME.legal_actions(state, YOU) == ["done"]
    state = play(state, YOU, "done")
    assert state["phase"] == "engarde" and GAME.to_act(state) == [ME]
    quiet = rigged(phase="engarde", guardian=YOU, hands=(["Milz"], ["Bader"]))
    quiet = play(quiet, YOU, "end")
    assert quiet["phase"] == "challenge" and GAME.to_act(quiet) == [YOU]
    assert GAME.legal_actions(quiet, YOU) == ["done"]
    bare = rigged(phase="engarde", guardian=YOU, hands=(["Milz"], []))
    bare = play(bare, YOU, "end")
    assert bare["phase"] == "engarde" and bare["guardian"] == ME


def test_a_full_proud_domain_wins_and_scores_its_strength() -> None:
    """Source 6 and 7: eight proud cards end the game; the score is the Domain's strength."""
    nobles = ["Bader", "Berg Ararat", "Die Gräfin"]
    peasants = ["Milz", "Der Schmied", "Der Müller", "Der Fuhrmann"]
    domain = {slot(ME, 0, c): n for c, n in enumerate(nobles)}
    domain.update({slot(ME, 1, c): n for c, n in enumerate(peasants)})
    state = rigged(
        domain=domain,
        hands=(["Der Ritter"], []),
        games=3,
        declarations={slot(ME, 1, 0): ["Der Geburtstag"]},
    )
    state = play(state, ME, f"rank:{design('Der Ritter')}")
    assert state["history"] == [
        {
            "first": ME,
            "winner": ME,
            "points": 1 + 9 + 5 + 5 + 9 + 7 + 6 + 5,
            "domain": state["history"][0]["domain"],
        }
    ]
    # The loser of a game starts the next (ruling).
    assert state["phase"] == "deal" and state["game"] == 1 and state["first"] == YOU


def test_the_draw_on_an_empty_trumpet_ends_the_game_drawn() -> None:
    """Source 6 and the ruling: a card that must be drawn from an empty Trumpet: a draw."""
    state = rigged(phase="engarde", guardian=YOU, hands=(["Milz"], ["Bader"]), trumpet=[])
    state = play(state, YOU, "end")
    assert state["phase"] == "over"
    assert state["history"] == [{"first": YOU, "winner": -1, "points": 0, "domain": []}]
    result = GAME.result(state)
    assert result is not None and result.scores == [1, 1], "a drawn game gives each player a point"


def test_match_example_from_the_source_b_wins_3_to_2() -> None:
    """Source 7: A wins 20 and 23, B wins 48: B wins the match 3 to 2."""
    history = [
        {"first": 0, "winner": 0, "points": 20, "domain": []},
        {"first": 1, "winner": 1, "points": 48, "domain": []},
        {"first": 0, "winner": 0, "points": 23, "domain": []},
    ]
    assert match_points(history) == [2, 3]
    state = rigged(games=3)
    state["history"], state["phase"] = history, "over"
    result = GAME.result(state)
    assert result is not None and result.scores == [2, 3] and result.ranks == [2, 1]


def test_match_points_for_draws_and_shared_highs() -> None:
    """Source 7: a point per draw to each; ties share the high-score points."""
    assert match_points([{"winner": -1, "points": 0}] * 3) == [3, 3]
    assert match_points(
        [{"winner": 0, "points": 30}, {"winner": 1, "points": 30}, {"winner": -1, "points": 0}]
    ) == [4, 4]


def test_the_first_games_starting_player_is_drawn_by_chance() -> None:
    """Ruling: in a match the first game's starting player is drawn by chance (a logged chance
    action, so a replay gives the same start)."""
    state = GAME.initial_state(2, GAME.parse_options(2))
    assert GAME.to_act(state) == [-1]
    state, events = GAME.apply(state, -1, "first:1")
    assert state["first"] == 1 and events[0].kind == "first"
    state, _events = GAME.apply(state, -1, shuffle_code(list(range(55))))
    assert state["guardian"] == 1 and len(state["hands"][1]) == 4
    with pytest.raises(IllegalAction, match="shuffled first"):
        GAME.apply(GAME.initial_state(2, GAME.parse_options(2)), -1, "first:2")


def test_in_a_match_the_loser_of_a_game_starts_the_next() -> None:
    """Ruling: the loser of a game starts the next one; after a draw, the player who did not
    start it."""
    from games.coppertwaddle import self_play

    for finished in self_play(6, seed=3):
        history = finished["history"]
        assert len(history) == 3 and GAME.result(finished) is not None
        for game, following in itertools.pairwise(history):
            if game["winner"] >= 0:
                assert following["first"] == 1 - game["winner"]
            else:
                assert following["first"] == 1 - game["first"]


def test_en_garde_passes_by_itself_when_only_ending_is_left() -> None:
    """Our choice (rules page 10): no click when the Guardian can do nothing but end."""
    state = rigged(hands=(["Berg Ararat"], ["Bader", "Milz"]))
    state = play(state, ME, f"rank:{design('Berg Ararat')}")
    assert state["guardian"] == YOU and state["phase"] == "engarde"


def test_a_wind_in_the_opponents_last_free_place_makes_them_win() -> None:
    """Rules page 9: the end is checked after every action, for both Domains."""
    nobles = ["Bader", "Berg Ararat", "Die Gräfin", "Der Ritter"]
    peasants = ["Milz", "Der Schmied", "Der Müller"]
    domain = {slot(YOU, 0, c): n for c, n in enumerate(nobles)}
    domain.update({slot(YOU, 1, c): n for c, n in enumerate(peasants)})
    state = rigged(domain=domain, hands=(["Südwind"], []))
    state = play(state, ME, f"wind:{slot(YOU, 1, 3)}")
    assert state["phase"] == "over" and state["history"][0]["winner"] == YOU


def test_engagement_can_complete_the_domain() -> None:
    """Source 4.I and 6: covered cards turning proud can complete the Domain at once."""
    nobles = ["Bader", "Berg Ararat", "Die Gräfin", "Der Ritter"]
    peasants = ["Milz", "Der Schmied", "Der Müller", "Der Fuhrmann"]
    domain = {slot(ME, 0, c): n for c, n in enumerate(nobles)}
    domain.update({slot(ME, 1, c): n for c, n in enumerate(peasants)})
    state = rigged(
        guardian=YOU, domain=domain, covered=(slot(ME, 0, 0),), hands=([], ["Der Freisasse"])
    )
    state = play(state, YOU, f"rank:{design('Der Freisasse')}")
    assert state["phase"] == "over" and state["history"][0]["winner"] == ME
