"""One check per verb: the single place where a game writes when a kind of action is allowed.

Learned from pokerkit (``verify_x`` raises with the reason, ``can_x`` answers yes or no, ``x``
does it). A game gives every verb of its player codes one method::

    def why_not_<verb>(self, state, seat, args) -> Text | None

which returns the reason (German and English, safe to show) why ``seat`` may not play the verb
with ``args`` now, or None when the rules allow it. The same method filters the game's legal
actions and answers a refused code (``explain_illegal`` through ``why_not``), so a rule is written
once and the menu and the refusal cannot disagree. The conformance checks (``check_verbs``) hold
every game to that at every step of its random playouts.

``args`` is None when only the verb is asked about ("may this seat swap at all now?"): the check
then tests what does not depend on the arguments, and ``legal_actions`` enumerates the arguments
of an open verb (the cards in hand, the seats, the amounts on the menu) and puts every candidate
through the same check, except where an argument is only ever taken from the very set the check
tests (the cards of one's own hand): asking the check again for each of those would cost every
decision a call per card and tell nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .codes import decode
from .errors import NOT_NOW, IllegalAction
from .text import Text

PREFIX = "why_not_"
"""The name of a verb's check is this prefix and the verb."""

Check = Callable[[dict[str, Any], int, tuple[Any, ...] | None], Text | None]


def verb_check(game: object, verb: str) -> Check | None:
    """The game's check of ``verb``, or None if the game has no such verb."""
    check: Check | None = getattr(game, PREFIX + verb, None) if verb.isidentifier() else None
    return check


def verbs(game: object) -> list[str]:
    """Every verb the game has a check for."""
    return sorted(name[len(PREFIX) :] for name in dir(game) if name.startswith(PREFIX))


def why_not(game: object, state: dict[str, Any], seat: int, code: str) -> Text | None:
    """Why ``seat`` may not play ``code`` now, from its verb's one check; None if allowed.

    A code that does not decode is malformed; a verb the game does not know gets the game's
    ``unknown_verb`` reason, by default "not possible now" (``Game.explain_illegal``'s answer).
    """
    try:
        verb, args = decode(code)
    except IllegalAction as error:
        return error.reason
    check = verb_check(game, verb)
    if check is None:
        unknown: Text = getattr(game, "unknown_verb", NOT_NOW)
        return unknown
    return check(state, seat, args)
