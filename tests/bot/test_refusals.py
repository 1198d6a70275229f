"""Every bad input gets a clear private answer and changes nothing (design invariant 3)."""

from __future__ import annotations

import discord
import pytest

from bot import i18n
from games.core import all_games
from tests.bot.drive import first_action, simultaneous_clicks
from tests.bot.harness import HAND, answer, post_button, server
from tests.bot.test_games import seat_players

REAL_GAMES = sorted(game.id for game in all_games() if not game.id.startswith("test-"))


async def snapshot(srv, table_id):
    table = await srv.bot.service.get(table_id)
    log = await srv.bot.repository.log(table_id)
    return table.status, table.seq, len(log), [s.user_id for s in table.seats]


async def started(srv, players=2):
    actors, table_id = await seat_players(srv, "test-highcard", players, "hand=3")
    table = await srv.bot.service.get(table_id)
    waiting = table.waiting_for()[0].user_id
    on_turn = next(a for a in actors if str(a.id) == waiting)
    others = [a for a in actors if a is not on_turn]
    return table_id, on_turn, others


async def test_not_your_turn_and_not_a_player(tmp_path):
    """A move by a seat that is not to act, or by a member without a seat, is refused."""
    async with server(tmp_path) as srv:
        table_id, on_turn, (other,) = await started(srv)
        table = await srv.bot.service.get(table_id)
        code = table.legal_actions(table.seat_of(str(on_turn.id)))[0]
        thread = await srv.thread(table_id)
        turn = await srv.latest_turn(table_id)
        crafted = await post_button(srv, thread.id, f"tr:a:{table_id}:{table.seq}:{code}")
        before = await snapshot(srv, table_id)
        refused = await other.click(crafted, label="?")
        assert "It is not your turn." in answer(refused)
        stranger = srv.add("carla")
        refused = await stranger.click(crafted, label="?")
        assert "You are not a player at this table." in answer(refused)
        refused = await stranger.click(turn, label=HAND)
        assert "You are not a player at this table." in answer(refused)
        assert await snapshot(srv, table_id) == before


async def test_stale_button_answers_with_the_fresh_view(tmp_path):
    """A click on an old state says the table moved on and shows the current hand."""
    async with server(tmp_path) as srv:
        table_id, on_turn, _others = await started(srv)
        turn = await srv.latest_turn(table_id)
        old = await on_turn.click(turn, label=HAND)
        fresh = await on_turn.click(turn, label=HAND)
        cid, _ = first_action(fresh.response)
        await on_turn.click(fresh.response, custom_id=cid)
        before = await snapshot(srv, table_id)
        cid_old, _ = first_action(old.response)
        result = await on_turn.click(old.response, custom_id=cid_old)
        text = answer(result)
        assert "The table has moved on" in text
        assert "Your hand · table" in text  # the fresh view comes with it
        assert await snapshot(srv, table_id) == before


async def test_two_clicks_at_once_apply_one_move(tmp_path):
    """A double click delivers two interactions before either is handled: one move is stored,
    the other click is told the table moved on (or that the move was already played).
    """
    async with server(tmp_path) as srv:
        table_id, on_turn, _others = await started(srv)
        seat = (await srv.bot.service.get(table_id)).seat_of(str(on_turn.id))
        hand = await on_turn.click(await srv.latest_turn(table_id), label=HAND)
        cid, _ = first_action(hand.response)
        moves_before = [e for e in await srv.bot.repository.log(table_id) if e.seat == seat]
        results = await simultaneous_clicks(srv, on_turn, hand.response, cid)
        moves_after = [e for e in await srv.bot.repository.log(table_id) if e.seat == seat]
        assert len(moves_after) == len(moves_before) + 1
        texts = [answer(result) for result in results]
        assert sum("Played:" in text for text in texts) == 1
        assert any("moved on" in text or "already played" in text for text in texts)


async def test_malformed_custom_id(tmp_path):
    """A damaged custom_id gets a private explanation instead of "interaction failed"."""
    async with server(tmp_path) as srv:
        srv.add("anna")
        for cid in ("tr:a:zz", "tr:q:1", "tr:a:1:x:play:3", "tr:"):
            message = await post_button(srv, srv.channel.id, cid)
            result = await srv.members["anna"].click(message, label="?")
            assert "This button is damaged or outdated" in answer(result)


async def test_full_table_and_started_table_refuse_joins(tmp_path):
    """High card seats at most 4; nobody joins once the game has begun."""
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, "test-highcard", 1)
        for name in ("b", "c", "d"):
            await srv.add(name).click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
        before = await snapshot(srv, table_id)
        late = srv.add("emil")
        refused = await late.click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
        assert "This table is full." in answer(refused)
        assert await snapshot(srv, table_id) == before
        await actors[0].click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
        refused = await late.slash(srv.channel, "table join", table=table_id)
        assert "The game has already started." in answer(refused)


async def test_options_out_of_range_or_garbled(tmp_path):
    """The game's options model bounds every option; nothing is created on a bad one."""
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        refused = await anna.slash(
            srv.channel, "table open", game="test-highcard", options="hand=9"
        )
        assert "Invalid option hand" in answer(refused)
        refused = await anna.slash(srv.channel, "table open", game="test-highcard", options="hand")
        assert "name=value" in answer(refused)
        refused = await anna.slash(srv.channel, "table open", game="test-highcard", options="x=1")
        assert "option x" in answer(refused)  # names the unknown option
        assert await srv.bot.service.tables_of_user(str(anna.id)) == []


async def test_options_autocomplete_offers_the_model_fields(tmp_path):
    """The options field suggests each option with its default and bounds."""
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        choices = await anna.autocomplete(
            srv.channel, "table open", "options", "", game="test-highcard"
        )
        assert choices[0]["value"] == "hand=2"
        assert "≥1" in choices[0]["name"] and "≤3" in choices[0]["name"]


async def test_only_host_or_manage_server_may_cancel_or_start(tmp_path):
    """A seated non-host may neither start nor cancel; Manage Server may cancel."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, "test-highcard", 1)
        ben = srv.add("ben")
        await ben.click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
        refused = await ben.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
        assert "Only the player who opened the table" in answer(refused)
        refused = await ben.slash(srv.channel, "table cancel", table=table_id)
        assert "Only the player who opened the table" in answer(refused)
        assert (await srv.bot.service.get(table_id)).status == "lobby"
        role = srv.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
        mod = srv.guild.add_member(srv.env.create_user("mod"), roles=[role])
        done = await mod.slash(srv.channel, "table cancel", table=table_id)
        assert "Table 1 is cancelled." in answer(done)
        assert (await srv.bot.service.get(table_id)).status == "cancelled"
        refused = await srv.add("carla").slash(srv.channel, "table join", table=table_id)
        assert "This table has already ended." in answer(refused)


async def test_tables_only_in_allowed_channels(tmp_path):
    """With channels listed in /settings, tables open only there; members cannot change it."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        other = srv.guild.create_text_channel("tische")
        anna = srv.add("anna")
        # /settings is visible to members for "/settings me" (issue 20); the server-wide
        # subcommands refuse them and change nothing.
        assert "settings me" in anna.available_commands(srv.channel)
        tried = await anna.slash(srv.channel, "settings channel", channel=other, allowed=True)
        assert "You lack the permission for that." in answer(tried)
        assert (await srv.bot.repository.get_guild_settings(str(srv.guild.id))).channels == []
        done = await owner.slash(srv.channel, "settings channel", channel=other, allowed=True)
        assert f"<#{other.id}>" in answer(done)
        refused = await anna.slash(srv.channel, "table open", game="test-highcard")
        assert "Tables may not be opened here" in answer(refused)
        opened = await anna.slash(other, "table open", game="test-highcard")
        assert opened.response is not None and not opened.response.ephemeral
        role = srv.guild.create_role("organisers")
        done = await owner.slash(srv.channel, "settings organiser", role=role)
        assert f"<@&{role.id}>" in answer(done)
        saved = await srv.bot.repository.get_guild_settings(str(srv.guild.id))
        assert saved.organiser_role == str(role.id) and saved.channels == [str(other.id)]


async def test_a_table_of_another_server_cannot_be_joined(tmp_path):
    """Table numbers are global; a member of another server guessing one is told there is none."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, "test-highcard", 1)
        elsewhere = srv.env.create_guild("Elsewhere")
        channel = elsewhere.create_text_channel("general")
        stranger = elsewhere.add_member(srv.env.create_user("stranger"))
        refused = await stranger.slash(channel, "table join", table=table_id)
        assert f"There is no table {table_id}." in answer(refused)
        assert len((await srv.bot.service.get(table_id)).seats) == 1


@pytest.mark.parametrize("game_id", REAL_GAMES)
async def test_a_table_cancelled_before_it_started_is_shown_as_its_cancelled_lobby(
    tmp_path, game_id
):
    """A table cancelled in its lobby has no game to draw: ``/table show`` answers with the
    lobby marked cancelled and no buttons (it raised a KeyError in the game's rendering of an
    empty view and apologised), and ``/table hand`` says privately that the table was
    cancelled, as does ``/table watch`` (not that it cannot be watched "yet"); nothing
    changes.
    """
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        table_id = await srv.open(anna, game_id)
        await anna.slash(srv.channel, "table cancel", table=table_id)
        before = await snapshot(srv, table_id)

        shown = await anna.slash(srv.channel, "table show", table=table_id)
        embed = shown.response.embeds[0].to_dict()
        assert embed["footer"]["text"] == i18n.STATUS_CANCELLED.en
        assert shown.response.components == []
        hand = await anna.slash(srv.channel, "table hand", table=table_id)
        assert answer(hand) == i18n.STATUS_CANCELLED.en
        watch = await srv.add("ben").slash(srv.channel, "table watch", table=table_id)
        assert answer(watch) == i18n.STATUS_CANCELLED.en
        assert await snapshot(srv, table_id) == before


async def test_a_member_option_naming_someone_not_on_the_server_is_refused_by_name(tmp_path):
    """A user option Discord resolves without the member (an id of someone who is not on the
    server, pasted by hand) cannot become a member: every command with a member option
    answers privately that this person is not on the server, instead of the apology for an
    unexpected error, and nothing changes.
    """
    async with server(tmp_path) as srv:
        table_id, on_turn, _others = await started(srv)
        stranger = srv.env.create_user("stranger")
        before = await snapshot(srv, table_id)
        expected = i18n.NOT_A_MEMBER_HERE.format(name="stranger").en
        commands = [
            ("table substitute", {"seat": 1, "member": stranger, "table": table_id}),
            ("table history", {"member": stranger}),
            ("profile", {"member": stranger}),
            ("tournament drop", {"player": stranger}),
        ]
        for command, options in commands:
            refused = await on_turn.slash(srv.channel, command, **options)
            assert answer(refused) == expected, command
        assert await snapshot(srv, table_id) == before
