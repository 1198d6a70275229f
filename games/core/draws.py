"""Random draws exactly as ``random.Random`` makes them, without its per-draw method calls.

Seeded tables and tests depend on the shuffle and the dice a seed gives (the sampled shuffle
must equal ``games.core.random_shuffle`` from the same generator), so these helpers take the
very same ``getrandbits`` values in the same order as ``Random.shuffle`` and
``Random.randrange`` in CPython 3.11; only the Python-level calls between them are gone (they
were most of a deal's sampling time). A generator of any other class (a subclass may redefine
its draws) is asked through its own methods.
"""

from __future__ import annotations

import random

_STEPS: dict[int, list[tuple[int, int, int]]] = {}


def _steps(size: int) -> list[tuple[int, int, int]]:
    """Per swap of ``Random.shuffle`` on ``size`` items: the position, the bound of the draw
    and its bit count, as ``_randbelow_with_getrandbits`` computes them.
    """
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = [(i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)]
    return steps


def shuffled(rng: random.Random, size: int) -> list[int]:
    """``order = list(range(size)); rng.shuffle(order)``: the same draws, the same order."""
    order = list(range(size))
    if type(rng) is not random.Random:
        rng.shuffle(order)
        return order
    getrandbits = rng.getrandbits
    for i, bound, bits in _steps(size):
        r = getrandbits(bits)
        while r >= bound:
            r = getrandbits(bits)
        order[i], order[r] = order[r], order[i]
    return order


def below(rng: random.Random, bound: int) -> int:
    """``rng.randrange(bound)`` (also ``rng.randint(1, bound) - 1``): the same draws."""
    if type(rng) is not random.Random:
        return rng.randrange(bound)
    bits = bound.bit_length()
    r = rng.getrandbits(bits)
    while r >= bound:
        r = rng.getrandbits(bits)
    return r
