"""The Scherbia state machine on the engine contract (see the package docstring for the rules).

The state is a flat JSON-native dict. ``stage`` says where the game stands: ``play`` (cards are
being played into the current layer), ``layer`` (a layer is complete: dice, Blockade, ties),
``dieb`` and ``heiler`` (the decided trick is being cleared), ``final`` (the Holzfaeller in the
point piles are rolled again) and ``over``. ``ask`` is the one open question, if any: a decision
of one seat (``copy``, ``shoot``, ``replace``, ``block``, ``steal``, ``heal``) or a roll of the
dice by chance (``dice``, ``final``). Automatic steps run in ``_advance`` until a question is
open, so every question the engine asks is a real choice.
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_left
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from pydantic import BaseModel, ConfigDict, Field

from games.core import (
    CHANCE,
    Event,
    Game,
    IllegalAction,
    Names,
    Result,
    SetupError,
    State,
    Text,
    check_dice,
    check_permutation,
    clone,
    decode,
    encode,
    plural,
)
from games.core.checks import why_not
from games.core.contract import ENDED_KEY, FORFEIT
from games.core.draws import below, shuffled
from games.core.errors import MALFORMED, NOT_NOW, NOT_YOUR_TURN

from . import words
from .actions import (
    ACTION_DECK,
    ACTION_KINDS,
    EINSPRUCH,
    EINSPRUCH_IDS,
    FACTION_OF_WORD,
    FACTION_PAIRS,
    FACTIONS,
    KIND_OF_WORD,
    OTHER_IDS,
    ActionKind,
    kind_of,
)
from .cards import (
    BASE,
    BAUER,
    BERUFSLOSER,
    DECK,
    DIEB,
    HEILER,
    HOLZFAELLER,
    JAEGER,
    PRINTED_OF_CARD,
    PROFESSION_OF_CARD,
    PROFESSION_OF_WORD,
    SCHUERFER,
    SEEMANN,
    WORDS,
    card_name,
    profession_name,
)
from .rules import (
    LayerScan,
    decide,
    dieb_target,
    effective,
    entry_value,
    is_bauer,
    is_heiler,
    latest_slot,
    lying_counts,
    mod_totals,
    scan_layer,
    totals,
)

DICE_CODES = sorted(encode("dice", a, b) for a in range(1, 7) for b in range(1, 7))
_DICE_TABLE = [[encode("dice", a, b) for b in range(1, 7)] for a in range(1, 7)]
_DICE_OF_CODE = {_DICE_TABLE[a - 1][b - 1]: (a, b) for a in range(1, 7) for b in range(1, 7)}
"""The two dice of every listed roll code: a code found here needs no other check."""
_FIRST = [encode("first", seat) for seat in range(8)]
_PLAY = ["play:" + word for word in WORDS]
_COPY = [encode("copy", slot) for slot in range(DECK)]  # a trick never holds more than 48
_SHOOT = [encode("shoot", seat) for seat in range(8)]
_REPLACE = ["replace:" + word for word in WORDS]
_HEAL = ["heal:" + word for word in WORDS]
_PLAY_OF_CARD = [_PLAY[card >> 2] for card in range(DECK)]
"""The play code of every card (a card's profession is its id // 4)."""
_profession_bit = [1 << (card >> 2) for card in range(DECK)].__getitem__
_PLAY_MENUS = [
    tuple(sorted(_PLAY[prof] for prof in range(len(_PLAY)) if mask >> prof & 1))
    for mask in range(1 << len(_PLAY))
]
"""The sorted play menu of every set of professions held, indexed by its bit mask: the menu
asked at nearly every decision is then a set, a sum and a lookup in C instead of a sort of
strings."""
_PROFESSION_BYTES = bytes(card >> 2 for card in range(DECK)).ljust(256, b"\xff")
"""``bytes(hand).translate`` table: a hand's professions as bytes, in one C call."""
_MENU_OF_PROFESSIONS: dict[bytes, tuple[str, ...]] = {}
"""The play menu of each hand's professions (as ``_PROFESSION_BYTES`` gives them): a sorted
hand has at most six of twelve professions, so there are a few thousand keys at most, and the
lookup is cheaper than building the profession set of every hand asked about."""
TEAM_SIZES = {"none": 0, "2v2": 4, "3v3": 6, "4v4": 8}
_FACTION_CODES = sorted(encode("factions", a, b) for a, b in FACTION_PAIRS)
_VETO = [encode("veto", seat) for seat in range(8)]


class ScherbiaOptions(BaseModel):
    """Table options of Scherbia."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hand_size: Literal[5, 6] = Field(
        6, description="cards dealt to each player; the rest is set aside unseen"
    )
    max_layers: Literal[0, 2, 3, 4] = Field(
        2, description="most layers in one trick: 2, 3, 4, or 0 for unlimited"
    )
    teams: Literal["none", "2v2", "3v3", "4v4"] = Field(
        "none", description="two teams sitting alternately (4, 6 or 8 players)"
    )
    action_cards: bool = Field(
        False, description="Aktionskarten: a second, hidden hand laid face down before a trick"
    )
    action_hand: Literal[1, 2, 3, 4] = Field(
        3, description="action cards dealt to each player (plus one Einspruch)"
    )
    factions: Literal["off", "open", "hidden"] = Field(
        "off",
        description="Fraktionen for team games, drawn by chance for each team: open, or hidden "
        "(a team knows only its own until the other shows itself)",
    )


_PASSABLE = ("copy", "shoot", "block", "steal", "heal", "lay", "veto")
"""The questions that may be declined with ``pass`` (a replacement must be chosen)."""
_ANSWER_WORDS = {
    kind: (
        *((kind,) if kind in ("block", "steal") else ()),
        *(("pass",) if kind in _PASSABLE else ()),
    )
    for kind in ("copy", "shoot", "replace", "block", "steal", "heal", "lay", "veto")
}
"""Per question, the answers without arguments its checks allow once the seat is asked (the
faction ability besides, while ``_faction_ready``)."""
_SORTED_ANSWERS = {kind: sorted(words) for kind, words in _ANSWER_WORDS.items()}


def _event(kind: str, data: dict[str, Any], to: int | None = None) -> Event:
    """``Event(kind, data, to)`` without the named tuple's class call (an event per step)."""
    return _tuple_new(Event, (kind, data, to))


_tuple_new = tuple.__new__


_BLANK_ENTRY: dict[str, Any] = {
    "s": None,
    "c": None,
    "l": None,
    "a": None,
    "as": None,
    "lk": None,
    "lc": None,
    "r": None,
    "p": False,
    "x": None,
    "w": None,
    "cs": None,  # the slot a Berufsloser copies, so that a Sperrfeuer there lapses the copy
}
"""A trick entry's keys in their order, with nothing set: copying it and setting four keys is
quicker than building the twelve-key dict (an entry per card played)."""
_blank_entry = _BLANK_ENTRY.copy


def _new_entry(seat: int, card: int, layer: int, protected: bool) -> dict[str, Any]:
    entry = _blank_entry()
    entry["s"] = seat
    entry["c"] = card
    entry["l"] = entry["a"] = layer
    entry["p"] = protected
    return entry


def _take(hand: list[int], prof: int) -> int:
    """Remove and return the first card of ``prof`` in ``hand``.

    Hands are kept sorted and a profession's cards are the ids ``4 * prof`` to ``4 * prof + 3``,
    so the first one is found by bisection (in C) instead of a loop over the hand.
    """
    index = bisect_left(hand, prof << 2)
    if index < len(hand) and hand[index] >> 2 == prof:
        return hand.pop(index)
    for index, card in enumerate(hand):  # a hand built unsorted outside the engine
        if card >> 2 == prof:
            del hand[index]
            return card
    raise IllegalAction(words.NOT_IN_HAND)


def _insert(hand: list[int], card: int) -> None:
    hand.append(card)
    hand.sort()


_DECODED: dict[str, tuple[str, tuple[Any, ...]]] = {}


def _decode(code: str) -> tuple[str, tuple[Any, ...]]:
    """``decode`` with a cache for the few short codes this game uses (shuffles are not kept)."""
    found = _DECODED.get(code)
    if found is None:
        found = decode(code)
        if len(code) <= 40:
            _DECODED[code] = found
    return found


_CARD_OF_TEXT = {str(card): card for card in range(DECK)}
_TEXT_OF_CARD = [str(card) for card in range(max(DECK, len(OTHER_IDS)))]


_SAMPLED_DEAL: list[tuple[object, tuple[int, ...]]] = [(object(), ())]
"""The last deal ``sample_chance`` drew, as one (code, order) pair replaced whole (so that a
reader never pairs one draw's code with another's order): applying that very code next, as
every simulation does, then needs no parsing; any other code is parsed as before (the first
entry's code is an object no caller holds)."""


def _random_shuffle(rng: random.Random, size: int, verb: str) -> str:
    """The same draws and the same code as ``games.core.random_shuffle``, joined directly: the
    generic encoder checks and remembers every argument of a code that is never seen again.
    """
    order = shuffled(rng, size)
    code = verb + ":" + ":".join(map(_TEXT_OF_CARD.__getitem__, order))
    if verb == "shuffle":
        _SAMPLED_DEAL[0] = (code, tuple(order))
    return code


def _parse_shuffle(code: object) -> list[int]:
    """The order of a ``shuffle:...`` code, as strict as ``decode`` + ``check_permutation``.

    Parsed by hand because the generic regex decoder was a fifth of a two-player game's time:
    every part must be one of the exact texts "0".."47" (no sign, no leading zero), each once.
    """
    sampled, drawn = _SAMPLED_DEAL[0]
    if code is sampled:  # the very code just drawn: a permutation by construction
        return list(drawn)
    if not isinstance(code, str):
        raise IllegalAction(MALFORMED)
    parts = code.split(":")
    if parts[0] != "shuffle" or len(parts) != DECK + 1:
        raise IllegalAction(MALFORMED)
    try:
        order = list(map(_CARD_OF_TEXT.__getitem__, parts[1:]))
    except KeyError:
        raise IllegalAction(MALFORMED) from None
    if len(set(order)) != DECK:
        raise IllegalAction(MALFORMED)
    return order


_PROFESSION_OF_PLAY = {code: prof for prof, code in enumerate(_PLAY)}
_BAUER_FIRST, _BERUFSLOS_FIRST, _HOLZ_FIRST = BAUER << 2, BERUFSLOSER << 2, HOLZFAELLER << 2
"""The first card ids of the last three professions (a card is ``profession * 4 + people``)."""
assert HOLZFAELLER == BERUFSLOSER + 1 == BAUER + 2 == DECK // 4 - 1


def _edit(trick: list[dict[str, Any]], slot: int) -> dict[str, Any]:
    """The trick entry in ``slot``, made this state's own to edit in place.

    ``copy_state`` gives the copy its own trick list but shares the entries with the state it
    was copied from; every step that edits an entry takes it through here first (copying an
    entry twice in one move is harmless), so a move copies only the entries it edits.
    """
    entry = trick[slot] = trick[slot].copy()
    return entry


def _revealed_factions(state: ScherbiaState) -> list[bool]:
    """Per team: is its faction public (open factions always; hidden ones once shown)."""
    return list(state.get("frev") or [True, True])


def team_of(state: ScherbiaState, seat: int) -> int:
    """The team index of ``seat`` (its own seat number when teams are off)."""
    return seat % 2 if state["teams"] else seat


class ScherbiaPosition(BaseModel):
    """A position for ``Scherbia.set_up``: hands and point piles by profession words (each
    word once more is the next people of that profession), and the seat that leads the next
    trick. The cards placed nowhere are set aside. A trick so far is reached from here by
    playing its cards (``apply``), so that every rule of the trick applies to it.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    hands: list[list[str]]
    piles: list[list[str]] | None = None
    leader: int = Field(0, ge=0, le=7)
    action_hands: list[list[str]] | None = None
    """With action cards on: each seat's action hand by card words (``einspruch``, ...)."""
    factions: list[str] | None = None
    """With factions on: the faction words of team 1 and team 2."""


def state_hand_size(options: BaseModel) -> int:
    """The hand size dealt at a table with ``options``."""
    return int(options.hand_size)  # type: ignore[attr-defined]


def _bad_position(de: str, en: str) -> SetupError:
    return SetupError(Text(f"Ungültige Stellung: {de}", f"Invalid position: {en}"))


class ScherbiaState(TypedDict):
    """A Scherbia table (``initial_state``): hands and piles of card ids, the trick's entries,
    the question being asked (``ask``), and the action cards and factions when in play.
    """

    n: int
    hand_size: int
    max_layers: int
    teams: bool
    phase: str
    stage: str
    hands: list[list[int]]
    aside: list[int]
    piles: list[list[int]]
    out: list[int]
    leader: int
    turn: int
    layer: int
    count: int
    trick: list[dict[str, Any]]
    tricks: int
    ask: Any  # dict[str, Any], or None
    passed: list[int]
    winner: Any  # int, or None
    cursor: int
    final: list[list[Any]]
    scores: Any  # list[int], or None
    last: Any  # dict[str, Any], or None
    recopy: list[int]
    actions: bool
    ahand_size: int
    factions_on: bool
    frev: list[bool]
    ahands: list[list[int]]
    aaside: list[int]
    aout: list[int]
    laid: list[dict[str, Any]]
    revealed: bool
    lay: Any  # int, or None
    vcur: int
    mods: Any  # dict[str, Any], or None
    ftot: Any  # list[int], or None
    fac: Any  # list[int], or None
    fused: list[bool]
    pile_scores: NotRequired[list[int]]


class Scherbia(Game):
    """Scherbia: a trick-taking game of twelve professions with layered tricks."""

    id = "scherbia"
    name = Text("Scherbia", "Scherbia")
    min_players = 2
    max_players = 8
    Options = ScherbiaOptions
    Position = ScherbiaPosition
    summary = Text(
        "Stichspiel mit zwölf Berufen, Lagen, Würfeln und Dieben.",
        "Trick-taking with twelve professions, layered tricks, dice and thieves.",
    )

    # ----- facts ------------------------------------------------------------------------------

    def check_setup(self, players: int, options: BaseModel) -> None:
        """Teams need exactly 4, 6 or 8 players; the deck must cover every hand."""
        assert isinstance(options, ScherbiaOptions)
        needed = TEAM_SIZES[options.teams]
        if needed and players != needed:
            raise SetupError(words.TEAM_COUNT.format(teams=options.teams, n=needed))
        if players * options.hand_size > DECK:
            raise SetupError(words.DECK_TOO_SMALL)
        if options.factions != "off" and not needed:
            raise SetupError(words.FACTIONS_NEED_TEAMS)

    def max_decisions(self, players: int, options: BaseModel) -> int:
        """A true bound: every regular play and Sperrfeuer brings at most three questions."""
        assert isinstance(options, ScherbiaOptions)
        plays = players * options.hand_size
        # per regular play: play, copy, shoot; per Sperrfeuer (at most one per regular play,
        # since it consumes an unprotected card): replace, copy, shoot, and a new copy for
        # each Berufsloser whose copy it took back; a roll for either; per card in a trick at
        # most one Dieb and one Heiler question; per layer a Blockade question per seat;
        # chance: shuffle, first leader, final rolls.
        base = 2 + 3 * plays + 3 * plays + plays * plays + 2 * plays + 2 * plays + plays + DECK
        # action cards and factions: two chance steps; per trick (at most one per card in a
        # hand) one lay and one Einspruch question per seat
        return base + 2 + 2 * plays

    # ----- the state machine ------------------------------------------------------------------

    def _set_up(self, players: int, options: BaseModel, position: Any) -> State:
        """The table at ``position`` (see ``ScherbiaPosition``): dealt by a chance action whose
        order puts the hands first, then the leader drawn, then the piles given.
        """
        assert isinstance(position, ScherbiaPosition)
        if len(position.hands) != players or (
            position.piles is not None and len(position.piles) != players
        ):
            raise _bad_position(f"{players} Hände erwartet", f"expected {players} hands")
        if position.leader >= players:
            raise _bad_position("diesen Platz gibt es nicht", "no such seat leads")
        people: dict[int, int] = {}

        def take(word: str) -> int:
            if word not in PROFESSION_OF_WORD:
                raise _bad_position(f"kein Beruf {word!r}", f"no profession {word!r}")
            profession = PROFESSION_OF_WORD[word]
            taken = people.get(profession, 0)
            if taken >= 4:
                raise _bad_position(f"{word!r} gibt es nur 4-mal", f"there are only 4 {word!r}")
            people[profession] = taken + 1
            return profession * 4 + taken

        hands = [[take(word) for word in hand] for hand in position.hands]
        piles = [[take(word) for word in pile] for pile in position.piles or [[]] * players]
        sizes = {len(hand) for hand in hands}
        if len(sizes) != 1 or 0 in sizes or max(sizes) > state_hand_size(options):
            raise _bad_position(
                "alle Hände gleich groß, höchstens so groß wie beim Geben",
                "all hands of one size, at most the size dealt",
            )
        state = self.initial_state(players, options)
        order = [card for hand in hands for card in hand]
        spare = [card for card in range(DECK) if card not in order]
        # The deal fills hands to the dealt size from the spare cards; the pile cards are set
        # aside, then moved to the piles.
        kept = [card for card in spare if card not in {c for pile in piles for c in pile}]
        filled: list[int] = []
        for hand in hands:
            extra = state["hand_size"] - len(hand)
            filled += hand + kept[:extra]
            kept = kept[extra:]
        filled += [card for card in range(DECK) if card not in filled]
        if position.factions is not None and not state["factions_on"]:
            raise _bad_position("Fraktionen ohne die Option", "factions without the option")
        state, _events = self.apply(state, CHANCE, "shuffle:" + ":".join(map(str, filled)))
        if state["actions"]:
            identity = ":".join(str(i) for i in range(len(OTHER_IDS)))
            state, _events = self.apply(state, CHANCE, "ashuffle:" + identity)
        if state["factions_on"]:
            words = position.factions or [FACTIONS[0].word, FACTIONS[1].word]
            if (
                len(words) != 2
                or any(w not in FACTION_OF_WORD for w in words)
                or (words[0] == words[1])
            ):
                raise _bad_position("zwei verschiedene Fraktionen", "two different factions")
            state, _events = self.apply(
                state, CHANCE, encode("factions", *(FACTION_OF_WORD[w] for w in words))
            )
        state, _events = self.apply(state, CHANCE, f"first:{position.leader}")
        if position.action_hands is not None:
            if not state["actions"] or len(position.action_hands) != players:
                raise _bad_position("Aktionshände ohne Aktionskarten", "action hands without")
            free = list(range(ACTION_DECK))
            ahands = []
            for words in position.action_hands:
                hand = []
                for word in words:
                    kind = KIND_OF_WORD.get(word)
                    card = next((c for c in free if kind_of(c) == kind), None)
                    if card is None:
                        raise _bad_position(f"keine Aktionskarte {word!r}", f"no {word!r} left")
                    free.remove(card)
                    hand.append(card)
                ahands.append(sorted(hand))
            state["ahands"] = ahands
            state["aaside"] = free
        state["hands"] = [sorted(hand) for hand in hands]
        state["piles"] = piles
        in_play = {card for hand in hands for card in hand} | {c for pile in piles for c in pile}
        state["aside"] = [card for card in filled if card not in in_play]
        return state

    def initial_state(self, players: int, options: BaseModel) -> State:
        """The table before the deal."""
        assert isinstance(options, ScherbiaOptions)
        return {
            "n": players,
            "hand_size": options.hand_size,
            "max_layers": options.max_layers,
            "teams": options.teams != "none",
            "phase": "deal",
            "stage": "play",
            "hands": [[] for _ in range(players)],
            "aside": [],
            "piles": [[] for _ in range(players)],
            "out": [],
            "leader": 0,
            "turn": 0,
            "layer": 1,
            "count": 0,
            "trick": [],
            "tricks": 0,
            "ask": None,
            "passed": [],
            "winner": None,
            "cursor": 0,
            "final": [],
            "scores": None,
            "last": None,
            "recopy": [],
            "actions": options.action_cards,
            "ahand_size": options.action_hand,
            "factions_on": options.factions != "off",
            # hidden factions: which team's faction is public (used, or the final count)
            "frev": [options.factions != "hidden"] * 2,
            "ahands": [[] for _ in range(players)],
            "aaside": [],
            "aout": [],
            "laid": [],
            "revealed": False,
            "lay": None,
            "vcur": 0,
            "mods": None,
            "ftot": None,
            "fac": None,
            "fused": [False] * players,
        }

    def to_act(self, state: State) -> list[int]:
        """Chance while dealing and rolling; else the asked seat or the seat to play."""
        if state.get(ENDED_KEY):  # ``ended_by_forfeit`` without the call (asked every step)
            return []
        phase = state["phase"]
        if phase == "play":
            ask = state["ask"]
            if ask is not None:
                return [ask["s"]]
            return [state["turn"]]
        if phase == "over":
            return []
        return [CHANCE]

    def legal_actions(self, state: State, seat: int) -> list[str]:
        """The codes ``seat`` may play now."""
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(ScherbiaState, state)
        ask = state["ask"]
        if ask is None and seat == state["turn"] and state["phase"] == "play":
            # The menu of nearly every other decision, asked first: what ``_playing`` allows,
            # one code per profession held, sorted (``_PLAY_MENUS``).
            hand = state["hands"][seat]
            try:
                key = bytes(hand).translate(_PROFESSION_BYTES)
            except (TypeError, ValueError):  # not a hand of card ids (never in a game)
                key = b""
            menu = _MENU_OF_PROFESSIONS.get(key)
            if menu is None:
                menu = _PLAY_MENUS[sum(set(map(_profession_bit, hand)))]
                if key:
                    _MENU_OF_PROFESSIONS[key] = menu
            return list(menu)
        phase = state["phase"]
        if seat == CHANCE:
            if phase == "first":
                return sorted(_FIRST[: state["n"]])
            if phase == "factions":
                return list(_FACTION_CODES)
            ask = state["ask"]
            if phase == "play" and ask is not None and ask["s"] == CHANCE:
                return list(DICE_CODES)
            return []
        ask = state["ask"]
        if ask is None:
            if self._playing(state, seat) is not None:
                return []
            # One code per profession held, sorted: set and sort run in C over a hand.
            return sorted(set(map(_PLAY_OF_CARD.__getitem__, state["hands"][seat])))
        # ``_asked(state, seat, ask["k"])`` written out (the kind asked is always allowed here).
        if phase != "play" or ask["s"] != seat:
            return []
        # The answers without arguments come from the tables the checks use (``_PASSABLE``,
        # ``_faction_ready``), the arguments from the option lists the checks test them against.
        kind = ask["k"]
        if kind == "steal" or kind == "block":
            return list(_SORTED_ANSWERS[kind])  # no arguments: the sorted menu is fixed
        codes = list(_ANSWER_WORDS[kind])
        if kind == "copy":
            codes += [_COPY[slot] for slot in self._copy_options(state, ask["e"])]
        elif kind == "shoot":
            codes += [_SHOOT[target] for target in self._shoot_targets(state, ask["e"])]
        elif kind == "replace":
            codes += [_REPLACE[prof] for prof in self._replace_options(state, ask)]
        elif kind == "heal":
            codes += [_HEAL[prof] for prof in self._heal_options(state, ask)]
        elif kind == "lay":
            codes += list(self._lay_words(state, seat))
            if self._faction_ready(state, seat):
                codes.append("faction")
        elif kind == "veto":
            codes += [_VETO[target] for target in self._veto_targets(state, seat)]
        return sorted(codes)

    # ----- one check per verb (``games.core.checks``) ------------------------------------------
    # A code that does not fit the question asked gets "answer first", as it always did here.

    @staticmethod
    def _playing(state: ScherbiaState, seat: int) -> Text | None:
        """Why ``seat`` cannot play a card now."""
        if state["phase"] != "play":
            return NOT_NOW
        if state["ask"] is not None:
            return words.ANSWER_FIRST
        if seat != state["turn"]:
            return NOT_YOUR_TURN
        return None

    @staticmethod
    def _asked(state: ScherbiaState, seat: int, *kinds: str) -> Text | None:
        """Why ``seat`` cannot answer a question of one of ``kinds`` now."""
        if state["phase"] != "play":
            return NOT_NOW
        ask = state["ask"]
        if ask is None:
            return NOT_NOW
        if ask["k"] not in kinds:
            return words.ANSWER_FIRST
        if ask["s"] != seat:
            return NOT_YOUR_TURN
        return None

    def why_not_play(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """A card of one's hand, named by its profession."""
        reason = self._playing(state, seat)
        if reason is not None or args is None:
            return reason
        prof = PROFESSION_OF_WORD.get(args[0]) if len(args) == 1 else None
        if prof is None:
            return MALFORMED
        if not any(card >> 2 == prof for card in state["hands"][seat]):
            return words.NOT_IN_HAND
        return None

    def why_not_pass(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """Every question but the Jaeger's target's replacement may be declined."""
        reason = self._asked(state, seat, *_PASSABLE)
        if reason is not None or args is None:
            return reason
        return words.ANSWER_FIRST if args else None

    def why_not_copy(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The Berufsloser copies a card lying in the trick (one slot per outcome)."""
        reason = self._asked(state, seat, "copy")
        if reason is not None or args is None:
            return reason
        if list(args) not in ([slot] for slot in self._copy_options(state, state["ask"]["e"])):
            return words.ANSWER_FIRST
        return None

    def why_not_shoot(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The Jaeger sends back another seat's latest card (not a fresh replacement)."""
        reason = self._asked(state, seat, "shoot")
        if reason is not None or args is None:
            return reason
        if list(args) not in ([target] for target in self._shoot_targets(state, state["ask"]["e"])):
            return words.SHOOT_RULE
        return None

    def why_not_replace(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The Jaeger's target puts another card of its hand in place of the one sent back."""
        reason = self._asked(state, seat, "replace")
        if reason is not None or args is None:
            return reason
        prof = PROFESSION_OF_WORD.get(args[0]) if len(args) == 1 else None
        if prof not in self._replace_options(state, state["ask"]):
            return words.REPLACE_RULE
        return None

    def why_not_block(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The Krieger's owner calls a Blockade (another layer)."""
        reason = self._asked(state, seat, "block")
        if reason is not None or args is None:
            return reason
        return words.ANSWER_FIRST if args else None

    def why_not_steal(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The Dieb's owner takes the lowest card."""
        reason = self._asked(state, seat, "steal")
        if reason is not None or args is None:
            return reason
        return words.ANSWER_FIRST if args else None

    def why_not_heal(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The Heiler is exchanged for a lower card of its owner's hand."""
        reason = self._asked(state, seat, "heal")
        if reason is not None or args is None:
            return reason
        prof = PROFESSION_OF_WORD.get(args[0]) if len(args) == 1 else None
        if prof not in self._heal_options(state, state["ask"]):
            return words.HEAL_RULE
        return None

    def why_not_lay(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """An action card of one's hidden hand, face down before the trick."""
        reason = self._asked(state, seat, "lay")
        if reason is not None or args is None:
            return reason
        if len(args) != 1 or "lay:" + str(args[0]) not in self._lay_words(state, seat):
            return words.LAY_RULE
        return None

    def why_not_faction(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """The faction's ability instead of a card, once per member and game."""
        reason = self._asked(state, seat, "lay")
        if reason is not None or args is None:
            return reason
        if args or not self._faction_ready(state, seat):
            return words.LAY_RULE
        return None

    def why_not_veto(
        self, state: ScherbiaState, seat: int, args: tuple[Any, ...] | None
    ) -> Text | None:
        """An Einspruch on another seat's revealed, live action card (or Einspruch)."""
        reason = self._asked(state, seat, "veto")
        if reason is not None or args is None:
            return reason
        if list(args) not in ([target] for target in self._veto_targets(state, seat)):
            return words.VETO_RULE
        return None

    @staticmethod
    def _lay_words(state: ScherbiaState, seat: int) -> set[str]:
        """The lay codes of the action cards in ``seat``'s hidden hand."""
        return {"lay:" + ACTION_KINDS[kind_of(card)].word for card in state["ahands"][seat]}

    def sample_chance(self, state: State, rng: random.Random) -> str:
        """A shuffle, a first leader or two dice, drawn from ``rng``."""
        if state["phase"] == "deal":
            return _random_shuffle(rng, DECK, "shuffle")
        if state["phase"] == "first":
            return _FIRST[below(rng, state["n"])]
        if state["phase"] == "adeal":
            return _random_shuffle(rng, len(OTHER_IDS), "ashuffle")
        if state["phase"] == "factions":
            return rng.choice(_FACTION_CODES)
        # the same draws as games.core.random_dice(rng, 2), without building the code anew
        return _DICE_TABLE[below(rng, 6)][below(rng, 6)]

    def check_chance(self, state: State, code: str) -> None:
        """Shuffles are checked in ``_apply``; leaders and dice must be listed outcomes."""
        if state["phase"] not in ("deal", "adeal"):
            super().check_chance(state, code)

    def apply(
        self, state: State, seat: int, code: str, *, checked: bool = True
    ) -> tuple[State, list[Event]]:
        """``Game.apply``, with the most common move taken the short way: a card played with
        nothing else pending (no question, no copy to ask again, no action card to lay). The
        entry is added here directly on a copy that shares every other container; a card
        without an on-play ability (not a Berufsloser, not a Jaeger) into a layer that stays
        open then only passes the turn on, and anything else goes on as ``_play`` would.
        """
        prof = _PROFESSION_OF_PLAY.get(code)
        if prof is None:
            dice = _DICE_OF_CODE.get(code)
            if dice is None or seat != CHANCE or state["phase"] != "play":
                if checked or code == FORFEIT:
                    return super().apply(state, seat, code, checked=checked)
                # ``Game.apply`` unchecked with ``copy_state`` written out: every answer to a
                # question comes this way (two calls less each).
                new = state.copy()
                new["hands"] = state["hands"][:]
                new["trick"] = state["trick"][:]
                events: list[Event] = []
                self._apply(new, seat, code, events)
                return new, events
            ask = state["ask"]
            if ask is None or state.get(ENDED_KEY):
                return super().apply(state, seat, code, checked=checked)
            if ask["k"] != "dice":
                if ask["k"] != "final":
                    return super().apply(state, seat, code, checked=checked)
                # A roll for a Holzfaeller in a point pile at the end (``_roll``'s final
                # branch): only the edited roll is copied, the others stay shared.
                if checked:
                    self.check(state, seat, code)
                new = state.copy()
                new["ask"] = None
                cursor = state["cursor"]
                final = new["final"] = state["final"][:]
                roll = final[cursor] = list(final[cursor])
                value = roll[2] = dice[0] + dice[1]
                new["cursor"] = cursor + 1
                events = [
                    _tuple_new(
                        Event,
                        (
                            "final_roll",
                            {"seat": roll[0], "card": roll[1], "dice": list(dice), "value": value},
                            None,
                        ),
                    )
                ]
                # The final stage asks the next roll or scores: top-level keys only, so the
                # hands and the trick stay shared.
                self._advance(new, events)  # type: ignore[arg-type]
                return new, events
            # A roll in a complete layer (the final rolls take the general way): the code is
            # one of the 36 listed outcomes, so what ``_roll`` checks is the lookup just done.
            if checked:
                self.check(state, seat, code)
            new = state.copy()
            new["hands"] = state["hands"][:]
            trick = new["trick"] = state["trick"][:]
            new["ask"] = None
            entry = _edit(trick, ask["e"])
            entry["r"] = dice[0] + dice[1]
            events = [
                _tuple_new(
                    Event,
                    ("roll", {"seat": entry["s"], "card": entry["c"], "dice": list(dice)}, None),
                )
            ]
            self._advance(new, events)  # type: ignore[arg-type]
            return new, events
        if (
            state["phase"] != "play"
            or state["ask"] is not None
            or state["stage"] != "play"
            or state["lay"] is not None
            or state["recopy"]
        ):
            return super().apply(state, seat, code, checked=checked)
        if checked:
            self.check(state, seat, code)
        hands = state["hands"][:]
        hand = hands[seat] = hands[seat][:]  # shared with ``state`` until now
        # ``_take``'s bisection written out (its fallback kept for hands built unsorted)
        index = bisect_left(hand, prof << 2)
        if index < len(hand) and hand[index] >> 2 == prof:
            card = hand.pop(index)
        else:
            card = _take(hand, prof)
        layer = state["layer"]
        new = state.copy()
        new["hands"] = hands
        # ``_new_entry(seat, card, layer, False)`` written out (a call less per card played).
        entry = _blank_entry()
        entry["s"] = seat
        entry["c"] = card
        entry["l"] = entry["a"] = layer
        new["trick"] = [*state["trick"], entry]
        count = new["count"] = state["count"] + 1
        # ``Event``'s tuple made directly, without the named tuple's Python-level ``__new__``.
        events = [_tuple_new(Event, ("play", {"seat": seat, "card": card, "layer": layer}, None))]
        if prof == BERUFSLOSER or prof == JAEGER:
            # ``_play``'s on-play step: a copy or a shot may be asked, then the automatic steps
            # run as after any other move.
            self._placed(new, len(state["trick"]), events)  # type: ignore[arg-type]
            self._advance(new, events)  # type: ignore[arg-type]
            return new, events
        n = state["n"]
        if count < n:
            new["turn"] = (state["leader"] + count) % n
        else:
            # The layer is complete: the same automatic steps as after any other move (whose
            # first one, with nothing pending, is this change of stage). ``new`` has its own
            # hands and trick lists, as ``copy_state`` would give it.
            new["stage"] = "layer"
            self._advance(new, events)  # type: ignore[arg-type]
        return new, events

    def copy_state(self, state: State) -> State:
        """A shallow copy: the hands and the trick are new lists, their contents still shared.

        The steps copy what they edit: a hand when a card leaves it (``_play``, ``_replace``,
        ``_heal``), and a trick entry before a roll, a steal, a heal or a copy edits it
        (``_edit``).
        """
        new = state.copy()
        new["hands"] = state["hands"][:]
        new["trick"] = state["trick"][:]
        return new

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(ScherbiaState, state)
        phase = state["phase"]
        if phase == "play" and state["ask"] is None and seat != CHANCE:
            prof = _PROFESSION_OF_PLAY.get(code)
            if prof is not None:
                self._play(state, seat, prof, events)
                self._advance(state, events)
                return
        if seat == CHANCE and phase == "deal":
            self._deal(state, _parse_shuffle(code), events)
            self._advance(state, events)
            return
        verb, args = _decode(code)
        if seat == CHANCE:
            if phase == "adeal":
                if verb != "ashuffle":
                    raise IllegalAction(MALFORMED)
                self._deal_actions(state, check_permutation(args, len(OTHER_IDS)), events)
            elif phase == "factions":
                self._draw_factions(state, args, events)
            elif phase == "first":
                self._first(state, args[0], events)
            else:
                self._roll(state, check_dice(args, 2), events)
            self._advance(state, events)
            return
        ask = state["ask"]
        if ask is None:
            prof = PROFESSION_OF_WORD.get(args[0]) if verb == "play" and args else None
            if prof is None:
                raise IllegalAction(MALFORMED)
            self._play(state, seat, prof, events)
        else:
            kind = ask["k"]
            if kind == "copy":
                state["ask"] = None
                if verb == "copy":
                    self._copy(state, ask["e"], args[0], events)
                    self._after_copy(state, ask["e"], events)
                else:
                    events.append(_event("no_copy", {"seat": seat}))
            elif kind == "shoot":
                state["ask"] = None
                if verb == "shoot":
                    self._shoot(state, ask["e"], args[0], events)
                else:
                    events.append(_event("hold", {"seat": seat}))
            elif kind == "replace":
                state["ask"] = None
                self._replace(state, ask["e"], PROFESSION_OF_WORD[args[0]], ask["r"], events)
            elif kind == "block":
                state["ask"] = None
                if verb == "block":
                    events.append(_event("block", {"seat": seat}))
                    self._new_layer(state)
                else:
                    state["passed"] = [*state["passed"], seat]
            elif kind == "steal":
                state["ask"] = None
                if verb == "steal":
                    self._steal(state, ask["e"], ask["t"], events)
                else:
                    events.append(_event("no_steal", {"seat": seat}))
            elif kind == "heal":
                state["ask"] = None
                if verb == "heal":
                    self._heal(state, ask["e"], PROFESSION_OF_WORD[args[0]], events)
                else:
                    events.append(_event("no_heal", {"seat": seat}))
            elif kind == "lay":
                state["ask"] = None
                self._lay(state, seat, verb, args, events)
            elif kind == "veto":
                state["ask"] = None
                if verb == "veto":
                    self._veto(state, seat, args[0], events)
                else:
                    events.append(_event("no_veto", {"seat": seat}))
        self._advance(state, events)

    # ----- steps ------------------------------------------------------------------------------

    def _deal(self, state: ScherbiaState, order: list[int], events: list[Event]) -> None:
        size = state["hand_size"]
        for seat in range(state["n"]):
            hand = sorted(order[seat * size : (seat + 1) * size])
            state["hands"][seat] = hand
            events.append(_event("hand", {"cards": hand}, to=seat))
        state["aside"] = order[state["n"] * size :]
        state["phase"] = "adeal" if state["actions"] else self._after_actions_deal(state)
        events.append(_event("deal", {"hand_size": size, "aside": len(state["aside"])}))

    @staticmethod
    def _after_actions_deal(state: ScherbiaState) -> str:
        return "factions" if state["factions_on"] else "first"

    def _deal_actions(self, state: ScherbiaState, order: list[int], events: list[Event]) -> None:
        """Einsprueche set aside first, the rest shuffled; each seat: ``ahand_size`` + one
        Einspruch; the rest set aside unseen (ruling, Aktionskarten: deal).
        """
        size = state["ahand_size"]
        n = state["n"]
        shuffled = [OTHER_IDS[index] for index in order]
        ahands = []
        for seat in range(n):
            hand = sorted([EINSPRUCH_IDS[seat], *shuffled[seat * size : (seat + 1) * size]])
            ahands.append(hand)
            events.append(_event("action_hand", {"cards": hand}, to=seat))
        state["ahands"] = ahands
        state["aaside"] = sorted(EINSPRUCH_IDS[n:] + shuffled[n * size :])
        state["phase"] = self._after_actions_deal(state)
        events.append(_event("action_deal", {"per_seat": size + 1}))

    def _draw_factions(
        self, state: ScherbiaState, args: tuple[Any, ...], events: list[Event]
    ) -> None:
        state["fac"] = [int(args[0]), int(args[1])]
        state["phase"] = "first"
        if all(_revealed_factions(state)):
            events.append(_event("factions", {"factions": list(state["fac"])}))
            return
        # hidden factions: every seat learns its own team's faction only
        events.append(_event("factions_hidden", {}))
        for seat in range(state["n"]):
            team = team_of(state, seat)
            events.append(
                _event("own_faction", {"team": team, "faction": state["fac"][team]}, to=seat)
            )

    def _first(self, state: ScherbiaState, leader: int, events: list[Event]) -> None:
        state["leader"] = state["turn"] = leader
        state["phase"] = "play"
        if state["actions"] or state["factions_on"]:
            state["lay"] = 0
        events.append(_event("first", {"seat": leader}))

    # ----- action cards and factions ------------------------------------------------------------

    def _faction_ability(self, state: ScherbiaState, seat: int) -> ActionKind | None:
        if not state["fac"]:
            return None
        return FACTIONS[state["fac"][team_of(state, seat)]].ability

    def _faction_ready(self, state: ScherbiaState, seat: int) -> bool:
        """A faction ability is used once per member per game (ruling, Fraktionen)."""
        return self._faction_ability(state, seat) is not None and not state["fused"][seat]

    def _can_lay(self, state: ScherbiaState, seat: int) -> bool:
        """Asked to lay: with a card or an ability to lay; with hidden factions also every seat
        of a team whose faction is still hidden (it may pass), or skipping it would tell the
        table that the team has no ability left to lay (a passive faction).
        """
        if state["fac"] and not _revealed_factions(state)[team_of(state, seat)]:
            return True
        return bool(state["ahands"][seat]) or self._faction_ready(state, seat)

    def _lay(
        self, state: ScherbiaState, seat: int, verb: str, args: tuple[Any, ...], events: list[Event]
    ) -> None:
        """One action card (or the faction ability) face down, or none: who laid is public."""
        state["lay"] += 1
        if verb == "pass":
            events.append(_event("no_lay", {"seat": seat}))
            return
        if verb == "faction":
            item = {"s": seat, "c": None, "f": True, "on": None, "pv": False}
        else:
            kind = KIND_OF_WORD[str(args[0])]
            hand = state["ahands"][seat]
            card = next(c for c in hand if kind_of(c) == kind)
            state["ahands"] = [
                h if s != seat else [c for c in h if c != card]
                for s, h in enumerate(state["ahands"])
            ]
            item = {"s": seat, "c": card, "f": False, "on": None, "pv": False}
        state["laid"] = [*state["laid"], item]
        events.append(_event("lay", {"seat": seat}))
        events.append(_event("laid", {"action": item["c"], "faction": item["f"]}, to=seat))

    def _item_kind(self, state: ScherbiaState, item: dict[str, Any]) -> ActionKind:
        if item["f"]:
            ability = self._faction_ability(state, item["s"])
            assert ability is not None
            return ability
        return ACTION_KINDS[kind_of(item["c"])]

    def _live(self, state: ScherbiaState, index: int) -> bool:
        """An item acts unless protected away or a live Einspruch lies on it."""
        if state["laid"][index]["pv"]:
            return False
        return not self._vetoed(state, index)

    def _is_veto(self, state: ScherbiaState, item: dict[str, Any]) -> bool:
        return not item["f"] and kind_of(item["c"]) == EINSPRUCH

    def _veto_targets(self, state: ScherbiaState, seat: int) -> list[int]:
        """Seats whose revealed action card an Einspruch may hit: any other live action card,
        an Einspruch too, used or not (the ruling: "any other revealed action card"; never a
        faction ability).

        One target is left out: an Einspruch whose chain of Einsprueche leads back to the
        asking seat's own, which would close a circle (A on B, B on C, C on A) in which no
        Einspruch is either in force or cancelled.
        """
        laid = state["laid"]
        mine = next(
            (
                index
                for index, item in enumerate(laid)
                if item["s"] == seat and self._is_veto(state, item)
            ),
            None,
        )
        return sorted(
            item["s"]
            for index, item in enumerate(laid)
            if item["s"] != seat
            and not item["f"]
            and self._live(state, index)
            and not self._leads_to(state, index, mine)
        )

    @staticmethod
    def _leads_to(state: ScherbiaState, start: int, goal: int | None) -> bool:
        """Whether following ``on`` (the card an Einspruch lies on) from ``start`` reaches
        ``goal``. Every Einspruch put so far keeps the chains free of circles, so this ends.
        """
        laid = state["laid"]
        index: int | None = start
        while index is not None:
            if index == goal:
                return True
            index = laid[index]["on"]
        return False

    def _vetoed(self, state: ScherbiaState, index: int) -> bool:
        """Whether an Einspruch in force lies on the laid item at ``index``."""
        return any(
            other["on"] == index and self._live(state, j) for j, other in enumerate(state["laid"])
        )

    def _veto(self, state: ScherbiaState, seat: int, target: int, events: list[Event]) -> None:
        laid = [dict(item) for item in state["laid"]]
        mine = next(i for i, item in enumerate(laid) if item["s"] == seat)
        laid[mine]["on"] = next(i for i, item in enumerate(laid) if item["s"] == target)
        state["laid"] = laid
        events.append(_event("veto", {"seat": seat, "target": target}))

    def _reveal(self, state: ScherbiaState, events: list[Event]) -> None:
        state["revealed"] = True
        fused = list(state["fused"])
        shown = []
        frev = list(_revealed_factions(state))
        newly = []
        for item in state["laid"]:
            if item["f"]:
                fused[item["s"]] = True
                team = team_of(state, item["s"])
                if not frev[team]:
                    frev[team] = True
                    newly.append(team)
            shown.append([item["s"], item["c"], item["f"]])
        state["fused"] = fused
        state["frev"] = frev
        state["stage"] = "veto"
        state["vcur"] = 0
        events.append(_event("reveal", {"laid": shown}))
        for team in sorted(newly):  # a hidden faction shows itself by its ability
            events.append(_event("faction_shown", {"team": team, "faction": state["fac"][team]}))

    def _next_veto(self, state: ScherbiaState, events: list[Event]) -> None:
        """From the leader round the table, each unused live Einspruch may be put on a card."""
        n = state["n"]
        while state["vcur"] < n:
            seat = (state["leader"] + state["vcur"]) % n
            state["vcur"] += 1
            for index, item in enumerate(state["laid"]):
                if (
                    item["s"] == seat
                    and self._is_veto(state, item)
                    and item["on"] is None
                    and self._live(state, index)
                    and self._veto_targets(state, seat)
                ):
                    state["ask"] = {"k": "veto", "s": seat}
                    return
        self._resolve(state, events)

    def _resolve(self, state: ScherbiaState, events: list[Event]) -> None:
        """Schutz first, then the live actions in seat order from the leader; then decide."""
        n = state["n"]
        laid = [dict(item) for item in state["laid"]]
        state["laid"] = laid
        for index, item in enumerate(laid):
            if (
                item["f"]
                and self._live(state, index)
                and self._item_kind(state, item).effect == "protect"
            ):
                for other in laid:
                    if team_of(state, other["s"]) != team_of(state, item["s"]):
                        other["pv"] = True
        trick = state["trick"]
        mods: dict[str, Any] = {
            "zero": [],
            "set": [],
            "mult": [],
            "nomagic": False,
            "delta": [0] * n,
            "assassin": [],
            "revive": [],
        }
        order = sorted(range(len(laid)), key=lambda i: (laid[i]["s"] - state["leader"]) % n)
        for index in order:
            item = laid[index]
            kind = self._item_kind(state, item)
            if kind.effect in ("veto", "protect") or not self._live(state, index):
                continue
            owner = item["s"]
            if kind.needs is not None and not any(
                entry["s"] == owner and effective(entry) == kind.needs for entry in trick
            ):
                events.append(_event("act_fails", {"seat": owner, "kind": kind.word}))
                continue
            self._effect(state, mods, owner, kind)
            events.append(_event("act", {"seat": owner, "kind": kind.word}))
        state["mods"] = mods
        sums = mod_totals(trick, n, mods)
        state["ftot"] = sums
        winner = decide(trick, sums, allmacht=not mods["nomagic"])
        self._decided(state, winner, sums, events)

    def _effect(
        self, state: ScherbiaState, mods: dict[str, Any], owner: int, kind: ActionKind
    ) -> None:
        trick = state["trick"]
        n = state["n"]
        sums = mod_totals(trick, n, mods)
        mine = team_of(state, owner)
        rivals = [
            (state["leader"] + k) % n
            for k in range(n)
            if team_of(state, (state["leader"] + k) % n) != mine
        ]
        strongest = max(rivals, key=lambda s: sums[s])  # first from the leader on ties
        effect = kind.effect
        if effect == "zero_latest":
            slots = [i for i, e in enumerate(trick) if e["s"] == strongest]
            if slots:
                latest = max(slots, key=lambda i: (trick[i]["l"], i))
                mods["zero"].append(latest)
        elif effect == "zero_others":
            for i, entry in enumerate(trick):
                if team_of(state, entry["s"]) != mine and effective(entry) in kind.params["profs"]:
                    mods["zero"].append(i)
        elif effect == "set_value":
            mods["set"].append([kind.params["prof"], kind.params["value"]])
            if not kind.params["allmacht"]:
                mods["nomagic"] = True
        elif effect == "multiply":
            mods["mult"].append([kind.params["prof"], kind.params["factor"]])
        elif effect == "steal_highest":
            mods["assassin"].append(owner)
        elif effect == "revive":
            mods["revive"].append(owner)
        elif effect == "add_total":
            mods["delta"][owner] += sums[strongest]
        elif effect == "swap_total":
            diff = sums[strongest] - sums[owner]
            mods["delta"][owner] += diff
            mods["delta"][strongest] -= diff

    def _revive(self, state: ScherbiaState, events: list[Event]) -> None:
        """Wiederbelebung: a losing owner's Heiler and highest other card go to its own pile."""
        winner = state["winner"]
        trick = state["trick"]
        for owner in state["mods"]["revive"]:
            if winner is not None and team_of(state, winner) == team_of(state, owner):
                continue
            heiler = next(
                (i for i, e in enumerate(trick) if e["s"] == owner and is_heiler(e)), None
            )
            if heiler is None:
                continue
            _edit(trick, heiler)["x"] = owner
            others = [i for i, e in enumerate(trick) if e["s"] == owner and e["x"] is None]
            if others:
                best = max(others, key=lambda i: (BASE[trick[i]["c"] >> 2], -i))
                _edit(trick, best)["x"] = owner
            events.append(_event("revive", {"seat": owner}))

    def _play(self, state: ScherbiaState, seat: int, prof: int, events: list[Event]) -> None:
        hand = state["hands"][seat] = state["hands"][seat][:]  # shared until now
        card = _take(hand, prof)
        trick = state["trick"]
        trick.append(_new_entry(seat, card, state["layer"], False))
        state["count"] += 1
        events.append(_event("play", {"seat": seat, "card": card, "layer": state["layer"]}))
        self._placed(state, len(trick) - 1, events)

    def _placed(self, state: ScherbiaState, slot: int, events: list[Event]) -> None:
        """On-play abilities of a card just placed (played or as a replacement)."""
        entry = state["trick"][slot]
        if PROFESSION_OF_CARD[entry["c"]] == BERUFSLOSER and self._copy_options(state, slot):
            # Asked even with one card lying: copying is optional (ruling).
            state["ask"] = {"k": "copy", "s": entry["s"], "e": slot}
            return
        self._after_copy(state, slot, events)

    def _after_copy(self, state: ScherbiaState, slot: int, events: list[Event]) -> None:
        entry = state["trick"][slot]
        if effective(entry) == JAEGER and self._shoot_targets(state, slot):
            state["ask"] = {"k": "shoot", "s": entry["s"], "e": slot}

    def _copy_options(self, state: ScherbiaState, slot: int) -> list[int]:
        """Slots a Berufsloser may copy, one per distinct outcome (earliest first)."""
        trick = state["trick"]
        # An outcome as one int (a profession 0..11, a rolled total + 100, the slot whose roll
        # it waits for + 1000): the same classes as the tuples it stands for, without building
        # a tuple per card lying (asked whenever a Berufsloser is placed and in its menu).
        seen: dict[int, int] = {}
        for index, other in enumerate(trick):
            if index == slot:
                continue
            # ``effective(other)`` written out
            prof = PROFESSION_OF_CARD[other["c"]]
            if prof == BERUFSLOSER and other["as"] is not None:
                prof = other["as"]
            if prof == HOLZFAELLER:
                roll = other["r"]
                if roll is not None:
                    key = 100 + roll
                else:
                    key = 1000 + self._roll_source(state, index)
            else:
                key = prof
            if key not in seen:
                seen[key] = index
        return sorted(seen.values())

    def _roll_source(self, state: ScherbiaState, slot: int) -> int:
        """The slot whose coming roll a (copied) Holzfaeller in ``slot`` will take."""
        entry = state["trick"][slot]
        link = entry["lk"]
        if link is not None and state["trick"][link]["c"] == entry["lc"]:
            return link
        return slot

    def _copy(self, state: ScherbiaState, slot: int, source: int, events: list[Event]) -> None:
        trick = state["trick"]
        entry, other = _edit(trick, slot), trick[source]
        prof = effective(other)
        entry["as"] = prof
        entry["cs"] = source
        if prof == HOLZFAELLER:
            entry["r"] = other["r"]
            if other["r"] is None:
                link = self._roll_source(state, source)
                entry["lk"], entry["lc"] = link, trick[link]["c"]
        events.append(
            _event("copy", {"seat": entry["s"], "card": entry["c"], "of": other["c"], "as": prof})
        )

    def _shoot_targets(self, state: ScherbiaState, slot: int) -> list[int]:
        """Seats whose most recent card a Jaeger in ``slot`` may send back."""
        trick = state["trick"]
        owner = trick[slot]["s"]
        layer = state["layer"]
        # ``latest_slot`` of every seat in one pass: a seat's card of this layer, else its
        # card of the previous layer.
        latest: list[int | None] = [None] * state["n"]
        current = [False] * state["n"]
        for index, entry in enumerate(trick):
            seat = entry["s"]
            if entry["l"] == layer:
                if not current[seat]:
                    latest[seat] = index
                    current[seat] = True
            elif entry["l"] == layer - 1 and not current[seat]:
                latest[seat] = index
        targets = []
        hands = state["hands"]
        for seat, found in enumerate(latest):
            if found is None or seat == owner or not hands[seat]:
                continue
            # A replacement cannot be hit again in the layer in which it was placed (ruling).
            if not (trick[found]["p"] and trick[found]["a"] == layer):
                targets.append(seat)
        return targets

    def _shoot(self, state: ScherbiaState, slot: int, target: int, events: list[Event]) -> None:
        trick = state["trick"]
        victim = latest_slot(trick, target, state["layer"])
        assert victim is not None
        # the card stays in its slot until the replacement is chosen, then goes back to hand:
        # every card is always in exactly one place
        returned = trick[victim]["c"]
        events.append(
            _event(
                "shoot",
                {"seat": trick[slot]["s"], "target": target, "card": returned},
            )
        )
        ask = {"k": "replace", "s": target, "e": victim, "r": returned}
        options = self._replace_options(state, ask)
        if len(options) > 1:
            state["ask"] = ask
            return
        self._replace(state, victim, options[0], returned, events)

    def _replace_options(self, state: ScherbiaState, ask: dict[str, Any]) -> list[int]:
        """Professions the target may put in place of its card: any other card in hand."""
        return sorted({card >> 2 for card in state["hands"][ask["s"]]})

    def _replace(
        self, state: ScherbiaState, slot: int, prof: int, returned: int, events: list[Event]
    ) -> None:
        trick = state["trick"]
        old = trick[slot]
        hand = state["hands"][old["s"]] = state["hands"][old["s"]][:]  # shared until now
        card = _take(hand, prof)
        _insert(hand, returned)
        trick[slot] = entry = _new_entry(old["s"], card, old["l"], True)
        entry["a"] = state["layer"]
        events.append(_event("replace", {"seat": old["s"], "card": card, "old": returned}))
        # A Berufsloser that copied the card taken back loses the copy; its owner picks again
        # among the cards now lying, or declines (ruling), once the replacement has acted.
        for index, other in enumerate(trick):
            if other["cs"] == slot and other["as"] is not None:
                _edit(trick, index).update(
                    {"as": None, "cs": None, "r": None, "lk": None, "lc": None}
                )
                events.append(_event("copy_lapsed", {"seat": other["s"], "card": other["c"]}))
                state["recopy"] = [*state["recopy"], index]
        self._placed(state, slot, events)

    def _roll(self, state: ScherbiaState, dice: list[int], events: list[Event]) -> None:
        ask = state["ask"]
        state["ask"] = None
        value = dice[0] + dice[1]
        if ask["k"] == "final":
            state["final"] = [list(item) for item in state["final"]]  # shared until now
            roll = state["final"][state["cursor"]]
            roll[2] = value
            state["cursor"] += 1
            events.append(
                _event(
                    "final_roll", {"seat": roll[0], "card": roll[1], "dice": dice, "value": value}
                )
            )
            return
        entry = _edit(state["trick"], ask["e"])
        entry["r"] = value
        events.append(_event("roll", {"seat": entry["s"], "card": entry["c"], "dice": dice}))

    def _new_layer(self, state: ScherbiaState) -> None:
        state["layer"] += 1
        state["count"] = 0
        state["passed"] = []
        state["stage"] = "play"

    def _heal_options(self, state: ScherbiaState, ask: dict[str, Any]) -> list[int]:
        hand = state["hands"][ask["s"]]
        return sorted({card >> 2 for card in hand if BASE[card >> 2] < BASE[HEILER]})

    def _steal(self, state: ScherbiaState, slot: int, target: int, events: list[Event]) -> None:
        trick = state["trick"]
        thief = trick[slot]["s"]
        _edit(trick, target)["x"] = thief
        events.append(
            _event("steal", {"seat": thief, "card": trick[target]["c"], "from": trick[target]["s"]})
        )

    def _steal_matters(self, state: ScherbiaState, slot: int, target: int) -> bool:
        """Whether a Dieb's theft can change anything (else it is done without asking)."""
        trick = state["trick"]
        thief = trick[slot]["s"]
        winner = state["winner"]
        victim = trick[target]
        if is_bauer(victim):
            dest = victim["s"]
        else:
            dest = winner
        # Another seat's pile, a teammate's too: the piles are kept per seat, and a Seemann
        # counts the Bauern, Holzfaeller and Schuerfer in its own pile, so where in the team a
        # card lies can change the score.
        if dest != thief:
            return True
        if any(effective(entry) == DIEB for entry in trick[slot + 1 :]):
            return True
        return is_heiler(victim) and victim["s"] != winner

    def _heal(self, state: ScherbiaState, slot: int, prof: int, events: list[Event]) -> None:
        entry = _edit(state["trick"], slot)
        hand = state["hands"][entry["s"]] = state["hands"][entry["s"]][:]  # shared until now
        card = _take(hand, prof)
        _insert(hand, entry["c"])
        events.append(_event("heal", {"seat": entry["s"], "card": card, "heiler": entry["c"]}))
        entry["c"], entry["w"], entry["as"] = card, entry["c"], None

    # ----- the automatic flow -----------------------------------------------------------------

    def _advance(self, state: ScherbiaState, events: list[Event]) -> None:
        """Run every step that needs no decision, until a question is open or the game ends."""
        n = state["n"]
        while state["ask"] is None and state["phase"] == "play":
            if state["recopy"]:
                slot, *rest = state["recopy"]
                state["recopy"] = rest
                if self._copy_options(state, slot):
                    state["ask"] = {"k": "copy", "s": state["trick"][slot]["s"], "e": slot}
                continue
            stage = state["stage"]
            if stage == "play":
                lay = state["lay"]
                if lay is not None:
                    if lay >= n:
                        state["lay"] = None
                        continue
                    seat = (state["leader"] + lay) % n
                    if self._can_lay(state, seat):
                        state["ask"] = {"k": "lay", "s": seat}
                        return
                    state["lay"] = lay + 1
                    continue
                count = state["count"]
                if count < n:
                    state["turn"] = (state["leader"] + count) % n
                    return
                # the layer is complete: on to its step at once (nothing else changed)
                stage = state["stage"] = "layer"
            if stage == "layer":
                scan = scan_layer(state["trick"], n, state["layer"])
                if scan is not None:  # every die is down: the scan answers the next steps
                    self._layer_scanned(state, scan, events)
                    continue
                if self._ask_roll(state, events):
                    return
                unrolled_zero = scan_layer(state["trick"], n, state["layer"], wait_for_dice=False)
                assert unrolled_zero is not None  # a scan that does not wait always answers
                self._layer_scanned(state, unrolled_zero, events)
            elif stage == "dieb":
                self._next_dieb(state, events)
            elif stage == "heiler":
                self._next_heiler(state, events)
            elif stage == "veto":
                self._next_veto(state, events)
            elif stage == "final":
                if state["cursor"] < len(state["final"]):
                    state["ask"] = {"k": "final", "s": CHANCE}
                    return
                self._score(state, events)

    def _ask_roll(self, state: ScherbiaState, events: list[Event]) -> bool:
        """Open the next roll the complete layer needs; False when all dice are down."""
        trick = state["trick"]
        copies = False
        for index, entry in enumerate(trick):
            if entry["r"] is None:
                prof = PROFESSION_OF_CARD[entry["c"]]
                if prof == HOLZFAELLER:
                    state["ask"] = {"k": "dice", "s": CHANCE, "e": index}
                    return True
                if prof == BERUFSLOSER and entry["as"] == HOLZFAELLER:
                    copies = True
        if not copies:  # nearly every layer: the copies' pass below would find nothing
            return False
        waiting = None
        for index, entry in enumerate(trick):
            # ``effective(entry) == HOLZFAELLER`` written out: asked at every complete layer.
            prof = PROFESSION_OF_CARD[entry["c"]]
            if entry["r"] is None and (
                prof == HOLZFAELLER or (prof == BERUFSLOSER and entry["as"] == HOLZFAELLER)
            ):
                source = self._roll_source(state, index)
                if source == index:
                    state["ask"] = {"k": "dice", "s": CHANCE, "e": index}
                    return True
                if trick[source]["r"] is not None:
                    entry = _edit(trick, index)
                    entry["r"] = trick[source]["r"]
                    events.append(
                        _event(
                            "copy_roll", {"seat": entry["s"], "card": entry["c"], "r": entry["r"]}
                        )
                    )
                elif waiting is None:
                    waiting = index
        if waiting is not None:
            # a copy of a copy whose source has not rolled yet: the source rolls first
            state["ask"] = {"k": "dice", "s": CHANCE, "e": self._roll_source(state, waiting)}
            return True
        return False

    def _layer_scanned(self, state: ScherbiaState, scan: LayerScan, events: list[Event]) -> None:
        """A complete layer, from one pass over the trick (``scan_layer``); a decided trick
        without Dieb or Heiler goes straight to its clearing, which is where the Dieb and
        Heiler steps would end after finding nothing to ask.
        """
        trick = state["trick"]
        sums = scan.sums
        # ``decide``'s first answer written out: nearly every layer has one top total.
        top = max(sums)
        winner = sums.index(top) if sums.count(top) == 1 else decide(trick, sums)
        limit = state["max_layers"]
        more = (limit == 0 or state["layer"] < limit) and bool(state["hands"][0])
        if more and winner is None:
            events.append(_event("layer_tie", {"layer": state["layer"], "totals": sums}))
            self._new_layer(state)
            return
        if more:
            for seat in scan.blockers:
                if seat not in state["passed"]:
                    state["ask"] = {"k": "block", "s": seat}
                    return
        if state["laid"] and not state["revealed"]:
            # the last layer is complete: action cards are turned up before the decision
            self._reveal(state, events)
            return
        self._decided(state, winner, sums, events)
        if scan.dieb or state["ask"] is not None or state["mods"] is not None:
            return
        if scan.heiler:
            state["stage"] = "heiler"
            return
        self._clear_trick(state, events)

    def _decided(
        self, state: ScherbiaState, winner: int | None, sums: list[int], events: list[Event]
    ) -> None:
        state["winner"] = winner
        state["stage"] = "dieb"
        state["cursor"] = 0
        events.append(_tuple_new(Event, ("decided", {"winner": winner, "totals": sums}, None)))
        if state["mods"] is not None and state["mods"]["revive"]:
            self._revive(state, events)

    def _next_dieb(self, state: ScherbiaState, events: list[Event]) -> None:
        trick = state["trick"]
        cursor = state["cursor"]
        while cursor < len(trick):
            slot = cursor
            cursor += 1
            # ``effective(entry) != DIEB`` written out: asked of every card of every trick.
            prof = PROFESSION_OF_CARD[trick[slot]["c"]]
            if prof != DIEB and (prof != BERUFSLOSER or trick[slot]["as"] != DIEB):
                continue
            state["cursor"] = cursor
            highest = state["mods"] is not None and trick[slot]["s"] in state["mods"]["assassin"]
            target = dieb_target(trick, slot, highest=highest)
            if target is None:
                continue
            if self._steal_matters(state, slot, target):
                state["ask"] = {"k": "steal", "s": trick[slot]["s"], "e": slot, "t": target}
                return
            self._steal(state, slot, target, events)
        state["stage"] = "heiler"
        state["cursor"] = 0

    def _next_heiler(self, state: ScherbiaState, events: list[Event]) -> None:
        trick = state["trick"]
        cursor = state["cursor"]
        while cursor < len(trick):
            slot = cursor
            cursor += 1
            entry = trick[slot]
            # ``is_heiler`` written out: asked of every card of every trick.
            prof = PROFESSION_OF_CARD[entry["c"]]
            if (
                (prof == HEILER or (prof == BERUFSLOSER and entry["as"] == HEILER))
                and entry["x"] is None
                and entry["w"] is None
                and entry["s"] != state["winner"]
            ):
                state["cursor"] = cursor
                ask = {"k": "heal", "s": entry["s"], "e": slot}
                if self._heal_options(state, ask):
                    state["ask"] = ask
                    return
        self._clear_trick(state, events)

    def _clear_trick(self, state: ScherbiaState, events: list[Event]) -> None:
        winner = state["winner"]
        moves = []
        piles = state["piles"] = state["piles"][:]  # each pile copied once a card goes there
        # Nearly every card goes to the winner: its pile is copied up front (a copy nothing is
        # added to is equal to the original), the others when a card reaches them.
        won = None if winner is None else piles[winner][:]
        copied = [False] * state["n"]
        out = None
        for entry in state["trick"]:
            card = entry["c"]
            seat = entry["s"]
            dest = entry["x"]
            if dest is None:
                # ``is_bauer(entry)`` written out (asked of every card of every trick): a Bauer
                # (cards 36..39) or a Berufsloser copying one (40..43), not exchanged away.
                if _BAUER_FIRST <= card < _HOLZ_FIRST and (
                    entry["w"] is None and (card < _BERUFSLOS_FIRST or entry["as"] == BAUER)
                ):
                    dest = seat
                else:
                    dest = winner
                    if won is not None:
                        won.append(card)
                        moves.append([seat, card, dest])
                        continue
            if dest is None:
                if out is None:
                    out = state["out"] = state["out"][:]  # shared until now
                out.append(card)
                moves.append([seat, card, -1])
            elif dest == winner:
                won.append(card)  # type: ignore[union-attr]
                moves.append([seat, card, dest])
            else:
                if not copied[dest]:
                    piles[dest] = piles[dest][:]  # shared until now
                    copied[dest] = True
                piles[dest].append(card)
                moves.append([seat, card, dest])
        if won is not None:
            piles[winner] = won
        state["last"] = {"winner": winner, "cards": moves}
        events.append(_tuple_new(Event, ("trick", {"winner": winner, "cards": moves}, None)))
        if state["laid"]:
            # An Einspruch laid but not used goes back to hand, also one that Schutz kept from
            # acting (it was not used either); one cancelled by an Einspruch is discarded with
            # it; every other laid card leaves the game.
            ahands = [hand[:] for hand in state["ahands"]]
            aout = state["aout"][:]
            for index, item in enumerate(state["laid"]):
                if item["f"]:
                    continue
                if (
                    self._is_veto(state, item)
                    and item["on"] is None
                    and not self._vetoed(state, index)
                ):
                    ahands[item["s"]] = sorted([*ahands[item["s"]], item["c"]])
                    events.append(_event("veto_back", {"seat": item["s"]}))
                else:
                    aout.append(item["c"])
            state["ahands"], state["aout"] = ahands, aout
            state["laid"] = []
        state["revealed"] = False
        state["mods"] = None
        state["ftot"] = None
        state["tricks"] += 1
        state["trick"] = []
        state["winner"] = None
        state["cursor"] = 0
        if winner is not None:
            state["leader"] = winner
        state["layer"] = 1
        state["count"] = 0
        state["passed"] = []
        if state["hands"][0]:
            state["stage"] = "play"
            if state["actions"] or state["factions_on"]:
                state["lay"] = 0
            return
        state["stage"] = "final"
        state["final"] = [
            [seat, card, None]
            for seat, pile in enumerate(state["piles"])
            for card in pile
            if card >= _HOLZ_FIRST  # ``card >> 2 == HOLZFAELLER``: the last profession
        ]

    def _score(self, state: ScherbiaState, events: list[Event]) -> None:
        rolls = {roll[1]: roll[2] for roll in state["final"]}
        pile_scores = []
        for pile in state["piles"]:
            # ``final_value`` summed over the pile, counted in C: the printed values (a
            # Holzfaeller's 0 replaced by its roll), then each Seemann's 5 plus one per Bauer,
            # Holzfaeller and Schuerfer in the pile (its printed 5 is already in the sum).
            professions = bytes(pile).translate(_PROFESSION_BYTES)
            total = sum(map(PRINTED_OF_CARD.__getitem__, pile))
            woodcutters = professions.count(HOLZFAELLER)
            if woodcutters:
                total += sum(rolls.get(card, 0) for card in pile if card >= _HOLZ_FIRST)
            seemanns = professions.count(SEEMANN)
            if seemanns:
                helpers = woodcutters + professions.count(BAUER) + professions.count(SCHUERFER)
                total += seemanns * helpers
            pile_scores.append(total)
        if state["teams"]:
            team_totals = [sum(pile_scores[0::2]), sum(pile_scores[1::2])]
            if state["fac"]:
                # hidden factions still unknown show themselves at the final count
                for team, shown in enumerate(_revealed_factions(state)):
                    if not shown:
                        events.append(
                            _event("faction_shown", {"team": team, "faction": state["fac"][team]})
                        )
                state["frev"] = [True, True]
                # passive factions: their bonus once per faction (ruling, Fraktionen)
                team_totals = [t + FACTIONS[f].bonus for t, f in zip(team_totals, state["fac"])]
            scores = [team_totals[seat % 2] for seat in range(state["n"])]
        else:
            scores = pile_scores
        state["pile_scores"] = pile_scores
        state["scores"] = scores
        state["stage"] = "over"
        state["phase"] = "over"
        events.append(_event("end", {"scores": scores, "piles": pile_scores}))

    # ----- what players see -------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` sees it (its hand and its own pile); None: the public table."""
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(ScherbiaState, state)
        trick = state["trick"]
        counts = lying_counts(trick)
        n = state["n"]
        revealed = state["stage"] in ("final", "over")
        ask = state["ask"]
        public_ask = None
        if ask is not None:
            # all of it is on the table: the asking card, a Dieb's target, a card sent back
            public_ask = {
                "kind": ask["k"],
                "seat": ask["s"],
                "slot": ask.get("e"),
                "target": ask.get("t"),
                "returned": ask.get("r"),
            }
        view: dict[str, Any] = {
            "players": n,
            "teams": [[s for s in range(n) if s % 2 == t] for t in (0, 1)]
            if state["teams"]
            else None,
            "hand_size": state["hand_size"],
            "max_layers": state["max_layers"],
            "phase": state["phase"],
            "stage": state["stage"],
            "leader": state["leader"],
            "to_act": self.to_act(cast(State, state)),
            "ask": public_ask,
            "layer": state["layer"],
            "blockade_passed": list(state["passed"]),
            "winner": state["winner"],
            "trick": [
                {
                    "seat": entry["s"],
                    "card": entry["c"],
                    "layer": entry["l"],
                    # an unrolled Holzfaeller (or a copy of one) has no value yet
                    "value": None
                    if entry["r"] is None and effective(entry) == HOLZFAELLER
                    else entry_value(entry, counts),
                    "copies": entry["as"],
                    "copied_slot": entry["cs"],
                    "roll": entry["r"],
                    "placed": entry["a"],
                    "protected": entry["p"],
                    "stolen_by": entry["x"],
                    "healed": entry["w"],
                }
                for entry in trick
            ],
            "totals": list(state["ftot"])
            if state["ftot"] is not None
            else (totals(trick, n) if trick else [0] * n),
            "recopy": state["recopy"],
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "pile_sizes": [len(pile) for pile in state["piles"]],
            "out_count": len(state["out"]),
            "aside_count": len(state["aside"]),
            "tricks_played": state["tricks"],
            "last_trick": clone(state["last"]) if state["last"] is not None else None,
            # every earlier trick was played face up and the log shows it: a player who counts
            # cards knows these, so the view says it for players who cannot read the log
            "gone": sorted([*state["out"], *(card for pile in state["piles"] for card in pile)]),
            "piles": [pile[:] for pile in state["piles"]] if revealed else None,
            "final_rolls": [roll[:] for roll in state["final"]] if revealed else None,
            "scores": list(state["scores"]) if state["scores"] is not None else None,
            "pile_scores": list(state["pile_scores"]) if "pile_scores" in state else None,
            "me": seat,
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "pile": list(state["piles"][seat]) if seat is not None else None,
            "action_cards": state["actions"],
            "action_hand": list(state["ahands"][seat])
            if seat is not None and state["actions"]
            else None,
            # a laid card still face down counts with its owner's hand: which kind of thing
            # was laid (an action card or the faction ability) is hidden until the reveal
            "action_hand_sizes": [
                len(hand)
                + sum(
                    1
                    for item in state["laid"]
                    if item["s"] == s and not item["f"] and not state["revealed"]
                )
                for s, hand in enumerate(state["ahands"])
            ],
            "laid": [self._laid_view(state, item, seat) for item in state["laid"]],
            "revealed": state["revealed"],
            "action_out": list(state["aout"]),
            "action_aside_count": len(state["aaside"]),
            "lay_cursor": state["lay"],
            "veto_cursor": state["vcur"],
            "mods": clone(state["mods"]) if state["mods"] is not None else None,
            # hidden factions: the other team's faction only once it has shown itself
            "factions": [
                FACTIONS[f].word if self._faction_known(state, team, seat) else None
                for team, f in enumerate(state["fac"])
            ]
            if state["fac"]
            else None,
            "factions_hidden": state["factions_on"] and not all(_revealed_factions(state)),
            "faction_used": list(state["fused"]),
        }
        return view

    def _faction_known(self, state: ScherbiaState, team: int, seat: int | None) -> bool:
        """Open factions, a revealed one, or one's own team's (hidden factions)."""
        if _revealed_factions(state)[team]:
            return True
        return seat is not None and team_of(state, seat) == team

    def _laid_view(
        self, state: ScherbiaState, item: dict[str, Any], seat: int | None
    ) -> dict[str, Any]:
        """A laid card: public as a back with its owner until the reveal, its kind to its owner."""
        shown = state["revealed"] or item["s"] == seat
        target = item["on"]
        return {
            "seat": item["s"],
            "card": item["c"] if shown else None,
            "kind": self._item_kind(state, item).word if shown else None,
            "faction": item["f"] if shown else None,
            "on": state["laid"][target]["s"] if target is not None else None,
            "void": None if not state["revealed"] else not self._live_index(state, item),
        }

    def _live_index(self, state: ScherbiaState, item: dict[str, Any]) -> bool:
        return self._live(state, state["laid"].index(item))

    def check_invariants(self, state: State) -> None:
        """Every one of the 48 cards is in exactly one place; a layer holds one card per seat."""
        if state["phase"] == "deal":
            assert not state["trick"] and not any(state["hands"]), "cards before the deal"
            return
        places = list(state["aside"]) + state["out"] + [entry["c"] for entry in state["trick"]]
        for hand in state["hands"]:
            places += hand
        for pile in state["piles"]:
            places += pile
        assert sorted(places) == list(range(DECK)), "a card is missing or twice in play"
        if state["actions"] and state["phase"] not in ("adeal",):
            actions = (
                list(state["aaside"])
                + state["aout"]
                + [item["c"] for item in state["laid"] if not item["f"]]
            )
            for hand in state["ahands"]:
                actions += hand
            assert sorted(actions) == list(range(ACTION_DECK)), "an action card is misplaced"
        assert len({item["s"] for item in state["laid"]}) == len(state["laid"]), "two laid"
        seen = set()
        for entry in state["trick"]:
            key = (entry["s"], entry["l"])
            assert key not in seen and 1 <= entry["l"] <= state["layer"], "two cards in one slot"
            seen.add(key)
        sizes = {
            len(hand)
            + sum(1 for e in state["trick"] if e["s"] == seat and e["l"] == state["layer"])
            for seat, hand in enumerate(state["hands"])
        }
        assert len(sizes) == 1, "players hold different numbers of cards for this layer"

    def simulation_report(self, results: list[tuple[State, Result]], lang: str) -> str | None:
        """Balance figures: points in play, points thrown away by ties, tricks per game."""
        if not results:
            return None
        games = len(results)
        banked = sum(sum(state["pile_scores"]) for state, _result in results) / games
        lost = sum(sum(BASE[card >> 2] for card in state["out"]) for state, _ in results) / games
        tricks = sum(state["tricks"] for state, _result in results) / games
        best = sum(max(result.scores) for _state, result in results) / games
        return (
            Text(
                "Je Spiel: {b:.1f} Punkte in den Stapeln, {l:.1f} Kartenwert durch Gleichstand "
                "abgelegt, {t:.1f} Stiche, Siegerpunkte {w:.1f}.",
                "Per game: {b:.1f} points in the piles, {l:.1f} card value discarded by ties, "
                "{t:.1f} tricks, winning score {w:.1f}.",
            )
            .format(b=banked, l=lost, t=tricks, w=best)
            .get(lang)
        )

    def result(self, state: State) -> Result | None:
        """Scores and competition ranks once the final count is done (teams share a score)."""
        if state["phase"] != "over":
            return None
        teams = None
        if state["teams"]:
            n = state["n"]
            teams = [[s for s in range(n) if s % 2 == t] for t in (0, 1)]
        return Result.from_scores(state["scores"], teams=teams)

    def standing(self, state: State) -> Result | None:
        """For a table a forfeit ends: the scores of the final count if it was made, else
        everyone still playing shares first place (the piles are not counted mid-game).

        In the team game the teams are part of the standing even before the count, so that
        the forfeiting player's team-mates rank last with them (rules page, "When time runs
        out"); without them the contract would rank only the one seat last.
        """
        n = state["n"]
        teams = None
        if state["teams"]:
            teams = [[s for s in range(n) if s % 2 == t] for t in (0, 1)]
        if state["scores"] is None:
            if teams is None:
                return None
            return Result(scores=[0.0] * n, ranks=[1] * n, teams=teams)
        return Result.from_scores(state["scores"], teams=teams)

    def shuffle_hidden(
        self, state: State, observer: int | None, rng: random.Random
    ) -> State | None:
        """Deal other hands and the set-aside cards anew, sizes kept.

        The point piles stay: they lie face down, but every card in them was played face up
        and the table saw which pile it went to, so a player who remembers knows them. What is
        pooled is sorted before the shuffle, so the new deal depends only on what the observer
        may know (``determinize``).
        """
        if TYPE_CHECKING:  # the contract hands over the plain dict
            state = cast(ScherbiaState, state)
        if state["phase"] in ("deal", "over"):
            return None
        other = cast(ScherbiaState, clone(cast(State, state)))
        seats = [seat for seat in range(state["n"]) if seat != observer]
        pool = list(other["aside"])
        for seat in seats:
            pool += other["hands"][seat]
        pool.sort()
        rng.shuffle(pool)
        for seat in seats:
            size = len(other["hands"][seat])
            other["hands"][seat], pool = sorted(pool[:size]), pool[size:]
        other["aside"] = pool
        if state["actions"]:
            # other seats' action hands, their laid cards still face down, the set-aside ones
            apool = list(other["aaside"])
            for seat in seats:
                apool += other["ahands"][seat]
            hidden = [
                item
                for item in other["laid"]
                if item["s"] != observer and not item["f"] and not other["revealed"]
            ]
            apool += [item["c"] for item in hidden]
            apool.sort()
            rng.shuffle(apool)
            for item in hidden:
                item["c"] = apool.pop()
            for seat in seats:
                size = len(other["ahands"][seat])
                other["ahands"][seat], apool = sorted(apool[:size]), apool[size:]
            other["aaside"] = sorted(apool)
        if other["fac"]:
            self._shuffle_factions(other, observer, rng)
        return cast(State, other)

    def _shuffle_factions(
        self, state: ScherbiaState, observer: int | None, rng: random.Random
    ) -> None:
        """Hidden factions the observer does not know, dealt anew among the factions it cannot
        rule out (a team with its ability laid face down keeps a faction that has one).
        """
        unknown = [t for t in (0, 1) if not self._faction_known(state, t, observer)]
        if not unknown:
            return
        known = {state["fac"][t] for t in (0, 1) if t not in unknown}
        free = [f for f in range(len(FACTIONS)) if f not in known]
        needs = {
            t: any(i["f"] and team_of(state, i["s"]) == t for i in state["laid"]) for t in unknown
        }
        options = [
            pick
            for pick in itertools.permutations(free, len(unknown))
            if all(FACTIONS[f].ability is not None or not needs[t] for t, f in zip(unknown, pick))
        ]
        fac = list(state["fac"])
        for team, faction in zip(unknown, rng.choice(options)):
            fac[team] = faction
        state["fac"] = fac

    # ----- words ------------------------------------------------------------------------------

    def explain_illegal(self, state: State, seat: int, code: str) -> Text:
        """The reason the code's verb check gives."""
        return why_not(self, state, seat, code) or NOT_NOW

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        """A button label in ``lang``."""
        return words.action_label(self, state, seat, code, lang, names)

    def action_group(self, state: State, seat: int, code: str) -> str:
        """One menu per kind of question."""
        verb = decode(code)[0]
        if verb == "faction":
            return "lay"
        if verb in ("pass", "block", "steal"):
            ask = state["ask"]
            return ask["k"] if ask else verb
        if verb == "shoot":
            return "shoot"
        return verb

    def group_label(self, state: State, seat: int, group: str, lang: str) -> str:
        """What a select menu offers."""
        return words.group_label(group, lang)

    def progress(self, view: dict[str, Any], lang: str) -> str | None:
        """The trick the table shows ("Stich 3")."""
        if view["phase"] == "over":
            return None
        return words.TRICK_OF.format(n=view["tricks_played"] + 1).get(lang)

    def score_text(self, state: State, result: Result, seat: int, lang: str) -> str:
        """Points of the final count."""
        return plural(result.scores[seat], *words.POINTS).get(lang)

    def result_note(
        self, state: State, result: Result, lang: str, names: Names = None
    ) -> str | None:
        """A shared first place: equal points in the final count."""
        if len(result.winners()) > 1 and not result.teams:
            return words.TIE_FOR_FIRST.get(lang)
        return None

    def describe_event(self, event: Event, lang: str, names: Names = None) -> str:
        """One log line."""
        return words.describe_event(self, event, lang, names)

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        """The table as plain text."""
        return words.render(self, view, lang, names)

    def engine_players(self) -> dict[str, Any]:
        """Random play and the three levels; "strategy" (stored tables) plays as "normal".

        Every sampled deal is played out by the rule-based ``PlayoutPlayer``: the strategy
        itself samples deals, far too slow to be a playout policy, and random playouts judge
        moves by games nobody plays (strong only tied normal so). Strong's guide samples
        ``STRONG_SAMPLES`` deals where normal samples ``SAMPLES``.
        """
        from games.players.search import SearchPlayer, levelled

        from .playout import PlayoutPlayer
        from .strategy import STRONG_SAMPLES, StrategyPlayer

        rollout = PlayoutPlayer()
        players = levelled(StrategyPlayer(rollout), rollout=rollout)
        players["strong"] = SearchPlayer(
            rollout, guide=StrategyPlayer(rollout, samples=STRONG_SAMPLES)
        )
        return players


__all__ = ["Scherbia", "ScherbiaOptions", "card_name", "profession_name"]
