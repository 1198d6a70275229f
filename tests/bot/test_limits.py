"""Issue 16 through the bot: the abuse a member with bad intentions tried, played again.

Limits per server refuse the 4th lobby, the 21st table and the 6th tournament privately; a
seat reaches a member only after they accept; a declined or lapsed request changes nothing and
the host is told; `/table resign` ends a seat like a timeout forfeit; lobbies nobody starts
close themselves, also across a restart. simcord's virtual clock; nothing sleeps.
"""

from __future__ import annotations

import pytest

from games.core import FORFEIT, register, unregister
from tables.clocks import DAY, HOUR
from tests.bot.drive import Driver
from tests.bot.harness import (
    HAND,
    answer,
    answer_request,
    custom_ids,
    handover_request,
    message_text,
    restart,
    server,
)
from tests.bot.secretgame import GAME as SECRET
from tests.bot.secretgame import token
from tests.bot.test_clocks import seated, waiting


@pytest.fixture
def secret_game():
    register(SECRET)
    yield SECRET
    unregister(SECRET.id)


async def open_lobby(srv, actor):
    return await actor.slash(srv.channel, "table open", game="test-highcard")


async def lobbies_of(srv, actor):
    return [t for t in await srv.bot.service.tables_of_user(str(actor.id)) if t.status == "lobby"]


# ----- limits ------------------------------------------------------------------------------------


async def test_the_fourth_lobby_is_refused_privately_until_the_server_raises_the_limit(tmp_path):
    """Limit "open lobbies per member" (default 3): the 4th /table open and a join to a 4th
    lobby are refused privately, naming the limit and /settings limits; nothing is stored.
    /settings limits open_lobbies:4 (Manage Server; Discord hides it from others) lets the 4th through; /settings show
    shows the limits; a value above the operator's cap is refused."""
    async with server(tmp_path) as srv:
        mallory = srv.add("mallory")
        for _ in range(3):
            opened = await open_lobby(srv, mallory)
            assert not opened.response.ephemeral
        refused = await open_lobby(srv, mallory)
        text = answer(refused)
        assert "3 are allowed" in text and "open lobbies per member" in text
        assert "/settings limits" in text
        assert len(await lobbies_of(srv, mallory)) == 3
        other = srv.add("olivia")
        await open_lobby(srv, other)
        theirs = (await lobbies_of(srv, other))[0].id
        joined = await mallory.click(srv.lobby(theirs), custom_id=f"tr:j:{theirs}")
        assert "open lobbies per member" in answer(joined)
        assert (await srv.bot.service.get(theirs)).seat_of(str(mallory.id)) is None

        owner = srv.guild.add_member(srv.guild.owner)
        too_high = await owner.slash(srv.channel, "settings limits", open_lobbies=11)
        assert "between 1 and 10" in answer(too_high)
        raised = await owner.slash(srv.channel, "settings limits", open_lobbies=4)
        assert "4 open lobbies and 20 tables per member" in answer(raised)
        shown = answer(await owner.slash(srv.channel, "settings show"))
        assert "5 tournaments at once" in shown and "a lobby closes after 7 days" in shown
        assert not (await open_lobby(srv, mallory)).response.ephemeral
        assert len(await lobbies_of(srv, mallory)) == 4


async def test_the_21st_table_is_refused_privately(tmp_path):
    """Limit "tables per member" (default 20): with 20 tables running, opening another is
    refused privately and nothing is stored; once one ends, another may open."""
    async with server(tmp_path) as srv:
        mallory = srv.add("mallory")
        for _ in range(20):
            await open_lobby(srv, mallory)
            table_id = (await lobbies_of(srv, mallory))[0].id
            await mallory.click(srv.lobby(table_id), custom_id=f"tr:e:{table_id}")
            await mallory.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
        mine = await srv.bot.service.tables_of_user(str(mallory.id))
        assert len(mine) == 20 and all(t.status == "active" for t in mine)
        refused = await open_lobby(srv, mallory)
        text = answer(refused)
        assert "You already sit at 20 tables" in text and "tables per member" in text
        assert len(await srv.bot.service.tables_of_user(str(mallory.id))) == 20
        await mallory.slash(srv.channel, "table resign", table=mine[0].id)
        assert not (await open_lobby(srv, mallory)).response.ephemeral


async def test_the_sixth_tournament_and_one_engine_too_many_are_refused_privately(tmp_path):
    """Limit "tournaments at once" (default 5) refuses the 6th open tournament privately;
    limit "engine players per tournament" (set to 2 here) refuses the 3rd engine entry."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        for number in range(5):
            created = await owner.slash(
                srv.channel, "tournament create", game="test-highcard", name=f"Cup {number}"
            )
            assert not created.response.ephemeral, answer(created)
        refused = await owner.slash(
            srv.channel, "tournament create", game="test-highcard", name="Cup 6"
        )
        assert "already has 5 tournaments open or running" in answer(refused)
        assert "/settings limits" in answer(refused)
        assert len(await srv.bot.repository.tournaments_of_guild(str(srv.guild.id))) == 5

        await owner.slash(srv.channel, "settings limits", engines=2)
        for _ in range(2):
            added = await owner.slash(srv.channel, "tournament engine", tournament=1)
            assert "engine players per tournament" not in message_text(added.response)
        refused = await owner.slash(srv.channel, "tournament engine", tournament=1)
        assert "already has 2 engine players" in answer(refused)
        engines = [r for r in await srv.bot.repository.registrations(1) if r.engine]
        assert len(engines) == 2


# ----- consent to a hand-over ------------------------------------------------------------------


async def test_a_substitution_reaches_the_new_holder_only_after_accept(tmp_path, secret_game):
    """/table substitute member:Carla asks Carla in the table's thread (table, game, seat,
    clock; no card), without a DM and without pinging her: a member can never make the bot
    message someone who did not agree to play. Until she accepts Ben keeps the seat, Carla's
    My hand is refused and nobody else may answer for her; on Accept the seat and its hand are
    hers, by DM."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, SECRET.id, ["anna", "ben"])
        anna, ben = actors
        carla = srv.add("carla")
        table = await srv.bot.service.get(table_id)
        ben_seat = table.seat_of(str(ben.id))
        ben_cards = [token(card) for card in table.state["hands"][ben_seat]]
        asked = await anna.slash(
            srv.channel, "table substitute", seat=ben_seat + 1, member=carla, table=table_id
        )
        assert f"Until they accept, seat {ben_seat + 1} stays with ben" in answer(asked)
        assert "carla gets no notification: let them know where to find it" in answer(asked)
        request = handover_request(srv, carla)
        assert srv.dms(carla) == []
        thread_id = (await srv.thread(table_id)).id
        stored = srv.env.backend.messages[thread_id][request.id]
        assert not stored.ping_user_ids and not stored.mention_everyone
        text = message_text(request)
        assert f"seat {ben_seat + 1} (ben) at table {table_id}" in text
        assert "Secret" in text or SECRET.name.en in text
        assert "1 day per move" in text and "lapses <t:" in text
        assert not any(card in message_text(m) for m in srv.dms(carla) for card in ben_cards)
        table = await srv.bot.service.get(table_id)
        assert table.seat_of(str(ben.id)) == ben_seat and table.seat_of(str(carla.id)) is None
        hand = await carla.slash(srv.channel, "table hand", table=table_id)
        assert "not a player" in answer(hand)
        again = await anna.slash(
            srv.channel,
            "table substitute",
            seat=ben_seat + 1,
            member=srv.add("dora"),
            table=table_id,
        )
        assert "already waiting for carla's answer" in answer(again)

        await answer_request(srv, carla, accept=True)
        table = await srv.bot.service.get(table_id)
        assert table.seat_of(str(carla.id)) == ben_seat and table.seat_of(str(ben.id)) is None
        assert any(all(card in message_text(m) for card in ben_cards) for m in srv.dms(carla))
        turn = await srv.latest_turn(table_id)
        assert f"is now played by <@{carla.id}>" in message_text(turn)
        gone = await ben.click(turn, label=HAND)
        assert "no longer hold this seat" in answer(gone)
        closed = next(m for m in (await srv.thread(table_id)).history() if m.id == request.id)
        assert closed.content.startswith(f"<@{carla.id}> ✅ Accepted")
        assert custom_ids(closed) == []  # the buttons are gone


async def test_a_request_in_the_thread_is_answered_by_its_addressee_alone(tmp_path):
    """The request names Dora in the table's thread with Accept/Decline; only she may answer
    (whatever her DM setting); Accept hands her the seat."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        anna, ben = actors
        dora = srv.add("dora")
        await dora.slash(srv.channel, "dm", state="off")
        seat = (await srv.bot.service.get(table_id)).seat_of(str(ben.id))
        asked = await anna.slash(
            srv.channel, "table substitute", seat=seat + 1, member=dora, table=table_id
        )
        assert "The request to dora is in the table's thread" in answer(asked)
        thread = await srv.thread(table_id)
        posted = next(
            m
            for m in reversed(thread.history())
            if any(c.startswith("tr:ho:") for c in custom_ids(m))
        )
        assert f"<@{dora.id}>" in posted.content and f"seat {seat + 1} (ben)" in posted.content
        cid = next(c for c in custom_ids(posted) if c.endswith(":y"))
        stolen = await ben.click(posted, custom_id=cid)
        assert "addressed to someone else" in answer(stolen)
        await dora.click(posted, custom_id=cid)
        assert (await srv.bot.service.get(table_id)).seat_of(str(dora.id)) == seat


async def test_a_request_at_a_table_without_a_thread_opens_the_thread_first(tmp_path):
    """A table whose thread Discord refused (stored without one) gets its thread when a
    hand-over is asked, as a turn's post does, and the request is posted there: it is not
    sent by DM instead."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        anna, ben = actors
        carla = srv.add("carla")
        table = await srv.bot.service.get(table_id)
        place = {k: v for k, v in table.record.place.items() if k != "thread"}
        await srv.bot.repository.update_table(table_id, place=place)
        table.record.place = place
        seat = table.seat_of(str(ben.id))
        asked = await anna.slash(
            srv.channel, "table substitute", seat=seat + 1, member=carla, table=table_id
        )
        assert "The request to carla is in the table's thread" in answer(asked)
        table = await srv.bot.service.get(table_id)
        assert table.place.thread is not None  # opened again (off the lobby message)
        request = handover_request(srv, carla)
        assert request.channel.id == int(table.place.thread)
        assert srv.dms(carla) == []
        await answer_request(srv, carla, accept=True)
        assert (await srv.bot.service.get(table_id)).seat_of(str(carla.id)) == seat


async def test_a_declined_request_changes_nothing_and_the_host_is_told(tmp_path):
    """Decline: the seat stays with Ben, Carla gets nothing of the table, the host gets a DM
    saying so, and the host cannot ask Carla again at this table."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        anna, ben = actors
        carla = srv.add("carla")
        before = await srv.bot.service.get(table_id)
        seat, seq = before.seat_of(str(ben.id)), before.seq
        await anna.slash(
            srv.channel, "table substitute", seat=seat + 1, member=carla, table=table_id
        )
        declined = await answer_request(srv, carla, accept=False)
        assert "nothing changes at table" in message_text(declined.response)
        after = await srv.bot.service.get(table_id)
        assert after.seat_of(str(ben.id)) == seat and after.seq == seq
        assert "handed_over" not in after.record.settings
        told = [m.content or "" for m in srv.dms(anna)]
        assert any(f"carla declined to take over seat {seat + 1}" in t for t in told)
        assert srv.dms(carla) == []  # no request, no hand, no turn, no reminder
        await srv.env.advance_time(13 * HOUR)
        assert srv.dms(carla) == []
        again = await anna.slash(
            srv.channel, "table substitute", seat=seat + 1, member=carla, table=table_id
        )
        assert "declined to take a seat at this table" in answer(again)


async def test_an_unanswered_request_lapses_after_24_hours_and_the_host_is_told(tmp_path):
    """24 hours of silence: the request lapses (a stored deadline, kept across a restart),
    the seat is as it was, the host is told, and a late Accept is refused privately."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"], clock="3d")
        anna, ben = actors
        carla = srv.add("carla")
        seat = (await srv.bot.service.get(table_id)).seat_of(str(ben.id))
        await anna.slash(
            srv.channel, "table substitute", seat=seat + 1, member=carla, table=table_id
        )
        await srv.env.advance_time(12 * HOUR)
        await srv.bot.clocks.close()
        srv.env.backend.clock.advance(12 * HOUR + 1)
        await restart(srv)
        told = [m.content or "" for m in srv.dms(anna)]
        assert any("carla did not answer within 24 hours" in t for t in told)
        table = await srv.bot.service.get(table_id)
        assert table.seat_of(str(ben.id)) == seat and table.seat_of(str(carla.id)) is None
        late = await answer_request(srv, carla, accept=True)
        assert "already been answered or has lapsed" in answer(late)
        assert (await srv.bot.service.get(table_id)).seat_of(str(carla.id)) is None


async def test_meanwhile_engine_plays_the_seat_until_the_member_accepts(tmp_path):
    """meanwhile:engine: the seat goes to an engine at once and Carla is asked; the engine
    plays it until she accepts, then it is hers."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        anna, ben = actors
        carla = srv.add("carla")
        seat = (await srv.bot.service.get(table_id)).seat_of(str(ben.id))
        asked = await anna.slash(
            srv.channel,
            "table substitute",
            seat=seat + 1,
            member=carla,
            table=table_id,
            meanwhile="engine",
        )
        assert f"Until they accept, seat {seat + 1} stays with 🤖" in answer(asked)
        table = await srv.bot.service.get(table_id)
        assert table.seats[seat].engine is not None and table.seat_of(str(carla.id)) is None
        assert "(ben)" in message_text(handover_request(srv, carla))
        await answer_request(srv, carla, accept=True)
        table = await srv.bot.service.get(table_id)
        assert table.seat_of(str(carla.id)) == seat and table.seats[seat].engine is None


# ----- resigning -------------------------------------------------------------------------------


async def test_resign_ends_the_seat_like_a_timeout_forfeit_and_is_rated(tmp_path):
    """/table resign by the player not to act: their seat forfeits as soon as it must act
    (the reserved forfeit code, logged as their action); the table ends with them last and is
    rated like a forfeit by timeout. Resigning twice, or from the lobby, is refused."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        first = await waiting(srv, table_id, actors)
        other = next(a for a in actors if a is not first)
        dms_of_first = len(srv.dms(first))
        resigned = await other.slash(srv.channel, "table resign", table=table_id)
        assert "your seat forfeits" in answer(resigned)
        again = await other.slash(srv.channel, "table resign", table=table_id)
        assert "already resigned" in answer(again)
        assert f"{other.name} resigned" in message_text(await srv.latest_turn(table_id))
        dms_before = len(srv.dms(other))
        assert len(srv.dms(first)) == dms_of_first  # no second turn DM for the resignation
        await Driver(srv, table_id).move_from_dm(first)
        table = await srv.bot.service.get(table_id)
        seat = table.seat_of(str(other.id))
        assert table.status == "finished" and table.result().ranks[seat] == 2
        log = await srv.bot.repository.log(table_id)
        assert log[-1].seat == seat and log[-1].code == FORFEIT
        assert len(srv.dms(other)) == dms_before  # no turn DM for a player who left
        board = await srv.bot.repository.leaderboard("test-highcard", str(srv.guild.id))
        assert {r.user_id for r in board} == {str(anna.id) for anna in actors}
        last = message_text(await srv.latest_turn(table_id))
        assert "Game over" in last

        host = srv.add("hanna")
        await open_lobby(srv, host)
        lobby = (await lobbies_of(srv, host))[0].id
        early = await host.slash(srv.channel, "table resign", table=lobby)
        assert "leave the table with /table leave" in answer(early)


async def test_resigning_at_ones_turn_forfeits_at_once(tmp_path):
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        first = await waiting(srv, table_id, actors)
        await first.slash(srv.channel, "table resign", table=table_id)
        table = await srv.bot.service.get(table_id)
        assert table.status == "finished"
        assert table.result().ranks[table.seat_of(str(first.id))] == 2
        assert await srv.bot.repository.deadlines(table_id=table_id) == []
        assert "resigned" in message_text(await srv.latest_turn(table_id))


# ----- housekeeping ----------------------------------------------------------------------------


@pytest.mark.slow(seconds=11)
async def test_a_lobby_nobody_starts_closes_itself_and_tells_the_channel(tmp_path):
    """Default 7 days (a stored deadline): the lobby is cancelled, the channel told, its
    buttons gone; a started table is untouched. The server may choose fewer days."""
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        await open_lobby(srv, anna)
        idle = (await lobbies_of(srv, anna))[0].id
        _actors, started = await seated(srv, "test-highcard", ["ben", "carla"], clock="none")
        for _ in range(6):
            await srv.env.advance_time(DAY)  # a day at a time: the bot's timer wakes hourly
        await srv.env.advance_time(DAY - 60)
        assert (await srv.bot.service.get(idle)).status == "lobby"
        await srv.env.advance_time(61)
        assert (await srv.bot.service.get(idle)).status == "cancelled"
        assert (await srv.bot.service.get(started)).status == "active"
        texts = [m.content or "" for m in srv.channel.history()]
        assert any(f"Table {idle} (" in t and "nobody started it within 7 days" in t for t in texts)
        lobby_id = int((await srv.bot.service.get(idle)).record.place["lobby"])
        lobby = next(m for m in srv.channel.history() if m.id == lobby_id)
        assert custom_ids(lobby) == [] and "cancelled" in message_text(lobby)

        owner = srv.guild.add_member(srv.guild.owner)
        await owner.slash(srv.channel, "settings limits", lobby_days=2)
        await open_lobby(srv, anna)
        short = (await lobbies_of(srv, anna))[0].id
        await srv.env.advance_time(DAY)
        await srv.env.advance_time(DAY + 1)
        assert (await srv.bot.service.get(short)).status == "cancelled"


async def test_a_lobby_expires_across_a_restart(tmp_path):
    """The bot is down when the lobby's deadline passes: the start-up catch-up closes it and
    tells the channel, once."""
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        await open_lobby(srv, anna)
        idle = (await lobbies_of(srv, anna))[0].id
        await srv.bot.clocks.close()
        srv.env.backend.clock.advance(8 * DAY)
        await restart(srv)
        assert (await srv.bot.service.get(idle)).status == "cancelled"
        await srv.env.advance_time(HOUR)
        told = [m for m in srv.channel.history() if "closed itself" in (m.content or "")]
        assert len(told) == 1
