"""Robbing (source 5c and the ruling): support, preconditions, the exchange and the result."""

from __future__ import annotations

import pytest

from games.coppertwaddle import GAME
from games.coppertwaddle.table import attack_value, defence_value, robbing_values
from games.core import IllegalAction

from .helpers import FIGURE_1, card, design, play, rigged, slot

LEPER = slot(0, 0, 1)
MILZ = slot(0, 1, 0)
LECTIONARY = slot(0, 1, 1)


def test_source_figures_leper_attacks_10_and_defends_11() -> None:
    """Source example 1 and the Adel defence example: Aussaetzige attacks 10, defends 11."""
    state = rigged(domain=FIGURE_1)
    assert attack_value(state, LEPER) == 10
    assert defence_value(state, LEPER) == 11


def test_source_figures_milz_attacks_9_and_lektionarium_defends_9() -> None:
    """Source example 2 and the Bauer defence example: Milz attacks 9, Lektionarium defends 9
    (and Milz defends 9 too)."""
    state = rigged(domain=FIGURE_1)
    assert attack_value(state, MILZ) == 9
    assert defence_value(state, LECTIONARY) == 9
    assert defence_value(state, MILZ) == 9


def test_covered_cards_give_no_support() -> None:
    """Support comes only from proud cards: a covered neighbour or Bauer below adds nothing."""
    state = rigged(domain=FIGURE_1, covered=(slot(0, 0, 0), LECTIONARY))
    assert attack_value(state, LEPER) == 3 + 1
    assert defence_value(state, LEPER) == 3 + 1
    assert attack_value(state, MILZ) == 8


def _robbing_position(**extra):
    domain = {
        slot(0, 1, 0): "Milz",
        slot(0, 1, 1): "Lektionarium",
        slot(1, 1, 0): "Der Fuhrmann",
        slot(1, 1, 1): "Der Freisasse",
    }
    domain.update(extra.pop("domain", {}))
    return rigged(domain=domain, **extra)


def test_rob_is_offered_only_when_the_attack_is_stronger() -> None:
    """Source 5c: the attack must exceed the defence; same rank; proud target."""
    state = _robbing_position()
    legal = GAME.legal_actions(state, 0)
    # Milz 8+1 = 9 against Fuhrmann 5+2 = 7 and Magd 2+5 = 7: both robbable.
    assert f"rob:{MILZ}:{slot(1, 1, 0)}" in legal
    assert f"rob:{MILZ}:{slot(1, 1, 1)}" in legal
    # Lektionarium 1+8 = 9 also beats 7.
    assert f"rob:{LECTIONARY}:{slot(1, 1, 0)}" in legal
    assert not any(code.startswith("rob:") and code.endswith(f":{slot(0, 1, 0)}") for code in legal)


def test_no_rob_without_a_free_ditch() -> None:
    """Source 5c: the robber needs a free place of the target's rank in its own Domain."""
    full_row = {
        slot(0, 1, column): name
        for column, name in enumerate(["Milz", "Lektionarium", "Der Schmied", "Der Müller"])
    }
    state = _robbing_position(domain=full_row)
    assert not [code for code in GAME.legal_actions(state, 0) if code.startswith("rob:")]
    with pytest.raises(
        IllegalAction, match=r"Your Domain has no free Ditch of that rank\."
    ) as error:
        GAME.apply(state, 0, f"rob:{MILZ}:{slot(1, 1, 0)}")
    assert "free Ditch" in error.value.reason.en


def test_covered_targets_cannot_be_attacked_and_covered_defenders_do_not_help() -> None:
    """Source 5c: covered cards cannot be attacked; only proud neighbours defend."""
    state = _robbing_position(domain={slot(1, 1, 1): "Der Schmied"}, covered=(slot(1, 1, 1),))
    legal = GAME.legal_actions(state, 0)
    assert f"rob:{MILZ}:{slot(1, 1, 1)}" not in legal  # covered Schmied
    # Fuhrmann alone: 5, its covered neighbour Schmied 7 does not defend.
    assert defence_value(state, slot(1, 1, 0)) == 5
    assert f"rob:{LECTIONARY}:{slot(1, 1, 0)}" in legal


def test_a_wind_is_never_a_target_but_may_rob() -> None:
    """Source 5b: Winds can never be robbed (or covered); a Wind robbing stays proud."""
    state = rigged(
        domain={
            slot(0, 1, 0): "Nordwind",
            slot(0, 1, 1): "Milz",
            slot(1, 1, 0): "Südwind",
            slot(1, 1, 1): "Der Freisasse",
        }
    )
    legal = GAME.legal_actions(state, 0)
    assert not any(code.endswith(f":{slot(1, 1, 0)}") and code.startswith("rob:") for code in legal)
    with pytest.raises(IllegalAction, match=r"Winds can never be robbed\.") as error:
        GAME.apply(state, 0, f"rob:{slot(0, 1, 0)}:{slot(1, 1, 0)}")
    assert "Winds" in error.value.reason.en
    # Nordwind 0 + Milz 8 against Magd 2 (+ Suedwind 0): the Wind robs and is not covered.
    state = play(state, 0, f"rob:{slot(0, 1, 0)}:{slot(1, 1, 1)}")
    assert state["phase"] != "rob"
    assert state["slots"][slot(0, 1, 2)] == card("Der Freisasse")
    assert state["covered"][slot(0, 1, 2)]
    assert not state["covered"][slot(0, 1, 0)]  # the Wind stays proud
    assert state["covered"][slot(0, 1, 1)]  # its supporter Milz is covered


def test_successful_robbing_moves_the_card_covered_and_covers_the_attackers() -> None:
    """Source 5c: the robbed card lies covered on the first free place of its rank; every
    card of the Guardian that took part in the attack is covered."""
    state = _robbing_position(hands=(["Der Schmied"], []))
    state = play(state, 0, f"rob:{MILZ}:{slot(1, 1, 0)}")
    # The Guardian holds a card but no favour: asked all the same, it can only pass (privacy:
    # passing it over would show that its hand held nothing to play). The defender's hand is
    # empty, as everyone sees, so it is passed over and the robbing resolves.
    assert GAME.legal_actions(state, 0) == ["pass"]
    state = play(state, 0, "pass")
    assert state["slots"][slot(0, 1, 2)] == card("Der Fuhrmann")
    assert state["covered"][slot(0, 1, 2)]
    assert state["slots"][slot(1, 1, 0)] == -1
    assert state["covered"][MILZ] and state["covered"][LECTIONARY]
    assert state["guardian"] == 1  # respite passed, the other player's turn


def test_exchange_guardian_first_then_alternate_until_both_pass() -> None:
    """Ruling: the Guardian acts first, then both alternate until both pass in a row."""
    state = _robbing_position(hands=(["Land in Sicht!", "Das Rad"], ["Der Kompass", "Der Sextant"]))
    state = play(state, 0, f"rob:{MILZ}:{slot(1, 1, 0)}")
    assert GAME.to_act(state) == [0]
    state = play(state, 0, "pass")
    assert GAME.to_act(state) == [1]
    # The defender stops the robber Milz's power: attack 1 (Lektionarium) against 7.
    state = play(state, 1, f"fav:{design('Der Kompass')}:{MILZ}")
    state = play(state, 0, "let")  # asked for a Coppertwaddle answer; it holds none
    assert state["rob"]["nopower"] == [MILZ]
    assert GAME.to_act(state) == [0]  # a play resets the passes
    state = play(state, 0, "pass")
    state = play(state, 1, "pass")
    assert state["phase"] != "rob"
    assert state["slots"][slot(1, 1, 0)] == card("Der Fuhrmann")  # 1 < 5 + 2: it failed


def test_the_wheel_stops_one_chosen_proud_threlms_power_in_a_robbing() -> None:
    """Publisher's text (The Wheel, ruling for all four Divisors): the selected proud Threlm's
    power cannot be used during the robbing; here the supporter Milz's."""
    state = _robbing_position(hands=(["Hammer und Amboss"], ["Das Rad"]))
    # Lektionarium 1 + Milz 8 = 9 against Fuhrmann 5 + Freisasse 2 = 7.
    state = play(state, 0, f"rob:{LECTIONARY}:{slot(1, 1, 0)}")
    assert GAME.legal_actions(state, 0) == ["pass"]  # no favour or ability, but a card in hand
    state = play(state, 0, "pass")
    assert f"fav:{design('Das Rad')}:{MILZ}" in GAME.legal_actions(state, 1)
    state = play(state, 1, f"fav:{design('Das Rad')}:{MILZ}")
    state = play(state, 0, "let")
    # Attack 1 against 7: the Guardian passes, the defender's hand is empty, the robbing fails;
    # in the next turn the former Guardian, still holding a card, is asked to challenge.
    state = play(state, 0, "pass")
    assert state["phase"] == "challenge" and state["guardian"] == 1
    assert state["slots"][slot(1, 1, 0)] == card("Der Fuhrmann")
    assert not state["covered"][LECTIONARY] and not state["covered"][MILZ]
    assert card("Das Rad") in state["midden"]


def test_a_failed_robbing_changes_no_card() -> None:
    """Source 5c: the robbing succeeds only if the attack is greater than the defence."""
    state = _robbing_position(hands=([], ["Land in Sicht!", "Der Kompass"]))
    state = play(state, 0, f"rob:{LECTIONARY}:{slot(1, 1, 1)}")
    state = play(state, 1, f"fav:{design('Der Kompass')}:{MILZ}")
    state = play(state, 1, "pass")
    # Lektionarium alone 1 against Freisasse 2 + Fuhrmann 5: fails.
    assert state["slots"][slot(1, 1, 1)] == card("Der Freisasse")
    assert not state["covered"][LECTIONARY]
    assert state["slots"][slot(0, 1, 2)] == -1


def test_covering_the_robber_voids_the_robbing() -> None:
    """A robber covered during the exchange is no longer proud: the robbing comes to nothing."""
    state = _robbing_position(hands=([], ["Land in Sicht!"]))
    state = play(state, 0, f"rob:{MILZ}:{slot(1, 1, 0)}")
    state = play(state, 1, f"fav:{design('Land in Sicht!')}:{MILZ}")
    assert state["slots"][slot(1, 1, 0)] == card("Der Fuhrmann")
    assert state["slots"][slot(0, 1, 2)] == -1


def test_only_one_robbing_per_turn() -> None:
    """Source 5c: one robbing per turn; after it the turn goes on to the Respite."""
    state = _robbing_position(hands=(["Der Schmied"] * 1, []))
    state = play(state, 0, f"rob:{MILZ}:{slot(1, 1, 0)}")
    state = play(state, 0, "pass")
    assert state["guardian"] == 1 and not any(
        code.startswith("rob:") for code in GAME.legal_actions(state, 0)
    )


def test_a_divisor_blocks_the_chosen_threlms_abilities_for_the_rest_of_the_turn() -> None:
    """Publisher's text (The Wheel): "you cannot use its special abilities for the rest of this
    turn"; the block ends with the turn (it is not continuous)."""
    position = {
        "domain": {
            slot(0, 1, 0): "Milz",
            slot(0, 1, 1): "Lektionarium",
            slot(0, 1, 2): "Der Schmied",
            slot(1, 1, 0): "Der Fuhrmann",
            slot(1, 1, 1): "Hammer und Amboss",
        },
        "hands": (["Das Rad"], ["Gunst bei Hofe"]),
    }
    state = GAME.set_up(2, position, {"games": 1})
    hammer = slot(1, 1, 1)
    # Lektionarium 1 + Milz 8 + Schmied 7 = 16 against Fuhrmann 5 + Hammer und Amboss 4 = 9.
    state = play(state, 0, f"rob:{LECTIONARY}:{slot(1, 1, 0)}")
    unblocked = play(state, 0, "pass")
    assert f"abil:{hammer}" in GAME.legal_actions(unblocked, 1)  # control: usable without it
    state = play(state, 0, f"fav:{design('Das Rad')}:{hammer}")
    state = play(state, 1, "let")
    assert state["rob"]["nopower"] == [hammer]
    assert card("Hammer und Amboss") in state["blocked"]
    assert GAME.to_act(state) == [1]
    assert f"abil:{hammer}" not in GAME.legal_actions(state, 1)
    assert f"fav:{design('Gunst bei Hofe')}" in GAME.legal_actions(state, 1)
    state = play(state, 1, "pass")
    # The robbing succeeded (16 against 5) and the turn passed to seat 1: the block is over.
    assert state["slots"][slot(0, 1, 3)] == card("Der Fuhrmann")
    assert state["guardian"] == 1 and state["blocked"] == []


def test_a_divisor_on_the_boosted_card_takes_the_bentham_fishs_plus_four_away_too() -> None:
    """Publisher's texts: The Bentham Fish gives another proud noble Threlm +4 Power, and The
    Wheel's selected Threlm's "Power cannot be used during a Robbing": the +4 is that card's
    power, so it goes with it. Berg Ararat (9) robs Bader (1), the Fish boosts it to 13, the
    Wheel stops it: 0 against 1, the robbing fails."""
    robber, fish, target = slot(0, 0, 0), slot(0, 0, 3), slot(1, 0, 0)
    state = rigged(
        domain={robber: "Berg Ararat", fish: "Der Bentham-Fisch", target: "Bader"},
        hands=([], ["Das Rad"]),
    )
    state = play(state, 0, f"rob:{robber}:{target}")
    state = play(state, 0, f"abil:{fish}")
    assert state["rob"]["bonus"] == [4, 0]
    assert robbing_values(state, state["rob"]) == (13, 1)
    assert f"fav:{design('Das Rad')}:{robber}" in GAME.legal_actions(state, 1)
    state, events = GAME.apply(state, 1, f"fav:{design('Das Rad')}:{robber}")
    failed = [event.data for event in events if event.kind == "rob_failed"]
    assert failed == [{"attack": 0, "defence": 1}]
    assert state["slots"][target] == card("Bader")
