"""The Coppertwaddle deck: one data file (``cards.json``) validated by a schema on load.

The source gives the deck's structure but not its cards; the ruling lists what is known and
asks for the rest to be reconstructed as data, so that anyone holding the printed cards can
correct it without touching code. Every card states whether it is reconstructed and why.

The file is read once at import (a broken file fails loudly, naming the card and the field);
the engine then uses plain tuples indexed by card id, never the pydantic models, so the hot
path stays fast. Card ids are the position of each copy in the file's order.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

Effect = Literal[
    "destroy",
    "boost",
    "cancel_support",
    "divisor",
    "discard_weak",
    "cover",
    "uncover",
    "remove",
    "draw",
    "negate",
    "plus",
    "hazelnut",
    "promote",
    "demote",
]
"""The small effect vocabulary every ability is written in (see the rules page)."""

RANK_EFFECTS = frozenset({"destroy", "boost", "cancel_support", "discard_weak", "cover", "draw"})
"""No rank card turns a card proud: two such abilities could uncover each other for ever
(using an ability covers its card), and a game must have a bound on its length."""
DECLARATION_EFFECTS = frozenset({"plus", "hazelnut", "promote", "demote"})
FAVOUR_EFFECTS = frozenset(
    {
        "negate",
        "discard_weak",
        "cancel_support",
        "divisor",
        "cover",
        "uncover",
        "remove",
        "draw",
        "destroy",
    }
)
ROBBING_ONLY = frozenset({"boost", "cancel_support", "divisor"})
"""Effects that only mean something while a robbing is being fought out."""

_NEEDS_AMOUNT = {"boost", "discard_weak", "draw", "plus"}
_NEEDS_RANGE = {"destroy"}

EXPECTED_COUNTS = {"adel": 10, "bauer": 18, "wind": 4, "declaration": 8, "favour": 19}


class DeckError(ValueError):
    """The card data file is broken; the message names the card and the field."""


class Ability(BaseModel):
    """What a card does, in the effect vocabulary."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    effect: Effect
    amount: int | None = Field(None, ge=-9, le=9)
    lo: int | None = Field(None, ge=0, le=9)
    hi: int | None = Field(None, ge=0, le=9)
    rank: Literal["adel", "bauer"] | None = None
    partner: str | None = None
    below_own: bool = False
    """For destroy: the range ends just below the card's own power (so a Birthday on it
    widens it), instead of at ``hi``."""

    @model_validator(mode="after")
    def _parameters_fit_the_effect(self) -> Ability:
        if self.effect in _NEEDS_AMOUNT and self.amount is None:
            raise ValueError(f"effect {self.effect} needs an amount")
        if self.effect in _NEEDS_RANGE and (
            self.lo is None or self.hi is None or self.lo > self.hi
        ):
            raise ValueError(f"effect {self.effect} needs lo <= hi")
        if self.effect == "boost" and self.rank is None:
            raise ValueError("effect boost needs the rank it helps")
        return self


class Card(BaseModel):
    """One card design of the deck (``copies`` physical cards share it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=40)
    english: str | None = Field(None, max_length=40)
    kind: Literal["rank", "declaration", "favour"]
    rank: Literal["adel", "bauer"] | None = None
    strength: int | None = Field(None, ge=0, le=9)
    copies: int = Field(1, ge=1, le=6)
    wind: bool = False
    ability: Ability | None = None
    reconstructed: bool
    reason: str | None = Field(None, max_length=200)

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if self.kind == "rank":
            if self.rank is None or self.strength is None:
                raise ValueError("a rank card needs a rank and a strength")
            allowed = RANK_EFFECTS
        else:
            if self.rank is not None or self.strength is not None:
                raise ValueError("only rank cards have a rank and a strength")
            allowed = DECLARATION_EFFECTS if self.kind == "declaration" else FAVOUR_EFFECTS
            if self.ability is None:
                raise ValueError(f"a {self.kind} card needs an ability")
        if self.ability is not None and self.ability.effect not in allowed:
            raise ValueError(f"effect {self.ability.effect} is not for a {self.kind} card")
        if self.wind and (self.rank != "bauer" or self.strength != 0 or self.ability):
            raise ValueError("a Wind is a Bauer of strength 0 without an ability")
        if self.reconstructed and not self.reason:
            raise ValueError("a reconstructed card needs a one-line reason")
        return self


def parse_deck(text: str, source: str = "cards.json") -> list[Card]:
    """The validated card designs in ``text``; ``DeckError`` names the card and the field."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckError(f"{source}: not valid JSON: {error}") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise DeckError(f'{source}: expected an object with a "cards" list')
    cards: list[Card] = []
    for index, entry in enumerate(raw["cards"]):
        label = entry.get("name") if isinstance(entry, dict) else None
        try:
            cards.append(Card.model_validate(entry))
        except ValidationError as error:
            problem = error.errors()[0]
            field = ".".join(str(part) for part in problem["loc"]) or "(card)"
            raise DeckError(
                f"{source}: card #{index} {label!r}, field {field}: {problem['msg']}"
            ) from None
    _check_deck(cards, source)
    return cards


def _check_deck(cards: list[Card], source: str) -> None:
    names = [card.name for card in cards]
    for card in cards:
        if names.count(card.name) > 1:
            raise DeckError(f"{source}: card {card.name!r}, field name: appears twice")
        partner = card.ability.partner if card.ability else None
        if partner is not None and partner not in names:
            raise DeckError(f"{source}: card {card.name!r}, field ability.partner: unknown card")
    counts = dict.fromkeys(EXPECTED_COUNTS, 0)
    for card in cards:
        if card.kind == "rank":
            counts[card.rank or ""] += card.copies
            counts["wind"] += card.copies if card.wind else 0
        else:
            counts[card.kind] += card.copies
    if not any(card.ability and card.ability.effect == "negate" for card in cards):
        raise DeckError(f"{source}: the deck has no Coppertwaddle (negate) card")
    for key, expected in EXPECTED_COUNTS.items():
        if counts[key] != expected:
            raise DeckError(
                f"{source}: {counts[key]} cards of kind {key}, the rules say {expected}"
            )


def load_deck() -> list[Card]:
    """The deck shipped with the package (read with importlib.resources)."""
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    return parse_deck(text)


DESIGNS = load_deck()
"""The card designs, in file order."""

_copies = [card for card in DESIGNS for _ in range(card.copies)]
DESIGN_OF: tuple[int, ...] = tuple(
    index for index, card in enumerate(DESIGNS) for _ in range(card.copies)
)
"""The design index of each card id: codes name designs, since copies are interchangeable."""
DECK_SIZE = len(_copies)

# Flat per-card-id tables for the engine's hot path.
NAME: tuple[str, ...] = tuple(card.name for card in _copies)
ENGLISH: tuple[str, ...] = tuple(card.english or card.name for card in _copies)
KIND: tuple[str, ...] = tuple(card.kind for card in _copies)
ROW: tuple[int, ...] = tuple(
    (0 if card.rank == "adel" else 1) if card.kind == "rank" else -1 for card in _copies
)
"""0 for Adel (the upper row), 1 for Bauern (the lower row), -1 for other cards."""
STRENGTH: tuple[int, ...] = tuple(card.strength or 0 for card in _copies)
IS_WIND: tuple[bool, ...] = tuple(card.wind for card in _copies)
EFFECT: tuple[str | None, ...] = tuple(
    card.ability.effect if card.ability else None for card in _copies
)
AMOUNT: tuple[int, ...] = tuple(
    (card.ability.amount or 0) if card.ability else 0 for card in _copies
)
RANGE: tuple[tuple[int, int], ...] = tuple(
    (card.ability.lo or 0, card.ability.hi or 0) if card.ability else (0, 0) for card in _copies
)
HELPS_ROW: tuple[int, ...] = tuple(
    (0 if card.ability.rank == "adel" else 1) if card.ability and card.ability.rank else -1
    for card in _copies
)
BELOW_OWN: tuple[bool, ...] = tuple(
    bool(card.ability and card.ability.below_own) for card in _copies
)
PARTNER: tuple[str | None, ...] = tuple(
    card.ability.partner if card.ability else None for card in _copies
)
PLUS: tuple[int, ...] = tuple(
    card.ability.amount or 0
    if card.kind == "declaration" and card.ability and card.ability.effect == "plus"
    else 0
    for card in _copies
)
RECONSTRUCTED: tuple[bool, ...] = tuple(card.reconstructed for card in _copies)


LABEL_EN: tuple[str, ...] = tuple(
    name if english == name else f"{name} ({english})" for name, english in zip(NAME, ENGLISH)
)


def label(card: int, lang: str) -> str:
    """A card's name for players: the German name, with the English gloss in English."""
    return NAME[card] if lang == "de" else LABEL_EN[card]
