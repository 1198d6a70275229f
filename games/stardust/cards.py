"""The 48 Stardust cards as small integers, with their German names and English glosses.

Ids: 0-35 planets (``structure * 12 + size * 4 + points - 1``), 36-41 suns (``36`` gelb 1
stripe ... ``41`` rot 3 stripes, so ``id - 35`` is the sun value 1-6), 42-47 jokers in the
order Prisma von Entaria, Heiler von Garon, Lebenshauch, Schwarzes Loch, Schneller Tod,
Dunkle Wasser.
"""

from __future__ import annotations

from games.core import Text

DECK_SIZE = 48
PLANETS = 36
FIRST_SUN = 36
FIRST_JOKER = 42

PRISMA, HEILER, LEBENSHAUCH, SCHWARZES_LOCH, SCHNELLER_TOD, DUNKLE_WASSER = range(42, 48)
SPECIAL_JOKERS = (SCHWARZES_LOCH, SCHNELLER_TOD, DUNKLE_WASSER)

STRUCTURES = (Text("Wald", "forest"), Text("Aqua", "aqua"), Text("Wüste", "desert"))
SIZES = (Text("groß", "large"), Text("mittel", "medium"), Text("klein", "small"))
STRUCTURE_RANK = (3, 2, 1)
"""Tie-break rank of a structure: Wald over Aqua over Wüste (0 means no combination)."""

JOKER_NAMES = (
    "Prisma von Entaria",
    "Heiler von Garon",
    "Lebenshauch",
    "Schwarzes Loch",
    "Schneller Tod",
    "Dunkle Wasser",
)
JOKER_PLANET_POINTS = (4, 3, 2, 3, 2, 1)
"""Economy points of each joker standing in for a planet (any structure and size)."""
JOKER_SUN_VALUE = (6, 5, 4, 0, 0, 0)
"""Sun value of each joker standing in for a sun (rot 3/2/1 stripes); 0: never a sun."""


def is_planet(card: int) -> bool:
    """Whether ``card`` is a planet."""
    return card < PLANETS


def is_sun(card: int) -> bool:
    """Whether ``card`` is a sun."""
    return FIRST_SUN <= card < FIRST_JOKER


def is_joker(card: int) -> bool:
    """Whether ``card`` is a joker."""
    return card >= FIRST_JOKER


def structure(card: int) -> int:
    """Structure of a planet: 0 Wald, 1 Aqua, 2 Wüste."""
    return card // 12


def size(card: int) -> int:
    """Size of a planet: 0 groß, 1 mittel, 2 klein."""
    return card % 12 // 4


def points(card: int) -> int:
    """Economy points of a planet (1-4)."""
    return card % 4 + 1


def sun_value(card: int) -> int:
    """Value of a sun: gelb 1-3, rot 4-6 (any rot beats any gelb, then more stripes)."""
    return card - 35


def planet(structure_index: int, size_index: int, economy: int) -> int:
    """The id of the planet with that structure, size and economy points."""
    return structure_index * 12 + size_index * 4 + economy - 1


def sun(red: bool, stripes: int) -> int:
    """The id of the sun with that colour and number of stripes."""
    return FIRST_SUN + (3 if red else 0) + stripes - 1


def card_name(card: int) -> Text:
    """The card's German name, and in English the German name with an English gloss."""
    return CARD_NAMES[card]


def _card_name(card: int) -> Text:
    if is_planet(card):
        de = f"{STRUCTURES[structure(card)].de} {SIZES[size(card)].de} {points(card)}"
        en = f"{de} ({STRUCTURES[structure(card)].en} {SIZES[size(card)].en[0].upper()})"
        return Text(de, en)
    if is_sun(card):
        red = card >= FIRST_SUN + 3
        stripes = (card - FIRST_SUN) % 3 + 1
        de = f"{'Rote' if red else 'Gelbe'} Sonne {stripes}"
        return Text(de, f"{de} ({'red' if red else 'yellow'} sun)")
    name = JOKER_NAMES[card - FIRST_JOKER]
    return Text(name, f"{name} (joker)")


CARD_NAMES = tuple(_card_name(card) for card in range(DECK_SIZE))


def cards_text(cards: list[int], lang: str) -> str:
    """A comma-separated list of card names."""
    return ", ".join(card_name(card).get(lang) for card in cards)
