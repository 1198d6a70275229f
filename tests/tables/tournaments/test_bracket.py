"""The bracket of an elimination tournament (issue 20, part 5), from its stored pairings."""

from __future__ import annotations

from storage.base import PairingRecord
from tables.tournaments.bracket import bracket_of


def game(round, position, players, number=1, ranks=None, bye=False):
    return PairingRecord(1, round, position, players, number, None, bye, ranks)


def test_who_went_on_is_who_plays_the_next_round_and_the_last_winner_is_named():
    """A match's advancing players are its players seated (or given a bye) in the next round;
    in the last round, the winners the caller names (the final first place); while the
    tournament runs, nobody has gone on from the last round.
    """
    pairings = [
        game(1, 1, ["a", "d"], ranks=[1, 2]),
        game(1, 2, ["b", "c"], ranks=[2, 1]),
        game(1, 3, ["e"], bye=True),
        game(2, 1, ["a", "c"], ranks=[2, 1]),
        game(2, 2, ["e"], bye=True),
        game(3, 1, ["c", "e"], ranks=[1, 2]),
    ]
    rounds = bracket_of(pairings, frozenset({"c"}))
    assert [r.number for r in rounds] == [1, 2, 3]
    assert [m.advancing for m in rounds[0].matches] == [["a"], ["c"], ["e"]]
    assert [m.bye for m in rounds[0].matches] == [False, False, True]
    assert [m.advancing for m in rounds[1].matches] == [["c"], ["e"]]
    assert rounds[2].matches[0].advancing == ["c"]
    running = bracket_of(pairings, frozenset())
    assert running[2].matches[0].advancing == []


def test_best_of_wins_are_counted_by_player_though_the_first_seat_alternates():
    """Best-of games of one match share its position; the first seat alternates between
    games, so each player's wins are counted by player, and a drawn game counts for nobody.
    """
    pairings = [
        game(1, 1, ["a", "b"], 1, ranks=[2, 1]),
        game(1, 1, ["b", "a"], 2, ranks=[2, 1]),
        game(1, 1, ["a", "b"], 3, ranks=[1, 1]),
        game(1, 1, ["b", "a"], 4, ranks=[2, 1]),
    ]
    [only] = bracket_of(pairings, frozenset({"a"}))
    [match] = only.matches
    assert match.players == ["a", "b"]
    assert match.wins == [2, 1]
    assert match.advancing == ["a"]
