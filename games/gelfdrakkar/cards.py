"""The Gelfdrakkar deck as data: 120 cards plus the four Nullkarten used only with seven players.

A card is an int id. The table ``CARDS`` below is the single source of every card's kind,
German name, English gloss, points and rank; the rest of the engine reads it through the flat
lookup lists built from it (``POINTS``, ``RANK``, ``KIND``, ...), which keeps the hot path free
of objects.

Ids: 0 Vernio, 1 Tod, 2 Sinhara, 3 Waldherr, 4 Erste Dame, 5 Zweite Dame, 6 Letzte Dame,
7-8 Freund, 9-10 Spion, 11-14 Helfer, 15 Fessel, 16-17 Unterstuetzer, 18-19 Gegenwirker,
20-44 Drachen, 45-69 Menschen, 70-94 Zwerge, 95-119 Gnome (each A1, A2, ... E5), 120-123
Nullkarten.
"""

from __future__ import annotations

from games.core import Text

# kind, German name, English gloss, points, rank (-1: never wins a trick by rank), count
_SPECIALS: list[tuple[str, str, str, int, int, int]] = [
    ("vernio", "Vernio", "god", 25, 1000, 1),
    ("tod", "Tod", "Death", 0, 900, 1),
    ("sinhara", "Sinhara", "saint", 20, 800, 1),
    ("waldherr", "Waldherr", "Forest Lord", 12, 700, 1),
    ("erste", "Erste Dame", "First Lady", 10, 600, 1),
    ("zweite", "Zweite Dame", "Second Lady", 8, 500, 1),
    ("letzte", "Letzte Dame", "Last Lady", 6, 400, 1),
    ("freund", "Freund", "Friend, elf", 5, 300, 2),
    ("spion", "Spion", "Spy, elf", 5, -1, 2),
    ("helfer", "Helfer", "Helper, elf", 5, 300, 4),
    ("fessel", "Fessel", "Shackle", 0, -1, 1),
    ("unterstuetzer", "Unterstützer", "Supporter, gold dragon", 15, -1, 2),
    ("gegenwirker", "Gegenwirker", "Counteractor, silver dragon", 15, -1, 2),
]
# species kind, German name, English gloss, points, rank base
_SPECIES: list[tuple[str, str, str, int, int]] = [
    ("drache", "Drache", "dragon", 4, 200),
    ("mensch", "Mensch", "human", 3, 150),
    ("zwerg", "Zwerg", "dwarf", 2, 100),
    ("gnom", "Gnom", "gnome", 1, 50),
]
LETTERS = "ABCDE"


def _build() -> list[dict[str, object]]:
    cards: list[dict[str, object]] = []
    for kind, de, en, points, rank, count in _SPECIALS:
        for _ in range(count):
            cards.append({"kind": kind, "de": de, "en": en, "points": points, "rank": rank})
    for kind, de, en, points, base in _SPECIES:
        for letter_index, letter in enumerate(LETTERS):
            for number in range(1, 6):
                # A beats B beats ... E; within a letter the higher number wins.
                strength = (4 - letter_index) * 5 + (number - 1)
                cards.append(
                    {
                        "kind": kind,
                        "de": f"{de} {letter}{number}",
                        "en": en,
                        "points": points,
                        "rank": base + strength,
                    }
                )
    for _ in range(4):
        cards.append({"kind": "null", "de": "Nullkarte", "en": "zero card", "points": 0, "rank": 0})
    return cards


CARDS = _build()
"""Every card by id: kind, German name, English gloss, points, rank."""

DECK_SIZE = 120
NULL_DECK_SIZE = 124

VERNIO, TOD, SINHARA, WALDHERR, ERSTE, ZWEITE, LETZTE = range(7)
FREUNDE = (7, 8)
SPIONE = (9, 10)
HELFER = (11, 12, 13, 14)
FESSEL = 15
UNTERSTUETZER = (16, 17)
GEGENWIRKER = (18, 19)
NULLKARTEN = (120, 121, 122, 123)

KIND: list[str] = [str(card["kind"]) for card in CARDS]
POINTS: list[int] = [int(card["points"]) for card in CARDS]  # type: ignore[call-overload]
RANK: list[int] = [int(card["rank"]) for card in CARDS]  # type: ignore[call-overload]
TOTAL_POINTS = sum(POINTS)

SPECIES_KINDS = ("drache", "mensch", "zwerg", "gnom")
GELFLINGE = frozenset((WALDHERR, ERSTE, ZWEITE, LETZTE))
ELF_KINDS = frozenset(("freund", "spion", "helfer"))
IMMORTAL = frozenset((VERNIO, SINHARA, TOD))
SWAP_KINDS = ("helfer", "spion")
"""Cards their holder may exchange for a card from their own party's pile."""


def deck_size(players: int) -> int:
    """How many cards are in play: the Nullkarten join only with seven players."""
    return NULL_DECK_SIZE if players == 7 else DECK_SIZE


NAMES_DE: list[str] = [str(card["de"]) for card in CARDS]
NAMES_EN: list[str] = [f"{card['de']} ({card['en']})" for card in CARDS]


def card_name(card: int, lang: str) -> str:
    """The German card name, with the English gloss beside it in English text."""
    return NAMES_DE[card] if lang == "de" else NAMES_EN[card]


def card_text(card: int) -> Text:
    """The card's name in both languages."""
    return Text(card_name(card, "de"), card_name(card, "en"))
