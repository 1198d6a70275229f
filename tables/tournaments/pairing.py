"""Pairings for tournaments: pure functions, no I/O, deterministic for the same input.

Players are strings (user ids). Every function takes the players in standings order (best
first) and returns who sits where; the caller decides seat order and stores the result.

- ``swiss_pairs``: Swiss for two-player games. A maximum-weight matching (networkx) over all
  possible pairs whose weights put, in this order: fewest rematches (none while one can be
  avoided), the bye to the lowest-ranked player without one, equal scores, then neighbours in the
  standings (Monrad: 1-2, 3-4, ...). A greedy pass per score group (what the Swiss libraries on
  PyPI that are not tied to chess colours do) can paint itself into an avoidable rematch; the
  matching cannot.
- ``table_sizes`` and ``swiss_tables``: Swiss with multiplayer tables. Tables are filled from the
  top of the standings, then players are swapped between tables while that lowers the number of
  repeat meetings (exactly minimal on small fields, where every split is tried).
- ``round_robin``: the circle method in Berger's order (the first seat alternates), two-player.
- ``elimination_bracket``: single elimination seeding; byes to the top seeds.
- ``snake_tables``: multiplayer elimination tables, seeds spread by the snake order.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

BYE = "\x00bye"
"""The bye's node in the matching graph (no user id starts with a NUL)."""


def meeting_key(a: str, b: str) -> tuple[str, str]:
    """The key of a meeting between two players, independent of their order."""
    return (a, b) if a <= b else (b, a)


def count_meetings(tables: Iterable[Sequence[str]]) -> Counter[tuple[str, str]]:
    """How often each pair of players sat at the same table."""
    met: Counter[tuple[str, str]] = Counter()
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            met[meeting_key(a, b)] += 1
    return met


@dataclass
class Pairing:
    """One round: the tables in order (each a list of players) and who has a bye."""

    tables: list[list[str]]
    byes: list[str] = field(default_factory=list)


# ----- Swiss, two players --------------------------------------------------------------------


def swiss_pairs(
    order: Sequence[str],
    scores: dict[str, float],
    met: Counter[tuple[str, str]] | set[tuple[str, str]],
    had_bye: set[str],
) -> Pairing:
    """Pair ``order`` (standings order, best first) for one Swiss round.

    Priorities, strictly in this order:
    1. as few rematches as possible (none while any pairing avoids them);
    2. with an odd field, the bye to the lowest-ranked player who has not had one (if everyone
       has had one, to the lowest-ranked player);
    3. opponents with equal scores (the sum of squared score differences is smallest);
    4. neighbours in the standings (1-2, 3-4, ...).
    """
    players = list(order)
    n = len(players)
    if n == 0:
        return Pairing([])
    position = {player: index for index, player in enumerate(players)}
    graph = nx.Graph()
    # Each level's unit outweighs everything below it summed over the whole round.
    order_unit = 1
    score_unit = order_unit * (n * n + 1)
    spread = max((2 * scores.get(p, 0.0) for p in players), default=0) + 1
    bye_unit = score_unit * (n * int(spread) ** 2 + 1)
    rematch_unit = bye_unit * (n + 1) * 2
    for a, b in itertools.combinations(players, 2):
        rematch = meeting_key(a, b) in met
        diff = round(2 * (scores.get(a, 0.0) - scores.get(b, 0.0)))
        cost = diff * diff * score_unit + abs(position[a] - position[b]) * order_unit
        weight = (0 if rematch else rematch_unit) + bye_unit * (n + 1) - cost
        graph.add_edge(a, b, weight=weight)
    if n % 2:
        for player in players:
            # Lower in the standings: a larger weight; a second bye only when nobody else can.
            fresh = player not in had_bye
            preference = position[player] + (n if fresh else 0)
            graph.add_edge(BYE, player, weight=rematch_unit + bye_unit * preference)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables: list[list[str]] = []
    byes: list[str] = []
    for a, b in matching:
        if BYE in (a, b):
            byes.append(b if a == BYE else a)
            continue
        tables.append(sorted((a, b), key=position.__getitem__))
    tables.sort(key=lambda table: position[table[0]])
    return Pairing(tables, byes)


def rematches(
    tables: Iterable[Sequence[str]], met: Counter[tuple[str, str]] | set[tuple[str, str]]
) -> int:
    """How many pairs in ``tables`` have met before (each earlier meeting counted)."""
    total = 0
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            key = meeting_key(a, b)
            total += met[key] if isinstance(met, Counter) else int(key in met)
    return total


# ----- Swiss, multiplayer tables ---------------------------------------------------------------


def table_sizes(players: int, smallest: int, largest: int, preferred: int) -> tuple[list[int], int]:
    """Split ``players`` into tables of ``smallest``..``largest`` seats: (sizes, byes).

    Fewest byes first (players left without a table, only when no split fits), then the
    fewest tables whose size is not ``preferred``, then the smallest total distance from it,
    then fewer tables; sizes as even as possible, larger tables first. ``ValueError`` for a size range that makes no sense.
    """
    if not 1 <= smallest <= preferred <= largest:
        raise ValueError(f"bad table sizes {smallest}..{largest}, preferred {preferred}")
    for byes in range(players + 1):
        seated = players - byes
        best: tuple[tuple[int, int], list[int]] | None = None
        if seated == 0:
            return [], byes
        for count in range(math.ceil(seated / largest), seated // smallest + 1):
            base, extra = divmod(seated, count)
            sizes = [base + 1] * extra + [base] * (count - extra)
            if sizes[0] > largest or sizes[-1] < smallest:
                continue
            off = sum(1 for size in sizes if size != preferred)
            key = (off, sum(abs(size - preferred) for size in sizes))
            if best is None or key < best[0]:
                best = (key, sizes)
        if best is not None:
            return best[1], byes
    return [], players


def _table_cost(
    tables: list[list[str]], met: Counter[tuple[str, str]], position: dict[str, int]
) -> tuple[Any, ...]:
    repeats = rematches(tables, met)
    spread = sum(max(position[p] for p in t) - min(position[p] for p in t) for t in tables)
    return repeats, spread


def _all_splits(players: list[str], sizes: list[int]) -> Iterable[list[list[str]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (tables of one size unordered)."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        remaining_sizes = list(sizes)
        remaining_sizes.remove(size)
        for companions in itertools.combinations(rest, size - 1):
            table = [first, *companions]
            others = [p for p in rest if p not in companions]
            for split in _all_splits(others, remaining_sizes):
                yield [table, *split]


EXACT_LIMIT = 20_000
"""Up to this many possible splits, every split is tried and the best taken."""


def _split_count(players: int, sizes: list[int]) -> int:
    count, left = 1, players
    for size in sizes:
        count *= math.comb(left, size)
        left -= size
    for repeated in Counter(sizes).values():
        count //= math.factorial(repeated)
    return count


def swiss_tables(
    order: Sequence[str],
    met: Counter[tuple[str, str]],
    had_bye: set[str],
    *,
    smallest: int,
    largest: int,
    preferred: int,
) -> Pairing:
    """Seat ``order`` (standings order) at multiplayer tables for one Swiss round.

    Byes (only when no split into allowed sizes exists) go to the lowest-ranked players without
    one. The tables are then chosen to keep repeat meetings (pairs who sat together before) as
    few as possible and, among equally few, the tables as close in the standings as possible.
    On small fields every split is compared; on larger ones a local search swaps players
    between tables while that helps.
    """
    players = list(order)
    sizes, bye_count = table_sizes(len(players), smallest, largest, preferred)
    byes: list[str] = []
    for player in reversed(players):
        if len(byes) == bye_count:
            break
        if player not in had_bye:
            byes.append(player)
    for player in reversed(players):
        if len(byes) == bye_count:
            break
        if player not in byes:
            byes.append(player)
    seated = [p for p in players if p not in byes]
    position = {player: index for index, player in enumerate(players)}
    if not sizes:
        return Pairing([], byes)
    if _split_count(len(seated), sizes) <= EXACT_LIMIT:
        best = min(_all_splits(seated, sizes), key=lambda t: _table_cost(t, met, position))
        tables = [list(t) for t in best]
    else:
        tables, start = [], 0
        for size in sizes:
            tables.append(seated[start : start + size])
            start += size
        tables = _improve(tables, met, position)
    for table in tables:
        table.sort(key=position.__getitem__)
    tables.sort(key=lambda t: position[t[0]])
    return Pairing(tables, byes)


def _improve(
    tables: list[list[str]], met: Counter[tuple[str, str]], position: dict[str, int]
) -> list[list[str]]:
    """Swap players between tables while a swap lowers (repeats, spread).

    Only the two tables a swap touches are re-costed, so a pass is O(players^2 * size^2).
    """

    def cost(table: list[str]) -> tuple[int, int]:
        spots = [position[p] for p in table]
        return rematches([table], met), max(spots) - min(spots)

    costs = [cost(table) for table in tables]
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for a, b in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                left, right = tables[i], tables[j]
                left[a], right[b] = right[b], left[a]
                new_i, new_j = cost(left), cost(right)
                before = (costs[i][0] + costs[j][0], costs[i][1] + costs[j][1])
                after = (new_i[0] + new_j[0], new_i[1] + new_j[1])
                if after < before:
                    costs[i], costs[j] = new_i, new_j
                    improved = True
                else:
                    left[a], right[b] = right[b], left[a]
    return tables


# ----- round robin and elimination -----------------------------------------------------------


def round_robin(players: Sequence[str]) -> list[Pairing]:
    """Every round of a round robin by the circle method in Berger's order: each pair meets
    exactly once, and the first seat alternates.

    One place stays, the others rotate; with an odd field the fixed place is the bye, so one
    player sits out each round (the lowest seed in round 1). The rounds are taken with a
    rotation of half the field (Berger tables, FIDE C.05 Annex 1) rather than one place, and
    the upper row sits first: that alternates the first seat, each player sitting first in
    half their games (one more or fewer at an even field) and never three times in a row.
    Two-player tables only: a round robin at multiplayer tables (every pair meeting exactly
    once) exists only for special field sizes, so multiplayer games use Swiss.
    """
    field_ = list(players)
    if len(field_) % 2:
        field_.insert(0, BYE)
    n = len(field_)
    fixed, ring = field_[0], field_[1:]
    turns = n - 1
    rounds = []
    for number in range(turns):
        # A rotation by n/2 per round is the circle method's rounds reordered (n/2 and n-1
        # are coprime); it moves each player between the upper and the lower row.
        shift = number * (n // 2) % turns
        seats = [fixed, *ring[turns - shift :], *ring[: turns - shift]]
        tables, byes = [], []
        for index in range(n // 2):
            a, b = seats[index], seats[n - 1 - index]
            if BYE in (a, b):
                byes.append(b if a == BYE else a)
                continue
            if index == 0 and number % 2:
                a, b = b, a  # the fixed player alternates; elsewhere the upper row sits first
            tables.append([a, b])
        rounds.append(Pairing(tables, byes))
    return rounds


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two ``size``.

    Adjacent pairs meet in the first round; seeds 1 and 2 can meet only in the final, 1-4 only
    from the semi-finals (the standard tennis/chess knock-out seeding): for 8, 1-8 4-5 2-7 3-6.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two, not {size}")
    seeds = [1]
    while len(seeds) < size:
        total = 2 * len(seeds) + 1
        seeds = [s for seed in seeds for s in (seed, total - seed)]
    return seeds


def elimination_bracket(seeded: Sequence[str]) -> list[tuple[str | None, str | None]]:
    """First-round matches of a single elimination for ``seeded`` (seed order, best first).

    The bracket is the next power of two; the missing places are byes (None), and since seed
    k meets seed size+1-k, the byes fall to the top seeds.
    """
    count = len(seeded)
    size = 1
    while size < count:
        size *= 2
    slots = [seeded[seed - 1] if seed <= count else None for seed in bracket_order(size)]
    return [(slots[i], slots[i + 1]) for i in range(0, size, 2)]


def snake_tables(seeded: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Deal seeds to tables in snake order (1..k, k..1, ...) so strength is spread evenly."""
    tables: list[list[str]] = [[] for _ in sizes]
    index, step = 0, 1
    for player in seeded:
        while len(tables[index]) >= sizes[index]:
            index, step = _snake_next(index, step, len(sizes))
        tables[index].append(player)
        index, step = _snake_next(index, step, len(sizes))
    return tables


def _snake_next(index: int, step: int, count: int) -> tuple[int, int]:
    if count == 1:
        return 0, step
    nxt = index + step
    if nxt < 0 or nxt >= count:
        return index, -step
    return nxt, step
