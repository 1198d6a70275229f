"""The Coppertwaddle engine: a three-game match of two Domains, on the engine contract."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import compress
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from pydantic import BaseModel, ConfigDict, Field

from games.core import (
    CHANCE,
    FORFEIT,
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
    random_shuffle,
)
from games.core.checks import why_not
from games.core.contract import ENDED_KEY
from games.core.errors import GAME_OVER, MALFORMED, NOT_NOW, NOT_YOUR_TURN, SetupError

from . import words
from .cards import (
    AMOUNT,
    BELOW_OWN,
    DECK_SIZE,
    DESIGN_OF,
    EFFECT,
    HELPS_ROW,
    IS_WIND,
    KIND,
    NAME,
    PARTNER,
    PLUS,
    RANGE,
    ROBBING_ONLY,
    ROW,
    STRENGTH,
)
from .table import (
    attack_supporters,
    attack_value,
    defence_value,
    domain_points,
    first_free,
    is_proud,
    match_points,
    robbable,
    robbing_values,
    row_of,
)
from .words import (
    BAD_TARGET,
    DEAL_FIRST,
    NO_COPPERTWADDLE,
    NO_FREE_DITCH,
    NOT_HELD,
    NOT_PROUD,
    ONE_RANK_CARD,
    ROB_SAME_RANK,
    ROB_TOO_WEAK,
    ROBBING_ONLY_NOW,
    WIND_TARGET,
    WRONG_PHASE,
)

_tuple_new = tuple.__new__
"""``_tuple_new(Event, (kind, data, to))`` makes an event without the named tuple's
Python-level ``__new__`` (several per move)."""

HAND_LIMIT = 4
HAND_SIZE = 4
DOMAIN = 8
ENDED = ("deal", "over")


VERBS = frozenset(
    [
        "rank",
        "wind",
        "decl",
        "fav",
        "abil",
        "rob",
        "end",
        "done",
        "pass",
        "answer",
        "let",
        "discard",
    ]
)
"""Every verb a player's code may have."""


class CoppertwaddleOptions(BaseModel):
    """How many games the match lasts (the source plays three)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    games: int = Field(3, ge=1, le=3, description="games in the match (the source plays 3)")
    always_ask: bool = Field(
        True,
        description=(
            "ask a player holding cards at every challenge, answer and robbing turn even with"
            " nothing to play, so that no question shows what a hand holds (false: faster, but"
            " a question skipped tells the other player that nothing could be played)"
        ),
    )


def _robbing_seat_bonus(seat: int, guardian: int) -> int:
    """The index in a robbing's ``bonus``: 0 for the attacking Guardian, 1 for the defender."""
    return 0 if seat == guardian else 1


class CoppertwaddlePosition(BaseModel):
    """A position for ``Coppertwaddle.set_up``: cards by their German names (a name given
    twice means two copies). Ditches are numbered 0-15: seat 0 has 0-3 (Adel) and 4-7
    (Bauern), seat 1 has 8-11 and 12-15.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    guardian: int = Field(0, ge=0, le=1, description="whose turn it is")
    phase: Literal["challenge", "engarde", "respite"] = "engarde"
    hands: tuple[list[str], list[str]] = ([], [])
    domain: dict[int, str] = Field(default_factory=dict, description="Ditch -> card")
    covered: list[int] = Field(default_factory=list, description="Ditches lying covered")
    winds: dict[int, str] = Field(
        default_factory=dict, description="Ditch -> the Wind pressing its covered Bauer"
    )
    declarations: dict[int, list[str]] = Field(
        default_factory=dict, description="Ditch -> the Bekanntmachungen on its card"
    )
    trumpet: list[str] | None = Field(
        None, description="the draw pile, top card last; default: every card not placed"
    )
    midden: list[str] = Field(default_factory=list)
    placed: bool = Field(False, description="the Guardian has placed this turn's rank card")


def _bad_position(de: str, en: str) -> SetupError:
    return SetupError(Text(f"Ungültige Stellung: {de}", f"Invalid position: {en}"))


class CoppertwaddleState(TypedDict):
    """A Coppertwaddle match: the games so far, then the table of the game being played
    (``_reset_table``); slots are ``seat*8 + row*4 + column``, -1 where empty.
    """

    games: int
    game: int
    history: list[dict[str, Any]]
    first: int
    phase: str
    guardian: int
    trumpet: list[int]
    midden: list[int]
    hands: list[list[int]]
    slots: list[int]
    covered: list[bool]
    decls: list[list[int]]
    winds: list[int]
    placed: bool
    rob: Any  # dict[str, Any], or None
    stack: list[list[int]]
    answer: int
    resume: str
    blocked: list[int]
    opening: bool
    turns: NotRequired[int]
    """Turns begun in the match (absent in states stored before it was counted: 0)."""
    always_ask: NotRequired[bool]
    """The option of that name (absent in states stored before it existed: False, the way
    those tables were played, so that their logs replay)."""
    _before: NotRequired[CoppertwaddleState]
    """The state before, only in the copy ``apply`` plays a move on and only while it does
    (``_own``); removed before the copy is handed back, so no stored or shown state has it."""


class Coppertwaddle(Game):
    """Coppertwaddle for two players: see the package docstring for the rules and codes."""

    id = "coppertwaddle"
    name = Text("Coppertwaddle", "Coppertwaddle")
    summary = Text(
        "Mittelalterliches Reich aus Adel und Bauern bauen, rauben und intrigieren (2 Spieler).",
        "Build a medieval Domain of Adel and Bauern, rob and scheme (2 players).",
    )
    draw_events = frozenset({"drawn"})
    min_players = 2
    max_players = 2
    Options = CoppertwaddleOptions
    Position = CoppertwaddlePosition

    # ----- facts ------------------------------------------------------------------------------

    def max_decisions(self, players: int, options: BaseModel) -> int:
        """A true bound; per game: cards leave a hand at most once (P <= 55), a turn draws one
        card (T <= 48), an ability covers a card made proud by a play, an Engagement or a favour
        (U <= 2P + 8T), passes are at most two per action plus two per turn.
        """
        assert isinstance(options, CoppertwaddleOptions)
        plays, turns = DECK_SIZE, DECK_SIZE - 2 * HAND_SIZE + 1
        uses = 2 * plays + DOMAIN * turns
        per_game = 4 * plays + 3 * uses + 5 * turns + 1
        return options.games * per_game + 1  # + the draw for the match's first player

    # ----- positions ------------------------------------------------------------------------

    def _set_up(self, players: int, options: BaseModel, position: Any) -> State:
        """The first game of a match at ``position`` (see ``CoppertwaddlePosition``)."""
        assert isinstance(position, CoppertwaddlePosition)
        state = self.initial_state(players, options)
        state["first"] = state["guardian"] = position.guardian
        used: set[int] = set()

        def take(name: str) -> int:
            ids = [card for card, card_name in enumerate(NAME) if card_name == name]
            if not ids:
                raise _bad_position(f"keine Karte {name!r}", f"no card {name!r}")
            for card in ids:
                if card not in used:
                    used.add(card)
                    return card
            raise _bad_position(
                f"{name!r} gibt es nur {len(ids)}-mal", f"there are only {len(ids)} of {name!r}"
            )

        state["hands"] = [[take(name) for name in hand] for hand in position.hands]
        for slot, name in position.domain.items():
            if not 0 <= slot < 16:
                raise _bad_position(f"keinen Graben {slot}", f"no Ditch {slot}")
            card = take(name)
            if KIND[card] != "rank":
                raise _bad_position(
                    f"{name!r} ist keine Standeskarte", f"{name!r} is not a rank card"
                )
            on_it = [take(decl) for decl in position.declarations.get(slot, [])]
            if any(KIND[decl] != "declaration" for decl in on_it):
                raise _bad_position(
                    f"auf Graben {slot} liegt keine Bekanntmachung",
                    f"what lies on Ditch {slot} is no Bekanntmachung",
                )
            state["decls"][slot] = on_it
            state["slots"][slot] = card
            if row_of(slot) != _rank_row(
                cast(CoppertwaddleState, state), slot
            ):  # its rank, or a Climb's or Fall's
                raise _bad_position(
                    f"{name!r} gehört nicht in die Reihe von Graben {slot}",
                    f"{name!r} does not belong in the row of Ditch {slot}",
                )
        for slot in position.declarations:
            if slot not in position.domain:
                raise _bad_position(
                    f"Bekanntmachung auf leerem Graben {slot}",
                    f"a Bekanntmachung on empty Ditch {slot}",
                )
        for slot in position.covered:
            if not 0 <= slot < 16 or state["slots"][slot] < 0 or IS_WIND[state["slots"][slot]]:
                raise _bad_position(
                    f"Graben {slot} hält keine Karte, die verdeckt sein kann",
                    f"Ditch {slot} holds no card that can be covered",
                )
            state["covered"][slot] = True
        for slot, name in position.winds.items():
            if not 0 <= slot < 16 or not state["covered"][slot] or row_of(slot) != 1:
                raise _bad_position(
                    f"ein Wind drückt nur einen verdeckten Bauern (Graben {slot})",
                    f"a Wind presses only a covered Bauer (Ditch {slot})",
                )
            card = take(name)
            if not IS_WIND[card]:
                raise _bad_position(f"{name!r} ist kein Wind", f"{name!r} is not a Wind")
            state["winds"][slot] = card
        state["midden"] = [take(name) for name in position.midden]
        if position.trumpet is None:
            state["trumpet"] = [card for card in range(DECK_SIZE) if card not in used]
        else:
            state["trumpet"] = [take(name) for name in position.trumpet]
        state["phase"] = position.phase
        state["placed"] = position.placed
        state["opening"] = False
        return state

    def check_invariants(self, state: State) -> None:
        """Every card lies in at most one place; a dealt game holds all of them."""
        if state["phase"] == "deal" or state["first"] < 0:
            return
        places = state["trumpet"] + state["midden"] + state["hands"][0] + state["hands"][1]
        places += [card for card in state["slots"] if card >= 0]
        places += [card for card in state["winds"] if card >= 0]
        places += [card for declarations in state["decls"] for card in declarations]
        places += [card for _seat, card, _target in state["stack"]]
        assert len(places) == len(set(places)), "a card lies in two places"
        assert all(0 <= card < DECK_SIZE for card in places), "no such card"

    # ----- the state machine --------------------------------------------------------------------

    def initial_state(self, players: int, options: BaseModel) -> State:
        """The match before the first shuffle."""
        assert isinstance(options, CoppertwaddleOptions)
        # The first game's starting player is drawn by chance (a logged chance action, -1 until
        # then); after a game its loser starts the next (ruling).
        state: State = {"games": options.games, "game": 0, "history": [], "first": -1}
        if options.always_ask:
            state["always_ask"] = True
        _reset_table(cast(CoppertwaddleState, state))
        return state

    def to_act(self, state: State) -> list[int]:
        """Chance deals; otherwise the seat whose decision is pending."""
        if state.get(ENDED_KEY):  # ``ended_by_forfeit`` without the call (asked every step)
            return []
        phase = state["phase"]
        if phase == "deal":
            return [CHANCE]
        if phase == "over":
            return []
        if phase == "challenge":
            return [1 - state["guardian"]]
        if phase == "rob":
            return [state["rob"]["turn"]]
        if phase == "answer":
            return [state["answer"]]
        return [state["guardian"]]

    def action_rank(self, state: State, seat: int, code: str) -> int:
        """Cards first; ending or passing last."""
        return 1 if code in ("end", "done", "pass") else 0

    def turn_number(self, state: State) -> int | None:
        """The turns begun in the match: a Guardian's turn (Engagement, En Garde, Respite) and
        the Challenger's answers within it are one turn; the deal belongs to the turn before.
        """
        return int(state.get("turns", 0))

    def confirm_question(self, state: State, seat: int, code: str) -> Text | None:
        """Ending En Garde while a card could still be placed or declared asks first."""
        if code != "end":
            return None
        playable = ("rank:", "wind:", "decl:")
        if any(other.startswith(playable) for other in self.legal_actions(state, seat)):
            return words.END_WITH_CARDS
        return None

    def legal_actions(self, state: State, seat: int) -> list[str]:
        """The sorted codes ``seat`` may play now.

        The words without arguments go through their checks (``why_not_<verb>``); the cards,
        Ditches and targets come from the menus (``_free_actions``, ``_engarde_actions``) that
        those verbs' checks consult in turn, so each rule is written in one place.
        """
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(CoppertwaddleState, state)
        known, known_seat, contents, menu = _last_menu
        # ``_offer`` worked the menu out for this state if the state holds what it copied
        # (``_contents``, the same fields in the same order, compared as one tuple in C).
        if (
            known is state
            and known_seat == seat
            and contents
            == (
                state["slots"],
                state["covered"],
                state["hands"][seat],
                state["placed"],
                state["phase"],
                state["guardian"],
                state["answer"],
                state["winds"],
                state["blocked"],
                state["decls"],
                state["rob"],
                state.get(ENDED_KEY),
            )
        ):
            return list(menu)
        phase = state["phase"]
        if phase in ENDED or seat not in self.to_act(state):  # type: ignore[arg-type]
            return []
        return _menu(state, seat, phase)

    # ----- one check per verb (``games.core.checks``) ------------------------------------------
    # The order of the reasons is the one players have always been given: a card not held
    # first, then the phase, then the card's own rules.

    unknown_verb = MALFORMED
    """A verb Coppertwaddle does not have is "not a valid move", as it always was here."""

    def _acting(self, state: CoppertwaddleState, seat: int, *phases: str) -> Text | None:
        """Why ``seat`` cannot make a move of one of ``phases`` now."""
        if state["phase"] not in phases:
            return WRONG_PHASE
        if seat not in self.to_act(state):  # type: ignore[arg-type]
            return NOT_YOUR_TURN
        return None

    @staticmethod
    def _held(state: CoppertwaddleState, seat: int, args: tuple[Any, ...]) -> int:
        """The card of the design named first in ``args`` in ``seat``'s hand, or -1."""
        if not args or not 0 <= seat < 2:
            return -1
        return next(
            (card for card in sorted(state["hands"][seat]) if DESIGN_OF[card] == args[0]), -1
        )

    def _in_menu(
        self, state: CoppertwaddleState, seat: int, verb: str, args: tuple[Any, ...]
    ) -> Text | None:
        """The last word of a check: the code must be on the seat's menu (the menus are where
        the targets and Ditches are worked out).
        """
        try:
            code = encode(verb, *args)
        except IllegalAction:
            return MALFORMED
        return None if code in self.legal_actions(cast(State, state), seat) else NOT_NOW

    def why_not_rank(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """En Garde: one rank card a turn, into the first free Ditch of its row."""
        if args is None:
            return self._acting(state, seat, "engarde") or self._placed(state)
        card = self._held(state, seat, args)
        if card < 0:
            return NOT_HELD
        reason = self._acting(state, seat, "engarde") or self._placed(state)
        if reason is not None:
            return reason
        if KIND[card] != "rank" or IS_WIND[card] or len(args) != 1:
            return NOT_NOW
        return NO_FREE_DITCH if first_free(state, seat, ROW[card]) < 0 else None

    @staticmethod
    def _placed(state: CoppertwaddleState) -> Text | None:
        return ONE_RANK_CARD if state["placed"] else None

    def why_not_wind(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """En Garde, as the turn's rank card: a free Ditch in either Domain, or on a covered
        Bauer to block it.
        """
        if args is not None and _wind_in_hand(state, seat) < 0:
            return NOT_HELD
        reason = self._acting(state, seat, "engarde") or self._placed(state)
        if reason is not None or args is None:
            return reason
        return self._in_menu(state, seat, "wind", args)

    def why_not_decl(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """En Garde: a Bekanntmachung on a Ditch it fits."""
        if args is not None and self._held(state, seat, args) < 0:
            return NOT_HELD
        reason = self._acting(state, seat, "engarde")
        if reason is not None or args is None:
            return reason
        return self._in_menu(state, seat, "decl", args)

    def why_not_fav(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A favour in the Challenge, En Garde or a robbing (some only in a robbing), never a
        Coppertwaddle (that only answers).
        """
        reason = self._acting(state, seat, "challenge", "engarde", "rob")
        if args is None:
            return reason if reason is not WRONG_PHASE else NOT_NOW
        card = self._held(state, seat, args)
        if card < 0:
            return NOT_HELD
        if EFFECT[card] == "negate":
            return NO_COPPERTWADDLE
        if EFFECT[card] in ROBBING_ONLY and state["phase"] != "rob":
            return ROBBING_ONLY_NOW
        if reason is not None:
            return reason if reason is not WRONG_PHASE else NOT_NOW
        return self._in_menu(state, seat, "fav", args)

    def why_not_abil(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The ability of a proud card of one's Domain (covering it), with its target."""
        reason = self._acting(state, seat, "challenge", "engarde", "rob")
        if reason is not None or args is None:
            return reason if reason is not WRONG_PHASE else NOT_NOW
        return self._in_menu(state, seat, "abil", args)

    def why_not_rob(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """En Garde: a proud card robs a proud card of the same rank in the other Domain, with
        a free Ditch for the booty, if the attack beats the defence.
        """
        reason = self._acting(state, seat, "engarde")
        if reason is not None or args is None:
            return reason
        if len(args) != 2 or not all(isinstance(arg, int) for arg in args):
            return NOT_NOW
        robber, target = args
        if not (0 <= robber < 16 and 0 <= target < 16):
            return BAD_TARGET
        if state["slots"][target] >= 0 and IS_WIND[state["slots"][target]]:
            return WIND_TARGET
        if not is_proud(state, robber) or not is_proud(state, target):
            return NOT_PROUD
        if row_of(robber) != row_of(target):
            return ROB_SAME_RANK
        if first_free(state, seat, row_of(robber)) < 0:
            return NO_FREE_DITCH
        if attack_value(state, robber) <= defence_value(state, target):
            return ROB_TOO_WEAK
        return self._in_menu(state, seat, "rob", args)

    def why_not_end(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """En Garde ends without a robbing."""
        reason = self._acting(state, seat, _PHASE_OF["end"])
        if reason is not None or args is None:
            return reason
        return NOT_NOW if args else None

    def _word(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None, phase: str
    ) -> Text | None:
        reason = self._acting(state, seat, phase)
        if reason is not None or args is None:
            return reason if reason is not WRONG_PHASE else NOT_NOW
        return NOT_NOW if args else None

    def why_not_done(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The Challenger ends the Challenge."""
        return self._word(state, seat, args, _PHASE_OF["done"])

    def why_not_pass(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A robbing's turn passes (two passes in a row end it)."""
        return self._word(state, seat, args, _PHASE_OF["pass"])

    def why_not_let(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The asked seat lets the card stand."""
        return self._word(state, seat, args, _PHASE_OF["let"])

    def why_not_answer(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The asked seat answers with a Coppertwaddle from its hand."""
        if _coppertwaddle_in_hand(state, seat) < 0:
            return NOT_HELD
        return self._word(state, seat, args, _PHASE_OF["let"])

    def why_not_discard(
        self, state: CoppertwaddleState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Respite: a card of one's hand, down to the hand limit."""
        if args is not None and self._held(state, seat, args) < 0:
            return NOT_HELD
        reason = self._acting(state, seat, "respite")
        if reason is not None or args is None:
            return reason if reason is not WRONG_PHASE else NOT_NOW
        return NOT_NOW if len(args) != 1 else None

    def sample_chance(self, state: State, rng: random.Random) -> str:
        """Who starts the match (a fair coin), then a uniformly random shuffle of the deck."""
        if state["first"] < 0:
            return encode("first", rng.randrange(2))
        return random_shuffle(rng, DECK_SIZE)

    def check_chance(self, state: State, code: str) -> None:
        """Shuffles are validated in ``_apply``."""

    def check(self, state: State, seat: int, code: str) -> None:
        """``Game.check``, with the words (``done``, ``end``, ``pass``, ``let``, ``answer``), a
        rank card and a discard put to their own checks (``why_not_<verb>``) instead of looked
        up in the menu: those checks need no menu, and since the menu of a seat asked whatever
        it holds is no longer remembered from the move before (``_offer``), the look-up would
        work it out a second time for the decision. The conformance checks hold every verb's
        check to the menu at every step.
        """
        if seat != CHANCE and (_DECODED.get(code) or ("",))[0] in _CHECKED_ALONE:
            seats = self.to_act(state)
            if not seats:
                raise IllegalAction(GAME_OVER)
            if seat not in seats:
                raise IllegalAction(NOT_YOUR_TURN)
            reason = why_not(self, state, seat, code)
            if reason is not None:
                raise IllegalAction(reason)
            return
        super().check(state, seat, code)

    def explain_illegal(self, state: State, seat: int, code: str) -> Text:
        """The reason the code's verb check gives."""
        return why_not(self, state, seat, code) or NOT_NOW

    def copy_state(self, state: State) -> State:
        """A copy that shares every list with the given state but a robbing's.

        A move takes its own copy of a list at the list's first edit (``_own``, ``_own_hand``,
        ``_own_board``), so a move that edits nothing, as most answers, Challenges and robbing
        passes, copies no list. What is only ever replaced, never edited, needs no copy at all:
        the lists of Bekanntmachungen on each Ditch (``_declare`` and ``_remove`` put new lists
        in place), the stack, the blocked cards and the history (a move puts a longer list in
        their place). A robbing's dict and lists, edited by nearly every move while it lasts,
        are copied here. The conformance suite checks at every step that ``apply`` leaves the
        state it was given unchanged.
        """
        new = state.copy()
        rob = state["rob"]
        if rob is not None:
            new["rob"] = {
                **rob,
                "nosupport": rob["nosupport"][:],
                "nopower": rob["nopower"][:],
                "bonus": rob["bonus"][:],
            }
        return new

    def apply(
        self, state: State, seat: int, code: str, *, checked: bool = True
    ) -> tuple[State, list[Event]]:
        """``Game.apply``, with the state before kept in the copy while the move is played:
        ``_own`` compares a list with the state before's to tell whether the move copied it yet.
        """
        if code == FORFEIT:
            return super().apply(state, seat, code, checked=checked)
        if checked:
            self.check(state, seat, code)
        new = self.copy_state(state)
        new["_before"] = state
        events: list[Event] = []
        try:
            self._apply(new, seat, code, events)
        finally:
            del new["_before"]
        return new, events

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(CoppertwaddleState, state)
        # Only codes that legal_actions listed get here, so each argument is what its verb takes.
        verb, raw = _DECODED.get(code) or decode(code)
        args: tuple[Any, ...] = raw
        if seat == CHANCE:
            if state["phase"] != "deal":
                raise IllegalAction(DEAL_FIRST)
            if state["first"] < 0:
                if verb != "first" or len(args) != 1 or args[0] not in (0, 1):
                    raise IllegalAction(DEAL_FIRST)
                state["first"] = state["guardian"] = args[0]
                events.append(_tuple_new(Event, ("first", {"seat": args[0]}, None)))
                return
            if verb != "shuffle":
                raise IllegalAction(DEAL_FIRST)
            _deal(state, check_permutation(args, DECK_SIZE), events)
            return
        guardian = state["guardian"]
        if verb in ("rank", "decl", "fav", "discard"):
            card = _card_of_design(state["hands"][seat], args[0])
        elif verb == "wind":
            card = _wind_in_hand(state, seat)
        if verb == "rank":
            _own_hand(state, seat).remove(card)
            slot = first_free(state, seat, ROW[card])
            _put(state, slot, card)
            state["placed"] = True
            events.append(
                _tuple_new(Event, ("place", {"seat": seat, "card": card, "slot": slot}, None))
            )
        elif verb == "wind":
            slot = args[0]
            _own_hand(state, seat).remove(card)
            state["placed"] = True
            if state["slots"][slot] >= 0:
                _own_board(state)[3][slot] = card
                events.append(
                    _tuple_new(Event, ("block", {"seat": seat, "card": card, "slot": slot}, None))
                )
            else:
                _put(state, slot, card)
                events.append(
                    _tuple_new(Event, ("place", {"seat": seat, "card": card, "slot": slot}, None))
                )
        elif verb in ("decl", "fav"):
            target = args[1] if len(args) > 1 else -1
            _own_hand(state, seat).remove(card)
            state["stack"] = [[seat, card, target]]
            events.append(
                _tuple_new(Event, ("play", {"seat": seat, "card": card, "target": target}, None))
            )
            _offer_answer(state, 1 - seat, events)
            return
        elif verb == "answer":
            card = _coppertwaddle_in_hand(state, seat)
            _own_hand(state, seat).remove(card)
            state["stack"] = [*state["stack"], [seat, card, -1]]  # never edited in place
            events.append(_tuple_new(Event, ("answer", {"seat": seat, "card": card}, None)))
            _offer_answer(state, 1 - seat, events)
            return
        elif verb == "let":
            _resolve_stack(state, events)
            return
        elif verb == "abil":
            _use_ability(state, seat, args[0], args[1] if len(args) > 1 else -1, events)
        elif verb == "rob":
            robber, target = args
            state["rob"] = {
                "robber": robber,
                "target": target,
                "robber_card": state["slots"][robber],
                "target_card": state["slots"][target],
                "turn": guardian,
                "passes": 0,
                "nosupport": [],
                "nopower": [],
                "bonus": [0, 0],
            }
            state["phase"] = "rob"
            events.append(
                _tuple_new(Event, ("rob", {"seat": seat, "robber": robber, "target": target}, None))
            )
            _advance_rob(state, events)
            return
        elif verb == "pass":
            rob = state["rob"]
            rob["passes"] += 1
            rob["turn"] = 1 - seat
            events.append(_tuple_new(Event, ("pass", {"seat": seat}, None)))
            _advance_rob(state, events)
            return
        elif verb == "done":
            events.append(_tuple_new(Event, ("challenged", {"seat": seat}, None)))
            _enter_engarde(state, events)
            return
        elif verb == "end":
            events.append(_tuple_new(Event, ("no_rob", {"seat": seat}, None)))
            _enter_respite(state, events)
            return
        elif verb == "discard":
            _own_hand(state, seat).remove(card)
            _own(state, "midden").append(card)
            events.append(_tuple_new(Event, ("discard", {"seat": seat, "card": card}, None)))
            if len(state["hands"][seat]) <= HAND_LIMIT:
                _next_turn(state, events)
            return
        else:  # pragma: no cover - check() lets only legal codes through
            raise IllegalAction(WRONG_PHASE)
        _after_action(state, seat, events)

    # ----- what players see -------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The public table plus, for a seat, its own hand (the Trumpet's order stays hidden).

        Covered cards are shown: every covered card lay proud (face up) in a Domain before,
        so both players have seen it.
        """
        return {
            "seat": seat,
            "games": state["games"],
            "game": state["game"],
            "history": state["history"],
            "first": state["first"],
            "phase": state["phase"],
            "guardian": state["guardian"],
            "to_act": self.to_act(state),
            "trumpet": len(state["trumpet"]),
            "midden": state["midden"],
            "hand": sorted(state["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "slots": state["slots"],
            "covered": state["covered"],
            "decls": state["decls"],
            "winds": state["winds"],
            "placed": state["placed"],
            "rob": state["rob"],
            "stack": state["stack"],
            "answer": state["answer"],
        }

    def result(self, state: State) -> Result | None:
        """The match result: victory points as in section 7 of the source."""
        if state["phase"] != "over":
            return None
        return Result.from_scores(match_points(state["history"]))

    def shuffle_hidden(
        self, state: State, observer: int | None, rng: random.Random
    ) -> State | None:
        """Deal the Trumpet and the hands the observer cannot see anew."""
        if state["phase"] == "deal":
            return None
        other = clone(state)
        hidden = [seat for seat in (0, 1) if seat != observer]
        pool = list(other["trumpet"])
        for seat in hidden:
            pool += other["hands"][seat]
        pool.sort()  # the new deal must not depend on where the hidden cards were
        rng.shuffle(pool)
        for seat in hidden:
            size = len(other["hands"][seat])
            other["hands"][seat], pool = pool[:size], pool[size:]
        other["trumpet"] = pool
        return other

    # ----- words --------------------------------------------------------------------------------

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        """A short label in ``lang`` for a legal code of ``seat``."""
        return words.action_label(state, seat, code, lang)

    def action_group(self, state: State, seat: int, code: str) -> str:
        """One select menu per card or source (each at most 16 targets), one for placing."""
        verb, args = decode(code)
        if verb in ("decl", "fav", "abil", "rob"):
            return f"{verb}:{args[0]}"
        return {"wind": "rank", "done": "pass", "end": "pass", "answer": "let"}.get(verb, verb)

    def group_label(self, state: State, seat: int, group: str, lang: str) -> str:
        """What a select menu offers: the card it is about and the decision."""
        return words.group_label(state, group, lang)

    def progress(self, view: dict[str, Any], lang: str) -> str | None:
        """The game of the match the table shows ("Spiel 2/3")."""
        return words.GAME_OF_MATCH.format(g=view["game"] + 1, n=view["games"]).get(lang)

    def score_text(self, state: State, result: Result, seat: int, lang: str) -> str:
        """Victory points (section 7 of the source)."""
        return plural(result.scores[seat], *words.VICTORY_POINTS).get(lang)

    def result_note(
        self, state: State, result: Result, lang: str, names: Names = None
    ) -> str | None:
        """A drawn match: both have the same victory points."""
        if len(set(result.ranks)) == 1:
            return words.DRAW_SAME_POINTS.get(lang)
        return None

    def describe_event(self, event: Event, lang: str, names: Names = None) -> str:
        """One line of the game log."""
        return words.describe_event(event, lang, names)

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        """The table as plain text."""
        return words.render(view, lang, names)

    def engine_players(self) -> dict[str, Any]:
        """Random play and the three levels; "strategy" (stored tables) plays as "normal"."""
        from games.players.search import levelled

        from .strategy import StrategyPlayer, game_over, standing_after_game

        return levelled(StrategyPlayer(), horizon=game_over, value=standing_after_game)

    def simulation_report(self, results: list[tuple[State, Result]], lang: str) -> str | None:
        """The ruling's balance check (first player's share, cards in winners' Domains)."""
        from .balance import balance_report

        return balance_report(state for state, _result in results).text(lang)


# ----- the flow of a game ---------------------------------------------------------------------


def _own(
    state: CoppertwaddleState, key: Literal["trumpet", "midden", "hands", "covered"]
) -> list[Any]:
    """The list under ``key`` as the move's own: copied from the state before (``copy_state``
    shares it) at its first edit in the move. A state played on outside ``apply``, without
    the state before, gets a copy at every edit: never wrong, only slower.
    """
    mine: list[Any] = state[key]
    before = state.get("_before")
    if before is None or mine is before[key]:
        mine = state[key] = mine[:]  # type: ignore[literal-required]  # key is a list's
    return mine


def _own_hand(state: CoppertwaddleState, seat: int) -> list[int]:
    """``seat``'s hand as the move's own (``_own``), the list of hands too."""
    hands: list[list[int]] = _own(state, "hands")
    hand = hands[seat]
    before = state.get("_before")
    if before is None or hand is before["hands"][seat]:
        hand = hands[seat] = hand[:]
    return hand


def _own_board(
    state: CoppertwaddleState,
) -> tuple[list[int], list[bool], list[list[int]], list[int]]:
    """The Ditches, what lies covered, the Bekanntmachungen and the Winds, as the move's own
    (``_own``, written out for the four a change of a Ditch mostly edits together). Turning
    cards over, the commonest change, takes only what lies covered (``_own(state,
    "covered")``).
    """
    slots, covered, decls, winds = state["slots"], state["covered"], state["decls"], state["winds"]
    before = state.get("_before")
    if before is None:
        state["slots"] = slots = slots[:]
        state["covered"] = covered = covered[:]
        state["decls"] = decls = decls[:]
        state["winds"] = winds = winds[:]
        return slots, covered, decls, winds
    if slots is before["slots"]:
        state["slots"] = slots = slots[:]
    if covered is before["covered"]:
        state["covered"] = covered = covered[:]
    if decls is before["decls"]:
        state["decls"] = decls = decls[:]
    if winds is before["winds"]:
        state["winds"] = winds = winds[:]
    return slots, covered, decls, winds


def _reset_table(state: CoppertwaddleState) -> None:
    state.update(
        {
            "phase": "deal",
            "guardian": state["first"],
            "trumpet": [],
            "midden": [],
            "hands": [[], []],
            "slots": [-1] * 16,
            "covered": [False] * 16,
            "decls": [[] for _ in range(16)],
            "winds": [-1] * 16,
            "placed": False,
            "rob": None,
            "stack": [],
            "answer": -1,
            "resume": "",
            "blocked": [],
            "opening": True,  # the game's first Engagement is still to come
        }
    )


def _deal(state: CoppertwaddleState, order: list[int], events: list[Event]) -> None:
    # The Trumpet's top card is the end of the list.
    state["trumpet"] = order  # a new list (``check_permutation``): the move's own
    first = state["first"]
    for _ in range(HAND_SIZE):
        for seat in (first, 1 - first):
            _own_hand(state, seat).append(order.pop())
    for seat in (0, 1):
        events.append(_tuple_new(Event, ("hand", {"cards": sorted(state["hands"][seat])}, seat)))
    events.append(_tuple_new(Event, ("deal", {"game": state["game"] + 1, "first": first}, None)))
    _start_turn(state, events)


def _start_turn(state: CoppertwaddleState, events: list[Event]) -> None:
    """Engagement: the Guardian's covered cards turn proud (unless a Wind blocks them), then
    the Guardian draws from the Trumpet; then the Challenger may challenge.
    """
    guardian = state["guardian"]
    # Counted for the thread (one post per turn); a state stored before the count starts at 0.
    state["turns"] = state.get("turns", 0) + 1
    state["placed"] = False
    state["blocked"] = []  # a Divisor blocks abilities for the rest of the turn it was played
    turned = []
    base = guardian * 8
    if True in state["covered"][base : base + 8]:  # a Domain often lies all proud
        slots, covered, winds = state["slots"], _own(state, "covered"), state["winds"]
        for slot in range(base, base + 8):
            if slots[slot] >= 0 and covered[slot] and winds[slot] < 0:
                covered[slot] = False
                turned.append(slot)
    events.append(_tuple_new(Event, ("turn", {"seat": guardian, "uncovered": turned}, None)))
    if _check_complete(state, events):
        return
    # Balance (ruling: the first player's win rate inside 45-55%): the very first Engagement of
    # a game draws no card, as the play/draw rule of many card games, so that the first
    # player's extra turn does not also bring an extra card.
    opening = state["opening"]
    state["opening"] = False
    if not opening and not _draw(state, guardian, events):
        return
    # With ``always_ask`` the Challenger is asked every turn while holding a card (``_offer``):
    # asking only when the hand held something playable would tell the Guardian what it did not
    # hold.
    _challenge_or_engarde(state, events)


def _enter_engarde(
    state: CoppertwaddleState, events: list[Event], powers: list[int] | None = None
) -> None:
    """En Garde, passed over (to the Respite) when the Guardian is not asked (``_offer``);
    ``powers`` as in ``_menu``.
    """
    state["phase"] = "engarde"
    guardian = state["guardian"]
    if not _offer(state, guardian, "engarde", powers):
        events.append(_tuple_new(Event, ("no_rob", {"seat": guardian}, None)))
        _enter_respite(state, events)


def _challenge_or_engarde(state: CoppertwaddleState, events: list[Event]) -> None:
    """The Challenge goes on while the Challenger is asked (``_offer``), else En Garde."""
    challenger = 1 - state["guardian"]
    state["phase"] = "challenge"
    if _asked_anyway(state, challenger):
        return  # ``_offer`` would ask without a menu, and the powers would go unused
    # The same powers serve En Garde: the table does not change between.
    powers = _proud_powers(state)
    if not _offer(state, challenger, "challenge", powers):
        _enter_engarde(state, events, powers)


def _draw(state: CoppertwaddleState, seat: int, events: list[Event]) -> bool:
    """Draw the Trumpet's top card; an empty Trumpet ends the game drawn (returns False)."""
    if not state["trumpet"]:
        events.append(_tuple_new(Event, ("trumpet_empty", {"seat": seat}, None)))
        _end_game(state, -1, events)
        return False
    card = _own(state, "trumpet").pop()
    _own_hand(state, seat).append(card)
    events.append(_tuple_new(Event, ("draw", {"seat": seat}, None)))
    events.append(_tuple_new(Event, ("drawn", {"card": card}, seat)))
    return True


def _enter_respite(state: CoppertwaddleState, events: list[Event]) -> None:
    state["phase"] = "respite"
    if len(state["hands"][state["guardian"]]) <= HAND_LIMIT:
        _next_turn(state, events)


def _next_turn(state: CoppertwaddleState, events: list[Event]) -> None:
    state["guardian"] = 1 - state["guardian"]
    _start_turn(state, events)


def _check_complete(state: CoppertwaddleState, events: list[Event]) -> bool:
    """A Domain of eight proud cards ends the game; its owner wins."""
    guardian = state["guardian"]
    slots, covered = state["slots"], state["covered"]
    for seat in (guardian, 1 - guardian):
        base = seat * 8
        # Every Ditch holds a card (no -1) and none lies covered.
        if -1 not in slots[base : base + DOMAIN] and True not in covered[base : base + DOMAIN]:
            _end_game(state, seat, events)
            return True
    return False


def _end_game(state: CoppertwaddleState, winner: int, events: list[Event]) -> None:
    points = domain_points(state, winner) if winner >= 0 else 0
    domain = [card for card in state["slots"][winner * 8 : winner * 8 + 8]] if winner >= 0 else []
    game = {"first": state["first"], "winner": winner, "points": points, "domain": domain}
    state["history"] = [*state["history"], game]  # never edited in place: see copy_state
    events.append(
        _tuple_new(
            Event,
            ("game_over", {"game": state["game"] + 1, "winner": winner, "points": points}, None),
        )
    )
    if state["game"] + 1 >= state["games"]:
        state["phase"] = "over"
        events.append(
            _tuple_new(Event, ("match_over", {"points": match_points(state["history"])}, None))
        )
        return
    state["game"] += 1
    # The loser of a game starts the next; after a draw, the player who did not start it.
    state["first"] = 1 - winner if winner >= 0 else 1 - state["first"]
    _reset_table(state)


def _after_action(state: CoppertwaddleState, actor: int, events: list[Event]) -> None:
    """After a card or ability resolved: check the end, then hand the turn on as the phase says."""
    if state["phase"] in ENDED or _check_complete(state, events):
        return
    if state["phase"] == "rob":
        rob = state["rob"]
        rob["passes"] = 0
        rob["turn"] = 1 - actor
        _advance_rob(state, events)
    elif state["phase"] == "challenge":
        _challenge_or_engarde(state, events)
    elif state["phase"] == "engarde":
        _enter_engarde(state, events)


# ----- Coppertwaddle: answering a non-rank card --------------------------------------------


def _wind_in_hand(state: CoppertwaddleState, seat: int) -> int:
    """The Wind a ``wind`` code plays: the four are alike, so the code names only the place."""
    return min((card for card in state["hands"][seat] if IS_WIND[card]), default=-1)


def _coppertwaddle_in_hand(state: CoppertwaddleState, seat: int) -> int:
    return min((card for card in state["hands"][seat] if EFFECT[card] == "negate"), default=-1)


def _offer_answer(state: CoppertwaddleState, seat: int, events: list[Event]) -> None:
    """The other player may answer with a Coppertwaddle. With ``always_ask`` (the default) the
    player is asked whenever holding a card, so that the question does not tell whether the
    hand holds a Coppertwaddle; an empty hand, whose size everyone sees, is not asked. Without
    it, only a player holding a Coppertwaddle is asked (faster, and telling).
    """
    if _coppertwaddle_in_hand(state, seat) >= 0 or (
        state.get("always_ask") and state["hands"][seat]
    ):
        if state["phase"] != "answer":
            state["resume"] = state["phase"]
            state["phase"] = "answer"
        state["answer"] = seat
        return
    if state["phase"] != "answer":
        state["resume"] = state["phase"]
    _resolve_stack(state, events)


def _resolve_stack(state: CoppertwaddleState, events: list[Event]) -> None:
    """Each Coppertwaddle negates the card below it; the first card acts if not negated."""
    stack = state["stack"]
    state["stack"] = []
    state["phase"] = state["resume"]
    state["resume"] = ""
    state["answer"] = -1
    seat, card, target = stack[0]
    midden = _own(state, "midden")
    for _, coppertwaddle, _ in stack[1:]:
        midden.append(coppertwaddle)
    if len(stack) % 2 == 0:
        midden.append(card)
        events.append(_tuple_new(Event, ("negated", {"seat": seat, "card": card}, None)))
    elif KIND[card] == "declaration":
        _declare(state, card, target, events)
    else:
        midden.append(card)
        _effect(state, seat, card, target, events)
    _after_action(state, seat, events)


# ----- effects -------------------------------------------------------------------------------


def _put(state: CoppertwaddleState, slot: int, card: int, covered: bool = False) -> None:
    slots, covers, decls, winds = _own_board(state)
    slots[slot] = card
    covers[slot] = covered
    decls[slot] = []
    winds[slot] = -1


def _clear(state: CoppertwaddleState, slot: int) -> None:
    slots, covered, decls, winds = _own_board(state)
    slots[slot] = -1
    covered[slot] = False
    decls[slot] = []
    winds[slot] = -1


def _discard_slot(state: CoppertwaddleState, slot: int, events: list[Event]) -> None:
    """A card leaves its Domain for the Midden with everything lying on it."""
    card = state["slots"][slot]
    midden = _own(state, "midden")
    midden.append(card)
    midden.extend(state["decls"][slot])
    if state["winds"][slot] >= 0:
        midden.append(state["winds"][slot])
    events.append(_tuple_new(Event, ("destroyed", {"card": card, "slot": slot}, None)))
    _clear(state, slot)


def _cover(state: CoppertwaddleState, slot: int, events: list[Event]) -> None:
    """Turn a card face down; a Hazelnut on it sends both to the Midden first."""
    if IS_WIND[state["slots"][slot]]:
        return
    _own(state, "covered")[slot] = True
    events.append(_tuple_new(Event, ("covered", {"slot": slot}, None)))
    if any(EFFECT[declaration] == "hazelnut" for declaration in state["decls"][slot]):
        events.append(_tuple_new(Event, ("hazelnut", {"slot": slot}, None)))
        _discard_slot(state, slot, events)


def _move(state: CoppertwaddleState, slot: int, to_row: int, events: list[Event]) -> None:
    """Move a card to the first free Ditch of ``to_row`` in its Domain, or discard it."""
    destination = first_free(state, slot // 8, to_row)
    if destination < 0:
        _discard_slot(state, slot, events)
        return
    slots, covered, decls, winds = _own_board(state)
    slots[destination] = slots[slot]
    covered[destination] = covered[slot]
    decls[destination] = decls[slot]
    winds[destination] = -1
    _clear(state, slot)
    events.append(_tuple_new(Event, ("moved", {"from": slot, "to": destination}, None)))


def _rank_row(state: CoppertwaddleState, slot: int) -> int:
    """The row a card belongs in: the last Climb or Fall on it decides, else its own rank."""
    row = ROW[state["slots"][slot]]
    for declaration in state["decls"][slot]:
        if EFFECT[declaration] == "promote":
            row = 0
        elif EFFECT[declaration] == "demote":
            row = 1
    return row


def _declare(state: CoppertwaddleState, card: int, slot: int, events: list[Event]) -> None:
    wind = state["winds"][slot]
    if EFFECT[card] == "promote" and wind >= 0:
        # The Wind, made noble, has no place among the Bauern it pressed: it leaves with the
        # Climb, and the Bauer beneath turns proud at its owner's next Engagement.
        _own_board(state)[3][slot] = -1
        _own(state, "midden").extend([wind, card])
        events.append(
            _tuple_new(Event, ("unpressed", {"slot": slot, "wind": wind, "card": card}, None))
        )
        return
    decls = _own_board(state)[2]
    decls[slot] = [*decls[slot], card]  # never edited in place: see copy_state
    events.append(_tuple_new(Event, ("declared", {"card": card, "slot": slot}, None)))
    if EFFECT[card] in ("promote", "demote") and _rank_row(state, slot) != row_of(slot):
        _move(state, slot, _rank_row(state, slot), events)


def _effect(
    state: CoppertwaddleState, seat: int, card: int, target: int, events: list[Event]
) -> None:
    """What a favour or an ability does (the ability's card is already covered)."""
    effect = EFFECT[card]
    if effect in ("destroy", "discard_weak"):
        if target < 0 or not is_proud(state, target):
            return
        _discard_slot(state, target, events)
        if effect == "discard_weak":
            _draw(state, target // 8, events)
    elif effect == "cover":
        if is_proud(state, target):
            _cover(state, target, events)
    elif effect == "uncover":
        if state["slots"][target] >= 0 and state["winds"][target] < 0:
            _own(state, "covered")[target] = False
            events.append(_tuple_new(Event, ("uncovered", {"slot": target}, None)))
    elif effect == "cancel_support":
        if state["rob"] is not None:
            state["rob"]["nosupport"].append(target)
            events.append(_tuple_new(Event, ("no_support", {"slot": target}, None)))
    elif effect == "divisor":
        # Publisher's text (The Wheel): the chosen proud Threlm's power cannot be used in the
        # robbing, and its abilities cannot be used for the rest of the turn.
        if state["rob"] is not None and is_proud(state, target):
            state["rob"]["nopower"].append(target)
            state["blocked"] = [*state["blocked"], state["slots"][target]]  # see copy_state
            events.append(
                _tuple_new(
                    Event, ("divided", {"slot": target, "card": state["slots"][target]}, None)
                )
            )
    elif effect == "boost":
        rob = state["rob"]
        if rob is not None:
            rob["bonus"][_robbing_seat_bonus(seat, state["guardian"])] += AMOUNT[card]
            events.append(
                _tuple_new(Event, ("boost", {"seat": seat, "amount": AMOUNT[card]}, None))
            )
    elif effect == "remove":
        _remove(state, target, events)
    elif effect == "draw":
        for _ in range(AMOUNT[card]):
            if not _draw(state, seat, events):
                return


def _remove(state: CoppertwaddleState, thing: int, events: list[Event]) -> None:
    """Dread of Night: a Bekanntmachung or a blocking Wind goes to the Midden."""
    for slot in range(16):
        if state["winds"][slot] == thing:
            _own_board(state)[3][slot] = -1
            _own(state, "midden").append(thing)
            events.append(_tuple_new(Event, ("removed", {"card": thing, "slot": slot}, None)))
            return
        if thing in state["decls"][slot]:
            decls = _own_board(state)[2]
            decls[slot] = [card for card in decls[slot] if card != thing]
            _own(state, "midden").append(thing)
            events.append(_tuple_new(Event, ("removed", {"card": thing, "slot": slot}, None)))
            if _rank_row(state, slot) != row_of(slot):
                _move(state, slot, _rank_row(state, slot), events)
            return


def _partner_slot(state: CoppertwaddleState, seat: int, card: int) -> int:
    """The first Ditch of ``seat``'s Domain where ``card``'s Marriage partner lies proud; -1
    for a card without a partner, -2 when the partner lies nowhere proud.
    """
    partners = _PARTNER_CARDS[card]
    if not partners:
        return -1
    slots, covered = state["slots"], state["covered"]
    for slot in range(seat * 8, seat * 8 + 8):
        if slots[slot] in partners and not covered[slot]:
            return slot
    return -2


def _use_ability(
    state: CoppertwaddleState, seat: int, slot: int, target: int, events: list[Event]
) -> None:
    """Using an ability covers its card (and a Marriage partner) before the effect happens."""
    card = state["slots"][slot]
    partner = _partner_slot(state, seat, card) if _PARTNER_CARDS[card] else -1
    events.append(
        _tuple_new(
            Event, ("ability", {"seat": seat, "slot": slot, "card": card, "target": target}, None)
        )
    )
    _cover(state, slot, events)
    partner_card = state["slots"][partner] if partner >= 0 else -1
    if partner >= 0 and partner_card >= 0:
        _cover(state, partner, events)
    # Publisher's Hazelnut: covering a Threlm to use its ability while the Hazelnut lies on it
    # destroys the Threlm first, and the ability does not take place (nor a Marriage's).
    if state["slots"][slot] != card or (partner >= 0 and state["slots"][partner] != partner_card):
        events.append(_tuple_new(Event, ("fizzled", {"seat": seat, "card": card}, None)))
        return
    _effect(state, seat, card, target, events)


# ----- robbing -------------------------------------------------------------------------------


def _advance_rob(state: CoppertwaddleState, events: list[Event]) -> None:
    """Pass for a seat passed over (``_offer``); end after two passes in a row."""
    rob = state["rob"]
    while rob["passes"] < 2:
        seat = rob["turn"]
        if _offer(state, seat, "rob"):
            return
        rob["passes"] += 1
        rob["turn"] = 1 - seat
    _resolve_rob(state, events)


def _resolve_rob(state: CoppertwaddleState, events: list[Event]) -> None:
    rob = state["rob"]
    state["rob"] = None
    guardian = state["guardian"]
    robber, target = rob["robber"], rob["target"]
    row = row_of(target)
    destination = first_free(state, guardian, row)
    standing = (
        state["slots"][robber] == rob["robber_card"]
        and state["slots"][target] == rob["target_card"]
        and is_proud(state, robber)
        and robbable(state, target)
        and row_of(robber) == row
        and destination >= 0
    )
    if not standing:
        events.append(_tuple_new(Event, ("rob_void", {"seat": guardian}, None)))
        _enter_respite(state, events)
        return
    attack, defence = robbing_values(state, rob)
    success = attack > defence
    events.append(
        _tuple_new(
            Event,
            ("robbed" if success else "rob_failed", {"attack": attack, "defence": defence}, None),
        )
    )
    if success:
        helpers = [] if robber in rob["nosupport"] else attack_supporters(state, robber)
        helpers = [slot for slot in helpers if slot not in rob["nopower"]]
        slots, covered, decls, winds = _own_board(state)
        card = slots[target]
        slots[destination] = card
        covered[destination] = False
        decls[destination] = decls[target]
        winds[destination] = -1
        _clear(state, target)
        events.append(
            _tuple_new(Event, ("taken", {"card": card, "from": target, "to": destination}, None))
        )
        _cover(state, destination, events)
        for slot in [robber, *helpers]:
            if state["slots"][slot] >= 0 and not state["covered"][slot]:
                _cover(state, slot, events)
    if _check_complete(state, events):
        return
    _enter_respite(state, events)


# ----- legal actions -------------------------------------------------------------------------


def _menu(
    state: CoppertwaddleState, seat: int, phase: str, powers: list[int] | None = None
) -> list[str]:
    """The sorted codes of ``seat``, who is to act in ``phase`` (``legal_actions``);
    ``powers`` is ``_proud_powers(state)`` if the caller has it already.
    """
    actions: list[str] = []
    if phase == "engarde":
        _engarde_actions(state, seat, powers, actions)
    elif phase == "challenge" or phase == "rob":
        _free_actions(state, seat, phase == "rob", powers, actions)
    elif phase == "respite":
        actions = [
            _DISCARD_CODES[DESIGN_OF[card]] for card in _one_per_design(state["hands"][seat])
        ]
    # Past the turn above, the words' checks ask only the phase (``_PHASE_OF``), and
    # ``answer`` a Coppertwaddle in hand.
    if not actions and phase != "answer":
        return list(_WORDS[phase])  # sorted already: no phase has two words
    actions.extend(_WORDS[phase])
    if phase == "answer" and _coppertwaddle_in_hand(state, seat) >= 0:
        actions.append("answer")
    return sorted(set(actions))


def _offer(
    state: CoppertwaddleState, seat: int, phase: str, powers: list[int] | None = None
) -> bool:
    """Whether ``seat`` is asked in ``phase``; if so, the state waits for ``seat``, whose menu
    is remembered (``_last_menu``).

    Only ever the last step of a move. With ``always_ask`` (the default) a seat is passed over
    (the Challenge ends, En Garde ends, a robbing's turn passes) only when everyone can see it
    has nothing to play: an empty hand and nothing in its Domain to use. A seat holding cards
    is asked even when none of them can be played, with only the words (``done``, ``end``,
    ``pass``): passing it over would tell the other player that its hand held nothing
    playable. Without the option, a seat with nothing to play is passed over. The menu is
    ``_menu``'s for these three phases, put together here so that a seat passed over costs no
    sort.

    A seat asked whatever it holds (``_asked_anyway``) is asked without its menu being worked
    out here: ``legal_actions`` works it out once when the seat's player asks, which spares the
    copy of the state's contents that a remembered menu needs (``_contents``, 1.9 µs beside
    8.0 µs for a mid-game En Garde menu) at nearly every decision (16% fewer instructions per
    decision of the bare loop).
    """
    if _asked_anyway(state, seat):
        return True
    actions: list[str] = []
    if phase == "engarde":
        _engarde_actions(state, seat, powers, actions)
    else:
        _free_actions(state, seat, phase == "rob", powers, actions)
    # A card's codes are never one of the words.
    if not actions:
        return False
    actions.extend(_WORDS[phase])
    menu = sorted(set(actions))
    global _last_menu
    _last_menu = (state, seat, _contents(state, seat), menu)
    return True


def _asked_anyway(state: CoppertwaddleState, seat: int) -> bool:
    """Whether ``seat`` is asked whatever its menu holds: with ``always_ask``, while it holds a
    card (``_offer``).
    """
    return bool(state["hands"][seat]) and bool(state.get("always_ask"))


def _contents(state: CoppertwaddleState, seat: int) -> tuple[Any, ...]:
    """A copy of everything a menu of ``seat`` reads, the likeliest to differ first;
    ``legal_actions`` compares the state's own fields with it, as one tuple.
    """
    rob = state["rob"]
    return (
        state["slots"][:],
        state["covered"][:],
        state["hands"][seat][:],
        state["placed"],
        state["phase"],
        state["guardian"],
        state["answer"],
        state["winds"][:],
        state["blocked"][:],
        list(map(list.copy, state["decls"])),
        None
        if rob is None
        else {
            **rob,  # numbers, and the three lists of a robbing (see ``copy_state``)
            "nosupport": rob["nosupport"][:],
            "nopower": rob["nopower"][:],
            "bonus": rob["bonus"][:],
        },
        state.get(ENDED_KEY),
    )


_last_menu: tuple[object, int, tuple[Any, ...], list[str]] = (None, -1, (), [])
"""The state ``_offer`` last left waiting for a decision, its seat, a copy of what that
seat's menu reads (``_contents``) and the menu.

The answer to "has the seat to act anything to do?" is that seat's whole menu, which
``legal_actions`` would otherwise work out again for the very same state. It is handed out only
for that state object and only while the state's contents still equal the copy, so a caller
that edits a state in place gets its menu worked out afresh, never a stale one. One entry,
replaced as a whole, so threads reading it see one consistent entry.
"""


def _card_of_design(hand: list[int], design: int) -> int:
    """The lowest card id of ``design`` in ``hand`` (codes name designs, not copies); the
    hand must hold one.
    """
    lowest = DECK_SIZE
    for card in hand:
        if card < lowest and DESIGN_OF[card] == design:
            lowest = card
    if lowest == DECK_SIZE:
        raise ValueError(f"no card of design {design} in hand")
    return lowest


def _one_per_design(cards: list[int]) -> list[int]:
    """The lowest id of each card design in ``cards`` (copies are interchangeable)."""
    chosen: dict[int, int] = {}
    for card in cards:
        design = DESIGN_OF[card]
        if card < chosen.get(design, DECK_SIZE):
            chosen[design] = card
    return list(chosen.values())


def _targets(
    state: CoppertwaddleState,
    seat: int,
    card: int,
    exclude: tuple[int, ...],
    in_rob: bool,
    powers: list[int],
) -> list[int] | None:
    """The targets of an effect; None when it needs none; [] when it cannot be played.

    ``powers`` is ``_proud_powers(state)``: a proud card's power, -1 where none lies proud.
    """
    effect = EFFECT[card]
    if effect == "destroy" or effect == "discard_weak":
        if effect == "destroy":
            low, high = RANGE[card]
            if BELOW_OWN[card] and exclude:
                # The Leper (publisher's Birthday page): its range follows its own power.
                high = powers[exclude[0]] - 1
        else:
            low, high = 0, AMOUNT[card]
        # low >= 0, so the -1 of a Ditch without a proud card is never in range. The lists
        # here are filled by loops, not comprehensions: each of those is a call in Python 3.11.
        targets = []
        for slot, there in enumerate(powers):
            if low <= there <= high and slot not in exclude:
                targets.append(slot)
        return targets
    slots = state["slots"]
    if effect == "cover":
        targets = []
        for slot, there in enumerate(powers):
            if there >= 0 and not IS_WIND[slots[slot]] and slot not in exclude:
                targets.append(slot)
        return targets
    if effect == "uncover":
        covered = state["covered"]
        winds = state["winds"]
        targets = []
        for slot in ALL_SLOTS:
            if slots[slot] >= 0 and covered[slot] and winds[slot] < 0:
                targets.append(slot)
        return targets
    if effect == "remove":
        things = [wind for wind in state["winds"] if wind >= 0]
        for declarations in state["decls"]:
            things.extend(declarations)
        return things
    if effect == "cancel_support":
        rob = state["rob"]
        if not in_rob:
            return []
        return [
            slot
            for slot in (rob["robber"], rob["target"])
            if slot not in rob["nosupport"] and slot not in exclude
        ]
    if effect == "divisor":
        rob = state["rob"]
        if not in_rob:
            return []
        stopped = rob["nopower"]
        targets = []
        for slot, there in enumerate(powers):
            if there >= 0 and not IS_WIND[slots[slot]] and slot not in stopped:
                targets.append(slot)
        return targets
    if effect == "boost":
        rob = state["rob"]
        if not in_rob:
            return []
        mine = rob["robber"] if seat == state["guardian"] else rob["target"]
        if mine in exclude or row_of(mine) != HELPS_ROW[card] or powers[mine] < 0:
            return []
        if mine in rob["nopower"]:
            return []  # a Divisor stops that card's power: a boost to it would count for nothing
        return None
    if effect == "draw":
        return None
    return []


def _free_actions(
    state: CoppertwaddleState,
    seat: int,
    in_rob: bool,
    powers: list[int] | None,
    actions: list[str],
) -> None:
    """Favours and abilities, added to ``actions``: what either player may use outside their
    own En Garde too. A card's codes come from ``_ABIL_CODES`` or ``_FAV_CODES``: the first
    when it needs no target, else one per target (added in a loop, not a call: a hot path).

    Copies of a favour give the same codes twice; the menu's ``set`` keeps one.
    """
    slots = state["slots"]
    base = seat * 8
    # The Domain's cards with an ability usable now, found among its eight Ditches at once,
    # and the favours in hand: most menus have neither, and need no powers.
    # ``isdisjoint`` first: it builds no set, and most menus have neither.
    domain = slots[base : base + 8]
    hand = state["hands"][seat]
    usable = _ABILITY_IN_ROB if in_rob else _ABILITY
    playable = _FAVOUR_IN_ROB if in_rob else _FAVOUR
    if usable.isdisjoint(domain) and playable.isdisjoint(hand):
        return
    abilities = usable.intersection(domain)
    favours = playable.intersection(hand)
    if abilities:
        covered = state["covered"]
        blocked = state["blocked"]
        for card in abilities:
            slot = slots.index(card, base)
            if covered[slot] or card in blocked:
                continue  # not proud, or a Divisor was played on it this turn
            partner = _partner_slot(state, seat, card) if PARTNER[card] is not None else -1
            if partner == -2:
                continue
            if powers is None:
                powers = _proud_powers(state)
            exclude = (slot, partner) if partner >= 0 else (slot,)
            targets = _targets(state, seat, card, exclude, in_rob, powers)
            codes = _ABIL_CODES[slot]
            if targets is None:
                actions.append(codes[0])
            else:
                with_target = codes[1]
                for target in targets:
                    actions.append(with_target[target])
    for card in favours:
        if powers is None:
            powers = _proud_powers(state)
        targets = _targets(state, seat, card, (), in_rob, powers)
        codes = _FAV_CODES[DESIGN_OF[card]]
        if targets is None:
            actions.append(codes[0])
        else:
            with_target = codes[1]
            for target in targets:
                actions.append(with_target[target])


def _engarde_actions(
    state: CoppertwaddleState, seat: int, powers: list[int] | None, actions: list[str]
) -> None:
    """The Guardian's En Garde codes but ``end``, added to ``actions``; a card held twice
    gives its codes twice, which the menu's ``set`` makes one.
    """
    slots = state["slots"]
    winds = state["winds"]
    if powers is None:
        powers = _proud_powers(state)
    placed = state["placed"]
    for card in state["hands"][seat]:
        role = _ROLE[card]
        if role == _RANK:
            if not placed and -1 in slots[(start := seat * 8 + ROW[card] * 4) : start + 4]:
                actions.append(_RANK_CODES[DESIGN_OF[card]])  # a free Ditch in its row
        elif role == _WIND:
            if placed:
                continue
            for place in (first_free(state, seat, 1), first_free(state, 1 - seat, 1)):
                if place >= 0:
                    actions.append(_WIND_CODES[place])
            covered = state["covered"]
            for slot in BAUERN_SLOTS:
                if slots[slot] >= 0 and covered[slot] and winds[slot] < 0:
                    actions.append(_WIND_CODES[slot])
        elif role == _PROMOTE:
            # A Climb goes on a proud Bauer (never a Wind); publisher's sample game: played
            # on a Wind it frees the covered Bauer the Wind presses.
            codes = _DECL_CODES[DESIGN_OF[card]]
            actions.extend([codes[slot] for slot in ALL_SLOTS if winds[slot] >= 0])
            actions.extend(
                [
                    codes[slot]
                    for slot in BAUERN_SLOTS
                    if powers[slot] >= 0 and not IS_WIND[slots[slot]] and winds[slot] < 0
                ]
            )
        elif role == _DEMOTE:  # a Fall goes on a proud Adel
            codes = _DECL_CODES[DESIGN_OF[card]]
            actions.extend(
                [
                    codes[slot]
                    for slot in ADEL_SLOTS
                    if powers[slot] >= 0 and not IS_WIND[slots[slot]]
                ]
            )
        elif role == _DECLARE:
            codes = _DECL_CODES[DESIGN_OF[card]]
            for slot, there in enumerate(powers):  # a loop, not a comprehension's call
                if there >= 0:
                    actions.append(codes[slot])
    _free_actions(state, seat, False, powers, actions)
    _rob_actions(slots, powers, seat, actions)


def _rob_actions(slots: list[int], powers: list[int], seat: int, actions: list[str]) -> None:
    """``seat``'s robbings: a proud card of a row with a free Ditch (for the booty) robs a proud
    card, never a Wind, of the same row in the other Domain if its attack beats the defence
    (``table.attack_value``, ``table.defence_value``). A card's neighbours in its row lend it
    their power (covered cards and gaps lend nothing); an Adel defends with the proud Bauer
    below it as well. Written out per column: this is the busiest loop of En Garde. The codes
    are added to ``actions``.
    """
    other = 8 - seat * 8
    for row in (0, 4):
        own = seat * 8 + row
        if -1 not in slots[own : own + 4]:
            continue  # no free Ditch for the booty
        m0, m1, m2, m3 = powers[own : own + 4]
        if m0 < 0 and m1 < 0 and m2 < 0 and m3 < 0:
            continue  # nobody proud to rob with
        theirs = other + row
        t0, t1, t2, t3 = powers[theirs : theirs + 4]
        if t0 < 0 and t1 < 0 and t2 < 0 and t3 < 0:
            continue  # nothing proud to rob
        # What each of their cards lends a neighbour, with a 0 beyond either end.
        u0, u1, u2, u3 = _LENT[t0], _LENT[t1], _LENT[t2], _LENT[t3]
        if row == 0:
            p0, p1, p2, p3 = powers[theirs + 4 : theirs + 8]  # the Bauern below
            b0, b1, b2, b3 = _LENT[p0], _LENT[p1], _LENT[p2], _LENT[p3]
        else:
            b0 = b1 = b2 = b3 = 0
        defences = []
        if t0 >= 0 and not IS_WIND[slots[theirs]]:
            defences.append((theirs, t0 + u1 + b0))
        if t1 >= 0 and not IS_WIND[slots[theirs + 1]]:
            defences.append((theirs + 1, t1 + u0 + u2 + b1))
        if t2 >= 0 and not IS_WIND[slots[theirs + 2]]:
            defences.append((theirs + 2, t2 + u1 + u3 + b2))
        if t3 >= 0 and not IS_WIND[slots[theirs + 3]]:
            defences.append((theirs + 3, t3 + u2 + b3))
        if not defences:
            continue
        v0, v1, v2, v3 = _LENT[m0], _LENT[m1], _LENT[m2], _LENT[m3]
        for robber, there, lent in (
            (own, m0, v1),
            (own + 1, m1, v0 + v2),
            (own + 2, m2, v1 + v3),
            (own + 3, m3, v2),
        ):
            if there >= 0:
                attack = there + lent
                codes = _ROB_CODES[robber]
                for target, defence in defences:
                    if attack > defence:
                        actions.append(codes[target])


def _proud_powers(state: CoppertwaddleState) -> list[int]:
    """Every Ditch's power as ``table.power`` gives it where a card lies proud, else -1.

    Asked for most decisions, so the strengths are looked up by ``map`` over a list (whose
    ``__getitem__`` C calls directly) and only the Ditches with Bekanntmachungen or a covered
    card, found by ``compress``, take steps of Python.
    """
    powers = list(map(_POWER_OF.__getitem__, state["slots"]))  # -1 for an empty Ditch
    decls = state["decls"]
    for slot in compress(ALL_SLOTS, decls):
        power = powers[slot]
        for declaration in decls[slot]:
            power += PLUS[declaration]
        powers[slot] = max(0, power)
    for slot in compress(ALL_SLOTS, state["covered"]):
        powers[slot] = -1
    return powers


def _cards_where(rule: Callable[[int], bool]) -> frozenset[int]:
    """The card ids ``rule`` holds for."""
    return frozenset(card for card in range(DECK_SIZE) if rule(card))


# Which cards may be used now: the engine's hot path asks these instead of the rules behind
# them (an ability needs an effect; some only mean something in a robbing; a Coppertwaddle is
# never played, only answered with).
_ABILITY_IN_ROB = _cards_where(lambda card: EFFECT[card] is not None)
_ABILITY = _cards_where(lambda card: EFFECT[card] is not None and EFFECT[card] not in ROBBING_ONLY)
_FAVOUR_IN_ROB = _cards_where(lambda card: KIND[card] == "favour" and EFFECT[card] != "negate")
_FAVOUR = _cards_where(lambda card: card in _FAVOUR_IN_ROB and EFFECT[card] not in ROBBING_ONLY)

# What a card in the Guardian's hand offers En Garde (``_engarde_actions``), looked up once per
# card instead of asking its kind and effect each time; favours are ``_free_actions``' part.
_RANK, _WIND, _PROMOTE, _DEMOTE, _DECLARE, _OTHER = range(6)


def _role(card: int) -> int:
    if KIND[card] == "rank":
        return _WIND if IS_WIND[card] else _RANK
    if KIND[card] == "declaration":
        return {"promote": _PROMOTE, "demote": _DEMOTE}.get(EFFECT[card] or "", _DECLARE)
    return _OTHER


_ROLE = tuple(_role(card) for card in range(DECK_SIZE))
_PARTNER_CARDS = tuple(
    frozenset(other for other in range(DECK_SIZE) if NAME[other] == PARTNER[card])
    for card in range(DECK_SIZE)
)
"""Per card, the ids of every copy of its Marriage partner (none for most cards)."""
_POWER_OF = [*STRENGTH, -1]
"""A card's strength by id, and -1 at index -1: an empty Ditch (-1) has no power. A list, not
a tuple, for ``_proud_powers``' ``map`` (a list's ``__getitem__`` is the cheaper call); never
changed."""
_LENT = (*range(max(STRENGTH) + sum(plus for plus in PLUS if plus > 0) + 1), 0)
"""What a Ditch of power ``p`` lends a neighbour, by ``p``: its power, and 0 at index -1 (no
proud card there); every power a card can reach is an index."""

# Every code a move can have, written once: building codes was much of what listing the
# legal actions cost. Indexed by design, slot or target.
ALL_SLOTS = range(16)
BAUERN_SLOTS = (4, 5, 6, 7, 12, 13, 14, 15)
ADEL_SLOTS = (0, 1, 2, 3, 8, 9, 10, 11)
_DESIGNS = max(DESIGN_OF) + 1
_RANK_CODES = tuple(encode("rank", design) for design in range(_DESIGNS))
_WIND_CODES = tuple(encode("wind", slot) for slot in ALL_SLOTS)
_DECL_CODES = tuple(
    tuple(encode("decl", design, slot) for slot in ALL_SLOTS) for design in range(_DESIGNS)
)
_TARGETS = range(max(16, DECK_SIZE))  # Ditches, or card ids for Dread of Night
_ABIL_CODES = tuple(
    (encode("abil", slot), tuple(encode("abil", slot, target) for target in _TARGETS))
    for slot in ALL_SLOTS
)
_FAV_CODES = tuple(
    (encode("fav", design), tuple(encode("fav", design, target) for target in _TARGETS))
    for design in range(_DESIGNS)
)
_ROB_CODES = tuple(tuple(encode("rob", robber, slot) for slot in ALL_SLOTS) for robber in ALL_SLOTS)


_PHASE_OF = {
    "done": "challenge",
    "end": "engarde",
    "pass": "rob",
    "let": "answer",
    "answer": "answer",
}
"""The phase of each code without arguments (see its check)."""
_WORDS = {
    phase: tuple(verb for verb, its in _PHASE_OF.items() if its == phase and verb != "answer")
    for phase in ("challenge", "engarde", "rob", "answer", "respite")
}
"""Per phase, the codes without arguments the seat to act may always send (``answer`` needs a
Coppertwaddle in hand besides)."""
_DISCARD_CODES = tuple(encode("discard", design) for design in range(_DESIGNS))
_CHECKED_ALONE = frozenset(("rank", "discard", *_PHASE_OF))
"""The verbs whose checks (``why_not_<verb>``) need no menu, which ``check`` asks directly."""
_DECODED = {
    code: decode(code)
    for code in (
        *_RANK_CODES,
        *_WIND_CODES,
        *[code for codes in _DECL_CODES for code in codes],
        *[code for codes in (*_ABIL_CODES, *_FAV_CODES) for code in (codes[0], *codes[1])],
        *[code for codes in _ROB_CODES for code in codes],
        *_PHASE_OF,
        *_DISCARD_CODES,
    )
}
"""Every player's code, decoded once: ``_apply`` looks a code up here instead of calling
``decode`` (chance codes, a shuffle's among them, still go through it)."""
