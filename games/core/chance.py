"""Chance outcomes as codes: shuffles, dice and random picks, sampled by the caller.

An engine never draws a random number itself. When chance is to act, the caller asks the game
for an outcome sampled from a seeded generator (``Game.sample_chance``), applies it like a move
and logs the code. Replaying the log reproduces the game without re-running any generator, and
a test rigs a deal by applying a code it wrote itself (``shuffle_code``, ``dice_code``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .codes import encode
from .errors import MALFORMED, IllegalAction


def shuffle_code(order: Sequence[int], verb: str = "shuffle") -> str:
    """The code of a shuffle that puts the cards in ``order`` (a permutation of 0..n-1)."""
    return encode(verb, *order)


def random_shuffle(rng: random.Random, n: int, verb: str = "shuffle") -> str:
    """A uniformly random shuffle of ``n`` cards as a code."""
    order = list(range(n))
    rng.shuffle(order)
    return shuffle_code(order, verb)


def check_permutation(args: Sequence[object], n: int) -> list[int]:
    """``args`` as a permutation of 0..n-1, or ``IllegalAction`` if it is not one."""
    if len(args) != n or sorted(a for a in args if isinstance(a, int)) != list(range(n)):
        raise IllegalAction(MALFORMED)
    return list(args)  # type: ignore[arg-type]


def dice_code(values: Sequence[int], verb: str = "dice") -> str:
    """The code of a roll showing ``values``."""
    return encode(verb, *values)


def random_dice(rng: random.Random, count: int, sides: int = 6, verb: str = "dice") -> str:
    """``count`` fair dice with ``sides`` sides as a code."""
    return dice_code([rng.randint(1, sides) for _ in range(count)], verb)


def check_dice(args: Sequence[object], count: int, sides: int = 6) -> list[int]:
    """``args`` as ``count`` dice values in 1..sides, or ``IllegalAction``."""
    if len(args) != count or not all(isinstance(a, int) and 1 <= a <= sides for a in args):
        raise IllegalAction(MALFORMED)
    return list(args)  # type: ignore[arg-type]
