"""/tournament and /leaderboard through the bot (issue 10): create, join, start, a round in a
thread with its deadline, standings after the round, the final ranking, and refusals.
"""

from __future__ import annotations

from tables.clocks import DAY, HOUR
from tests.bot.drive import Driver
from tests.bot.harness import answer, answer_request, message_text, restart, server


def cog(srv):
    return srv.bot.get_cog("TournamentCommands")


async def test_create_join_start_play_standings_and_leaderboard(tmp_path):
    """An organiser (the configured role) creates a one-round Swiss of the test game; two
    members join (a second join is refused); a member may not start it; the organiser starts
    it: the table opens in a thread and the channel shows the round with its deadline; once
    played, the standings and the final ranking are posted and /tournament standings shows
    them privately; the table was rated, so /leaderboard lists both players.
    """
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        role = srv.guild.create_role("organisers")
        await owner.slash(srv.channel, "settings organiser", role=role)
        olga = srv.guild.add_member(srv.env.create_user("olga"), roles=[role])
        anna, ben = srv.add("anna"), srv.add("ben")

        created = await olga.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Herbstpokal",
            options="hand=1",
            rounds=1,
            round_hours=24,
        )
        assert created.response is not None and not created.response.ephemeral
        assert "Tournament 1 “Herbstpokal”" in message_text(created.response)

        joined = await anna.slash(srv.channel, "tournament join", tournament=1)
        assert "You are registered for tournament 1." in answer(joined)
        await ben.slash(srv.channel, "tournament join")  # the newest tournament here
        twice = await anna.slash(srv.channel, "tournament join", tournament=1)
        assert "already registered" in answer(twice)

        refused = await anna.slash(srv.channel, "tournament start", tournament=1)
        assert "Only organisers may do that" in answer(refused)
        assert (await srv.bot.repository.get_tournament(1)).status == "registration"

        await olga.slash(srv.channel, "tournament start", tournament=1)
        [pairing] = await srv.bot.repository.pairings(1, 1)
        table_id = pairing.table_id
        thread = await srv.thread(table_id)
        assert "Herbstpokal · R1" in thread.name
        in_thread = "\n".join(message_text(m) for m in thread.history())
        assert "**Herbstpokal** · round 1 · round ends <t:" in in_thread
        announcement = "\n".join(message_text(m) for m in srv.channel.history())
        assert "**Herbstpokal** · round 1/1 · round ends <t:" in announcement
        assert f"<#{thread.id}>" in announcement

        await Driver(srv, table_id).play()
        assert (await srv.bot.repository.get_tournament(1)).status == "finished"
        posted = "\n".join(message_text(m) for m in srv.channel.history())
        assert "Herbstpokal · standings after round 1" in posted
        assert "Herbstpokal · final ranking" in posted
        assert "1. anna" in posted or "1. ben" in posted

        standings = await anna.slash(srv.channel, "tournament standings", tournament=1)
        text = answer(standings)
        assert "anna" in text and "ben" in text and "pts" in text

        board = await anna.slash(srv.channel, "leaderboard", game="test-highcard")
        board_text = message_text(board.response)
        assert "anna" in board_text and "ben" in board_text and "provisional" in board_text


async def test_bad_input_is_refused_privately_and_changes_nothing(tmp_path):
    """A member without the organiser role or Manage Server may not create; absurd options
    (0 rounds, best of 4, a time per move outside the tables' 10 minutes to 14 days or no
    duration at all, a closing time now) are refused with a clear private answer; German
    members read German; no tournament is stored.
    """
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna = srv.add("anna")
        refused = await anna.slash(
            srv.channel, "tournament create", game="test-highcard", name="Cup"
        )
        assert "Only organisers may do that" in answer(refused)
        zero = await owner.slash(
            srv.channel, "tournament create", game="test-highcard", name="Cup", rounds=0
        )
        assert "The number of rounds must be between 1 and 20 (not 0)." in answer(zero)
        four = await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Cup",
            format="elimination",
            best_of=4,
        )
        assert "Best of must be odd" in answer(four)
        for bad in ("5m", "15d", "soon"):
            clock = await owner.slash(
                srv.channel, "tournament create", game="test-highcard", name="Cup", per_move=bad
            )
            text = answer(clock)
            assert "between 10 minutes and 14 days" in text or "not a duration" in text
        timeout = await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Cup",
            closes_in_hours=0,
        )
        assert "The registration deadline is in the past." in answer(timeout)
        karl = srv.add("karl", locale="de")
        german = await karl.slash(srv.channel, "tournament join", tournament=7)
        assert "Turnier 7 gibt es nicht." in answer(german)
        assert await srv.bot.repository.tournaments_of_guild(str(srv.guild.id)) == []


async def test_a_running_tournament_survives_a_restart(tmp_path):
    """After a restart (a new bot on the same database) the round's table is finished through
    the buttons and the tournament goes on: round 2 opens in a new thread.
    """
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna, ben = srv.add("anna"), srv.add("ben")
        await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Nachtrunde",
            options="hand=1",
            rounds=2,
        )
        await anna.slash(srv.channel, "tournament join", tournament=1)
        await ben.slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        [first] = await srv.bot.repository.pairings(1, 1)
        await restart(srv)
        await Driver(srv, first.table_id).play()
        [second] = await srv.bot.repository.pairings(1, 2)
        assert second.table_id != first.table_id
        thread = await srv.thread(second.table_id)
        assert "Nachtrunde · R2" in thread.name
        posted = "\n".join(message_text(m) for m in srv.channel.history())
        assert "Nachtrunde · standings after round 1" in posted


async def test_registration_and_round_deadlines_run_by_themselves_across_a_restart(tmp_path):
    """Deadline rules through the bot, on simcord's virtual clock: registration closes by
    itself at its time and the channel is told; the round's table appears in `/table mine`;
    the bot is then down for three days with one table unfinished: after the restart the
    missed turn clock (12 h) makes one engine move, the missed round deadline plays out the
    rest, and the channel reads, once and in this order, that the round is closed, the
    standings after it and round 2 with a deadline counted from the restart; the played-out
    table's thread shows its end.
    """
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        players = [srv.add(name) for name in ("anna", "ben", "carla", "dora")]
        created = await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Wintercup",
            options="hand=1",
            rounds=2,
            round_hours=24,
            per_move="12h",
            closes_in_hours=2,
        )
        assert "Registration closes: <t:" in message_text(created.response)
        for player in players:
            await player.slash(srv.channel, "tournament join", tournament=1)
        record = await srv.bot.repository.get_tournament(1)
        assert record.config["clock"] == {"per_move": 12 * HOUR, "on_timeout": "engine"}

        await srv.env.advance_time(2 * HOUR + 1)
        assert (await srv.bot.repository.get_tournament(1)).status == "closed"
        posted = [message_text(m) for m in srv.channel.history()]
        assert (
            sum("registration for tournament 1 has closed (4 registered)" in t for t in posted) == 1
        )
        late = await srv.add("eve").slash(srv.channel, "tournament join", tournament=1)
        assert "Registration for tournament 1 is closed." in answer(late)

        await owner.slash(srv.channel, "tournament start", tournament=1)
        pairings = await srv.bot.repository.pairings(1, 1)
        anna = players[0]
        played = next(p for p in pairings if str(anna.id) in p.players)
        left = next(p for p in pairings if p is not played)
        mine = answer(await anna.slash(srv.channel, "table mine"))
        mine_line = next(x for x in mine.splitlines() if x.startswith(f"Table {played.table_id} "))
        assert "🏆 Wintercup R1 (round ends <t:" in mine_line and "⏳ 12 h" in mine_line
        await Driver(srv, played.table_id).play()
        seq = (await srv.bot.service.get(left.table_id)).seq
        before = len(srv.channel.history())

        await srv.bot.clocks.close()  # the process stops: its timer with it
        srv.env.backend.clock.advance(3 * DAY)
        await restart(srv)
        now = srv.bot.service.clock()
        log = await srv.bot.repository.log(left.table_id, seq)
        assert len([e for e in log if e.seat >= 0]) == 2  # the timeout's move, then the play-out
        table = await srv.bot.service.get(left.table_id)
        assert table.status == "finished" and table.record.settings["adjudicated"]
        rounds = await srv.bot.repository.rounds(1)
        assert [r.status for r in rounds] == ["finished", "open"]
        assert abs(rounds[1].deadline - (now + 24 * HOUR)) < 60
        new = [message_text(m) for m in srv.channel.history()[before:]]
        closing = [i for i, t in enumerate(new) if "round 1 is closed" in t]
        standings = [i for i, t in enumerate(new) if "Wintercup · standings after round 1" in t]
        second = [i for i, t in enumerate(new) if "**Wintercup** · round 2/2 · round ends" in t]
        assert len(closing) == len(standings) == len(second) == 1
        assert closing[0] < standings[0] < second[0]
        assert "Unfinished tables: 1; the engine plays them out" in new[closing[0]]
        thread = await srv.thread(left.table_id)
        texts = [message_text(m) for m in thread.history() if not m.flags.ephemeral]
        ended = [t for t in texts if "the engine played this table to its end" in t]
        assert len(ended) == 1 and "Game over" in ended[0]

        await srv.env.advance_time(HOUR)
        later = [message_text(m) for m in srv.channel.history()[before:]]
        assert sum("round 1 is closed" in t for t in later) == 1


async def test_organisers_hand_over_a_tournament_seat_and_the_entry_keeps_the_result(tmp_path):
    """Substitution rule at a tournament table (hosted by the tournament, not a member): a
    member with the organiser role may hand a seat over, a player may not; the stand-in plays
    it to the end and the standings credit the registered player, never the stand-in; the
    table is not rated. With pictures on, the round's table message carries its picture.
    """
    async with server(tmp_path, pictures=True) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        role = srv.guild.create_role("organisers")
        await owner.slash(srv.channel, "settings organiser", role=role)
        olga = srv.guild.add_member(srv.env.create_user("olga"), roles=[role])
        anna, ben, stella = srv.add("anna"), srv.add("ben"), srv.add("stella")
        await olga.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Cup",
            options="hand=1",
            rounds=1,
        )
        for player in (anna, ben):
            await player.slash(srv.channel, "tournament join", tournament=1)
        await olga.slash(srv.channel, "tournament start", tournament=1)
        [pairing] = await srv.bot.repository.pairings(1, 1)
        first = next(m for m in (await srv.thread(pairing.table_id)).history() if m.embeds)
        assert len(first.attachments) == 1 and first.attachments[0].filename.endswith(".png")
        table = await srv.bot.service.get(pairing.table_id)
        seat = table.seat_of(str(ben.id)) + 1
        refused = await anna.slash(
            srv.channel, "table substitute", seat=seat, member=stella, table=table.id
        )
        assert "Only the host" in answer(refused)
        done = await olga.slash(
            srv.channel, "table substitute", seat=seat, member=stella, table=table.id
        )
        assert "The request to stella is in the table's thread" in answer(done)
        await answer_request(srv, stella, accept=True)
        srv.members.pop("ben")
        await Driver(srv, table.id).play()
        finished = await srv.bot.service.get(table.id)
        assert finished.status == "finished" and finished.seat_of(str(stella.id)) == seat - 1
        lines = await srv.bot.tournaments.standings(1)
        assert {line.user_id for line in lines} == {str(anna.id), str(ben.id)}
        assert await srv.bot.repository.leaderboard("test-highcard", str(srv.guild.id)) == []


async def test_tournaments_open_only_in_the_channels_tables_may_open_in(tmp_path):
    """Server settings: with channels listed in /settings, a tournament (whose tables open in
    its channel) may be created only there; elsewhere the organiser is refused privately and
    nothing is stored."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        other = srv.guild.create_text_channel("turniere")
        await owner.slash(srv.channel, "settings channel", channel=other, allowed=True)
        refused = await owner.slash(
            srv.channel, "tournament create", game="test-highcard", name="Cup", options="hand=1"
        )
        assert refused.response is not None and refused.response.ephemeral
        assert "Tables may not be opened here" in answer(refused)
        assert await srv.bot.repository.tournaments_of_guild(str(srv.guild.id)) == []
        created = await owner.slash(
            other, "tournament create", game="test-highcard", name="Cup", options="hand=1"
        )
        assert created.response is not None and not created.response.ephemeral
        [record] = await srv.bot.repository.tournaments_of_guild(str(srv.guild.id))
        assert record.channel == str(other.id)
