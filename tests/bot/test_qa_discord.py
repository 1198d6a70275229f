"""Findings of a QA pass on the Discord side of clocks and tournaments: each test names the
rule it checks and failed before its fix.
"""

from __future__ import annotations

import asyncio

from tests.bot.drive import Driver
from tests.bot.harness import answer, message_text, restart, server

SYSTEM_THREAD_CREATED = 18
"""Discord's "X started a thread" notice; a system message, which pings nobody."""


def pinged(srv, channel_id):
    """(user ids pinged, @everyone pinged) by the bot's ordinary messages in a channel."""
    users, everyone = set(), False
    for message in srv.env.backend.messages.get(channel_id, {}).values():
        if message.type == SYSTEM_THREAD_CREATED:
            continue
        users.update(message.ping_user_ids)
        everyone = everyone or message.mention_everyone
    return users, everyone


async def test_a_tournament_name_pings_nobody(tmp_path):
    """allowed_mentions rule: text an organiser types (the tournament's name) never pings. A
    name holding a member's mention and @everyone is posted on create, in the round's post,
    the standings and the final ranking; only the players of a round's tables are pinged, in
    the post that lists their tables; the name's markdown does not break the bold heading."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna, ben, carla = srv.add("anna"), srv.add("ben"), srv.add("carla")
        name = f"<@{carla.id}> @everyone **Cup"
        created = await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name=name,
            options="hand=1",
            rounds=1,
        )
        assert not created.response.ephemeral
        assert pinged(srv, srv.channel.id) == (set(), False)
        for player in (anna, ben):
            await player.slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        [pairing] = await srv.bot.repository.pairings(1, 1)
        assert pinged(srv, srv.channel.id) == ({anna.id, ben.id}, False)
        announcement = next(
            m for m in srv.channel.history() if "round 1/1" in (m.content or "")
        ).content
        assert announcement.startswith("**") and "\\*\\*Cup** · round 1/1" in announcement
        thread = await srv.thread(pairing.table_id)
        users, everyone = pinged(srv, thread.id)
        assert carla.id not in users and not everyone
        await Driver(srv, pairing.table_id).play()
        assert (await srv.bot.repository.get_tournament(1)).status == "finished"
        assert pinged(srv, srv.channel.id) == ({anna.id, ben.id}, False)


async def test_a_big_round_lists_every_table_in_the_channel(tmp_path):
    """Round post rule: "the channel lists the round's tables". With 25 tables the list is
    longer than one message (2,000 characters); it used to be cut there, so the players of the
    last tables were neither named nor pinged nor shown their thread. Every table is listed,
    whole, in posts of at most 2,000 characters."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        players = [srv.add(f"p{n:02}") for n in range(50)]
        await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Massenstart",
            options="hand=1",
            rounds=1,
        )
        for player in players:
            await player.slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        pairings = await srv.bot.repository.pairings(1, 1)
        assert len(pairings) == 25
        posts = [m.content for m in srv.channel.history() if "Table " in (m.content or "")]
        assert all(len(post) <= 2000 for post in posts)
        listed = "\n".join(posts)
        for pairing in pairings:
            thread = await srv.thread(pairing.table_id)
            assert f"Table {pairing.table_id}: " in listed and f"<#{thread.id}>" in listed
        assert pinged(srv, srv.channel.id)[0] == {player.id for player in players}


async def test_standings_of_a_big_field_show_the_asker_and_say_how_many_are_left_out(tmp_path):
    """Standings rule: "/tournament standings shows them privately" to every player. The list
    stops at 40 lines (an embed's size); a player further down used to be missing from their
    own answer, and nobody could tell the list was cut. Now it says how many are not shown and
    the asker's own line follows."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        players = [srv.add(f"p{n:02}") for n in range(45)]
        await owner.slash(
            srv.channel, "tournament create", game="test-highcard", name="Cup", options="hand=1"
        )
        for player in players:
            await player.slash(srv.channel, "tournament join", tournament=1)
        last = players[-1]
        text = answer(await last.slash(srv.channel, "tournament standings", tournament=1))
        assert "p44" in text and "5 more not shown" in text
        first = answer(await players[0].slash(srv.channel, "tournament standings"))
        assert "p44" not in first and "5 more not shown" in first


async def test_closing_the_bot_while_deadlines_run_does_not_wait_for_the_next_wake_up(tmp_path):
    """Shutdown rule: the clocks' timer ends with the bot. Closing while a run of the deadlines
    is in progress let that run finish and then went to sleep until the next deadline (up to
    an hour), so the bot's close hung; it must end right after the run."""
    async with server(tmp_path) as srv:
        clocks, scheduler = srv.bot.clocks, srv.bot.service.scheduler
        entered, release = asyncio.Event(), asyncio.Event()
        original = scheduler.run_due

        async def slow_run(now=None):
            entered.set()
            await release.wait()
            return await original(now)

        scheduler.run_due = slow_run
        await scheduler.add("vacation_end", srv.bot.service.clock(), user_id="0")
        await asyncio.wait_for(entered.wait(), 30)
        closing = asyncio.ensure_future(clocks.close())
        await asyncio.sleep(0)
        release.set()
        # Real seconds, not simulated ones: the run's storage work happens in a thread. A hung
        # close sleeps until the next deadline, up to an hour; 30 s leaves room for a test
        # worker that shares its core with two others.
        await asyncio.wait({closing}, timeout=30)
        scheduler.run_due = original
        if not closing.done():
            closing.cancel()
            raise AssertionError("close() still waits for the timer's next wake-up")


async def test_the_move_that_ends_a_round_is_answered_before_the_next_round_is_paired(
    tmp_path, monkeypatch
):
    """Discord's 3-second rule (design: "acknowledge within 3 seconds; defer when work may
    take longer"): the move that finishes a round's last table used to wait, before its
    answer, for the next round to be paired and all its tables opened (seconds in a big
    Swiss). Pairing here takes 4 simulated seconds; the mover is still answered, the move is
    stored, and round 2 opens after the answer."""
    from tables.tournaments.service import TournamentService

    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna, ben = srv.add("anna"), srv.add("ben")
        await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Cup",
            options="hand=1",
            rounds=2,
        )
        for player in (anna, ben):
            await player.slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        [pairing] = await srv.bot.repository.pairings(1, 1)
        opening = TournamentService._open_round

        async def slow_pairing(self, tournament, number, changes, history):
            if number > 1:
                srv.env.backend.clock.advance(4)  # a big field's pairing takes seconds
            return await opening(self, tournament, number, changes, history)

        monkeypatch.setattr(TournamentService, "_open_round", slow_pairing)
        driver = Driver(srv, pairing.table_id)
        await driver.play()
        last_move = driver.private[-1][1]
        assert last_move.response is not None and "Played: " in message_text(last_move.response)
        assert [r.status for r in await srv.bot.repository.rounds(1)] == ["finished", "open"]


async def test_a_reminder_goes_to_nobody_but_the_seats_holder(tmp_path):
    """Reminder rule "a reminder whose seat has moved is never sent", and invariant 1 (a
    seat's hand reaches its holder only): when the seat changes hands while its reminder is
    being handled, the old holder gets no reminder (it carries the seat's hand and move
    buttons); the new holder's clock is fresh."""
    from games.core import register, unregister
    from tables.clocks import HOUR
    from tables.service import Member
    from tests.bot.secretgame import GAME as SECRET

    register(SECRET)
    try:
        async with server(tmp_path) as srv:
            anna, ben, carla = srv.add("anna"), srv.add("ben"), srv.add("carla")
            await anna.slash(
                srv.channel, "table open", game=SECRET.id, options="hand=3", clock="24h"
            )
            table_id = (await srv.bot.service.tables_of_user(str(anna.id)))[0].id
            await ben.click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
            await anna.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
            table = await srv.bot.service.get(table_id)
            [seat] = table.to_act()
            holder = next(a for a in (anna, ben) if str(a.id) == table.seats[seat].user_id)
            repository = srv.bot.repository
            asked = repository.get_reminders_off

            async def handed_over_meanwhile(user_id):
                if user_id == str(holder.id):
                    await srv.bot.service.substitute(
                        table_id, seat, Member(str(anna.id), "anna"), Member(str(carla.id), "c")
                    )
                return await asked(user_id)

            repository.get_reminders_off = handed_over_meanwhile
            before = len(srv.dms(holder))
            await srv.env.advance_time(12 * HOUR + 1)
            repository.get_reminders_off = asked
            assert not [m for m in srv.dms(holder)[before:] if "Reminder" in (m.content or "")]
            assert (await srv.bot.service.get(table_id)).seats[seat].user_id == str(carla.id)
    finally:
        unregister(SECRET.id)


async def test_table_show_does_not_reach_another_servers_table(tmp_path):
    """Bad input rule (a foreign id gets a clear private answer and changes nothing), as join,
    watch and substitute have it: /table show with another server's table number posted that
    table publicly here, its members' names, clocks and My hand button included."""
    from tests.bot.test_clocks import seated

    async with server(tmp_path) as srv:
        _actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        other = srv.env.create_guild("Nachbarn")
        channel = other.create_text_channel("karten")
        eve = other.add_member(srv.env.create_user("eve"))
        refused = await eve.slash(channel, "table show", table=table_id)
        assert f"There is no table {table_id}." in answer(refused)
        assert not [m for m in channel.history() if not m.flags.ephemeral]


async def test_a_registration_deadline_centuries_away_is_refused(tmp_path):
    """Bad input rule (an out-of-range option gets a clear private answer and changes
    nothing): closes_in_hours=1e15 was stored and posted as a date Discord cannot show
    (<t:3600000001767225344:f>), with a scheduler deadline for it. At most 90 days; the
    refusal is private and nothing is stored."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        for hours in (1e15, 90 * 24 + 1):
            refused = await owner.slash(
                srv.channel,
                "tournament create",
                game="test-highcard",
                name="Cup",
                closes_in_hours=hours,
            )
            assert "at most 2160 hours (90 days)" in answer(refused)
        assert await srv.bot.repository.tournaments_of_guild(str(srv.guild.id)) == []
        created = await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Cup",
            closes_in_hours=90 * 24,
        )
        assert not created.response.ephemeral


async def test_a_button_id_with_unicode_digits_gets_the_malformed_answer(tmp_path):
    """Bad input rule (a malformed id gets a clear private answer): "²" and "١" pass
    str.isdigit() but int() refuses "²", so parsing a crafted Watch, move or page button
    raised inside discord.py (no answer at all: "interaction failed"). Each is answered
    privately as malformed, and a page number in other digits counts as the first page."""
    from tests.bot.harness import post_button
    from tests.bot.test_clocks import seated

    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        thread = await srv.thread(table_id)
        seq = (await srv.bot.service.get(table_id)).seq
        for cid in ("tr:w:²", f"tr:a:{table_id}:²:x", "tr:h:١"):
            crafted = await post_button(srv, thread.id, cid)
            clicked = await actors[0].click(crafted, label="?")
            assert "This button is damaged or outdated" in answer(clicked), cid
        crafted = await post_button(srv, thread.id, f"tr:p:{table_id}:{seq}:²")
        paged = await actors[0].click(crafted, label="?")
        assert paged.response is not None


async def test_a_round_table_left_without_its_thread_by_a_restart_gets_it_at_start_up(tmp_path):
    """Restart rule ("a restart loses no table"; each round's table "opens in its own thread"):
    the round's tables are started first and their threads opened afterwards, one REST call
    at a time; a bot stopped in between left started tables with no thread, no post and no
    turn DM for ever. At start-up such a table gets its thread, its first message and the
    channel's line for it; the player to act gets the turn DM."""
    from tests.bot.harness import restart

    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna, ben = srv.add("anna"), srv.add("ben")
        await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Cup",
            options="hand=1",
            rounds=1,
            round_hours=24,
        )
        for player in (anna, ben):
            await player.slash(srv.channel, "tournament join", tournament=1)
        srv.bot.service.post_listeners.clear()  # the process stops before posting
        await owner.slash(srv.channel, "tournament start", tournament=1)
        [pairing] = await srv.bot.repository.pairings(1, 1)
        table = await srv.bot.service.get(pairing.table_id)
        assert table.status == "active" and "thread" not in table.record.place
        to_act = next(a for a in (anna, ben) if str(a.id) == table.waiting_for()[0].user_id)
        dms = len(srv.dms(to_act))
        await restart(srv)
        thread = await srv.thread(pairing.table_id)
        assert any(m.embeds for m in thread.history())
        posted = "\n".join(m.content or "" for m in srv.channel.history())
        assert f"Table {pairing.table_id}: " in posted and f"<#{thread.id}>" in posted
        assert len(srv.dms(to_act)) > dms


async def test_a_clock_left_with_a_seats_old_holder_by_a_crash_moves_to_the_new_one(tmp_path):
    """Restart rule (every running table gets the clocks it needs at start-up): substitution
    stores the new seat holder, then clears the seat's clock. A crash in between left the old
    holder's clock and reminders, which start-up kept (only the seat was compared), so the
    new holder was never reminded. Start-up now sets the seat a clock of its holder."""
    from storage import SeatRecord
    from tables.clocks import HOUR
    from tests.bot.harness import restart
    from tests.bot.test_clocks import seated

    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        carla = srv.add("carla")
        table = await srv.bot.service.get(table_id)
        [seat] = table.to_act()
        old = next(a for a in actors if str(a.id) == table.seats[seat].user_id)
        seats = [*table.seats]
        seats[seat] = SeatRecord(seat, "carla", user_id=str(carla.id))
        await srv.bot.repository.set_seats(table_id, seats)  # ... and the process stops here
        await srv.bot.clocks.close()
        await restart(srv)
        clocks = await srv.bot.repository.deadlines(table_id=table_id, kinds=("turn",))
        assert [d.user_id for d in clocks] == [str(carla.id)]
        before = {a.name: len(srv.dms(a)) for a in (old, carla)}
        await srv.env.advance_time(12 * HOUR + 1)
        assert any("Reminder" in (m.content or "") for m in srv.dms(carla)[before["carla"] :])
        assert not any("Reminder" in (m.content or "") for m in srv.dms(old)[before[old.name] :])


async def test_a_tournament_post_stored_before_the_bot_stopped_is_sent_after_the_restart(
    tmp_path,
):
    """Shutdown rule (a stop loses nothing it acknowledged): what the tournament service
    reported used to be posted from background tasks that died with the bot (a round's
    standings or final ranking never posted). It is now stored with the change it reports,
    and the next start sends it, once."""
    from tables.clocks import HOUR

    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        await owner.slash(
            srv.channel, "tournament create", game="test-highcard", name="Cup", closes_in_hours=1
        )
        srv.bot.service.post_listeners.clear()  # the process stops before posting
        before = len(srv.channel.history())
        await srv.env.advance_time(HOUR + 1)
        assert (await srv.bot.repository.get_tournament(1)).status == "closed"
        assert len(srv.channel.history()) == before
        await restart(srv)
        await restart(srv)
        posted = [m.content for m in srv.channel.history()[before:]]
        closed = [text for text in posted if "registration for tournament 1 has closed" in text]
        assert len(closed) == 1


async def test_a_cancelled_tournament_says_it_is_over_not_that_it_has_started(tmp_path):
    """Bad input rule (a clear answer): starting, or adding an engine player to, a tournament
    that was called off answered "Tournament 1 has already started"; it says it is over, and
    nothing changes."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        await owner.slash(srv.channel, "tournament create", game="test-highcard", name="Cup")
        await srv.add("anna").slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament engine", tournament=1)
        await owner.slash(srv.channel, "tournament cancel", tournament=1)
        for command in ("tournament start", "tournament engine"):
            refused = await owner.slash(srv.channel, command, tournament=1)
            assert "Tournament 1 is already over." in answer(refused), command
        assert (await srv.bot.repository.get_tournament(1)).status == "cancelled"
        assert len(await srv.bot.repository.registrations(1)) == 2


async def test_one_table_that_cannot_load_does_not_stop_every_clock_after_a_restart(tmp_path):
    """Scheduler rule ("one broken table must not stop the clock of every other"): the
    start-up reconcile loaded every running table with a clock; one that could not load (its
    game gone from this version) raised, the timer skipped the run, slept an hour and failed
    again the same way, so no clock ran anywhere, ever. The broken table is left out (and
    logged); the other table's clock runs out on time."""
    from games.core import register, unregister
    from tables.clocks import DAY
    from tests.bot.harness import restart
    from tests.bot.secretgame import GAME as SECRET
    from tests.bot.test_clocks import seated

    register(SECRET)
    registered = True
    try:
        async with server(tmp_path) as srv:
            await seated(srv, SECRET.id, ["anna", "ben"])
            _actors, table_id = await seated(srv, "test-highcard", ["carla", "dora"])
            seq = (await srv.bot.service.get(table_id)).seq
            await srv.bot.clocks.close()
            unregister(SECRET.id)  # the next version no longer has the game
            registered = False
            await restart(srv)
            await srv.env.advance_time(DAY + 60)
            assert (await srv.bot.service.get(table_id)).seq > seq
    finally:
        if registered:
            unregister(SECRET.id)


async def test_an_organiser_dropping_a_player_is_told_about_that_player(tmp_path):
    """Bad input rule (a clear answer): an organiser who names a player who is not registered,
    or who already dropped out, was told "You are not registered" / "You have already dropped
    out", as if it were about the organiser; the answer names the player and nothing changes."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna, ben = srv.add("anna"), srv.add("ben")
        await owner.slash(srv.channel, "tournament create", game="test-highcard", name="Cup")
        await anna.slash(srv.channel, "tournament join", tournament=1)
        refused = await owner.slash(srv.channel, "tournament drop", tournament=1, player=ben)
        assert f"<@{ben.id}> is not registered for tournament 1." in answer(refused)
        await owner.slash(srv.channel, "tournament close", tournament=1)
        await owner.slash(srv.channel, "tournament engine", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        await owner.slash(srv.channel, "tournament drop", tournament=1, player=anna)
        twice = await owner.slash(srv.channel, "tournament drop", tournament=1, player=anna)
        assert "anna has already dropped out of tournament 1." in answer(twice)
        own = await anna.slash(srv.channel, "tournament drop", tournament=1)
        assert "You have already dropped out of tournament 1." in answer(own)
