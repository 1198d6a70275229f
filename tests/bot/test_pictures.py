"""Pictures on the bot's messages (issue 11): the public table message, the "My hand" answer
and the DM each carry a PNG, drawn from the view their audience may see, in the same request.
"""

from __future__ import annotations

from pictures import picture
from tests.bot.harness import HAND, server
from tests.bot.test_games import seat_players

PNG = b"\x89PNG\r\n\x1a\n"


def attached_png(srv, message) -> tuple[bytes, str]:
    """The bytes and the embed image url of a message's one attachment."""
    attachments = message.attachments
    assert len(attachments) == 1, attachments
    data = srv.env.backend.cdn.get(attachments[0].url)
    assert data is not None and data.startswith(PNG)
    assert attachments[0].filename.endswith(".png")
    return data, message.embeds[0].to_dict()["image"]["url"]


def names_of(table) -> tuple[str, ...]:
    return tuple(table.seat_name(seat) for seat in range(len(table.seats)))


async def test_table_message_hand_answer_and_dm_carry_their_pictures(tmp_path):
    """The thread message's PNG is the public picture (``view(state, None)``), the "My hand"
    answer's and the DM's PNG are the seat's own picture; the embed shows the attachment and
    keeps the text of the table for screen readers; a move still costs at most 3 requests.
    """
    async with server(tmp_path, pictures=True) as srv:
        actors, table_id = await seat_players(srv, "scherbia", 2)
        table = await srv.bot.service.get(table_id)
        game, names = table.game, names_of(table)
        turn = await srv.latest_turn(table_id)
        data, image_url = attached_png(srv, turn)
        public = picture(game, table.view(None), "en", names)
        assert data == public
        assert image_url.endswith(turn.attachments[0].filename)
        assert game.render(table.view(None), "en").splitlines()[0] in turn.embeds[0].description
        for seat in range(2):  # the public picture is nobody's hand picture
            assert data != picture(game, table.view(seat), "en", names)

        seat = table.to_act()[0]
        actor = actors[seat]
        dm_png, _url = attached_png(srv, srv.dms(actor)[-1])  # "your turn" DM at the start
        assert dm_png == picture(game, table.view(seat), "en", names)
        hand = await actor.click(turn, label=HAND)
        assert hand.response.ephemeral
        hand_png, _url = attached_png(srv, hand.response)
        assert hand_png == picture(game, table.view(seat), "en", names)

        code = table.legal_actions(seat)[0]
        before = len(srv.env.http_requests)
        moved = await actor.click(hand.response, custom_id=f"tr:a:{table_id}:{table.seq}:{code}")
        assert len(srv.env.http_requests) - before <= 3
        table = await srv.bot.service.get(table_id)
        after, _url = attached_png(srv, await srv.latest_turn(table_id))
        assert after == picture(game, table.view(None), "en", names)
        # The hand answer is edited in place: its picture is replaced by the new one.
        edited, _url = attached_png(srv, moved.response)
        assert edited == picture(game, table.view(seat), "en", names) != hand_png


async def test_pictures_can_be_turned_off(tmp_path):
    """With TISCHRUNDE_PICTURES=false the messages carry their text and no attachment."""
    async with server(tmp_path, pictures=False) as srv:
        actors, table_id = await seat_players(srv, "test-highcard", 2)
        turn = await srv.latest_turn(table_id)
        assert turn.attachments == [] and "image" not in turn.embeds[0].to_dict()
        hand = await actors[0].click(turn, label=HAND)
        assert hand.response.attachments == []


async def test_a_picture_that_fails_leaves_the_text(tmp_path, monkeypatch):
    """A drawing error is logged and the message goes out with its text and no attachment."""
    import logging

    import bot.images

    def broken(*_args, **_kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(bot.images, "picture", broken)
    monkeypatch.setattr(bot.images, "_kept", type(bot.images._kept)())
    logged: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = logged.append  # type: ignore[method-assign]
    images_log = logging.getLogger("bot.images")
    # The harness fails a test on any error the bot logs; this one is expected.
    monkeypatch.setattr(images_log, "propagate", False)
    images_log.addHandler(handler)
    try:
        async with server(tmp_path, pictures=True) as srv:
            actors, table_id = await seat_players(srv, "test-highcard", 2)
            table = await srv.bot.service.get(table_id)
            turn = await srv.latest_turn(table_id)
            assert turn.attachments == [] and "image" not in turn.embeds[0].to_dict()
            first_line = table.game.render(table.view(None), "en").splitlines()[0]
            assert first_line[:40] in turn.embeds[0].description
            hand = await actors[0].click(turn, label=HAND)
            assert hand.response.attachments == [] and "Your hand" in repr(
                hand.response.embeds[0].to_dict()
            )
    finally:
        images_log.removeHandler(handler)
    assert logged and "could not draw" in logged[0].getMessage()
