"""The contract every game implements (learned from OpenSpiel, pokerkit and boardgame.io).

A game is a stateless object; all of a table's facts live in its state, a JSON-native ``dict``
(only dicts with string keys, lists, strings, ints, floats, bools and None). That makes a state
its own serialisation, lets ``apply`` copy it cheaply, and lets storage keep it verbatim.

Seats are numbered 0..n-1. ``CHANCE`` (-1) is the pseudo-seat that acts for shuffles and dice.
The flow of every table is the same::

    state = game.initial_state(players, options)
    while (seats := game.to_act(state)):
        if seats == [CHANCE]:
            code = game.sample_chance(state, rng)        # the caller owns the seeded rng
        else:
            code = <one of game.legal_actions(state, seat)>  # or a typed amount, see open_verbs
        state, events = game.apply(state, seat, code)
    game.result(state)

``apply`` never changes the state it is given. An illegal action raises ``IllegalAction`` whose
reason is safe to show the player and says why.
"""

from __future__ import annotations

import functools
import marshal
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, NamedTuple

from pydantic import BaseModel, ConfigDict, ValidationError

from .codes import MAX_PLAYER_CODE, decode
from .errors import GAME_OVER, MALFORMED, NOT_NOW, NOT_YOUR_TURN, IllegalAction, SetupError
from .players import RandomPlayer
from .text import Text

CHANCE = -1
"""The chance pseudo-player: it 'acts' when a shuffle, a roll or a random pick is due."""

State = dict[str, Any]

Names = Sequence[str] | None
"""The seats' display names, in seat order, for the words a game writes (None: "Seat n")."""

FORFEIT = "forfeit"
"""A reserved code: the seat forfeits (its clock ran out). It goes through ``apply`` and the log
like any move, so a replay reproduces it; no game may use it as one of its own codes."""
FORFEITS_KEY = "_forfeits"
"""The reserved state key listing the seats that forfeited, in order (absent: none)."""
ENDED_KEY = "_ended_by_forfeit"
"""The reserved state key set when a forfeit ended the game (``Game.forfeit`` returned None)."""


class Event(NamedTuple):
    """Something that happened, for the log, the public channel and the private hands.

    ``to`` is None for everyone, or the one seat that may see it (a card drawn, a card stolen).
    ``kind`` and ``data`` are JSON-native; ``Game.describe_event`` turns them into words.
    """

    kind: str
    data: dict[str, Any]
    to: int | None = None


class NoOptions(BaseModel):
    """Options of a game that has none."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Result(BaseModel):
    """The outcome of a finished game.

    ``scores`` are the game's own final figures (points, chips, coins); ``ranks`` are placings,
    1 for the best, equal ranks for a shared place (competition ranking: 1, 1, 3). ``teams``
    lists the seats of each team where the game was played in teams; team-mates share a rank.
    """

    model_config = ConfigDict(frozen=True)

    scores: list[float]
    ranks: list[int]
    teams: list[list[int]] | None = None

    @classmethod
    def from_scores(
        cls,
        scores: Sequence[float],
        *,
        higher_wins: bool = True,
        teams: list[list[int]] | None = None,
    ) -> Result:
        """Ranks from scores: a seat's rank is 1 plus the number of seats that did better."""
        sign = 1 if higher_wins else -1
        ranks = [1 + sum(1 for other in scores if sign * other > sign * mine) for mine in scores]
        return cls(scores=list(scores), ranks=ranks, teams=teams)

    def winners(self) -> list[int]:
        """The seats in first place."""
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]


def clone(state: State) -> State:
    """A deep copy of a JSON-native state (marshal is the fastest exact copy in CPython)."""
    copy: State = marshal.loads(marshal.dumps(state))  # marshal.loads is typed Any
    return copy


class Game(ABC):
    """One game's rules. Subclasses declare the facts and implement the abstract methods."""

    id: ClassVar[str]
    """Stable identifier used in storage, commands and custom_ids (lower-case, hyphens)."""
    name: ClassVar[Text]
    """The game's name, German and English."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = NoOptions
    """A pydantic model: every option with its default and bounds."""
    open_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs whose last argument is an amount the player types (a raise). ``legal_actions``
    lists a short menu of them; any other amount is checked by ``_apply``."""
    summary: ClassVar[Text] = Text("", "")
    """One line about the game for lists and help."""
    Position: ClassVar[type[BaseModel] | None] = None
    """A pydantic model of the positions ``set_up`` accepts (None: the game offers none)."""
    draw_events: ClassVar[frozenset[str]] = frozenset()
    """Kinds of the events that show a seat what it drew from a pile whose order is hidden
    (from everyone, the seat included). The conformance suite's privacy check compares them
    by kind only: what a draw shows is new information, not a leak."""

    # ----- facts -----------------------------------------------------------------------------

    def parse_options(self, players: int, values: dict[str, Any] | None = None) -> BaseModel:
        """Validated options for a table of ``players``; ``SetupError`` says what is wrong."""
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not self.min_players <= players <= self.max_players
        ):
            lo, hi = self.min_players, self.max_players
            raise SetupError(
                Text(
                    f"{self.name.de} spielt man mit {lo} bis {hi} Personen.",
                    f"{self.name.en} is played by {lo} to {hi} players.",
                )
            )
        options = self.validate_options(values)
        self.check_setup(players, options)
        return options

    def validate_options(self, values: dict[str, Any] | None = None) -> BaseModel:
        """Options checked against their own bounds only (before the player count is known)."""
        try:
            return self.Options.model_validate(values or {})
        except ValidationError as error:
            raise SetupError(_option_problem(error.errors(include_url=False)[0])) from None

    def check_setup(self, players: int, options: BaseModel) -> None:
        """Raise ``SetupError`` for a combination of players and options the rules forbid."""

    @abstractmethod
    def max_decisions(self, players: int, options: BaseModel) -> int:
        """An upper bound on the number of actions (chance included) in one game."""

    # ----- positions ---------------------------------------------------------------------------

    def set_up(
        self,
        players: int,
        position: BaseModel | dict[str, Any],
        options: dict[str, Any] | None = None,
    ) -> State:
        """A state at a chosen position (hands, piles, Domains, a trick so far), for tests,
        examples on the rules pages and puzzles, without touching the state's own keys.

        The position is a ``Position`` (or a dict of its fields), validated: an unknown field, a
        card that does not exist or lies in two places, a count the rules do not allow raise
        ``SetupError`` saying what is wrong, and so does a state that then breaks the game's
        invariants. The state replays no log: it is a starting point, not a stored table.
        """
        if self.Position is None:
            raise SetupError(
                Text(
                    f"{self.name.de} bietet keine Stellungen an.",
                    f"{self.name.en} offers no positions.",
                )
            )
        parsed = self.parse_options(players, options)
        raw = position.model_dump() if isinstance(position, BaseModel) else position
        try:
            spec = self.Position.model_validate(raw)
        except ValidationError as error:
            problem = error.errors()[0]
            where = ".".join(str(part) for part in problem["loc"]) or "?"
            raise SetupError(
                Text(
                    f"Ungültige Stellung ({where}): {problem['msg']}",
                    f"Invalid position ({where}): {problem['msg']}",
                )
            ) from None
        state = self._set_up(players, parsed, spec)
        try:
            self.check_invariants(state)
        except AssertionError as error:
            raise SetupError(
                Text(f"Unmögliche Stellung: {error}", f"Impossible position: {error}")
            ) from None
        return state

    def _set_up(self, players: int, options: BaseModel, position: Any) -> State:
        """The state for a validated ``position``; raises ``SetupError`` for one the rules do
        not allow. Games with a ``Position`` implement it.
        """
        raise NotImplementedError(f"{self.id} has no positions")

    # ----- the state machine -----------------------------------------------------------------

    @abstractmethod
    def initial_state(self, players: int, options: BaseModel) -> State:
        """The state before the first action (usually chance is to deal)."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats that may act now, ``[CHANCE]`` when chance is due, ``[]`` when the game is over."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[str]:
        """The sorted codes ``seat`` may play now (empty if it may not act)."""

    def sample_chance(self, state: State, rng: random.Random) -> str:
        """A chance outcome drawn from ``rng`` (only called when ``to_act`` is ``[CHANCE]``)."""
        raise NotImplementedError(f"{self.id} has no chance actions")

    def check_chance(self, state: State, code: str) -> None:
        """Raise ``IllegalAction`` if ``code`` is not a possible chance outcome now.

        Games whose chance outcomes are few list them in ``legal_actions(state, CHANCE)``; the
        default accepts exactly those. Games with shuffles validate in ``_apply`` instead and
        override this to do nothing.
        """
        if code not in self.legal_actions(state, CHANCE):
            raise IllegalAction(MALFORMED)

    def apply(
        self, state: State, seat: int, code: str, *, checked: bool = True
    ) -> tuple[State, list[Event]]:
        """The state after ``seat`` plays ``code``, and what happened.

        The given state is never modified. With ``checked`` (the default) the move is first
        validated; only the bare benchmark loop, which picks from ``legal_actions`` itself,
        passes ``checked=False``.
        """
        if code == FORFEIT:
            return self._apply_forfeit(state, seat)
        if checked:
            self.check(state, seat, code)
        new = self.copy_state(state)
        events: list[Event] = []
        self._apply(new, seat, code, events)
        return new, events

    def copy_state(self, state: State) -> State:
        """The private copy ``_apply`` mutates. The default is a deep copy.

        A game may override it with a copy that knows its layout and shares what its moves
        never edit in place (the largest single cost of a decision is often this copy); the
        conformance suite checks at every step that ``apply`` leaves its input unchanged.
        """
        return clone(state)

    def check(self, state: State, seat: int, code: str) -> None:
        """Raise ``IllegalAction`` with the reason if ``seat`` may not play ``code`` now."""
        verb, _args = decode(code)
        seats = self.to_act(state)
        if not seats or state.get(ENDED_KEY):
            raise IllegalAction(GAME_OVER)
        if seat not in seats:
            raise IllegalAction(NOT_YOUR_TURN)
        if seat == CHANCE:
            self.check_chance(state, code)
            return
        if len(code) > MAX_PLAYER_CODE:
            raise IllegalAction(MALFORMED)
        if verb in self.open_verbs:
            return  # the amount is validated by _apply, which raises before changing anything
        if code not in self.legal_actions(state, seat):
            raise IllegalAction(self.explain_illegal(state, seat, code))

    def explain_illegal(self, state: State, seat: int, code: str) -> Text:
        """Why ``code`` is not legal for ``seat`` now; games override to be more specific."""
        return NOT_NOW

    @abstractmethod
    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        """Play ``code`` for ``seat`` on ``state`` (a private copy), appending events.

        May raise ``IllegalAction`` for checks ``check`` leaves to it (open amounts, shuffles);
        it must do so before changing anything the caller could observe.
        """

    # ----- what players see ------------------------------------------------------------------

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: the public table), JSON-native."""

    @abstractmethod
    def result(self, state: State) -> Result | None:
        """The final result once the game is over, else None."""

    def is_over(self, state: State) -> bool:
        """Whether the game has ended (by its rules, or because a forfeit ended it)."""
        return ended_by_forfeit(state) or not self.to_act(state)

    # ----- forfeits (a clock ran out) ----------------------------------------------------------

    def forfeit(self, state: State, seat: int) -> State | None:
        """The state in which the game goes on without ``seat``, or None: the game ends.

        Only ``seat``s that may act now forfeit (a turn clock ran out). Returns a new state and
        leaves ``state`` unchanged. The default, None, ends the game: the forfeiting seat ranks
        last and the others by ``standing``. A game overrides this where its rules let the
        others play on (a poker player who is gone folds and is out).
        """
        return None

    def forfeit_with_events(self, state: State, seat: int) -> tuple[State | None, list[Event]]:
        """``forfeit`` and the events of what the game did in consequence (a pot won by the
        others' folds, a showdown, the match ending), which go into the log after the forfeit
        itself like the events of any move. The default: ``forfeit`` and no events; a game
        whose forfeit plays on overrides this (and ``forfeit`` with it).
        """
        return self.forfeit(state, seat), []

    def standing(self, state: State) -> Result | None:
        """The standing now, as a result, for ranking a game that a forfeit ends early (teams
        included), or None: the seats that did not forfeit share first place.
        """
        return None

    def _apply_forfeit(self, state: State, seat: int) -> tuple[State, list[Event]]:
        if self.is_over(state):
            raise IllegalAction(GAME_OVER)
        if seat == CHANCE or seat not in self.to_act(state):
            raise IllegalAction(NOT_YOUR_TURN)
        gone = forfeited(state)
        continued, consequences = self.forfeit_with_events(state, seat)
        new = self.copy_state(state) if continued is None else continued
        new[FORFEITS_KEY] = [*gone, seat]
        if continued is None:
            new[ENDED_KEY] = True
        return new, [Event("forfeit", {"seat": seat, "ends": continued is None}), *consequences]

    def final_result(self, state: State, players: int) -> Result | None:
        """The result of a finished table of ``players``: the game's own, with the seats that
        forfeited ranked last (sharing the last place); when a forfeit ended the game, the
        others are ranked by ``standing``.
        """
        gone = forfeited(state)
        if not gone:
            return self.result(state)
        base: Result | None
        if state.get(ENDED_KEY):
            base = self.standing(state) or Result.from_scores([0.0] * players)
        else:
            base = self.result(state)
            if base is None:
                return None
        return rank_forfeits_last(base, gone)

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        """A short human label for a legal action of ``seat`` (for buttons and menus);
        ``names`` are the seats' display names, for actions that name another seat.
        """
        return code

    def action_group(self, state: State, seat: int, code: str) -> str:
        """A key grouping related actions (one select menu per group in the bot)."""
        return decode(code)[0]

    def select_groups(self, state: State, seat: int) -> dict[str, Text]:
        """Action groups offered as one select menu whatever their size, each with its prompt,
        after the buttons: moves that change little (setting a card aside) stay out of the way
        of the moves that matter. Default: none, every group is laid out by its size.
        """
        return {}

    def action_rank(self, state: State, seat: int, code: str) -> int:
        """Where a legal action is laid out among the buttons, lowest first (ties keep the
        sorted order): the moves that matter before the ones that end or pass. Default 0.
        """
        return 0

    def confirm_question(self, state: State, seat: int, code: str) -> Text | None:
        """The question to ask before a legal but costly move (going all-in, ending a turn
        while cards could still be played), or None to play it at once (the default).
        """
        return None

    def turn_number(self, state: State) -> int | None:
        """Which turn of the game ``state`` is in: the stored changes of one turn are shown as
        one public post (edited), a new turn starts a new one. Default None: the game has no
        turns to group by, and every stored change is a post of its own.
        """
        return None

    def group_label(self, state: State, seat: int, group: str, lang: str) -> str:
        """What a select menu of ``group`` (an ``action_group`` key) offers, in words for its
        placeholder ("Choose a card to play"). Players never read the key itself.
        """
        return Text("Auswählen …", "Choose …").get(lang)

    def amount_label(self, verb: str, lang: str) -> str:
        """The button that asks for a typed amount of the open verb ``verb`` ("Other bet …")."""
        return Text("Anderer Betrag …", "Other amount …").get(lang)

    def describe_event(self, event: Event, lang: str, names: Names = None) -> str:
        """One line of the game log for ``event``; ``names`` are the seats' display names."""
        return f"{event.kind} {event.data}"

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        """A plain-text rendering of a view (the terminal table and screen readers use it);
        ``names`` are the seats' display names.
        """
        return repr(view)

    def progress(self, view: dict[str, Any], lang: str) -> str | None:
        """Where the game stands in its own count ("Zug 13/16", "Hand 3/10"), the same count
        ``render`` shows, for a table's title; None: the game has no count to show.
        """
        return None

    def score_text(self, state: State, result: Result, seat: int, lang: str) -> str:
        """``seat``'s final score as the game counts it (whole chips as whole numbers, points
        with their unit) for the result lines.
        """
        return number_text(result.scores[seat])

    def result_note(
        self, state: State, result: Result, lang: str, names: Names = None
    ) -> str | None:
        """Why the game ended as it did where the ranking alone does not say (a draw: why it
        is one), or None.
        """
        return None

    def seat_name(self, seat: int, lang: str, names: Names = None) -> str:
        """How a seat is named: its player's display name from ``names`` when given (the bot
        and the terminal pass them, already made safe to show), else "Seat n".
        """
        return seat_name(seat, lang, names)

    # ----- for the conformance suite -----------------------------------------------------------

    def shuffle_hidden(
        self, state: State, observer: int | None, rng: random.Random
    ) -> State | None:
        """A copy of ``state`` in which what ``observer`` cannot see is dealt differently.

        The conformance suite checks that ``observer``'s view is the same in both. Return None
        when nothing is hidden from the observer at this point.
        """
        return None

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from ``state``, for engine players that search.

        Everything ``seat`` cannot see or remember is drawn anew from ``rng``, consistent with
        the public history (cards played face up stay where they went, revealed cards and
        parties stay known). The draw depends only on what ``seat`` may know and on ``rng``:
        two states that ``shuffle_hidden`` turns into each other give the same result for the
        same ``rng`` state, so a searching player cannot be steered by cards it cannot see.
        The default re-deals with ``shuffle_hidden``, which every game keeps to those rules
        (it sorts what it pools before shuffling); a game overrides this where a search needs
        a better draw than the suite's cheap one.
        """
        other = self.shuffle_hidden(state, seat, rng)
        return state if other is None else other

    def check_invariants(self, state: State) -> None:
        """Raise ``AssertionError`` if ``state`` breaks a rule that must hold at every step.

        The conformance suite and ``tischrunde simulate`` call it after every action; a game
        with a conserved quantity (chips, cards) checks it here.
        """

    def simulation_report(self, results: list[tuple[State, Result]], lang: str) -> str | None:
        """Game-specific figures over finished simulated games (a balance check), or None."""
        return None

    # ----- engine players ----------------------------------------------------------------------

    def engine_players(self) -> dict[str, Any]:
        """Engine players by name; every game has ``random``, good games add ``strategy``."""
        return {"random": RandomPlayer()}


def number_text(value: float) -> str:
    """A score as people write it: a whole number without ".0", a fraction as it is."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def seat_name(seat: int, lang: str, names: Names = None) -> str:
    """``names[seat]`` when given, else "Platz n"/"Seat n" (numbered from 1)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _fallback_name(seat, lang)


@functools.lru_cache(maxsize=64)
def _fallback_name(seat: int, lang: str) -> str:
    # A text without names mentions seats many times over (every line of a history page):
    # the few fallback names are written once each.
    return Text("Platz {n}", "Seat {n}").format(n=seat + 1).get(lang)


def forfeited(state: State) -> list[int]:
    """The seats that forfeited, in order."""
    return list(state.get(FORFEITS_KEY) or [])


def ended_by_forfeit(state: State) -> bool:
    """Whether a forfeit ended the game (``Game.forfeit`` returned None)."""
    return bool(state.get(ENDED_KEY))


def rank_forfeits_last(result: Result, gone: Iterable[int]) -> Result:
    """``result`` re-ranked: the seats in ``gone`` share the last place, the others keep their
    order (competition ranking). Teams with a forfeiting member rank as forfeited.
    """
    out = set(gone)
    if result.teams:
        for team in result.teams:
            if out & set(team):
                out |= set(team)
    ranks = list(result.ranks)
    staying = [seat for seat in range(len(ranks)) if seat not in out]
    new_ranks = [0] * len(ranks)
    for seat in staying:
        new_ranks[seat] = 1 + sum(1 for other in staying if ranks[other] < ranks[seat])
    for seat in out:
        new_ranks[seat] = len(staying) + 1
    return Result(scores=result.scores, ranks=new_ranks, teams=result.teams)


def _option_problem(problem: Any) -> Text:
    """A pydantic validation problem in German and English (pydantic itself speaks English)."""
    where = ".".join(str(part) for part in problem["loc"]) or "?"
    kind = problem["type"]
    ctx = problem.get("ctx") or {}
    if kind == "extra_forbidden":
        return Text(f"Unbekannte Option {where}.", f"Unknown option {where}.")
    bounds = {
        "less_than_equal": ("höchstens {}", "at most {}", "le"),
        "less_than": ("kleiner als {}", "less than {}", "lt"),
        "greater_than_equal": ("mindestens {}", "at least {}", "ge"),
        "greater_than": ("größer als {}", "greater than {}", "gt"),
    }
    if kind in bounds:
        de, en, key = bounds[kind]
        must_de, must_en = de.format(ctx.get(key)), en.format(ctx.get(key))
    elif kind.startswith("int_"):
        must_de, must_en = "eine ganze Zahl", "a whole number"
    elif kind.startswith("bool_"):
        must_de, must_en = "ja oder nein (true/false)", "yes or no (true/false)"
    elif kind in ("literal_error", "enum"):
        expected = ctx.get("expected", "?")
        must_de, must_en = f"eines von {expected}", f"one of {expected}"
    else:
        return Text(f"Ungültige Option {where}.", f"Invalid option {where}: {problem['msg']}")
    return Text(
        f"Ungültige Option {where}: erlaubt ist {must_de}.",
        f"Invalid option {where}: it must be {must_en}.",
    )


def replay(game: Game, players: int, options: BaseModel, log: Iterable[tuple[int, str]]) -> State:
    """The state reached by applying a logged sequence of (seat, code) from the start."""
    state = game.initial_state(players, options)
    for seat, code in log:
        state, _events = game.apply(state, seat, code)
    return state


def check_result(result: Result, players: int) -> None:
    """Raise ``AssertionError`` if ``result`` is not a well-formed result for ``players`` seats."""
    assert len(result.scores) == players and len(result.ranks) == players, (
        f"a score and a rank for each of the {players} seats"
    )
    assert all(
        isinstance(score, int | float) and math.isfinite(score) for score in result.scores
    ), "every score must be a finite number"
    ranks = sorted(result.ranks)
    assert ranks[0] == 1, "somebody must place first"
    for index, rank in enumerate(ranks):
        tied_with_previous = index > 0 and rank == ranks[index - 1]
        assert tied_with_previous or rank == index + 1, f"malformed ranks {result.ranks}"
    if result.teams is not None:
        seats = sorted(seat for team in result.teams for seat in team)
        assert seats == list(range(players)), "teams must partition the seats"
        for team in result.teams:
            assert len({result.ranks[seat] for seat in team}) == 1, "team-mates share a place"
