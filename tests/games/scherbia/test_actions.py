"""Aktionskarten and Fraktionen (ruling sections of the same names): the source's mechanism
and the project's own edition of the effects, one test per rule."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, IllegalAction, SetupError
from games.scherbia.actions import (
    ACTION_KINDS,
    EINSPRUCH,
    FACTIONS,
    KIND_OF_WORD,
    kind_of,
)
from games.scherbia.cards import DIEB, HEILER, SCHMIED

from .helpers import GAME, asked, pile_words

FILL = ["seemann", "schuerfer", "holzfaeller", "berufsloser"]


def table(hands, actions=None, leader=0, factions=None, **options):
    """A rigged table with action cards on (unless told) and chosen action hands."""
    position = {"hands": [[*hand, *FILL[: 5 - len(hand)]] for hand in hands], "leader": leader}
    opts = {"hand_size": 5, "action_cards": actions is not None, **options}
    if actions is not None:
        position["action_hands"] = actions
    if factions is not None:
        position["factions"] = factions
        opts.setdefault("factions", "open")
    return GAME.set_up(len(hands), position, opts)


def kinds_in(cards) -> list[str]:
    return sorted(ACTION_KINDS[kind_of(card)].word for card in cards)


def decided(events):
    return next(event for event in events if event.kind == "decided").data


def run(state, *moves):
    """Apply moves, collecting every event."""
    events = []
    for seat, code in moves:
        assert seat in GAME.to_act(state), (seat, code, GAME.to_act(state), state["ask"])
        state, new = GAME.apply(state, seat, code)
        events += new
    return state, events


# ----- the deal and the second hand ----------------------------------------------------------


def test_action_deal_gives_everyone_the_same_number_plus_one_einspruch_rest_set_aside():
    """Deal: Einsprueche set aside, the rest shuffled; each player the same number (option)
    plus one Einspruch; the rest set aside unseen; a second, hidden hand."""
    rng = random.Random(5)
    options = GAME.parse_options(3, {"action_cards": True, "action_hand": 2})
    state = GAME.initial_state(3, options)
    state, _ = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
    assert GAME.to_act(state) == [CHANCE] and state["phase"] == "adeal"
    state, events = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
    for seat, hand in enumerate(state["ahands"]):
        assert len(hand) == 3
        assert [kind_of(card) for card in hand].count(EINSPRUCH) == 1
        private = next(e for e in events if e.kind == "action_hand" and e.to == seat)
        assert private.data["cards"] == hand
    assert len(state["aaside"]) == 44 - 9
    public = GAME.view(state, None)
    assert public["action_hand"] is None and public["action_hand_sizes"] == [3, 3, 3]
    assert GAME.view(state, 1)["action_hand"] == state["ahands"][1]


def test_action_hand_option_is_one_to_four_and_off_by_default():
    """Aktionskarten are a table option, off by default, 1-4 cards (default 3)."""
    options = GAME.parse_options(2)
    assert options.action_cards is False and options.action_hand == 3
    with pytest.raises(SetupError, match="action_hand"):
        GAME.parse_options(2, {"action_cards": True, "action_hand": 5})


# ----- laying, revealing, Einspruch ----------------------------------------------------------


def test_before_the_first_card_each_player_from_the_leader_may_lay_one_card_face_down():
    """Laying: before the trick's first card, in turn from the leader, one card face down or
    none; who laid one is public, which card is not."""
    state = table([["magier"], ["schmied"], ["heiler"]], [["paktierer"], ["hinterhalt"], []], 1)
    assert asked(state) == ("lay", 1)
    assert GAME.legal_actions(state, 1) == ["lay:hinterhalt", "pass"]
    state, events = run(state, (1, "lay:hinterhalt"))
    public = [e for e in events if e.to is None]
    assert [e.kind for e in public] == ["lay"] and public[0].data == {"seat": 1}
    assert next(e for e in events if e.kind == "laid").to == 1
    assert GAME.view(state, None)["laid"][0]["kind"] is None
    assert GAME.view(state, 0)["laid"][0]["kind"] is None
    assert GAME.view(state, 1)["laid"][0]["kind"] == "hinterhalt"
    assert GAME.view(state, None)["action_hand_sizes"] == [1, 1, 0]  # the back still counts
    # seat 2 holds no action card: it is not asked; then the first card is played
    state, _ = run(state, (0, "pass"))
    assert asked(state) == ("play", 1)
    with pytest.raises(IllegalAction, match=r"It is not your turn\."):
        GAME.apply(state, 0, "lay:paktierer")


def test_laid_cards_are_turned_up_only_after_the_last_layer_before_the_decision():
    """Reveal: when the trick's last layer is complete (not after a tied first layer)."""
    state = table([["schmied", "bauer"], ["schmied", "bauer"]], [["paktierer"], []])
    state, events = run(state, (0, "lay:paktierer"), (0, "play:schmied"), (1, "play:schmied"))
    assert "layer_tie" in [e.kind for e in events] and "reveal" not in [e.kind for e in events]
    assert GAME.view(state, 1)["laid"][0]["kind"] is None
    state, events = run(state, (0, "play:bauer"), (1, "play:bauer"))
    order = [e.kind for e in events]
    assert order.index("reveal") < order.index("act") < order.index("decided")
    assert decided(events) == {"winner": 0, "totals": [18, 9]}


def test_einspruch_discards_itself_and_its_target_and_that_action_does_not_happen():
    """Einspruch: put on another revealed action card, both are discarded, no effect."""
    state = table([["magier"], ["schmied"]], [["hinterhalt"], ["einspruch"]])
    state, _ = run(state, (0, "lay:hinterhalt"), (1, "lay:einspruch"))
    state, _ = run(state, (0, "play:magier"), (1, "play:schmied"))
    assert asked(state) == ("veto", 1)
    assert GAME.legal_actions(state, 1) == ["pass", "veto:0"]
    state, events = run(state, (1, "veto:0"))
    assert decided(events) == {"winner": 0, "totals": [10, 8]}
    assert kinds_in(state["aout"]) == ["einspruch", "hinterhalt"]


def test_hinterhalt_swaps_totals_and_an_unused_einspruch_goes_back_to_hand():
    """Hinterhalt swaps the owner's total with the highest opposing one; an Einspruch laid
    but not used goes back to its owner's hand; used action cards leave the game."""
    state = table([["magier"], ["schmied"]], [["hinterhalt"], ["einspruch"]])
    state, _ = run(state, (0, "lay:hinterhalt"), (1, "lay:einspruch"))
    state, events = run(state, (0, "play:magier"), (1, "play:schmied"), (1, "pass"))
    assert decided(events) == {"winner": 1, "totals": [8, 10]}
    assert kinds_in(state["ahands"][1]) == ["einspruch"]
    assert kinds_in(state["aout"]) == ["hinterhalt"]


def test_einspruch_on_einspruch_discards_both_and_the_first_target_happens_after_all():
    """Einspruch on Einspruch: both Einsprueche are discarded and the first target acts."""
    state = table(
        [["magier"], ["schmied"], ["bauer"]], [["hinterhalt"], ["einspruch"], ["einspruch"]]
    )
    state, _ = run(state, (0, "lay:hinterhalt"), (1, "lay:einspruch"), (2, "lay:einspruch"))
    state, _ = run(state, (0, "play:magier"), (1, "play:schmied"), (2, "play:bauer"))
    state, _ = run(state, (1, "veto:0"))
    assert asked(state) == ("veto", 2) and "veto:1" in GAME.legal_actions(state, 2)
    state, events = run(state, (2, "veto:1"))
    assert decided(events)["winner"] == 1  # the Hinterhalt happened: 8 <-> 10
    assert kinds_in(state["aout"]) == ["einspruch", "einspruch", "hinterhalt"]
    assert state["ahands"] == [[], [], []]


def test_an_einspruch_may_go_on_an_unused_einspruch_and_both_are_discarded():
    """Ruling: an Einspruch may go on any other revealed action card, an Einspruch not yet put
    on a card too; both are discarded (neither goes back to hand), so the other cannot act, and
    its owner is not asked."""
    state = table(
        [["magier"], ["schmied"], ["bauer"]], [["einspruch"], ["einspruch"], ["hinterhalt"]]
    )
    state, _ = run(state, (0, "lay:einspruch"), (1, "lay:einspruch"), (2, "lay:hinterhalt"))
    state, _ = run(state, (0, "play:magier"), (1, "play:schmied"), (2, "play:bauer"))
    assert asked(state) == ("veto", 0)
    assert GAME.legal_actions(state, 0) == ["pass", "veto:1", "veto:2"]
    state, events = run(state, (0, "veto:1"))
    assert "veto" not in [event.kind for event in events[1:]]  # seat 1 is not asked
    assert decided(events)["winner"] == 2  # the Hinterhalt acted: the Bauer takes 10
    assert kinds_in(state["aout"]) == ["einspruch", "einspruch", "hinterhalt"]
    assert state["ahands"] == [[], [], []]


def test_no_einspruch_closes_a_circle_of_einsprueche():
    """Ruling: an Einspruch may go on an Einspruch. Seat 0 puts its own on seat 2's unused one,
    seat 1 its own on seat 0's: seat 2's is in force again and may still go on the Hinterhalt,
    but not on seat 1's, whose chain leads back to seat 2's own (a circle in which none would
    be either in force or cancelled). Seat 2's, never used, then goes back to its hand."""
    state = table(
        [["magier"], ["schmied"], ["bauer"], ["baecker"]],
        [["einspruch"], ["einspruch"], ["einspruch"], ["hinterhalt"]],
    )
    state, _ = run(
        state,
        (0, "lay:einspruch"),
        (1, "lay:einspruch"),
        (2, "lay:einspruch"),
        (3, "lay:hinterhalt"),
    )
    state, _ = run(state, (0, "play:magier"), (1, "play:schmied"), (2, "play:bauer"))
    state, _ = run(state, (3, "play:baecker"), (0, "veto:2"))
    assert asked(state) == ("veto", 1)
    assert GAME.legal_actions(state, 1) == ["pass", "veto:0", "veto:3"]
    state, _ = run(state, (1, "veto:0"))
    assert asked(state) == ("veto", 2)
    assert GAME.legal_actions(state, 2) == ["pass", "veto:3"]
    with pytest.raises(IllegalAction, match=r"unless its chain leads back to yours"):
        GAME.apply(state, 2, "veto:1")
    state, events = run(state, (2, "pass"))
    assert "act" in [event.kind for event in events]  # the Hinterhalt acted
    assert kinds_in(state["ahands"][2]) == ["einspruch"]
    assert kinds_in(state["aout"]) == ["einspruch", "einspruch", "hinterhalt"]


def test_an_action_whose_need_is_not_met_has_no_effect_and_is_discarded():
    """Needs: Sabotage without its owner's Schmied in the trick does nothing, and is gone."""
    state = table([["bauer"], ["krieger"]], [["sabotage"], []])
    state, events = run(state, (0, "lay:sabotage"), (0, "play:bauer"), (1, "play:krieger"))
    state, events = run(state, (1, "pass"))  # no Blockade
    assert "act_fails" in [e.kind for e in events]
    assert decided(events) == {"winner": 1, "totals": [1, 9]}
    assert kinds_in(state["aout"]) == ["sabotage"]


def test_the_source_hints_are_kept_in_the_card_data():
    """The edition keeps the source's hints: Sabotage needs a Schmied, Assassine a Dieb,
    Wiederbelebung a Heiler; Wichtelkrieger, Wichtelmagier, Brot change one profession."""
    needs = {kind.word: kind.needs for kind in ACTION_KINDS}
    assert needs["sabotage"] == SCHMIED and needs["assassine"] == DIEB
    assert needs["wiederbelebung"] == HEILER
    for word in ("wichtelkrieger", "wichtelmagier", "brot"):
        assert "prof" in ACTION_KINDS[KIND_OF_WORD[word]].params
    vocabulary = {
        "veto", "zero_latest", "zero_others", "set_value", "multiply", "steal_highest",
        "revive", "add_total", "swap_total",
    }  # fmt: skip
    assert {kind.effect for kind in ACTION_KINDS} == vocabulary


# ----- the project's edition of each effect --------------------------------------------------


@pytest.mark.parametrize(
    ("card", "hands", "winner", "totals"),
    [
        ("spezialpfeil", [["schmied"], ["magier"]], 0, [8, 0]),
        ("paktierer", [["heiler"], ["magier"]], 0, [16, 10]),
        ("wichtelmagier", [["schmied"], ["magier"]], 0, [8, 1]),
    ],
)
def test_effects_that_change_values_or_totals(card, hands, winner, totals):
    """Spezialpfeil: the strongest opponent's latest card counts 0; Paktierer adds the
    highest opposing total; Wichtelmagier: every Magier counts 1."""
    state = table(hands, [[card], []])
    state, events = run(state, (0, "lay:" + card), (0, "play:" + hands[0][0]))
    state, events = run(state, (1, "play:" + hands[1][0]))
    assert decided(events) == {"winner": winner, "totals": totals}


def test_wichtelmagier_takes_the_magiers_allmacht():
    """Wichtelmagier: a Magier at 1 tied with a 1 does not break the tie: discarded."""
    state = table([["bauer"], ["magier"]], [["wichtelmagier"], []])
    state, events = run(state, (0, "lay:wichtelmagier"), (0, "play:bauer"), (1, "play:magier"))
    assert decided(events) == {"winner": None, "totals": [1, 1]}


def test_wichtelkrieger_makes_every_krieger_count_1():
    """Wichtelkrieger: every Krieger counts 1 in this trick."""
    state = table([["heiler"], ["krieger"]], [["wichtelkrieger"], []])
    state, _ = run(state, (0, "lay:wichtelkrieger"), (0, "play:heiler"), (1, "play:krieger"))
    state, events = run(state, (1, "pass"))
    assert decided(events) == {"winner": 0, "totals": [6, 1]}


def test_sabotage_with_the_owners_schmied_zeroes_the_opponents_krieger_and_schmiede():
    """Sabotage (needs the owner's Schmied): the other players' Krieger and Schmiede count 0."""
    state = table([["schmied", "bauer"], ["krieger", "bauer"]], [["sabotage"], []])
    state, _ = run(state, (0, "lay:sabotage"), (0, "play:schmied"), (1, "play:krieger"))
    state, events = run(state, (0, "play:bauer"), (1, "play:bauer"))
    assert decided(events) == {"winner": 0, "totals": [10, 1]}


def test_brot_fuer_die_scherbe_doubles_every_baecker():
    """Brot fuer die Scherbe: every Baecker counts double (2 + 3 per Bauer, doubled)."""
    state = table([["baecker"], ["heiler"], ["bauer"]], [["brot"], [], []])
    state, _ = run(state, (0, "lay:brot"), (0, "play:baecker"), (1, "play:heiler"))
    state, events = run(state, (2, "play:bauer"))
    assert decided(events) == {"winner": 0, "totals": [10, 6, 1]}


def test_assassine_lets_the_owners_dieb_take_the_highest_card():
    """Assassine (needs the owner's Dieb): it takes the highest card instead of the lowest."""
    state = table([["dieb"], ["magier"], ["bauer"]], [["assassine"], [], []])
    state, _ = run(state, (0, "lay:assassine"), (0, "play:dieb"), (1, "play:magier"))
    state, _ = run(state, (2, "play:bauer"))
    assert asked(state) == ("steal", 0)
    state, _ = run(state, (0, "steal"))
    assert pile_words(state, 0) == ["magier"]


def test_wiederbelebung_sends_the_losing_owners_heiler_and_best_card_to_its_own_pile():
    """Wiederbelebung (needs the owner's Heiler): if the owner loses, its Heiler and its
    highest other card go to the owner's own pile."""
    state = table([["heiler", "schmied"], ["heiler", "magier"]], [["wiederbelebung"], []])
    state, _ = run(state, (0, "lay:wiederbelebung"), (0, "play:heiler"), (1, "play:heiler"))
    state, events = run(state, (0, "play:schmied"), (1, "play:magier"))
    assert decided(events)["winner"] == 1 and "revive" in [e.kind for e in events]
    state, _ = run(state, *[(1, "pass")] * (asked(state) == ("heal", 1)))
    assert pile_words(state, 0) == ["heiler", "schmied"]
    assert pile_words(state, 1) == ["heiler", "magier"]


# ----- Fraktionen ----------------------------------------------------------------------------

TEAM = [["heiler"], ["krieger"], ["bauer"], ["bauer"]]


def test_factions_are_a_table_option_of_team_games_only():
    """Fraktionen: a table option for team games, off by default."""
    assert GAME.parse_options(4).factions == "off"
    with pytest.raises(SetupError, match="team game"):
        GAME.parse_options(3, {"factions": "open"})


def test_der_pakt_sabotage_needs_no_schmied_and_is_used_once_per_member():
    """Der Pakt's Sabotage: the opponents' Krieger count 0; each member once per game."""
    state = table(TEAM, factions=["pakt", "haendler"], teams="2v2")
    assert GAME.legal_actions(state, 0) == ["faction", "pass"]
    assert asked(state) == ("lay", 0)
    state, _ = run(state, (0, "faction"))
    assert asked(state) == ("lay", 2)  # the Haendler are passive: seats 1 and 3 are not asked
    state, _ = run(state, (2, "pass"), (0, "play:heiler"), (1, "play:krieger"))
    state, events = run(state, (2, "play:bauer"), (3, "play:bauer"), (1, "pass"))
    assert decided(events) == {"winner": 0, "totals": [6, 0, 1, 1]}
    assert asked(state) == ("lay", 2)  # the next trick: seat 0 has used its ability
    assert GAME.view(state, None)["faction_used"] == [True, False, False, False]


def test_schutz_stops_the_other_teams_faction_ability_and_action_cards():
    """Die Glaeubigen's Schutz: only a faction ability can stop a faction ability."""
    state = GAME.set_up(
        4,
        {
            "hands": [[*h, *FILL[:4]] for h in TEAM],
            "action_hands": [[], [], ["wichtelkrieger"], []],
            "factions": ["pakt", "glaeubige"],
        },
        {"hand_size": 5, "action_cards": True, "teams": "2v2", "factions": "open"},
    )
    state, _ = run(state, (0, "faction"), (1, "faction"), (2, "lay:wichtelkrieger"))
    state, _ = run(state, (3, "pass"), (0, "play:heiler"), (1, "play:krieger"))
    state, events = run(state, (2, "play:bauer"), (3, "play:bauer"), (1, "pass"))
    assert decided(events) == {"winner": 1, "totals": [6, 9, 1, 1]}
    laid = GAME.view(state, None)["laid"]
    assert [item["void"] for item in laid] == [True, False, True]


def test_an_einspruch_that_schutz_kept_from_acting_goes_back_to_its_owners_hand():
    """Ruling: an Einspruch laid but not used goes back to its owner's hand; Schutz (Die
    Glaeubigen) takes the other team's cards' effect away, but an Einspruch it kept from acting
    was not used, so it goes back too (it is not discarded)."""
    state = GAME.set_up(
        4,
        {
            "hands": [[*h, *FILL[:4]] for h in TEAM],
            "action_hands": [[], ["einspruch"], [], []],
            "factions": ["glaeubige", "pakt"],
        },
        {"hand_size": 5, "action_cards": True, "teams": "2v2", "factions": "open"},
    )
    state, _ = run(state, (0, "faction"), (1, "lay:einspruch"), (2, "pass"), (3, "pass"))
    state, events = run(
        state, (0, "play:heiler"), (1, "play:krieger"), (2, "play:bauer"), (3, "play:bauer")
    )
    while asked(state) is not None and asked(state)[0] != "lay":
        state, more = run(state, (asked(state)[1], "pass"))
        events += more
    assert kinds_in(state["ahands"][1]) == ["einspruch"]
    assert state["aout"] == []
    assert {"seat": 1} in [event.data for event in events if event.kind == "veto_back"]


def test_a_faction_ability_cannot_be_stopped_by_an_einspruch():
    """Fraktionen: an Einspruch may not be put on a faction ability."""
    state = GAME.set_up(
        4,
        {
            "hands": [[*h, *FILL[:4]] for h in TEAM],
            "action_hands": [[], ["einspruch"], ["wichtelkrieger"], []],
            "factions": ["pakt", "haendler"],
        },
        {"hand_size": 5, "action_cards": True, "teams": "2v2", "factions": "open"},
    )
    state, _ = run(state, (0, "faction"), (1, "lay:einspruch"), (2, "lay:wichtelkrieger"))
    state, _ = run(state, (0, "play:heiler"), (1, "play:krieger"), (2, "play:bauer"))
    state, _ = run(state, (3, "play:bauer"), (1, "pass"))
    assert asked(state) == ("veto", 1)
    assert GAME.legal_actions(state, 1) == ["pass", "veto:2"]
    with pytest.raises(IllegalAction, match="Fraktionsfähigkeit|faction ability"):
        GAME.apply(state, 1, "veto:0")


def test_a_passive_faction_adds_its_bonus_once_to_its_team():
    """Passive factions: a points bonus once per faction (Die Haendler: +8)."""
    rng = random.Random(2)
    options = GAME.parse_options(4, {"teams": "2v2", "factions": "open"})
    state = GAME.initial_state(4, options)
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE and state["phase"] == "factions":
            code = "factions:2:0"
        elif seat == CHANCE:
            code = GAME.sample_chance(state, rng)
        else:
            code = rng.choice(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, code)
    piles = state["pile_scores"]
    bonus = FACTIONS[2].bonus
    assert FACTIONS[2].ability is None and bonus > 0
    assert state["scores"][0] == piles[0] + piles[2] + bonus
    assert state["scores"][1] == piles[1] + piles[3]


def test_rules_pages_document_the_options_and_mark_the_projects_own_card_texts():
    """Rules page (both languages): the options, every card and faction from the data, and
    plainly which texts are the project's own edition."""
    from pathlib import Path

    import games.scherbia

    folder = Path(games.scherbia.__file__).parent
    marks = {"de": "eigene Fassung dieses Projekts", "en": "this project's own edition"}
    for lang, mark in marks.items():
        text = (folder / f"rules.{lang}.md").read_text(encoding="utf-8")
        for word in ("`action_cards`", "`action_hand`", "`factions`", mark):
            assert word in text, (lang, word)
        for kind in ACTION_KINDS:
            assert kind.name.get(lang) in text, (lang, kind.word)
        for faction in FACTIONS:
            assert faction.name.get(lang) in text, (lang, faction.word)
            if faction.bonus:
                assert f"{faction.bonus} " in text.split(faction.name.get(lang))[1][:200]


def test_a_position_with_action_hands_or_factions_needs_their_options():
    """Positions: action hands and factions are refused at a table without those options."""
    hands = [["magier", *FILL], ["krieger", *FILL]]
    with pytest.raises(SetupError, match="action hands without"):
        GAME.set_up(2, {"hands": hands, "action_hands": [["einspruch"], []]}, {"hand_size": 5})
    with pytest.raises(SetupError, match="factions without the option"):
        GAME.set_up(2, {"hands": hands, "factions": ["pakt", "haendler"]}, {"hand_size": 5})


# ----- hidden factions -----------------------------------------------------------------------


def hidden(factions, actions=None):
    """A 2v2 table with hidden factions (ruling, Fraktionen: "open ... or hidden")."""
    position = {"hands": [[*h, *FILL[:4]] for h in TEAM], "factions": factions}
    if actions is not None:
        position["action_hands"] = actions
    options = {"hand_size": 5, "action_cards": actions is not None, "teams": "2v2"}
    return GAME.set_up(4, position, {**options, "factions": "hidden"})


def test_hidden_faction_not_in_another_teams_view():
    """Hidden factions: each seat sees its own team's faction, not the other team's; the
    public view shows neither; the other team's seats are asked to lay even when passive."""
    state = hidden(["pakt", "haendler"])
    for seat in range(4):
        shown = GAME.view(state, seat)["factions"]
        assert shown == (["pakt", None] if seat % 2 == 0 else [None, "haendler"]), seat
    assert GAME.view(state, None)["factions"] == [None, None]
    assert GAME.view(state, None)["factions_hidden"] is True
    state, _ = run(state, (0, "pass"))
    assert asked(state) == ("lay", 1)  # not skipped: that would tell it has nothing to lay
    assert GAME.legal_actions(state, 1) == ["pass"]
    for lang in ("de", "en"):
        assert "Händler" not in GAME.render(GAME.view(state, 0), lang)


def test_hidden_faction_revealed_when_its_ability_is_used():
    """Hidden factions: a faction shows itself when its ability is revealed in a trick; from
    then on every view names it, and its seats are skipped when they have nothing to lay."""
    state = hidden(["pakt", "haendler"])
    state, _ = run(state, (0, "faction"), (1, "pass"), (2, "pass"))
    assert GAME.view(state, 1)["factions"] == [None, "haendler"]  # still face down
    state, events = run(state, (3, "pass"), (0, "play:heiler"), (1, "play:krieger"))
    state, more = run(state, (2, "play:bauer"), (3, "play:bauer"), (1, "pass"))
    shown = [e.data for e in events + more if e.kind == "faction_shown"]
    assert shown == [{"team": 0, "faction": 0}]
    assert GAME.view(state, 1)["factions"] == ["pakt", "haendler"]
    assert GAME.view(state, None)["factions"] == ["pakt", None]
    assert decided(more)["totals"] == [6, 0, 1, 1]


def test_passive_hidden_faction_revealed_at_the_final_count():
    """Hidden factions: a passive faction (Die Haendler) shows itself at the final count,
    where its bonus is added."""
    rng = random.Random(2)
    options = GAME.parse_options(4, {"teams": "2v2", "factions": "hidden"})
    state = GAME.initial_state(4, options)
    shown = []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE and state["phase"] == "factions":
            code = "factions:2:0"
        elif seat == CHANCE:
            code = GAME.sample_chance(state, rng)
        else:
            code = rng.choice(GAME.legal_actions(state, seat))
        if state["fac"] and state["stage"] != "final":
            assert GAME.view(state, 1)["factions"][0] is None
        state, events = GAME.apply(state, seat, code)
        shown += [e.data for e in events if e.kind == "faction_shown"]
    assert {"team": 0, "faction": 2} in shown
    assert GAME.view(state, 1)["factions"] == ["haendler", "pakt"]
    piles = state["pile_scores"]
    assert state["scores"][0] == piles[0] + piles[2] + FACTIONS[2].bonus


def test_hidden_faction_shuffle_keeps_what_the_seat_knows():
    """shuffle_hidden deals an unknown faction anew among those the seat cannot rule out:
    its own team's stays, the other team's varies; a shown faction stays."""
    state = hidden(["pakt", "haendler"])
    rng = random.Random(1)
    others = {tuple(GAME.shuffle_hidden(state, 0, rng)["fac"]) for _ in range(30)}
    assert others == {(0, 1), (0, 2)}
    public = {tuple(GAME.shuffle_hidden(state, None, rng)["fac"]) for _ in range(60)}
    assert len(public) == 6


def test_engine_players_choose_from_their_view_with_hidden_factions():
    """Hidden factions: the strategy player's choice is the same whatever the other team's
    hidden faction is (it only uses its view)."""
    from games.scherbia.strategy import StrategyPlayer

    player = StrategyPlayer()
    state = hidden(["glaeubige", "pakt"], [["wichtelkrieger"], [], ["brot"], ["einspruch"]])
    rng = random.Random(4)
    for _ in range(3):
        other = GAME.shuffle_hidden(state, 0, rng)
        assert player.choose(GAME, other, 0, random.Random(9)) == player.choose(
            GAME, state, 0, random.Random(9)
        )


def test_rules_pages_and_readme_describe_hidden_factions():
    """Rules pages (both languages) and the README name the hidden mode and its reveals."""
    from pathlib import Path

    import games.scherbia

    folder = Path(games.scherbia.__file__).parent
    words = {
        "de": ["`hidden`", "Verdeckte Fraktionen", "Schlusswertung aufgedeckt"],
        "en": ["`hidden`", "Hidden factions", "revealed at the final count"],
    }
    for lang, needed in words.items():
        text = (folder / f"rules.{lang}.md").read_text(encoding="utf-8")
        for word in needed:
            assert word in text, (lang, word)
    readme = (folder.parent.parent / "README.md").read_text(encoding="utf-8")
    assert "`factions: hidden`" in readme
