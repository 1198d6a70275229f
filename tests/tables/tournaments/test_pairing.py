"""Pairing properties (issue 10): each player once per round, no avoidable rematch, byes to the
lowest player without one, multiplayer table sizes in range, repeat meetings minimal.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.tournaments.pairing import (
    bracket_order,
    count_meetings,
    elimination_bracket,
    meeting_key,
    rematches,
    round_robin,
    snake_tables,
    swiss_pairs,
    swiss_tables,
    table_sizes,
)

FAST = settings(max_examples=60, deadline=None)


def all_pairings(players):
    """Every way to pair ``players`` (one sits out when odd), by brute force."""
    if not players:
        yield [], None
        return
    if len(players) % 2:
        for sitter in players:
            rest = [p for p in players if p != sitter]
            for pairs, _ in all_pairings(rest):
                yield pairs, sitter
        return
    first, rest = players[0], players[1:]
    for partner in rest:
        others = [p for p in rest if p != partner]
        for pairs, _ in all_pairings(others):
            yield [(first, partner), *pairs], None


@st.composite
def swiss_situation(draw, low=2, high=9):
    n = draw(st.integers(low, high))
    players = [f"p{i}" for i in range(n)]
    scores = {p: draw(st.sampled_from([0, 0.5, 1, 1.5, 2, 3])) for p in players}
    order = sorted(players, key=lambda p: -scores[p])
    pairs = list(itertools.combinations(players, 2))
    met = set(draw(st.lists(st.sampled_from(pairs), max_size=len(pairs)))) if pairs else set()
    met = {meeting_key(a, b) for a, b in met}
    had_bye = set(draw(st.lists(st.sampled_from(players), max_size=n)))
    return order, scores, met, had_bye


@FAST
@given(swiss_situation())
def test_swiss_two_player_properties_against_brute_force(situation):
    """Each player exactly once per round; the number of rematches equals the brute-force
    minimum over every possible pairing; with an odd field the bye goes to the lowest-ranked
    player without one among the pairings with that fewest rematches.
    """
    order, scores, met, had_bye = situation
    pairing = swiss_pairs(order, scores, met, had_bye)
    seated = [p for table in pairing.tables for p in table] + pairing.byes
    assert sorted(seated) == sorted(order)
    assert all(len(table) == 2 for table in pairing.tables)
    assert len(pairing.byes) == len(order) % 2
    best = min(rematches(pairs, met) for pairs, _ in all_pairings(order))
    assert rematches(pairing.tables, met) == best
    if pairing.byes:
        position = {p: i for i, p in enumerate(order)}

        def bye_rank(sitter):  # lower is better: fresh players first, then lower in standings
            return (sitter in had_bye, -position[sitter])

        candidates = [
            sitter for pairs, sitter in all_pairings(order) if rematches(pairs, met) == best
        ]
        assert bye_rank(pairing.byes[0]) == min(bye_rank(s) for s in candidates)


def test_swiss_first_round_pairs_neighbours_and_lowest_gets_the_bye():
    """Round 1 of five: nobody has met, equal scores; 1-2 and 3-4 play, the fifth sits out."""
    order = ["a", "b", "c", "d", "e"]
    pairing = swiss_pairs(order, {}, set(), set())
    assert pairing.tables == [["a", "b"], ["c", "d"]]
    assert pairing.byes == ["e"]
    # e had the bye: the next lowest without one gets it, and scores stay as close as they can.
    second = swiss_pairs(
        ["e", "a", "c", "b", "d"], {"e": 1, "a": 1, "c": 1}, {("a", "b"), ("c", "d")}, {"e"}
    )
    assert second.byes == ["d"]
    assert rematches(second.tables, {("a", "b"), ("c", "d")}) == 0


def test_swiss_equal_scores_come_before_neighbours():
    """Two on 1 point and two on 0: the leaders meet each other, not a 0-point player."""
    pairing = swiss_pairs(["a", "c", "b", "d"], {"a": 1, "c": 1}, {("a", "b"), ("c", "d")}, set())
    assert pairing.tables == [["a", "c"], ["b", "d"]]


@st.composite
def multiplayer_situation(draw):
    n = draw(st.integers(3, 9))
    smallest = draw(st.integers(3, 4))
    largest = draw(st.integers(smallest, 5))
    preferred = draw(st.integers(smallest, largest))
    players = [f"p{i}" for i in range(n)]
    earlier = draw(
        st.lists(
            st.lists(st.sampled_from(players), min_size=2, max_size=4, unique=True), max_size=4
        )
    )
    had_bye = set(draw(st.lists(st.sampled_from(players), max_size=3)))
    return players, count_meetings(earlier), had_bye, smallest, largest, preferred


def brute_force_repeats(players, sizes, met):
    best = None
    for perm in itertools.permutations(players):
        tables, start = [], 0
        for size in sizes:
            tables.append(perm[start : start + size])
            start += size
        value = rematches(tables, met)
        best = value if best is None else min(best, value)
    return best


@settings(max_examples=40, deadline=None)
@given(multiplayer_situation())
def test_swiss_multiplayer_tables_properties(situation):
    """Each player once; table sizes within the allowed range; byes only when no split fits
    and to the lowest players without one; repeat meetings equal to the brute-force minimum
    over every seating of the same table sizes.
    """
    players, met, had_bye, smallest, largest, preferred = situation
    pairing = swiss_tables(
        players, met, had_bye, smallest=smallest, largest=largest, preferred=preferred
    )
    seated = [p for table in pairing.tables for p in table]
    assert sorted(seated + pairing.byes) == sorted(players)
    assert all(smallest <= len(table) <= largest for table in pairing.tables)
    sizes, byes = table_sizes(len(players), smallest, largest, preferred)
    assert len(pairing.byes) == byes
    if byes:
        # no split of any smaller bye count exists
        for fewer in range(byes):
            m = len(players) - fewer
            assert not any(smallest * k <= m <= largest * k for k in range(1, m + 1))
        fresh = [p for p in players if p not in had_bye]
        expected = list(reversed(fresh))[:byes]
        if len(expected) == byes:
            assert sorted(pairing.byes) == sorted(expected)
    sizes_used = sorted((len(t) for t in pairing.tables), reverse=True)
    assert sizes_used == sizes
    if len(seated) <= 8:
        assert rematches(pairing.tables, met) == brute_force_repeats(seated, sizes, met)


def test_table_sizes_examples():
    """16 at tables of 4: four fours. 13 at 3-5 preferring 4: 5+4+4 (one table off 4).
    10 at 3-5 preferring 4: 5+5 and 4+3+3 both have two tables one seat off 4; fewer tables
    win. Five at tables of exactly 4: one table and one bye; two at 3-5: no table, two byes.
    """
    assert table_sizes(16, 4, 4, 4) == ([4, 4, 4, 4], 0)
    assert table_sizes(13, 3, 5, 4) == ([5, 4, 4], 0)
    assert table_sizes(5, 4, 4, 4) == ([4], 1)
    assert table_sizes(2, 3, 5, 4) == ([], 2)
    assert table_sizes(10, 3, 5, 4) == ([5, 5], 0)
    assert table_sizes(7, 3, 4, 4) == ([4, 3], 0)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 12))
def test_round_robin_circle_method(n):
    """Each pair meets exactly once; each player once per round; n-1 rounds (n even) or n
    rounds with one bye each (n odd), and nobody sits out twice.
    """
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met = Counter()
    byes = []
    for pairing in rounds:
        seated = [p for t in pairing.tables for p in t] + pairing.byes
        assert sorted(seated) == sorted(players)
        for a, b in pairing.tables:
            met[meeting_key(a, b)] += 1
        byes += pairing.byes
    assert set(met) == {meeting_key(a, b) for a, b in itertools.combinations(players, 2)}
    assert set(met.values()) == {1}
    assert len(byes) == len(set(byes))


@pytest.mark.parametrize("n", range(2, 21))
def test_round_robin_shares_the_first_seat_as_berger_tables_do(n):
    """Round robin, Berger tables (FIDE C.05 Annex 1): the first seat (who leads) alternates.
    Every player sits first in half their games (at an even field one more or fewer) and
    never three games in a row; with an odd field the lowest seed sits out round 1.
    """
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players)
    firsts = {player: [] for player in players}
    for pairing in rounds:
        for first, second in pairing.tables:
            firsts[first].append(True)
            firsts[second].append(False)
    for player, seats in firsts.items():
        first, second = seats.count(True), seats.count(False)
        assert abs(first - second) <= (1 if n % 2 == 0 else 0), (player, first, second)
        runs = [len(list(group)) for _key, group in itertools.groupby(seats)]
        assert max(runs) <= 2, (player, seats)
    if n % 2:
        assert rounds[0].byes == [players[-1]]


def test_elimination_seeding_byes_to_top_seeds():
    """Eight: 1-8, 4-5, 2-7, 3-6 (1 and 2 only meet in the final). Six: seeds 1 and 2 get
    the byes (their opponents 8 and 7 do not exist).
    """
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    six = elimination_bracket(["s1", "s2", "s3", "s4", "s5", "s6"])
    assert six == [("s1", None), ("s4", "s5"), ("s2", None), ("s3", "s6")]


def test_snake_tables_spread_the_seeds():
    """Eight seeds at two tables: 1 4 5 8 and 2 3 6 7."""
    tables = snake_tables([f"s{i}" for i in range(1, 9)], [4, 4])
    assert tables == [["s1", "s4", "s5", "s8"], ["s2", "s3", "s6", "s7"]]


MULTIPLAYER_SWISS = [
    (game_id, size)
    for game_id, low, high in (("scherbia", 2, 8), ("gelfdrakkar", 4, 8), ("stardust", 3, 5))
    for size in range(max(3, low), high + 1)
]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(MULTIPLAYER_SWISS), st.integers(0, 40))
def test_multiplayer_swiss_seats_everyone_the_game_range_allows(game_and_size, extra):
    """Swiss at multiplayer tables (issue 10: table sizes within the game's range): for every
    field from the chosen table size up to 40, every table has a size the game allows (and its
    options accept), and nobody gets a bye (a free win) when the game's range can seat the
    whole field; where the chosen size, or one fewer, seats everyone, only those sizes are
    used. (Gelfdrakkar at tables of four used to give three of seven players a bye each round.)
    """
    from games.core import get_game
    from tables.tournaments.formats.base import smallest_table
    from tables.tournaments.formats.swiss_tables import table_range

    game_id, size = game_and_size
    game = get_game(game_id)
    field = size + extra
    options = game.validate_options({}).model_dump(mode="json")
    low, high = table_range(game, options, size, field)
    players = [f"p{i}" for i in range(field)]
    pairing = swiss_tables(players, Counter(), set(), smallest=low, largest=high, preferred=size)
    seated = [p for table in pairing.tables for p in table]
    assert sorted(seated + pairing.byes) == sorted(players)
    for table in pairing.tables:
        game.parse_options(len(table), options)  # a size the game and options allow
    narrow = smallest_table(game, size)
    if table_sizes(field, narrow, size, size)[1] == 0:
        assert all(narrow <= len(table) <= size for table in pairing.tables)
    fits = any(
        max(3, game.min_players) * k <= field <= game.max_players * k for k in range(1, field + 1)
    )
    assert not pairing.byes if fits else pairing.byes
