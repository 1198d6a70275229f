"""Asynchronous play over days through the bot (issue 9), on simcord's virtual clock: reminders,
timeouts, vacation, substitution, spectators, `my tables` and a restart after days offline.
Nothing sleeps for real: ``advance_time`` moves the clock the bot's timer sleeps on.
"""

from __future__ import annotations

import pytest

from games.core import register, unregister
from tables.clocks import DAY, HOUR
from tests.bot.drive import Driver
from tests.bot.harness import (
    HAND,
    answer,
    answer_request,
    custom_ids,
    message_text,
    restart,
    server,
)
from tests.bot.secretgame import GAME as SECRET
from tests.bot.secretgame import hidden_from, token


@pytest.fixture
def secret_game():
    register(SECRET)
    yield SECRET
    unregister(SECRET.id)


async def seated(srv, game_id, names, *, clock="24h", on_timeout="engine", options="hand=3"):
    actors = [srv.add(name) for name in names]
    result = await actors[0].slash(
        srv.channel,
        "table open",
        game=game_id,
        options=options,
        clock=clock,
        on_timeout=on_timeout,
    )
    assert result.response is not None and not result.response.ephemeral, answer(result)
    table_id = (await srv.bot.service.tables_of_user(str(actors[0].id)))[0].id
    for actor in actors[1:]:
        await actor.click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
    await actors[0].click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
    return actors, table_id


async def thread_texts(srv, table_id):
    thread = await srv.thread(table_id)
    return [message_text(m) for m in thread.history() if not m.flags.ephemeral]


async def waiting(srv, table_id, actors):
    table = await srv.bot.service.get(table_id)
    user_id = table.waiting_for()[0].user_id
    return next(a for a in actors if str(a.id) == user_id)


def refuse_dms(srv, actor):
    srv.env.inject_error(
        "POST",
        f"/channels/{actor.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


async def test_reminders_by_dm_at_half_time_and_before_the_end_else_a_mention(tmp_path):
    """Two reminders per turn (12 h and 2.4 h before the end of a 24 h clock): by DM to a
    player who takes DMs, as a mention in the thread for one whose DMs Discord refuses; none
    for a player who turned them off; the table message shows the time left."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        anna, ben = actors
        refuse_dms(srv, ben)
        turn = message_text(await srv.latest_turn(table_id))
        assert "1 day per move" in turn and "left (until <t:" in turn
        first = await waiting(srv, table_id, actors)
        assert first is anna
        dms_before = len(srv.dms(anna))
        await srv.env.advance_time(12 * HOUR + 1)
        reminders = [m for m in srv.dms(anna)[dms_before:] if "Reminder" in (m.content or "")]
        assert len(reminders) == 1 and "12 h left" in reminders[0].content
        assert "Your hand · table" in message_text(reminders[0])  # with the buttons to move
        await srv.env.advance_time(9 * HOUR + 36 * 60)
        reminders = [m for m in srv.dms(anna)[dms_before:] if "Reminder" in (m.content or "")]
        assert len(reminders) == 2 and "2 h 24 min left" in reminders[1].content
        driver = Driver(srv, table_id)
        await driver.move_from_thread(anna)
        assert await waiting(srv, table_id, actors) is ben
        await srv.env.advance_time(12 * HOUR + 1)
        mentions = [t for t in await thread_texts(srv, table_id) if "reminder – it is your" in t]
        assert len(mentions) == 1 and f"<@{ben.id}>" in mentions[0]
        await ben.slash(srv.channel, "reminders", state="off")
        await srv.env.advance_time(10 * HOUR)
        mentions = [t for t in await thread_texts(srv, table_id) if "reminder – it is your" in t]
        assert len(mentions) == 1  # the second reminder is not sent: turned off
        mine = await anna.slash(srv.channel, "table mine")
        assert "to act: ben · ⏳ 2 h" in answer(mine)
        assert "https://discord.com/channels/" in answer(mine)


async def test_timeout_engine_moves_for_the_seat_and_play_goes_on(tmp_path):
    """on_timeout=engine: after 24 h the engine plays the waiting seat's move; the thread
    says so; the next player is notified and has a fresh 24 h; a table through several days."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        seq = (await srv.bot.service.get(table_id)).seq
        late = await waiting(srv, table_id, actors)
        await srv.env.advance_time(DAY + 1)
        table = await srv.bot.service.get(table_id)
        log = await srv.bot.repository.log(table_id, seq)
        assert log[0].seat == table.seat_of(str(late.id))
        texts = await thread_texts(srv, table_id)
        assert any(f"<@{late.id}>: your time ran out – an engine player" in t for t in texts)
        driver = Driver(srv, table_id)
        days = 0
        while (await srv.bot.service.get(table_id)).status == "active":
            await srv.env.advance_time(20 * HOUR)  # every move within its day
            days += 1
            await driver.move_from_thread(await waiting(srv, table_id, actors))
        assert days >= 4
        log = await srv.bot.repository.log(table_id)
        assert len([e for e in log if e.seat == table.seat_of(str(late.id))]) >= 2


async def test_timeout_forfeit_ends_the_table_with_the_seat_last(tmp_path):
    """on_timeout=forfeit in a game a forfeit ends: the table ends, the result ranks the
    forfeiting seat last, the thread shows the game over."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(
            srv, "test-highcard", ["anna", "ben"], clock="10m", on_timeout="forfeit"
        )
        late = await waiting(srv, table_id, actors)
        await srv.env.advance_time(10 * 60 + 1)
        table = await srv.bot.service.get(table_id)
        assert table.status == "finished"
        assert table.result().ranks[table.seat_of(str(late.id))] == 2
        last = message_text(await srv.latest_turn(table_id))
        assert "you forfeited" in last and "Game over" in last and "forfeits (time ran out)" in last


async def test_clock_bounds_are_refused_privately(tmp_path):
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        for bad in ("5m", "15d", "soon"):
            refused = await anna.slash(srv.channel, "table open", game="test-highcard", clock=bad)
            assert "between 10 minutes and 14 days" in answer(
                refused
            ) or "not a duration" in answer(refused)
        assert await srv.bot.service.tables_of_user(str(anna.id)) == []


async def test_vacation_pauses_the_clock_and_resumes_with_the_time_left(tmp_path):
    """/vacation start pauses every clock of the player; the table shows who is away and
    until when; no timeout while away; /vacation end resumes with the time that was left; an
    allowance the server lowered refuses a longer vacation, privately."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        anna = await waiting(srv, table_id, actors)
        await srv.env.advance_time(10 * HOUR)
        seq = (await srv.bot.service.get(table_id)).seq
        started = await anna.slash(srv.channel, "vacation start", days=3)
        assert "clocks at every table are paused" in answer(started)
        await anna.slash(await srv.thread(table_id), "table show", table=table_id)
        shown = message_text(await srv.latest_turn(table_id))
        assert "paused, away until <t:" in shown and "then 14 h left" in shown
        mine = answer(await anna.slash(srv.channel, "table mine"))
        assert "away until <t:" in mine
        await srv.env.advance_time(2 * DAY)
        texts = await thread_texts(srv, table_id)
        assert not any("your time ran out" in t for t in texts)
        assert (await srv.bot.service.get(table_id)).seq == seq  # nothing moved while away
        ended = await anna.slash(srv.channel, "vacation end")
        assert "Welcome back" in answer(ended)
        mine = answer(await anna.slash(srv.channel, "table mine"))
        assert "to act: you · ⏳ 14 h" in mine
        owner = srv.guild.add_member(srv.guild.owner)
        await owner.slash(srv.channel, "settings vacation", days=3)
        refused = await anna.slash(srv.channel, "vacation start", days=3)
        assert "1 vacation days left" in answer(refused)
        await srv.env.advance_time(14 * HOUR + 1)
        texts = await thread_texts(srv, table_id)
        assert any("your time ran out" in t for t in texts)
        owner_left = await owner.slash(srv.channel, "settings vacation", days=14)
        assert "at most 14 days" in answer(owner_left)
        ben = next(a for a in actors if a is not anna)
        await ben.slash(srv.channel, "vacation start", days=1)
        await srv.env.advance_time(DAY + 1)
        assert any("Your vacation is over" in (m.content or "") for m in srv.dms(ben))


async def test_substitution_gives_the_hand_to_the_new_holder_only(tmp_path, secret_game):
    """The host hands Ben's seat to Carla and Carla accepts: then Carla gets the seat's hand
    by DM and My hand works for her at once; Ben's My hand and old buttons answer privately
    that he no longer holds the seat; no public message names a hidden card; Carla plays on."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, SECRET.id, ["anna", "ben"])
        anna, ben = actors
        carla = srv.add("carla")
        assert await waiting(srv, table_id, actors) is anna
        await Driver(srv, table_id).move_from_thread(anna)  # Ben gets his turn by DM
        ben_dm = srv.dms(ben)[-1]
        ben_button = next(c for c in custom_ids(ben_dm) if c.startswith("tr:a:"))
        table = await srv.bot.service.get(table_id)
        ben_seat = table.seat_of(str(ben.id))
        ben_cards = [token(card) for card in table.state["hands"][ben_seat]]
        carla_dms = len(srv.dms(carla))
        refused = await ben.slash(
            srv.channel, "table substitute", seat=1, member=ben, table=table_id
        )
        assert "Only the host" in answer(refused)
        done = await anna.slash(
            srv.channel, "table substitute", seat=ben_seat + 1, member=carla, table=table_id
        )
        assert "The request to carla is in the table's thread" in answer(done)
        await answer_request(srv, carla, accept=True)
        new_dms = srv.dms(carla)[carla_dms:]
        assert any(all(card in message_text(m) for card in ben_cards) for m in new_dms)
        turn = await srv.latest_turn(table_id)
        assert f"is now played by <@{carla.id}>" in message_text(turn)
        gone = await ben.click(turn, label=HAND)
        assert "no longer hold this seat" in answer(gone)
        clicked = await ben.user.click(ben_dm, custom_id=ben_button)
        assert "no longer hold this seat" in answer(clicked)
        hand = await carla.click(turn, label=HAND)
        assert all(card in message_text(hand.response) for card in ben_cards)
        state = (await srv.bot.service.get(table_id)).state
        for text in await thread_texts(srv, table_id) + [
            message_text(m) for m in srv.channel.history()
        ]:
            assert not [t for t in hidden_from(state, None) if t in text]
        srv.members.pop("ben")
        await Driver(srv, table_id).play()
        assert (await srv.bot.service.get(table_id)).status == "finished"


async def test_substitution_to_an_engine(tmp_path):
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        anna, _ben = actors
        late = await waiting(srv, table_id, actors)
        seat = (await srv.bot.service.get(table_id)).seat_of(str(late.id))
        done = await anna.slash(srv.channel, "table substitute", seat=seat + 1, table=table_id)
        assert "has been handed over" in answer(done)
        table = await srv.bot.service.get(table_id)
        assert table.seats[seat].engine is not None
        assert seat not in table.to_act() or table.status != "active"


async def test_restart_after_days_offline_handles_each_deadline_once_with_one_summary(tmp_path):
    """The bot is down for five days: on start-up every missed clock is handled once, in
    order (one engine move per table), the reminders that were due meanwhile are not sent, and
    each table gets one summary message, not one per missed event."""
    async with server(tmp_path) as srv:
        tables = []
        everyone = []
        for names in (["anna", "ben"], ["carla", "dora"]):
            actors, table_id = await seated(srv, "test-highcard", names)
            tables.append(table_id)
            everyone.extend(actors)
            await srv.env.advance_time(HOUR)
        seqs = {t: (await srv.bot.service.get(t)).seq for t in tables}
        before = {t: len(await thread_texts(srv, t)) for t in tables}
        dms_before = {a.name: len(srv.dms(a)) for a in everyone}
        await srv.bot.clocks.close()  # the process stops: its timer with it
        srv.env.backend.clock.advance(5 * DAY)
        await restart(srv)
        for table_id in tables:
            log = await srv.bot.repository.log(table_id, seqs[table_id])
            assert len([e for e in log if e.seat >= 0]) == 1  # one move per missed clock
            new = (await thread_texts(srv, table_id))[before[table_id] :]
            assert len(new) == 1 and "I was offline for a while" in new[0]
            assert "your time ran out" in new[0] and "Reminder" not in new[0]
        for actor in everyone:
            assert not [
                m
                for m in srv.dms(actor)[dms_before[actor.name] :]
                if "Reminder" in (m.content or "")
            ]
        await srv.env.advance_time(HOUR)
        for table_id in tables:
            assert len((await thread_texts(srv, table_id))[before[table_id] :]) == 1


async def test_my_tables_lists_tables_of_every_server_with_time_left(tmp_path):
    """`/table mine` in one server lists the member's tables in every server, with whose turn
    it is, the time left and a link to each thread."""
    async with server(tmp_path) as srv:
        actors, first = await seated(srv, "test-highcard", ["anna", "ben"], clock="2d")
        anna = actors[0]
        other_guild = srv.env.create_guild("Zweiter Server")
        other_channel = other_guild.create_text_channel("karten")
        anna_there = other_guild.add_member(anna.user)
        carla_there = other_guild.add_member(srv.env.create_user("carla"))
        await anna_there.slash(other_channel, "table open", game="test-highcard", clock="3h")
        second = (await srv.bot.service.tables_of_user(str(anna.id)))[0].id
        lobby = next(m for m in reversed(other_channel.history()) if m.components)
        await carla_there.click(lobby, custom_id=f"tr:j:{second}")
        await anna_there.click(lobby, custom_id=f"tr:g:{second}")
        await srv.env.advance_time(HOUR)
        mine = answer(await anna.slash(srv.channel, "table mine"))
        lines = mine.splitlines()
        first_line = next(line for line in lines if line.startswith(f"Table {first} "))
        second_line = next(line for line in lines if line.startswith(f"Table {second} "))
        assert "to act: you · ⏳ 1 day 23 h" in first_line
        assert "to act: you · ⏳ 2 h" in second_line
        assert (
            f"/channels/{other_guild.id}/" in second_line
            and f"/channels/{srv.guild.id}/" in first_line
        )


async def test_watch_answers_with_the_public_table_and_adds_the_spectator_to_the_thread(
    tmp_path,
):
    async with server(tmp_path) as srv:
        _actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        sam = srv.add("sam")
        watched = await sam.slash(srv.channel, "table watch", table=table_id)
        assert "You are watching table" in answer(watched)
        thread = (await srv.bot.service.get(table_id)).record.place["thread"]
        assert any(
            r.method == "PUT" and r.path == f"/channels/{thread}/thread-members/{sam.id}"
            for r in srv.env.http_requests
        )
        refused = await sam.slash(srv.channel, "table hand", table=table_id)
        assert "not a player" in answer(refused)
