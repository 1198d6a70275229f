"""The checks every game passes at every step of a seeded random playout (OpenSpiel-style).

Used by the conformance tests (200 games per registered game) and by ``tischrunde simulate``,
so that a simulation is also a test. A broken promise raises ``ConformanceError`` naming the
game, the seed, the step and what went wrong.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

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
) -> Playout:
    """Play one game with every conformance check at every step.

    ``choosers`` picks each seat's moves (default: uniformly random legal moves). Chance
    outcomes come from the game's own ``sample_chance`` with a generator seeded by ``seed``.
    """
    rng = random.Random(seed)
    probe_rng = random.Random(seed ^ 0x5EED)
    bound = game.max_decisions(players, options)
    state = game.initial_state(players, options)
    playout = Playout(state=state, result=Result(scores=[0.0], ranks=[1]))
    seen_codes: set[str] = set()
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
        for seat, codes in legal_by_seat.items():
            if (seat in seats) != bool(codes):
                raise _fail(game, seed, step, f"seat {seat} in to_act={seats} has {codes[:3]}")
            _check_codes(game, state, seat, codes, seed, step)
            seen_codes.update(codes)
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
        before = clone(state)
        given = state
        state, events = game.apply(given, seat, code)
        if given != before:
            raise _fail(game, seed, step, f"applying {code!r} changed the state it was given")
        _check_events(game, events, players, seed, step)
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
) -> None:
    if codes != sorted(set(codes)):
        raise _fail(game, seed, step, f"legal actions of seat {seat} not sorted and unique")
    for code in codes:
        if len(code) > MAX_PLAYER_CODE:
            raise _fail(game, seed, step, f"code {code!r} longer than {MAX_PLAYER_CODE}")
        try:
            decodes_back = encode(*_split(code)) == code
        except (IllegalAction, ValueError, TypeError):
            decodes_back = False
        if not decodes_back:
            raise _fail(game, seed, step, f"code {code!r} does not decode back")
        for lang in LANGUAGES:
            label = game.action_label(state, seat, code, lang)
            if not isinstance(label, str) or not label or len(label) > 100:
                raise _fail(game, seed, step, f"bad {lang} label {label!r} for {code!r}")


def _verb(code: str) -> str | None:
    try:
        return decode(code)[0]
    except IllegalAction:
        return None


def _split(code: str) -> tuple[str, ...]:
    verb, args = decode(code)
    return (verb, *args)  # type: ignore[return-value]


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
        other = game.shuffle_hidden(state, observer, rng)
        if other is not None and game.view(other, observer) != view:
            raise _fail(
                game, seed, step, f"view of {observer} changes when hidden cards are dealt anew"
            )


def _probe_illegal(
    game: Game,
    state: State,
    seats: list[int],
    legal_by_seat: dict[int, list[str]],
    seen_codes: set[str],
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
        foreign = [
            code
            for code in seen_codes
            if code not in legal_by_seat[seat] and decode(code)[0] not in game.open_verbs
        ]
        if foreign:
            attempts.append((seat, rng.choice(sorted(foreign))))
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
