"""The Stardust state machine: a match of hands with antes, two no-limit betting rounds, the
exchange with joker specials, side pots and the showdown.

The state is one flat JSON-native dict (see ``initial_state``). Chips are conserved: the chips in
``stacks`` plus the chips in ``contrib`` (everything paid into this hand's pot) always equal
``total``; ``check_invariants`` asserts that and that every card is in exactly one place.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache, partial
from itertools import combinations
from typing import TYPE_CHECKING, Any, TypedDict, cast

from pydantic import BaseModel, ConfigDict, Field

from games.core import (
    CHANCE,
    FORFEIT,
    Event,
    Game,
    IllegalAction,
    Names,
    Result,
    SetupError,
    State,
    Text,
    clone,
    decode,
    plural,
)
from games.core.checks import why_not
from games.core.errors import GAME_OVER, MALFORMED, NOT_NOW, NOT_YOUR_TURN

from . import chance, words
from .cards import (
    DECK_SIZE,
    DUNKLE_WASSER,
    SCHNELLER_TOD,
    SCHWARZES_LOCH,
)
from .scoring import explain, showdown_verdict
from .words import (
    ALREADY_BET,
    ASCENDING,
    AT_MOST_THREE,
    BAD_TARGET,
    BELOW_MINIMUM,
    CHIPS_FOR_TWO_ANTES,
    MORE_THAN_STACK,
    MUST_ANSWER,
    MUST_DROP,
    NO_FOLD_FOR_FREE,
    NO_RERAISE,
    NOBODY_TO_CALL,
    NOT_BETTING,
    NOT_HELD,
    NOTHING_TO_CALL,
    NOTHING_TO_RAISE,
    SHUFFLE_FIRST,
    WASSER_ANSWER,
    WHOLE_AMOUNT,
)

MAX_EXCHANGE = 3


class StardustOptions(BaseModel):
    """Chips each player starts with, the ante, and the number of hands in a match."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    starting_chips: int = Field(200, ge=20, le=100_000, description="chips per player")
    ante: int = Field(10, ge=1, le=10_000, description="ante (Mindesteinsatz) per hand")
    hands: int = Field(5, ge=1, le=100, description="hands in a match")


_event = partial(tuple.__new__, Event)
"""``_event((kind, data, to))`` is ``Event(kind, data, to)`` without the named tuple's
Python-level ``__new__``: a simulated match makes about 80 events, most of them in the bare
loop's bets, deals and draws."""

# ----- small helpers on the flat state ------------------------------------------------------------


def _own_everything(state: StardustState) -> None:
    """Give a copied state its own copy of every list and dict that moves may edit in place.

    Laid jokers, the last hand's summary and the options are never edited, only replaced.
    """
    for key in _FLAT_LISTS:
        state[key] = state[key][:]  # type: ignore[literal-required]  # the keys of _FLAT_LISTS
    state["hands"] = [hand[:] for hand in state["hands"]]
    state["draws"] = [draw[:] for draw in state["draws"]]
    pending = state["pending"]
    if pending is not None:
        state["pending"] = pending = dict(pending)
        if "queue" in pending:
            pending["queue"] = pending["queue"][:]


_FLAT_LISTS = (
    "stacks",
    "bets",
    "contrib",
    "acted",
    "folded",
    "left",
    "deck",
    "discards",
    "laid",
    "hole",
    "in_hand",
    "exchanged",
)


def _live(state: StardustState, seat: int) -> bool:
    return state["in_hand"][seat] and not state["folded"][seat]


def _live_seats(state: StardustState) -> list[int]:
    in_hand, folded = state["in_hand"], state["folded"]
    return [seat for seat in _order(state) if in_hand[seat] and not folded[seat]]


def _order(state: StardustState, start: int | None = None) -> tuple[int, ...]:
    """All seats in turn order, starting after ``start`` (default: after the dealer)."""
    return _TURN_ORDERS[state["n"]][state["dealer"] if start is None else start]


_TURN_ORDERS = [
    [tuple((first + step) % n for step in range(1, n + 1)) for first in range(n)] for n in range(8)
]
"""Per table size, the seats in turn order after each seat (an index of -1 is the last seat,
as ``(first + step) % n`` has it)."""

_NO_HANDS: tuple[Callable[[], list[list[int]]], ...] = (
    list,
    lambda: [[]],
    lambda: [[], []],
    lambda: [[], [], []],
    lambda: [[], [], [], []],
    lambda: [[], [], [], [], []],
)
"""Per table size, a maker of that many empty hands (cheaper than a comprehension)."""


def _owes(state: StardustState, seat: int) -> bool:
    """Whether ``seat`` owes chips to the round's bet: then it calls or folds, else it checks."""
    return state["cur"] > state["bets"][seat]


def _others_can_act(state: StardustState, seat: int) -> bool:
    stacks, in_hand, folded = state["stacks"], state["in_hand"], state["folded"]
    for other in range(state["n"]):
        if other != seat and in_hand[other] and not folded[other] and stacks[other] > 0:
            return True
    return False


def betting_menu(state: StardustState, seat: int) -> tuple[str, dict[int, str], int, int]:
    """The bet or raise menu of ``seat``: (verb, {amount: tag}, minimum, all-in total).

    Amounts are the seat's total bet in this round after the action. An empty menu means the
    seat may not bet or raise now.
    """
    stack = state["stacks"][seat]
    mine = state["bets"][seat]
    current = state["cur"]
    to_call = current - mine
    allin = mine + stack
    verb = "bet" if current == 0 else "raise"
    if stack <= to_call or state["acted"][seat] or not _others_can_act(state, seat):
        return verb, {}, 0, allin
    pot_after_call = sum(state["contrib"]) + to_call
    if current == 0:
        minimum = state["opt"]["ante"]
    else:
        minimum = current + state["min_inc"]
    menu: dict[int, str] = {}
    for amount, tag in (
        (current + pot_after_call // 2, "half"),
        (current + pot_after_call, "pot"),
        (minimum, "min"),
    ):
        if minimum <= amount < allin:
            menu[amount] = tag
    menu[allin] = "allin"
    return verb, menu, minimum, allin


_SWAP_CODES = {
    group: "swap:" + ":".join(map(str, group))
    for width in range(1, MAX_EXCHANGE + 1)
    for group in combinations(range(DECK_SIZE), width)
}
_SWAP_ARGS = {code: group for group, code in _SWAP_CODES.items()} | {"keep": ()}
"""The discarded cards of every ``keep`` and ``swap`` code (the exchange's common moves), read
without the general decoder, whose cache the many different swaps would keep missing."""
del _SWAP_CODES

_SWAP_PREFIX = tuple("swap:" + str(card) for card in range(DECK_SIZE))
_AFTER = tuple(":" + str(card) for card in range(DECK_SIZE))
_SWAP_PAIRS = tuple(
    tuple(_SWAP_PREFIX[first] + _AFTER[second] for second in range(DECK_SIZE))
    for first in range(DECK_SIZE)
)
"""The pieces of a swap code: an exchange menu reads its one- and two-card codes from these
(``_SWAP_PAIRS[first][second]``, about 2,300 strings, used where ``first < second``) and
writes each three-card code as a pair's code and a third card's piece (cheaper than looking
each group up in a table of all ~18,000, which a random hand reaches all over)."""


_BET_CODES: dict[int, str] = {-1: "bet:"}
_RAISE_CODES: dict[int, str] = {-1: "raise:"}
"""The code of each bet and raise amount offered so far (under -1: the verb's prefix); amounts
recur from match to match, and a look-up is cheaper than writing the number."""
_AMOUNTS: dict[str, tuple[str, int]] = {}
"""The verb and amount of each of those codes, read back without the decoder."""
_MAX_AMOUNT_CODES = 20_000
"""Enough for every amount of tables of the default chips; a process that meets more (large
stacks) writes the rest each time rather than keep them all."""


_BET_MENUS: dict[tuple[bool, bool, int, int, int, int], list[str]] = {}
"""The betting menus met so far, by whether chips are owed, whether it is a first bet, and the
minimum, half-pot, pot and all-in totals: random play meets most of them again (about nine in
ten), and a look-up is cheaper than writing, filtering and sorting the menu anew."""
_MAX_BET_MENUS = 50_000


def _bet_menu(key: tuple[bool, bool, int, int, int, int]) -> list[str]:
    """The betting menu of ``key`` (see ``_BET_MENUS``), remembered up to a bound."""
    owes, first_bet, minimum, half, pot, allin = key
    codes = ["call", "fold"] if owes else ["check"]
    names = _BET_CODES if first_bet else _RAISE_CODES
    amounts = {allin}
    for amount in (half, pot, minimum):
        if minimum <= amount < allin:
            amounts.add(amount)
    for amount in amounts:
        name = names.get(amount)
        if name is None:
            prefix = names[-1]
            name = prefix + str(amount)
            if len(_AMOUNTS) < _MAX_AMOUNT_CODES:
                names[amount] = name
                _AMOUNTS[name] = prefix[:-1], amount
        codes.append(name)
    codes.sort()
    if len(_BET_MENUS) < _MAX_BET_MENUS:
        _BET_MENUS[key] = codes
    return codes


def _exchange_codes(hand: list[int], targets: tuple[int, ...]) -> list[str]:
    """The exchange menu of a sorted hand, sorted (as every menu).

    A hand of five, nearly every exchange, has its 25 swap codes written out in one list
    display: no call per code (1.3 µs against 3.4 µs for the loop, over 20,000 random hands).
    """
    if len(hand) == 5:
        first, second, third, fourth, fifth = hand
        pairs_1, pairs_2, pairs_3 = _SWAP_PAIRS[first], _SWAP_PAIRS[second], _SWAP_PAIRS[third]
        one_two, one_three, one_four = pairs_1[second], pairs_1[third], pairs_1[fourth]
        two_three, two_four, three_four = pairs_2[third], pairs_2[fourth], pairs_3[fourth]
        then_four, then_five = _AFTER[fourth], _AFTER[fifth]
        codes = [
            "keep",
            _SWAP_PREFIX[first],
            _SWAP_PREFIX[second],
            _SWAP_PREFIX[third],
            _SWAP_PREFIX[fourth],
            _SWAP_PREFIX[fifth],
            one_two,
            one_three,
            one_four,
            pairs_1[fifth],
            two_three,
            two_four,
            pairs_2[fifth],
            three_four,
            pairs_3[fifth],
            _SWAP_PAIRS[fourth][fifth],
            one_two + _AFTER[third],
            one_two + then_four,
            one_two + then_five,
            one_three + then_four,
            one_three + then_five,
            one_four + then_five,
            two_three + then_four,
            two_three + then_five,
            two_four + then_five,
            three_four + then_five,
        ]
        _add_specials(hand, targets, codes)
        codes.sort()
        return codes
    codes = ["keep"]
    append = codes.append
    size = len(hand)
    for first in range(size):
        card = hand[first]
        append(_SWAP_PREFIX[card])
        pairs = _SWAP_PAIRS[card]
        for second in range(first + 1, size):
            two = pairs[hand[second]]
            append(two)
            for third in hand[second + 1 :]:
                append(two + _AFTER[third])
    _add_specials(hand, targets, codes)
    codes.sort()
    return codes


def _add_specials(hand: list[int], targets: tuple[int, ...], codes: list[str]) -> None:
    """The codes of the special jokers in ``hand`` (Schneller Tod: one per target)."""
    if SCHWARZES_LOCH in hand:
        codes.append("loch")
    if SCHNELLER_TOD in hand:
        codes.extend(f"tod:{target}" for target in targets)
    if DUNKLE_WASSER in hand:
        codes.append("wasser")


def _valid_amount(state: StardustState, seat: int, verb: str, args: tuple[Any, ...]) -> int | None:
    """The amount of a legal bet or raise by ``seat`` while betting, or None if it is not one.

    The conditions under which ``Stardust._why_not_amount`` finds no reason, in one pass: the
    bare loop plays a bet or raise in about every third decision, and the reason is only
    wanted for a move that is refused.
    """
    if len(args) != 1 or state["need_shuffle"] or seat != state["turn"]:
        return None
    amount = args[0]
    current = state["cur"]
    if (
        type(amount) is not int
        or (current > 0) != (verb == "raise")
        or state["acted"][seat]
        or not _others_can_act(state, seat)
    ):
        return None
    allin = state["bets"][seat] + state["stacks"][seat]
    if amount > allin or allin <= current:
        return None
    minimum = state["opt"]["ante"] if current == 0 else current + state["min_inc"]
    if amount < minimum and amount != allin:
        return None
    return amount


def check_invariants(state: State) -> None:
    """Raise ``AssertionError`` if chips or cards are not conserved in ``state``.

    The chips in the stacks plus the chips paid into the pot always equal the chips the match
    started with; during a hand every one of the 48 cards is in exactly one place (draw pile,
    discards, a hand, or laid in front of a player). ``tischrunde simulate`` may call this at
    every step.
    """
    stacks, contrib = state["stacks"], state["contrib"]
    assert all(chips >= 0 for chips in stacks), f"negative stack {stacks}"
    assert all(chips >= 0 for chips in contrib), f"negative contribution {contrib}"
    assert sum(stacks) + sum(contrib) == state["total"], (
        f"chips not conserved: stacks {stacks} + pot {contrib} != {state['total']}"
    )
    assert all(bet <= paid for bet, paid in zip(state["bets"], contrib, strict=True))
    if state["phase"] in ("bet", "exchange"):
        cards = state["deck"] + state["discards"] + [laid[0] for laid in state["laid"]]
        for hand in state["hands"]:
            cards += hand
        assert sorted(cards) == list(range(DECK_SIZE)), "cards are not conserved"


class StardustPosition(BaseModel):
    """A position for ``Stardust.set_up``: a hand just dealt. Cards are ids 0-47 (see
    ``cards.py``); ``hands`` maps a seat to its five cards (the others get cards from the
    rest), ``draws`` are the next cards of the pile in order, ``stacks`` the chips before the
    antes. The deal itself is a chance action, so every rule of the deal applies.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    dealer: int = Field(0, ge=0, le=4)
    stacks: list[int] | None = None
    hands: dict[int, list[int]] = Field(default_factory=dict)
    draws: list[int] = Field(default_factory=list)


def _bad_position(de: str, en: str) -> SetupError:
    return SetupError(Text(f"Ungültige Stellung: {de}", f"Invalid position: {en}"))


class StardustState(TypedDict):
    """A Stardust match: chips, the hand being played and its betting (``initial_state``)."""

    n: int
    opt: dict[str, int]
    total: int
    stacks: list[int]
    left: list[int | None]
    leaves: int
    hand_no: int
    dealer: int
    phase: str  # "deal", "bet", "exchange" or "over"
    round: int
    deck: list[int]
    discards: list[int]
    hands: list[list[int]]
    laid: list[list[int]]
    hole: list[bool]
    in_hand: list[bool]
    folded: list[bool]
    contrib: list[int]
    bets: list[int]
    cur: int
    min_inc: int
    acted: list[bool]
    turn: Any  # int, or None
    exchanged: list[bool]
    swapped: list[int]  # cards each seat exchanged this hand (public), -1 before its turn
    pending: Any  # dict[str, Any], or None
    draws: list[list[int]]
    need_shuffle: bool
    last: Any  # dict[str, Any], or None


class Stardust(Game):
    """Stardust: a poker-like match of several hands with planets, suns and jokers."""

    id = "stardust"
    name = Text("Stardust", "Stardust")
    min_players = 3
    max_players = 5
    Options = StardustOptions
    Position = StardustPosition
    open_verbs = frozenset({"bet", "raise"})
    summary = Text(
        "Pokerartig: Planetensysteme bauen, setzen, bluffen; Sonnen und Joker.",
        "Poker-like: build planet systems, bet and bluff; suns and jokers.",
    )
    draw_events = frozenset({"drew"})

    # ----- facts -------------------------------------------------------------------------------

    def check_setup(self, players: int, options: BaseModel) -> None:
        """The table needs at least two antes per player."""
        assert isinstance(options, StardustOptions)
        if options.starting_chips < 2 * options.ante:
            raise SetupError(CHIPS_FOR_TWO_ANTES)

    def max_decisions(self, players: int, options: BaseModel) -> int:
        """Per hand: the deal, two betting rounds, the exchange and its specials, reshuffles.

        A betting round has at most ``players`` actions per bet or raise plus one pass: full
        raises grow the bet by at least the ante up to all chips in play, and each player can
        make at most one short all-in raise.
        """
        assert isinstance(options, StardustOptions)
        total = players * options.starting_chips
        raises = total // options.ante + players + 1
        betting_round = (raises + 1) * players
        exchange = players + 3 + 1 + players  # swaps, three specials, a drop, Dunkle Wasser
        reshuffles = 3 * players + 6  # every reshuffle feeds at least one pending draw
        return options.hands * (1 + 2 * betting_round + exchange + reshuffles)

    # ----- the state machine -------------------------------------------------------------------

    def _set_up(self, players: int, options: BaseModel, position: Any) -> State:
        """The first hand just dealt at ``position`` (see ``StardustPosition``)."""
        assert isinstance(position, StardustPosition)
        state = self.initial_state(players, options)
        if position.dealer >= players or any(not 0 <= seat < players for seat in position.hands):
            raise _bad_position("diesen Platz gibt es nicht", "no such seat")
        if position.stacks is not None:
            if len(position.stacks) != players or min(position.stacks) <= 0:
                raise _bad_position(
                    "je Platz ein Stapel mit Chips", "one stack of chips for every seat"
                )
            state["stacks"] = list(position.stacks)
            state["total"] = sum(position.stacks)
        state["dealer"] = position.dealer
        used = [card for cards in position.hands.values() for card in cards] + position.draws
        if any(not 0 <= card < 48 for card in used) or len(set(used)) != len(used):
            raise _bad_position(
                "Karten 0-47, jede höchstens einmal", "cards 0-47, each at most once"
            )
        if any(len(cards) != 5 for cards in position.hands.values()):
            raise _bad_position("eine Hand hat fünf Karten", "a hand has five cards")
        filler = [card for card in range(48) if card not in used]
        sequence: list[int] = []
        for step in range(1, players + 1):
            seat = (position.dealer + step) % players
            if seat in position.hands:
                sequence += position.hands[seat]
            else:
                sequence, filler = sequence + filler[:5], filler[5:]
        sequence += list(position.draws) + filler
        # The pile's top card is the end of the list the shuffle code gives.
        code = "shuffle:" + ":".join(str(card) for card in reversed(sequence))
        state, _events = self.apply(state, CHANCE, code)
        return state

    def initial_state(self, players: int, options: BaseModel) -> State:
        """Stacks filled, seat 0 deals the first hand; chance shuffles next."""
        assert isinstance(options, StardustOptions)
        n = players
        return {
            "n": n,
            # The options' fields are plain ints: the model's own dict is its dump, made for
            # a fraction of ``model_dump``'s cost (a simulation starts a match every ~27
            # decisions).
            "opt": dict(options.__dict__),
            "total": n * options.starting_chips,
            "stacks": [options.starting_chips] * n,
            "left": [None] * n,
            "leaves": 0,
            "hand_no": 1,
            "dealer": 0,
            "phase": "deal",
            "round": 0,
            "deck": [],
            "discards": [],
            "hands": _NO_HANDS[n](),
            "laid": [],
            "hole": [False] * n,
            "in_hand": [False] * n,
            "folded": [False] * n,
            "contrib": [0] * n,
            "bets": [0] * n,
            "cur": 0,
            "min_inc": options.ante,
            "acted": [False] * n,
            "turn": None,
            "exchanged": [False] * n,
            "swapped": [-1] * n,
            "pending": None,
            "draws": [],
            "need_shuffle": False,
            "last": None,
        }

    def to_act(self, state: State) -> list[int]:
        """Chance for a shuffle; the bettor; the exchanging seat or the seat owing an answer."""
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "deal" or state["need_shuffle"]:
            return [CHANCE]
        pending = state["pending"]
        if pending is not None:
            if pending["kind"] == "tod":
                return [pending["target"]]
            return [pending["queue"][0]]
        return [state["turn"]]

    def confirm_question(self, state: State, seat: int, code: str) -> Text | None:
        """Going all-in (a bet or raise of the whole stack, from the menu or typed) asks first."""
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(StardustState, state)
        if state["phase"] != "bet" or state["pending"] is not None:
            return None
        verb, args = decode(code)
        if verb not in ("bet", "raise") or len(args) != 1 or not isinstance(args[0], int):
            return None
        if args[0] != betting_menu(state, seat)[3]:
            return None
        return words.ALL_IN_QUESTION.format(amount=args[0])

    def legal_actions(self, state: State, seat: int) -> list[str]:
        """Betting: check/call/fold and the bet menu; exchange: keep, swaps, joker specials.

        Each verb goes through its one check (``why_not_<verb>``); the arguments of an open verb
        are the cards of the seat's own hand (the set its check tests), the amounts of the bet
        menu (``betting_menu``, the bounds its check tests) and the Schneller Tod's targets,
        which go through the check one by one.
        """
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(StardustState, state)
        if seat == CHANCE:
            return []
        if state["pending"] is not None:
            if self.why_not_drop(state, seat, None) is None:
                return sorted(f"drop:{card}" for card in state["hands"][seat])
            return [code for code in ("fold", "pay") if self._check_word(state, seat, code) is None]
        phase = state["phase"]
        if phase == "bet":
            # The parts of the checks of check, call and fold: the turn (``_betting``, of which
            # only these two can fail while betting), then what is owed; then the bet menu
            # (``betting_menu``'s amounts and its ``_others_can_act``, written out here because
            # nearly every decision of a match is a bet and the menu's tags are only for the
            # buttons' words).
            if state["need_shuffle"] or seat != state["turn"]:
                return []
            current = state["cur"]
            mine = state["bets"][seat]
            to_call = current - mine
            stacks = state["stacks"]
            stack = stacks[seat]
            if stack <= to_call or state["acted"][seat]:
                return ["call", "fold"] if to_call > 0 else ["check"]
            in_hand, folded = state["in_hand"], state["folded"]
            for other in range(state["n"]):
                if other != seat and in_hand[other] and not folded[other] and stacks[other] > 0:
                    break
            else:
                return ["call", "fold"] if to_call > 0 else ["check"]
            allin = mine + stack
            pot_after_call = sum(state["contrib"]) + to_call
            minimum = state["opt"]["ante"] if current == 0 else current + state["min_inc"]
            key = (
                to_call > 0,
                current == 0,
                minimum,
                current + pot_after_call // 2,
                current + pot_after_call,
                allin,
            )
            menu = _BET_MENUS.get(key)
            if menu is None:
                menu = _bet_menu(key)
            return menu[:]
        # ``why_not_keep`` and ``why_not_tod``'s target check, written out: the exchanging seat
        # while no reshuffle is due (nothing is pending here).
        if phase != "exchange" or state["need_shuffle"] or seat != state["turn"]:
            return []
        hand = state["hands"][seat]  # hands stay sorted
        if SCHNELLER_TOD in hand:
            in_hand, folded = state["in_hand"], state["folded"]
            targets = tuple(
                other
                for other in range(state["n"])
                if other != seat and in_hand[other] and not folded[other]
            )
        else:
            targets = ()
        return _exchange_codes(hand, targets)

    # ----- one check per verb (``games.core.checks``) ------------------------------------------

    def _check_word(self, state: StardustState, seat: int, verb: str) -> Text | None:
        """The check of ``verb`` (for the menu's fixed words)."""
        return _CHECKS[verb](self, state, seat, ())

    @staticmethod
    def _dealt(state: StardustState) -> Text | None:
        """Why no player acts now: the match is over, or chance must shuffle first."""
        phase = state["phase"]
        if phase == "over":
            return GAME_OVER
        if phase == "deal" or state["need_shuffle"]:
            return SHUFFLE_FIRST
        return None

    def _betting(self, state: StardustState, seat: int) -> Text | None:
        """Why ``seat`` cannot make a betting move now."""
        reason = self._dealt(state)
        if reason is not None:
            return reason
        if state["pending"] is not None:
            return NOT_NOW
        if state["phase"] != "bet":
            return NOT_BETTING
        if seat != state["turn"]:
            return NOT_YOUR_TURN
        return None

    def _exchanging(self, state: StardustState, seat: int) -> Text | None:
        """Why ``seat`` cannot make an exchange move (keep, swap, a joker special) now."""
        reason = self._dealt(state)
        if reason is not None:
            return reason
        if state["pending"] is not None or state["phase"] != "exchange":
            return NOT_NOW
        if seat != state["turn"]:
            return NOT_YOUR_TURN
        return None

    def why_not_check(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Only while nothing is owed to the pot."""
        reason = self._betting(state, seat)
        if reason is not None or args is None:
            return reason
        if args:
            return MALFORMED
        return MUST_ANSWER if _owes(state, seat) else None

    def why_not_call(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Only against a bet."""
        reason = self._betting(state, seat)
        if reason is not None or args is None:
            return reason
        if args:
            return MALFORMED
        return None if _owes(state, seat) else NOTHING_TO_CALL

    def why_not_fold(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Against a bet, or instead of paying for Dunkle Wasser."""
        pending = state["pending"]
        if pending is not None and pending["kind"] != "tod" and not self._dealt(state):
            return self.why_not_pay(state, seat, args)
        reason = self._betting(state, seat)
        if reason is not None or args is None:
            return reason
        if args:
            return MALFORMED
        return None if _owes(state, seat) else NO_FOLD_FOR_FREE

    def why_not_bet(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A first bet of this round: from the ante up to all-in."""
        return self._why_not_amount(state, seat, "bet", args)

    def why_not_raise(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A raise by at least the last full raise, or all-in; not after one's own short all-in
        was answered.
        """
        return self._why_not_amount(state, seat, "raise", args)

    def _why_not_amount(
        self, state: StardustState, seat: int, verb: str, args: tuple[Any, ...] | None
    ) -> Text | None:
        reason = self._betting(state, seat)
        if reason is not None:
            return reason
        if args is not None and len(args) != 1:
            return MALFORMED
        if args is not None and not isinstance(args[0], int):
            return WHOLE_AMOUNT
        if verb == "bet" and state["cur"] > 0:
            return ALREADY_BET
        if verb == "raise" and state["cur"] == 0:
            return NOTHING_TO_RAISE
        if state["acted"][seat]:
            return NO_RERAISE
        if not _others_can_act(state, seat):
            return NOBODY_TO_CALL
        _verb, _menu, minimum, allin = betting_menu(state, seat)
        if args is not None and args[0] > allin:
            return MORE_THAN_STACK.format(allin=allin)
        if allin <= state["cur"]:
            return MUST_ANSWER
        if args is not None and args[0] < minimum and args[0] != allin:
            return BELOW_MINIMUM.format(minimum=minimum, allin=allin)
        return None

    def why_not_keep(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The exchanging seat keeps its cards."""
        reason = self._exchanging(state, seat)
        if reason is not None or args is None:
            return reason
        return MALFORMED if args else None

    def why_not_swap(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """One to three different cards of one's hand, named in ascending order."""
        reason = self._exchanging(state, seat)
        if reason is not None or args is None:
            return reason
        if not args:
            return MALFORMED
        if len(args) > MAX_EXCHANGE:
            return AT_MOST_THREE
        hand = state["hands"][seat]
        if len(set(args)) != len(args) or any(card not in hand for card in args):
            return NOT_HELD
        if sorted(args) != list(args):
            return ASCENDING
        return None

    def _joker(
        self, state: StardustState, seat: int, joker: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        reason = self._exchanging(state, seat)
        if reason is not None or args is None:
            return reason
        return NOT_HELD if joker not in state["hands"][seat] else None

    def why_not_loch(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Schwarzes Loch from one's hand."""
        reason = self._joker(state, seat, SCHWARZES_LOCH, args)
        return MALFORMED if reason is None and args else reason

    def why_not_wasser(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Dunkle Wasser from one's hand."""
        reason = self._joker(state, seat, DUNKLE_WASSER, args)
        return MALFORMED if reason is None and args else reason

    def why_not_tod(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Schneller Tod from one's hand, before another player still in the hand."""
        reason = self._joker(state, seat, SCHNELLER_TOD, args)
        if reason is not None or args is None:
            return reason
        if len(args) != 1:
            return BAD_TARGET
        target = args[0]
        if not isinstance(target, int) or target == seat or not 0 <= target < state["n"]:
            return BAD_TARGET
        return None if _live(state, target) else BAD_TARGET

    def why_not_drop(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Schneller Tod's target discards one card of its hand."""
        reason = self._dealt(state)
        if reason is not None:
            return reason
        pending = state["pending"]
        if pending is None or pending["kind"] != "tod":
            return NOT_NOW
        if seat != pending["target"]:
            return NOT_YOUR_TURN
        if args is None:
            return None
        if len(args) != 1 or args[0] not in state["hands"][seat]:
            return NOT_HELD
        return None

    def why_not_pay(
        self, state: StardustState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Each player in turn pays the ante again for Dunkle Wasser (or folds)."""
        reason = self._dealt(state)
        if reason is not None:
            return reason
        pending = state["pending"]
        if pending is None or pending["kind"] == "tod":
            return NOT_NOW
        if seat != pending["queue"][0]:
            return NOT_YOUR_TURN
        return MALFORMED if args else None

    def sample_chance(self, state: State, rng: random.Random) -> str:
        """A shuffle of the whole deck (a new hand) or of the discards (an empty draw pile)."""
        return chance.sample(rng, DECK_SIZE if state["phase"] == "deal" else len(state["discards"]))

    def check_chance(self, state: State, code: str) -> None:
        """Shuffles are validated in ``_apply``."""

    def copy_state(self, state: State) -> State:
        """A shallow copy: every list is shared with ``state`` until a move replaces it.

        Each move takes its own copy of what it edits before it edits it: a bet the betting
        lists it changes, keep and swap the hands, pile and discards (``_apply_swap``), the
        deal the lists it fills, a showdown or a pot won by folds the stacks, and every other
        move its own copy of every container (``_own_everything``). The conformance suite
        checks at every step that the given state is left unchanged.
        """
        return state.copy()

    def apply(
        self, state: State, seat: int, code: str, *, checked: bool = True
    ) -> tuple[State, list[Event]]:
        """``Game.apply`` with the copy (``copy_state``) and the dispatch of the common moves
        written out: a simulated match is about 32 of these, bets most of them.
        """
        if checked or code == FORFEIT:
            return super().apply(state, seat, code, checked=checked)
        new = state.copy()
        events: list[Event] = []
        if seat == CHANCE:
            self._apply_chance(new, code, events)  # type: ignore[arg-type]  # the plain dict
        elif new["pending"] is None and new["phase"] == "bet":
            self._bet(new, seat, code, events)  # type: ignore[arg-type]  # the plain dict
        elif (
            new["pending"] is None
            and new["phase"] == "exchange"
            and not new["draws"]
            and (cards := _SWAP_ARGS.get(code)) is not None
        ):
            self._apply_swap(new, seat, cards, events)  # type: ignore[arg-type]  # the plain dict
        else:
            self._apply(new, seat, code, events)
        return new, events

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(StardustState, state)
        if seat == CHANCE:
            self._apply_chance(state, code, events)
            return
        pending = state["pending"]
        if pending is None and state["phase"] == "bet":
            self._bet(state, seat, code, events)
            return
        if pending is None and state["phase"] == "exchange" and not state["draws"]:
            cards = _SWAP_ARGS.get(code)
            if cards is not None:
                self._apply_swap(state, seat, cards, events)
                return
        verb, args = _decode(code)
        if pending is not None or state["phase"] != "bet":
            _own_everything(state)
        if pending is not None:
            if pending["kind"] == "tod":
                self._apply_drop(state, seat, verb, args, events)
            else:
                self._apply_wasser_answer(state, seat, verb, args, events)
        elif state["phase"] == "bet":
            self._apply_bet(state, seat, verb, args, events)
        elif state["phase"] == "exchange":
            self._apply_exchange(state, seat, verb, args, events)
        else:
            raise IllegalAction(NOT_NOW)

    # ----- chance ------------------------------------------------------------------------------

    def _apply_chance(self, state: StardustState, code: str, events: list[Event]) -> None:
        if state["phase"] == "deal":
            self._start_hand(state, chance.read_sampled(code, DECK_SIZE), events)
            return
        if not state["need_shuffle"]:
            chance.read(code, None)  # a malformed code is that before it is untimely
            raise IllegalAction(NOT_NOW)
        _own_everything(state)
        discards = state["discards"]
        order = chance.read_sampled(code, len(discards))
        state["deck"] = [discards[index] for index in order]
        state["discards"] = []
        state["need_shuffle"] = False
        events.append(Event("reshuffle", {"cards": len(state["deck"])}))
        self._run_draws(state, events)
        self._continue_exchange(state, events)

    def _start_hand(self, state: StardustState, deck: list[int], events: list[Event]) -> None:
        """Antes and the deal. ``state`` is a copy that shares every list with the state before
        the deal; the lists this edits are made anew here (a deal is part of every simulated
        hand, so it copies no list it then replaces anyway), the rest stay shared: from here
        to the first player move nothing edits them in place.
        """
        ante = state["opt"]["ante"]
        left = state["left"]
        state["deck"] = deck  # a fresh list from ``chance.read``
        stacks = state["stacks"] = state["stacks"][:]
        contrib = state["contrib"] = state["contrib"][:]
        in_hand = state["in_hand"] = state["in_hand"][:]
        hands = state["hands"] = state["hands"][:]
        events.append(
            _event(
                ("hand", {"hand": state["hand_no"], "dealer": state["dealer"], "ante": ante}, None)
            )
        )
        top = len(deck)
        for seat in _order(state):
            if left[seat] is not None:
                continue
            in_hand[seat] = True
            stacks[seat] -= ante
            contrib[seat] += ante
            # The top five cards (the end of the list), taken off the pile below in one go.
            hand = hands[seat] + deck[top - 5 : top]
            top -= 5
            hand.sort()
            hands[seat] = hand
            events.append(_event(("dealt", {"cards": hand[:]}, seat)))
        del deck[top:]
        self._start_round(state, 1, events)

    # ----- betting -----------------------------------------------------------------------------

    def _start_round(self, state: StardustState, number: int, events: list[Event]) -> None:
        n = state["n"]
        state["phase"] = "bet"
        state["round"] = number
        state["bets"] = [0] * n
        state["cur"] = 0
        state["min_inc"] = state["opt"]["ante"]
        state["acted"] = [False] * n
        in_hand, folded, stacks = state["in_hand"], state["folded"], state["stacks"]
        first = None
        for seat in _TURN_ORDERS[n][state["dealer"]]:
            if in_hand[seat] and not folded[seat] and stacks[seat]:
                if first is not None:
                    break  # two can act: the round is played
                first = seat
        else:
            state["turn"] = None
            self._end_round(state, events)
            return
        state["turn"] = first
        events.append(_event(("round", {"round": number, "seat": first}, None)))

    def _end_round(self, state: StardustState, events: list[Event]) -> None:
        state["turn"] = None
        if state["round"] == 1:
            state["phase"] = "exchange"
            state["exchanged"] = [False] * state["n"]
            events.append(_event(("exchange", {}, None)))
            self._continue_exchange(state, events)
        else:
            self._showdown(state, events)

    def _bet(self, state: StardustState, seat: int, code: str, events: list[Event]) -> None:
        """``_apply_bet`` for a code as played: check, call and fold without the decoder, every
        move followed by the next bettor's turn written out (about two thirds of a simulated
        match's decisions are these). Any other code, and a move that is not allowed now, goes
        through ``_apply_bet`` and its reasons.
        """
        if not isinstance(code, str):
            raise IllegalAction(MALFORMED)  # as ``_decode`` says, before a look-up by it
        fixed = _FIXED_BETS.get(code)
        bets = state["bets"]
        current = state["cur"]
        if fixed is None:
            if not self._menu_raise(state, seat, code, events):
                verb, args = _decode(code)
                self._apply_bet(state, seat, verb, args, events)
            return
        if (current > bets[seat]) != fixed:
            self._apply_bet(state, seat, code, (), events)  # raises the reason
            return
        if code == "check":
            acted = state["acted"] = state["acted"][:]
            acted[seat] = True
            events.append(_event(("check", {"seat": seat}, None)))
        elif code == "call":
            stacks = state["stacks"] = state["stacks"][:]
            to_call = current - bets[seat]
            stack = stacks[seat]
            paid = min(stack, to_call)
            stacks[seat] = stack - paid
            bets = state["bets"] = bets[:]
            bets[seat] += paid
            contrib = state["contrib"] = state["contrib"][:]
            contrib[seat] += paid
            acted = state["acted"] = state["acted"][:]
            acted[seat] = True
            events.append(
                _event(("call", {"seat": seat, "amount": paid, "allin": stack == paid}, None))
            )
        else:
            folded = state["folded"] = state["folded"][:]
            folded[seat] = True
            events.append(_event(("fold", {"seat": seat}, None)))
            in_hand = state["in_hand"]
            live = 0
            for other in range(state["n"]):
                if in_hand[other] and not folded[other]:
                    live += 1
            if live == 1:
                self._win_by_folds(state, events)
                return
        self._next_bettor(state, seat, events)

    def _menu_raise(self, state: StardustState, seat: int, code: str, events: list[Event]) -> bool:
        """A bet or raise of an amount a menu offered (``_AMOUNTS``), if it is one and allowed
        now (``_valid_amount``): played with the next bettor's turn, and True; else False, and
        nothing changed (``_apply_bet`` then plays the code or says why not).
        """
        known = _AMOUNTS.get(code)
        if known is None:
            return False
        verb, amount = known
        current = state["cur"]
        acted = state["acted"]
        if (
            state["need_shuffle"]
            or seat != state["turn"]
            or (current > 0) != (verb == "raise")
            or acted[seat]
        ):
            return False
        n = state["n"]
        stacks, in_hand, folded = state["stacks"], state["in_hand"], state["folded"]
        for other in range(n):
            if other != seat and in_hand[other] and not folded[other] and stacks[other] > 0:
                break
        else:
            return False
        bets = state["bets"]
        allin = bets[seat] + stacks[seat]
        if amount > allin or allin <= current:
            return False
        min_inc = state["min_inc"]
        minimum = state["opt"]["ante"] if current == 0 else current + min_inc
        if amount < minimum and amount != allin:
            return False
        # ``_raise_to`` on the seat's own copies of the lists it edits.
        stacks = state["stacks"] = stacks[:]
        bets = state["bets"] = bets[:]
        contrib = state["contrib"] = state["contrib"][:]
        paid = amount - bets[seat]
        stacks[seat] -= paid
        bets[seat] = amount
        contrib[seat] += paid
        increase = amount - current
        if verb == "bet" or increase >= min_inc:
            # A bet, or a full raise, reopens the betting for everyone else.
            if increase > min_inc:
                state["min_inc"] = increase
            acted = state["acted"] = [False] * n
        else:
            acted = state["acted"] = acted[:]
        acted[seat] = True
        state["cur"] = amount
        events.append(
            _event((verb, {"seat": seat, "amount": amount, "allin": stacks[seat] == 0}, None))
        )
        for other in _TURN_ORDERS[n][seat]:
            if (
                in_hand[other]
                and not folded[other]
                and stacks[other] > 0
                and (not acted[other] or bets[other] < amount)
            ):
                state["turn"] = other
                return True
        self._end_round(state, events)
        return True

    def _apply_bet(
        self, state: StardustState, seat: int, verb: str, args: tuple[Any, ...], events: list[Event]
    ) -> None:
        # ``state`` shares every list with the state before (``copy_state``): each bet takes
        # its own copy of the lists it edits, and the end of a hand its own stacks.
        to_call = state["cur"] - state["bets"][seat]
        if verb == "check" and not args and to_call == 0:
            acted = state["acted"] = state["acted"][:]
            acted[seat] = True
            events.append(_event(("check", {"seat": seat}, None)))
        elif verb == "call" and not args and to_call > 0:
            stacks = state["stacks"] = state["stacks"][:]
            paid = min(to_call, stacks[seat])
            stacks[seat] -= paid
            bets = state["bets"] = state["bets"][:]
            bets[seat] += paid
            contrib = state["contrib"] = state["contrib"][:]
            contrib[seat] += paid
            acted = state["acted"] = state["acted"][:]
            acted[seat] = True
            events.append(
                _event(("call", {"seat": seat, "amount": paid, "allin": stacks[seat] == 0}, None))
            )
        elif verb == "fold" and not args and to_call > 0:
            folded = state["folded"] = state["folded"][:]
            folded[seat] = True
            events.append(_event(("fold", {"seat": seat}, None)))
            if len(_live_seats(state)) == 1:
                self._win_by_folds(state, events)
                return
        elif verb in ("bet", "raise"):
            amount = _valid_amount(state, seat, verb, args)
            if amount is None:
                amount = self._checked_amount(state, seat, verb, args)  # raises the reason
            for key in ("stacks", "bets", "contrib", "acted"):
                state[key] = state[key][:]  # type: ignore[literal-required]  # the lists above
            self._raise_to(state, seat, verb, amount, events)
        else:
            raise IllegalAction(
                self.explain_illegal(state, seat, encode_safe(verb, args))  # type: ignore[arg-type]
            )
        self._next_bettor(state, seat, events)

    def _next_bettor(self, state: StardustState, seat: int, events: list[Event]) -> None:
        """The turn passes to the next seat that must still bet after ``seat``, or the betting
        round ends.
        """
        stacks, bets = state["stacks"], state["bets"]
        current, acted = state["cur"], state["acted"]
        in_hand, folded = state["in_hand"], state["folded"]
        for other in _TURN_ORDERS[state["n"]][seat]:
            if (
                in_hand[other]
                and not folded[other]
                and stacks[other] > 0
                and (not acted[other] or bets[other] < current)
            ):
                state["turn"] = other
                return
        self._end_round(state, events)

    def _checked_amount(
        self, state: StardustState, seat: int, verb: str, args: tuple[Any, ...]
    ) -> int:
        """The typed or chosen amount, or ``IllegalAction`` with its check's reason."""
        reason = self._why_not_amount(state, seat, verb, args)
        if reason is not None:
            raise IllegalAction(reason)
        amount: int = args[0]
        return amount

    def _raise_to(
        self, state: StardustState, seat: int, verb: str, amount: int, events: list[Event]
    ):
        current = state["cur"]
        stacks = state["stacks"]
        paid = amount - state["bets"][seat]
        stacks[seat] -= paid
        state["bets"][seat] = amount
        state["contrib"][seat] += paid
        increase = amount - current
        acted = state["acted"]
        if verb == "bet" or increase >= state["min_inc"]:
            # A bet, or a full raise, reopens the betting for everyone else.
            state["min_inc"] = max(state["min_inc"], increase)
            acted[:] = [False] * state["n"]
        acted[seat] = True
        state["cur"] = amount
        events.append(
            _event((verb, {"seat": seat, "amount": amount, "allin": stacks[seat] == 0}, None))
        )

    # ----- the exchange ------------------------------------------------------------------------

    def _continue_exchange(self, state: StardustState, events: list[Event]) -> None:
        """Move the exchange on once draws, specials and the current seat are done."""
        if state["phase"] != "exchange" or state["need_shuffle"] or state["pending"]:
            return
        turn = state["turn"]
        in_hand, folded, exchanged = state["in_hand"], state["folded"], state["exchanged"]
        if turn is not None and in_hand[turn] and not folded[turn] and not exchanged[turn]:
            return
        self._next_exchanger(state, events)

    def _next_exchanger(self, state: StardustState, events: list[Event]) -> None:
        """The turn passes to the first seat in order still in that has not exchanged, or the
        second betting round begins.
        """
        in_hand, folded, exchanged = state["in_hand"], state["folded"], state["exchanged"]
        for seat in _TURN_ORDERS[state["n"]][state["dealer"]]:
            if in_hand[seat] and not folded[seat] and not exchanged[seat]:
                state["turn"] = seat
                return
        self._start_round(state, 2, events)

    def _apply_exchange(
        self, state: StardustState, seat: int, verb: str, args: tuple[Any, ...], events: list[Event]
    ) -> None:
        hand = state["hands"][seat]
        if verb in ("keep", "swap"):
            if (verb == "swap") != bool(args):
                raise IllegalAction(MALFORMED)
            if len(args) > MAX_EXCHANGE:
                raise IllegalAction(AT_MOST_THREE)
            if len(set(args)) != len(args) or any(card not in hand for card in args):
                raise IllegalAction(NOT_HELD)
            for card in args:
                hand.remove(card)
                state["discards"].append(card)
            state["exchanged"][seat] = True
            events.append(_event(("swap", {"seat": seat, "count": len(args)}, None)))
            if args:
                events.append(_event(("discarded", {"cards": list(args)}, seat)))
            want = 6 if state["hole"][seat] else 5
            self._draw(state, seat, want - len(hand), events)
        elif verb == "loch" and not args:
            self._lay(state, seat, SCHWARZES_LOCH, seat)
            state["hole"][seat] = True
            events.append(Event("loch", {"seat": seat}))
            self._draw(state, seat, 2, events)
        elif verb == "tod" and len(args) == 1:
            target = args[0]
            if SCHNELLER_TOD not in hand:
                raise IllegalAction(NOT_HELD)
            if not isinstance(target, int) or target == seat or target >= state["n"]:
                raise IllegalAction(BAD_TARGET)
            if not _live(state, target):
                raise IllegalAction(BAD_TARGET)
            self._lay(state, seat, SCHNELLER_TOD, target)
            state["pending"] = {"kind": "tod", "by": seat, "target": target}
            events.append(Event("tod", {"seat": seat, "target": target}))
        elif verb == "wasser" and not args:
            self._lay(state, seat, DUNKLE_WASSER, seat)
            queue = [
                other
                for other in _order(state, seat - 1)
                if _live(state, other) and state["stacks"][other] > 0
            ]
            events.append(Event("wasser", {"seat": seat}))
            state["pending"] = {"kind": "wasser", "by": seat, "queue": queue}
            if not queue:
                self._finish_wasser(state, events)
        else:
            raise IllegalAction(
                self.explain_illegal(state, seat, encode_safe(verb, args))  # type: ignore[arg-type]
            )
        self._continue_exchange(state, events)

    def _apply_swap(
        self, state: StardustState, seat: int, cards: tuple[int, ...], events: list[Event]
    ) -> None:
        """``keep`` or ``swap`` (``cards``: ascending, distinct, at most three), as in
        ``_apply_exchange``, on a copy that shares every list with the state before.

        Most exchange moves are these, so instead of ``_own_everything`` this copies only
        what they and what may follow edit: the hands, discards, exchanged seats, the pile
        and the draws (a showdown copies the stacks it pays; a hand's other lists are only
        read until the next hand puts new ones in place). Pending draws wait for a reshuffle,
        which chance plays before anyone, so the draws are empty here.
        """
        hand = state["hands"][seat]
        for card in cards:
            if card not in hand:
                raise IllegalAction(NOT_HELD)
        hands = state["hands"] = state["hands"][:]
        hand = hand[:]
        if cards:
            for card in cards:
                hand.remove(card)
            state["discards"] = state["discards"] + list(cards)
        hands[seat] = hand
        exchanged = state["exchanged"] = state["exchanged"][:]
        exchanged[seat] = True
        # Stored states from before the count was kept have no list yet.
        swapped = state["swapped"] = list(state.get("swapped") or [-1] * state["n"])
        swapped[seat] = len(cards)
        events.append(_event(("swap", {"seat": seat, "count": len(cards)}, None)))
        if cards:
            events.append(_event(("discarded", {"cards": list(cards)}, seat)))
        count = (6 if state["hole"][seat] else 5) - len(hand)
        deck = state["deck"]
        if 0 < count <= len(deck):
            # ``_draw`` when the pile holds enough, on a new pile without the cards drawn
            # (the state before keeps its own); the draws stay empty and shared.
            drawn = deck[: -count - 1 : -1]  # popped from the top: the end of the list first
            state["deck"] = deck[:-count]
            hand.extend(drawn)
            hand.sort()
            events.append(_event(("drew", {"cards": drawn}, seat)))
            events.append(_event(("draw", {"seat": seat, "count": count}, None)))
        elif count > 0:
            state["deck"] = deck[:]
            state["draws"] = []
            self._draw(state, seat, count, events)
        if count > len(deck) or seat != state["turn"]:
            self._continue_exchange(state, events)
            return
        # ``_continue_exchange`` where nothing waits (no reshuffle, nothing pending) and the
        # seat to act has just exchanged.
        self._next_exchanger(state, events)

    def _lay(self, state: StardustState, seat: int, joker: int, before: int) -> None:
        hand = state["hands"][seat]
        if joker not in hand:
            raise IllegalAction(NOT_HELD)
        hand.remove(joker)
        state["laid"].append([joker, seat, before])

    def _apply_drop(
        self, state: StardustState, seat: int, verb: str, args: tuple[Any, ...], events: list[Event]
    ) -> None:
        pending = state["pending"]
        hand = state["hands"][seat]
        if verb != "drop" or len(args) != 1:
            raise IllegalAction(MUST_DROP)
        if args[0] not in hand:
            raise IllegalAction(NOT_HELD)
        hand.remove(args[0])
        state["discards"].append(args[0])
        state["pending"] = None
        events.append(Event("drop", {"seat": seat}))
        events.append(Event("discarded", {"cards": [args[0]]}, to=seat))
        self._draw(state, seat, 1, events)
        self._draw(state, pending["by"], 1, events)
        self._continue_exchange(state, events)

    def _apply_wasser_answer(
        self, state: StardustState, seat: int, verb: str, args: tuple[Any, ...], events: list[Event]
    ) -> None:
        queue = state["pending"]["queue"]
        if args or verb not in ("pay", "fold"):
            raise IllegalAction(WASSER_ANSWER)
        queue.pop(0)
        if verb == "pay":
            amount = min(state["opt"]["ante"], state["stacks"][seat])
            state["stacks"][seat] -= amount
            state["contrib"][seat] += amount
            events.append(
                Event("pay", {"seat": seat, "amount": amount, "allin": not state["stacks"][seat]})
            )
        else:
            state["folded"][seat] = True
            events.append(Event("fold", {"seat": seat}))
            if len(_live_seats(state)) == 1:
                self._win_by_folds(state, events)
                return
        if not queue:
            self._finish_wasser(state, events)
        self._continue_exchange(state, events)

    def _finish_wasser(self, state: StardustState, events: list[Event]) -> None:
        by = state["pending"]["by"]
        state["pending"] = None
        if _live(state, by):
            self._draw(state, by, 1, events)

    def _draw(self, state: StardustState, seat: int, count: int, events: list[Event]) -> None:
        if count > 0:
            state["draws"].append([seat, count])
            self._run_draws(state, events)

    def _run_draws(self, state: StardustState, events: list[Event]) -> None:
        """Deal pending draws; when the pile runs out, chance must shuffle the discards in."""
        draws, deck = state["draws"], state["deck"]
        while draws:
            seat, count = draws[0]
            hand = state["hands"][seat]
            drawn = []
            while count and deck:
                drawn.append(deck.pop())
                count -= 1
            if drawn:
                hand.extend(drawn)
                hand.sort()
                events.append(_event(("drew", {"cards": drawn}, seat)))
                events.append(_event(("draw", {"seat": seat, "count": len(drawn)}, None)))
            if count:
                draws[0][1] = count
                state["need_shuffle"] = True
                return
            draws.pop(0)

    # ----- the end of a hand -------------------------------------------------------------------

    def _win_by_folds(self, state: StardustState, events: list[Event]) -> None:
        in_hand, folded = state["in_hand"], state["folded"]
        for winner in range(state["n"]):  # the one seat still in
            if in_hand[winner] and not folded[winner]:
                break
        amount = sum(state["contrib"])
        state["stacks"] = state["stacks"][:]  # a bet's copy shares it with the state before
        state["stacks"][winner] += amount
        state["last"] = {"hand": state["hand_no"], "shown": [], "pots": [[amount, [winner]]]}
        events.append(_event(("won", {"seat": winner, "amount": amount}, None)))
        self._end_hand(state, events)

    def _showdown(self, state: StardustState, events: list[Event]) -> None:
        in_hand, folded, hands = state["in_hand"], state["folded"], state["hands"]
        contrib = state["contrib"]
        stacks = state["stacks"] = state["stacks"][:]  # shared with the state before
        # One pass over the seats still in, in order after the dealer: each hand is evaluated
        # once (hands stay sorted) and serves the pots, the summary kept and the event.
        live: list[int] = []
        scores: list[int] = []  # packed: they compare as the score tuples do
        shown: list[list[Any]] = []
        shown_data: list[dict[str, Any]] = []
        levels: set[int] = set()
        for seat in _TURN_ORDERS[state["n"]][state["dealer"]]:
            if in_hand[seat] and not folded[seat]:
                cards = hands[seat]
                packed, score, kind, groups = showdown_verdict(cards)
                live.append(seat)
                scores.append(packed)
                levels.add(contrib[seat])
                shown.append([seat, cards[:]])
                shown_data.append(
                    {
                        "seat": seat,
                        "cards": cards[:],
                        "score": score,
                        "kind": kind,
                        "groups": groups,
                    }
                )
        # The pots of ``side_pots``, each level's winners found in the same pass: one pot when
        # everyone still in paid the same, else a main pot and side pots, smallest level first.
        awarded = []
        previous = 0
        top = max(levels)
        for level in sorted(levels):
            amount = 0
            if level == top:  # every chip above the level below, folded players' too
                for paid in contrib:
                    if paid > previous:
                        amount += paid - previous
            else:
                for paid in contrib:
                    if paid > previous:
                        amount += min(paid, level) - previous
            previous = level
            if not amount:
                continue
            best = None
            winners: list[int] = []
            for seat, score in zip(live, scores):  # in order after the dealer
                if contrib[seat] >= level:
                    if best is None or score > best:
                        best = score
                        winners = [seat]
                    elif score == best:
                        winners.append(seat)
            share, odd = divmod(amount, len(winners))
            for seat in winners:
                stacks[seat] += share
            # The ruling: any odd chip to the earliest seat after the dealer (the winners are in
            # that order), so three winners' two odd chips both go to the first of them.
            stacks[winners[0]] += odd
            awarded.append([amount, winners])
        state["last"] = {"hand": state["hand_no"], "shown": shown, "pots": awarded}
        events.append(_event(("showdown", {"shown": shown_data, "pots": awarded}, None)))
        self._end_hand(state, events)

    def _end_hand(self, state: StardustState, events: list[Event]) -> None:
        n = state["n"]
        zeros = [0] * n
        falses = [False] * n
        state["contrib"] = zeros
        state["bets"] = zeros[:]
        state["cur"] = 0
        state["hands"] = _NO_HANDS[n]()
        state["laid"] = []
        state["deck"] = []
        state["discards"] = []
        state["hole"] = falses
        state["in_hand"] = falses[:]
        state["folded"] = falses[:]
        state["acted"] = falses[:]
        state["exchanged"] = falses[:]
        state["swapped"] = [-1] * n
        state["pending"] = None
        state["draws"] = []
        state["need_shuffle"] = False
        state["turn"] = None
        state["round"] = 0
        stacks = state["stacks"]
        opt = state["opt"]
        if state["hand_no"] >= opt["hands"]:
            state["phase"] = "over"
            events.append(_event(("over", {"stacks": stacks[:]}, None)))
            return
        ante = opt["ante"]
        left = state["left"]
        staying = 0
        leaving = None
        for seat in range(n):
            if left[seat] is None:
                staying += 1
                if stacks[seat] < ante:
                    if leaving is None:
                        leaving = [seat]
                    else:
                        leaving.append(seat)
        if leaving is not None:
            leaves = state["leaves"] = state["leaves"] + 1
            left = state["left"] = left[:]  # shared with the state before this move
            for seat in leaving:
                left[seat] = leaves
                events.append(_event(("left", {"seat": seat, "chips": stacks[seat]}, None)))
            staying -= len(leaving)
        if staying < 2:
            state["phase"] = "over"
            events.append(_event(("over", {"stacks": stacks[:]}, None)))
            return
        state["hand_no"] += 1
        for seat in _TURN_ORDERS[n][state["dealer"]]:
            if left[seat] is None:
                state["dealer"] = seat
                break
        state["phase"] = "deal"

    # ----- what players see --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The public table, plus the seat's own hand and what it would cost to call."""
        pending = state["pending"]
        public: dict[str, Any] = {
            "players": state["n"],
            "hand_no": state["hand_no"],
            "hands": state["opt"]["hands"],
            "ante": state["opt"]["ante"],
            "dealer": state["dealer"],
            "phase": state["phase"],
            "round": state["round"],
            "to_act": self.to_act(state),
            "stacks": list(state["stacks"]),
            "left": list(state["left"]),
            "in_hand": list(state["in_hand"]),
            "folded": list(state["folded"]),
            "bets": list(state["bets"]),
            "contrib": list(state["contrib"]),
            "pot": sum(state["contrib"]),
            "current_bet": state["cur"],
            "min_raise_to": state["cur"] + state["min_inc"] if state["cur"] else None,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "laid": [list(entry) for entry in state["laid"]],
            "hole": list(state["hole"]),
            "exchanged": list(state["exchanged"]),
            "swapped": list(state.get("swapped") or [-1] * state["n"]),
            "deck_size": len(state["deck"]),
            "discard_size": len(state["discards"]),
            "pending": clone(pending) if pending else None,
            "last": _last_for_view(state["last"]),
            "seat": seat,
        }
        if seat is not None:
            hand = sorted(state["hands"][seat])
            public["hand"] = hand
            public["to_call"] = min(state["cur"] - state["bets"][seat], state["stacks"][seat])
            public["evaluation"] = explain(hand) if len(hand) >= 5 else None
            public["amount_range"] = None
            if state["phase"] == "bet" and state["turn"] == seat:
                verb, menu, minimum, allin = betting_menu(cast(StardustState, state), seat)
                if menu:
                    # For the typed-amount form: any total from the minimum to all-in.
                    public["amount_range"] = {
                        "verb": verb,
                        "min": min(minimum, allin),
                        "max": allin,
                    }
        return public

    def shuffle_hidden(
        self, state: State, observer: int | None, rng: random.Random
    ) -> State | None:
        """Deal anew every card the observer cannot see: other hands, pile and discards."""
        if state["phase"] not in ("bet", "exchange"):
            return None
        return deal_anew(state, [seat for seat in range(state["n"]) if seat != observer], rng)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Deal anew what ``seat`` cannot see, each live opponent's hand weighed by how it has
        played this hand (``reads``: a big raise or a kept hand makes strong hands likelier);
        folded hands, the pile and the discards are dealt uniformly from the rest.
        """
        if state["phase"] not in ("bet", "exchange"):
            return state
        from .reads import deal_hand

        hidden = [each for each in range(state["n"]) if each != seat]
        live = [each for each in hidden if state["in_hand"][each] and not state["folded"][each]]
        return deal_anew(state, hidden, rng, read=(live, deal_hand))

    def forfeit(self, state: State, seat: int) -> State | None:
        """A player whose time ran out is gone: they fold and leave the match; the others play
        on (their chips in the pot stay there). The match ends when fewer than two remain.
        """
        return self.forfeit_with_events(state, seat)[0]

    def forfeit_with_events(self, state: State, seat: int) -> tuple[State | None, list[Event]]:
        """``forfeit``, and what followed the fold: a pot won, the showdown, the next betting
        round, a card drawn, the match's end (the log shows them as after any fold).
        """
        new = cast(StardustState, state.copy())
        _own_everything(new)
        events: list[Event] = []
        new["leaves"] += 1
        new["left"][seat] = new["leaves"]
        pending = new["pending"]
        if pending is not None and pending["kind"] != "tod":
            self._apply_wasser_answer(new, seat, "fold", (), events)
            return cast(State, new), events
        new["folded"][seat] = True
        if len(_live_seats(new)) == 1:
            new["pending"] = None
            self._win_by_folds(new, events)
            return cast(State, new), events
        if pending is not None:
            # Schneller Tod aimed at the gone player: nobody discards; its player still draws.
            new["pending"] = None
            if _live(new, pending["by"]):
                self._draw(new, pending["by"], 1, events)
            self._continue_exchange(new, events)
        elif new["phase"] == "exchange":
            self._continue_exchange(new, events)
        else:
            self._next_bettor(new, seat, events)
        return cast(State, new), events

    def result(self, state: State) -> Result | None:
        """Chips decide; players who left the match rank below, later leavers higher."""
        if state["phase"] != "over":
            return None
        stacks, left = state["stacks"], state["left"]
        keys = [
            (1, stacks[seat], 0) if left[seat] is None else (0, left[seat], stacks[seat])
            for seat in range(state["n"])
        ]
        ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        return Result(scores=list(stacks), ranks=ranks)

    # ----- words -------------------------------------------------------------------------------

    def explain_illegal(self, state: State, seat: int, code: str) -> Text:
        """The reason the code's verb check gives."""
        return why_not(self, state, seat, code) or NOT_NOW

    @staticmethod
    def decode_move(code: str) -> tuple[str, tuple[Any, ...]]:
        """A player code's verb and arguments (cached; ``IllegalAction`` if malformed)."""
        return _decode(code)

    @staticmethod
    def bet_menu(state: State, seat: int) -> tuple[str, dict[int, str], int, int]:
        """``betting_menu`` for the words: (verb, {amount: tag}, minimum, all-in total)."""
        return betting_menu(cast(StardustState, state), seat)

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        """Buttons: amounts with their menu tag, cards with their German name and gloss."""
        return words.action_label(self, state, seat, code, lang, names)

    def action_group(self, state: State, seat: int, code: str) -> str:
        """Amounts together, swaps by the number of cards, joker specials together."""
        verb, args = _decode(code)
        if verb in ("bet", "raise"):
            return "amount"
        if verb == "swap":
            return f"swap{len(args)}"
        if verb in ("keep", "loch", "tod", "wasser"):
            return "joker" if verb != "keep" else "swap0"
        return verb

    def group_label(self, state: State, seat: int, group: str, lang: str) -> str:
        """What a select menu offers: an amount, an exchange of n cards, a joker."""
        return words.group_label(group, lang)

    def amount_label(self, verb: str, lang: str) -> str:
        """The button for a typed bet or raise."""
        return (words.OTHER_RAISE if verb == "raise" else words.OTHER_BET).get(lang)

    def progress(self, view: dict[str, Any], lang: str) -> str | None:
        """The hand the table shows ("Hand 3/10")."""
        return words.HAND_OF.format(n=view["hand_no"], h=view["hands"]).get(lang)

    def score_text(self, state: State, result: Result, seat: int, lang: str) -> str:
        """Chips, whole."""
        return plural(result.scores[seat], *words.CHIPS).get(lang)

    def describe_event(self, event: Event, lang: str, names: Names = None) -> str:
        """One log line per event."""
        return words.describe_event(self, event, lang, names)

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        """A compact plain-text table: one line per seat, then the viewer's hand."""
        return words.render(self, view, lang, names)

    def check_invariants(self, state: State) -> None:
        """Chips and cards are conserved (``check_invariants`` in this module)."""
        check_invariants(state)

    def simulation_report(self, results: list[tuple[State, Result]], lang: str) -> str | None:
        """Hands played per match, matches ended early, and the winner's share of the chips."""
        if not results:
            return None
        matches = len(results)
        hands = sum(state["hand_no"] for state, _result in results) / matches
        early = sum(1 for state, _result in results if state["hand_no"] < state["opt"]["hands"])
        share = sum(max(state["stacks"]) / state["total"] for state, _result in results) / matches
        return Text(
            f"Stardust: im Mittel {hands:.2f} Hände je Partie; {early} von {matches} Partien "
            f"endeten vorzeitig (nur noch ein Spieler konnte den Mindesteinsatz zahlen); "
            f"der Führende hielt am Ende im Mittel {100 * share:.1f} % der Chips.",
            f"Stardust: {hands:.2f} hands per match on average; {early} of {matches} matches "
            f"ended early (only one player could still pay the ante); the leader held "
            f"{100 * share:.1f}% of the chips at the end on average.",
        ).get(lang)

    def engine_players(self) -> dict[str, Any]:
        """Random play and the three levels; "strategy" (stored tables) plays as "normal"."""
        from games.players.search import levelled

        from .strategy import StrategyPlayer, hand_over, standing_after_hand

        return levelled(StrategyPlayer(), horizon=hand_over, value=standing_after_hand)


def deal_anew(
    state: State,
    seats: list[int],
    rng: random.Random,
    read: tuple[list[int], Callable[[State, int, list[int], int, random.Random], list[int]]]
    | None = None,
) -> State:
    """A copy of ``state`` in which the hands of ``seats``, the pile and the discards are dealt
    anew from the cards they hold together, each keeping its size. ``read`` names seats whose
    hands a function deals first, taking them out of the sorted pool (the strong player's
    reads), and that function.
    """
    other = clone(state)
    hands = other["hands"]
    pool = other["deck"] + other["discards"]
    for seat in seats:
        pool += hands[seat]
    pool.sort()  # the new deal must not depend on where the hidden cards were
    first: list[int] = []
    if read is not None:
        first, deal_first = read
        for seat in first:
            hands[seat] = deal_first(state, seat, pool, len(hands[seat]), rng)
    rng.shuffle(pool)
    for key in ("deck", "discards"):
        size = len(other[key])
        other[key], pool = pool[:size], pool[size:]
    for seat in seats:
        if seat not in first:
            size = len(hands[seat])
            hands[seat], pool = sorted(pool[:size]), pool[size:]
    return other


_FIXED_BETS = {"check": False, "call": True, "fold": True}
"""The betting moves without an amount, each with whether it needs chips owed (``_bet``)."""

_CHECKS = {verb: getattr(Stardust, "why_not_" + verb) for verb in ("call", "check", "fold", "pay")}
"""The checks of the verbs without arguments that the menus offer, looked up once."""


def shown_hands(shown: list[list[Any]]) -> list[dict[str, Any]]:
    """Hands shown at a showdown as dicts: seat, cards, score, kind and combination groups."""
    return [{"seat": seat, "cards": list(cards), **explain(cards)} for seat, cards in shown]


def _last_for_view(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "hand": last["hand"],
        "shown": shown_hands(last["shown"]),
        "pots": [[amount, list(winners)] for amount, winners in last["pots"]],
    }


def side_pots(contrib: list[int], live: list[int]) -> list[tuple[int, list[int]]]:
    """The main pot and side pots as (amount, eligible live seats), smallest level first.

    Each level of the live players' contributions makes a pot that everyone who paid up to it
    is eligible for; chips of folded players above the highest live level join the last pot.
    """
    levels = sorted({contrib[seat] for seat in live})
    if not levels:
        return []
    top = levels[-1]
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in levels:
        # What each paid above the level below, up to this level (the top one: all of it).
        amount = 0
        cap = None if level == top else level
        for paid in contrib:
            if paid > previous:
                amount += (paid if cap is None or paid < cap else cap) - previous
        eligible = [seat for seat in live if contrib[seat] >= level]
        if amount:
            pots.append((amount, eligible))
        previous = level
    return pots


_decode_cached = lru_cache(maxsize=8192)(decode)


def _decode(code: str) -> tuple[str, tuple[Any, ...]]:
    """Player codes repeat a lot (check, call, keep, bet:10): decode each spelling once."""
    if not isinstance(code, str):
        raise IllegalAction(MALFORMED)
    return _decode_cached(code)


def encode_safe(verb: str, args: tuple[Any, ...]) -> str:
    """Rebuild a code from parts that came from ``decode`` (for ``explain_illegal``)."""
    return ":".join([verb, *map(str, args)])
