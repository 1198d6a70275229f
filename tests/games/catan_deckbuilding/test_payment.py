"""Paying: the ruling's worked examples, wildcards, Strassen groups, trading, custom payments."""

from __future__ import annotations

import pytest

from games.catan_deckbuilding.cards import (
    CARD_INDEX,
    auto_payment,
    road_units,
)
from games.core import IllegalAction

from .helpers import GAME, act, arrange, counts, hand_of, start


def test_worked_example_siedlung_paid_with_holz_lehm_and_a_played_siedlung() -> None:
    """Ruling example 1: hand Holz, Lehm, Siedlung, Strasse buys a Siedlung (the played Siedlung
    pays Weide and Getreide); the Strasse stays in hand."""
    state = arrange(start(), 0, hand={"holz": 1, "lehm": 1, "siedlung": 1, "strasse": 1})
    assert "buy:siedlung" in GAME.legal_actions(state, 0)
    label = GAME.action_label(state, 0, "buy:siedlung", "de")
    assert "Lehm" in label and "Holz" in label and "Siedlung" in label and "Strasse" not in label
    state, events = act(state, 0, "buy:siedlung")
    assert hand_of(state, 0) == {"strasse": 1}
    assert state["table"][0] == counts({"holz": 1, "lehm": 1, "siedlung": 1})
    assert state["discard"][0] == counts({"siedlung": 1})  # the bought card
    assert state["supply"][CARD_INDEX["siedlung"]] == 7
    assert [event.kind for event in events] == ["bought"]


def test_worked_example_stadt_by_trading_weide_and_lehm_for_an_erz() -> None:
    """Ruling example 2: 2 Getreide, 2 Erz, Lehm, Weide, Siedlung buys a Stadt by trading Weide
    and Lehm for an Erz; the Siedlung returns to the supply."""
    hand = {"getreide": 2, "erz": 2, "lehm": 1, "weide": 1, "siedlung": 1}
    state = arrange(start(), 0, hand=hand)
    label = GAME.action_label(state, 0, "buy:stadt", "en")
    assert "trade 1×2:1" in label
    after, _ = act(state, 0, "buy:stadt")
    assert hand_of(after, 0) == {}
    assert after["table"][0] == counts({"getreide": 2, "erz": 2, "lehm": 1, "weide": 1})
    assert after["discard"][0] == counts({"stadt": 1})
    assert after["supply"][CARD_INDEX["siedlung"]] == 9  # back to the supply
    assert after["supply"][CARD_INDEX["stadt"]] == 8
    # Every card that could help is used: choosing the payment would make no difference.
    assert "pay:stadt" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match=r"There is nothing to choose: the automatic") as error:
        GAME.apply(state, 0, "pay:stadt")
    assert "nothing to choose" in error.value.reason.en
    # With a Holz more the player may choose which two cards to trade: the same purchase.
    state = arrange(start(), 0, hand={**hand, "holz": 1})
    custom, _ = act(state, 0, "pay:stadt", "use:getreide", "use:getreide", "use:erz", "use:erz")
    assert "confirm" not in GAME.legal_actions(custom, 0)
    custom, _ = act(custom, 0, "use:lehm")
    assert "confirm" not in GAME.legal_actions(custom, 0)  # one leftover card trades for nothing
    custom, _ = act(custom, 0, "use:weide")
    assert GAME.legal_actions(custom, 0) == ["cancel", "confirm"]
    custom, _ = act(custom, 0, "confirm")
    assert hand_of(custom, 0) == {"holz": 1}
    assert custom["table"] == after["table"] and custom["discard"] == after["discard"]
    assert custom["supply"] == after["supply"]


def test_a_siedlung_never_helps_to_buy_a_stadt() -> None:
    """Ruling: a Siedlung played for its effect never helps to buy a Stadt, neither as the
    required Siedlung nor with its two resources."""
    state = arrange(start(), 0, hand={"erz": 3, "getreide": 1, "siedlung": 2})
    assert "buy:stadt" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match=r"Your hand cannot pay for that card\.") as error:
        GAME.apply(state, 0, "buy:stadt")
    assert "cannot pay" in error.value.reason.en
    state = arrange(start(), 0, hand={"erz": 3, "getreide": 2, "siedlung": 2})
    assert "pay:stadt" not in GAME.legal_actions(state, 0)  # the 2nd Siedlung cannot help
    state = arrange(start(), 0, hand={"erz": 4, "getreide": 2, "siedlung": 2})
    state, _ = act(state, 0, "pay:stadt")
    assert "use:siedlung" not in GAME.legal_actions(state, 0)
    # Without any Siedlung in hand there is no Stadt, however rich the hand.
    state = arrange(start(), 0, hand={"erz": 6, "getreide": 6, "stadt": 2})
    assert "buy:stadt" not in GAME.legal_actions(state, 0)


def test_stadt_and_siedlung_pay_three_and_two_units_of_any_kind() -> None:
    """Ruling 'Paying': a Siedlung pays 2 of any kinds, a Stadt 3."""
    state = arrange(start(), 0, hand={"stadt": 1, "lehm": 1})
    state, _ = act(state, 0, "buy:siedlung")  # Lehm + 3 from the Stadt
    assert state["table"][0] == counts({"stadt": 1, "lehm": 1})
    state = arrange(start(), 0, hand={"siedlung": 1, "erz": 1})
    state, _ = act(state, 0, "buy:ritter_off")  # Erz + Weide, Getreide from the Siedlung
    assert state["discard"][0] == counts({"ritter_off": 1})
    state = arrange(start(), 0, hand={"siedlung": 1})
    assert "buy:ritter_off" not in GAME.legal_actions(state, 0)  # 2 units for a price of 3


def test_automatic_payment_keeps_stadt_and_siedlung_when_resources_do() -> None:
    """The automatic payment keeps Stadt and Siedlung cards when resources can pay instead."""
    hand = {"stadt": 1, "siedlung": 1, "lehm": 1, "holz": 1, "erz": 4}
    state = arrange(start(), 0, hand=hand)
    state, _ = act(state, 0, "buy:hafen")  # Hafen: 2 Lehm, Holz; 4 Erz trade for the 2nd Lehm
    assert hand_of(state, 0) == {"stadt": 1, "siedlung": 1, "erz": 2}
    assert state["table"][0] == counts({"lehm": 1, "holz": 1, "erz": 2})


def test_automatic_payment_trades_the_most_plentiful_resources() -> None:
    """Keeping scarce resources: the two traded cards come from the kind held most often."""
    hand = {"weide": 1, "getreide": 1, "lehm": 3, "holz": 1}
    used = auto_payment(CARD_INDEX["ritter_off"], counts(hand), 0, 0)
    assert used == counts({"weide": 1, "getreide": 1, "lehm": 2})


def test_a_wueste_pays_only_the_bandits_wueste() -> None:
    """Ruling: a Wueste pays only the Bandit's Wueste."""
    state = arrange(start(), 0, hand={"weide": 2, "getreide": 1, "stadt": 1})
    assert "buy:bandit" not in GAME.legal_actions(state, 0)  # no Wueste: no Bandit
    state = arrange(start(), 0, hand={"weide": 2, "getreide": 1, "wueste": 1})
    state, _ = act(state, 0, "buy:bandit")
    assert state["table"][0] == counts({"weide": 2, "getreide": 1, "wueste": 1})
    state = arrange(start(), 0, hand={"lehm": 1, "holz": 1, "weide": 1, "wueste": 3})
    assert "buy:siedlung" not in GAME.legal_actions(state, 0)
    hand = {"lehm": 1, "holz": 1, "weide": 1, "getreide": 1, "wueste": 1}
    state = arrange(start(), 0, hand=hand)
    assert "pay:siedlung" not in GAME.legal_actions(state, 0)  # the Wueste cannot help
    state = arrange(start(), 0, hand={**hand, "erz": 1})
    state, _ = act(state, 0, "pay:siedlung")
    assert "use:wueste" not in GAME.legal_actions(state, 0)


@pytest.mark.parametrize(
    "stand_in", [{"siedlung": 1}, {"erz": 2}, {"stadt": 1}], ids=["siedlung", "trade", "stadt"]
)
def test_only_a_wueste_pays_the_bandits_wueste_in_a_payment_card_by_card(stand_in) -> None:
    """Ruling: Bandit costs 2 Weide, 1 Getreide, 1 Wueste; a Wueste pays only the Bandit's
    Wueste, and Siedlung, Stadt and trading pay resources of choice (a Wueste is terrain). So a
    payment chosen card by card without the Wueste does not cover the Bandit: it cannot be
    confirmed, and the Wueste cannot be kept for a second Bandit."""
    hand = {"weide": 4, "getreide": 2, "wueste": 1, **stand_in}
    state = arrange(start(), 0, hand=hand)
    state, _ = act(state, 0, "pay:bandit", "use:weide", "use:weide", "use:getreide")
    state, _ = act(state, 0, *[f"use:{kind}" for kind, n in stand_in.items() for _ in range(n)])
    legal = GAME.legal_actions(state, 0)
    assert "confirm" not in legal and "use:wueste" in legal
    with pytest.raises(IllegalAction, match=r"The chosen cards do not cover the price yet\."):
        GAME.apply(state, 0, "confirm")
    state, _ = act(state, 0, "use:wueste", "confirm")
    assert hand_of(state, 0).get("wueste", 0) == 0
    assert "buy:bandit" not in GAME.legal_actions(state, 0)


def test_trading_two_units_for_one_and_overpayment() -> None:
    """Ruling: any two resource units pay as one unit of any other kind; over-payment is
    allowed and the rest is lost."""
    state = arrange(start(), 0, hand={"erz": 4})
    state, _ = act(state, 0, "buy:strasse")  # Lehm and Holz, each from two Erz
    assert hand_of(state, 0) == {}
    state = arrange(start(), 0, hand={"erz": 3})
    assert "buy:strasse" not in GAME.legal_actions(state, 0)
    state = arrange(start(), 0, hand={"stadt": 1, "erz": 1})
    state, _ = act(state, 0, "pay:strasse", "use:stadt", "confirm")  # 3 units for a price of 2
    assert hand_of(state, 0) == {"erz": 1}
    assert state["pool"] == 0  # the rest is lost


def test_strassen_group_gives_a_sea_then_1_3_5_resources() -> None:
    """Ruling 'Strasse': 1 gives one Meer; 2 one Meer and 1 resource; 3 one Meer and 3; each
    further Strasse +2."""
    assert [road_units(n) for n in range(7)] == [0, 0, 1, 3, 5, 7, 9]
    state = arrange(start(), 0, hand={"strasse": 4})
    pools = []
    for _ in range(4):
        state, _ = act(state, 0, "play:strasse")
        pools.append(state["pool"])
    assert pools == [0, 1, 3, 5]


def test_later_strassen_raise_the_group_and_spent_resources_stay_spent() -> None:
    """Ruling: playing more Strassen later raises the group to the new count (the resources
    already spent stay spent)."""
    state = arrange(start(), 0, hand={"strasse": 4})
    state, _ = act(state, 0, "play:strasse", "play:strasse", "play:strasse")
    assert state["pool"] == 3
    state, _ = act(state, 0, "buy:strasse")  # two units from the group
    assert state["pool"] == 1 and state["discard"][0] == counts({"strasse": 1})
    assert hand_of(state, 0) == {"strasse": 1}
    state, _ = act(state, 0, "play:strasse")  # the group is now 4: 5 in all, 2 spent
    assert state["pool"] == 3


def test_strassen_in_a_payment_join_the_group() -> None:
    """Strassen chosen as payment are played: they count towards the turn's group."""
    state = arrange(start(), 0, hand={"strasse": 3, "lehm": 1, "erz": 1})
    state, _ = act(state, 0, "pay:hafen", "use:lehm", "use:strasse", "use:strasse")
    assert "confirm" not in GAME.legal_actions(state, 0)  # 2 Strassen give 1: Lehm + 1 of 3
    state, _ = act(state, 0, "use:strasse", "confirm")  # 3 give 3: 1 left over in the pool
    assert state["roads"] == 3 and state["pool"] == 1
    assert state["table"][0] == counts({"strasse": 3, "lehm": 1})


def test_custom_payment_may_differ_from_the_automatic_one() -> None:
    """Payment choice: the player may pay with a Siedlung where the engine would trade."""
    hand = {"lehm": 1, "holz": 1, "erz": 2, "siedlung": 1}
    state = arrange(start(), 0, hand=hand)
    auto, _ = act(state, 0, "buy:strasse")
    assert hand_of(auto, 0) == {"erz": 2, "siedlung": 1}  # the exact resources
    custom, _ = act(state, 0, "pay:strasse", "use:siedlung")
    assert GAME.legal_actions(custom, 0) == ["cancel", "confirm"]
    label = GAME.action_label(custom, 0, "confirm", "de")
    assert label == "Strasse kaufen mit Siedlung"
    custom, _ = act(custom, 0, "confirm")
    assert hand_of(custom, 0) == {"lehm": 1, "holz": 1, "erz": 2}


def test_cancel_gives_the_chosen_cards_back_and_is_limited() -> None:
    """A custom payment can be cancelled (nothing changes); after three cancels in one turn only
    the automatic payment is offered, so that every game ends."""
    state = arrange(start(), 0, hand={"lehm": 1, "holz": 1, "erz": 1})
    before = state
    for _ in range(3):
        state, _ = act(state, 0, "pay:strasse", "use:lehm", "cancel")
        assert state["hand"] == before["hand"] and state["table"] == before["table"]
    legal = GAME.legal_actions(state, 0)
    assert "buy:strasse" in legal and "pay:strasse" not in legal
    with pytest.raises(IllegalAction, match=r"You have cancelled too many payments this turn\."):
        GAME.apply(state, 0, "pay:strasse")


def test_during_a_custom_payment_only_payment_steps_are_legal() -> None:
    state = arrange(start(), 0, hand={"lehm": 2, "holz": 1, "hafen": 1})
    state, _ = act(state, 0, "pay:strasse")
    assert GAME.legal_actions(state, 0) == ["cancel", "use:holz", "use:lehm"]
    for code in ("end", "play:hafen", "buy:strasse", "confirm"):
        with pytest.raises(IllegalAction, match="Finish or cancel the payment first|do not cover"):
            GAME.apply(state, 0, code)
    # The payment in progress is the payer's own business.
    assert "paying_with" in GAME.view(state, 0) and "paying_with" not in GAME.view(state, 1)


def test_an_empty_supply_pile_cannot_be_bought() -> None:
    """Ruling: a supply pile can run out."""
    state = arrange(start(), 0, hand={"lehm": 4, "holz": 4})
    state["supply"][CARD_INDEX["hafen"]] = 1
    state, _ = act(state, 0, "buy:hafen")
    assert state["supply"][CARD_INDEX["hafen"]] == 0
    legal = GAME.legal_actions(state, 0)
    assert "buy:hafen" not in legal and "pay:hafen" not in legal and "buy:strasse" in legal
    with pytest.raises(IllegalAction, match=r"That supply pile is empty\.") as error:
        GAME.apply(state, 0, "buy:hafen")
    assert error.value.reason.en == "That supply pile is empty."
    assert GAME.view(state, 1)["supply"]["hafen"] == 0


def test_choose_payment_is_offered_exactly_when_it_could_differ_from_the_automatic_one() -> None:
    """'A choice that makes no difference is not asked': the engine's quick count agrees with
    the definition (some card that could help is left out of the automatic payment)."""
    import random

    from games.catan_deckbuilding.cards import ACTION_CARDS, KINDS, affordable
    from games.catan_deckbuilding.engine import CatanDeckbuilding, _has_alternative

    rng = random.Random(2)
    checked = 0
    while checked < 3000:
        hand = tuple(rng.choice([0, 0, 0, 0, 1, 1, 2, 3]) for _ in range(KINDS))
        card = rng.choice(ACTION_CARDS)
        pool, roads = rng.choice([0, 0, 1, 3]), rng.choice([0, 0, 1, 2, 3, 5])
        if not affordable(card, hand, pool, roads):
            continue
        used = auto_payment(card, list(hand), pool, roads)
        assert used is not None, "an affordable card has a payment"
        differs = any(
            hand[kind] > used[kind] and CatanDeckbuilding._helps(card, kind, used)
            for kind in range(KINDS)
        )
        assert _has_alternative(card, hand, pool, roads) == differs, (card, hand, pool, roads)
        checked += 1
