"""Every card effect, played from a rigged position (ruling: the effect vocabulary)."""

from __future__ import annotations

import pytest

from games.coppertwaddle import GAME
from games.coppertwaddle.cards import DESIGNS, NAME, Ability
from games.coppertwaddle.table import domain_points, power, robbing_values
from games.core import decode

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


def _ability(name: str) -> Ability:
    """The ability of card ``name`` (every card these tests use has one)."""
    ability = DESIGNS[design(name)].ability
    assert ability is not None, f"{name} has an ability"
    return ability


def _amount(name: str) -> int:
    """The amount of card ``name``'s ability (draw, plus, discard_weak and boost have one)."""
    amount = _ability(name).amount
    assert amount is not None, f"{name}'s ability has an amount"
    return amount


def _mine_or_hand(name: str) -> tuple[dict, list[str]]:
    if DESIGNS[design(name)].kind == "rank":
        return {slot(ME, DESIGNS[design(name)].rank == "bauer", 3): name}, []
    return {}, [name]


@pytest.mark.parametrize("name", _covers(_with("destroy")))
def test_destroy_discards_a_proud_card_in_the_strength_range(name) -> None:
    ability = _ability(name)
    domain, hand = _mine_or_hand(name)
    if ability.partner:
        domain[slot(ME, 1, 2)] = ability.partner
    weak, strong = slot(YOU, 1, 0), slot(YOU, 0, 0)
    domain.update({weak: "Der Freisasse", strong: "Berg Ararat"})  # 2 and 8
    state = rigged(domain=domain, hands=(hand, []))
    legal = GAME.legal_actions(state, ME)
    source = state["slots"].index(card(name))
    assert f"abil:{source}:{weak}" in legal and f"abil:{source}:{strong}" not in legal
    state = _use(state, name, weak)
    assert state["slots"][weak] == -1 and card("Der Freisasse") in state["midden"]
    assert state["covered"][source], "using an ability covers its card"
    if ability.partner:
        assert state["covered"][slot(ME, 1, 2)], "the Marriage covers both partners"


def test_the_marriage_needs_both_partners_proud() -> None:
    """Ruling: The Curmudgeon and The Old Hag have a joint ability."""
    state = rigged(
        domain={
            slot(ME, 1, 0): "Der Griesgram",
            slot(ME, 1, 1): "Die alte Vettel",
            slot(YOU, 1, 0): "Der Freisasse",
        },
        covered=(slot(ME, 1, 1),),
    )
    assert not [code for code in GAME.legal_actions(state, ME) if code.startswith("abil:")]


@pytest.mark.parametrize("name", _covers(_with("discard_weak")))
def test_discard_weak_discards_and_the_owner_draws(name) -> None:
    limit = _amount(name)
    domain, hand = _mine_or_hand(name)
    target = slot(YOU, 1, 0)
    domain[target] = "Der Freisasse"  # 2: weak enough for every such card
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
    state = rigged(
        domain={slot(YOU, 1, 0): "Der Freisasse"}, hands=(["Die Assisen"], []), trumpet=[]
    )
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
    amount = _amount(name)
    domain, hand = _mine_or_hand(name)
    state = rigged(domain=domain, hands=(hand + ["Milz"], []))
    before = len(state["hands"][ME]) - len(hand)
    state = _use(state, name)
    assert len(state["hands"][ME]) == before + amount


@pytest.mark.parametrize("name", _covers(_with("cancel_support")))
def test_cancel_support_only_in_a_robbing(name) -> None:
    domain, hand = _mine_or_hand(name)
    domain.update(
        {slot(ME, 1, 0): "Lektionarium", slot(ME, 1, 1): "Milz", slot(YOU, 1, 0): "Der Freisasse"}
    )
    state = rigged(domain=domain, hands=(hand + ["Land in Sicht!"], []))
    own = next(iter(_mine_or_hand(name)[0]), -1)
    for code in GAME.legal_actions(state, ME):
        verb, args = decode(code)
        assert (verb, args[:1]) not in (("fav", (design(name),)), ("abil", (own,))), code
    state = play(state, ME, f"rob:{slot(ME, 1, 0)}:{slot(YOU, 1, 0)}")
    state = _use(state, name, slot(YOU, 1, 0))
    assert state["rob"]["nosupport"] == [slot(YOU, 1, 0)]


@pytest.mark.parametrize("name", _covers(_with("divisor")))
def test_a_divisor_stops_one_chosen_threlms_power_only_in_a_robbing(name) -> None:
    """Publisher's text (The Wheel; the ruling gives it to all four Divisors): only during a
    robbing, the chosen proud Threlm's power is not used and its abilities are blocked."""
    domain = {
        slot(ME, 1, 0): "Lektionarium",
        slot(ME, 1, 1): "Milz",
        slot(YOU, 1, 0): "Der Fuhrmann",
    }
    state = rigged(domain=domain, hands=([name, "Land in Sicht!"], []))
    assert not any(code.startswith(f"fav:{design(name)}") for code in GAME.legal_actions(state, ME))
    state = play(state, ME, f"rob:{slot(ME, 1, 0)}:{slot(YOU, 1, 0)}")
    state = _use(state, name, slot(YOU, 1, 0))
    assert state["rob"]["nopower"] == [slot(YOU, 1, 0)]
    assert card("Der Fuhrmann") in state["blocked"]
    assert robbing_values(state, state["rob"]) == (1 + 8, 0)


@pytest.mark.parametrize("name", _covers(_with("boost")))
def test_boost_adds_to_its_side_in_a_robbing(name) -> None:
    ability = _ability(name)
    row = 0 if ability.rank == "adel" else 1
    strong, weak = ("Berg Ararat", "Bader") if row == 0 else ("Der Schmied", "Der Freisasse")
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
    amount = _amount(name)
    state = rigged(domain={slot(YOU, 1, 0): "Der Fuhrmann"}, hands=([name], []))
    state = _use(state, name, slot(YOU, 1, 0))
    assert power(state, slot(YOU, 1, 0)) == 5 + amount
    assert domain_points(state, YOU) == 5 + amount


# Registered at import, like the parametrized tests' cards: with the suite spread over
# processes, a process may run the check below without having run this test.
_covers(["Die Haselnuss"])


def test_covering_a_threlm_with_the_hazelnut_to_use_its_ability_destroys_it_first_and_the_ability_does_not_take_place() -> (
    None
):
    """Publisher's text (The Hazelnut, ruling): covering a Threlm to use its ability while the
    Hazelnut lies on it destroys the Threlm first, and the ability does not happen."""
    state = GAME.set_up(
        2,
        {
            "domain": {slot(ME, 0, 0): "Der Aussätzige", slot(YOU, 0, 0): "Bader"},
            "declarations": {slot(ME, 0, 0): ["Die Haselnuss"]},
        },
        {"games": 1},
    )
    state, events = GAME.apply(state, ME, f"abil:{slot(ME, 0, 0)}:{slot(YOU, 0, 0)}")
    assert state["slots"][slot(ME, 0, 0)] == -1
    assert {card("Der Aussätzige"), card("Die Haselnuss")} <= set(state["midden"])
    assert state["slots"][slot(YOU, 0, 0)] == card("Bader"), "the Leper's ability did not act"
    assert card("Bader") not in state["midden"]
    assert "fizzled" in [event.kind for event in events]


def test_a_robbed_card_with_a_hazelnut_goes_to_the_midden() -> None:
    """The robbed card arrives covered: a Hazelnut on it sends both to the Midden."""
    state = rigged(
        domain={slot(ME, 1, 0): "Milz", slot(YOU, 1, 0): "Der Freisasse"},
        hands=(["Die Haselnuss"], []),
    )
    state = _use(state, "Die Haselnuss", slot(YOU, 1, 0))
    state = play(state, ME, f"rob:{slot(ME, 1, 0)}:{slot(YOU, 1, 0)}")
    assert state["slots"][slot(ME, 1, 1)] == -1 and card("Der Freisasse") in state["midden"]


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
        for c, n in enumerate(["Bader", "Berg Ararat", "Die Gräfin", "Der Ritter"])
    }
    state = rigged(
        domain={**nobles, slot(YOU, 1, 0): "Der Schmied"}, hands=(["Der lange Aufstieg"], [])
    )
    state = _use(state, "Der lange Aufstieg", slot(YOU, 1, 0))
    assert state["slots"][slot(YOU, 1, 0)] == -1
    assert {card("Der Schmied"), card("Der lange Aufstieg")} <= set(state["midden"])


@pytest.mark.parametrize("name", _covers(_with("demote")))
def test_a_long_fall_makes_an_adel_bauer(name) -> None:
    state = rigged(domain={slot(YOU, 0, 0): "Berg Ararat"}, hands=([name], []))
    assert f"decl:{design(name)}:{slot(YOU, 1, 0)}" not in GAME.legal_actions(state, ME)
    state = _use(state, name, slot(YOU, 0, 0))
    assert state["slots"][slot(YOU, 1, 0)] == card("Berg Ararat")


def test_every_card_with_an_ability_has_a_test() -> None:
    """Every card effect is played above (the Coppertwaddle in test_coppertwaddle)."""
    with_ability = {c.name for c in DESIGNS if c.ability and c.ability.effect != "negate"}
    assert with_ability <= COVERED_BY_TESTS


def test_a_long_climb_played_on_a_wind_frees_the_covered_bauer_beneath() -> None:
    """Publisher's sample game (ruling): "He plays A Long Climb on the Wind to remove it from
    the Yeoman": the Wind and the Climb go to the Midden, and the Bauer, no longer pressed,
    turns proud at its owner's next Engagement."""
    pressed = slot(YOU, 1, 0)
    state = GAME.set_up(
        2,
        {
            "domain": {pressed: "Der Freisasse", slot(ME, 0, 0): "Bader"},
            "covered": [pressed],
            "winds": {pressed: "Westwind"},
            "hands": (["Der lange Aufstieg", "Milz"], []),
        },
        {"games": 1},
    )
    code = f"decl:{design('Der lange Aufstieg')}:{pressed}"
    assert code in GAME.legal_actions(state, ME)
    state, events = GAME.apply(state, ME, code)
    assert state["winds"][pressed] == -1
    assert {card("Westwind"), card("Der lange Aufstieg")} <= set(state["midden"])
    assert state["slots"][pressed] == card("Der Freisasse") and state["covered"][pressed]
    assert "unpressed" in [event.kind for event in events]
    state = play(state, ME, "end")
    assert state["guardian"] == YOU and not state["covered"][pressed]


def test_the_lepers_destroying_range_follows_its_power_so_a_birthday_widens_it() -> None:
    """Publisher's Birthday page: on The Leper it brings "higher-power Threlms within range of
    its destructive ability"; our range ends just below the Leper's own power."""
    leper = slot(ME, 0, 0)
    domain = {leper: "Der Aussätzige", slot(YOU, 0, 0): "Die Gräfin", slot(YOU, 1, 0): "Der Hirte"}
    plain = rigged(domain=domain)
    targets = [c for c in GAME.legal_actions(plain, ME) if c.startswith(f"abil:{leper}:")]
    assert targets == []  # Gräfin 5 and Hirte 4 are out of reach of power 3
    domain[slot(YOU, 1, 0)] = "Der Freisasse"
    plain = rigged(domain=domain)
    assert f"abil:{leper}:{slot(YOU, 1, 0)}" in GAME.legal_actions(plain, ME)  # Freisasse 2
    domain[slot(YOU, 1, 0)] = "Der Hirte"
    older = rigged(domain=domain, declarations={leper: ["Der Geburtstag", "Der Geburtstag"]})
    assert f"abil:{leper}:{slot(YOU, 1, 0)}" in GAME.legal_actions(older, ME)  # power 5: Hirte 4
    assert f"abil:{leper}:{slot(YOU, 0, 0)}" not in GAME.legal_actions(older, ME)  # Gräfin 5
