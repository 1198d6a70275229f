"""The checks every game passes at every step of a seeded random playout (OpenSpiel-style).

Used by the conformance tests (200 games per registered game) and by ``tischrunde simulate``,
so that a simulation is also a test. Besides views, menus are checked for privacy: a seat's legal
actions, their labels, the answers to its illegal moves and the events addressed to it must not
change when the other seats' hidden information is dealt anew (``Game.shuffle_hidden``). A broken promise raises ``ConformanceError`` naming the
game, the seed, the step and what went wrong.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from .checks import verbs, why_not
from .codes import MAX_PLAYER_CODE, decode, encode
from .contract import CHANCE, Event, Game, Result, State, check_result, clone, replay
from .errors import IllegalAction
from .text import LANGUAGES

GARBAGE_CODES = ["", "x" * 120, "play:-1", "PLAY", "play::", "play:01", "\x00", "zug:✓", "a" * 41]

Chooser = Callable[[Game, State, int, random.Random], str]


class ConformanceError(AssertionError):
    """A game broke a promise of the engine contract."""


@dataclass
class Playout:
    """What one checked playout did."""

    state: State
    result: Result
    decisions: int = 0
    chance_actions: int = 0
    log: list[tuple[int, str]] = field(default_factory=list)


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.id} seed={seed} step={step}: {message}")


class _NotJson:
    """Stands for a value json cannot write (a set, NaN); equal to nothing."""


def _json_roundtrip(value: Any) -> Any:
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError):
        return _NotJson()


def checked_playout(
    game: Game,
    players: int,
    options: BaseModel,
    seed: int,
    choosers: list[Chooser] | None = None,
    *,
    probe_illegal: bool = True,
    verb_checks: bool = False,
) -> Playout:
    """Play one game with every conformance check at every step.

    ``choosers`` picks each seat's moves (default: uniformly random legal moves). Chance
    outcomes come from the game's own ``sample_chance`` with a generator seeded by ``seed``.
    ``verb_checks`` also holds the game's one check per verb to its menu (``_check_verbs``),
    asked for by ``tests/games/test_verb_checks.py``: the privacy checks' own tests break a
    menu on purpose and must be caught by the privacy checks, not by this one.
    """
    rng = random.Random(seed)
    probe_rng = random.Random(seed ^ 0x5EED)
    verb_rng = random.Random(seed ^ 0xC4EC)  # its own: the other probes keep their sequence
    has_checks = verb_checks and bool(verbs(game))
    bound = game.max_decisions(players, options)
    state = game.initial_state(players, options)
    playout = Playout(state=state, result=Result(scores=[0.0], ranks=[1]))
    seen_codes: dict[str, None] = {}  # insertion-ordered, so sampling from it is seeded
    step = 0
    while True:
        seats = game.to_act(state)
        if not seats:
            break
        if step >= bound:
            raise _fail(game, seed, step, f"not over after its declared bound of {bound}")
        if game.result(state) is not None:
            raise _fail(game, seed, step, "a result before the game is over")
        if CHANCE in seats and seats != [CHANCE]:
            raise _fail(game, seed, step, "chance acts alongside players")
        if len(set(seats)) != len(seats) or not all(
            seat == CHANCE or (isinstance(seat, int) and 0 <= seat < players) for seat in seats
        ):
            raise _fail(game, seed, step, f"to_act={seats} names an unknown seat or one twice")
        legal_by_seat = {seat: game.legal_actions(state, seat) for seat in range(players)}
        labels_by_seat: dict[int, list[tuple[str, ...]]] = {}
        for seat, codes in legal_by_seat.items():
            if (seat in seats) != bool(codes):
                raise _fail(game, seed, step, f"seat {seat} in to_act={seats} has {codes[:3]}")
            labels_by_seat[seat] = _check_codes(game, state, seat, codes, seed, step)
            seen_codes.update(dict.fromkeys(codes))
        _check_views(game, state, players, seed, step, probe_rng)
        if _json_roundtrip(state) != state:
            raise _fail(game, seed, step, "the state does not survive a JSON round trip")

        if seats == [CHANCE]:
            seat = CHANCE
            code = game.sample_chance(state, rng)
            playout.chance_actions += 1
        else:
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            chooser = choosers[seat] if choosers else None
            code = chooser(game, state, seat, rng) if chooser else rng.choice(legal_by_seat[seat])
            if code not in legal_by_seat[seat] and _verb(code) not in game.open_verbs:
                raise _fail(game, seed, step, f"engine player chose illegal {code!r}")
            playout.decisions += 1
        if probe_illegal:
            _probe_illegal(game, state, seats, legal_by_seat, seen_codes, seed, step, probe_rng)
        dealt_anew = _check_menus(
            game, state, players, legal_by_seat, labels_by_seat, seen_codes, seed, step, probe_rng
        )
        if has_checks:
            _check_verbs(game, state, seats, legal_by_seat, seen_codes, seed, step, verb_rng)
        before = clone(state)
        given = state
        state, events = game.apply(given, seat, code)
        if given != before:
            raise _fail(game, seed, step, f"applying {code!r} changed the state it was given")
        _check_events(game, events, players, seed, step)
        _check_private_events(game, seat, code, events, dealt_anew, seed, step)
        try:
            game.check_invariants(state)
        except AssertionError as error:
            raise _fail(game, seed, step, f"invariant broken: {error}") from None
        playout.log.append((seat, code))
        step += 1

    result = game.result(state)
    if result is None:
        raise _fail(game, seed, step, "the game is over but has no result")
    try:
        check_result(result, players)
    except AssertionError as error:
        raise _fail(game, seed, step, f"malformed result {result}: {error}") from None
    _check_views(game, state, players, seed, step, probe_rng)
    if replay(game, players, options, playout.log) != state:
        raise _fail(game, seed, step, "replaying the log does not give the same state")
    playout.state = state
    playout.result = result
    return playout


def _check_codes(
    game: Game, state: State, seat: int, codes: list[str], seed: int, step: int
) -> list[tuple[str, ...]]:
    """Each code's labels, one per language in ``LANGUAGES``' order, once every code and label
    passed; ``_check_menus`` compares them with the labels in another deal.
    """
    if codes != sorted(set(codes)):
        raise _fail(game, seed, step, f"legal actions of seat {seat} not sorted and unique")
    labels: list[tuple[str, ...]] = []
    for code in codes:
        if len(code) > MAX_PLAYER_CODE:
            raise _fail(game, seed, step, f"code {code!r} longer than {MAX_PLAYER_CODE}")
        try:
            decodes_back = encode(*_split(code)) == code
        except (IllegalAction, ValueError, TypeError):
            decodes_back = False
        if not decodes_back:
            raise _fail(game, seed, step, f"code {code!r} does not decode back")
        in_each_language = []
        for lang in LANGUAGES:
            label = game.action_label(state, seat, code, lang)
            if not isinstance(label, str) or not label or len(label) > 100:
                raise _fail(game, seed, step, f"bad {lang} label {label!r} for {code!r}")
            in_each_language.append(label)
        labels.append(tuple(in_each_language))
    return labels


def _check_verbs(
    game: Game,
    state: State,
    seats: list[int],
    legal_by_seat: dict[int, list[str]],
    seen_codes: dict[str, None],
    seed: int,
    step: int,
    rng: random.Random,
) -> None:
    """A game's one check per verb (``games.core.checks``) agrees with its menu: every legal
    action passes its check, and sampled codes that are not legal get a reason from it, the same
    reason ``explain_illegal`` gives (and so the player).
    """
    for seat, codes in legal_by_seat.items():
        for code in codes:
            reason = why_not(game, state, seat, code)
            if reason is not None:
                raise _fail(
                    game, seed, step, f"legal {code!r} of seat {seat} fails its check: {reason.en}"
                )
    seen = list(seen_codes)
    for seat, own_codes in legal_by_seat.items():
        acting = seat in seats
        probes = rng.sample(seen, min(6, len(seen)))
        for other_seat, other_codes in legal_by_seat.items():
            if other_seat != seat and other_codes:
                probes.append(rng.choice(other_codes))
        legal = set(own_codes)
        for code in probes:
            if code in legal or _verb(code) in game.open_verbs:
                continue
            reason = why_not(game, state, seat, code)
            if reason is None:
                raise _fail(
                    game, seed, step, f"{code!r} is not legal for seat {seat}, its check allows it"
                )
            if acting and game.explain_illegal(state, seat, code) != reason:
                raise _fail(
                    game,
                    seed,
                    step,
                    f"explain_illegal of {code!r} for seat {seat} is not its check's reason",
                )


def _verb(code: str) -> str | None:
    try:
        return decode(code)[0]
    except IllegalAction:
        return None


def _split(code: str) -> tuple[int | str, ...]:
    verb, args = decode(code)
    return (verb, *args)


PLAYER_NAMES = tuple(f"Player-{letter}" for letter in "ABCDEFGHIJKLMNOP")
"""Display names the suite passes to ``render`` and ``describe_event``."""


def _unnamed_seat(game: Game, text: str, players: int, lang: str) -> str | None:
    """The fallback seat name ("Seat 2") found in ``text``, or None: where the players' names
    are known, players read names, never seat numbers.
    """
    found = _fallback_names(game, players, lang).search(text)
    return found.group(0) if found else None


@functools.cache
def _fallback_names(game: Game, players: int, lang: str) -> re.Pattern[str]:
    # One pattern for all seats, compiled once: the suite searches every rendered view and
    # event line, hundreds of thousands of texts per run.
    fallbacks = "|".join(re.escape(game.seat_name(seat, lang)) for seat in range(players))
    return re.compile(rf"(?<!\w)(?:{fallbacks})(?!\w)")


def _check_views(
    game: Game, state: State, players: int, seed: int, step: int, rng: random.Random
) -> None:
    for observer in [*range(players), None]:
        view = game.view(state, observer)
        if _json_roundtrip(view) != view:
            raise _fail(game, seed, step, f"view of {observer} is not JSON-native")
        for lang in LANGUAGES:
            if not isinstance(game.render(view, lang), str):
                raise _fail(game, seed, step, "render did not give text")
            named = _unnamed_seat(game, game.render(view, lang, PLAYER_NAMES), players, lang)
            if named:
                raise _fail(game, seed, step, f"render says {named!r} though names were given")
        other = game.shuffle_hidden(state, observer, rng)
        if other is not None and game.view(other, observer) != view:
            raise _fail(
                game, seed, step, f"view of {observer} changes when hidden cards are dealt anew"
            )


def _outcome(game: Game, state: State, seat: int, code: str) -> tuple[Any, ...]:
    """What ``seat`` learns by sending ``code``: accepted, or rejected with which reason."""
    try:
        game.apply(state, seat, code)
    except IllegalAction as error:
        return ("illegal", error.reason.de, error.reason.en)
    except Exception as error:  # noqa: BLE001 - a crash is reported by _probe_illegal
        return ("crash", type(error).__name__)
    return ("legal",)


def _check_menus(
    game: Game,
    state: State,
    players: int,
    legal_by_seat: dict[int, list[str]],
    labels_by_seat: dict[int, list[tuple[str, ...]]],
    seen_codes: dict[str, None],
    seed: int,
    step: int,
    rng: random.Random,
) -> dict[int, State]:
    """A seat's menu tells it nothing its view does not: with every other seat's hidden
    information (hands, parties, face-down cards, hidden action cards) dealt anew, the seat's
    legal actions, their labels and the reasons its illegal moves get stay the same.

    Views alone do not catch a menu that leaks (an announcement offered or not depending on a
    hidden party). Returns, per seat, the state dealt anew for it, for ``_check_private_events``.
    """
    dealt_anew: dict[int, State] = {}
    seen = list(seen_codes)
    for observer in range(players):
        other = game.shuffle_hidden(state, observer, rng)
        if other is None:
            continue
        dealt_anew[observer] = other
        codes = legal_by_seat[observer]
        if game.legal_actions(other, observer) != codes:
            raise _fail(
                game,
                seed,
                step,
                f"legal actions of seat {observer} change when hidden cards are dealt anew",
            )
        for code, labels in zip(codes, labels_by_seat[observer], strict=True):
            for lang, label in zip(LANGUAGES, labels, strict=True):
                if game.action_label(other, observer, code, lang) != label:
                    raise _fail(
                        game,
                        seed,
                        step,
                        f"label of {code!r} for seat {observer} changes when hidden cards are "
                        "dealt anew",
                    )
        # Codes the seat could send that are not its own now: earlier codes (stale buttons),
        # another seat's moves, garbage. Each must get the same answer in both deals.
        probes = rng.sample(seen, min(3, len(seen))) + [rng.choice(GARBAGE_CODES)]
        for other_seat, other_codes in legal_by_seat.items():
            if other_seat != observer and other_codes:
                probes.append(rng.choice(other_codes))
        for code in probes:
            if code in codes:
                continue
            if _outcome(game, state, observer, code) != _outcome(game, other, observer, code):
                raise _fail(
                    game,
                    seed,
                    step,
                    f"the answer to seat {observer} sending {code!r} changes when hidden cards "
                    "are dealt anew",
                )
    return dealt_anew


def _check_private_events(
    game: Game,
    actor: int,
    code: str,
    events: list[Event],
    dealt_anew: dict[int, State],
    seed: int,
    step: int,
) -> None:
    """An event addressed to a seat tells it nothing about the others' hidden information:
    the same move made in the state dealt anew for that seat (where it is legal there too)
    sends it the same events.

    Except what a seat draws from a pile whose hidden order was dealt anew too: that is new
    information, not a leak, so the game's ``draw_events`` are compared by kind only. And where
    the move's public events differ between the deals (a trick that reveals a party, a player
    passed over because they cannot act), the table learns something there anyway and the
    game may go on differently (a draw now rather than later): such a move is not compared.
    """

    def private(found: list[Event], observer: int) -> list[Any]:
        return [
            event.kind if event.kind in game.draw_events else event
            for event in found
            if event.to == observer
        ]

    for observer, other in dealt_anew.items():
        try:
            _other_after, other_events = game.apply(other, actor, code)
        except IllegalAction:
            continue  # the move needs a card the actor does not hold in this deal
        except Exception as error:  # a crash is not a rejection with a reason
            raise _fail(
                game,
                seed,
                step,
                f"seat {actor} playing {code!r} in another deal raised "
                f"{type(error).__name__}: {error} instead of IllegalAction",
            ) from error
        public = [event for event in events if event.to is None]
        if public != [event for event in other_events if event.to is None]:
            continue
        if private(events, observer) != private(other_events, observer):
            raise _fail(
                game,
                seed,
                step,
                f"events for seat {observer} after seat {actor} plays {code!r} change when "
                "hidden cards are dealt anew",
            )


def _probe_illegal(
    game: Game,
    state: State,
    seats: list[int],
    legal_by_seat: dict[int, list[str]],
    seen_codes: dict[str, None],
    seed: int,
    step: int,
    rng: random.Random,
) -> None:
    # Compared by value: marshal's bytes also depend on reference counts, not only on values.
    before = clone(state)
    attempts: list[tuple[int, str]] = []
    acting = [seat for seat in seats if seat != CHANCE]
    idle = [seat for seat in legal_by_seat if seat not in seats]
    if acting and idle:
        code = rng.choice(legal_by_seat[acting[0]])
        attempts.append((rng.choice(idle), code))
    if acting:
        seat = acting[0]
        # A few random earlier codes rather than all of them: games with hundreds of distinct
        # codes would otherwise pay for a scan of every one at every step.
        seen = list(seen_codes)
        legal_now = set(legal_by_seat[seat])
        for code in rng.sample(seen, min(8, len(seen))):
            if code not in legal_now and decode(code)[0] not in game.open_verbs:
                attempts.append((seat, code))
                break
        attempts.append((seat, rng.choice(GARBAGE_CODES)))
    else:
        attempts.append((0, "shuffle:0"))  # a player cannot act for chance
        attempts.append((CHANCE, rng.choice(GARBAGE_CODES)))
    for seat, code in attempts:
        try:
            game.apply(state, seat, code)
        except IllegalAction as error:
            if not error.reason.de or not error.reason.en:
                raise _fail(game, seed, step, "an illegal action without a reason") from None
        except Exception as error:  # a crash is not a rejection with a reason
            raise _fail(
                game,
                seed,
                step,
                f"seat {seat} playing illegal {code!r} raised {type(error).__name__}: {error} "
                "instead of IllegalAction",
            ) from error
        else:
            raise _fail(game, seed, step, f"seat {seat} could play illegal {code!r}")
        if state != before:
            raise _fail(game, seed, step, f"rejecting {code!r} changed the state")


def _check_events(game: Game, events: list[Event], players: int, seed: int, step: int) -> None:
    for event in events:
        if event.to is not None and not 0 <= event.to < players:
            raise _fail(game, seed, step, f"event {event.kind} for unknown seat {event.to}")
        if _json_roundtrip(event.data) != event.data:
            raise _fail(game, seed, step, f"event {event.kind} data is not JSON-native")
        for lang in LANGUAGES:
            if not isinstance(game.describe_event(event, lang), str):
                raise _fail(game, seed, step, f"event {event.kind} has no description")
            line = game.describe_event(event, lang, PLAYER_NAMES)
            named = _unnamed_seat(game, line, players, lang)
            if named:
                raise _fail(
                    game, seed, step, f"event {event.kind} says {named!r} though names were given"
                )
