"""The rules engine of Siedler von Catan: Deck Building (see the package docstring)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from itertools import compress
from operator import add, gt, itemgetter, mul, sub
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from pydantic import BaseModel, ConfigDict, Field

from games.core import (
    CHANCE,
    Event,
    Game,
    IllegalAction,
    Result,
    State,
    Text,
    check_permutation,
    decode,
    encode,
    random_shuffle,
)
from games.core.checks import why_not
from games.core.contract import ENDED_KEY
from games.core.draws import below, shuffled
from games.core.errors import MALFORMED, NOT_NOW, NOT_YOUR_TURN, SetupError

from . import words
from .cards import (
    ACTION_CARDS,
    BANDIT,
    CARD_INDEX,
    CARDS,
    COSTS,
    HAFEN,
    HAND_SIZE,
    KINDS,
    MEER,
    RESOURCES,
    RITTER_DEF,
    RITTER_OFF,
    ROAD_UNITS,
    SIEDLUNG,
    STADT,
    STARTING_DECK,
    STRASSE,
    SUPPLY,
    WIN_CITIES,
    WUESTE,
    affordable,
    auto_payment,
    leaves_out,
    road_units,
    settle,
)
from .words import (
    ANSWER_FIRST,
    CANNOT_AFFORD,
    NO_CARD,
    NO_CHOICE,
    NO_HELP,
    NOT_BUYABLE,
    NOT_ON_TURN,
    NOT_PLAYABLE,
    PAYMENT_OPEN,
    PAYMENT_SHORT,
    SUPPLY_EMPTY,
    TOO_MANY_CANCELS,
    TextsMixin,
    decode_code,
)

PLAYABLE = (BANDIT, RITTER_DEF, RITTER_OFF, HAFEN, STRASSE)
"""Cards a player plays for their effect in their own turn (Siedlung and Stadt pay)."""
MAX_CANCELS = 3
"""Custom payments a player may abandon per turn (keeps every game finite)."""

CHANCE_PHASES = ("deal", "first", "shuffle", "steal")
REACTION_PHASES = ("defend", "counter", "keep", "drop")
_ANSWERS = {
    "defend": ("accept", "defend"),
    "counter": ("accept", "defend"),
    "keep": ("keep", "return"),
}


class CatanOptions(BaseModel):
    """Table options."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    turn_limit: int = Field(
        150, ge=2, le=1000, description="turns in all after which the game ends drawn"
    )
    first_player: int | None = Field(
        None, ge=0, le=1, description="seat that starts (default: drawn by chance)"
    )
    always_ask: bool = Field(
        True,
        description=(
            "ask an attacked player holding cards whether or not a Ritter (Defensiv) is in hand,"
            " and a player discarding for a Ritter (Offensiv) even when one kind of card is left,"
            " so that no question shows what a hand holds (false: faster, but telling)"
        ),
    )


class CatanPosition(BaseModel):
    """A position for ``Catan.set_up``: the active seat's turn, cards by their German words.

    Each seat has a hand, a draw pile (top card first), a discard pile and the cards lying on
    the table before it. Cards of the supply piles that are placed nowhere stay in the supply;
    starting cards placed nowhere lie in their owner's discard pile (seat 1 takes an odd one),
    so that every card of the game is somewhere, as in play.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    active: int = Field(0, ge=0, le=1, description="whose turn it is")
    hands: tuple[dict[str, int], dict[str, int]] = ({}, {})
    decks: tuple[list[str], list[str]] = ([], [])
    discards: tuple[dict[str, int], dict[str, int]] = ({}, {})
    tables: tuple[dict[str, int], dict[str, int]] = ({}, {})


def _bad_position(de: str, en: str) -> SetupError:
    return SetupError(Text(f"Ungültige Stellung: {de}", f"Invalid position: {en}"))


def _position_counts(cards: dict[str, int]) -> list[int]:
    counts = [0] * KINDS
    for word, amount in cards.items():
        if word not in CARD_INDEX:
            raise _bad_position(f"keine Karte {word!r}", f"no card {word!r}")
        if amount < 0:
            raise _bad_position(f"{word}: weniger als keine", f"{word}: fewer than none")
        counts[CARD_INDEX[word]] += amount
    return counts


LETTERS = "abcdefghijklmn"
"""Draw piles are strings, one letter per card (``a`` = card 0): cheap to copy and store."""
LETTER = {letter: card for card, letter in enumerate(LETTERS)}
_WORD_OF_LETTER = {letter: CARDS[card] for card, letter in enumerate(LETTERS)}


def _pile(counts: list[int]) -> str:
    """The cards of ``counts`` as a pile, by kind: each kind's letter times its count, made in
    C (the discard piles a shuffle reads rarely repeat, so remembering them did not pay).
    """
    return "".join(map(mul, LETTERS, counts))


def _expand(counts: list[int]) -> list[int]:
    cards: list[int] = []
    for card, amount in enumerate(counts):
        cards.extend([card] * amount)
    return cards


def _counts(letters: str) -> list[int]:
    counts = [0] * KINDS
    for letter in letters:
        counts[LETTER[letter]] += 1
    return counts


def _words(counts: list[int]) -> dict[str, int]:
    return dict(_words_of(tuple(counts)))


@lru_cache(maxsize=8192)
def _words_of(counts: tuple[int, ...]) -> dict[str, int]:
    """Remembered (views are built at every step); callers get a copy."""
    return {CARDS[card]: amount for card, amount in enumerate(counts) if amount}


@lru_cache(maxsize=4096)
def _supply_words(supply: tuple[int, ...]) -> dict[str, int]:
    return {CARDS[card]: supply[card] for card in ACTION_CARDS}


def _own_discards(state: CatanState) -> None:
    discard = state["discard"]
    state["discard"] = [discard[0][:], discard[1][:]]


def _own_tasks(state: CatanState) -> list[list[Any]]:
    tasks = state["tasks"] = [task[:] for task in state["tasks"]]
    return tasks


def _random_shuffle(rng: random.Random, size: int) -> str:
    """The same draws and the same code as ``games.core.random_shuffle``, joined directly: the
    generic encoder checks and remembers every argument of a code that is never seen again.
    """
    order = shuffled(rng, size)
    code = "shuffle:" + ":".join(map(_TEXT_OF_NUMBER.__getitem__, order))
    _SAMPLED_SHUFFLE[0] = (code, tuple(order))
    return code


_SAMPLED_SHUFFLE: list[tuple[object, tuple[int, ...]]] = [(object(), ())]
"""The shuffle code drawn last and its order: applying that very code next, as every
simulation does, needs neither its parts read back nor the permutation checked (it is one by
construction). Any other code goes the usual way; the first entry's code is an object no
caller holds."""


_NUMBER = {str(number): number for number in range(96)}  # no pile holds more cards
_TEXT_OF_NUMBER = list(_NUMBER)
_FIRST_CODES = (encode("first", 0), encode("first", 1))


def _shuffle_args(code: object) -> tuple[int, ...] | None:
    """What ``decode`` gives for a shuffle code whose parts are all plain numbers (no sign, no
    leading zero), without its general parser; None for anything else, which goes through
    ``decode`` and gets its answer there. Whether it is a permutation is checked by the caller.
    """
    sampled, order = _SAMPLED_SHUFFLE[0]
    if code is sampled and order:
        return order
    if type(code) is not str or not code.startswith("shuffle:"):
        return None
    try:
        return tuple(map(_NUMBER.__getitem__, code[8:].split(":")))
    except KeyError:
        return None


_IDENTITY = [list(range(size)) for size in range(97)]  # no pile holds more than 96 cards


def _permutation(args: tuple[Any, ...], size: int) -> list[int]:
    """``check_permutation(args, size)``, checked in C where every part is an ``int`` (as
    ``_shuffle_args`` gives them): the general check's generator cost more than the rest of a
    shuffle's move. Anything else gets the general check's answer.
    """
    if args is _SAMPLED_SHUFFLE[0][1] and len(args) == size:
        return list(args)  # the order just drawn, read back from no text (``_shuffle_args``)
    if len(args) == size < len(_IDENTITY) and set(map(type, args)) <= _INTS:
        if sorted(args) == _IDENTITY[size]:
            return list(args)
        raise IllegalAction(MALFORMED)
    return check_permutation(args, size)


_INTS = {int}


# The main phase's menu is built from two parts, each remembered on the few values it reads:
# the codes of the cards in hand (aside, play) and the purchases the hand can pay (buy, pay).
# Codes sort by verb first ("aside" < "buy" < "end" < "pay" < "play"), and each part lists its
# codes in the order of the German words, so the parts joined in that order are sorted.
_BY_WORD = tuple(sorted(range(KINDS), key=lambda card: CARDS[card]))
_ACTIONS_BY_WORD = tuple(card for card in _BY_WORD if card in ACTION_CARDS)
_PLAYABLE_BY_WORD = tuple(card for card in _BY_WORD if card in PLAYABLE)


_HELD = bytes([0] + [1] * 255)
"""``bytes.translate`` table: a count of cards (below 256: the whole deck is smaller) to 1 if
any, else 0."""


def _hand_codes(held: bytes) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The aside codes and the play codes of a hand, each in code order, from ``held``: per
    kind 1 if the hand has one, else 0 (``bytes(hand).translate(_HELD)``, made in C). Only that
    is read, so the counts stay out of the key, and far fewer keys than hands fill the cache
    (``_HAND_CODES``: at most one entry per set of kinds, 2 ** 14).
    """
    codes = _HAND_CODES.get(held)
    if codes is None:
        # Selected in C (a new key comes at one decision in ten, early on).
        asides = tuple(compress(_ASIDE_CODES_BY_WORD, map(held.__getitem__, _BY_WORD)))
        plays = tuple(compress(_PLAY_CODES_BY_WORD, map(held.__getitem__, _PLAYABLE_BY_WORD)))
        codes = _HAND_CODES[held] = asides, plays
    return codes


_HAND_CODES: dict[bytes, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _purchases(paying: tuple[int, ...], pool: int, roads: int, custom: bool) -> int:
    """The cards a hand can buy and those it may pay card by card, as the bits of one number
    (``_BUY_BIT`` and ``_PAY_BIT``), from the hand cards a payment can use (``_PAYING_CARDS``),
    the turn's Strassen and whether a custom payment may still start.

    ``affordable`` and ``_has_alternative`` for every card at once: the resource cards that
    match each price come from ``_price_terms`` (one entry per mix of resource cards), the
    rest is shared by all cards.
    """
    resources = paying[:5]
    prices = _TERMS.get(resources)
    if prices is None:
        if len(_TERMS) >= _TERMS_KEPT:
            _TERMS.clear()
        prices = _TERMS[resources] = _price_terms(resources)
    terms, buyable = prices
    wueste, strasse, siedlung, stadt = paying[5:]
    wild = 3 * stadt + pool + ROAD_UNITS[roads + strasse] - ROAD_UNITS[roads]
    # ``affordable`` of every card by its units of choice (a Siedlung gives 2 where it may pay,
    # for anything but a Stadt, which needs one besides).
    with_settlements = wild + 2 * siedlung
    purchases = buyable[min(5, with_settlements)] & _BUY_BUT_STADT
    if not wueste:
        purchases &= _BUY_BUT_BANDIT
    if siedlung:
        purchases |= buyable[min(5, wild)] & _BUY_BIT[STADT]
    if not custom:
        return purchases
    capped = min(2, roads)
    for card, missing, surplus, buy_bit, pay_bit in terms:
        if not purchases & buy_bit:
            continue
        settlements = 0 if card == STADT else siedlung
        # ``_alternative(card, strasse, settlements, stadt, roads, missing - pool, surplus)``
        # written out: a new key of the main menu asks it of every card it can buy.
        short = missing - pool
        trades = surplus // 2
        if short < trades:  # noqa: PLR1730 (min and max are calls, made per card here)
            trades = short
        if trades < 0:  # noqa: PLR1730
            trades = 0
        if short <= trades:
            if surplus - 2 * trades + strasse + stadt + settlements > 0:
                purchases |= pay_bit
        elif surplus % 2 or leaves_out(short, surplus, capped, strasse, settlements, stadt):
            purchases |= pay_bit
    return purchases


_Terms = tuple[tuple[tuple[int, int, int, int, int], ...], tuple[int, ...]]


def _price_terms(resources: tuple[int, ...]) -> _Terms:
    """Per action card in code order: the card, the units its price lacks after the matching
    resource cards of ``resources``, the resource cards the price does not use, and its bits
    (``_BUY_BIT``, ``_PAY_BIT``); and by the units of choice a hand has (0 to 5, which pays
    any price's rest) the buy bits of the cards whose price they cover together with the
    matching cards and trades of two resource cards for one.
    """
    held = sum(resources)
    terms = []
    buyable = [0] * 6
    for card, price, needs in _PRICES_BY_WORD:
        matched = sum([min(need, resources[kind]) for kind, need in needs])
        missing = price - matched
        surplus = held - matched
        terms.append((card, missing, surplus, _BUY_BIT[card], _PAY_BIT[card]))
        for units in range(max(0, missing - surplus // 2) if missing else 0, 6):
            buyable[units] |= _BUY_BIT[card]
    return tuple(terms), tuple(buyable)


_TERMS: dict[tuple[int, ...], _Terms] = {}
"""``_price_terms`` by the resource cards of a hand (few mixes recur across games)."""
_TERMS_KEPT = 1 << 15


_PRICES_BY_WORD = tuple(
    (card, sum(COSTS[card]), tuple((kind, need) for kind, need in enumerate(COSTS[card]) if need))
    for card in _ACTIONS_BY_WORD
)
"""Per action card in code order: the card, its resource count and its (resource, count)s."""


_PAYING_CARDS = itemgetter(*RESOURCES, WUESTE, STRASSE, SIEDLUNG, STADT)
"""The hand counts a payment can use, as one tuple (the key of ``_purchases``'s values)."""
_PURCHASES: dict[tuple[Any, ...], int] = {}
"""``_purchases`` by ``legal_actions``'s key."""
_PURCHASES_KEPT = 1 << 16
"""Entries ``_PURCHASES`` holds at most (then it starts again: the keys of one game repeat)."""
_BUY_BIT = {card: 1 << index for index, card in enumerate(_ACTIONS_BY_WORD)}
_PAY_BIT = {card: bit << len(_ACTIONS_BY_WORD) for card, bit in _BUY_BIT.items()}
_ALL_PURCHASES = (1 << 2 * len(_ACTIONS_BY_WORD)) - 1
_BUY_BUT_STADT = sum(_BUY_BIT.values()) & ~_BUY_BIT[STADT]
_BUY_BUT_BANDIT = ~_BUY_BIT[BANDIT]


def _middle(purchases: int) -> tuple[str, ...]:
    """The buy codes, ``end`` and the pay codes of the main phase's menu, in code order, for
    the bits of ``_purchases``.
    """
    return (
        *[BUY_CODES[card] for card in _ACTIONS_BY_WORD if purchases & _BUY_BIT[card]],
        "end",
        *[PAY_CODES[card] for card in _ACTIONS_BY_WORD if purchases & _PAY_BIT[card]],
    )


_MIDDLES: list[tuple[str, ...] | None] = [None] * (_ALL_PURCHASES + 1)
"""``_middle`` by its number, made when first asked (few numbers occur)."""
_last_supply: tuple[Any, list[int], int] = (None, [], _ALL_PURCHASES)
"""The supply ``_supplied`` was last asked about, a copy of it, and its answer. A supply
list is shared by every state until a purchase makes a new one, so the main menus of most
decisions ask about the very same list: it is handed out only for that list, and only while
the list still equals the copy, so a caller that edits a supply in place gets a fresh answer.
Replaced as a whole."""


def _supplied(supply: list[int]) -> int:
    """The bits of ``_purchases`` (both of them) of the cards whose supply pile is not empty:
    all of them while no pile is empty (the supply then holds no 0 but those of the kinds
    without a pile, which a count made in C tells); remembered as ``_last_supply``.
    """
    global _last_supply
    supplied = _ALL_PURCHASES
    if supply.count(0) != _NEVER_SUPPLIED:
        piles = bytes(supply).translate(_HELD)  # made in C; a count stays below 256
        known = _SUPPLIED.get(piles)
        if known is None:
            for card in ACTION_CARDS:
                if not supply[card]:
                    supplied &= ~(_BUY_BIT[card] | _PAY_BIT[card])
            known = _SUPPLIED[piles] = supplied
        supplied = known
    _last_supply = (supply, supply[:], supplied)
    return supplied


_SUPPLIED: dict[bytes, int] = {}
"""``_supplied`` by the supply's ``_HELD`` (few: piles only ever run empty, 2 ** 7 at most)."""


_NEVER_SUPPLIED = SUPPLY.count(0)
"""Kinds with no supply pile (the starting cards): always 0 in the supply."""


def _has_alternative(card: int, hand: tuple[int, ...], pool: int, roads: int) -> bool:
    """Whether a custom payment could differ from the automatic one: some card that could help
    pay is left out of it (otherwise the choice would make no difference and is not offered).
    """
    cost = COSTS[card]
    missing = -pool
    surplus = 0
    for kind in RESOURCES:
        diff = hand[kind] - cost[kind]
        if diff >= 0:
            surplus += diff
        else:
            missing -= diff
    settlements = hand[SIEDLUNG] if card != STADT else 0
    return _alternative(card, hand[STRASSE], settlements, hand[STADT], roads, missing, surplus)


def _alternative(
    card: int,
    strassen: int,
    settlements: int,
    cities: int,
    roads: int,
    missing: int,
    surplus: int,
) -> bool:
    """``_has_alternative`` once its sums are known: the hand's Strassen, Siedlungen that may
    pay (none for a Stadt) and Stadt cards, ``missing`` units the price lacks after the
    matching resource cards and the pool, ``surplus`` resource cards the price does not use.
    """
    trades = max(0, min(missing, surplus // 2))
    if missing <= trades:
        # Fast path: matching cards, the road pool and trades pay; the automatic payment then
        # uses exactly those, so any other helpful card is an alternative.
        return surplus - 2 * trades + strassen + cities + settlements > 0
    if surplus % 2:
        return True  # one leftover resource card can never be part of a trade pair
    # Every resource card is then in the automatic payment: what it adds and puts back of the
    # rest depends on a few counts, remembered as such (a hand's cards rarely repeat). Beyond
    # two Strassen played, each further one adds 2 units (``road_units``) as the third does.
    return leaves_out(missing, surplus, min(2, roads), strassen, settlements, cities)


_RANKS = {"play": 0, "buy": 1, "pay": 1, "end": 2}

BUY_CODES = tuple("buy:" + word for word in CARDS)
USE_CODES = tuple("use:" + word for word in CARDS)


def _covered(state: CatanState) -> bool:
    """Whether the custom payment's chosen cards cover the price."""
    pay = state["pay"]
    return _pays_price(pay["card"], tuple(pay["used"]), state["pool"], state["roads"])


@lru_cache(maxsize=4096)
def _pays_price(card: int, used: tuple[int, ...], pool: int, roads: int) -> bool:
    outcome = settle(card, list(used), pool, roads)
    return outcome is not None and outcome[0] == 0


@lru_cache(maxsize=4096)
def _payment(card: int, used: tuple[int, ...], pool: int, roads: int) -> tuple[int, int, int]:
    """What paying ``card`` with ``used``, which covers its price, comes to: the pool left
    after it, the trades (two resource cards for one) and the pool units it took. Remembered:
    the automatic payments of a hand repeat.
    """
    outcome = settle(card, list(used), pool, roads)
    assert outcome is not None and outcome[0] == 0
    _missing, pool_after, traded = outcome
    pool_used = pool + road_units(roads + used[STRASSE]) - road_units(roads) - pool_after
    return pool_after, sum(traded) // 2, pool_used


PAY_CODES = tuple("pay:" + word for word in CARDS)
DROP_CODES = tuple("drop:" + word for word in CARDS)
_DROP_MENUS: dict[bytes, tuple[str, ...]] = {}
"""The drop phase's menu by the kinds in hand (``_HELD``; at most 2 ** 14 entries)."""
ASIDE_CODES = tuple("aside:" + word for word in CARDS)
PLAY_CODES = tuple("play:" + word for word in CARDS)
_ASIDE_CODES_BY_WORD = tuple(ASIDE_CODES[card] for card in _BY_WORD)
_PLAY_CODES_BY_WORD = tuple(PLAY_CODES[card] for card in _PLAYABLE_BY_WORD)
"""The aside and play codes in code order, as ``_hand_codes`` selects from them."""
_ASIDE_CARD = {code: card for card, code in enumerate(ASIDE_CODES)}
_END_MOVE = KINDS
_PLAY_MOVE = _END_MOVE + 1
_BUY_MOVE = _PLAY_MOVE + KINDS
_MAIN_MOVES = {
    **_ASIDE_CARD,
    "end": _END_MOVE,
    **{PLAY_CODES[card]: _PLAY_MOVE + card for card in PLAYABLE},
    **{BUY_CODES[card]: _BUY_MOVE + card for card in ACTION_CARDS},
}
"""The codes of one's own turn that ``apply`` takes the short way, each to one number: below
``_END_MOVE`` setting that card aside, then ending the turn, then ``_PLAY_MOVE`` plus the card
played, then ``_BUY_MOVE`` plus the card bought."""
_tuple_new = tuple.__new__
"""``_tuple_new(Event, (kind, data, to))`` makes an event without the named tuple's
Python-level ``__new__`` (several per move)."""


def _end_turn_quickly(state: State, seat: int) -> tuple[State, list[Event]] | None:
    """``end`` for the common turn change, or None where the general path is needed: the draw
    pile holds the whole refill (no reshuffle to wait for), the turn limit is not reached and
    the next seat does not win at once. Then the move is ``_end_turn`` with the task queue
    worked through in place: the same state and events, with only the lists it edits copied.
    """
    hands = state["hand"]
    hand = hands[seat]
    held = sum(hand)
    count = HAND_SIZE - held if held < 4 else 3
    deck = state["deck"][seat]
    other = 1 - seat
    turn = state["turn"] + 1
    if (
        len(deck) < count
        or turn > state["options"]["turn_limit"]
        or hands[other][STADT] >= WIN_CITIES
    ):
        return None
    new = state.copy()
    drawn = deck[:count]
    hand = hand[:]
    for card in map(LETTER.__getitem__, drawn):
        hand[card] += 1
    new["hand"] = [hand, hands[1]] if seat == 0 else [hands[0], hand]
    decks = new["deck"] = state["deck"][:]
    decks[seat] = deck[count:]
    discards = new["discard"] = state["discard"][:]
    tables = new["table"] = state["table"][:]
    discards[seat] = list(map(add, discards[seat], tables[seat]))
    tables[seat] = [0] * KINDS
    new["tasks"] = []
    new["turn"] = turn
    new["active"] = other
    new["roads"] = new["pool"] = new["cancels"] = 0
    return new, [
        _tuple_new(Event, ("turn_end", {"seat": seat, "draw": count}, None)),
        _tuple_new(Event, ("draw", {"seat": seat, "count": count}, None)),
        _tuple_new(Event, ("drew", {"cards": list(map(_WORD_OF_LETTER.__getitem__, drawn))}, seat)),
        _tuple_new(Event, ("turn", {"seat": other, "turn": turn}, None)),
    ]


_SHALLOW_CODES: dict[str, frozenset[str]] = {
    "play": frozenset(PAY_CODES[card] for card in ACTION_CARDS),
    "pay": frozenset(("cancel", *USE_CODES)),
}
"""Per phase, the codes whose move edits nothing below the state's first level (see
``_apply_play`` and ``_apply_pay``: a new payment dict, the phase, the cancel count)."""


class CatanState(TypedDict):
    """A Catan table: card counts per kind (``KINDS``) for hands, tables, discards and the
    supply, draw piles as letter strings, and the pending answers and tasks.
    """

    options: dict[str, Any]
    phase: str
    ask: Any  # int, or None
    active: int
    turn: int
    hand: list[list[int]]
    deck: list[str]
    discard: list[list[int]]
    table: list[list[int]]
    supply: list[int]
    roads: int
    pool: int
    cancels: int
    tasks: list[list[Any]]
    dealt: int
    shuffle_seat: Any  # int, or None
    attack: Any  # dict[str, int], or None
    steal: Any  # list[int], or None
    stolen: Any  # int, or None
    drops: int
    pay: Any  # dict[str, Any], or None
    winner: Any  # int, or None
    end: Any  # str, or None
    always_ask: NotRequired[bool]
    """The option of that name, present only when on: states stored before it existed lack it
    and play on as those tables were played (asked only when the answer could differ), and so
    do their replays, whose stored options migration 0024 turned off."""


def _own_seat_copy(state: State, seat: int) -> tuple[State, list[int], list[int]]:
    """A copy of ``state`` for a move that edits only ``seat``'s hand and table (setting a card
    aside, playing a Strasse): those two lists are new, everything else is shared with
    ``state``. The copy and its two new lists.
    """
    new = state.copy()
    hands = new["hand"] = state["hand"][:]
    hand = hands[seat] = hands[seat][:]
    tables = new["table"] = state["table"][:]
    table = tables[seat] = tables[seat][:]
    return new, hand, table


class CatanDeckbuilding(TextsMixin, Game):
    """Siedler von Catan: Deck Building for two players."""

    id = "catan-deckbuilding"
    name = Text("Siedler von Catan: Deck Building", "Settlers of Catan: Deck Building")
    min_players = 2
    max_players = 2
    Options = CatanOptions
    Position = CatanPosition
    summary = Text(
        "Deckbau: wer in seinem Zug drei Städte auf der Hand hat, gewinnt.",
        "Deck building: hold three Stadt (city) cards in your turn to win.",
    )
    draw_events = frozenset({"drew"})

    # ----- facts -------------------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, code: str, *, checked: bool = True
    ) -> tuple[State, list[Event]]:
        """``Game.apply``, with the commonest moves taken the short way: a card set aside or a
        Strasse played in one's own turn changes one hand and one table, so only those two lists
        are copied (the other seat's stay shared, as ``copy_state`` shares what a move does not
        edit); the end of a turn see ``_end_turn_quickly``; a purchase paid automatically
        copies the buyer's hand and table alone too (``_pay`` copies the supply and the discard
        piles itself); and the steps of a custom payment but the last (``_SHALLOW_CODES``)
        replace the payment or set single values, so the state's first level is all they need
        copied. One lookup (``_MAIN_MOVES``) tells the moves of one's own turn apart.
        """
        move = _MAIN_MOVES.get(code)
        if move is None or state["phase"] != "play" or seat != state["active"]:
            if code in _SHALLOW_CODES.get(state["phase"], ()):
                if checked:
                    self.check(state, seat, code)
                new = state.copy()
                events: list[Event] = []
                self._apply(new, seat, code, events)
                return new, events
            return super().apply(state, seat, code, checked=checked)
        if checked:
            self.check(state, seat, code)
        if move < _END_MOVE:  # set aside: ``move`` is the card
            hands = state["hand"]
            hand = hands[seat][:]
            if not hand[move]:
                raise IllegalAction(NO_CARD)
            # ``_own_seat_copy`` written out: half the decisions are this move.
            new = state.copy()
            tables = state["table"]
            table = tables[seat][:]
            if seat:
                new["hand"] = [hands[0], hand]
                new["table"] = [tables[0], table]
            else:
                new["hand"] = [hand, hands[1]]
                new["table"] = [table, tables[1]]
            hand[move] -= 1
            table[move] += 1
            # ``Event``'s tuple made directly, without the named tuple's Python-level ``__new__``.
            return new, [_tuple_new(Event, ("aside", {"seat": seat, "card": CARDS[move]}, None))]
        if move == _END_MOVE:
            ended = _end_turn_quickly(state, seat)
            if ended is not None:
                return ended
            return super().apply(state, seat, code, checked=False)
        if move < _BUY_MOVE:  # play a card
            card = move - _PLAY_MOVE
            if not state["hand"][seat][card]:
                raise IllegalAction(NO_CARD)
            if card == STRASSE:  # draws nothing, hits nobody
                new, _, _ = _own_seat_copy(state, seat)
            else:
                # ``Game.apply`` without its call, the decoder and ``_apply_play``'s dispatch:
                # the same check, the same copy and the same step.
                new = self.copy_state(state)
            events = []
            self._play(cast(CatanState, new), seat, card, events)
            return new, events
        buy = move - _BUY_MOVE
        # ``_check_buyable`` with its last test left to ``auto_payment``, which finds no
        # payment exactly when ``affordable`` says no (its first step; a buy code names an
        # action card).
        if not state["supply"][buy]:
            raise IllegalAction(SUPPLY_EMPTY)
        used = auto_payment(buy, state["hand"][seat], state["pool"], state["roads"])
        if used is None:
            raise IllegalAction(CANNOT_AFFORD)
        # A purchase edits the buyer's hand and table; ``_pay`` copies the supply and the
        # discard piles itself, and nothing else changes below the first level.
        new, _, _ = _own_seat_copy(state, seat)
        events = []
        self._pay(cast(CatanState, new), seat, buy, used, events)
        return new, events

    def copy_state(self, state: State) -> State:
        """The copy ``_apply`` edits: hands, tables and draw piles, which nearly every move changes,
        are new lists; everything else is shared with the given state and copied by the few steps
        that edit it in place (``_own_discards``, ``_own_tasks``; a purchase copies the supply, a
        card added to a custom payment the payment). The options are never edited.
        """
        new = state.copy()
        hand, table = state["hand"], state["table"]
        new["hand"] = [hand[0][:], hand[1][:]]
        new["table"] = [table[0][:], table[1][:]]
        new["deck"] = state["deck"][:]
        return new

    def max_decisions(self, players: int, options: BaseModel) -> int:
        """A loose but true bound: every turn moves at most all 96 cards, a few times over."""
        assert isinstance(options, CatanOptions)
        # Per turn: each card reaches the table at most once (<= 96 plays, asides, payment
        # cards), buys are bounded by cards plus Strassen units (<= 96 + 200), custom payments
        # by MAX_CANCELS + buys, each attack by 8 decisions and chance outcomes, each draw by
        # one reshuffle. 4000 covers all of it with room.
        return 8 + (options.turn_limit + 1) * 4000

    def _set_up(self, players: int, options: BaseModel, position: Any) -> State:
        """The active seat's turn at ``position`` (see ``CatanPosition``), after a real deal."""
        assert isinstance(position, CatanPosition)
        state = self.initial_state(players, options)
        while state["phase"] in ("deal", "first"):
            code = "first:0" if state["phase"] == "first" else random_shuffle(random.Random(0), 21)
            state, _events = self.apply(state, CHANCE, code)
        hands = [_position_counts(hand) for hand in position.hands]
        discards = [_position_counts(pile) for pile in position.discards]
        tables = [_position_counts(pile) for pile in position.tables]
        for deck in position.decks:
            _position_counts(dict.fromkeys(deck, 0))  # every word names a card
        placed = [0] * KINDS
        for seat in range(2):
            for word in position.decks[seat]:
                placed[CARD_INDEX[word]] += 1
            for kind in range(KINDS):
                placed[kind] += hands[seat][kind] + discards[seat][kind] + tables[seat][kind]
        supply = [0] * KINDS
        for kind in range(KINDS):
            exists = 2 * STARTING_DECK[kind] + SUPPLY[kind]
            if placed[kind] > exists:
                raise _bad_position(
                    f"{CARDS[kind]} gibt es nur {exists}-mal",
                    f"there are only {exists} {CARDS[kind]}",
                )
            left = exists - placed[kind]
            supply[kind] = min(left, SUPPLY[kind])
            starting = left - supply[kind]
            discards[1][kind] += starting - starting // 2
            discards[0][kind] += starting // 2
        state.update(
            {
                "phase": "play",
                "active": position.active,
                "hand": hands,
                "deck": [
                    "".join(LETTERS[CARD_INDEX[word]] for word in deck) for deck in position.decks
                ],
                "discard": discards,
                "table": tables,
                "supply": supply,
            }
        )
        return state

    def initial_state(self, players: int, options: BaseModel) -> State:
        """Both starting decks unshuffled, the supply full; chance shuffles next."""
        assert isinstance(options, CatanOptions)
        state: State = {
            # Without ``always_ask``: a state keeps its own flag (below), so that the states of
            # tables played before the option are what a replay of their logs gives.
            "options": options.model_dump(exclude={"always_ask"}),
            "phase": "deal",
            "ask": None,
            "active": 0,
            "turn": 0,
            "hand": [[0] * KINDS, [0] * KINDS],
            "deck": [_pile(STARTING_DECK), _pile(STARTING_DECK)],
            "discard": [[0] * KINDS, [0] * KINDS],
            "table": [[0] * KINDS, [0] * KINDS],
            "supply": list(SUPPLY),
            "roads": 0,
            "pool": 0,
            "cancels": 0,
            "tasks": [],
            "dealt": 0,
            "shuffle_seat": None,
            "attack": None,
            "steal": None,
            "stolen": None,
            "drops": 0,
            "pay": None,
            "winner": None,
            "end": None,
        }
        if options.always_ask:
            state["always_ask"] = True
        return state

    # ----- whose move ----------------------------------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        """Chance, the active seat, or the seat whose answer is pending."""
        # ``ended_by_forfeit`` without the call (asked every step).
        if ENDED_KEY in state and state[ENDED_KEY]:  # noqa: RUF019 (``get`` is a call)
            return []
        phase = state["phase"]
        if phase == "play" or phase == "pay":
            return [state["active"]]
        if phase in REACTION_PHASES:
            return [state["ask"]]
        if phase == "over":
            return []
        return [CHANCE]

    def legal_actions(self, state: State, seat: int) -> list[str]:
        """The codes ``seat`` may play now, sorted.

        Each verb goes through its one check (``why_not_<verb>``). The main phase's menu comes
        from tables remembered on the hand (``_hand_codes``, ``_purchases``), built with the same
        rules the checks ask (``PLAYABLE``, ``affordable``, ``_has_alternative``), because
        asking the checks card by card at every decision would cost more than the move itself.
        """
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(CatanState, state)
        phase = state["phase"]
        if phase == "play":  # ``_main_phase`` of the play phase, without the call
            if seat != state["active"]:
                return []
            hand = state["hand"][seat]
            held = bytes(hand).translate(_HELD)
            # ``_hand_codes`` without the call where its table knows the hand's kinds.
            codes = _HAND_CODES.get(held)
            asides, plays = _hand_codes(held) if codes is None else codes
            # The middle of the menu (buy, end, pay) on one key made in C: the hand cards a
            # payment can use, the turn's Strassen and whether a custom payment may still start.
            pool = state["pool"]
            roads = state["roads"]
            key = (
                _PAYING_CARDS(hand),
                # Exact, and fewer keys: a pool of 5 pays any price's rest, and from the second
                # Strasse on each one adds 2 units (``road_units``).
                pool if pool < 5 else 5,  # noqa: FURB136 (a call to min costs more, at every step)
                roads if roads < 2 else 2,  # noqa: FURB136
                state["cancels"] < MAX_CANCELS,
            )
            purchases = _PURCHASES.get(key)
            if purchases is None:
                purchases = _purchases(*key)
                if len(_PURCHASES) >= _PURCHASES_KEPT:
                    _PURCHASES.clear()
                _PURCHASES[key] = purchases
            # The supply stays out of the key (its empty piles vary from game to game, the
            # hands' purchases do not): the cards of empty piles come out by their bits, from
            # ``_supplied`` without its call where ``_last_supply`` still answers.
            supply = state["supply"]
            known, seen, supplied = _last_supply
            if supply is not known or supply != seen:
                supplied = _supplied(supply)
            purchases &= supplied
            middle = _MIDDLES[purchases]
            if middle is None:
                middle = _MIDDLES[purchases] = _middle(purchases)
            return [*asides, *middle, *plays]
        if phase in REACTION_PHASES:
            if phase == "drop":
                if self.why_not_drop(state, seat, None) is not None:
                    return []
                # In code order: by the German words, as the aside codes (``_hand_codes``).
                held = bytes(state["hand"][seat]).translate(_HELD)
                codes = _DROP_MENUS.get(held)
                if codes is None:
                    codes = _DROP_MENUS[held] = tuple(
                        DROP_CODES[card] for card in _BY_WORD if held[card]
                    )
                return list(codes)
            return [verb for verb in _ANSWERS[phase] if self._check_word(state, seat, verb)]
        if phase == "pay":
            if seat != state["active"]:  # ``_paying`` in the pay phase, without the call
                return []
            pay = state["pay"]
            card = pay["card"]
            used = pay["used"]
            # ``_covered`` without the call: a covered price takes no further card.
            if _pays_price(card, tuple(used), state["pool"], state["roads"]):
                return ["cancel", "confirm"]
            # In code order: "cancel" sorts before "use:", the kinds go by their words.
            # ``_why_not_use_card`` for a short payment, kind by kind: a card left in hand
            # that helps (``_HELPING``), selected in C.
            helping, codes = _HELPING_USES[card][not used[WUESTE]]
            return [
                "cancel",
                *compress(codes, map(gt, helping(state["hand"][seat]), helping(used))),
            ]
        return []

    def select_groups(self, state: State, seat: int) -> dict[str, Text]:
        """Setting a card aside has no effect: one menu after the moves that do something."""
        return {"aside": words.SET_ASIDE}

    def action_rank(self, state: State, seat: int, code: str) -> int:
        """Playing a card first, then buying, ending the turn last."""
        return _RANKS.get(code.split(":", 1)[0], 1)

    def confirm_question(self, state: State, seat: int, code: str) -> Text | None:
        """Ending the turn while a card in hand could still be played asks first."""
        if code != "end" or state["phase"] != "play" or seat != state["active"]:
            return None
        if any(other.startswith("play:") for other in self.legal_actions(state, seat)):
            return words.END_WITH_CARDS
        return None

    def turn_number(self, state: State) -> int | None:
        """The turn counter (the reactions an attack asks for belong to the attacker's turn)."""
        return int(state["turn"])

    # ----- one check per verb (``games.core.checks``) ------------------------------------------
    # A code with arguments its verb does not take is "not possible now", as it always was here.

    def _check_word(self, state: CatanState, seat: int, verb: str) -> bool:
        """Whether the check of ``verb`` (a code without arguments) allows it."""
        check: Callable[[CatanState, int, tuple[Any, ...]], Text | None] = getattr(
            self, "why_not_" + verb
        )
        return check(state, seat, ()) is None

    @staticmethod
    def _main_phase(state: CatanState, seat: int) -> Text | None:
        """Why ``seat`` cannot make a move of its own turn (buy, play, set aside, end) now."""
        phase = state["phase"]
        if phase == "play":  # asked at every decision: the common case first
            return None if seat == state["active"] else NOT_ON_TURN
        if phase in REACTION_PHASES:
            return ANSWER_FIRST
        if phase == "pay":
            return PAYMENT_OPEN
        return NOT_NOW

    @staticmethod
    def _paying(state: CatanState, seat: int) -> Text | None:
        """Why ``seat`` cannot work on a custom payment now."""
        phase = state["phase"]
        if phase in REACTION_PHASES:
            return ANSWER_FIRST
        if phase != "pay":
            return NOT_NOW
        if seat != state["active"]:
            return NOT_ON_TURN
        return None

    @staticmethod
    def _answering(state: CatanState, seat: int, phases: tuple[str, ...]) -> Text | None:
        """Why ``seat`` cannot give an answer asked for in one of ``phases`` now."""
        phase = state["phase"]
        if phase == "pay":
            return PAYMENT_OPEN
        if phase not in phases:
            return ANSWER_FIRST if phase in REACTION_PHASES else NOT_NOW
        if seat != state["ask"]:
            return NOT_YOUR_TURN
        return None

    @staticmethod
    def _card_of(args: tuple[Any, ...]) -> int | None:
        return CARD_INDEX.get(args[0]) if len(args) == 1 and isinstance(args[0], str) else None

    def why_not_end(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The active seat ends its turn."""
        reason = self._main_phase(state, seat)
        if reason is not None or args is None:
            return reason
        return NOT_NOW if args else None

    def why_not_aside(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Any card of one's hand goes on the table without effect."""
        reason = self._main_phase(state, seat)
        if reason is not None or args is None:
            return reason
        card = self._card_of(args)
        if card is None:
            return NOT_NOW
        return None if state["hand"][seat][card] else NO_CARD

    def why_not_play(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A card with an effect (``PLAYABLE``) from one's hand."""
        reason = self._main_phase(state, seat)
        if reason is not None or args is None:
            return reason
        card = self._card_of(args)
        if card is None:
            return NOT_NOW
        if card not in PLAYABLE:
            return NOT_PLAYABLE
        return None if state["hand"][seat][card] else NO_CARD

    def why_not_buy(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A card of the supply that is not used up and that the hand can pay."""
        reason = self._main_phase(state, seat)
        if reason is not None or args is None:
            return reason
        card = self._card_of(args)
        if card is None:
            return NOT_NOW
        if card not in ACTION_CARDS:
            return NOT_BUYABLE
        if not state["supply"][card]:
            return SUPPLY_EMPTY
        if not affordable(card, state["hand"][seat], state["pool"], state["roads"]):
            return CANNOT_AFFORD
        return None

    def why_not_pay(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A purchase paid card by card: a few times a turn, and only where the choice of cards
        could make a difference.
        """
        reason = self._main_phase(state, seat)
        if reason is not None or args is None:
            return reason
        card = self._card_of(args)
        if card is None:
            return NOT_NOW
        if card not in ACTION_CARDS:
            return NOT_BUYABLE
        if not state["supply"][card]:
            return SUPPLY_EMPTY
        if state["cancels"] >= MAX_CANCELS:
            return TOO_MANY_CANCELS
        hand, pool, roads = state["hand"][seat], state["pool"], state["roads"]
        if not affordable(card, hand, pool, roads):
            return CANNOT_AFFORD
        return None if _has_alternative(card, tuple(hand), pool, roads) else NO_CHOICE

    def why_not_use(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """One more hand card for the payment, while it is short and the card helps."""
        reason = self._paying(state, seat)
        if reason is not None or args is None:
            return reason
        kind = self._card_of(args)
        if kind is None:
            return NOT_NOW
        return self._why_not_use_card(state, seat, kind, _covered(state))

    def _why_not_use_card(
        self, state: CatanState, seat: int, kind: int, covered: bool
    ) -> Text | None:
        """The part of ``why_not_use`` about the card (``covered``: see ``_covered``)."""
        pay = state["pay"]
        if state["hand"][seat][kind] <= pay["used"][kind]:
            return NO_CARD
        if covered or not self._helps(pay["card"], kind, pay["used"]):
            return NO_HELP
        return None

    def why_not_confirm(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Once the chosen cards cover the price."""
        reason = self._paying(state, seat)
        if reason is not None or args is None:
            return reason
        if args:
            return NOT_NOW
        return None if _covered(state) else PAYMENT_SHORT

    def why_not_cancel(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A custom payment can always be given up."""
        reason = self._paying(state, seat)
        if reason is not None or args is None:
            return reason
        return NOT_NOW if args else None

    def why_not_accept(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The attacked seat (or the attacker of a reflected attack) takes the attack."""
        reason = self._answering(state, seat, ("defend", "counter"))
        if reason is not None or args is None:
            return reason
        return NOT_NOW if args else None

    def why_not_defend(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The same seat plays a Ritter (Defensiv) from its hand."""
        reason = self.why_not_accept(state, seat, args)
        if reason is not None or args is None:
            return reason
        return None if state["hand"][seat][RITTER_DEF] else NO_CARD

    def why_not_keep(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The Bandit's player keeps the card it took (or returns it)."""
        reason = self._answering(state, seat, ("keep",))
        if reason is not None or args is None:
            return reason
        return NOT_NOW if args else None

    why_not_return = why_not_keep

    def why_not_drop(
        self, state: CatanState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A card of one's hand, discarded to a Ritter (Offensiv)."""
        reason = self._answering(state, seat, ("drop",))
        if reason is not None or args is None:
            return reason
        card = self._card_of(args)
        if card is None:
            return NOT_NOW
        return None if state["hand"][seat][card] else NO_CARD

    @staticmethod
    def _helps(card: int, kind: int, used: list[int]) -> bool:
        if kind in RESOURCES or kind == STRASSE or kind == STADT:
            return True
        if kind == SIEDLUNG:
            return card != STADT
        if kind == WUESTE:
            return card == BANDIT and not used[WUESTE]
        return False

    # ----- chance --------------------------------------------------------------------------------

    def sample_chance(self, state: State, rng: random.Random) -> str:
        """A shuffle, the first player or the card the Bandit takes, drawn from ``rng``."""
        phase = state["phase"]
        if phase == "deal":
            return _random_shuffle(rng, sum(STARTING_DECK))
        if phase == "first":
            return _FIRST_CODES[below(rng, 2)]
        if phase == "shuffle":
            return _random_shuffle(rng, sum(state["discard"][state["shuffle_seat"]]))
        victim = state["steal"][1]
        return encode("steal", CARDS[rng.choice(_expand(state["hand"][victim]))])

    def check_chance(self, state: State, code: str) -> None:
        """Chance codes are validated in ``_apply`` (shuffles have too many outcomes to list)."""

    # ----- applying ------------------------------------------------------------------------------

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(CatanState, state)
        phase = state["phase"]
        if seat == CHANCE and (phase == "deal" or phase == "shuffle"):
            order = _shuffle_args(code)
            if order is not None:
                self._apply_chance(state, phase, "shuffle", order, events)
                return
        if phase == "play" and seat == state["active"]:
            card = _ASIDE_CARD.get(code)  # the commonest move, without the general dispatch
            if card is not None:
                self._aside(state, seat, card, events)
                return
        verb, args = decode_code(code) if len(code) <= 40 else decode(code)
        if phase in CHANCE_PHASES:
            if seat != CHANCE:
                raise IllegalAction(MALFORMED)
            self._apply_chance(state, phase, verb, args, events)
        elif phase == "play":
            self._apply_play(state, seat, verb, args, events)
        elif phase == "pay":
            self._apply_pay(state, seat, verb, args, events)
        else:
            self._apply_answer(state, seat, phase, verb, args, events)

    def _apply_chance(
        self, state: CatanState, phase: str, verb: str, args: tuple, events: list[Event]
    ) -> None:
        if phase == "deal":
            if verb != "shuffle":
                raise IllegalAction(MALFORMED)
            order = _permutation(args, sum(STARTING_DECK))
            seat = state["dealt"]
            cards = state["deck"][seat]
            state["deck"][seat] = "".join(map(cards.__getitem__, order))
            state["dealt"] = seat + 1
            events.append(_tuple_new(Event, ("deck_shuffled", {"seat": seat}, None)))
            if seat == 0:
                return
            first = state["options"]["first_player"]
            if first is None:
                state["phase"] = "first"
                return
            self._begin(state, first, events)
            return
        if phase == "first":
            if verb != "first" or len(args) != 1 or args[0] not in (0, 1):
                raise IllegalAction(MALFORMED)
            self._begin(state, args[0], events)
            return
        if phase == "shuffle":
            seat = state["shuffle_seat"]
            pile = _pile(state["discard"][seat])
            _own_discards(state)
            if verb != "shuffle":
                raise IllegalAction(MALFORMED)
            order = _permutation(args, len(pile))
            state["deck"][seat] = "".join(map(pile.__getitem__, order))
            state["discard"][seat] = [0] * KINDS
            state["shuffle_seat"] = None
            events.append(
                _tuple_new(Event, ("reshuffle", {"seat": seat, "cards": len(pile)}, None))
            )
            self._run(state, events)
            return
        # the Bandit's random card
        by, victim = state["steal"]
        hand = state["hand"][victim]
        if verb != "steal" or len(args) != 1 or args[0] not in CARD_INDEX:
            raise IllegalAction(MALFORMED)
        card = CARD_INDEX[args[0]]
        if not hand[card]:
            raise IllegalAction(MALFORMED)
        hand[card] -= 1
        state["stolen"] = card
        state["phase"] = "keep"
        state["ask"] = by
        events.append(_tuple_new(Event, ("stolen", {"by": by, "from": victim}, None)))
        for audience in (by, victim):
            events.append(
                _tuple_new(
                    Event,
                    ("stolen_card", {"by": by, "from": victim, "card": CARDS[card]}, audience),
                )
            )

    def _begin(self, state: CatanState, first: int, events: list[Event]) -> None:
        events.append(_tuple_new(Event, ("first_player", {"seat": first}, None)))
        state["tasks"] = [["draw", 0, HAND_SIZE, False], ["draw", 1, HAND_SIZE, False]]
        state["tasks"].append(["start", first])
        self._run(state, events)

    def _apply_play(
        self, state: CatanState, seat: int, verb: str, args: tuple, events: list[Event]
    ) -> None:
        if seat != state["active"]:
            raise IllegalAction(NOT_ON_TURN)
        hand = state["hand"][seat]
        if verb == "end":
            if args:
                raise IllegalAction(MALFORMED)
            self._end_turn(state, seat, events)
            return
        card = self._card_arg(args)
        if verb == "aside":
            self._aside(state, seat, card, events)
            return
        if verb == "play":
            if card not in PLAYABLE:
                raise IllegalAction(NOT_PLAYABLE)
            if not hand[card]:
                raise IllegalAction(NO_CARD)
            self._play(state, seat, card, events)
            return
        if verb == "buy" or verb == "pay":
            self._check_buyable(state, seat, card)
            if verb == "pay":
                if state["cancels"] >= MAX_CANCELS:
                    raise IllegalAction(TOO_MANY_CANCELS)
                state["pay"] = {"card": card, "used": [0] * KINDS}
                state["phase"] = "pay"
                return
            used = auto_payment(card, hand, state["pool"], state["roads"])
            assert used is not None
            self._pay(state, seat, card, used, events)
            return
        raise IllegalAction(MALFORMED)

    @staticmethod
    def _aside(state: CatanState, seat: int, card: int, events: list[Event]) -> None:
        hand = state["hand"][seat]
        if not hand[card]:
            raise IllegalAction(NO_CARD)
        hand[card] -= 1
        state["table"][seat][card] += 1
        events.append(_tuple_new(Event, ("aside", {"seat": seat, "card": CARDS[card]}, None)))

    @staticmethod
    def _card_arg(args: tuple) -> int:
        if len(args) != 1 or args[0] not in CARD_INDEX:
            raise IllegalAction(MALFORMED)
        return CARD_INDEX[args[0]]

    def _check_buyable(self, state: CatanState, seat: int, card: int) -> None:
        if card not in ACTION_CARDS:
            raise IllegalAction(NOT_BUYABLE)
        if not state["supply"][card]:
            raise IllegalAction(SUPPLY_EMPTY)
        if not affordable(card, state["hand"][seat], state["pool"], state["roads"]):
            raise IllegalAction(CANNOT_AFFORD)

    def _play(self, state: CatanState, seat: int, card: int, events: list[Event]) -> None:
        hand = state["hand"][seat]
        hand[card] -= 1
        state["table"][seat][card] += 1
        if card == STRASSE:
            state["roads"] += 1
            gain = ROAD_UNITS[state["roads"]] - ROAD_UNITS[state["roads"] - 1]
            state["pool"] += gain
            events.append(
                _tuple_new(
                    Event,
                    (
                        "road",
                        {
                            "seat": seat,
                            "roads": state["roads"],
                            "gain": gain,
                            "pool": state["pool"],
                        },
                        None,
                    ),
                )
            )
            return
        if card == HAFEN:
            seas = hand[MEER]
            road = 1 if hand[STRASSE] or state["roads"] else 0
            count = 1 + seas + road
            events.append(
                _tuple_new(
                    Event,
                    (
                        "harbour",
                        {"seat": seat, "seas": seas, "roads": hand[STRASSE], "draw": count},
                        None,
                    ),
                )
            )
            state["tasks"] = [["draw", seat, count, True]]
        elif card == RITTER_DEF:
            events.append(_tuple_new(Event, ("played", {"seat": seat, "card": CARDS[card]}, None)))
            state["tasks"] = [["draw", seat, 1, True]]
        else:
            events.append(_tuple_new(Event, ("played", {"seat": seat, "card": CARDS[card]}, None)))
            state["tasks"] = [["draw", seat, 1, True], ["attack", card, seat, 1 - seat]]
        self._run(state, events)

    def _pay(
        self, state: CatanState, seat: int, card: int, used: list[int], events: list[Event]
    ) -> None:
        paid = tuple(used)
        roads = state["roads"]
        pool_after, trades, pool_used = _payment(card, paid, state["pool"], roads)
        hand = state["hand"][seat]
        table = state["table"][seat]
        # In place, made in C (the slice assignment reads the whole map first).
        hand[:] = map(sub, hand, used)
        table[:] = map(add, table, used)
        state["roads"] = roads + used[STRASSE]
        state["pool"] = pool_after
        state["supply"] = supply = state["supply"][:]
        _own_discards(state)
        supply[card] -= 1
        state["discard"][seat][card] += 1
        if card == STADT:
            hand[SIEDLUNG] -= 1
            supply[SIEDLUNG] += 1
        events.append(
            _tuple_new(
                Event,
                (
                    "bought",
                    {
                        "seat": seat,
                        "card": CARDS[card],
                        "paid": dict(_words_of(paid)),
                        "traded": trades,
                        "pool": pool_used,
                    },
                    None,
                ),
            )
        )

    def _apply_pay(
        self, state: CatanState, seat: int, verb: str, args: tuple, events: list[Event]
    ) -> None:
        if seat != state["active"]:
            raise IllegalAction(NOT_ON_TURN)
        pay = state["pay"]
        if verb == "cancel" and not args:
            state["pay"] = None
            state["cancels"] += 1
            state["phase"] = "play"
            return
        covered = _pays_price(pay["card"], tuple(pay["used"]), state["pool"], state["roads"])
        if verb == "confirm" and not args:
            if not covered:
                raise IllegalAction(PAYMENT_SHORT)
            state["pay"] = None
            state["phase"] = "play"
            self._pay(state, seat, pay["card"], pay["used"], events)
            return
        if verb != "use":
            raise IllegalAction(PAYMENT_OPEN)
        kind = self._card_arg(args)
        if state["hand"][seat][kind] <= pay["used"][kind]:
            raise IllegalAction(NO_CARD)
        if covered or not self._helps(pay["card"], kind, pay["used"]):
            raise IllegalAction(NO_HELP)
        state["pay"] = {"card": pay["card"], "used": pay["used"][:]}
        state["pay"]["used"][kind] += 1

    def _apply_answer(
        self, state: CatanState, seat: int, phase: str, verb: str, args: tuple, events: list[Event]
    ) -> None:
        if seat != state["ask"]:
            raise IllegalAction(NOT_YOUR_TURN)
        if phase == "drop":
            if verb != "drop":
                raise IllegalAction(ANSWER_FIRST)
            card = self._card_arg(args)
            if not state["hand"][seat][card]:
                raise IllegalAction(NO_CARD)
            self._drop(state, seat, card, events)
            self._drops(state, seat, events)
            if state["phase"] == "drop":
                return
        elif args:
            raise IllegalAction(MALFORMED)
        elif phase == "keep":
            if verb not in ("keep", "return"):
                raise IllegalAction(ANSWER_FIRST)
            by, victim = state["steal"]
            card = state["stolen"]
            if verb == "keep":
                _own_discards(state)
                state["discard"][by][card] += 1
            else:
                state["hand"][victim][card] += 1
            state["stolen"] = None
            state["steal"] = None
            events.append(Event("loot_" + verb, {"by": by, "from": victim}))
            for audience in (by, victim):
                events.append(
                    Event(
                        "loot_card",
                        {"by": by, "from": victim, "card": CARDS[card], "kept": verb == "keep"},
                        to=audience,
                    )
                )
        else:  # defend or counter
            if verb not in ("accept", "defend"):
                raise IllegalAction(ANSWER_FIRST)
            attack = state["attack"]
            card, attacker, target = attack["card"], attack["by"], attack["at"]
            _own_tasks(state)
            if verb == "defend":
                if not state["hand"][seat][RITTER_DEF]:
                    raise IllegalAction(NO_CARD)
                state["hand"][seat][RITTER_DEF] -= 1
                state["table"][seat][RITTER_DEF] += 1
                if phase == "defend":
                    events.append(
                        _tuple_new(Event, ("reflect", {"seat": seat, "card": CARDS[card]}, None))
                    )
                    state["tasks"][:0] = [
                        ["draw", seat, 1, False],
                        ["counter", card, attacker, target],
                    ]
                else:
                    events.append(
                        _tuple_new(Event, ("block", {"seat": seat, "card": CARDS[card]}, None))
                    )
                    state["tasks"].insert(0, ["draw", seat, 1, seat == state["active"]])
            else:
                events.append(
                    _tuple_new(Event, ("accept", {"seat": seat, "card": CARDS[card]}, None))
                )
                if phase == "defend":
                    state["tasks"].insert(0, ["hit", card, attacker, target])
                else:
                    state["tasks"].insert(0, ["hit", card, target, attacker])
            state["attack"] = None
        state["ask"] = None
        state["phase"] = "play"
        self._run(state, events)

    # ----- the task queue: draws, attacks and turn changes that may wait for chance/answers ---

    def _run(self, state: CatanState, events: list[Event]) -> None:
        tasks = _own_tasks(state)  # a draw's task keeps the count still to draw
        while tasks:
            task = tasks[0]
            kind = task[0]
            if kind == "draw":
                if not self._draw(state, task, events):
                    return
                tasks.pop(0)
                if task[3] and self._check_win(state, task[1], events):
                    return
            elif kind == "attack":
                tasks.pop(0)
                _kind, card, attacker, target = task
                # With ``always_ask``, asked whether or not a Ritter (Defensiv) is in hand: a
                # question only for its holder would tell the attacker what the hand holds. An
                # empty hand, whose size everyone sees, holds none, so it is not asked.
                if state["hand"][target][RITTER_DEF] or (
                    state.get("always_ask") and sum(state["hand"][target])
                ):
                    state["attack"] = {"card": card, "by": attacker, "at": target}
                    state["phase"] = "defend"
                    state["ask"] = target
                    return
                tasks.insert(0, ["hit", card, attacker, target])
            elif kind == "counter":
                tasks.pop(0)
                _kind, card, attacker, target = task
                if state["hand"][attacker][RITTER_DEF] or (
                    state.get("always_ask") and sum(state["hand"][attacker])
                ):  # asked alike, as above
                    state["attack"] = {"card": card, "by": attacker, "at": target}
                    state["phase"] = "counter"
                    state["ask"] = attacker
                    return
                tasks.insert(0, ["hit", card, target, attacker])
            elif kind == "hit":
                tasks.pop(0)
                _kind, card, by, target = task
                events.append(
                    _tuple_new(Event, ("hit", {"by": by, "at": target, "card": CARDS[card]}, None))
                )
                if not sum(state["hand"][target]):
                    continue
                if card == BANDIT:
                    state["steal"] = [by, target]
                    state["phase"] = "steal"
                    return
                state["drops"] = min(2, sum(state["hand"][target]))
                self._drops(state, target, events)
                if state["phase"] == "drop":
                    return
            elif kind == "start":
                tasks.pop(0)
                if self._start_turn(state, task[1], events):
                    return
        state["phase"] = "play"

    def _draw(self, state: CatanState, task: list, events: list[Event]) -> bool:
        seat, count = task[1], task[2]
        deck = state["deck"][seat]
        hand = state["hand"][seat]
        drawn = deck[:count]
        state["deck"][seat] = deck[count:]
        count -= len(drawn)
        finished = True
        if count and sum(state["discard"][seat]):
            task[2] = count
            state["phase"] = "shuffle"
            state["shuffle_seat"] = seat
            finished = False
        # (without a discard pile to shuffle, the rest of the draw is lost)
        if drawn:
            for letter in drawn:
                hand[LETTER[letter]] += 1
            events.append(_tuple_new(Event, ("draw", {"seat": seat, "count": len(drawn)}, None)))
            events.append(
                _tuple_new(
                    Event, ("drew", {"cards": list(map(_WORD_OF_LETTER.__getitem__, drawn))}, seat)
                )
            )
        return finished

    def _drops(self, state: CatanState, seat: int, events: list[Event]) -> None:
        """Discard for a Ritter (Offensiv). With ``always_ask`` the player is asked for every
        card while holding any, even with one kind left: discarding it unasked would tell the
        table that the hand held nothing else. Without it, asked only when the choice makes a
        difference.
        """
        hand = state["hand"][seat]
        while state["drops"]:
            kinds = [card for card in range(KINDS) if hand[card]]
            if not kinds:
                state["drops"] = 0
                break
            if len(kinds) > 1 or state.get("always_ask"):
                state["phase"] = "drop"
                state["ask"] = seat
                return
            self._drop(state, seat, kinds[0], events)
        state["phase"] = "play"
        state["ask"] = None

    def _drop(self, state: CatanState, seat: int, card: int, events: list[Event]) -> None:
        _own_discards(state)
        state["hand"][seat][card] -= 1
        state["discard"][seat][card] += 1
        state["drops"] -= 1
        events.append(_tuple_new(Event, ("dropped", {"seat": seat, "card": CARDS[card]}, None)))

    def _check_win(self, state: CatanState, seat: int, events: list[Event]) -> bool:
        if seat != state["active"] or state["hand"][seat][STADT] < WIN_CITIES:
            return False
        state["phase"] = "over"
        state["winner"] = seat
        state["end"] = "win"
        state["tasks"] = []
        state["ask"] = None
        state["attack"] = None
        events.append(_tuple_new(Event, ("won", {"seat": seat}, None)))
        return True

    def _end_turn(self, state: CatanState, seat: int, events: list[Event]) -> None:
        discards = state["discard"] = state["discard"][:]  # the other pile stays shared
        discards[seat] = list(map(add, discards[seat], state["table"][seat]))
        state["table"][seat] = [0] * KINDS
        held = sum(state["hand"][seat])
        count = HAND_SIZE - held if held < 4 else 3
        events.append(_tuple_new(Event, ("turn_end", {"seat": seat, "draw": count}, None)))
        state["tasks"] = [["draw", seat, count, False], ["start", 1 - seat]]
        self._run(state, events)

    def _start_turn(self, state: CatanState, seat: int, events: list[Event]) -> bool:
        state["turn"] += 1
        state["active"] = seat
        state["roads"] = 0
        state["pool"] = 0
        state["cancels"] = 0
        if state["turn"] > state["options"]["turn_limit"]:
            state["phase"] = "over"
            state["end"] = "limit"
            state["tasks"] = []
            events.append(
                _tuple_new(Event, ("turn_limit", {"turns": state["options"]["turn_limit"]}, None))
            )
            return True
        events.append(_tuple_new(Event, ("turn", {"seat": seat, "turn": state["turn"]}, None)))
        return self._check_win(state, seat, events)

    # ----- views and results ------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Sizes, tables and supply for all; the own hand and discard pile only for ``seat``."""
        seats = []
        for index in range(2):
            seats.append(
                {
                    "hand_size": sum(state["hand"][index]),
                    "deck_size": len(state["deck"][index]),
                    "discard_size": sum(state["discard"][index]),
                    "table": _words(state["table"][index]),
                }
            )
        attack = state["attack"]
        pay = state["pay"]
        view: dict[str, Any] = {
            "phase": state["phase"],
            "active": state["active"],
            "ask": state["ask"],
            "turn": state["turn"],
            "turn_limit": state["options"]["turn_limit"],
            "supply": dict(_supply_words(tuple(state["supply"]))),
            "seats": seats,
            "roads": state["roads"],
            "pool": state["pool"],
            "attack": None
            if attack is None
            else {"card": CARDS[attack["card"]], "by": attack["by"], "at": attack["at"]},
            "drops": state["drops"],
            "steal": state["steal"],
            "paying_for": None if pay is None else CARDS[pay["card"]],
            "winner": state["winner"],
            "end": state["end"],
            "me": seat,
        }
        if seat is not None:
            view["hand"] = _words(state["hand"][seat])
            view["discard"] = _words(state["discard"][seat])
            if pay is not None and seat == state["active"]:
                view["paying_with"] = _words(pay["used"])
            if state["stolen"] is not None and state["steal"] and seat in state["steal"]:
                view["stolen"] = CARDS[state["stolen"]]
        return view

    def result(self, state: State) -> Result | None:
        """The winner scores 1; a game ended by the turn limit is a draw."""
        if state["phase"] != "over":
            return None
        scores = [0, 0]
        if state["winner"] is not None:
            scores[state["winner"]] = 1
        return Result.from_scores(scores)

    def shuffle_hidden(
        self, state: State, observer: int | None, rng: random.Random
    ) -> State | None:
        """Deal anew what ``observer`` cannot see: deck orders, other hands and discards."""
        if state["phase"] == "deal":
            return None
        other = dict(state)
        decks = list(state["deck"])
        hands = list(state["hand"])
        discards = list(state["discard"])
        for seat in range(2):
            deck = decks[seat]
            if seat == observer:
                if deck:  # the order of one's own draw pile is hidden too
                    cut = rng.randrange(len(deck))
                    decks[seat] = deck[cut:][::-1] + deck[:cut]
                continue
            keep_hand = state["pay"] is not None and seat == state["active"]
            pool = deck + _pile(discards[seat])
            if not keep_hand:
                pool += _pile(hands[seat])
            if pool:
                # A random cut of the reversed pool: cheap (the suite calls this at every
                # step) and it moves hidden cards between hand, draw and discard pile.
                cut = rng.randrange(len(pool))
                pool = pool[cut:][::-1] + pool[:cut]
            size = len(deck)
            decks[seat] = pool[:size]
            rest = sum(discards[seat])
            discards[seat] = _counts(pool[size : size + rest])
            if not keep_hand:
                hands[seat] = _counts(pool[size + rest :])
        other["deck"] = decks
        other["hand"] = hands
        other["discard"] = discards
        return other

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Like ``shuffle_hidden`` for ``seat``, with uniform shuffles of the sorted pools
        instead of the suite's cheap cut: a search needs every order equally likely, and a
        draw that depends only on what ``seat`` may know.
        """
        if state["phase"] == "deal":
            return state
        decks = list(state["deck"])
        hands = list(state["hand"])
        discards = list(state["discard"])
        for other in range(2):
            if other == seat:
                own = sorted(decks[other])
                rng.shuffle(own)
                decks[other] = "".join(own)
                continue
            keep_hand = state["pay"] is not None and other == state["active"]
            pool = list(decks[other] + _pile(discards[other]))
            if not keep_hand:
                pool += _pile(hands[other])
            pool.sort()
            rng.shuffle(pool)
            size = len(decks[other])
            rest = sum(discards[other])
            decks[other] = "".join(pool[:size])
            discards[other] = _counts("".join(pool[size : size + rest]))
            if not keep_hand:
                hands[other] = _counts("".join(pool[size + rest :]))
        new = dict(state)
        new["deck"] = decks
        new["hand"] = hands
        new["discard"] = discards
        return new

    def explain_illegal(self, state: State, seat: int, code: str) -> Text:
        """The reason the code's verb check gives."""
        return why_not(self, state, seat, code) or NOT_NOW

    def check_invariants(self, state: State) -> None:
        """Every card is somewhere: hands, draw piles, discard piles, tables, the supply, or
        in the Bandit's grip; and a custom payment only uses cards from the payer's hand.
        """
        total = list(state["supply"])
        for seat in range(2):
            for kind in range(KINDS):
                assert state["hand"][seat][kind] >= 0, f"negative hand count {CARDS[kind]}"
                total[kind] += (
                    state["hand"][seat][kind]
                    + state["discard"][seat][kind]
                    + state["table"][seat][kind]
                )
            for letter in state["deck"][seat]:
                total[LETTER[letter]] += 1
        if state["stolen"] is not None:
            total[state["stolen"]] += 1
        expected = [2 * STARTING_DECK[kind] + SUPPLY[kind] for kind in range(KINDS)]
        assert total == expected, f"cards {total} != {expected}"
        assert min(state["supply"]) >= 0, "a supply pile below zero"
        if state["pay"] is not None:
            hand = state["hand"][state["active"]]
            assert all(u <= h for u, h in zip(state["pay"]["used"], hand, strict=True))

    def simulation_report(self, results: list[tuple[State, Result]], lang: str) -> str | None:
        """How games ended: won (and after how many turns) or drawn at the turn limit."""
        won = [state["turn"] for state, _result in results if state["winner"] is not None]
        drawn = len(results) - len(won)
        mean = sum(won) / len(won) if won else 0
        return Text(
            f"{len(won)} Spiele gewonnen (im Mittel in Zug {mean:.1f}), {drawn} unentschieden "
            "am Zuglimit.",
            f"{len(won)} games won (on average in turn {mean:.1f}), {drawn} drawn at the turn "
            "limit.",
        ).get(lang)

    def engine_players(self) -> dict[str, Any]:
        """Random play and the three levels; "strategy" (stored tables) plays as "normal"."""
        from games.players.search import levelled

        from .strategy import StrategyPlayer

        return levelled(StrategyPlayer())


_HELPING = {
    card: (
        tuple(kind for kind in _BY_WORD if CatanDeckbuilding._helps(card, kind, [1] * KINDS)),
        tuple(kind for kind in _BY_WORD if CatanDeckbuilding._helps(card, kind, [0] * KINDS)),
    )
    for card in ACTION_CARDS
}
"""Per card being paid, the kinds that help pay it in code order (``_helps``), once the
payment holds a Wüste ([0]) and while it holds none ([1]): the only count ``_helps`` reads."""
_HELPING_USES = {
    card: tuple((itemgetter(*kinds), tuple(USE_CODES[kind] for kind in kinds)) for kinds in both)
    for card, both in _HELPING.items()
}
"""``_HELPING`` as a getter of those kinds' counts and their use codes (each has more than one
kind: the five resources help pay any card)."""
