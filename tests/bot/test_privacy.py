"""Hidden cards stay hidden; DMs that fail or are turned off never break a game; languages."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from games.core import register, unregister
from tests.bot.drive import Driver
from tests.bot.harness import HAND, answer, message_text, server
from tests.bot.secretgame import GAME as SECRET
from tests.bot.secretgame import hidden_from, token
from tests.bot.test_games import seat_players


@pytest.fixture
def secret_game():
    register(SECRET)
    yield SECRET
    unregister(SECRET.id)


def private_messages(srv, driver, actor):
    """Everything only ``actor`` sees: their DMs, their answers, their ephemerals in threads."""
    texts = [message_text(m) for m in srv.dms(actor)]
    for user_id, result in driver.private:
        if user_id == actor.id:
            texts.extend(message_text(m) for m in [result.response, *result.followups] if m)
    return texts


async def public_messages(srv, table_id):
    thread = await srv.thread(table_id)
    messages = srv.channel.history() + thread.history()
    return [message_text(m) for m in messages if not m.flags.ephemeral]


async def test_no_hidden_card_reaches_a_public_message_or_another_member(tmp_path, secret_game):
    """After every move: no public message (lobby, channel, thread) names a card still in a
    hand or in the stock, and no member's private answers or DMs name a card hidden from them.
    Each member's own hand does appear in their private answers (the scan can see cards).
    A spectator who presses Watch after every move (and tries My hand) never sees a hidden card.
    """
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, SECRET.id, 3, "hand=3")
        spectator = srv.add("spectator")
        driver = Driver(srv, table_id)
        seen_own = set()
        watched = []

        async def scan():
            table = await srv.bot.service.get(table_id)
            state = table.state
            for text in await public_messages(srv, table_id):
                leaked = [t for t in hidden_from(state, None) if t in text]
                assert not leaked, f"public message shows hidden {leaked}: {text[:300]}"
            for actor in actors:
                seat = table.seat_of(str(actor.id))
                hidden = hidden_from(state, seat)
                for text in private_messages(srv, driver, actor):
                    leaked = [t for t in hidden if t in text]
                    assert not leaked, f"{actor.name} sees hidden {leaked}: {text[:300]}"
                    if any(token(card) in text for card in state["hands"][seat]):
                        seen_own.add(actor.name)
            if table.status == "active":
                turn = await srv.latest_turn(table_id)
                watch = await spectator.click(turn, label="Watch / Zuschauen")
                refused = await spectator.click(turn, label=HAND)
                assert "not a player" in answer(refused)
                watched.append(message_text(watch.response))
                public_hidden = hidden_from(state, None)
                for text in [*watched, answer(refused)]:
                    leaked = [t for t in public_hidden if t in text]
                    assert not leaked, f"the spectator sees hidden {leaked}: {text[:300]}"

        await scan()
        await driver.play(after_move=scan)
        assert (await srv.bot.service.get(table_id)).status == "finished"
        assert seen_own == {actor.name for actor in actors}
        assert watched and all("You are watching table" in text for text in watched)
        assert all("trick:" in text for text in watched)  # the public rendering is shown


async def test_dms_refused_are_remembered_and_the_thread_mentions_the_player(tmp_path):
    """Discord's 50007 at join marks the player; the bot never tries again, mentions them in the
    thread with the "My hand" hint instead, and the game goes on.
    """
    async with server(tmp_path) as srv:
        anna, ben = srv.add("anna"), srv.add("ben")
        dm_channel = ben.user.dm_channel.id
        srv.env.inject_error(
            "POST",
            f"/channels/{dm_channel}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )
        table_id = await srv.open(anna, "test-highcard", "hand=3")
        joined = await ben.click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
        assert "I cannot send you direct messages" in message_text(joined.followups[0])
        assert joined.followups[0].ephemeral
        assert (await srv.bot.repository.get_user_preferences(str(ben.id))).dms_refused
        await anna.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
        driver = Driver(srv, table_id)
        hinted = False

        async def look():
            nonlocal hinted
            turn = await srv.latest_turn(table_id)
            hinted |= f"<@{ben.id}>: I cannot DM you" in (turn.content or "")

        await driver.play(after_move=look)
        assert (await srv.bot.service.get(table_id)).status == "finished"
        attempts = [
            r
            for r in srv.env.http_requests
            if r.method == "POST" and r.path == f"/channels/{dm_channel}/messages"
        ]
        assert len(attempts) == 1  # only the attempt at join
        assert hinted or (await srv.bot.service.get(table_id)).seats[1].user_id != str(ben.id)


async def test_dm_off_stops_dms_and_dm_on_resumes_them(tmp_path):
    """/dm off: no DM on your move (the thread mentions you); /dm on: DMs again."""
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, "test-highcard", 2, "hand=3")
        for actor in actors:
            done = await actor.slash(srv.channel, "dm", state="off")
            assert "No more direct messages" in answer(done)
        before = [len(srv.dms(actor)) for actor in actors]
        driver = Driver(srv, table_id)
        await driver.move_from_thread(await driver.waiting_actor())
        assert [len(srv.dms(actor)) for actor in actors] == before
        assert "I cannot DM you" in (await srv.latest_turn(table_id)).content
        waiting = await driver.waiting_actor()
        other = next(a for a in actors if a is not waiting)
        await other.slash(srv.channel, "dm", state="on")
        while (await driver.waiting_actor()) is not other:
            await driver.move_from_thread(await driver.waiting_actor())
        assert len(srv.dms(other)) == before[actors.index(other)] + 1


async def test_german_and_english_messages(tmp_path):
    """Each member reads the bot in their Discord language; public messages follow the server
    default, which /settings can set; a member in another language gets the server default.
    """
    async with server(tmp_path) as srv:
        anna = srv.add("anna", locale="de")
        ben = srv.add("ben", locale="en-GB")
        assert "Kartenspiele" in answer(await anna.slash(srv.channel, "help"))
        assert "card games" in answer(await ben.slash(srv.channel, "help"))
        table_id = await srv.open(anna, "test-highcard", "hand=2")
        lobby = srv.lobby(table_id)
        assert "Join" in message_text(lobby)  # the server's default is English
        await ben.click(lobby, custom_id=f"tr:j:{table_id}")
        await anna.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
        turn = await srv.latest_turn(table_id)
        assert "Dein Blatt · Tisch" in message_text((await anna.click(turn, label=HAND)).response)
        assert "Your hand · table" in message_text((await ben.click(turn, label=HAND)).response)
        assert "Du sitzt an Tisch" in message_text(srv.dms(anna)[0])
        refused = await ben.slash(srv.channel, "table start", table=table_id)
        assert "The game has already started." in answer(refused)
        refused = await anna.slash(srv.channel, "table start", table=table_id)
        assert "Das Spiel hat schon begonnen." in answer(refused)

        owner = srv.guild.add_member(srv.guild.owner)
        await owner.slash(srv.channel, "settings language", language="de")
        carla = srv.add("carla", locale="fr")
        assert "Kartenspiele" in answer(await carla.slash(srv.channel, "help"))
        second = await srv.open(carla, "test-highcard")
        assert "Mitspielen" in message_text(srv.lobby(second))


async def test_commands_carry_german_localisations(tmp_path):
    """The synced commands name their German versions (names, descriptions, choices)."""
    async with server(tmp_path) as srv:
        translator = srv.bot.tree.translator
        table = srv.bot.tree.get_command("table")
        payload = await table.get_translated_payload(srv.bot.tree, translator)
        assert payload["name_localizations"]["de"] == "tisch"
        open_command = next(o for o in payload["options"] if o["name"] == "open")
        assert open_command["name_localizations"]["de"] == "eroeffnen"
        game = next(o for o in open_command["options"] if o["name"] == "game")
        assert game["name_localizations"]["de"] == "spiel"
        highcard = next(c for c in game["choices"] if c["value"] == "test-highcard")
        assert highcard["name"] == "High card"
        assert highcard["name_localizations"]["de"] == "Hochkarte"
        assert isinstance(translator, app_commands.Translator)
        assert discord.Locale.german.value == "de"
