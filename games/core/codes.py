"""Action codes: short, stable strings that fit a Discord custom_id and decode back.

A code is a verb followed by arguments, separated by colons: ``play:17``, ``buy:stadt:auto``,
``raise:120``. The verb is lower-case letters, digits and underscores starting with a letter;
an argument is a non-negative integer without leading zeros or a word of letters, digits,
``_``, ``-`` and ``.``. Because the grammar is shared, every game parses and rejects
malformed input the same way, and a code round-trips: ``encode(*decode(c)) == c``.

Player action codes are at most ``MAX_PLAYER_CODE`` characters (the table id, state number and
prefix must fit beside them in Discord's 100-character custom_id). Chance codes (a whole shuffle)
are logged, never put on a button, and may be longer.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .errors import MALFORMED, IllegalAction

MAX_PLAYER_CODE = 40
MAX_CODE = 4000

_VERB = re.compile(r"[a-z][a-z0-9_]*\Z")
_WORD = re.compile(r"[A-Za-z0-9_.\-]+\Z")

Arg = int | str

# Engines encode every legal action and decode every applied one, and the same few codes recur
# all game long; remembering them makes both a dictionary look-up instead of regex work (the
# engine loop's largest cost in the benchmark). Both functions are pure and their results
# immutable, so a cached answer is the answer. ``typed`` keeps True and 1 apart.
_CACHE_SIZE = 16384


@lru_cache(maxsize=_CACHE_SIZE, typed=True)
def encode(verb: str, *args: Arg) -> str:
    """The code for ``verb`` with ``args``; raises ``ValueError`` if a part breaks the grammar."""
    if not _VERB.match(verb):
        raise ValueError(f"bad verb {verb!r}")
    parts = [verb]
    for arg in args:
        if isinstance(arg, bool):
            raise TypeError("booleans are not arguments; use 0 or 1")
        if isinstance(arg, int):
            if arg < 0:
                raise ValueError(f"negative argument {arg}")
            parts.append(str(arg))
        elif _WORD.match(arg) and not arg.isdigit():
            parts.append(arg)
        else:
            raise ValueError(f"bad argument {arg!r}")
    return ":".join(parts)


def decode(code: object) -> tuple[str, tuple[Arg, ...]]:
    """Split a code into its verb and arguments (digits become ints).

    Raises ``IllegalAction`` for anything that is not a well-formed code, so that garbage from a
    tampered button gets the same polite answer as any other impossible move.
    """
    if type(code) is str:
        return _decode_str(code)
    return _decode(code)


@lru_cache(maxsize=_CACHE_SIZE)
def _decode_str(code: str) -> tuple[str, tuple[Arg, ...]]:
    return _decode(code)


def _decode(code: object) -> tuple[str, tuple[Arg, ...]]:
    if not isinstance(code, str) or not code or len(code) > MAX_CODE:
        raise IllegalAction(MALFORMED)
    verb, *raw = code.split(":")
    if not _VERB.match(verb):
        raise IllegalAction(MALFORMED)
    args: list[Arg] = []
    for part in raw:
        if part.isdigit() and part.isascii():
            if len(part) > 1 and part[0] == "0":
                raise IllegalAction(MALFORMED)
            args.append(int(part))
        elif _WORD.match(part):
            args.append(part)
        else:
            raise IllegalAction(MALFORMED)
    return verb, tuple(args)
