"""Issue 20, part 6: every picture is described, and pictures can be turned off.

Alt text: each attachment the bot sends carries a description (Discord's alt text, read by
screen readers) saying what the picture shows, built from the view it was drawn from.
``/settings me pictures:off`` gives a member text-only hands and DMs; ``/settings server
pictures:off`` (Manage Server) turns them off for every table of the server.
"""

from __future__ import annotations

from bot.display import ALT_MAX, alt_text
from tests.bot.drive import Driver
from tests.bot.harness import HAND, answer, server
from tests.bot.test_calm_thread import same_turn_move
from tests.bot.test_games import seat_players


def attachments_of(srv) -> list[dict]:
    return [
        attachment
        for channel in srv.env.backend.messages.values()
        for message in channel.values()
        for attachment in message.attachments
    ]


async def test_every_attachment_of_a_whole_game_has_alt_text_from_its_view(tmp_path):
    """Alt text on every attachment: over a whole game with pictures on (thread posts, hands,
    DMs), no attachment lacks a description, each names what it shows (the table, the move,
    who is to act or the result) within Discord's 1,024 characters, and the thread's pictures
    are described from the public view: no hand card of a seat is named in them."""
    async with server(tmp_path, pictures=True) as srv:
        _actors, table_id = await seat_players(srv, "test-highcard", 2, "hand=3")
        seen_public: list[str] = []

        async def keep_public_description():
            turn = await srv.latest_turn(table_id)
            seen_public.append(turn.attachments[0].description)
            table = await srv.bot.service.get(table_id)
            names = table.seat_names()
            public = set(table.game.render(table.view(None), "en", names).splitlines())
            for seat in range(len(table.seats)):
                own = table.game.render(table.view(seat), "en", names).splitlines()
                private = [line.strip() for line in own if line not in public]
                assert not [line for line in private if line and line in seen_public[-1]]

        await Driver(srv, table_id).play(after_move=keep_public_description)
        found = attachments_of(srv)
        assert len(found) > 10
        missing = [a["filename"] for a in found if not a.get("description")]
        assert missing == []
        assert all(len(a["description"]) <= ALT_MAX for a in found)
        table = await srv.bot.service.get(table_id)
        # Named by the game, never by a state number ("Zug" means the game's own turn).
        assert seen_public[-1].startswith(f"Picture of table {table_id} ({table.game.name.en})")
        assert "Result: 1." in seen_public[-1]
        hands = [a["description"] for a in found if a["filename"].startswith("blatt-")]
        assert hands and all(d.startswith("Picture of your hand at table") for d in hands)
        assert any("To act: p" in d for d in seen_public)


async def test_a_member_turns_pictures_off_for_their_own_hands_and_dms(tmp_path):
    """``/settings me pictures:off``: that member's "My hand" answer and turn DMs are text
    alone; the other player still gets pictures, and the thread keeps its picture."""
    async with server(tmp_path, pictures=True) as srv:
        actors, table_id = await seat_players(srv, "test-highcard", 2, "hand=3")
        table = await srv.bot.service.get(table_id)
        quiet = actors[table.to_act()[0]]
        other = next(actor for actor in actors if actor is not quiet)
        said = answer(await quiet.slash(srv.channel, "settings me", pictures="off"))
        assert "pictures off" in said and "second look before costly moves on" in said
        turn = await srv.latest_turn(table_id)
        assert len(turn.attachments) == 1
        hand = await quiet.click(turn, label=HAND)
        assert hand.response.attachments == [] and "image" not in hand.response.embeds[0].to_dict()
        assert "Your hand" in repr(hand.response.embeds[0].to_dict())
        assert len((await other.click(turn, label=HAND)).response.attachments) == 1
        dms_before = len(srv.dms(quiet))
        driver = Driver(srv, table_id)
        while (await driver.waiting_actor()) is not None and len(srv.dms(quiet)) == dms_before:
            await driver.move_from_thread(await driver.waiting_actor())
        new_dms = srv.dms(quiet)[dms_before:]
        assert new_dms and all(dm.attachments == [] for dm in new_dms)
        back = answer(await quiet.slash(srv.channel, "settings me", pictures="on"))
        assert "pictures on" in back
        if (await srv.bot.service.get(table_id)).status == "active":
            turn = await srv.latest_turn(table_id)
            assert len((await quiet.click(turn, label=HAND)).response.attachments) == 1


async def test_a_server_turns_pictures_off_for_its_tables(tmp_path):
    """``/settings server pictures:off`` (Manage Server): the thread's posts, the hands and the
    DMs of the server's tables carry no picture; a member without Manage Server is refused
    and nothing changes."""
    async with server(tmp_path, pictures=True) as srv:
        actors, table_id = await seat_players(srv, "test-highcard", 2, "hand=3")
        refused = await actors[0].slash(srv.channel, "settings server", pictures="off")
        assert "Pictures at this server's tables" not in answer(refused)
        assert not (await srv.bot.guild_settings(srv.guild.id)).pictures_off
        owner = srv.guild.add_member(srv.guild.owner)
        said = answer(await owner.slash(srv.channel, "settings server", pictures="off"))
        assert "Pictures at this server's tables: off." in said
        driver = Driver(srv, table_id)
        before = len(attachments_of(srv))
        for _ in range(3):
            actor = await driver.waiting_actor()
            if actor is None:
                break
            await driver.move_from_thread(actor)
        assert len(attachments_of(srv)) == before
        turn = await srv.latest_turn(table_id)
        assert turn.attachments == [] and "image" not in turn.embeds[0].to_dict()


async def test_an_edited_turn_post_carries_the_new_picture_and_its_alt_text(tmp_path):
    """The calm thread edits a turn's post: the edit replaces its picture with the new state's
    public picture (one attachment, no stale one) and describes it, naming the new move."""
    from pictures import picture

    async with server(tmp_path, pictures=True) as srv:
        _actors, table_id = await seat_players(srv, "catan-deckbuilding", 2)
        first = await srv.latest_turn(table_id)
        table = await srv.bot.service.get(table_id)
        turn = table.game.turn_number(table.state)
        await same_turn_move(srv, table_id)
        table = await srv.bot.service.get(table_id)
        assert table.game.turn_number(table.state) == turn
        edited = await srv.latest_turn(table_id)
        assert edited.id == first.id
        assert len(edited.attachments) == 1
        data = srv.env.backend.cdn.get(edited.attachments[0].url)
        names = tuple(table.seat_name(seat) for seat in range(len(table.seats)))
        assert data == picture(table.game, table.view(None), "en", names)
        description = edited.attachments[0].description
        assert description == alt_text(table, None, "en")
        progress = table.game.progress(table.view(None), "en")
        assert progress and f"({table.game.name.en}, {progress})" in description
        assert edited.embeds[0].to_dict()["image"]["url"].endswith(edited.attachments[0].filename)
