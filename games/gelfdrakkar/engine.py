"""The Gelfdrakkar engine: the state machine of a series of rounds on the engine contract."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from pydantic import BaseModel, ConfigDict, Field

from games.core import (
    CHANCE,
    Event,
    Game,
    IllegalAction,
    Names,
    Result,
    State,
    Text,
    check_permutation,
    clone,
    decode,
    encode,
    plural,
)
from games.core.checks import why_not
from games.core.contract import ENDED_KEY
from games.core.draws import shuffled
from games.core.errors import MALFORMED, NOT_NOW, NOT_YOUR_TURN, SetupError

from . import words
from .cards import (
    ERSTE,
    IMMORTAL,
    KIND,
    LETZTE,
    NULL_DECK_SIZE,
    SINHARA,
    SWAP_KINDS,
    TOD,
    VERNIO,
    WALDHERR,
    ZWEITE,
    deck_size,
)
from .scoring import LETZTE_DAME_BONUS, LIMITS, MAX_REDEALS, bundle_points, pile_points, settle
from .tricks import resolve
from .words import (
    BAD_CARD,
    BAD_PARTNER,
    CLAIM_ONLY,
    DEAL_FIRST,
    LIMIT_USED,
    NO_SWAP_CARD,
    NOT_IN_PILE,
    ONE_SWAP,
    REVEAL_USED,
    TOO_LATE_TO_ANNOUNCE,
    action_label,
    describe_event,
    group_label,
    render,
)

PARTIES: tuple[Literal["V", "A"], ...] = ("V", "A")
_card_of_play = itemgetter(1)
"""The card of a trick entry ``[seat, card]``."""
_PLAY = [encode("play", card) for card in range(124)]
_PLAY_ARGS = {code: (card,) for card, code in enumerate(_PLAY)}
"""The arguments of the one-card play codes (nearly every move), without parsing them."""
_event = tuple.__new__
"""``Event``'s constructor without the Python-level ``__new__`` of a named tuple (a call frame
per event), for the events of nearly every decision: ``_event(Event, (kind, data, to))``."""
_PLAIN_PLAY = {code: card for card, code in enumerate(_PLAY) if card > WALDHERR}
"""The play codes of the cards without extra duties (``Gelfdrakkar.apply``'s short way)."""
_LIMIT_CODES = {limit: encode("limit", limit) for limit in LIMITS}


def _may_take(kind: str, wanted: object) -> bool:
    """Whether a Spion or Helfer (``kind``) may be exchanged for the card ``wanted`` (found in
    one's own party's pile): any card but one of the same kind.
    """
    return isinstance(wanted, int) and 0 <= wanted < len(KIND) and KIND[wanted] != kind


_SWAP = {
    kind: [encode("swap", kind, card) if _may_take(kind, card) else None for card in range(124)]
    for kind in SWAP_KINDS
}
"""The exchange codes per kind and card, built once from ``_may_take``."""
_CLAIM_CODES = ["claim", "decline"]
_WALDHERR_CODES = [(encode("play", WALDHERR), (WALDHERR,))] + [
    (encode("play", WALDHERR, seat), (WALDHERR, seat)) for seat in range(8)
]


def _why_not_card(players: int, seat: int, args: tuple[Any, ...]) -> Text | None:
    """The part of ``why_not_play`` about a card in hand: the Waldherr names a partner (another
    seat) with 5 or 6 players and only then; every other card is played alone.
    """
    card = args[0]
    if card != WALDHERR:
        return None if len(args) == 1 else MALFORMED
    if not 5 <= players <= 6:
        return None if len(args) == 1 else BAD_PARTNER
    if len(args) != 2:
        return BAD_PARTNER
    partner = args[1]
    if not isinstance(partner, int) or partner == seat or not 0 <= partner < players:
        return BAD_PARTNER
    return None


@lru_cache(maxsize=64)
def _waldherr_menu(players: int, seat: int) -> tuple[str, ...]:
    """The Waldherr's play codes for ``seat``, through ``_why_not_card`` once per table size."""
    return tuple(
        code for code, args in _WALDHERR_CODES if _why_not_card(players, seat, args) is None
    )


_SWAP_CARDS = frozenset(card for card, kind in enumerate(KIND) if kind in SWAP_KINDS)
_LAST_SWAP_CARD = max(_SWAP_CARDS)


_CARD_OF_TEXT = {str(card): card for card in range(NULL_DECK_SIZE)}
_TEXT_OF_CARD = [str(card) for card in range(NULL_DECK_SIZE)]
_SAMPLED_DEAL: list[tuple[object, tuple[int, ...]]] = [(object(), ())]
"""The last deal ``sample_chance`` drew, as one (code, order) pair replaced whole (so that a
reader never pairs one draw's code with another's order): applying that very code next, as
every simulation does, then needs no parsing; any other code is parsed as before (the first
entry's code is an object no caller holds)."""


def _shuffle_order(code: str, size: int) -> list[int] | None:
    """The order of a well-formed shuffle of ``size`` cards, parsed without the generic decoder
    (a shuffle code is new every deal, so its cache never helps); None for anything else, which
    the generic path then rejects with its own reason.

    Every part must be one of the exact texts "0".."123" (no sign, no leading zero), each once.
    """
    sampled, drawn = _SAMPLED_DEAL[0]
    if code is sampled and len(drawn) == size:  # the very code just drawn: a permutation
        return list(drawn)
    if type(code) is not str:
        return None
    parts = code.split(":")
    if parts[0] != "shuffle" or len(parts) != size + 1:
        return None
    try:
        order = list(map(_CARD_OF_TEXT.__getitem__, parts[1:]))
    except KeyError:
        return None
    if len(set(order)) != size or max(order) >= size:
        return None
    return order


def _own_everything(state: GelfdrakkarState) -> None:
    """Give a copied state its own copy of every list and dict that moves may edit in place."""
    state["hands"] = [hand[:] for hand in state["hands"]]
    state["revealed"] = state["revealed"][:]
    state["announcements"] = state["announcements"][:]
    state["late"] = state["late"][:]
    state["dead"] = state["dead"][:]
    state["fettered"] = state["fettered"][:]
    piles = state["piles"]
    state["piles"] = {"V": piles["V"][:], "A": piles["A"][:]}
    state["pile_points"] = dict(state["pile_points"])
    state["bonus"] = dict(state["bonus"])
    state["balances"] = state["balances"][:]
    state["history"] = state["history"][:]


class GelfdrakkarOptions(BaseModel):
    """Options of a Gelfdrakkar table."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    rounds: int = Field(1, ge=1, le=24, description="rounds in the series (dealer rotates)")


class GelfdrakkarPosition(BaseModel):
    """A position for ``Gelfdrakkar.set_up``: a round in play, by card ids (see ``cards.py``).

    The parties follow Vernio and Sinhara in the hands unless ``parties`` names them (needed
    when one of the two already lies in a pile). Cards placed nowhere are out of the round (as
    if the Tod had struck them). The seat on turn follows the trick so far, or is ``leader``.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    dealer: int = Field(0, ge=0, le=7)
    hands: list[list[int]]
    piles: dict[Literal["V", "A"], list[list[int]]] = Field(default_factory=dict)
    trick: list[tuple[int, int]] = Field(default_factory=list, description="[seat, card] so far")
    leader: int | None = Field(None, ge=0, le=7, description="who leads an empty trick")
    parties: list[Literal["V", "A"]] | None = None
    revealed: list[Literal["V", "A"] | None] | None = None
    announcements: list[tuple[int, int | Literal["reveal"]]] = Field(default_factory=list)
    rest: list[int] = Field(default_factory=list, description="set aside (seven players)")
    tricks_played: int | None = Field(
        None, ge=0, le=30, description="tricks already played (default: the bundles in piles)"
    )


def _bad_position(de: str, en: str) -> SetupError:
    return SetupError(Text(f"Ungültige Stellung: {de}", f"Invalid position: {en}"))


class GelfdrakkarState(TypedDict):
    """A Gelfdrakkar table: the series, then the round being played (``_reset_deal``)."""

    players: int
    rounds: int
    round: int
    dealer: int
    redeals: int
    balances: list[int]
    history: list[dict[str, Any]]
    carry_mult: int
    carry_add: int
    phase: str  # "deal", "play", "claim" or "over"
    hands: list[list[int]]
    rest: list[int]
    party: list[str]
    turn: Any  # int, or None
    trick: list[Any]
    partner: Any  # int, or None
    carried: list[Any]
    forced: bool
    fettered: list[Any]
    dead: list[Any]
    piles: dict[str, list[list[int]]]
    pile_points: dict[str, int]
    played: list[int]
    swapped: bool
    claimant: Any  # int, or None
    pending: Any
    announcements: list[list[Any]]
    late: list[int]
    bonus: dict[str, int]
    revealed: list[str | None]
    taken: list[list[int]]
    trick_no: int
    tricks: int


def _public_outcome(outcome: dict[str, Any] | None) -> dict[str, Any] | None:
    """A trick outcome waiting for the Erste Dame's claim, as every seat may see it: without
    its pile (``dest``), which is the winner's party. The claim is asked whatever that party
    is, so that the question reveals nothing, and the trick, if claimed, never shows it.
    """
    if outcome is None:
        return None
    return {key: value for key, value in outcome.items() if key != "dest"}


class Gelfdrakkar(Game):
    """Gelfdrakkar: trick-taking with secret parties around Vernio and Sinhara."""

    id = "gelfdrakkar"
    name = Text("Gelfdrakkar", "Gelfdrakkar")
    min_players = 4
    max_players = 8
    Options = GelfdrakkarOptions
    Position = GelfdrakkarPosition
    summary = Text(
        "Stichspiel mit geheimen Parteien um Vernio und Sinhara (4-8 Spieler).",
        "Trick-taking with secret parties around Vernio and Sinhara (4-8 players).",
    )

    # ----- facts -----------------------------------------------------------------------------

    def max_decisions(self, players: int, options: BaseModel) -> int:
        """Per deal: the shuffle, every card played, one exchange before each play, twelve
        announcements and one claim per trick; a round has at most ``MAX_REDEALS`` + 1 deals.
        """
        assert isinstance(options, GelfdrakkarOptions)
        hand = deck_size(players) // players
        per_deal = 1 + 2 * hand * players + 2 * (len(LIMITS) + 1) + hand
        return options.rounds * (MAX_REDEALS + 1) * per_deal

    # ----- positions ---------------------------------------------------------------------------

    def _set_up(self, players: int, options: BaseModel, position: Any) -> State:
        """A round in play at ``position`` (see ``GelfdrakkarPosition``)."""
        assert isinstance(position, GelfdrakkarPosition)
        state = self.initial_state(players, options)
        size = deck_size(players)
        if len(position.hands) != players:
            raise _bad_position(f"{players} Hände erwartet", f"expected {players} hands")
        piles = {
            side: [list(bundle) for bundle in position.piles.get(side, [])] for side in PARTIES
        }
        placed = [card for hand in position.hands for card in hand]
        placed += [card for side in PARTIES for bundle in piles[side] for card in bundle]
        placed += [card for _seat, card in position.trick] + list(position.rest)
        if any(not 0 <= card < size for card in placed):
            raise _bad_position(f"Karten gibt es nur 0-{size - 1}", f"cards are 0-{size - 1}")
        if len(set(placed)) != len(placed):
            raise _bad_position("eine Karte liegt doppelt", "a card lies in two places")
        trick_no = sum(len(piles[side]) for side in PARTIES)
        if position.tricks_played is not None:
            trick_no = position.tricks_played  # the other tricks' cards are out of the round
        tricks = size // players
        if trick_no >= tricks:
            raise _bad_position("die Runde ist schon vorbei", "the round is already over")
        seats_in_trick = [seat for seat, _card in position.trick]
        if len(set(seats_in_trick)) != len(seats_in_trick) or len(seats_in_trick) >= players:
            raise _bad_position("der Stich ist falsch", "the trick so far is malformed")
        if position.trick:
            first = seats_in_trick[0]
            if seats_in_trick != [(first + k) % players for k in range(len(seats_in_trick))]:
                raise _bad_position("im Stich spielt man reihum", "a trick is played in seat order")
            turn = (seats_in_trick[-1] + 1) % players
        else:
            turn = (position.dealer + 1) % players if position.leader is None else position.leader
        for seat, hand in enumerate(position.hands):
            expected = tricks - trick_no - (1 if seat in seats_in_trick else 0)
            if len(hand) != expected:
                raise _bad_position(
                    f"Platz {seat + 1} müsste {expected} Karten halten",
                    f"seat {seat + 1} should hold {expected} cards",
                )
        if position.parties is not None:
            party = list(position.parties)
        else:
            party = ["V" if VERNIO in hand or SINHARA in hand else "A" for hand in position.hands]
        if len(party) != players or "V" not in party:
            raise _bad_position(
                "die Vernio-Partei fehlt (oder die Parteien passen nicht)",
                "the Vernio party is missing (or the parties do not fit)",
            )
        state.update(
            {
                "phase": "play",
                "dealer": position.dealer,
                "hands": [sorted(hand) for hand in position.hands],
                "rest": list(position.rest),
                "party": party,
                "turn": turn,
                "trick": [[seat, card] for seat, card in position.trick],
                "piles": piles,
                "dead": sorted(set(range(size)) - set(placed)),
                "played": [
                    trick_no + (1 if seat in seats_in_trick else 0) for seat in range(players)
                ],
                "trick_no": trick_no,
                "announcements": [[seat, kind] for seat, kind in position.announcements],
                "revealed": list(position.revealed or [None] * players),
            }
        )
        self._count_piles(cast(GelfdrakkarState, state))
        return state

    # ----- the state machine -----------------------------------------------------------------

    def initial_state(self, players: int, options: BaseModel) -> State:
        """A series before its first deal; seat 0 deals first."""
        assert isinstance(options, GelfdrakkarOptions)
        state: State = {
            "players": players,
            "rounds": options.rounds,
            "round": 0,
            "dealer": 0,
            "redeals": 0,
            "balances": [0] * players,
            "history": [],
            "carry_mult": 2,
            "carry_add": 0,
        }
        self._reset_deal(cast(GelfdrakkarState, state))
        return state

    @staticmethod
    def _reset_deal(state: GelfdrakkarState) -> None:
        players = state["players"]
        state.update(
            {
                "phase": "deal",
                "hands": [[] for _ in range(players)],
                "rest": [],
                "party": [],
                "turn": None,
                "trick": [],
                "partner": None,
                "carried": [],
                "forced": False,
                "fettered": [],
                "dead": [],
                "piles": {"V": [], "A": []},
                "pile_points": {"V": 0, "A": 0},
                "played": [0] * players,
                "swapped": False,
                "claimant": None,
                "pending": None,
                "announcements": [],
                "late": [],
                "bonus": {"V": 0, "A": 0},
                "revealed": [None] * players,
                "taken": [],
                "trick_no": 0,
                "tricks": deck_size(players) // players,
            }
        )

    def to_act(self, state: State) -> list[int]:
        """Chance deals; otherwise the seat on turn, or the Erste Dame's holder deciding a claim."""
        if state.get(ENDED_KEY):  # ``ended_by_forfeit`` without the call (asked every step)
            return []
        phase = state["phase"]
        if phase == "play":
            return [state["turn"]]
        if phase == "claim":
            return [state["claimant"]]
        if phase == "deal":
            return [CHANCE]
        return []

    def legal_actions(self, state: State, seat: int) -> list[str]:
        """Cards to play, exchanges, announcements; or claim / decline in a claim.

        Built from the parts of the verbs' checks (``why_not_<verb>``): the turn (``_on_turn``,
        asked once for all of them), then each verb's own rule; the cards of the seat's own
        hand are the set ``why_not_play`` tests, and the Waldherr's partners and the exchanges
        come from tables made once with the same rules (``_waldherr_menu``, ``_may_take``).
        """
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(GelfdrakkarState, state)
        # ``_on_turn``'s and ``_too_late``'s rules written out: asked at every decision, and
        # the verb checks (``check_verbs``) hold the menu to them at every step of the tests.
        if state["phase"] == "play" and seat == state["turn"]:
            hand = state["hands"][seat]
            if len(hand) > 1:  # the hand's codes in one C call
                codes = list(itemgetter(*hand)(_PLAY))
            else:  # an itemgetter of one index gives the item itself, not a tuple
                codes = [_PLAY[card] for card in hand]
            # Hands are sorted and the cards with extra options have low ids: they are the
            # hand's first few cards, found by bisection, and most hands have none.
            low: Sequence[int] = ()
            if hand and hand[0] <= _LAST_SWAP_CARD:
                low = hand[: bisect_right(hand, _LAST_SWAP_CARD)]
            if low:
                if WALDHERR in low:
                    codes.remove(_PLAY[WALDHERR])
                    codes.extend(_waldherr_menu(state["players"], seat))
                pile = state["piles"][state["party"][seat]]
                if (
                    pile
                    and not state["swapped"]  # the rule of ``why_not_swap``'s ONE_SWAP
                    and not _SWAP_CARDS.isdisjoint(low)
                ):
                    held = {KIND[card] for card in low}
                    for kind in SWAP_KINDS:
                        if kind in held:
                            table = _SWAP[kind]  # None where ``_may_take`` says no
                            for bundle in pile:  # the codes there are, in C
                                codes.extend(filter(None, map(table.__getitem__, bundle)))
            if state["played"][seat] <= 1:
                used = self._announced(state, state["party"][seat])
                codes.extend(code for limit, code in _LIMIT_CODES.items() if limit not in used)
                if "reveal" not in used:
                    codes.append("reveal")
            codes.sort()
            return codes
        if self.why_not_claim(state, seat, None) is None:
            return list(_CLAIM_CODES)
        return []

    # ----- one check per verb (``games.core.checks``) ------------------------------------------

    @staticmethod
    def _on_turn(state: GelfdrakkarState, seat: int) -> Text | None:
        """Why ``seat`` cannot make a move of its turn now (play, exchange, announce)."""
        phase = state["phase"]
        if phase == "play":  # asked at every decision: the common case first
            return None if seat == state["turn"] else NOT_YOUR_TURN
        return CLAIM_ONLY if phase == "claim" else DEAL_FIRST

    def why_not_play(
        self, state: GelfdrakkarState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A card from one's hand; the Waldherr names a partner with 5 or 6 players."""
        reason = self._on_turn(state, seat)
        if reason is not None or args is None:
            return reason
        if not args or args[0] not in state["hands"][seat]:
            return BAD_CARD
        return _why_not_card(state["players"], seat, args)

    @staticmethod
    def _too_late(state: GelfdrakkarState, seat: int) -> Text | None:
        """The announcements' own rule: only before one's second card."""
        return TOO_LATE_TO_ANNOUNCE if state["played"][seat] > 1 else None

    def why_not_swap(
        self, state: GelfdrakkarState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Once per turn, a Spion or Helfer from the hand for a card of one's own party's pile
        (not one of the same kind).
        """
        reason = self._on_turn(state, seat)
        if reason is not None:
            return reason
        if state["swapped"]:
            return ONE_SWAP
        if args is None:
            return None
        if len(args) != 2 or not any(KIND[card] == args[0] for card in state["hands"][seat]):
            return NO_SWAP_CARD
        kind, wanted = args
        if not _may_take(kind, wanted):
            return NOT_IN_PILE
        if not any(wanted in bundle for bundle in state["piles"][state["party"][seat]]):
            return NOT_IN_PILE
        return None

    def why_not_limit(
        self, state: GelfdrakkarState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Before one's second card, each point limit once per round for everyone."""
        reason = self._announce_now(state, seat)
        if reason is not None or args is None:
            return reason
        if len(args) != 1 or args[0] not in LIMITS:
            return MALFORMED
        if args[0] in self._announced(state, state["party"][seat]):
            return LIMIT_USED
        return None

    def why_not_reveal(
        self, state: GelfdrakkarState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Before one's second card, once per party."""
        reason = self._announce_now(state, seat)
        if reason is not None or args is None:
            return reason
        if args:
            return MALFORMED
        if "reveal" in self._announced(state, state["party"][seat]):
            return REVEAL_USED
        return None

    def _announce_now(self, state: GelfdrakkarState, seat: int) -> Text | None:
        return self._on_turn(state, seat) or self._too_late(state, seat)

    def why_not_claim(
        self, state: GelfdrakkarState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Only the Erste Dame's holder, only on a trick the Zweite or Letzte Dame won."""
        phase = state["phase"]
        if phase == "deal":
            return DEAL_FIRST
        if phase != "claim":
            return NOT_NOW
        if seat != state["claimant"]:
            return NOT_YOUR_TURN
        return MALFORMED if args else None

    why_not_decline = why_not_claim

    @staticmethod
    def _announced(state: GelfdrakkarState, party: str) -> set[Any]:
        """What a player of ``party`` may no longer announce this round.

        A point limit is gone for everyone once anybody announced it (the ruling): were it gone
        only for the announcer's party-mates, every other player could read the announcer's
        party off their own menu. "For / against Vernio" is once per party; it shows the
        announcer's party anyway, so its absence tells nothing that is not public.
        """
        sides = state["party"]
        return {
            kind for who, kind in state["announcements"] if kind != "reveal" or sides[who] == party
        }

    def sample_chance(self, state: State, rng: random.Random) -> str:
        """A uniformly random shuffle of the deck in play.

        The same draws and the same code as ``random_shuffle``, joined directly: the generic
        encoder checks and remembers every one of the 120 arguments of a code never seen again.
        """
        order = shuffled(rng, deck_size(state["players"]))  # ``rng.shuffle``'s very draws
        code = "shuffle:" + ":".join(map(_TEXT_OF_CARD.__getitem__, order))
        _SAMPLED_DEAL[0] = (code, tuple(order))
        return code

    def check_chance(self, state: State, code: str) -> None:
        """Shuffles are validated by ``_apply``."""

    def explain_illegal(self, state: State, seat: int, code: str) -> Text:
        """The reason the code's verb check gives."""
        return why_not(self, state, seat, code) or NOT_NOW

    # ----- applying moves ----------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, code: str, *, checked: bool = True
    ) -> tuple[State, list[Event]]:
        """``Game.apply``, with nearly every decision taken the short way: a card without
        extra duties (not Vernio, Tod, Sinhara or the Waldherr) is laid (``_lay``) on the copy
        ``copy_state`` makes, without ``_apply``'s dispatch or ``_play``'s checks of the rare
        cards. Everything else goes the general way.
        """
        card = _PLAIN_PLAY.get(code)
        if card is None or state["phase"] != "play":
            return super().apply(state, seat, code, checked=checked)
        if checked:
            self.check(state, seat, code)
        try:
            index = state["hands"][seat].index(card)
        except ValueError:
            raise IllegalAction(BAD_CARD) from None
        new: GelfdrakkarState = dict(state)  # type: ignore[assignment]  # no cast() call
        players = state["players"]
        if len(state["trick"]) + 1 < players:
            # ``_lay`` of a card that leaves the trick open, written out (nearly every move):
            # the same edits in the same order, on lists copied here.
            hands = new["hands"] = state["hands"][:]
            hand = hands[seat] = hands[seat][:]  # shared until now
            del hand[index]
            taken = state["taken"]
            if taken and [seat, card] in taken:
                new["taken"] = [entry for entry in taken if entry != [seat, card]]
            played = new["played"] = state["played"][:]
            played[seat] += 1
            new["swapped"] = False
            new["trick"] = [*state["trick"], [seat, card]]
            events = [_event(Event, ("play", {"seat": seat, "card": card, "partner": None}, None))]
            following = new["turn"] = (seat + 1) % players
            if len(hands[following]) == 3:
                self._start_turn(new, following, events)
            return new, events  # type: ignore[return-value]  # the same dict, no cast() call
        new["hands"] = state["hands"][:]
        new["trick"] = state["trick"][:]
        new["played"] = state["played"][:]
        events = []
        self._lay(new, seat, index, card, None, events)
        return new, events  # type: ignore[return-value]  # the same dict, no cast() call

    def copy_state(self, state: State) -> State:
        """A copy made for this state's layout instead of a deep clone.

        Playing a card (nearly every move) edits only the acting hand, the trick and the play
        counts, so only those are copied here; any other move first takes its own copy
        of every container (``_own_everything``). Nested values that are never edited (trick
        entries, pile bundles, the pending outcome, history entries) stay shared. The
        conformance suite checks at every step that the given state is left unchanged.
        """
        new = dict(state)
        new["hands"] = state["hands"][:]
        new["trick"] = state["trick"][:]
        new["played"] = state["played"][:]
        return new

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(GelfdrakkarState, state)
        phase = state["phase"]
        if phase == "play":
            play_args = _PLAY_ARGS.get(code)
            if play_args is not None:
                self._play(state, seat, play_args, events)
                return
        if phase == "deal":
            order = _shuffle_order(code, deck_size(state["players"]))
            if order is not None:
                _own_everything(state)
                self._deal(state, order, events)
                return
        verb, args = decode(code)
        if phase == "deal":
            if verb != "shuffle":
                raise IllegalAction(DEAL_FIRST)
            order = check_permutation(args, deck_size(state["players"]))
            _own_everything(state)  # a misdeal may end the round and write its history
            self._deal(state, order, events)
        elif verb == "play" and phase == "play":
            self._play(state, seat, args, events)
        elif phase == "claim":
            _own_everything(state)
            self._claim(state, verb == "claim", events)
        elif verb == "swap":
            self._swap(state, seat, args, events)  # copies what it edits
        elif verb in ("limit", "reveal"):
            _own_everything(state)
            kind = args[0] if verb == "limit" else "reveal"
            state["announcements"].append([seat, kind])
            if kind == "reveal":
                state["revealed"][seat] = state["party"][seat]
            events.append(
                Event("announce", {"seat": seat, "kind": kind, "party": state["revealed"][seat]})
            )
        else:  # unreachable after check(); guards the unchecked benchmark loop
            raise IllegalAction(MALFORMED)

    def _deal(self, state: GelfdrakkarState, order: list[int], events: list[Event]) -> None:
        players = state["players"]
        hand_size = state["tricks"]
        hands = [
            sorted(order[seat * hand_size : (seat + 1) * hand_size]) for seat in range(players)
        ]
        rest = order[players * hand_size :]
        holders = [
            seat for seat in range(players) if VERNIO in hands[seat] or SINHARA in hands[seat]
        ]
        if not holders:
            events.append(Event("misdeal", {"dealer": state["dealer"]}))
            self._redeal_or_void(state, events, "misdeal")
            return
        state["hands"] = hands
        state["rest"] = rest
        state["party"] = ["V" if seat in holders else "A" for seat in range(players)]
        leader = (state["dealer"] + 1) % players
        state["phase"] = "play"
        state["turn"] = leader
        events.append(
            Event(
                "deal",
                {
                    "round": state["round"] + 1,
                    "dealer": state["dealer"],
                    "hand": hand_size,
                    "rest": len(rest),
                    "leader": leader,
                },
            )
        )
        for seat in range(players):
            events.append(
                Event("hand", {"cards": hands[seat], "party": state["party"][seat]}, to=seat)
            )

    def _play(
        self, state: GelfdrakkarState, seat: int, args: tuple[Any, ...], events: list[Event]
    ) -> None:
        hand = state["hands"][seat]
        card = args[0] if args else None
        players = state["players"]
        try:
            index = hand.index(card)  # type: ignore[arg-type]  # None: ValueError below
        except ValueError:
            raise IllegalAction(BAD_CARD) from None
        card = hand[index]  # the same card, now known to be one (not None)
        partner = None
        if card == WALDHERR:
            if 5 <= players <= 6:
                if len(args) != 2:
                    raise IllegalAction(BAD_PARTNER)
                partner = args[1]
                if not isinstance(partner, int) or partner == seat or not 0 <= partner < players:
                    raise IllegalAction(BAD_PARTNER)
            elif len(args) != 1:
                raise IllegalAction(BAD_CARD)
        elif len(args) != 1:
            raise IllegalAction(BAD_CARD)
        if card <= SINHARA or card == WALDHERR:  # the rare cards with extra duties
            if card == WALDHERR:
                if len(hand) <= 2:
                    state["late"] = [*state["late"], seat]
                    events.append(Event("late", {"seat": seat}))
                if partner is not None:
                    state["partner"] = partner
            elif card != TOD:
                # Dealt, the card shows the Vernio party; taken from a pile by an exchange,
                # the exchange has already shown the player's party. Either way it is known.
                state["revealed"] = state["revealed"][:]
                state["revealed"][seat] = state["party"][seat]
        self._lay(state, seat, index, card, partner, events)

    def _lay(
        self,
        state: GelfdrakkarState,
        seat: int,
        index: int,
        card: int,
        partner: int | None,
        events: list[Event],
    ) -> None:
        """Move ``card`` (at ``index`` in the hand) into the trick and pass the turn on, or
        settle the trick it completes. The hands, the trick and the play counts are this
        state's own copies (``copy_state``); the hand itself is shared and replaced.
        """
        hand = state["hands"][seat] = state["hands"][seat][:]  # shared until now
        del hand[index]
        taken = state["taken"]
        if taken and [seat, card] in taken:
            state["taken"] = [entry for entry in taken if entry != [seat, card]]
        state["played"][seat] += 1
        state["swapped"] = False
        trick = state["trick"]
        trick.append([seat, card])
        events.append(
            _event(Event, ("play", {"seat": seat, "card": card, "partner": partner}, None))
        )
        players = state["players"]
        if len(trick) < players:
            following = (seat + 1) % players
            state["turn"] = following
            if len(state["hands"][following]) == 3:
                self._start_turn(state, following, events)
            return
        state["trick_no"] += 1
        last = state["trick_no"] == state["tricks"]
        outcome = resolve(
            trick,
            state["party"],
            players=players,
            last=last,
            forced_against=state["forced"],
            partner=state["partner"],
        )
        claimant = state["claimant"]
        if (
            outcome["card"] in (ZWEITE, LETZTE)
            and outcome["dest"] in PARTIES
            and claimant is not None
        ):
            state["pending"] = outcome
            state["phase"] = "claim"
            events.append(Event("claim_due", {"seat": claimant, "winner": outcome["winner"]}))
            return
        self._finish_trick(state, outcome, events)

    def _claim(self, state: GelfdrakkarState, claimed: bool, events: list[Event]) -> None:
        outcome = dict(state["pending"])  # the given state's copy shares it: never edit in place
        claimant = state["claimant"]
        if claimed:
            outcome["dest"] = state["party"][claimant]
            outcome["by"] = "claim"
            state["revealed"][claimant] = outcome["dest"]
        events.append(Event("claim", {"seat": claimant, "claimed": claimed}))
        state["pending"] = None
        state["phase"] = "play"
        self._finish_trick(state, outcome, events)

    def _finish_trick(
        self, state: GelfdrakkarState, outcome: dict[str, Any], events: list[Event]
    ) -> None:
        dest = outcome["dest"]
        winner = outcome["winner"]
        last = state["trick_no"] == state["tricks"]
        if last:
            _own_everything(state)  # the round ends: scoring edits much of the state
        else:
            # Only what this trick's end edits in place gets its own copy (shared otherwise).
            if outcome["tod"]:
                state["dead"] = state["dead"][:]
            elif dest == "fetter":
                state["fettered"] = state["fettered"][:]
            if dest in PARTIES:
                piles = state["piles"] = dict(state["piles"])
                piles[dest] = piles[dest][:]
                state["pile_points"] = dict(state["pile_points"])
            if outcome["by"] == "winner" or outcome["by"] == "partner":
                state["revealed"] = state["revealed"][:]
        trick_cards = list(map(_card_of_play, state["trick"]))
        bundle = state["carried"] + trick_cards
        dead: list[int] = []
        if outcome["tod"]:
            dead = [card for card in bundle if card not in IMMORTAL]
            for fettered in state["fettered"]:
                dead.extend(fettered)
            state["fettered"] = []
            bundle = [card for card in bundle if card in IMMORTAL]
            state["dead"].extend(dead)
        state["carried"] = []
        if dest == "carry":
            state["carried"] = bundle
        elif dest == "fetter":
            state["fettered"].append(bundle)
        else:
            state["piles"][dest].append(bundle)
            state["pile_points"][dest] += bundle_points(bundle)
            if ERSTE in bundle:
                # Whoever took the trick holding her: the claimant if they claimed it.
                state["claimant"] = state["claimant"] if outcome["by"] == "claim" else winner
        state["forced"] = dest == "carry"
        if outcome["by"] == "winner":
            state["revealed"][winner] = dest
        elif outcome["by"] == "partner":
            state["revealed"][state["partner"]] = dest
        events.append(
            _event(
                Event,
                (
                    "trick",
                    {
                        "winner": winner,
                        "card": outcome["card"],
                        "dest": dest,
                        "how": outcome["how"],
                        "by": outcome["by"],
                        "lead": outcome["lead"],
                        "cancelled": outcome["cancelled"],
                        "lifted": outcome["lifted"],
                        "dead": dead,
                        "cards": trick_cards,
                    },
                    None,
                ),
            )
        )
        state["trick"] = []
        state["partner"] = None
        if not last:
            # ``_start_turn`` written out (at every trick's end)
            lead = state["turn"] = outcome["lead"]
            hand = state["hands"][lead]
            if len(hand) == 3 and WALDHERR in hand:
                events.append(Event("warn", {"cards": 3}, to=lead))
            return
        taker = state["party"][winner]
        for fettered in state["fettered"]:
            state["piles"][taker].append(fettered)
            state["pile_points"][taker] += bundle_points(fettered)
        state["fettered"] = []
        if outcome["card"] == LETZTE and not outcome["tod"]:
            state["bonus"][taker] += LETZTE_DAME_BONUS
            events.append(Event("letzte_dame", {"seat": winner}))
        self._score(state, events)

    @staticmethod
    def _count_piles(state: GelfdrakkarState) -> None:
        state["pile_points"] = {side: pile_points(state["piles"][side]) for side in PARTIES}

    def _start_turn(self, state: GelfdrakkarState, seat: int, events: list[Event]) -> None:
        state["turn"] = seat
        hand = state["hands"][seat]
        if WALDHERR in hand and len(hand) == 3:
            # The last turn on which the Waldherr may leave the hand without the penalty.
            events.append(Event("warn", {"cards": len(hand)}, to=seat))

    def _swap(
        self, state: GelfdrakkarState, seat: int, args: tuple[Any, ...], events: list[Event]
    ) -> None:
        hand = state["hands"][seat]
        if state["swapped"]:
            raise IllegalAction(ONE_SWAP)
        if len(args) != 2 or args[0] not in SWAP_KINDS or not isinstance(args[1], int):
            raise IllegalAction(MALFORMED)
        kind, wanted = args
        given = next((card for card in hand if KIND[card] == kind), None)
        if given is None:
            raise IllegalAction(NO_SWAP_CARD)
        party = state["party"][seat]
        if not 0 <= wanted < len(KIND) or KIND[wanted] == kind:
            raise IllegalAction(NOT_IN_PILE)
        pile = state["piles"][party]
        for index, bundle in enumerate(pile):
            if wanted in bundle:
                break
        else:
            raise IllegalAction(NOT_IN_PILE)
        # Only what an exchange edits gets its own copy (``_apply`` leaves the rest shared):
        # the party's pile and the bundle changed in it, the points, the hand, the parties
        # the table knows, the cards it saw taken.
        piles = state["piles"] = dict(state["piles"])
        pile = piles[party] = pile[:]
        pile[index] = [given if card == wanted else card for card in bundle]
        points = state["pile_points"] = dict(state["pile_points"])
        points[party] += bundle_points(pile[index]) - bundle_points(bundle)
        # The table saw the card go into this hand (and the given one leave it).
        state["taken"] = [entry for entry in state["taken"] if entry != [seat, given]]
        state["taken"].append([seat, wanted])
        hand = state["hands"][seat] = hand[:]
        hand.remove(given)
        hand.append(wanted)
        hand.sort()
        state["swapped"] = True
        state["revealed"] = state["revealed"][:]
        state["revealed"][seat] = party
        events.append(Event("swap", {"seat": seat, "gave": given, "took": wanted, "pile": party}))
        if WALDHERR == wanted and len(hand) == 3:
            events.append(Event("warn", {"cards": len(hand)}, to=seat))

    # ----- the end of a round ------------------------------------------------------------------

    def _score(self, state: GelfdrakkarState, events: list[Event]) -> None:
        party = state["party"]
        pile = dict(state["pile_points"])
        penalised = sorted({party[seat] for seat in state["late"]})
        points = dict(pile)
        if penalised:
            # The late Waldherr's party hands its whole pile to the other party.
            points = {"V": 0, "A": 0}
            for side in PARTIES:
                other = "A" if side == "V" else "V"
                points[other if side in penalised else side] += pile[side]
        for side in PARTIES:
            points[side] += state["bonus"][side]
        outcome = settle(
            points=points,
            party=party,
            announcements=state["announcements"],
            carry_mult_halves=state["carry_mult"],
            carry_add=state["carry_add"],
        )
        summary = {
            "round": state["round"] + 1,
            "dealer": state["dealer"],
            "party": list(party),
            "piles": pile,
            "penalised": penalised,
            "bonus": dict(state["bonus"]),
            "points": points,
            "announcements": [list(entry) for entry in state["announcements"]],
            **outcome,
        }
        events.append(Event("round", summary))
        if outcome["winner"] is None:
            state["carry_mult"] = outcome["mult_halves"]
            state["carry_add"] = outcome["add"]
            self._redeal_or_void(state, events, "tie", summary)
            return
        for seat, coins in enumerate(outcome["payments"]):
            state["balances"][seat] += coins
        self._next_round(state, events, summary)

    def _redeal_or_void(
        self,
        state: GelfdrakkarState,
        events: list[Event],
        reason: str,
        summary: dict[str, Any] | None = None,
    ) -> None:
        if state["redeals"] < MAX_REDEALS:
            state["redeals"] += 1
            carry_mult, carry_add = state["carry_mult"], state["carry_add"]
            self._reset_deal(state)
            events.append(
                Event(
                    "redeal",
                    {
                        "reason": reason,
                        "dealer": state["dealer"],
                        "mult_halves": carry_mult,
                        "add": carry_add,
                    },
                )
            )
            return
        events.append(Event("void", {"reason": reason}))
        self._next_round(
            state, events, {**(summary or {"round": state["round"] + 1}), "void": True}
        )

    def _next_round(
        self, state: GelfdrakkarState, events: list[Event], summary: dict[str, Any]
    ) -> None:
        state["history"].append(summary)
        state["round"] += 1
        state["dealer"] = (state["dealer"] + 1) % state["players"]
        state["redeals"] = 0
        state["carry_mult"] = 2
        state["carry_add"] = 0
        self._reset_deal(state)
        if state["round"] >= state["rounds"]:
            state["phase"] = "over"
            events.append(Event("over", {"balances": list(state["balances"])}))

    # ----- what players see --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The public table; a seat adds its hand, its party and its party's announcements."""
        return clone(self.shared_view(state, seat))

    def shared_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """``view`` without the copy: its lists are the state's own, so a caller only reads
        it. The engine players ask for a view at every decision of every playout, where the
        copy of a series' growing history cost a fifth of the strong player's time.
        """
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(GelfdrakkarState, state)
        players = state["players"]
        view: dict[str, Any] = {
            "players": players,
            "round": state["round"] + 1,
            "rounds": state["rounds"],
            "dealer": state["dealer"],
            "redeals": state["redeals"],
            "phase": state["phase"],
            "to_act": self.to_act(cast(State, state)),
            "turn": state["turn"],
            "trick": state["trick"],
            "partner": state["partner"],
            "carried": state["carried"],
            "forced": state["forced"],
            "fettered": state["fettered"],
            "dead": state["dead"],
            "piles": state["piles"],
            "pile_points": state["pile_points"],
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "played": state["played"],
            "rest_size": len(state["rest"]),
            "trick_no": state["trick_no"],
            "tricks": state["tricks"],
            "announcements": state["announcements"],
            "revealed": state["revealed"],
            "taken": state["taken"],
            "late": state["late"],
            "claimant": state["claimant"],
            "pending": _public_outcome(state["pending"]),
            "bonus": state["bonus"],
            "carry_mult": state["carry_mult"],
            "carry_add": state["carry_add"],
            "balances": state["balances"],
            "history": state["history"],
            "seat": seat,
            "hand": None,
            "party": None,
            "party_announced": None,
            "waldherr_due": False,
        }
        if seat is not None and state["party"]:
            hand = state["hands"][seat]
            party = state["party"][seat]
            view["hand"] = hand
            view["party"] = party
            view["party_announced"] = sorted(
                self._announced(state, party), key=lambda kind: str(kind)
            )
            view["waldherr_due"] = WALDHERR in hand and len(hand) <= 3
        return view

    def result(self, state: State) -> Result | None:
        """Ranks by Kupfermuenzen balance once every round is played."""
        if state["phase"] != "over":
            return None
        return Result.from_scores(state["balances"])

    def standing(self, state: State) -> Result | None:
        """For a table a forfeit ends: the Kupfermuenzen balances of the rounds played."""
        return Result.from_scores(state["balances"])

    def shuffle_hidden(
        self, state: State, observer: int | None, rng: random.Random
    ) -> State | None:
        """Deal the unseen cards and the unknown parties anew, keeping what the table knows.

        A party is known once revealed (a card, an announcement, an exchange, a trick taken),
        and the observer knows their own. For every other player the party is as hidden as
        the hand: Vernio and Sinhara held by such players, or set aside, may land in any of
        their hands or in the rest, and the parties follow the new holders. Cards the table saw
        a player take from a pile stay where they are, and so do Vernio and Sinhara in the
        hand of a player whose party is known (moving them would change that party).
        """
        if not state["party"]:
            return None
        marks = (VERNIO, SINHARA)
        revealed = state["revealed"]
        hidden = [seat for seat in range(state["players"]) if seat != observer]
        unknown = [seat for seat in hidden if revealed[seat] is None]
        fixed: dict[int, list[int]] = {seat: [] for seat in hidden}
        for seat, card in state["taken"]:
            if seat in fixed:
                fixed[seat].append(card)
        for seat in hidden:
            if revealed[seat] is not None:
                fixed[seat] += [
                    card
                    for card in marks
                    if card in state["hands"][seat] and card not in fixed[seat]
                ]
        loose = [card for card in marks if card in state["rest"]]
        loose += [
            card
            for seat in unknown
            for card in marks
            if card in state["hands"][seat] and card not in fixed[seat]
        ]
        pool = [
            card
            for seat in hidden
            for card in state["hands"][seat]
            if card not in fixed[seat] and card not in loose
        ]
        pool += [card for card in state["rest"] if card not in loose]
        # Slots a loose Vernio or Sinhara may take: the free places in unknown hands and the
        # rest. A deal in which nobody at all holds either would have been a misdeal, so such
        # a draw is drawn again.
        free = {seat: len(state["hands"][seat]) - len(fixed[seat]) for seat in hidden}
        slot_seats = [seat for seat in unknown for _ in range(free[seat])]
        slot_seats += [-1] * len(state["rest"])
        known_v = any(
            state["party"][seat] == "V" and (seat == observer or revealed[seat] is not None)
            for seat in range(state["players"])
        )
        loose.sort()
        for _attempt in range(20):
            places = rng.sample(slot_seats, len(loose)) if loose else []
            if known_v or any(place >= 0 for place in places) or not loose:
                break
        else:
            return None
        placed: dict[int, list[int]] = {seat: [] for seat in hidden}
        placed[-1] = []
        for card, place in zip(loose, places, strict=True):
            placed[place].append(card)
        # A uniformly random order, several times cheaper than random.shuffle for ~100 cards
        # (the conformance suite re-deals for every observer at every step).
        # Keys drawn in card order: the new deal must not depend on where the hidden cards were.
        keys = {card: rng.random() for card in sorted(pool)}
        pool.sort(key=keys.__getitem__)
        other = dict(state)  # only hands, the rest and the parties change
        hands = [list(hand) for hand in state["hands"]]
        party = list(state["party"])
        for seat in hidden:
            keep = fixed[seat] + placed[seat]
            size = len(hands[seat]) - len(keep)
            hands[seat] = sorted(keep + pool[:size])
            pool = pool[size:]
            if seat in unknown:
                party[seat] = "V" if any(card in marks for card in keep) else "A"
        other["hands"] = hands
        other["rest"] = placed[-1] + pool
        other["party"] = party
        pending = state["pending"]
        if pending is not None and pending["by"] in ("winner", "partner"):
            # The waiting trick's pile is that seat's party, hidden until the claim is decided:
            # it follows the new parties, or a search would read the true party from it.
            seat = pending["winner"] if pending["by"] == "winner" else state["partner"]
            other["pending"] = {**pending, "dest": party[seat]}
        return other

    def check_invariants(self, state: State) -> None:
        """Every card in play is in exactly one place, and the coins sum to zero."""
        assert sum(state["balances"]) == 0, "Kupfermuenzen were created or lost"
        if not state["party"]:
            return
        places = [card for hand in state["hands"] for card in hand]
        places += state["rest"] + state["carried"] + state["dead"]
        places += [card for _seat, card in state["trick"]]
        for bundle in state["fettered"] + state["piles"]["V"] + state["piles"]["A"]:
            places += bundle
        assert sorted(places) == list(range(deck_size(state["players"]))), "cards lost or doubled"
        for side in PARTIES:
            assert state["pile_points"][side] == pile_points(state["piles"][side])

    def simulation_report(self, results: list[tuple[State, Result]], lang: str) -> str | None:
        """Rounds, how often the Vernio party won, ties dealt again and penalties."""
        rounds = [entry for state, _result in results for entry in state["history"]]
        if not rounds:
            return None
        decided = [entry for entry in rounds if not entry.get("void")]
        vernio = sum(1 for entry in decided if entry["winner"] == "V")
        failed = sum(1 for entry in decided if entry["failed"])
        late = sum(1 for entry in decided if entry["penalised"])
        stakes = [entry["stake"] for entry in decided]
        mean = sum(stakes) / len(stakes) if stakes else 0
        return (
            Text(
                "Runden: {r} (ohne Zahlung: {v}); Vernio-Partei gewinnt {p}; mit gescheiterter "
                "Ansage: {f}; Waldherr zu spät: {w}; mittlerer Einsatz {m:.1f} Kupfermünzen.",
                "Rounds: {r} (no payment: {v}); the Vernio party wins {p}; with a failed "
                "announcement: {f}; Waldherr too late: {w}; mean stake {m:.1f} Kupfermuenzen.",
            )
            .format(
                r=len(rounds),
                v=len(rounds) - len(decided),
                p=f"{vernio}/{len(decided)}",
                f=failed,
                w=late,
                m=mean,
            )
            .get(lang)
        )

    # ----- words ----------------------------------------------------------------------------

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        """A button or menu label in German or English."""
        return action_label(state, seat, code, lang, names)

    def action_group(self, state: State, seat: int, code: str) -> str:
        """Plays in menus of at most 25, exchanges by the kind taken, announcements together."""
        # Only codes that legal_actions listed get here, so each argument is what its verb takes.
        verb, raw = decode(code)
        args: tuple[Any, ...] = raw
        if verb == "play":
            codes = [c for c in self.legal_actions(state, seat) if c.startswith("play:")]
            return "play" if len(codes) <= 25 or codes.index(code) < 25 else "play_more"
        if verb == "swap":
            return f"swap_{args[0]}_{KIND[args[1]]}"
        if verb in ("limit", "reveal"):
            return "announce"
        return verb

    def group_label(self, state: State, seat: int, group: str, lang: str) -> str:
        """What a select menu offers (the exchanges name the kinds of card)."""
        return group_label(group, lang)

    def progress(self, view: dict[str, Any], lang: str) -> str | None:
        """The round the table shows ("Runde 2/4")."""
        if view["phase"] == "over":
            return None
        return words.ROUND_OF.format(r=view["round"], t=view["rounds"]).get(lang)

    def score_text(self, state: State, result: Result, seat: int, lang: str) -> str:
        """The Kupfermünzen balance."""
        return plural(result.scores[seat], *words.COPPER_COINS).get(lang)

    def describe_event(self, event: Event, lang: str, names: Names = None) -> str:
        """One line of the game log."""
        return describe_event(self, event, lang, names)

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        """A compact text table from a view."""
        return render(self, view, lang, names)

    def engine_players(self) -> dict[str, Any]:
        """Random play and the three levels; "strategy" (stored tables) plays as "normal"."""
        from games.players.search import levelled

        from .strategy import Strategy, round_over, standing_between_rounds

        return levelled(
            Strategy(),
            follow=frozenset({"limit", "reveal"}),
            horizon=round_over,
            value=standing_between_rounds,
            # A session is long and its rounds are noisy: a candidate one standard error
            # ahead over the shared samples is kept more often than the normal move, and the
            # strength benchmark showed that pays (docs/engine-strength-log.md).
            confidence=1.0,
        )
