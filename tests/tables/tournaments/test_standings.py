"""Tie-breaker arithmetic against worked examples (issue 10)."""

from __future__ import annotations

from fractions import Fraction as F

from tables.tournaments.standings import (
    MULTIPLAYER,
    Bye,
    Meeting,
    fmt,
    placing_points,
    standings,
)


def test_placing_points_share_tied_places():
    """Two players: win 1, draw 0.5 each, loss 0. Four players, ranks 1, 2, 2, 4: places
    are worth 1, 2/3, 1/3, 0; the two second places share (2/3 + 1/3) / 2 = 1/2 each.
    """
    assert placing_points([1, 2]) == [1, 0]
    assert placing_points([1, 1]) == [F(1, 2), F(1, 2)]
    assert placing_points([1, 2, 2, 4]) == [1, F(1, 2), F(1, 2), 0]
    assert placing_points([2, 1, 3]) == [F(1, 2), 1, 0]


def test_swiss_buchholz_and_sonneborn_berger_worked_example():
    """Five players, two rounds, one bye per round.

    Round 1: A beats B, C draws D, E has the bye.
    Round 2: A beats C, E beats B, D has the bye.
    Points: A 2, E 1 + 1 = 2, D 0.5 + 1 = 1.5, C 0.5, B 0.

    Buchholz (full sum of the opponents' final points; a bye is a dummy opponent with the
    player's own final points, FIDE C.07):
      A: B 0 + C 0.5 = 0.5          B: A 2 + E 2 = 4           C: D 1.5 + A 2 = 3.5
      D: C 0.5 + dummy 1.5 = 2      E: dummy 2 + B 0 = 2
    Sonneborn-Berger (opponent's points times the result against them; the bye is a win
    against the dummy):
      A: 1*0 + 1*0.5 = 0.5          B: 0                        C: 0.5*1.5 + 0*2 = 0.75
      D: 0.5*0.5 + 1*1.5 = 1.75     E: 1*2 + 1*0 = 2
    A and E both have 2 points; E's Buchholz 2 beats A's 0.5: E first, A second, then D, C, B.
    """
    meetings = [
        Meeting(1, ("A", "B"), (1, 2)),
        Meeting(1, ("C", "D"), (1, 1)),
        Meeting(2, ("A", "C"), (1, 2)),
        Meeting(2, ("E", "B"), (1, 2)),
    ]
    byes = [Bye(1, "E"), Bye(2, "D")]
    table = standings("ABCDE", meetings, byes)
    by = {line.player: line for line in table}
    assert {p: by[p].points for p in "ABCDE"} == {
        "A": 2,
        "B": 0,
        "C": F(1, 2),
        "D": F(3, 2),
        "E": 2,
    }
    assert {p: by[p].buchholz for p in "ABCDE"} == {
        "A": F(1, 2),
        "B": 4,
        "C": F(7, 2),
        "D": 2,
        "E": 2,
    }
    assert {p: by[p].sonneborn_berger for p in "ABCDE"} == {
        "A": F(1, 2),
        "B": 0,
        "C": F(3, 4),
        "D": F(7, 4),
        "E": 2,
    }
    assert [line.player for line in table] == ["E", "A", "D", "C", "B"]
    assert [line.place for line in table] == [1, 2, 3, 4, 5]
    assert fmt(by["C"].sonneborn_berger) == "0.75"


def test_swiss_buchholz_separates_equal_points():
    """Four players, two rounds. R1: A beats B, C beats D. R2: A draws D, B beats C.
    Points: A 1.5, B 1, C 1, D 0.5.
    Buchholz: B = A 1.5 + C 1 = 2.5, C = D 0.5 + B 1 = 1.5 -> B above C (SB not needed).
    A: B 1 + D 0.5 = 1.5.  D: C 1 + A 1.5 = 2.5.
    Sonneborn-Berger: B = 0*1.5 + 1*1 = 1; C = 1*0.5 + 0*1 = 0.5.
    Order: A 1.5, B 1 (Bh 2.5), C 1 (Bh 1.5), D 0.5.
    """
    meetings = [
        Meeting(1, ("A", "B"), (1, 2)),
        Meeting(1, ("C", "D"), (1, 2)),
        Meeting(2, ("A", "D"), (1, 1)),
        Meeting(2, ("B", "C"), (1, 2)),
    ]
    table = standings("ABCD", meetings)
    by = {line.player: line for line in table}
    assert by["B"].buchholz == F(5, 2) and by["C"].buchholz == F(3, 2)
    assert by["A"].buchholz == F(3, 2) and by["D"].buchholz == F(5, 2)
    assert by["B"].sonneborn_berger == 1 and by["C"].sonneborn_berger == F(1, 2)
    assert [line.player for line in table] == ["A", "B", "C", "D"]


def test_multiplayer_points_by_placing_and_opponents_points_worked_example():
    """Six players, two rounds at tables of three (places worth 1, 0.5, 0).

    Round 1: a, b, c place 1, 2, 3; d, e, f place 1, 2, 3.
    Round 2: a, d, f place 2, 1, 3; b, c, e place 1, 3, 2.
    Points: a 1 + 0.5 = 1.5, b 0.5 + 1 = 1.5, c 0, d 2, e 1, f 0.
    Opponents' points (per table the average of the others' final points, summed):
      a: avg(b 1.5, c 0) = 0.75 + avg(d 2, f 0) = 1       -> 1.75
      b: avg(a 1.5, c 0) = 0.75 + avg(c 0, e 1) = 0.5     -> 1.25
      c: avg(a 1.5, b 1.5) = 1.5 + avg(b 1.5, e 1) = 1.25 -> 2.75
      f: avg(d 2, e 1) = 1.5 + avg(a 1.5, d 2) = 1.75     -> 3.25
    Order: d 2; a 1.5 (1.75) before b 1.5 (1.25); e 1; f 0 (3.25) before c 0 (2.75).
    """
    meetings = [
        Meeting(1, ("a", "b", "c"), (1, 2, 3)),
        Meeting(1, ("d", "e", "f"), (1, 2, 3)),
        Meeting(2, ("a", "d", "f"), (2, 1, 3)),
        Meeting(2, ("b", "c", "e"), (1, 3, 2)),
    ]
    table = standings("abcdef", meetings, kind=MULTIPLAYER)
    by = {line.player: line for line in table}
    assert {p: by[p].points for p in "abcdef"} == {
        "a": F(3, 2),
        "b": F(3, 2),
        "c": 0,
        "d": 2,
        "e": 1,
        "f": 0,
    }
    assert by["a"].opponents_points == F(7, 4)
    assert by["b"].opponents_points == F(5, 4)
    assert by["c"].opponents_points == F(11, 4)
    assert by["f"].opponents_points == F(13, 4)
    assert [line.player for line in table] == ["d", "a", "b", "e", "f", "c"]
    assert by["d"].wins == 2 and by["a"].wins == 1


def test_tied_lines_share_a_place():
    """Two players who drew their only game and nothing else separates: both place first."""
    table = standings("XY", [Meeting(1, ("X", "Y"), (1, 1))])
    assert [line.place for line in table] == [1, 1]


def test_swiss_tiebreaks_match_an_independent_computation_over_random_histories():
    """FIDE C.07 as the module documents it: points (win 1, draw 1/2, bye 1), Buchholz (the
    opponents' final points plus, per bye, a dummy with the player's own final points) and
    Sonneborn-Berger (result times the opponent's final points, a bye a win against that
    dummy), recomputed here directly from the results of 300 random Swiss histories."""
    import random

    for trial in range(300):
        rng = random.Random(trial)
        players = [f"p{i}" for i in range(rng.randint(2, 9))]
        meetings, byes = [], []
        for number in range(1, rng.randint(1, 5) + 1):
            order = players[:]
            rng.shuffle(order)
            if len(order) % 2:
                byes.append(Bye(number, order.pop()))
            for a, b in zip(order[::2], order[1::2], strict=True):
                meetings.append(Meeting(number, (a, b), rng.choice([(1, 2), (2, 1), (1, 1)])))
        points = {p: F(0) for p in players}
        games = {p: [] for p in players}
        for meeting in meetings:
            (a, b), (rank_a, rank_b) = meeting.players, meeting.ranks
            score = F(1) if rank_a < rank_b else F(0) if rank_a > rank_b else F(1, 2)
            points[a] += score
            points[b] += 1 - score
            games[a].append((b, score))
            games[b].append((a, 1 - score))
        bye_count = {p: sum(1 for bye in byes if bye.player == p) for p in players}
        for player in players:
            points[player] += bye_count[player]
        lines = {line.player: line for line in standings(players, meetings, byes)}
        for p in players:
            dummy = bye_count[p] * points[p]
            assert lines[p].points == points[p]
            assert lines[p].buchholz == sum((points[o] for o, _ in games[p]), F(0)) + dummy
            sb = sum((s * points[o] for o, s in games[p]), F(0)) + dummy
            assert lines[p].sonneborn_berger == sb
