"""The four worked examples of the source, as the ruling says they must come out."""

from __future__ import annotations

from games.scherbia.cards import BASE
from games.scherbia.rules import latest_slot

from .helpers import GAME, asked, hand_words, pile_words, play, rigged


def test_example_figure_four_players_krieger_owner_wins_18_to_17():
    """Figure: Magier, Krieger, Bauer, Bauer; then Jaeger, Schmied, Baecker, Baecker: 18-17."""
    state = rigged(
        [
            ["magier", "jaeger", "heiler", "seemann", "dieb"],
            ["krieger", "schmied", "heiler", "seemann", "dieb"],
            ["bauer", "baecker", "heiler", "seemann", "dieb"],
            ["bauer", "baecker", "heiler", "seemann", "schuerfer"],
        ]
    )
    state = play(state, (0, "play:magier"), (1, "play:krieger"), (2, "play:bauer"))
    state = play(state, (3, "play:bauer"))
    assert asked(state) == ("block", 1)  # B is behind 9 to 10 and may use Blockade
    state = play(state, (1, "block"), (0, "play:jaeger"))
    assert asked(state) == ("shoot", 0)
    state = play(state, (0, "pass"), (1, "play:schmied"), (2, "play:baecker"))
    view = GAME.view(state, None)
    assert [item["value"] for item in view["trick"] if item["layer"] == 2][1] == 9  # 8 + 1
    state = play(state, (3, "play:baecker"))
    last = GAME.view(state, None)["last_trick"]
    assert last["winner"] == 1
    assert pile_words(state, 1) == sorted(
        ["magier", "krieger", "jaeger", "schmied", "baecker", "baecker"]
    )
    assert pile_words(state, 2) == ["bauer"] and pile_words(state, 3) == ["bauer"]
    assert state["leader"] == 1


def test_example_figure_totals_are_18_and_17():
    """Figure: each Baecker counts 2 + 6 for the two Bauern; B 18, A 17, C and D 9."""
    state = rigged(
        [
            ["magier", "jaeger", "heiler", "seemann", "dieb"],
            ["krieger", "schmied", "heiler", "seemann", "dieb"],
            ["bauer", "baecker", "heiler", "seemann", "dieb"],
            ["bauer", "baecker", "heiler", "seemann", "schuerfer"],
        ]
    )
    state = play(
        state,
        (0, "play:magier"),
        (1, "play:krieger"),
        (2, "play:bauer"),
        (3, "play:bauer"),
        (1, "block"),
        (0, "play:jaeger"),
        (0, "pass"),
        (1, "play:schmied"),
        (2, "play:baecker"),
    )
    state, events = GAME.apply(state, 3, "play:baecker")
    decided = next(event for event in events if event.kind == "decided")
    assert decided.data == {"winner": 1, "totals": [17, 18, 9, 9]}


def test_example_magier_breaks_19_19_and_the_pile_gains_36():
    """Magier vs Krieger, Blockade; Krieger vs Schmied (8 + 2): 19-19, the Magier wins, 36."""
    state = rigged(
        [
            ["magier", "krieger", "heiler", "seemann", "dieb"],
            ["krieger", "schmied", "heiler", "seemann", "dieb"],
        ]
    )
    state = play(state, (0, "play:magier"), (1, "play:krieger"))
    assert asked(state) == ("block", 1)
    state = play(state, (1, "block"), (0, "play:krieger"))
    state, events = GAME.apply(state, 1, "play:schmied")
    decided = next(event for event in events if event.kind == "decided")
    assert decided.data == {"winner": 0, "totals": [19, 19]}
    assert sum(BASE[card >> 2] for card in state["piles"][0]) == 36
    assert state["piles"][1] == []


def test_example_ko_runde_3():
    """'K.O. Runde 3' with three layers: A 31, B 20, C 3; A's pile 38; Bauern to owners."""
    state = rigged(
        [
            ["magier", "baecker", "jaeger", "seemann", "heiler"],
            ["magier", "krieger", "bauer", "schuerfer", "dieb"],
            ["bauer", "berufsloser", "bauer", "bauer", "holzfaeller"],
        ],
        max_layers=3,
    )
    state, events = GAME.apply(state, 0, "play:magier")
    state = play(state, (1, "play:magier"))
    state, events = GAME.apply(state, 2, "play:bauer")
    assert [event.kind for event in events if event.kind == "layer_tie"] == ["layer_tie"]
    state = play(state, (0, "play:baecker"), (1, "play:krieger"), (2, "play:berufsloser"))
    # C's Berufsloser may copy a Magier, the Bauer, the Baecker or the Krieger (one per kind)
    assert asked(state) == ("copy", 2)
    assert GAME.legal_actions(state, 2) == ["copy:0", "copy:2", "copy:3", "copy:4", "pass"]
    state = play(state, (2, "copy:0"))
    assert GAME.view(state, None)["totals"] == [15, 19, 11]
    assert asked(state) == ("block", 1)  # "Da ein Krieger gespielt wurde..."
    state = play(state, (1, "block"), (0, "play:jaeger"))
    # Sperrfeuer may hit only the card just played: B's Krieger (round 2), C's Berufsloser
    assert latest_slot(state["trick"], 1, 3) == 4  # B's Krieger, not the Magier in slot 1
    assert GAME.legal_actions(state, 0) == ["pass", "shoot:1", "shoot:2"]
    state = play(state, (0, "shoot:2"))
    assert asked(state) == ("replace", 2)  # C may put back a Bauer or the Holzfaeller
    assert GAME.legal_actions(state, 2) == ["replace:bauer", "replace:holzfaeller"]
    state = play(state, (2, "replace:bauer"), (1, "play:bauer"))
    state, events = GAME.apply(state, 2, "play:bauer")
    decided = next(event for event in events if event.kind == "decided")
    assert decided.data == {"winner": 0, "totals": [31, 20, 3]}
    assert sum(BASE[card >> 2] for card in state["piles"][0]) == 38
    assert pile_words(state, 0) == sorted(["jaeger", "magier", "magier", "baecker", "krieger"])
    assert pile_words(state, 2) == ["bauer", "bauer", "bauer"]
    assert pile_words(state, 1) == ["bauer"]
    assert "berufsloser" in hand_words(state, 2)


def test_example_magier_seemann_dieb():
    """Magier, Seemann, Dieb: the trick goes to the Magier, the Seemann to the Dieb's owner."""
    state = rigged(
        [
            ["magier", "heiler", "krieger", "schmied", "jaeger"],
            ["seemann", "heiler", "krieger", "schmied", "jaeger"],
            ["dieb", "heiler", "krieger", "schmied", "jaeger"],
        ]
    )
    state = play(state, (0, "play:magier"), (1, "play:seemann"), (2, "play:dieb"))
    assert asked(state) == ("steal", 2)
    state = play(state, (2, "steal"))
    assert pile_words(state, 0) == ["dieb", "magier"]
    assert pile_words(state, 2) == ["seemann"]
    assert pile_words(state, 1) == []
