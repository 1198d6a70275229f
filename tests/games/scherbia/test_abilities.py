"""Every profession's ability, with the special cases the source and the ruling name."""

from __future__ import annotations

import pytest

from games.core import CHANCE, IllegalAction
from games.scherbia.cards import HOLZFAELLER

from .helpers import GAME, asked, hand_words, pile_words, play, rigged

FILL = ["heiler", "seemann", "schuerfer"]


def kinds(events):
    return [event.kind for event in events]


# ----- Magier and Holzfaeller ----------------------------------------------------------------


def test_holzfaeller_rolls_as_public_chance_and_a_10_loses_to_the_magier():
    """Holzfaeller: two dice when its layer is complete, shown to all; 10 ties, Magier wins."""
    state = rigged([["magier", *FILL, "dieb"], ["holzfaeller", *FILL, "dieb"]])
    state = play(state, (0, "play:magier"), (1, "play:holzfaeller"))
    assert GAME.to_act(state) == [CHANCE]
    assert GAME.view(state, None)["trick"][1]["value"] is None  # not rolled yet
    assert "dice:4:6" in GAME.legal_actions(state, CHANCE)
    state, events = GAME.apply(state, CHANCE, "dice:4:6")
    roll = next(event for event in events if event.kind == "roll")
    assert roll.to is None and roll.data["dice"] == [4, 6]
    decided = next(event for event in events if event.kind == "decided")
    assert decided.data == {"winner": 0, "totals": [10, 10]}


@pytest.mark.parametrize(("dice", "winner"), [("dice:5:6", 1), ("dice:6:6", 1), ("dice:4:5", 0)])
def test_holzfaeller_11_or_12_beats_the_magier(dice, winner):
    """Holzfaeller: 11 and 12 beat a Magier, 9 loses."""
    state = rigged([["magier", *FILL, "dieb"], ["holzfaeller", *FILL, "dieb"]])
    state = play(state, (0, "play:magier"), (1, "play:holzfaeller"))
    state, events = GAME.apply(state, CHANCE, dice)
    assert next(e for e in events if e.kind == "decided").data["winner"] == winner


def test_two_magier_tied_at_the_layer_limit_discard_the_trick_and_bauern_go_home():
    """Magier: two tied players with a Magier stay tied; the trick is discarded (max 2 layers);
    the Bauern go to their owners; the same leader leads again."""
    state = rigged([["magier", "bauer", *FILL], ["magier", "bauer", *FILL]], leader=1)
    state, events = GAME.apply(state, 1, "play:magier")
    state, events = GAME.apply(state, 0, "play:magier")
    assert "layer_tie" in kinds(events)
    state = play(state, (1, "play:bauer"))
    state, events = GAME.apply(state, 0, "play:bauer")
    assert next(e for e in events if e.kind == "decided").data == {
        "winner": None,
        "totals": [11, 11],
    }
    assert len(state["out"]) == 2 and sorted(c >> 2 for c in state["out"]) == [0, 0]
    assert pile_words(state, 0) == ["bauer"] and pile_words(state, 1) == ["bauer"]
    assert state["leader"] == 1 and asked(state) == ("play", 1)


# ----- Krieger -------------------------------------------------------------------------------


def test_blockade_is_asked_and_pass_decides_the_trick():
    """Krieger: its owner may use Blockade; passing ends the trick after this layer."""
    state = rigged([["seemann", "heiler", "dieb", "bauer", "baecker"], ["krieger", *FILL, "dieb"]])
    state = play(state, (0, "play:seemann"), (1, "play:krieger"))
    assert asked(state) == ("block", 1)
    assert GAME.legal_actions(state, 1) == ["block", "pass"]
    state, events = GAME.apply(state, 1, "pass")
    assert next(e for e in events if e.kind == "decided").data["winner"] == 1
    assert pile_words(state, 1) == ["krieger", "seemann"]


def test_blockade_is_not_asked_when_a_tie_already_forces_the_next_layer():
    """Krieger: a choice that makes no difference is not asked (9-9 goes on anyway)."""
    state = rigged([["krieger", *FILL, "dieb"], ["krieger", *FILL, "dieb"]])
    state = play(state, (0, "play:krieger"), (1, "play:krieger"))
    assert asked(state) == ("play", 0) and state["layer"] == 2


def test_blockade_is_not_asked_in_the_last_allowed_layer():
    """Krieger: no Blockade beyond max_layers (here 2)."""
    state = rigged(
        [["seemann", "bauer", *FILL], ["seemann", "krieger", "heiler", "dieb", "baecker"]]
    )
    state = play(state, (0, "play:seemann"), (1, "play:seemann"))
    assert state["layer"] == 2
    state = play(state, (0, "play:bauer"), (1, "play:krieger"))
    assert state["tricks"] == 1 and state["ask"] is None


def test_blockade_owners_are_asked_in_play_order_until_one_blocks():
    """Krieger: with two Krieger owners the first in play order is asked first."""
    state = rigged(
        [
            ["magier", *FILL, "dieb"],
            ["krieger", *FILL, "dieb"],
            ["krieger", *FILL, "bauer"],
        ]
    )
    state = play(state, (0, "play:magier"), (1, "play:krieger"), (2, "play:krieger"))
    assert asked(state) == ("block", 1)
    state = play(state, (1, "pass"))
    assert asked(state) == ("block", 2)
    state = play(state, (2, "block"))
    assert state["layer"] == 2 and asked(state) == ("play", 0)


def test_unlimited_layers_ask_blockade_until_the_hands_are_empty():
    """max_layers unlimited: Blockade is asked in layer 3 and later, never with empty hands."""
    state = rigged([["magier"] * 4 + ["seemann"], ["krieger"] * 4 + ["schmied"]], max_layers=0)
    for layer in (1, 2, 3, 4):
        state = play(state, (0, "play:magier"), (1, "play:krieger"))
        assert asked(state) == ("block", 1) and state["layer"] == layer
        state = play(state, (1, "block"))
    state, events = GAME.apply(state, 0, "play:seemann")
    state, events = GAME.apply(state, 1, "play:schmied")
    assert state["phase"] == "over"  # layer 5 used the last cards: nothing to block with
    assert next(e for e in events if e.kind == "decided").data == {
        "winner": 1,
        "totals": [45, 48],  # Schmied 8 + 4 Krieger
    }
    assert len(state["piles"][1]) == 10


# ----- Schmied, Schuerfer, Baecker -----------------------------------------------------------


def test_bonuses_count_in_the_trick():
    """Schmied +1 per Krieger, Schuerfer +1 per Krieger and Schmied, Baecker +3 per Bauer."""
    state = rigged(
        [
            ["krieger", "bauer", "heiler", "seemann", "dieb"],
            ["schmied", "baecker", "heiler", "seemann", "dieb"],
            ["schuerfer", "bauer", "heiler", "seemann", "magier"],
        ],
        max_layers=3,
    )
    state = play(state, (0, "play:krieger"), (1, "play:schmied"), (2, "play:schuerfer"))
    values = [item["value"] for item in GAME.view(state, None)["trick"]]
    assert values == [9, 9, 6]  # Schmied 8+1, Schuerfer 4+1+1
    assert asked(state) == ("play", 0) and state["layer"] == 2  # 9-9 tie
    state = play(state, (0, "play:bauer"), (1, "play:baecker"))
    values = [item["value"] for item in GAME.view(state, None)["trick"]]
    assert values == [9, 9, 6, 1, 5]  # Baecker 2 + 3*1
    state, events = GAME.apply(state, 2, "play:bauer")
    decided = next(e for e in events if e.kind == "decided")
    assert decided.data == {"winner": 1, "totals": [10, 17, 7]}  # Baecker now 2 + 3*2


# ----- Jaeger ---------------------------------------------------------------------------------


def test_jaeger_leading_layer_one_has_no_target_and_asks_nothing():
    """Jaeger: only cards already played can be hit; nothing lies, so nothing is asked."""
    state = rigged([["jaeger", *FILL, "dieb"], ["magier", *FILL, "dieb"]])
    state = play(state, (0, "play:jaeger"))
    assert asked(state) == ("play", 1)


def test_jaeger_cannot_hit_its_owner_or_players_yet_to_play():
    """Jaeger: only another player's card in this layer (or the previous one) is a target."""
    state = rigged(
        [["magier", *FILL, "dieb"], ["jaeger", *FILL, "dieb"], ["krieger", *FILL, "bauer"]]
    )
    state = play(state, (0, "play:magier"), (1, "play:jaeger"))
    assert GAME.legal_actions(state, 1) == ["pass", "shoot:0"]
    with pytest.raises(IllegalAction, match=r"Sperrfeuer only hits another player's most") as error:
        GAME.apply(state, 1, "shoot:2")
    assert "Sperrfeuer" in error.value.reason.en


def test_jaeger_target_may_replace_with_another_card_of_the_same_profession():
    """Jaeger: the target takes its card back and plays a different card, same profession
    allowed (the other Magier); the first Magier is back in hand."""
    state = rigged([["magier", "magier", "bauer", "heiler", "dieb"], ["jaeger", *FILL, "dieb"]])
    first = state["hands"][0][0]
    state = play(state, (0, "play:magier"), (1, "play:jaeger"), (1, "shoot:0"))
    assert asked(state) == ("replace", 0)
    assert GAME.legal_actions(state, 0) == [
        "replace:bauer",
        "replace:dieb",
        "replace:heiler",
        "replace:magier",
    ]
    state, events = GAME.apply(state, 0, "replace:magier")
    assert first in state["hands"][0]
    replaced = next(e for e in events if e.kind == "replace").data
    assert replaced["old"] == first and replaced["card"] >> 2 == 0 and replaced["card"] != first
    assert state["piles"][0] == [replaced["card"], state["piles"][0][1]]  # A won 10 to 7


def test_jaeger_target_with_one_choice_replaces_without_being_asked():
    """Jaeger: with only one kind of card left the replacement is not asked."""
    state = rigged([["magier", "bauer", "bauer", "bauer", "bauer"], ["jaeger", *FILL, "dieb"]])
    state = play(state, (0, "play:magier"), (1, "play:jaeger"))
    state, events = GAME.apply(state, 1, "shoot:0")
    assert "replace" in kinds(events) and state["tricks"] == 1  # no question, trick decided
    assert pile_words(state, 0) == ["bauer"] and pile_words(state, 1) == ["jaeger"]
    assert "magier" in hand_words(state, 0)


def test_jaeger_target_without_cards_in_hand_is_not_offered():
    """Jaeger: if the player has no other card nothing happens, so it is not asked at all."""
    state = rigged(
        [
            ["seemann", "seemann", "seemann", "seemann", "magier"],
            ["bauer", "bauer", "bauer", "bauer", "jaeger"],
        ]
    )
    for _ in range(4):
        state = play(state, (0, "play:seemann"), (1, "play:bauer"))
    state = play(state, (0, "play:magier"), (1, "play:jaeger"))
    assert state["phase"] == "over"  # no Sperrfeuer question: A has no card left


def test_replacement_jaeger_shoots_but_a_replacement_cannot_be_hit():
    """Jaeger: the replacement's ability applies as if just played; a replacement card is
    protected from further Sperrfeuer (so chains end)."""
    state = rigged(
        [
            ["krieger", "jaeger", "heiler", "dieb", "bauer"],
            ["jaeger", "jaeger", "heiler", "dieb", "bauer"],
        ]
    )
    state = play(state, (0, "play:krieger"), (1, "play:jaeger"), (1, "shoot:0"))
    state = play(state, (0, "replace:jaeger"))
    assert asked(state) == ("shoot", 0)  # A's replacement Jaeger may hit B's Jaeger
    assert GAME.legal_actions(state, 0) == ["pass", "shoot:1"]
    state = play(state, (0, "shoot:1"), (1, "replace:jaeger"))
    # B's replacement Jaeger finds only A's protected replacement: nothing to ask
    assert state["trick"][0]["p"] and state["trick"][1]["p"]
    assert state["layer"] == 2 and asked(state) == ("play", 0)  # 7-7: next layer


def test_replacement_berufsloser_copies():
    """Jaeger + Berufsloser: a replacement Berufsloser copies like a played one."""
    state = rigged(
        [["schmied", "berufsloser", "heiler", "dieb", "bauer"], ["magier", "jaeger", *FILL]]
    )
    state = play(state, (0, "play:schmied"), (1, "play:jaeger"), (1, "shoot:0"))
    state = play(state, (0, "replace:berufsloser"))
    # only the Jaeger lies besides it: copying it or nothing (copying is optional)
    assert GAME.legal_actions(state, 0) == ["copy:1", "pass"]
    state = play(state, (0, "copy:1"))
    assert state["trick"][0]["as"] == 3
    assert GAME.view(state, None)["trick"][0]["value"] == 7
    assert asked(state) == ("shoot", 0)  # and the copied Sperrfeuer is its own


# ----- Heiler ---------------------------------------------------------------------------------


def test_heiler_of_the_loser_may_be_exchanged_for_a_lower_card():
    """Heiler: after a lost trick, exchange for a lower card from hand (one per kind); the
    Heiler returns to hand, the exchanged Bauer goes to the winner (a foreign pile)."""
    state = rigged([["magier", *FILL, "dieb"], ["heiler", "bauer", "bauer", "magier", "schuerfer"]])
    state = play(state, (0, "play:magier"), (1, "play:heiler"))
    assert asked(state) == ("heal", 1)
    assert GAME.legal_actions(state, 1) == ["heal:bauer", "heal:schuerfer", "pass"]
    state = play(state, (1, "heal:bauer"))
    assert pile_words(state, 0) == ["bauer", "magier"]
    assert "heiler" in hand_words(state, 1) and hand_words(state, 1).count("bauer") == 1


def test_heiler_of_the_winner_is_not_asked():
    """Heiler: only a player who lost the trick may exchange."""
    state = rigged([["heiler", "bauer", *FILL[1:], "dieb"], ["bauer", *FILL, "dieb"]])
    state = play(state, (0, "play:heiler"), (1, "play:bauer"))
    assert state["tricks"] == 1 and asked(state) == ("play", 0)
    assert pile_words(state, 0) == ["heiler"]


def test_heiler_without_lower_card_is_not_asked():
    """Heiler: nothing lower in hand, nothing to ask."""
    state = rigged(
        [["magier", *FILL, "dieb"], ["heiler", "magier", "krieger", "schmied", "jaeger"]]
    )
    state = play(state, (0, "play:magier"), (1, "play:heiler"))
    assert state["tricks"] == 1 and pile_words(state, 0) == ["heiler", "magier"]


def test_dieb_acts_before_heiler_and_a_stolen_heiler_cannot_reincarnate():
    """Dieb before Heiler: the stolen Heiler goes to the thief and is not exchanged."""
    state = rigged(
        [
            ["magier", *FILL, "bauer"],
            ["heiler", "bauer", "seemann", "krieger", "schmied"],
            ["dieb", *FILL, "bauer"],
        ]
    )
    state = play(state, (0, "play:magier"), (1, "play:heiler"), (2, "play:dieb"))
    assert asked(state) == ("steal", 2)
    state = play(state, (2, "steal"))
    assert state["tricks"] == 1 and state["ask"] is None
    assert pile_words(state, 2) == ["heiler"] and pile_words(state, 0) == ["dieb", "magier"]


def test_heiler_exchange_in_a_tied_trick_sends_the_lower_card_out():
    """Heiler: a tie counts as not won; the exchanged card is discarded with the trick."""
    state = rigged(
        [
            ["heiler", *FILL[1:], "magier", "dieb"],
            ["heiler", "seemann", "magier", "krieger", "dieb"],
        ]
    )
    state = play(
        state, (0, "play:heiler"), (1, "play:heiler"), (0, "play:magier"), (1, "play:magier")
    )
    assert asked(state) == ("heal", 0)
    state = play(state, (0, "heal:dieb"), (1, "heal:seemann"))
    assert sorted(c >> 2 for c in state["out"]) == [0, 0, 5, 7]
    assert "heiler" in hand_words(state, 0) and "heiler" in hand_words(state, 1)


# ----- Dieb -------------------------------------------------------------------------------------


def test_two_diebe_steal_each_other_and_a_stolen_dieb_still_acts():
    """Dieb: with no lower card two Diebe steal each other."""
    state = rigged([["magier", *FILL, "bauer"], ["dieb", *FILL, "bauer"], ["dieb", *FILL, "bauer"]])
    state = play(state, (0, "play:magier"), (1, "play:dieb"), (2, "play:dieb"))
    assert asked(state) == ("steal", 1)
    state = play(state, (1, "steal"))
    assert asked(state) == ("steal", 2)
    state = play(state, (2, "steal"))
    assert pile_words(state, 1) == ["dieb"] and pile_words(state, 2) == ["dieb"]
    assert pile_words(state, 0) == ["magier"]


def test_three_diebe_the_last_takes_a_higher_card():
    """Dieb: with three, the first two steal each other and the third takes the Magier."""
    state = rigged(
        [
            ["magier", *FILL, "bauer"],
            ["dieb", *FILL, "bauer"],
            ["dieb", *FILL, "bauer"],
            ["dieb", *FILL, "bauer"],
        ]
    )
    state = play(state, (0, "play:magier"), (1, "play:dieb"), (2, "play:dieb"), (3, "play:dieb"))
    state = play(state, (1, "steal"), (2, "steal"))
    assert asked(state) == ("steal", 3)
    state = play(state, (3, "steal"))
    assert pile_words(state, 3) == ["magier"]
    assert pile_words(state, 0) == ["dieb"]  # D's own Dieb goes to the winner
    assert pile_words(state, 1) == ["dieb"] and pile_words(state, 2) == ["dieb"]


def test_dieb_counts_holzfaeller_and_berufsloser_as_zero():
    """Dieb: Holzfaeller count 0 when the Dieb picks the lowest card."""
    state = rigged(
        [["magier", *FILL, "bauer"], ["holzfaeller", *FILL, "bauer"], ["dieb", *FILL, "bauer"]]
    )
    state = play(state, (0, "play:magier"), (1, "play:holzfaeller"), (2, "play:dieb"))
    state = play(state, (CHANCE, "dice:6:6"))
    assert asked(state) == ("steal", 2)
    assert state["trick"][state["ask"]["t"]]["c"] >> 2 == HOLZFAELLER
    state = play(state, (2, "steal"))
    assert pile_words(state, 2) == ["holzfaeller"] and pile_words(state, 1) == ["dieb", "magier"]


def test_dieb_steal_that_changes_nothing_is_done_without_asking():
    """Dieb: when the card would reach the thief's own pile anyway, nothing is asked."""
    state = rigged(
        [
            ["seemann", "dieb", *FILL[:2], "bauer"],
            ["seemann", "baecker", "heiler", "schmied", "jaeger"],
        ]
    )
    state = play(state, (0, "play:seemann"), (1, "play:seemann"), (0, "play:dieb"))
    state, events = GAME.apply(state, 1, "play:baecker")
    assert "steal" in kinds(events) and state["tricks"] == 1
    assert pile_words(state, 0) == ["baecker", "dieb", "seemann", "seemann"]


def test_dieb_may_decline():
    """Dieb: the ability is optional."""
    state = rigged(
        [["magier", *FILL, "bauer"], ["seemann", *FILL, "bauer"], ["dieb", *FILL, "bauer"]]
    )
    state = play(state, (0, "play:magier"), (1, "play:seemann"), (2, "play:dieb"), (2, "pass"))
    assert pile_words(state, 0) == ["dieb", "magier", "seemann"]


# ----- Bauer -----------------------------------------------------------------------------------


def test_bauer_goes_to_its_owner_when_lost_and_to_a_thief_when_stolen():
    """Bauer: back to the player who played it, unless a Dieb steals it."""
    state = rigged([["magier", *FILL, "dieb"], ["bauer", *FILL, "dieb"], ["dieb", *FILL, "bauer"]])
    state = play(state, (0, "play:magier"), (1, "play:bauer"), (2, "play:dieb"))
    assert asked(state) == ("steal", 2) and state["trick"][state["ask"]["t"]]["s"] == 1
    state = play(state, (2, "steal"))
    assert pile_words(state, 2) == ["bauer"] and pile_words(state, 1) == []


# ----- Berufsloser -----------------------------------------------------------------------------


def test_berufsloser_with_nothing_lying_is_worth_zero_and_asks_nothing():
    """Berufsloser: leading it, it has no value and no ability."""
    state = rigged([["berufsloser", *FILL, "dieb"], ["bauer", *FILL, "dieb"]])
    state = play(state, (0, "play:berufsloser"))
    assert asked(state) == ("play", 1)
    state = play(state, (1, "play:bauer"))
    assert pile_words(state, 1) == ["bauer", "berufsloser"]


def test_berufsloser_copies_a_rolled_holzfaeller_roll():
    """Berufsloser: a copied Holzfaeller takes that Holzfaeller's roll (no new dice)."""
    state = rigged([["holzfaeller", "bauer", *FILL[:2], "dieb"], ["seemann", "berufsloser", *FILL]])
    state = play(state, (0, "play:holzfaeller"), (1, "play:seemann"), (CHANCE, "dice:2:3"))
    assert state["layer"] == 2  # 5-5
    state = play(state, (0, "play:bauer"), (1, "play:berufsloser"))
    assert GAME.legal_actions(state, 1) == ["copy:0", "copy:1", "copy:2", "pass"]
    state, events = GAME.apply(state, 1, "copy:0")
    assert "roll" not in kinds(events)
    assert next(e for e in events if e.kind == "decided").data == {
        "winner": 1,
        "totals": [6, 10],
    }


def test_berufsloser_copying_an_unrolled_holzfaeller_shares_its_one_roll():
    """Berufsloser: copying a Holzfaeller of the same layer; one roll serves both."""
    state = rigged([["holzfaeller", *FILL, "dieb"], ["berufsloser", *FILL, "dieb"]])
    state = play(state, (0, "play:holzfaeller"), (1, "play:berufsloser"), (1, "copy:0"))
    assert GAME.to_act(state) == [CHANCE]
    state, events = GAME.apply(state, CHANCE, "dice:3:4")
    assert "copy_roll" in kinds(events)
    assert [item["value"] for item in GAME.view(state, None)["trick"]] == [7, 7]
    assert state["layer"] == 2  # 7-7 without a Magier: another layer


def test_berufsloser_copying_a_krieger_may_use_blockade():
    """Berufsloser: a copied Krieger may trigger Blockade (asked after the real Krieger)."""
    state = rigged(
        [["magier", *FILL, "dieb"], ["krieger", *FILL, "dieb"], ["berufsloser", *FILL, "bauer"]]
    )
    state = play(state, (0, "play:magier"), (1, "play:krieger"), (2, "play:berufsloser"))
    assert GAME.legal_actions(state, 2) == ["copy:0", "copy:1", "pass"]
    state = play(state, (2, "copy:1"))
    assert asked(state) == ("block", 1)
    state = play(state, (1, "pass"))
    assert asked(state) == ("block", 2)
    state = play(state, (2, "block"))
    assert state["layer"] == 2 and asked(state) == ("play", 0)


def test_berufsloser_copying_a_magier_wins_a_tie():
    """Berufsloser: a copied Magier breaks a tie like a Magier."""
    state = rigged(
        [
            ["magier", "bauer", *FILL],
            ["krieger", "berufsloser", *FILL],
            ["krieger", "schmied", "heiler", "seemann", "dieb"],
        ]
    )
    state = play(state, (0, "play:magier"), (1, "play:krieger"), (2, "play:krieger"))
    state = play(state, (1, "block"), (0, "play:bauer"), (1, "play:berufsloser"))
    state = play(state, (1, "copy:0"))
    state, events = GAME.apply(state, 2, "play:schmied")
    decided = next(e for e in events if e.kind == "decided")
    assert decided.data == {"winner": 1, "totals": [11, 19, 19]}


def test_one_holzfaeller_roll_serves_every_berufsloser_copying_it():
    """Berufsloser: copies (also a copy of a copy) of an unrolled Holzfaeller take its roll."""
    state = rigged(
        [
            ["holzfaeller", *FILL, "dieb"],
            ["berufsloser", *FILL, "dieb"],
            ["berufsloser", *FILL, "bauer"],
        ]
    )
    state = play(state, (0, "play:holzfaeller"), (1, "play:berufsloser"), (1, "copy:0"))
    state = play(state, (2, "play:berufsloser"))
    # copying the Holzfaeller or the copy of it is one outcome: a single choice besides none
    assert GAME.legal_actions(state, 2) == ["copy:0", "pass"]
    state = play(state, (2, "copy:0"))
    assert GAME.to_act(state) == [CHANCE] and state["ask"]["e"] == 0
    state, events = GAME.apply(state, CHANCE, "dice:2:2")
    assert kinds(events).count("roll") == 1 and kinds(events).count("copy_roll") == 2
    assert [item["value"] for item in GAME.view(state, None)["trick"]] == [4, 4, 4]


def test_when_a_sperrfeuer_takes_back_the_copied_card_the_berufsloser_owner_picks_again_or_declines():
    """Ruling (Berufsloser): if the copied card is taken back by a Sperrfeuer, the copy lapses
    and the Berufsloser's owner may pick again among the cards now lying, or decline (then it
    is worth 0)."""
    state = rigged(
        [
            ["holzfaeller", "bauer", "bauer", "bauer", "bauer"],
            ["berufsloser", *FILL, "dieb"],
            ["jaeger", *FILL, "magier"],
        ]
    )
    state = play(state, (0, "play:holzfaeller"), (1, "play:berufsloser"), (1, "copy:0"))
    state = play(state, (2, "play:jaeger"), (2, "shoot:0"))  # A has only Bauern: replaced unasked
    assert state["trick"][0]["c"] >> 2 == 9
    assert state["trick"][1]["as"] is None  # the copy lapsed with the Holzfaeller
    assert asked(state) == ("copy", 1)
    assert GAME.legal_actions(state, 1) == ["copy:0", "copy:2", "pass"]  # Bauer, Jaeger, none
    state, events = GAME.apply(state, 1, "pass")
    assert "no_copy" in kinds(events)
    assert next(e for e in events if e.kind == "decided").data == {
        "winner": 2,
        "totals": [1, 0, 7],
    }


def test_a_berufsloser_may_decline_to_copy_and_is_then_worth_nothing():
    """Ruling: copying is optional, like every ability; declining leaves the Berufsloser worth
    0 with no ability, even with a single card to copy."""
    state = rigged([["magier", *FILL, "dieb"], ["berufsloser", *FILL, "dieb"]])
    state = play(state, (0, "play:magier"), (1, "play:berufsloser"))
    assert GAME.legal_actions(state, 1) == ["copy:0", "pass"]
    state, events = GAME.apply(state, 1, "pass")
    decided = next(e for e in events if e.kind == "decided").data
    assert decided == {"winner": 0, "totals": [10, 0]}


def test_berufsloser_copying_a_heiler_may_be_exchanged_below_six():
    """Berufsloser: a copied Heiler may reincarnate (exchange for a hand card below 6); the
    Berufsloser returns to hand and the lower card goes to the winner."""
    state = rigged(
        [
            ["heiler", "magier", "krieger", "schmied", "jaeger"],
            ["berufsloser", "bauer", "dieb", "magier", "krieger"],
        ]
    )
    state = play(state, (0, "play:heiler"), (1, "play:berufsloser"), (1, "copy:0"))  # 6-6
    assert state["trick"][1]["as"] == 4 and state["layer"] == 2
    state = play(state, (0, "play:magier"), (1, "play:bauer"))  # 16 to 7
    assert asked(state) == ("heal", 1)
    assert GAME.legal_actions(state, 1) == ["heal:dieb", "pass"]  # Magier, Krieger not lower
    state = play(state, (1, "heal:dieb"))
    assert "berufsloser" in hand_words(state, 1)
    assert pile_words(state, 0) == ["dieb", "heiler", "magier"]
    assert pile_words(state, 1) == ["bauer"]


def test_a_sperrfeuer_replacement_is_protected_only_in_the_layer_it_was_placed():
    """Ruling (Jaeger): the target is another player's most recently played card, this layer's
    or, if that player has not played in this layer yet, the previous layer's; a replacement
    cannot be hit by a later Sperrfeuer in the same layer, but in the next layer it is that
    player's most recent card like any other."""
    state = rigged(
        [
            ["krieger", "jaeger", *FILL],
            ["magier", "bauer", *FILL],
            ["jaeger", "bauer", *FILL],
        ],
        max_layers=3,
    )
    state = play(state, (0, "play:krieger"), (1, "play:magier"), (2, "play:jaeger"))
    state = play(state, (2, "shoot:1"), (1, "replace:bauer"))
    assert state["trick"][1]["p"] and state["trick"][1]["a"] == 1
    assert asked(state) == ("block", 0)
    state = play(state, (0, "block"), (0, "play:jaeger"))
    # Layer 2: B has not played in it yet, so B's most recent card is the layer-1
    # replacement, which may now be hit; C's layer-1 Jaeger too.
    assert GAME.legal_actions(state, 0) == ["pass", "shoot:1", "shoot:2"]
