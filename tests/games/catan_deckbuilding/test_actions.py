"""Action cards and the reactions: Hafen, Ritter (Defensiv), Bandit, Ritter (Offensiv)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction

from .helpers import CHANCE, GAME, act, arrange, counts, hand_of, start

DECK = ["holz"] * 12


def harbour_draw(hand: dict[str, int], play_roads: int = 0) -> int:
    state = arrange(start(), 0, hand=hand, deck=DECK)
    for _ in range(play_roads):
        state, _ = act(state, 0, "play:strasse")
    before = state["hand"][0][3]  # Holz
    state, _ = act(state, 0, "play:hafen")
    return state["hand"][0][3] - before


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ({"hafen": 1}, 1),
        ({"hafen": 1, "meer": 2}, 3),
        ({"hafen": 1, "strasse": 1, "meer": 2}, 4),
        ({"hafen": 1, "strasse": 3, "meer": 2}, 4),
    ],
    ids=["no-road-no-sea", "two-seas", "one-road-two-seas", "three-roads-two-seas"],
)
def test_worked_examples_of_the_hafen(hand: dict[str, int], expected: int) -> None:
    """Ruling examples: no Strasse, no Meer +1; two Meere +3; one Strasse and two Meere +4;
    three Strassen and two Meere +4."""
    assert harbour_draw(hand) == expected


def test_hafen_counts_a_strasse_played_this_turn_and_keeps_revealed_cards_in_hand() -> None:
    """Ruling 'Hafen': +1 if the player reveals a Strasse or has played one this turn; revealed
    cards stay in hand."""
    assert harbour_draw({"hafen": 1, "strasse": 1, "meer": 1}, play_roads=1) == 3
    state = arrange(start(), 0, hand={"hafen": 1, "meer": 2, "strasse": 1}, deck=DECK)
    state, events = act(state, 0, "play:hafen")
    assert hand_of(state, 0) == {"meer": 2, "strasse": 1, "holz": 4}
    harbour = next(event for event in events if event.kind == "harbour")
    assert harbour.to is None and harbour.data == {"seat": 0, "seas": 2, "roads": 1, "draw": 4}


def test_a_second_hafen_counts_the_same_seas_again() -> None:
    """Ruling: revealed cards may be counted again by another Hafen in the same turn."""
    state = arrange(start(), 0, hand={"hafen": 2, "meer": 2}, deck=DECK)
    state, _ = act(state, 0, "play:hafen", "play:hafen")
    assert hand_of(state, 0) == {"meer": 2, "holz": 6}
    assert GAME.action_label(
        arrange(start(), 0, hand={"hafen": 1, "meer": 2}), 0, "play:hafen", "de"
    ) == ("Hafen ausspielen: +3 Karten")


def test_ritter_defensiv_in_its_owners_turn_draws_one_card() -> None:
    """Ruling: in its owner's own turn a Ritter (Defensiv) may be played for +1 card."""
    state = arrange(start(), 0, hand={"ritter_def": 1}, deck=DECK)
    state, _ = act(state, 0, "play:ritter_def")
    assert hand_of(state, 0) == {"holz": 1}
    assert state["table"][0] == counts({"ritter_def": 1})
    assert GAME.to_act(state) == [0]


def bandit_table(attacker_hand=None, victim_hand=None) -> dict:
    state = start()
    if attacker_hand is None:
        attacker_hand = {"bandit": 1}
    if victim_hand is None:
        victim_hand = {"erz": 1, "stadt": 1}
    arrange(state, 0, hand=attacker_hand, deck=DECK)
    arrange(state, 1, hand=victim_hand, deck=["lehm"] * 5)
    return state


def answered(state: dict, code: str, attacker: int = 0) -> tuple[dict, list]:
    """Play an attack whose target holds no Ritter (Defensiv): it is asked all the same, may
    only accept, and accepts; the events of both moves."""
    state, events = act(state, attacker, code)
    assert GAME.to_act(state) == [1 - attacker] and GAME.legal_actions(state, 1 - attacker) == [
        "accept"
    ]
    state, more = act(state, 1 - attacker, "accept")
    return state, events + more


def test_bandit_draws_then_chance_takes_a_random_card_seen_by_the_two_players_only() -> None:
    """Ruling 'Bandit': +1 card; then a random card from the opponent's hand, which the robber
    looks at (the random card is a logged chance outcome)."""
    state, events = answered(bandit_table(), "play:bandit")
    assert hand_of(state, 0) == {"holz": 1}
    assert GAME.to_act(state) == [CHANCE]
    assert GAME.sample_chance(state, __import__("random").Random(3)) in ("steal:erz", "steal:stadt")
    state, events = GAME.apply(state, CHANCE, "steal:stadt")
    assert GAME.to_act(state) == [0] and GAME.legal_actions(state, 0) == ["keep", "return"]
    assert hand_of(state, 1) == {"erz": 1}
    assert GAME.view(state, 0)["stolen"] == "stadt"
    assert GAME.view(state, 1)["stolen"] == "stadt"
    assert "stolen" not in GAME.view(state, None)
    secret = [event for event in events if "stadt" in str(event.data)]
    assert secret and all(event.to in (0, 1) for event in secret)
    assert GAME.action_label(state, 0, "keep", "en") == "Keep Stadt (city) (discard)"
    with pytest.raises(IllegalAction, match=r"It is not your turn\."):
        GAME.apply(state, 1, "return")


def test_bandit_keep_puts_the_card_on_the_robbers_discard_pile() -> None:
    """Ruling 'Bandit': either put it on your own discard pile ..."""
    state, _ = answered(bandit_table(), "play:bandit")
    state, _ = GAME.apply(state, CHANCE, "steal:stadt")
    state, _ = act(state, 0, "keep")
    assert state["discard"][0] == counts({"stadt": 1})
    assert hand_of(state, 1) == {"erz": 1}
    assert GAME.to_act(state) == [0] and state["phase"] == "play"


def test_bandit_return_gives_the_card_back() -> None:
    """Ruling 'Bandit': ... or give it back."""
    state, _ = answered(bandit_table(), "play:bandit")
    state, _ = GAME.apply(state, CHANCE, "steal:erz")
    state, _ = act(state, 0, "return")
    assert hand_of(state, 1) == {"erz": 1, "stadt": 1}
    assert state["discard"][0] == counts()


def test_bandit_chance_rejects_a_card_the_victim_does_not_hold() -> None:
    state, _ = answered(bandit_table(), "play:bandit")
    for code in ("steal:hafen", "steal:nothing", "steal", "shuffle:0"):
        with pytest.raises(IllegalAction, match=r"That is not a valid move\."):
            GAME.apply(state, CHANCE, code)


def test_bandit_against_an_empty_hand_takes_nothing() -> None:
    state = bandit_table(victim_hand={})
    state, events = act(state, 0, "play:bandit")
    assert GAME.to_act(state) == [0] and state["phase"] == "play"
    assert any(event.kind == "hit" for event in events)


def test_ritter_offensiv_the_opponent_chooses_two_discards() -> None:
    """Ruling 'Ritter (Offensiv)': +1 card; the opponent chooses 2 cards from hand and discards
    them."""
    state = start()
    arrange(state, 0, hand={"ritter_off": 1}, deck=DECK)
    arrange(state, 1, hand={"erz": 1, "meer": 2, "stadt": 1})
    state, _ = answered(state, "play:ritter_off")
    assert hand_of(state, 0) == {"holz": 1}
    assert GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 1) == ["drop:erz", "drop:meer", "drop:stadt"]
    assert GAME.legal_actions(state, 0) == []
    state, _ = act(state, 1, "drop:meer")
    assert GAME.to_act(state) == [1] and state["drops"] == 1
    state, events = act(state, 1, "drop:erz")
    assert hand_of(state, 1) == {"meer": 1, "stadt": 1}
    assert state["discard"][1] == counts({"meer": 1, "erz": 1})
    assert GAME.to_act(state) == [0]
    assert [event.data["card"] for event in events if event.kind == "dropped"] == ["erz"]


def test_ritter_offensiv_discards_are_asked_even_of_a_hand_of_one_kind() -> None:
    """Ruling 'Ritter (Offensiv)': the attacked player discards, choosing which. Privacy: the
    choice is asked for every card while the hand holds any, even when one kind is left, so
    that the table cannot tell from an unasked discard that the hand held nothing else."""
    state = start()
    arrange(state, 0, hand={"ritter_off": 2}, deck=DECK)
    arrange(state, 1, hand={"meer": 3})
    state, _ = answered(state, "play:ritter_off")
    assert GAME.to_act(state) == [1] and GAME.legal_actions(state, 1) == ["drop:meer"]
    state, _ = act(state, 1, "drop:meer")
    assert GAME.legal_actions(state, 1) == ["drop:meer"]
    state, _ = act(state, 1, "drop:meer")
    assert hand_of(state, 1) == {"meer": 1} and GAME.to_act(state) == [0]
    state, _ = answered(state, "play:ritter_off")  # several may be played in one turn
    state, _ = act(state, 1, "drop:meer")
    assert hand_of(state, 1) == {} and state["discard"][1] == counts({"meer": 3})
    assert GAME.to_act(state) == [0]


def test_without_always_ask_discards_and_attacks_without_a_choice_are_not_asked() -> None:
    """The table option ``always_ask=false`` (faster, and the flow of tables stored before the
    option): fewer than two cards, or only one kind, are discarded unasked, and an attacked
    player without a Ritter (Defensiv) is not asked."""
    state = start(always_ask=False)
    assert "always_ask" not in state and "always_ask" not in state["options"]
    arrange(state, 0, hand={"ritter_off": 2}, deck=DECK)
    arrange(state, 1, hand={"meer": 3})
    state, _ = act(state, 0, "play:ritter_off")
    assert hand_of(state, 1) == {"meer": 1} and GAME.to_act(state) == [0]
    state, _ = act(state, 0, "play:ritter_off")
    assert hand_of(state, 1) == {} and state["discard"][1] == counts({"meer": 3})
    assert GAME.to_act(state) == [0]


def defended_table(attack: str, attacker_extra: dict | None = None) -> dict:
    state = start()
    arrange(state, 0, hand={attack: 1, "erz": 1, "lehm": 1, **(attacker_extra or {})}, deck=DECK)
    arrange(state, 1, hand={"ritter_def": 1, "meer": 1, "stadt": 1}, deck=["getreide"] * 5)
    state, _ = act(state, 0, "play:" + attack)
    return state


def test_ritter_defensiv_is_offered_to_the_attacked_seat_only_when_held() -> None:
    """Ruling 'Ritter (Defensiv)': the attacked player may reveal one; the card is offered only
    to its holder (the question itself comes either way, see the test below)."""
    state = defended_table("ritter_off")
    assert state["phase"] == "defend" and GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 1) == ["accept", "defend"]
    assert GAME.view(state, None)["attack"] == {"card": "ritter_off", "by": 0, "at": 1}
    state, _ = act(state, 1, "accept")
    assert GAME.legal_actions(state, 1) == ["drop:meer", "drop:ritter_def", "drop:stadt"]


@pytest.mark.parametrize("attack", ["bandit", "ritter_off"])
def test_the_attacked_player_is_asked_whether_or_not_a_ritter_defensiv_is_in_hand(attack) -> None:
    """Privacy: the rule lets the attacked player answer with a hidden Ritter (Defensiv), so the
    question comes either way, and the attacker's view of it is the same; a question only for
    its holder would tell the attacker what the hand holds. Only an empty hand, whose size
    everyone sees, is not asked."""
    views = []
    for defender_hand in ({"ritter_def": 1, "meer": 1}, {"erz": 1, "meer": 1}):
        state = start()
        arrange(state, 0, hand={attack: 1, "erz": 1}, deck=DECK)
        arrange(state, 1, hand=defender_hand, deck=["getreide"] * 5)
        state, _ = act(state, 0, "play:" + attack)
        assert state["phase"] == "defend" and GAME.to_act(state) == [1]
        assert "accept" in GAME.legal_actions(state, 1)
        views.append(GAME.view(state, 0))
    assert views[0] == views[1]


def test_ritter_defensiv_turns_a_ritter_offensiv_back_on_the_attacker() -> None:
    """Ruling: the attacked player puts the Ritter (Defensiv) on the table, draws 1 card and turns
    the attack back: now the attacker discards 2 of its choice."""
    state = defended_table("ritter_off")
    state, _ = act(state, 1, "defend")
    assert hand_of(state, 1) == {"meer": 1, "stadt": 1, "getreide": 1}
    assert state["table"][1] == counts({"ritter_def": 1})
    state, _ = act(state, 0, "accept")  # asked, holding no knight to answer with
    assert GAME.to_act(state) == [0] and state["phase"] == "drop"
    assert GAME.legal_actions(state, 0) == ["drop:erz", "drop:holz", "drop:lehm"]
    state, _ = act(state, 0, "drop:erz", "drop:lehm")
    assert hand_of(state, 0) == {"holz": 1}
    assert state["phase"] == "play" and GAME.to_act(state) == [0]


@pytest.mark.parametrize("attack", ["bandit", "ritter_off"])
def test_when_both_players_show_a_ritter_defensiv_both_draw_a_card_and_the_attack_has_no_further_effect(
    attack: str,
) -> None:
    """Ruling 'Ritter (Defensiv)' (the engine's reading, now the ruling's): the attacked player
    shows one and draws 1; the attacker answers with its own and draws 1; then the attack,
    Bandit or Ritter (Offensiv), has no further effect on either player."""
    position = {
        "hands": (
            {attack: 1, "erz": 1, "lehm": 1, "ritter_def": 1},
            {"ritter_def": 1, "meer": 1, "stadt": 1},
        ),
        "decks": (["holz"] * 4, ["getreide"] * 3),
    }
    state, _ = act(GAME.set_up(2, position), 0, "play:" + attack)
    state, _ = act(state, 1, "defend")
    assert hand_of(state, 1) == {"meer": 1, "stadt": 1, "getreide": 1}  # drew one Getreide
    expected = hand_of(state, 0)
    del expected["ritter_def"]  # the attacker's knight goes to the table ...
    expected["holz"] = expected.get("holz", 0) + 1  # ... and it draws one card (a Holz)
    state, events = act(state, 0, "defend")
    assert hand_of(state, 0) == expected
    assert state["table"][0] == counts({attack: 1, "ritter_def": 1})
    assert state["table"][1] == counts({"ritter_def": 1})
    # No further effect: nobody discards, nothing is stolen, the attacker's turn goes on.
    assert hand_of(state, 1) == {"meer": 1, "stadt": 1, "getreide": 1}
    assert state["phase"] == "play" and GAME.to_act(state) == [0]
    assert state["steal"] is None
    assert [event.kind for event in events].count("block") == 1


def test_the_attacker_answers_a_reflected_attack_with_its_own_ritter_defensiv() -> None:
    """Ruling: if the attacker answers with a Ritter (Defensiv), the attack has no effect on
    either player (the answering knight is laid down and draws 1, as its card says)."""
    state = defended_table("ritter_off", {"ritter_def": 1})
    state, _ = act(state, 1, "defend")
    assert state["phase"] == "counter" and GAME.to_act(state) == [0]
    assert GAME.legal_actions(state, 0) == ["accept", "defend"]
    state, events = act(state, 0, "defend")
    assert hand_of(state, 0) == {"erz": 1, "lehm": 1, "holz": 2}
    assert state["table"][0] == counts({"ritter_off": 1, "ritter_def": 1})
    assert hand_of(state, 1) == {"meer": 1, "stadt": 1, "getreide": 1}
    assert state["phase"] == "play" and GAME.to_act(state) == [0]
    assert any(event.kind == "block" for event in events)


def test_the_attacker_may_also_take_the_reflected_attack() -> None:
    state = defended_table("ritter_off", {"ritter_def": 1})
    state, _ = act(state, 1, "defend")
    state, _ = act(state, 0, "accept")
    assert state["phase"] == "drop" and GAME.to_act(state) == [0]
    assert "drop:ritter_def" in GAME.legal_actions(state, 0)


def test_a_reflected_bandit_lets_the_defender_rob_the_attacker() -> None:
    """Ruling: the attack is turned back: the defender takes a random card from the attacker,
    looks at it and keeps it or gives it back (a decision in the attacker's turn)."""
    state = defended_table("bandit")
    state, _ = act(state, 1, "defend")
    state, _ = act(state, 0, "accept")  # asked, holding no knight to answer with
    assert GAME.to_act(state) == [CHANCE] and state["steal"] == [1, 0]
    state, _ = GAME.apply(state, CHANCE, "steal:erz")
    assert GAME.to_act(state) == [1] and GAME.legal_actions(state, 1) == ["keep", "return"]
    assert GAME.view(state, 1)["stolen"] == "erz" and GAME.view(state, 0)["stolen"] == "erz"
    state, _ = act(state, 1, "keep")
    assert state["discard"][1] == counts({"erz": 1})
    assert hand_of(state, 0) == {"lehm": 1, "holz": 1}
    assert GAME.to_act(state) == [0]


def test_one_ritter_defensiv_blocks_one_attack() -> None:
    """Ruling: one Ritter (Defensiv) blocks one attack; the next attack finds none."""
    state = start()
    arrange(state, 0, hand={"ritter_off": 2, "erz": 2}, deck=DECK)
    arrange(state, 1, hand={"ritter_def": 1, "meer": 1, "erz": 1}, deck=["getreide"] * 5)
    state, _ = act(state, 0, "play:ritter_off")
    state, _ = act(state, 1, "defend")
    state, _ = act(state, 0, "accept", "drop:erz", "drop:erz")  # the reflected attack
    assert hand_of(state, 0) == {"ritter_off": 1, "holz": 1}
    state, _ = answered(state, "play:ritter_off")  # no knight left to reveal
    assert state["phase"] == "drop" and GAME.to_act(state) == [1]
    state, _ = act(state, 1, "drop:meer", "drop:getreide")
    assert hand_of(state, 1) == {"erz": 1} and GAME.to_act(state) == [0]


def test_ritter_defensiv_laid_in_the_opponents_turn_goes_to_the_discard_pile_after_its_owners_turn() -> (
    None
):
    """The defender's knight lies on its table until the end of the defender's own next turn."""
    state = defended_table("ritter_off")
    state, _ = act(state, 1, "defend")
    state, _ = act(state, 0, "accept", "drop:erz", "drop:lehm", "end")
    assert state["table"][1] == counts({"ritter_def": 1})
    state, _ = act(state, 1, "end")
    assert state["table"][1] == counts() and state["discard"][1][8] == 1


def test_a_blocked_bandit_takes_nothing_from_either_player() -> None:
    """Ruling: attacker answers the reflected Bandit with its own Ritter (Defensiv): no effect."""
    state = defended_table("bandit", {"ritter_def": 1})
    state, _ = act(state, 1, "defend")
    state, events = act(state, 0, "defend")
    assert state["phase"] == "play" and GAME.to_act(state) == [0]
    assert state["steal"] is None and state["stolen"] is None
    assert hand_of(state, 0) == {"erz": 1, "lehm": 1, "holz": 2}
    assert hand_of(state, 1) == {"meer": 1, "stadt": 1, "getreide": 1}
    assert not any(event.kind == "stolen" for event in events)


def test_a_reflected_bandits_card_can_be_given_back() -> None:
    state = defended_table("bandit")
    state, _ = act(
        state,
        1,
        "defend",
    )
    state, _ = act(state, 0, "accept")
    state, _ = GAME.apply(state, CHANCE, "steal:lehm")
    state, _ = act(state, 1, "return")
    assert hand_of(state, 0) == {"erz": 1, "lehm": 1, "holz": 1}
    assert state["discard"][1] == counts()
