"""The 48 Scherbia cards: twelve professions in four peoples, as plain data.

A card is an int 0..47: ``profession * 4 + people``. Sorting a hand therefore groups it by
profession, strongest first. Professions are named in action codes by their ASCII word
(``magier``, ``jaeger``, ...); the people of a card has no effect in the base game.
"""

from __future__ import annotations

from games.core import Text

MAGIER, KRIEGER, SCHMIED, JAEGER, HEILER, SEEMANN = 0, 1, 2, 3, 4, 5
SCHUERFER, DIEB, BAECKER, BAUER, BERUFSLOSER, HOLZFAELLER = 6, 7, 8, 9, 10, 11

PROFESSIONS = 12
PEOPLES = 4
DECK = PROFESSIONS * PEOPLES

WORDS = [
    "magier",
    "krieger",
    "schmied",
    "jaeger",
    "heiler",
    "seemann",
    "schuerfer",
    "dieb",
    "baecker",
    "bauer",
    "berufsloser",
    "holzfaeller",
]
"""The profession words used in action codes."""

PROFESSION_OF_WORD = {word: index for index, word in enumerate(WORDS)}

NAMES = [
    Text("Magier", "Magier (mage)"),
    Text("Krieger", "Krieger (warrior)"),
    Text("Schmied", "Schmied (smith)"),
    Text("Jäger", "Jäger (hunter)"),
    Text("Heiler", "Heiler (healer)"),
    Text("Seemann", "Seemann (sailor)"),
    Text("Schürfer", "Schürfer (miner)"),
    Text("Dieb", "Dieb (thief)"),
    Text("Bäcker", "Bäcker (baker)"),
    Text("Bauer", "Bauer (farmer)"),
    Text("Berufsloser", "Berufsloser (jobless)"),
    Text("Holzfäller", "Holzfäller (woodcutter)"),
]
"""Display names: German card names, with an English gloss in the English text."""

PEOPLE_NAMES = [
    Text("Elfen", "elves"),
    Text("Menschen", "humans"),
    Text("Zwerge", "dwarves"),
    Text("Halblinge", "halflings"),
]

BASE = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0]
"""Printed values. The Holzfaeller has none ("??"): it counts 0 wherever a fixed base value is
compared (the Dieb's choice, the Heiler's exchange) and is rolled for the final count."""
PROFESSION_OF_CARD = [card >> 2 for card in range(DECK)]
"""Each card's profession: the engine's hot loops look it up (cheaper than the shift)."""
PRINTED_OF_CARD = [BASE[card >> 2] for card in range(DECK)]
"""Each card's printed value (a Holzfaeller's is 0)."""


def profession(card: int) -> int:
    """The profession index of ``card``."""
    return card >> 2


def people(card: int) -> int:
    """The people (colour) index of ``card``."""
    return card & 3


_CARD_NAMES = {
    lang: [f"{NAMES[c >> 2].get(lang)} ({PEOPLE_NAMES[c & 3].get(lang)})" for c in range(DECK)]
    for lang in ("de", "en")
}


def card_name(card: int, lang: str) -> str:
    """The card's display name, e.g. ``Magier (Zwerge)`` or ``Magier (mage) (dwarves)``."""
    return _CARD_NAMES["de" if lang == "de" else "en"][card]


def profession_name(prof: int, lang: str) -> str:
    """The display name of a profession."""
    return NAMES[prof].get(lang)
