"""The deck as data: the ruling's counts and known cards, and a loud failure on a broken file."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from games.coppertwaddle.cards import DESIGNS, DeckError, parse_deck

TEXT = resources.files("games.coppertwaddle").joinpath("cards.json").read_text(encoding="utf-8")


def _by_name() -> dict:
    return {card.name: card for card in DESIGNS}


def _count(predicate) -> int:
    return sum(card.copies for card in DESIGNS if predicate(card))


def test_counts_hold_as_the_source_gives_them() -> None:
    """Source section 2: 55 cards = 28 rank (10 Adel, 18 Bauern incl. 4 Winds), 8, 19."""
    assert _count(lambda c: True) == 55
    assert _count(lambda c: c.kind == "rank" and c.rank == "adel") == 10
    assert _count(lambda c: c.kind == "rank" and c.rank == "bauer") == 18
    assert _count(lambda c: c.wind) == 4
    assert _count(lambda c: c.kind == "declaration") == 8
    assert _count(lambda c: c.kind == "favour") == 19
    assert all(
        card.strength is not None and 0 <= card.strength <= 9
        for card in DESIGNS
        if card.kind == "rank"
    )


def test_known_cards_are_as_the_ruling_gives_them() -> None:
    """Ruling: the publicly known names, strengths and abilities."""
    cards = _by_name()
    assert cards["Väterchen Zeit"].strength == 6 and cards["Väterchen Zeit"].rank == "adel"
    assert cards["Der Aussätzige"].strength == 3 and cards["Der Aussätzige"].ability.effect == (
        "destroy"
    )
    assert cards["Bader"].strength == 1
    assert cards["Milz"].strength == 8 and cards["Milz"].rank == "bauer"
    assert cards["Lektionarium"].strength == 1
    for wind in ("Nordwind", "Südwind", "Ostwind", "Westwind"):
        assert cards[wind].wind and cards[wind].strength == 0 and not cards[wind].reconstructed
    fish = cards["Der Bentham-Fisch"].ability
    assert (fish.effect, fish.amount, fish.rank) == ("boost", 4, "adel")
    assert cards["Coppertwaddle"].ability.effect == "negate"
    assets = cards["Die Assisen"].ability
    assert (assets.effect, assets.amount) == ("discard_weak", 4)
    divisors = [cards[name] for name in ("Das Rad", "Der Kompass", "Der Sextant", "Die Ankerwinde")]
    assert all(card.ability.effect == "divisor" for card in divisors)
    assert cards["Land in Sicht!"].ability.effect == "cover"
    assert cards["Hundert Knöpfe"].ability.effect == "uncover"
    assert cards["Die Haselnuss"].ability.effect == "hazelnut"
    assert cards["Der lange Aufstieg"].ability.effect == "promote"
    assert cards["Aus einer Bastardlinie"].ability.effect == "demote"
    assert (cards["Der Geburtstag"].ability.effect, cards["Der Geburtstag"].ability.amount) == (
        "plus",
        1,
    )
    assert cards["Der Griesgram"].ability.partner == "Die alte Vettel"
    assert cards["Die alte Vettel"].ability.partner == "Der Griesgram"
    english = {card.english for card in DESIGNS}
    for known in ("The Curmudgeon", "The Old Hag", "Flibber-de-gibbet", "Hammer and Anvil"):
        assert known in english
    for known in ("New World", "The Abbot", "Dread of Night", "Favour at Court"):
        assert known in english


def test_the_publishers_card_texts_stand_over_the_reconstruction() -> None:
    """Ruling: the publisher's own cards (coppertwaddle-cards.md, table A) are not marked
    reconstructed, and their effects are the publisher's; real names replace invented ones."""
    cards = _by_name()
    for name in (
        "Die Assisen",
        "Coppertwaddle",
        "Das Rad",
        "Die Haselnuss",
        "Der lange Aufstieg",
        "Der Geburtstag",
    ):
        assert not cards[name].reconstructed, name
    english = {card.english: card for card in DESIGNS}
    assert english["Mount Ararat"].rank == "adel"
    assert english["Yeoman"].rank == "bauer" and english["Yeoman"].strength == 2
    bastard = english["Of a Bastard Line"].ability
    assert bastard is not None and bastard.effect == "demote"
    assert english["Lecturn"].name == "Lektionarium"
    for invented in ("The Duke", "The Maid", "A Long Fall"):
        assert invented not in english


def test_every_reconstructed_card_says_why() -> None:
    """Ruling: a reconstructed flag with a one-line reason."""
    for card in DESIGNS:
        if card.reconstructed:
            assert card.reason and "\n" not in card.reason


def _broken(change) -> str:
    data = json.loads(TEXT)
    change(data["cards"])
    return json.dumps(data)


def _set(name: str, field: str, value):
    def change(cards):
        for card in cards:
            if card["name"] == name:
                card[field] = value

    return change


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_set("Milz", "strength", 12), ["'Milz'", "field strength"]),
        (_set("Milz", "kind", "knight"), ["'Milz'", "field kind"]),
        (_set("Bader", "reconstructed", "perhaps"), ["'Bader'", "field reconstructed"]),
        (
            _set("Land in Sicht!", "ability", {"effect": "fly"}),
            ["'Land in Sicht!'", "field ability.effect"],
        ),
        (_set("Der Aussätzige", "ability", {"effect": "destroy"}), ["'Der Aussätzige'", "ability"]),
        (_set("Der Griesgram", "wings", 2), ["'Der Griesgram'", "field wings"]),
        (_set("Berg Ararat", "copies", 2), ["adel", "10"]),
    ],
)
def test_a_broken_file_fails_naming_the_card_and_field(change, expected) -> None:
    """Ruling: the deck is validated on load; the message names the card and the field."""
    with pytest.raises(DeckError, match=re.escape(expected[0])) as error:
        parse_deck(_broken(change))
    for part in expected:
        assert part in str(error.value)


def test_a_missing_field_is_named() -> None:
    def drop(cards):
        del cards[0]["reconstructed"]

    with pytest.raises(DeckError, match="Väterchen Zeit.*field reconstructed"):
        parse_deck(_broken(drop))


def test_not_json_at_all_fails() -> None:
    with pytest.raises(DeckError, match="not valid JSON"):
        parse_deck("{cards: oops")


def test_the_shipped_file_loads() -> None:
    assert len(parse_deck(TEXT)) == len(DESIGNS)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_page_lists_every_card_and_marks_the_reconstructed(lang) -> None:
    """Issue: the rules page marks which cards are reconstructed (and stays in step with the
    data file)."""
    page = resources.files("games.coppertwaddle").joinpath(f"rules.{lang}.md").read_text("utf-8")
    rows = {line.split("|")[1].strip(): line for line in page.splitlines() if line.startswith("| ")}
    for card in DESIGNS:
        assert card.name in rows, card.name
        assert ("✱" in rows[card.name]) == card.reconstructed, card.name
