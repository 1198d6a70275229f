"""Stardust's chance codes: the order of a shuffled deck or discard pile.

A shuffle puts ``count`` cards in an order, a permutation of positions ``0..count-1``: for a new
hand the positions are the card ids themselves (the top of the pile is the end of the list), for
a reshuffle they index the discards. Two spellings name the same permutation:

- ``shuffle:<p>:<p>:...`` with decimal positions, the spelling of the first stored tables;
  old logs still replay with it, and tests rig deals with ``games.core.shuffle_code``.
- ``mix:<letters>``, one letter per position (``A``-``Z`` are 0-25, ``a``-``v`` are 26-47).
  ``sample`` writes this one: a whole deck is 52 characters instead of about 130, and reading it
  back is one byte translation instead of 48 look-ups, which matters because a hand is short
  (about five decisions) and its shuffle is part of every simulated hand.

Both are checked as strictly: only a permutation of the expected count is a shuffle.
"""

from __future__ import annotations

import random
from itertools import repeat, starmap

from games.core import IllegalAction
from games.core.codes import MAX_CODE
from games.core.errors import MALFORMED

from .cards import DECK_SIZE
from .words import SHUFFLE_FIRST

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuv"
"""The letter of each position 0-47 in a ``mix`` code."""

_TO_POSITION = bytes.maketrans(LETTERS.encode("ascii"), bytes(range(DECK_SIZE)))
_TO_LETTER = bytes.maketrans(bytes(range(DECK_SIZE)), LETTERS.encode("ascii"))
_LETTER_SETS = tuple(frozenset(LETTERS[:count]) for count in range(DECK_SIZE + 1))
"""Per count, the letters a permutation of that many positions uses, each exactly once."""

_POSITION_TEXT = tuple(str(index) for index in range(DECK_SIZE))
_POSITION = {text: index for index, text in enumerate(_POSITION_TEXT)}
"""Positions of a ``shuffle`` code and their canonical spelling: a look-up is far cheaper than
``int`` and the check that the spelling round-trips. A position outside the deck is no
permutation of it anyway, so it is malformed either way."""
_RANGES = tuple(list(range(count)) for count in range(DECK_SIZE + 1))


def sample(rng: random.Random, count: int) -> str:
    """A uniformly random order of ``count`` positions as a ``mix`` code."""
    # Sorting by independent uniform keys is a uniform shuffle, and much faster in CPython than
    # random.shuffle's per-card randbelow; it draws the same orders the ``shuffle`` spelling did.
    keys = list(starmap(rng.random, repeat((), count)))
    order = sorted(range(count), key=keys.__getitem__)
    code = "mix:" + bytes(order).translate(_TO_LETTER).decode("ascii")
    _sampled[:] = code, order
    return code


_sampled: list[object] = [None, None]
"""The last code ``sample`` wrote and its order: a shuffle is applied right after it is sampled,
and that code needs no reading back (nor checking: it is a permutation by construction). Only
the same string object is taken for it; any other code, equal or not, is read."""


def read_sampled(code: str, count: int) -> list[int]:
    """``read(code, count)``, taken from ``sample`` when it wrote this very code (a new list)."""
    last, order = _sampled
    if code is last and len(order) == count:  # type: ignore[arg-type]  # a list[int]
        return order[:]  # type: ignore[index]  # a list[int]
    return read(code, count)


def mix_code(order: list[int]) -> str:
    """The ``mix`` code of ``order`` (a permutation of ``0..len(order)-1``)."""
    return "mix:" + bytes(order).translate(_TO_LETTER).decode("ascii")


def read(code: str, count: int | None) -> list[int]:
    """The permutation of ``count`` positions a chance code names, in either spelling.

    ``IllegalAction``: ``SHUFFLE_FIRST`` for a code that is no shuffle, ``MALFORMED`` for one that
    is not spelled canonically or (unless ``count`` is None: the spelling only) no permutation
    of exactly ``count`` positions.
    """
    if not isinstance(code, str) or len(code) > MAX_CODE:
        raise IllegalAction(MALFORMED)
    verb, _sep, rest = code.partition(":")
    if verb == "mix":
        if count is None:
            count = len(rest)
            if not rest or count > DECK_SIZE or not _LETTER_SETS[DECK_SIZE].issuperset(rest):
                raise IllegalAction(MALFORMED)
            return list(rest.encode("ascii").translate(_TO_POSITION))
        if len(rest) != count or set(rest) != _LETTER_SETS[count]:
            raise IllegalAction(MALFORMED)
        return list(rest.encode("ascii").translate(_TO_POSITION))
    if verb != "shuffle":
        raise IllegalAction(SHUFFLE_FIRST)
    try:
        order = [_POSITION[part] for part in rest.split(":")]
    except KeyError:
        raise IllegalAction(MALFORMED) from None
    if count is not None and (len(order) != count or sorted(order) != _RANGES[count]):
        raise IllegalAction(MALFORMED)
    return order
