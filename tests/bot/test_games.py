"""Whole games through the bot: every registered game, from DMs alone, across a restart."""

from __future__ import annotations

import pytest

from bot.features.tables import option_hints
from games.core import SetupError, all_games
from tests.bot.drive import Driver
from tests.bot.harness import message_text, restart, server

GAMES = [game.id for game in all_games()]


async def seat_players(srv, game_id: str, players: int, options: str | None = None):
    actors = [srv.add(f"p{n}") for n in range(players)]
    table_id = await srv.open(actors[0], game_id, options)
    for actor in actors[1:]:
        await actor.click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
    await actors[0].click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
    return actors, table_id


def shortest_options(game) -> str | None:
    """Every bounded whole-number option at its lower bound (fewest rounds, turns, chips), as
    the options text a member types; None when the game refuses that combination.
    """
    values = {}
    for hint, _described in option_hints(game.Options):
        name, _, default = hint.partition("=")
        field = game.Options.model_fields[name]
        lows = [getattr(rule, "ge", None) for rule in field.metadata]
        low = next((value for value in lows if isinstance(value, int)), None)
        if low is not None and default.lstrip("-").isdigit():
            values[name] = low
    try:
        game.parse_options(game.min_players, values)
    except SetupError:
        return None
    return " ".join(f"{name}={value}" for name, value in values.items()) or None


@pytest.mark.slow(seconds=8)
@pytest.mark.parametrize("game_id", GAMES)
async def test_complete_game_of_every_registered_game(tmp_path, game_id):
    """Members open, join, start and finish a game by commands and buttons only; the thread
    ends with the result; the REST calls per move stay at most 3 on average (the answer, the
    thread message, the next player's DM). The shortest options keep the suite fast.
    """
    game = next(g for g in all_games() if g.id == game_id)
    async with server(tmp_path) as srv:
        options = shortest_options(game)
        _actors, table_id = await seat_players(srv, game_id, game.min_players, options)
        driver = Driver(srv, table_id)

        async def public_turn_shows_no_private_line():
            # Lines a seat's own rendering has and the public one lacks (its hand) must not be
            # in the public message of the same state.
            table = await srv.bot.service.get(table_id)
            if table.state is None or table.status != "active":
                return
            text = message_text(await srv.latest_turn(table_id))
            public = set(table.game.render(table.view(None), "en").splitlines())
            for seat in range(len(table.seats)):
                own = table.game.render(table.view(seat), "en").splitlines()
                private = [line.strip() for line in own if line not in public]
                leaked = [line for line in private if len(line) > 8 and line in text]
                assert not leaked, f"seat {seat}'s private lines in public: {leaked}"

        await driver.play(after_move=public_turn_shows_no_private_line)
        table = await srv.bot.service.get(table_id)
        assert table.status == "finished"
        last = await srv.latest_turn(table_id)
        assert "Game over" in repr(last.embeds[0].to_dict())
        assert last.components == []  # no "My hand" button on a finished table
        average = driver.rest_calls / driver.moves
        print(f"\n{game_id}: {driver.moves} moves, {average:.2f} REST calls per move")
        assert average <= 3.0


async def test_a_game_played_from_dms_alone(tmp_path):
    """After joining, the players never open the thread: every move is a button in a DM."""
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, "test-highcard", 3, "hand=3")
        driver = Driver(srv, table_id)
        await driver.play(via="dm")
        table = await srv.bot.service.get(table_id)
        assert table.status == "finished"
        average = driver.rest_calls / driver.moves
        print(f"\nfrom DMs: {driver.moves} moves, {average:.2f} REST calls per move")
        assert average <= 3.0
        assert srv.bot.dms.sent >= driver.moves - 3  # a DM for (nearly) every decision
        dm = srv.dms(actors[1])[-1]
        assert "Your hand · table" in repr(dm.embeds[0].to_dict())


async def test_restart_in_the_middle_then_click_the_old_message(tmp_path):
    """A new bot on the same database continues the game: the "My hand" button of a message
    posted before the restart works, and so does an action button of an old DM.
    """
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, "test-highcard", 2, "hand=3")
        driver = Driver(srv, table_id)
        mover = await driver.waiting_actor()
        await driver.move_from_thread(mover)
        while (await driver.waiting_actor()) is mover:  # until the next player got a DM
            await driver.move_from_thread(mover)
        seq_before = (await srv.bot.service.get(table_id)).seq
        old_turn = await srv.latest_turn(table_id)
        await restart(srv)
        assert (await srv.bot.service.get(table_id)).seq == seq_before
        actor = await driver.waiting_actor()
        hand = await actor.click(old_turn, label="My hand / Mein Blatt")
        assert hand.response.ephemeral and "Your hand" in repr(hand.response.embeds[0].to_dict())
        await driver.move_from_dm(await driver.waiting_actor())  # a DM sent before the restart
        await driver.play()
        assert (await srv.bot.service.get(table_id)).status == "finished"


async def test_against_an_engine_with_mine_show_and_rules(tmp_path):
    """The host adds an engine seat and plays it to the end; /table mine says whose turn it is,
    /table show posts the public table again, /rules shows the rules page.
    """
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        table_id = await srv.open(anna, "test-highcard", "hand=3")
        await anna.click(srv.lobby(table_id), custom_id=f"tr:e:{table_id}")
        table = await srv.bot.service.get(table_id)
        assert [seat.engine for seat in table.seats] == [None, "random"]
        await anna.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
        offered = await anna.autocomplete(srv.channel, "table hand", "table", "")
        assert [choice["value"] for choice in offered] == [table_id]
        mine = await anna.slash(srv.channel, "table mine")
        assert f"Table {table_id} · High card · playing · to act: you" in mine.response.content
        thread = await srv.thread(table_id)
        hand = await anna.slash(thread, "table hand")  # the thread names the table
        assert hand.response.ephemeral and "Your hand · table" in message_text(hand.response)
        shown = await anna.slash(thread, "table show")
        assert not shown.response.ephemeral and "To act:" in repr(
            shown.response.embeds[0].to_dict()
        )
        rules = await anna.slash(srv.channel, "rules", game="test-highcard")
        assert "High card" in rules.response.content
        driver = Driver(srv, table_id)
        await driver.play()
        assert (await srv.bot.service.get(table_id)).status == "finished"
        assert "no open table" in (await anna.slash(srv.channel, "table mine")).response.content
