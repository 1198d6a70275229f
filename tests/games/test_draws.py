"""The engine's own draws are the generator's: a seed gives the same deal and dice as before."""

from __future__ import annotations

import random

import pytest

from games.core.draws import below, shuffled


@pytest.mark.parametrize("size", [0, 1, 2, 5, 20, 48])
def test_shuffled_draws_the_same_order_as_random_shuffle_and_leaves_the_generator_alike(
    size: int,
) -> None:
    """Seeded tables keep their deals: ``shuffled`` equals ``Random.shuffle`` on
    ``list(range(size))`` and consumes exactly the same bits (the next draw agrees too)."""
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        expected = list(range(size))
        theirs.shuffle(expected)
        assert shuffled(ours, size) == expected
        assert ours.random() == theirs.random()


@pytest.mark.parametrize("bound", [1, 2, 5, 6, 8])
def test_below_draws_what_randrange_and_randint_draw(bound: int) -> None:
    """Seeded dice and leaders stay: ``below`` is ``randrange(bound)`` and
    ``randint(1, bound) - 1`` from the same generator, bit for bit."""
    ours, theirs = random.Random(7), random.Random(7)
    for _ in range(300):
        assert below(ours, bound) == theirs.randrange(bound)
        assert below(ours, bound) == theirs.randint(1, bound) - 1
    assert ours.random() == theirs.random()


def test_a_generator_subclass_is_asked_through_its_own_methods() -> None:
    """A subclass may redefine how it draws; its own ``shuffle`` and ``randrange`` decide."""

    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

        def randrange(self, start: int, *args: int, **kwargs: int) -> int:  # type: ignore[override]
            return start - 1

    assert shuffled(Reversing(1), 4) == [3, 2, 1, 0]
    assert below(Reversing(1), 6) == 5
