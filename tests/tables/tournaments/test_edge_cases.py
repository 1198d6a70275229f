"""Tournament service edge cases found in QA: drops in a multiplayer elimination."""

from __future__ import annotations

from tables.service import Member

from . import test_tournaments as base
from .test_tournaments import ORGANISER, create

world = base.world  # the same fixture: a repository, the table and tournament services

STARDUST_QUICK = {"hands": 1, "starting_chips": 20, "ante": 5}


async def _eight_at_two_tables(tournaments, advance=1):
    tournament = await create(
        tournaments,
        game_id="stardust",
        options=STARDUST_QUICK,
        format="multi_elimination",
        table_size=4,
        advance=advance,
    )
    members = [Member(f"u{i}", f"P{i}") for i in range(8)]
    for member in members:
        await tournaments.join(tournament.id, member)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    return tournament, members


async def test_multi_elimination_replaces_a_table_winner_who_dropped_out(world):
    """Multiplayer elimination, top K advance: a table's winner who dropped out during round 1
    does not go on; the next best still playing at that table advances instead, so the next
    table has the game's minimum of players and opens (it used to fail with too few seats and
    leave the tournament stuck in round 1)."""
    repo, _tables, tournaments, _clock, _events = world
    tournament, members = await _eight_at_two_tables(tournaments)
    round_one = await repo.pairings(tournament.id, 1)
    first_table = next(p for p in round_one if "u0" in p.players)
    await tournaments.drop(tournament.id, members[0])
    await tournaments.end_round(tournament.id, ORGANISER, may_organise=True)
    round_one = await repo.pairings(tournament.id, 1)
    first_table = next(p for p in round_one if p.position == first_table.position)
    winner = first_table.players[first_table.ranks.index(1)]
    assert (await repo.get_tournament(tournament.id)).round == 2
    (final,) = await repo.pairings(tournament.id, 2)
    assert len(final.players) >= 3 and "u0" not in final.players
    if winner == "u0":
        runner_up = min(
            (u for u in first_table.players if u != "u0"),
            key=lambda u: first_table.ranks[first_table.players.index(u)],
        )
        rank = first_table.ranks[first_table.players.index(runner_up)]
        ties = [u for u, r in zip(first_table.players, first_table.ranks) if r == rank]
        assert any(u in final.players for u in ties)
    await tournaments.end_round(tournament.id, ORGANISER, may_organise=True)
    assert (await repo.get_tournament(tournament.id)).status == "finished"


async def test_multi_elimination_ends_when_too_few_are_left_for_a_table(world):
    """Multiplayer elimination: when everyone but one player drops out during round 1, no
    table can be formed for round 2 (Stardust needs three); the tournament ends after round 1
    with the one player still in as the winner, instead of hanging in a round that cannot
    open."""
    repo, _tables, tournaments, _clock, events = world
    tournament, members = await _eight_at_two_tables(tournaments)
    for member in members[1:]:
        await tournaments.drop(tournament.id, member)
    await tournaments.end_round(tournament.id, ORGANISER, may_organise=True)
    done = await repo.get_tournament(tournament.id)
    assert done.status == "finished" and done.round == 1
    assert [e.kind for e in events].count("finished") == 1
    lines = await tournaments.standings(tournament.id)
    assert lines[0].user_id == "u0" and lines[0].place == 1 and not lines[0].dropped
    assert all(line.place > 1 for line in lines[1:])


async def test_multiplayer_swiss_seats_a_field_that_does_not_divide_instead_of_byes(world):
    """Swiss at multiplayer tables (issue 10: table sizes within the game's range): seven
    players of Gelfdrakkar (4 to 8 players) at tables of four used to get one table of four
    and three byes, three free wins every round; the game seats seven at one table, so round 1
    has one table of seven and no bye. Sixteen at tables of four still get four tables of four.
    """
    repo, _tables, tournaments, _clock, _events = world
    for field, expected in ((7, [7]), (16, [4, 4, 4, 4])):
        tournament = await create(
            tournaments, game_id="gelfdrakkar", format="swiss", rounds=2, table_size=4
        )
        for number in range(field):
            await tournaments.join(tournament.id, Member(f"u{field}-{number}", f"P{number}"))
        await tournaments.start(tournament.id, ORGANISER, may_organise=True)
        round_one = await repo.pairings(tournament.id, 1)
        assert [len(p.players) for p in round_one if not p.bye] == expected
        assert not [p for p in round_one if p.bye]


def test_swiss_a_void_table_is_no_meeting_when_pairing():
    """A cancelled table is void: no points and no meeting (README, tournaments). Six players;
    round 1: A-D was cancelled, B beat E, C beat F. Round 2 pairs B-C in the top group and
    then the zero-point players by standing (E and F, who lost to players with a point, above
    A and D): E-F and A-D. Counting the void table as a meeting forbade A-D as a rematch and
    split the group into worse pairs."""
    from storage.base import PairingRecord, Registration, TournamentRecord
    from tables.tournaments.formats import SWISS_PAIRS

    seeds = list("ABCDEF")
    tournament = TournamentRecord(
        1, "g", "c", "Cup", "coppertwaddle", {}, "swiss",
        {"table_size": 2, "rounds": 3}, "o", "running", round=1, settings={"seeds": seeds},
    )  # fmt: skip
    registrations = {p: Registration(1, p, p, checked_in=True) for p in seeds}
    history = [
        PairingRecord(1, 1, 1, ["A", "D"], table_id=1, ranks=[]),
        PairingRecord(1, 1, 2, ["B", "E"], table_id=2, ranks=[1, 2]),
        PairingRecord(1, 1, 3, ["C", "F"], table_id=3, ranks=[1, 2]),
    ]
    slots = SWISS_PAIRS.pair(tournament, 2, registrations, history)  # pure: no repository
    tables = sorted(sorted(players) for players, bye in slots if not bye)
    assert tables == [["A", "D"], ["B", "C"], ["E", "F"]]


async def test_multi_elimination_byes_go_to_the_top_seeds(world):
    """Multiplayer elimination: a bye is a free pass to the next round, so, as in single
    elimination (byes to the top seeds), it goes to the best-seeded players. Five Stardust
    players at tables of three: one table of three and two byes; seeds 1 and 2 pass, seeds 3
    to 5 play (the byes used to go to seeds 4 and 5)."""
    repo, _tables, tournaments, _clock, _events = world
    tournament = await create(
        tournaments,
        game_id="stardust",
        options=STARDUST_QUICK,
        format="multi_elimination",
        table_size=3,
        advance=1,
    )
    for number in range(5):
        await tournaments.join(tournament.id, Member(f"u{number}", f"P{number}"))
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    seeds = (await repo.get_tournament(tournament.id)).settings["seeds"]
    round_one = await repo.pairings(tournament.id, 1)
    assert sorted(p.players[0] for p in round_one if p.bye) == sorted(seeds[:2])
    (table,) = [p for p in round_one if not p.bye]
    assert sorted(table.players) == sorted(seeds[2:])


async def test_multi_elimination_gives_nobody_a_second_bye_while_others_can_take_it(world):
    """Multiplayer elimination: eleven Stardust players at tables of three, the winner of each
    going on: round 1 has three tables and byes for seeds 1 and 2; round 2 (those two and the
    three winners) needs two byes again, which go to two table winners, not to seeds 1 and 2
    again, who would otherwise reach the final table without playing a game."""
    repo, _tables, tournaments, _clock, _events = world
    tournament = await create(
        tournaments,
        game_id="stardust",
        options=STARDUST_QUICK,
        format="multi_elimination",
        table_size=3,
        advance=1,
    )
    for number in range(11):
        await tournaments.join(tournament.id, Member(f"u{number}", f"P{number}"))
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    seeds = (await repo.get_tournament(tournament.id)).settings["seeds"]
    first_byes = {p.players[0] for p in await repo.pairings(tournament.id, 1) if p.bye}
    assert first_byes == set(seeds[:2])
    await tournaments.end_round(tournament.id, ORGANISER, may_organise=True)
    round_two = await repo.pairings(tournament.id, 2)
    second_byes = {p.players[0] for p in round_two if p.bye}
    assert len(second_byes) == 2 and not second_byes & first_byes
    (table,) = [p for p in round_two if not p.bye]
    assert first_byes <= set(table.players)


async def test_elimination_a_winner_who_dropped_out_is_not_listed_as_a_winner(world):
    """Single elimination: both players of a first-round match drop out while it is played;
    its one game decides the match, so its winner is paired again, and loses the final by
    walkover (the opponent goes on alone). The final ranking has exactly one winner and shows
    the drop-out as out in round 2; they used to stay "still in" for ever (they sit at no
    table of round 2), ending up as a second tournament winner."""
    repo, _tables, tournaments, _clock, _events = world
    tournament = await create(
        tournaments, game_id="coppertwaddle", options={"games": 1}, format="elimination"
    )
    members = [Member(f"u{number}", f"P{number}") for number in range(4)]
    for member in members:
        await tournaments.join(tournament.id, member)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    first, second = sorted(await repo.pairings(tournament.id, 1), key=lambda p: p.position)
    for user_id in first.players:
        await tournaments.drop(tournament.id, Member(user_id, user_id))
    await tournaments.end_round(tournament.id, ORGANISER, may_organise=True)
    tournament = await repo.get_tournament(tournament.id)
    if tournament.status != "finished":
        await tournaments.end_round(tournament.id, ORGANISER, may_organise=True)
    assert (await repo.get_tournament(tournament.id)).status == "finished"
    lines = await tournaments.standings(tournament.id)
    winners = [line for line in lines if line.place == 1]
    assert len(winners) == 1 and winners[0].user_id in second.players, lines
    for line in lines:
        if line.user_id in first.players:
            assert line.note.en in ("out in round 1", "out in round 2"), line
