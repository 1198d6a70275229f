"""Every card effect, played from a rigged position (ruling: the effect vocabulary)."""

from __future__ import annotations

import pytest

from games.coppertwaddle import GAME
from games.coppertwaddle.cards import DESIGNS, NAME
from games.coppertwaddle.table import domain_points, power

from .helpers import card, design, play, rigged, slot

ME, YOU = 0, 1


def _with(effect: str) -> list[str]:
    return [c.name for c in DESIGNS if c.ability and c.ability.effect == effect]


COVERED_BY_TESTS: set[str] = set()


def _covers(names: list[str]) -> list[str]:
    COVERED_BY_TESTS.update(names)
    return names


def _use(state, name: str, target: int | None = None, seat: int = ME):
    """Play the named favour/declaration from the hand, or the ability of the named card."""
    if any(NAME[held] == name for held in state["hands"][seat]):
        verb = "decl" if DESIGNS[design(name)].kind == "declaration" else "fav"
        code = f"{verb}:{design(name)}"
    else:
        code = f"abil:{state['slots'].index(card(name))}"
    if target is not None:
        code += f":{target}"
    return play(state, seat, code)


def _mine_or_hand(name: str) -> tuple[dict, list[str]]:
    if DESIGNS[design(name)].kind == "rank":
        return {slot(ME, DESIGNS[design(name)].rank == "bauer", 3): name}, []
    return {}, [name]


@pytest.mark.parametrize("name", _covers(_with("destroy")))
def test_destroy_discards_a_proud_card_in_the_strength_range(name) -> None:
    ability = DESIGNS[design(name)].ability
    domain, hand = _mine_or_hand(name)
    if ability.partner:
        domain[slot(ME, 1, 2)] = ability.partner
    weak, strong = slot(YOU, 1, 0), slot(YOU, 0, 0)
    domain.update({weak: "Die Magd", strong: "Der Herzog"})  # 2 and 8
    state = rigged(domain=domain, hands=(hand, []))
    legal = GAME.legal_actions(state, ME)
    source = state["slots"].index(card(name))
    assert f"abil:{source}:{weak}" in legal and f"abil:{source}:{strong}" not in legal
    state = _use(state, name, weak)
    assert state["slots"][weak] == -1 and card("Die Magd") in state["midden"]
    assert state["covered"][source], "using an ability covers its card"
    if ability.partner:
        assert state["covered"][slot(ME, 1, 2)], "the Marriage covers both partners"


def test_the_marriage_needs_both_partners_proud() -> None:
    """Ruling: The Curmudgeon and The Old Hag have a joint ability."""
    state = rigged(
        domain={
            slot(ME, 1, 0): "Der Griesgram",
            slot(ME, 1, 1): "Die alte Vettel",
            slot(YOU, 1, 0): "Die Magd",
        },
        covered=(slot(ME, 1, 1),),
    )
    assert not [code for code in GAME.legal_actions(state, ME) if code.startswith("abil:")]


@pytest.mark.parametrize("name", _covers(_with("discard_weak")))
def test_discard_weak_discards_and_the_owner_draws(name) -> None:
    limit = DESIGNS[design(name)].ability.amount
    domain, hand = _mine_or_hand(name)
    target = slot(YOU, 1, 0)
    domain[target] = "Die Magd"  # 2: weak enough for every such card
    domain[slot(YOU, 1, 1)] = "Der Fuhrmann"  # 5: too strong for all of them
    state = rigged(domain=domain, hands=(hand, []), spare=True)
    assert limit >= 2
    legal = GAME.legal_actions(state, ME)
    assert not any(
        code.endswith(f":{slot(YOU, 1, 1)}") for code in legal if "abil" in code or "fav" in code
    )
    before = len(state["hands"][YOU])
    state = _use(state, name, target)
    assert state["slots"][target] == -1
    assert len(state["hands"][YOU]) == before + 1, "its owner draws a card"


def test_assizes_on_an_empty_trumpet_ends_the_game_drawn() -> None:
    """Ruling: Assizes played on an empty Trumpet ends the game drawn."""
    state = rigged(domain={slot(YOU, 1, 0): "Die Magd"}, hands=(["Die Assisen"], []), trumpet=[])
    state = _use(state, "Die Assisen", slot(YOU, 1, 0))
    assert state["phase"] == "over" and state["history"][0]["winner"] == -1


@pytest.mark.parametrize("name", _covers(_with("cover")))
def test_cover_turns_a_proud_card_face_down_but_never_a_wind(name) -> None:
    domain, hand = _mine_or_hand(name)
    domain.update({slot(YOU, 1, 0): "Milz", slot(YOU, 1, 1): "Nordwind"})
    state = rigged(domain=domain, hands=(hand, []), spare=True)
    legal = " ".join(GAME.legal_actions(state, ME))
    assert f":{slot(YOU, 1, 1)}" not in legal, "Winds are never covered"
    state = _use(state, name, slot(YOU, 1, 0))
    assert state["covered"][slot(YOU, 1, 0)]


@pytest.mark.parametrize("name", _covers(_with("uncover")))
def test_uncover_turns_a_covered_card_proud_unless_a_wind_blocks_it(name) -> None:
    state = rigged(
        domain={slot(ME, 1, 0): "Milz", slot(ME, 1, 1): "Der Schmied"},
        covered=(slot(ME, 1, 0), slot(ME, 1, 1)),
        hands=([name], []),
    )
    state["winds"][slot(ME, 1, 1)] = card("Ostwind")
    legal = GAME.legal_actions(state, ME)
    assert f"fav:{design(name)}:{slot(ME, 1, 1)}" not in legal
    state = _use(state, name, slot(ME, 1, 0))
    assert not state["covered"][slot(ME, 1, 0)]


@pytest.mark.parametrize("name", _covers(_with("remove")))
def test_remove_takes_away_a_wind_or_a_declaration(name) -> None:
    state = rigged(
        domain={slot(ME, 1, 0): "Milz", slot(YOU, 1, 0): "Der Schmied"},
        covered=(slot(ME, 1, 0),),
        hands=([name, name], []),
    )
    state["winds"][slot(ME, 1, 0)] = card("Ostwind")
    state["decls"][slot(YOU, 1, 0)] = [card("Der Geburtstag")]
    state = _use(state, name, card("Ostwind"))
    assert state["winds"][slot(ME, 1, 0)] == -1 and card("Ostwind") in state["midden"]
    state = _use(state, name, card("Der Geburtstag"))
    assert state["decls"][slot(YOU, 1, 0)] == []


@pytest.mark.parametrize("name", _covers(_with("draw")))
def test_draw_takes_cards_from_the_trumpet(name) -> None:
    amount = DESIGNS[design(name)].ability.amount
    domain, hand = _mine_or_hand(name)
    state = rigged(domain=domain, hands=(hand + ["Milz"], []))
    before = len(state["hands"][ME]) - len(hand)
    state = _use(state, name)
    assert len(state["hands"][ME]) == before + amount


@pytest.mark.parametrize("name", _covers(_with("cancel_support")))
def test_cancel_support_only_in_a_robbing(name) -> None:
    domain, hand = _mine_or_hand(name)
    domain.update(
        {slot(ME, 1, 0): "Lektionarium", slot(ME, 1, 1): "Milz", slot(YOU, 1, 0): "Die Magd"}
    )
    state = rigged(domain=domain, hands=(hand + ["Land in Sicht!"], []))
    assert not any(
        code.startswith(("fav:" + str(design(name)), "abil:7"))
        for code in GAME.legal_actions(state, ME)
    )
    state = play(state, ME, f"rob:{slot(ME, 1, 0)}:{slot(YOU, 1, 0)}")
    state = _use(state, name, slot(YOU, 1, 0))
    assert state["rob"]["nosupport"] == [slot(YOU, 1, 0)]


@pytest.mark.parametrize("name", _covers(_with("boost")))
def test_boost_adds_to_its_side_in_a_robbing(name) -> None:
    ability = DESIGNS[design(name)].ability
    row = 0 if ability.rank == "adel" else 1
    strong, weak = ("Der Herzog", "Bader") if row == 0 else ("Der Schmied", "Die Magd")
    domain = {slot(ME, row, 0): strong, slot(YOU, row, 0): weak}
    own_row = 0 if DESIGNS[design(name)].rank == "adel" else 1
    domain[slot(ME, own_row, 3)] = name
    state = rigged(domain=domain, hands=(["Der Kompass"], []))
    assert not any(code.startswith("abil:") for code in GAME.legal_actions(state, ME))
    state = play(state, ME, f"rob:{slot(ME, row, 0)}:{slot(YOU, row, 0)}")
    state = _use(state, name)
    assert state["rob"]["bonus"] == [ability.amount, 0]
    assert state["covered"][slot(ME, own_row, 3)]


@pytest.mark.parametrize("name", _covers(_with("plus")))
def test_plus_changes_power_and_the_score(name) -> None:
    amount = DESIGNS[design(name)].ability.amount
    state = rigged(domain={slot(YOU, 1, 0): "Der Fuhrmann"}, hands=([name], []))
    state = _use(state, name, slot(YOU, 1, 0))
    assert power(state, slot(YOU, 1, 0)) == 5 + amount
    assert domain_points(state, YOU) == 5 + amount


def test_the_hazelnut_discards_its_card_when_covered_before_the_ability_acts() -> None:
    """Ruling: covered with the Hazelnut on it, both are discarded before the ability acts."""
    _covers(["Die Haselnuss"])
    state = rigged(
        domain={slot(ME, 0, 0): "Der Aussätzige", slot(YOU, 0, 0): "Bader"},
        hands=([], ["Die Haselnuss"]),
    )
    state["decls"][slot(ME, 0, 0)] = [card("Die Haselnuss")]
    state = _use(state, "Der Aussätzige", slot(YOU, 0, 0))
    assert state["slots"][slot(ME, 0, 0)] == -1
    assert {card("Der Aussätzige"), card("Die Haselnuss"), card("Bader")} <= set(state["midden"])


def test_a_robbed_card_with_a_hazelnut_goes_to_the_midden() -> None:
    """The robbed card arrives covered: a Hazelnut on it sends both to the Midden."""
    state = rigged(
        domain={slot(ME, 1, 0): "Milz", slot(YOU, 1, 0): "Die Magd"}, hands=(["Die Haselnuss"], [])
    )
    state = _use(state, "Die Haselnuss", slot(YOU, 1, 0))
    state = play(state, ME, f"rob:{slot(ME, 1, 0)}:{slot(YOU, 1, 0)}")
    assert state["slots"][slot(ME, 1, 1)] == -1 and card("Die Magd") in state["midden"]


@pytest.mark.parametrize("name", _covers(_with("promote")))
def test_a_long_climb_makes_a_bauer_adel(name) -> None:
    state = rigged(
        domain={slot(YOU, 1, 2): "Der Schmied", slot(YOU, 0, 0): "Bader"},
        hands=([name, "Das Grauen der Nacht"], []),
    )
    state = _use(state, name, slot(YOU, 1, 2))
    assert state["slots"][slot(YOU, 0, 1)] == card("Der Schmied")
    assert state["slots"][slot(YOU, 1, 2)] == -1
    # Losing the declaration sends the card back to the first free Bauer place.
    state = _use(state, "Das Grauen der Nacht", card(name))
    assert state["slots"][slot(YOU, 1, 0)] == card("Der Schmied")


def test_a_long_climb_without_a_free_noble_place_discards_both() -> None:
    nobles = {
        slot(YOU, 0, c): n
        for c, n in enumerate(["Bader", "Der Herzog", "Die Gräfin", "Der Ritter"])
    }
    state = rigged(
        domain={**nobles, slot(YOU, 1, 0): "Der Schmied"}, hands=(["Der lange Aufstieg"], [])
    )
    state = _use(state, "Der lange Aufstieg", slot(YOU, 1, 0))
    assert state["slots"][slot(YOU, 1, 0)] == -1
    assert {card("Der Schmied"), card("Der lange Aufstieg")} <= set(state["midden"])


@pytest.mark.parametrize("name", _covers(_with("demote")))
def test_a_long_fall_makes_an_adel_bauer(name) -> None:
    state = rigged(domain={slot(YOU, 0, 0): "Der Herzog"}, hands=([name], []))
    assert f"decl:{design(name)}:{slot(YOU, 1, 0)}" not in GAME.legal_actions(state, ME)
    state = _use(state, name, slot(YOU, 0, 0))
    assert state["slots"][slot(YOU, 1, 0)] == card("Der Herzog")


def test_every_card_with_an_ability_has_a_test() -> None:
    """Every card effect is played above (the Coppertwaddle in test_coppertwaddle)."""
    with_ability = {c.name for c in DESIGNS if c.ability and c.ability.effect != "negate"}
    assert with_ability <= COVERED_BY_TESTS
