"""Whole tournaments through the table service (issue 10): a 16-player Swiss at tables of four
and an 8-player best-of-3 elimination, played to the end by engine players; the lifecycle
(refusals, registration closing, check-in, late join, dropping out, the round deadline).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from storage.sqlite import SqliteRepository
from tables.service import Member, TableError, TableService
from tables.tournaments.formats import FORMATS
from tables.tournaments.messages import FORMAT_NAMES
from tables.tournaments.pairing import meeting_key
from tables.tournaments.ratings import RatingService
from tables.tournaments.service import TournamentService

ORGANISER = Member("u-org", "Olga")
GUILD, CHANNEL = "g1", "c1"


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def world(tmp_path):
    repo = SqliteRepository(str(tmp_path / "t.sqlite3"), synchronous="OFF")
    await repo.open()
    clock = Clock()
    tables = TableService(repo, clock=clock, seed_source=itertools.count(1).__next__)
    tournaments = TournamentService(repo, tables, clock=clock)
    ratings = RatingService(repo)
    tables.finished_listeners.append(tournaments.on_table_finished)
    tables.finished_listeners.append(ratings.on_table_finished)
    events = []

    async def hear(event):
        events.append(event)

    tournaments.listeners.append(hear)
    yield repo, tables, tournaments, clock, events
    await repo.close()


async def create(tournaments, **kwargs):
    defaults = {"guild": GUILD, "channel": CHANNEL, "organiser": ORGANISER, "name": "Cup"}
    return await tournaments.create(**{**defaults, **kwargs})


async def test_sixteen_engine_players_swiss_at_tables_of_four(world):
    """A whole Swiss of Stardust (one hand, 20 chips) for 16 engine players at tables of four,
    four rounds: every round seats everyone exactly once at four tables of four, with the
    tournament's time control as the table setting; the placing points handed out add up
    (a table of four gives 1 + 2/3 + 1/3 + 0 = 2); no pair meets more often than needed (16
    players at tables of four meet 3 others a round, and this Swiss keeps everyone's repeats to
    a handful); standings after every round; the tournament finishes by itself.
    """
    repo, tables, tournaments, _clock, events = world
    tournament = await create(
        tournaments,
        game_id="stardust",
        options={"hands": 1, "starting_chips": 20, "ante": 5},
        format="swiss",
        rounds=4,
        table_size=4,
        per_move=3600,
        on_timeout="forfeit",
    )
    for _ in range(16):
        await tournaments.add_engine(tournament.id, ORGANISER, may_organise=True)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    done = await repo.get_tournament(tournament.id)
    assert done.status == "finished"
    rounds = await repo.rounds(tournament.id)
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    assert all(r.status == "finished" for r in rounds)
    pairings = await repo.pairings(tournament.id)
    players = {r.user_id for r in await repo.registrations(tournament.id)}
    met = Counter()
    for number in range(1, 5):
        this_round = [p for p in pairings if p.round == number]
        seated = [u for p in this_round for u in p.players]
        assert sorted(seated) == sorted(players)
        assert [len(p.players) for p in this_round] == [4, 4, 4, 4]
        for pairing in this_round:
            table = await tables.get(pairing.table_id)
            assert table.status == "finished"
            assert table.record.settings["clock"] == {"per_move": 3600, "on_timeout": "forfeit"}
            assert [seat.name for seat in table.seats] == [
                next(r.name for r in await repo.registrations(tournament.id) if r.user_id == u)
                for u in pairing.players
            ]
            assert pairing.ranks == table.result().ranks
            for a, b in itertools.combinations(pairing.players, 2):
                met[meeting_key(a, b)] += 1
    # Round 1 has no repeats at all, and across four rounds no pair sits together three times.
    assert max(met.values()) <= 2
    lines = await tournaments.standings(tournament.id)
    assert sum(line.points for line in lines) == 4 * 4 * 2
    keys = [(line.points, line.tiebreaks[0][1]) for line in lines]
    assert keys == sorted(keys, reverse=True)
    kinds = [event.kind for event in events]
    assert kinds.count("round_opened") == 4 and kinds.count("round_finished") == 4
    assert kinds[-1] == "finished"
    finished_rounds = [e.round for e in events if e.kind == "round_finished"]
    assert finished_rounds == [1, 2, 3, 4]
    assert all(e.standings for e in events if e.kind == "round_finished")
    # Engine seats are never rated.
    assert await repo.leaderboard("stardust", GUILD) == []


async def test_eight_player_best_of_three_elimination(world):
    """Single elimination of Coppertwaddle (one game per table) for 8 engine players, best of
    three: round 1 pairs seeds 1-8, 4-5, 2-7, 3-6; a match (win 1, draw 0.5) stops as soon as
    the trailing player cannot catch up within three games, else goes to sudden death; 4, 2, 1
    matches; the champion is the only player never knocked out and the finalist places second.
    """
    repo, _tables, tournaments, _clock, events = world
    tournament = await create(
        tournaments,
        game_id="coppertwaddle",
        options={"games": 1},
        format="elimination",
        best_of=3,
    )
    for _ in range(8):
        await tournaments.add_engine(tournament.id, ORGANISER, may_organise=True)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    done = await repo.get_tournament(tournament.id)
    assert done.status == "finished"
    seeds = done.settings["seeds"]
    pairings = await repo.pairings(tournament.id)
    first = sorted({(p.position, tuple(sorted(p.players))) for p in pairings if p.round == 1})
    expected = [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [players for _pos, players in first] == [
        tuple(sorted((seeds[a - 1], seeds[b - 1]))) for a, b in expected
    ]
    knocked_out = set()
    games_played = 0
    for number, count in ((1, 4), (2, 2), (3, 1)):
        matches = {}
        for p in pairings:
            if p.round == number:
                matches.setdefault(p.position, []).append(p)
        assert len(matches) == count
        for games in matches.values():
            games_played += len(games)
            higher, lower = games[0].players
            assert all(set(game.players) == {higher, lower} for game in games)
            winner = match_winner(games, 3)
            assert winner is not None, "every match is decided"
            # stop when decided: one game fewer would not have decided it
            assert match_winner(games[:-1], 3) is None
            knocked_out.add(lower if winner == higher else higher)
    assert len(knocked_out) == 7
    print(f"\n8-player best-of-3 elimination: {games_played} games")
    lines = await tournaments.standings(tournament.id)
    assert lines[0].note.en == "winner" and lines[0].user_id not in knocked_out
    assert lines[1].note.en == "out in round 3"
    assert lines[1].note.de == "ausgeschieden in Runde 3"
    assert [line.place for line in lines[:4]] == [1, 2, 3, 3]
    assert events[-1].kind == "finished"


def match_winner(games, best_of):
    """The test's own reading of a best-of match: points (1, 0.5, 0) over the first best_of
    games; decided once the lead exceeds the games left; then the first decisive game; after
    twice best_of games the higher seed (the first player of game 1).
    """
    if not games:
        return None
    higher, lower = games[0].players
    points = Counter()
    for game in games[:best_of]:
        a, b = game.players
        if game.ranks[0] == game.ranks[1]:
            points[a] += 0.5
            points[b] += 0.5
        else:
            points[game.players[game.ranks.index(1)]] += 1
    left = best_of - min(len(games), best_of)
    lead = points[higher] - points[lower]
    if abs(lead) > left:
        return higher if lead > 0 else lower
    if left:
        return None
    for game in games[best_of:]:
        if game.ranks[0] != game.ranks[1]:
            return game.players[game.ranks.index(1)]
    return higher if len(games) >= 2 * best_of else None


async def test_bad_options_are_refused_and_nothing_is_stored(world):
    """0 rounds, best of 4, a table of 3 for a two-player format, an unknown format, a table
    size the game does not allow, a time per move of 1 second, a closing time in the past:
    each refused with a reason in both languages, and no tournament exists afterwards.
    """
    repo, _tables, tournaments, clock, _events = world
    cases = [
        ({"game_id": "test-highcard", "rounds": 0}, "number of rounds must be between"),
        (
            {"game_id": "test-highcard", "format": "elimination", "best_of": 4},
            "Best of must be odd",
        ),
        (
            {"game_id": "test-highcard", "format": "round_robin", "table_size": 3},
            "Round robin is for two-player tables only",
        ),
        ({"game_id": "test-highcard", "format": "ladder"}, "Unknown format ladder"),
        ({"game_id": "test-highcard", "table_size": 9}, "a table size of 9 does not work"),
        ({"game_id": "test-highcard", "per_move": 1}, "time per move must be between"),
        ({"game_id": "test-highcard", "on_timeout": "sleep"}, "When time runs out"),
        ({"game_id": "test-highcard", "closes_at": clock.now - 1}, "deadline is in the past"),
        ({"game_id": "test-highcard", "options": {"hand": 99}}, "Invalid option hand"),
        (
            {
                "game_id": "test-highcard",
                "format": "multi_elimination",
                "table_size": 3,
                "advance": 3,
            },
            "per table may advance",
        ),
        ({"game_id": "nope"}, "Unknown game 'nope'"),
    ]
    for case, reason in cases:
        with pytest.raises(TableError, match=reason) as refused:
            await create(tournaments, **case)
        assert refused.value.reason.de and refused.value.reason.en
        assert refused.value.reason.de != refused.value.reason.en
    assert await repo.tournaments_of_guild(GUILD) == []


async def test_a_refusal_names_the_format_and_the_game_in_the_readers_language(world):
    """A format or table size that does not fit the game is refused in words, not ids: the
    format by the name the create command offers it under, the game by its name in each
    language ("Siedler von Catan", not "Settlers of Catan", in German).
    """
    repo, _tables, tournaments, _clock, _events = world
    assert set(FORMAT_NAMES) == set(FORMATS), "every format has a name people read"
    with pytest.raises(TableError, match="Round robin is for two-player tables") as refused:
        await create(tournaments, game_id="stardust", format="round_robin")
    assert refused.value.reason.en == (
        "Round robin is for two-player tables only (table size 2); Stardust would seat 4."
    )
    assert refused.value.reason.de == (
        "Jeder gegen jeden gibt es nur für Spiele zu zweit (Tischgröße 2); Stardust hat 4 am Tisch."
    )
    with pytest.raises(TableError, match="a table size of 3 does not work") as refused:
        await create(tournaments, game_id="catan-deckbuilding", table_size=3)
    assert refused.value.reason.de == (
        "Siedler von Catan: Deck Building spielt man mit 2 bis 2 Personen; Tischgröße 3 geht nicht."
    )
    assert refused.value.reason.en.startswith("Settlers of Catan: Deck Building is played by")
    assert await repo.tournaments_of_guild(GUILD) == []


async def _play_round(tables, repo, tournament_id, number):
    """Members play every table of the round with their first legal move."""
    for _ in range(200):
        open_tables = [
            p.table_id
            for p in await repo.pairings(tournament_id, number)
            if p.table_id and p.ranks is None
        ]
        if not open_tables:
            return
        table = await tables.get(open_tables[0])
        seat = table.to_act()[0]
        await tables.act(
            table.id, Member(table.seats[seat].user_id, ""), table.legal_actions(seat)[0]
        )


async def test_lifecycle_registration_checkin_late_join_and_drop(world):
    """Registration closes at its time; a non-organiser may not close or start; twice
    registered is refused; with check-in on, who did not check in is not paired; a late entry
    plays from the next round with no points so far; a dropped player is not paired again;
    the standings come after every round.
    """
    repo, tables, tournaments, clock, events = world
    players = [Member(f"u{i}", f"P{i}") for i in range(6)]
    tournament = await create(
        tournaments,
        game_id="test-highcard",
        options={"hand": 1},
        rounds=3,
        checkin=True,
        late_join=True,
        closes_at=clock.now + 3600,
    )
    for member in players[:5]:
        await tournaments.join(tournament.id, member)
    with pytest.raises(TableError, match="already registered"):
        await tournaments.join(tournament.id, players[0])
    with pytest.raises(TableError, match="organisers"):
        await tournaments.close(tournament.id, players[1], may_organise=False)
    with pytest.raises(TableError, match="organisers"):
        await tournaments.start(tournament.id, players[1], may_organise=False)
    clock.now += 3601
    with pytest.raises(TableError, match="closed"):
        await tournaments.join(tournament.id, players[5])
    for member in players[:4]:
        await tournaments.checkin(tournament.id, member)
    await tournaments.start(tournament.id, ORGANISER, may_organise=False)  # the creator
    round_one = await repo.pairings(tournament.id, 1)
    assert sorted(u for p in round_one for u in p.players) == ["u0", "u1", "u2", "u3"]
    await tournaments.join(tournament.id, players[5])  # late entry
    await tournaments.drop(tournament.id, players[3])
    with pytest.raises(TableError, match="already dropped"):
        await tournaments.drop(tournament.id, players[3])
    await _play_round(tables, repo, tournament.id, 1)
    assert [e.kind for e in events if e.round == 1][-1] == "round_finished"
    round_two = await repo.pairings(tournament.id, 2)
    assert sorted(u for p in round_two for u in p.players) == ["u0", "u1", "u2", "u5"]
    lines = {line.user_id: line for line in await tournaments.standings(tournament.id)}
    assert lines["u5"].points == 0 and "u4" not in lines
    assert lines["u3"].dropped
    assert sum(line.points for line in lines.values()) == 2


async def test_round_deadline_plays_out_unfinished_tables(world):
    """When the round's stored deadline has passed, the handler plays out every unfinished
    table of the round with the engine player for the members still to decide; the round
    finishes, the next opens with a new deadline; those tables are not rated; a repeated call
    for the old round does nothing.
    """
    repo, tables, tournaments, clock, _events = world
    tournament = await create(
        tournaments, game_id="test-highcard", options={"hand": 2}, rounds=2, round_hours=24
    )
    for i in range(4):
        await tournaments.join(tournament.id, Member(f"u{i}", f"P{i}"))
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    [first] = await repo.rounds(tournament.id)
    assert first.deadline == clock.now + 24 * 3600
    clock.now = first.deadline + 1
    played = await tournaments.round_deadline_passed(tournament.id, 1)
    assert len(played) == 2
    for table_id in played:
        table = await tables.get(table_id)
        assert table.status == "finished" and table.record.settings["adjudicated"]
    rounds = await repo.rounds(tournament.id)
    assert rounds[0].status == "finished" and rounds[1].status == "open"
    assert rounds[1].deadline == clock.now + 24 * 3600
    assert await tournaments.round_deadline_passed(tournament.id, 1) == []
    assert await repo.leaderboard("test-highcard", GUILD) == []
    lines = await tournaments.standings(tournament.id)
    assert sum(line.points for line in lines) == 2
    assert all(isinstance(line.points, Fraction) for line in lines)


async def test_round_robin_everyone_meets_everyone_once(world):
    """Five engine players of Coppertwaddle: five rounds, each with one player sitting out
    (each exactly once), every pair meeting exactly once; Sonneborn-Berger breaks ties.
    """
    repo, _tables, tournaments, _clock, _events = world
    tournament = await create(
        tournaments, game_id="coppertwaddle", options={"games": 1}, format="round_robin"
    )
    for _ in range(5):
        await tournaments.add_engine(tournament.id, ORGANISER, may_organise=True)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    assert (await repo.get_tournament(tournament.id)).status == "finished"
    pairings = await repo.pairings(tournament.id)
    assert max(p.round for p in pairings) == 5
    met = Counter(meeting_key(*p.players) for p in pairings if not p.bye)
    players = {r.user_id for r in await repo.registrations(tournament.id)}
    assert set(met) == {meeting_key(a, b) for a, b in itertools.combinations(sorted(players), 2)}
    assert set(met.values()) == {1}
    assert sorted(p.players[0] for p in pairings if p.bye) == sorted(players)
    lines = await tournaments.standings(tournament.id)
    assert [name for name, _ in lines[0].tiebreaks] == ["SB", "W"]


async def test_multiplayer_elimination_top_two_advance_to_a_final_table(world):
    """Thirteen engine players of Stardust at tables of up to four, the top two of each table
    advancing: round 1 has tables of 4, 3, 3, 3 (never five, never two); eight go on to two
    tables of four; four reach the final table, whose placings top the final ranking.
    """
    repo, _tables, tournaments, _clock, _events = world
    tournament = await create(
        tournaments,
        game_id="stardust",
        options={"hands": 1, "starting_chips": 20, "ante": 5},
        format="multi_elimination",
        table_size=4,
        advance=2,
    )
    for _ in range(13):
        await tournaments.add_engine(tournament.id, ORGANISER, may_organise=True)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    assert (await repo.get_tournament(tournament.id)).status == "finished"
    pairings = await repo.pairings(tournament.id)
    sizes = {n: sorted(len(p.players) for p in pairings if p.round == n) for n in (1, 2, 3)}
    assert sizes == {1: [3, 3, 3, 4], 2: [4, 4], 3: [4]}
    for number in (1, 2):
        advanced = {u for p in pairings if p.round == number + 1 for u in p.players}
        for pairing in (p for p in pairings if p.round == number):
            going_on = [u for u in pairing.players if u in advanced]
            assert len(going_on) == 2
            best = sorted(pairing.ranks)[:2]
            assert sorted(pairing.ranks[pairing.players.index(u)] for u in going_on) == best
    [final] = [p for p in pairings if p.round == 3]
    lines = await tournaments.standings(tournament.id)
    top = {line.user_id: line.place for line in lines[:4]}
    assert set(top) == set(final.players)
    for user_id, place in top.items():
        rank = final.ranks[final.players.index(user_id)]
        assert place == rank


async def test_swiss_rounds_default_from_the_field(world):
    """Without a number of rounds, a Swiss of five at tables of two plays ceil(log2 5) = 3."""
    repo, _tables, tournaments, _clock, _events = world
    tournament = await create(tournaments, game_id="coppertwaddle", options={"games": 1})
    for _ in range(5):
        await tournaments.add_engine(tournament.id, ORGANISER, may_organise=True)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    done = await repo.get_tournament(tournament.id)
    assert done.status == "finished" and done.round == 3
    byes = [p.players[0] for p in await repo.pairings(tournament.id) if p.bye]
    assert len(byes) == 3 and len(set(byes)) == 3
    # round 1: the lowest seed sits out
    assert byes[0] == done.settings["seeds"][-1]


async def test_a_cancelled_table_is_void_at_the_deadline(world):
    """A server manager cancels one table of round 1; the other is played. At the deadline the
    cancelled table is void: no points and no meeting for its two players, and round 2 opens
    (where those two may meet, since they never played).
    """
    repo, tables, tournaments, clock, _events = world
    tournament = await create(
        tournaments, game_id="test-highcard", options={"hand": 1}, rounds=2, round_hours=1
    )
    for i in range(4):
        await tournaments.join(tournament.id, Member(f"u{i}", f"P{i}"))
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    first, second = await repo.pairings(tournament.id, 1)
    await tables.cancel(first.table_id, ORGANISER, may_manage=True)
    while (table := await tables.get(second.table_id)).status == "active":
        seat = table.to_act()[0]
        await tables.act(
            table.id, Member(table.seats[seat].user_id, ""), table.legal_actions(seat)[0]
        )
    assert (await repo.rounds(tournament.id))[0].status == "open"
    clock.now += 3601
    assert await tournaments.round_deadline_passed(tournament.id, 1) == []
    rounds = await repo.rounds(tournament.id)
    assert [r.status for r in rounds] == ["finished", "open"]
    lines = {line.user_id: line for line in await tournaments.standings(tournament.id)}
    assert lines[first.players[0]].points == 0 and lines[first.players[1]].points == 0
    assert sum(line.points for line in lines.values()) == 1


async def test_dropping_out_of_an_elimination_match_is_a_walkover(world):
    """Four members, best of three. Seed 1 drops out while game 1 of their match is running:
    that game goes on (its result stands), then the match goes to the opponent by walkover
    (no game 2 is opened); the other match is played normally and the final follows.
    """
    repo, tables, tournaments, _clock, _events = world
    tournament = await create(
        tournaments, game_id="test-highcard", options={"hand": 1}, format="elimination", best_of=3
    )
    members = [Member(f"u{i}", f"P{i}") for i in range(4)]
    for member in members:
        await tournaments.join(tournament.id, member)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    seeds = (await repo.get_tournament(tournament.id)).settings["seeds"]
    quitter = next(m for m in members if m.user_id == seeds[0])
    await tournaments.drop(tournament.id, quitter)
    match = next(p for p in await repo.pairings(tournament.id, 1) if seeds[0] in p.players)
    opponent = next(u for u in match.players if u != seeds[0])
    table = await tables.get(match.table_id)
    while table.status == "active":
        seat = table.to_act()[0]
        table = (
            await tables.act(
                table.id, Member(table.seats[seat].user_id, ""), table.legal_actions(seat)[0]
            )
        ).table
    games = [p for p in await repo.pairings(tournament.id, 1) if p.position == match.position]
    assert len(games) == 1  # no second game for a match with a player who left
    for _ in range(10):
        if (await repo.get_tournament(tournament.id)).round == 2:
            break
        await _play_round(tables, repo, tournament.id, 1)
    [final] = {tuple(p.players) for p in await repo.pairings(tournament.id, 2)}
    assert opponent in final and seeds[0] not in final


async def test_organisers_end_a_round_early_or_call_it_off(world):
    """A player may not end the round; the organiser may: its tables are played out and round
    2 opens. Called off, the tournament opens no further round when round 2's table finishes,
    and ending a round of a called-off tournament is refused.
    """
    repo, tables, tournaments, _clock, _events = world
    tournament = await create(tournaments, game_id="test-highcard", options={"hand": 1}, rounds=3)
    members = [Member(f"u{i}", f"P{i}") for i in range(2)]
    for member in members:
        await tournaments.join(tournament.id, member)
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    with pytest.raises(TableError, match="organisers"):
        await tournaments.end_round(tournament.id, members[0], may_organise=False)
    assert len(await tournaments.end_round(tournament.id, ORGANISER, may_organise=False)) == 1
    assert (await repo.get_tournament(tournament.id)).round == 2
    with pytest.raises(TableError, match="organisers"):
        await tournaments.cancel(tournament.id, members[1], may_organise=False)
    await tournaments.cancel(tournament.id, ORGANISER, may_organise=True)
    await _play_round(tables, repo, tournament.id, 2)
    done = await repo.get_tournament(tournament.id)
    assert done.status == "cancelled" and done.round == 2
    with pytest.raises(TableError, match="not running"):
        await tournaments.end_round(tournament.id, ORGANISER, may_organise=True)


async def test_resume_after_a_crash_catches_up(world):
    """Two things a crash can cut off, caught up by ``resume`` at start-up: round 1's tables
    were created but not started (they are started and announced); a table finished while the
    tournament did not hear it (its result is recorded and round 2 opens).
    """
    repo, tables, tournaments, _clock, events = world
    tournament = await create(tournaments, game_id="test-highcard", options={"hand": 1}, rounds=2)
    for i in range(2):
        await tournaments.join(tournament.id, Member(f"u{i}", f"P{i}"))
    real_start = tournaments._start_tables

    async def crash_before_starting(event):
        return None

    tournaments._start_tables = crash_before_starting
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    tournaments._start_tables = real_start
    [pairing] = await repo.pairings(tournament.id, 1)
    assert (await tables.get(pairing.table_id)).status == "lobby"
    await tournaments.resume()
    assert (await tables.get(pairing.table_id)).status == "active"
    assert [e.kind for e in events] == ["round_opened"]
    tables.finished_listeners.remove(tournaments.on_table_finished)  # the result goes unheard
    while (table := await tables.get(pairing.table_id)).status == "active":
        seat = table.to_act()[0]
        who = Member(table.seats[seat].user_id, "")
        await tables.act(table.id, who, table.legal_actions(seat)[0])
    assert (await tables.get(pairing.table_id)).status == "finished"
    assert (await repo.get_tournament(tournament.id)).round == 1
    tables.finished_listeners.append(tournaments.on_table_finished)
    await tournaments.resume()
    assert (await repo.get_tournament(tournament.id)).round == 2
    assert [e.kind for e in events] == ["round_opened", "round_finished", "round_opened"]


async def test_a_late_entry_in_the_last_round_is_refused_because_it_would_never_play(world):
    """Late join: a late entry plays from the next round on, so once a Swiss is in its last
    round there is no round left for it, and the entry is refused with nothing stored."""
    repo, tables, tournaments, _clock, _events = world
    tournament = await create(
        tournaments, game_id="test-highcard", options={"hand": 1}, rounds=2, late_join=True
    )
    for i in range(4):
        await tournaments.join(tournament.id, Member(f"u{i}", f"P{i}"))
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    await tournaments.join(tournament.id, Member("u-early", "Early"))  # round 2 is still ahead
    await _play_round(tables, repo, tournament.id, 1)
    late = Member("u-late", "Late")
    with pytest.raises(TableError, match="last round"):
        await tournaments.join(tournament.id, late)
    assert "u-late" not in {r.user_id for r in await repo.registrations(tournament.id)}
    round_two = await repo.pairings(tournament.id, 2)
    assert "u-early" in {u for p in round_two for u in p.players}
