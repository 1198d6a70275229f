"""History, replays and profiles through the bot (issue 20, parts 4 and 5)."""

from __future__ import annotations

import discord
import pytest

from bot.features.history import ReplayButton, parse_replay_id
from games.core import register, replay, unregister
from pictures import picture
from pictures.charts import Series, rating_chart
from tables.service import Member
from tables.tournaments.ratings import ordinal
from tests.bot.drive import Driver
from tests.bot.harness import answer, components, message_text, restart, server
from tests.bot.secretgame import GAME as SECRET
from tests.bot.secretgame import hidden_from, token
from tests.bot.test_games import seat_players
from tests.bot.test_pictures import attached_png


@pytest.fixture
def secret_game():
    register(SECRET)
    yield SECRET
    unregister(SECRET.id)


def button(message, label):
    return next(c for c in components(message) if c.get("label") == label)


async def states_by_step(srv, table_id):
    """The state after each step of the stored log (step 0: before the first action)."""
    table = await srv.bot.service.get(table_id)
    log = [(entry.seat, entry.code) for entry in await srv.bot.repository.log(table_id)]
    return [
        replay(table.game, len(table.seats), table.options, log[:step])
        for step in range(len(log) + 1)
    ]


async def page_through(srv, actor, table_id):
    """``/table replay`` by ``actor``, then First and Next to the end: (text, picture) of every
    page as it was shown (the message is edited in place, so each is read when shown).
    """
    shown = await actor.slash(srv.channel, "table replay", table=table_id)
    assert shown.response.ephemeral
    pages = [snapshot(srv, shown.response)]
    message = (await actor.click(shown.response, label="First")).response
    while True:
        assert message.ephemeral
        pages.append(snapshot(srv, message))
        forward = button(message, "Next")
        if forward.get("disabled"):
            return pages
        message = (await actor.click(message, custom_id=forward["custom_id"])).response


def snapshot(srv, message):
    png = attached_png(srv, message)[0] if srv.bot.settings.pictures else None
    if png is not None:
        # Alt text (issue 20, part 6): the replay step's picture says what it shows.
        assert message.attachments[0].description.startswith("Picture of the replay of table")
    return message_text(message), png


async def test_replay_shows_each_seat_only_its_own_cards_also_after_the_end(tmp_path, secret_game):
    """Issue 20, part 4: a replay of a finished table shows at every step what was public then
    and, to a player of that table, their own cards; another seat's hidden cards reach nobody:
    not a spectator, not another player of the table, not after the end. Each page's picture
    is the picture of the viewer's own view of that step (the public view for a spectator).
    """
    async with server(tmp_path, pictures=True) as srv:
        actors, table_id = await seat_players(srv, SECRET.id, 3, "hand=3")
        spectator = srv.add("spectator")
        await Driver(srv, table_id).play()
        table = await srv.bot.service.get(table_id)
        assert table.status == "finished"
        states = await states_by_step(srv, table_id)
        names = [table.seat_name(seat) for seat in range(3)]
        for viewer in [*actors, spectator]:
            seat = table.seat_of(str(viewer.id))
            pages = await page_through(srv, viewer, table_id)
            assert len(pages) == len(states) + 1
            assert f"step {len(states) - 1}/{len(states) - 1}" in pages[0][0]
            own_seen = False
            for (text, png), step in zip(pages[1:], range(len(states)), strict=True):
                assert f"step {step}/{len(states) - 1}" in text
                state = states[step]
                leaked = [t for t in hidden_from(state, seat) if t in text]
                assert not leaked, f"{viewer.name} sees hidden {leaked} at step {step}"
                assert png == picture(table.game, table.game.view(state, seat), "en", names)
                if seat is not None:
                    own_seen |= any(token(card) in text for card in state["hands"][seat])
            # The scan can see cards: each player's own hand does appear to them.
            assert own_seen == (seat is not None)


async def test_a_page_click_by_someone_else_answers_privately_and_changes_nothing(
    tmp_path, secret_game
):
    """Issue 20, part 4: paging belongs to whoever asked: another member's click on a replay's
    button is answered privately and shows them nothing of the table; the buttons are
    persistent and keep paging after a restart.
    """
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, SECRET.id, 2, "hand=2")
        await Driver(srv, table_id).play()
        first, second = actors
        shown = (await first.slash(srv.channel, "table replay", table=table_id)).response
        back = button(shown, "Back")["custom_id"]
        assert parse_replay_id(back)[3] == first.id
        # The same button under a message the other player can click.
        view = discord.ui.View(timeout=None)
        item = discord.ui.Button(label="Back", custom_id=back)
        view.add_item(ReplayButton(item, parse_replay_id(back)))
        await srv.bot.get_partial_messageable(srv.channel.id).send("crafted", view=view)
        crafted = srv.channel.last_message
        refused = await second.click(crafted, custom_id=back)
        assert "This replay belongs to someone else" in answer(refused)
        assert "«K" not in answer(refused)
        assert srv.channel.last_message.content == "crafted"

        await restart(srv)
        stepped = await first.click(shown, custom_id=back)
        states = await states_by_step(srv, table_id)
        assert f"step {len(states) - 2}/{len(states) - 1}" in message_text(stepped.response)


async def test_history_lists_finished_tables_with_results(tmp_path):
    """Issue 20, part 4: ``/table history [member] [game]`` lists finished tables on this
    server, newest first, with each seat's place and score; running tables are not listed,
    and another game's filter lists none.
    """
    async with server(tmp_path) as srv:
        actors, first_id = await seat_players(srv, "test-highcard", 2, "hand=2")
        await Driver(srv, first_id).play()
        anna, ben = actors
        second_id = await srv.open(anna, "test-highcard", "hand=2")
        await ben.click(srv.lobby(second_id), custom_id=f"tr:j:{second_id}")
        await anna.click(srv.lobby(second_id), custom_id=f"tr:g:{second_id}")
        mine = answer(await anna.slash(srv.channel, "table history"))
        assert f"Table {first_id}" in mine and f"Table {second_id}" not in mine
        result = (await srv.bot.service.get(first_id)).result()
        place = result.ranks[0]
        assert f"place {place} of 2" in mine
        other = srv.add("carla")
        theirs = answer(await other.slash(srv.channel, "table history", member=ben))
        assert f"Table {first_id}" in theirs and "Finished tables of p1" in theirs
        assert f"place {result.ranks[1]} of 2" in theirs
        none = answer(await anna.slash(srv.channel, "table history", game="scherbia"))
        assert "has not finished a table here yet" in none
        assert "has not finished" in answer(await other.slash(srv.channel, "table history"))


async def test_profile_shows_games_rating_rank_recent_results_and_the_chart(tmp_path):
    """Issue 20, part 5: ``/profile [member]`` shows games played and won per game, the rating
    with its rank and provisional mark, recent results, and a picture of the rating over time
    drawn from the stored history (one point per rated table).
    """
    async with server(tmp_path, pictures=True) as srv:
        actors, first_id = await seat_players(srv, "test-highcard", 2, "hand=2")
        anna, ben = actors
        await Driver(srv, first_id).play()
        second_id = await srv.open(anna, "test-highcard", "hand=2")
        await ben.click(srv.lobby(second_id), custom_id=f"tr:j:{second_id}")
        await anna.click(srv.lobby(second_id), custom_id=f"tr:g:{second_id}")
        await Driver(srv, second_id).play()
        won = 0
        for table_id in (first_id, second_id):
            won += (await srv.bot.service.get(table_id)).result().ranks[0] == 1
        shown = await ben.slash(srv.channel, "profile", member=anna)
        text = answer(shown)
        assert "Profile of p0" in text
        assert f"2 played, {won} won" in text
        repo = srv.bot.repository
        guild = str(srv.guild.id)
        place, of = await repo.rating_rank("test-highcard", guild, str(anna.id))
        assert f"(rank {place} of {of}, provisional)" in text and of == 2
        assert f"Table {second_id}" in text and f"Table {first_id}" in text
        points = await repo.rating_history("test-highcard", guild, str(anna.id))
        assert [p.table_id for p in points] == [first_id, second_id]
        png, _url = attached_png(srv, shown.response)
        series = [Series("High card", [(p.games, ordinal(p.mu, p.sigma)) for p in points])]
        assert png == rating_chart("Rating of p0 (μ − 3σ)", series, "rated games", "rating")
        description = shown.response.attachments[0].description
        assert description.startswith("Picture: Rating of p0")
        assert f"after {len(points)} rated tables" in description

        # Pictures off (issue 20, part 6): the same profile, as text only, for that member.
        await ben.slash(srv.channel, "settings me", pictures="off")
        quiet = await ben.slash(srv.channel, "profile", member=anna)
        assert "Profile of p0" in answer(quiet) and not quiet.response.attachments

        newcomer = srv.add("dora", locale="de")
        empty = await newcomer.slash(srv.channel, "profile")
        assert "hat hier noch keinen Tisch zu Ende gespielt" in answer(empty)
        assert not empty.response.attachments


async def test_damaged_replay_buttons_and_foreign_tables_are_refused_privately(
    tmp_path, secret_game
):
    """Bad input gets a clear private answer and changes nothing: replay buttons whose ids are
    damaged (a letter that is no button, non-ASCII digits, numbers past SQLite's range), a
    replay of a table that does not exist, and one still in its lobby.
    """
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, SECRET.id, 2, "hand=2")
        await Driver(srv, table_id).play()
        anna = actors[0]
        for cid in (
            f"rp:x:{table_id}:0:{anna.id}",
            f"rp:n:{table_id}:１:{anna.id}",
            f"rp:n:99999999999999999999:0:{anna.id}",
            f"rp:n:{table_id}:0",
        ):
            assert parse_replay_id(cid) is None
            view = discord.ui.View(timeout=None)
            view.add_item(ReplayButton(discord.ui.Button(label="Next", custom_id=cid)))
            await srv.bot.get_partial_messageable(srv.channel.id).send("crafted", view=view)
            refused = await anna.click(srv.channel.last_message, custom_id=cid)
            assert "This button is damaged or outdated" in answer(refused), cid
        missing = await anna.slash(srv.channel, "table replay", table=table_id + 50)
        assert f"There is no table {table_id + 50}." in answer(missing)
        lobby = await srv.open(anna, SECRET.id)
        waiting = await anna.slash(srv.channel, "table replay", table=lobby)
        assert "has not started: there is nothing to replay" in answer(waiting)


async def test_a_table_of_another_server_is_no_table_here(tmp_path):
    """A replay is of this server's tables only: another server's table, even a finished one
    its asker played, is "no such table" here (its thread is that server's to show).
    """
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        elsewhere = srv.env.create_guild("Andere Runde")
        channel = elsewhere.create_text_channel("karten")
        there = elsewhere.add_member(anna.user)
        ben = elsewhere.add_member(srv.env.create_user("ben"))
        await there.slash(channel, "table open", game="test-highcard", options="hand=1")
        [table] = await srv.bot.service.tables_of_user(str(anna.id))
        lobby = next(m for m in channel.history() if f"tr:j:{table.id}" in str(m.components))
        await ben.click(lobby, custom_id=f"tr:j:{table.id}")
        await there.click(lobby, custom_id=f"tr:g:{table.id}")
        service = srv.bot.service
        # Played through the service: the subject here is the replay, not the other server.
        while (playing := await service.get(table.id)).status == "active":
            seat = playing.to_act()[0]
            member = Member(playing.seats[seat].user_id, playing.seats[seat].name)
            await service.act(table.id, member, playing.legal_actions(seat)[0])
        assert (await service.get(table.id)).status == "finished"
        here = await anna.slash(srv.channel, "table replay", table=table.id)
        assert f"There is no table {table.id}." in answer(here)
        shown = await there.slash(channel, "table replay", table=table.id)
        assert f"Table {table.id}" in message_text(shown.response)
        assert "has not finished a table here yet" in answer(
            await anna.slash(srv.channel, "table history")
        )
        assert f"Table {table.id}" in answer(await there.slash(channel, "table history"))
