"""Issue 20, parts 3 and 7: hands that make sense, and a second look before a costly move.

Catan's hand shows the moves that matter as buttons and setting a card aside (which has no
effect) as one "Set aside …" select, never as buttons. Going all-in (Stardust) and ending a
turn while cards could still be played (Catan) ask privately "Really …?" with Yes / No first;
``/settings me confirm:off`` plays them at once.
"""

from __future__ import annotations

from tests.bot.drive import Driver
from tests.bot.harness import HAND, answer, components, message_text, server
from tests.bot.test_games import seat_players


async def drive_until(srv, table_id, wanted, limit=200):
    """Play first actions until the seat to act has a code ``wanted`` picks; (actor, code)."""
    driver = Driver(srv, table_id)
    for _ in range(limit):
        table = await srv.bot.service.get(table_id)
        assert table.status == "active"
        seat = table.to_act()[0]
        codes = [code for code in table.legal_actions(seat) if wanted(table, seat, code)]
        actor = await driver.waiting_actor()
        if codes:
            return actor, codes[0]
        await driver.move_from_thread(actor)
    raise AssertionError("no such position came up")


def costly(table, seat, code) -> bool:
    return table.game.confirm_question(table.state, seat, code) is not None


async def test_catan_hand_offers_setting_aside_as_one_select_after_the_moves_that_matter(
    tmp_path,
):
    """A Catan hand: no button sets a card aside ("no effect" moves are not buttons); one
    select named "Set aside …" offers every card in hand; the buttons begin with a play or a
    purchase when there is one, and "End turn" comes after them."""
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, "catan-deckbuilding", 2)
        table = await srv.bot.service.get(table_id)
        seat = table.to_act()[0]
        hand = await actors[seat].click(await srv.latest_turn(table_id), label=HAND)
        shown = components(hand.response)
        buttons = [c for c in shown if (c.get("custom_id") or "").startswith("tr:a:")]
        selects = [c for c in shown if (c.get("custom_id") or "").startswith("tr:s:")]
        assert not [b for b in buttons if ":aside:" in b["custom_id"]]
        assert not [b for b in buttons if "no effect" in b.get("label", "")]
        asides = [s for s in selects if s.get("placeholder") == "Set aside …"]
        assert len(asides) == 1
        codes = table.legal_actions(seat)
        assert sorted(o["value"] for o in asides[0]["options"]) == [
            code for code in codes if code.startswith("aside:")
        ]
        verbs = [b["custom_id"].split(":")[4] for b in buttons]
        assert verbs[-1] == "end"
        if any(code.startswith(("play:", "buy:")) for code in codes):
            assert verbs[0] in ("play", "buy")
        assert shown.index(asides[0]) > shown.index(buttons[-1])


async def test_going_all_in_asks_first_yes_plays_it_no_does_not(tmp_path):
    """Stardust: clicking the all-in amount answers privately "Really go all-in?" with Yes and
    No and plays nothing; No shows the hand again (nothing played); Yes plays it."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, "stardust", 3)
        actor, code = await drive_until(srv, table_id, costly)
        seq = (await srv.bot.service.get(table_id)).seq
        cid = f"tr:a:{table_id}:{seq}:{code}"
        hand = await actor.click(await srv.latest_turn(table_id), label=HAND)
        asked = await actor.click(hand.response, custom_id=cid)
        question = answer(asked)
        assert "Really go all-in" in question and "/settings me confirm:off" in question
        labels = [c.get("label") for c in components(asked.response)]
        assert labels == ["Yes", "No"]
        assert (await srv.bot.service.get(table_id)).seq == seq
        no = await actor.click(asked.response, label="No")
        assert "Your hand" in message_text(no.response)
        assert (await srv.bot.service.get(table_id)).seq == seq
        asked = await actor.click(hand.response, custom_id=cid)
        yes = await actor.click(asked.response, label="Yes")
        assert "all-in" in message_text(yes.response)
        assert (await srv.bot.service.get(table_id)).seq > seq
        assert [code for _seat, code in await log_codes(srv, table_id)][seq] == code


async def test_with_confirm_off_a_costly_move_is_played_at_once(tmp_path):
    """``/settings me confirm:off``: the all-in click plays at once, no question; the other
    players keep their second look."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, "stardust", 3)
        actor, code = await drive_until(srv, table_id, costly)
        said = answer(await actor.slash(srv.channel, "settings me", confirm="off"))
        assert "second look before costly moves off" in said
        assert not (await srv.bot.preferences(str(actor.id))).pictures_off
        seq = (await srv.bot.service.get(table_id)).seq
        hand = await actor.click(await srv.latest_turn(table_id), label=HAND)
        played = await actor.click(hand.response, custom_id=f"tr:a:{table_id}:{seq}:{code}")
        assert "Really" not in message_text(played.response)
        assert "all-in" in message_text(played.response)
        assert (await srv.bot.service.get(table_id)).seq > seq
        others = [a for a in srv.members.values() if a is not actor]
        for other in others:
            assert not (await srv.bot.preferences(str(other.id))).confirm_off


async def log_codes(srv, table_id):
    return [(entry.seat, entry.code) for entry in await srv.bot.repository.log(table_id)]


async def test_a_confirmation_for_an_old_state_is_refused_as_stale(tmp_path):
    """Yes carries the state it was asked at: after the table moved on it plays nothing and
    answers that the table moved on (Invariant 3: a stale button changes nothing)."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, "stardust", 3)
        actor, code = await drive_until(srv, table_id, costly)
        table = await srv.bot.service.get(table_id)
        seq, seat = table.seq, table.to_act()[0]
        hand = await actor.click(await srv.latest_turn(table_id), label=HAND)
        asked = await actor.click(hand.response, custom_id=f"tr:a:{table_id}:{seq}:{code}")
        others = [c for c in table.legal_actions(seat) if not costly(table, seat, c)]
        fold = "fold" if "fold" in others else others[0]
        await actor.click(hand.response, custom_id=f"tr:a:{table_id}:{seq}:{fold}")
        moved = (await srv.bot.service.get(table_id)).seq
        assert moved > seq
        late = await actor.click(asked.response, label="Yes")
        assert "moved on" in message_text(late.response)
        assert (await srv.bot.service.get(table_id)).seq == moved


async def test_a_typed_all_in_amount_asks_first_too(tmp_path):
    """The "other amount" form: typing the whole stack is going all-in, and asks like the
    all-in button (nothing played until Yes)."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, "stardust", 3)
        actor, code = await drive_until(srv, table_id, costly)
        seq = (await srv.bot.service.get(table_id)).seq
        hand = await actor.click(await srv.latest_turn(table_id), label=HAND)
        other = next(
            c
            for c in components(hand.response)
            if (c.get("custom_id") or "").startswith(f"tr:m:{table_id}:")
        )
        shown = await actor.click(hand.response, custom_id=other["custom_id"])
        asked = await actor.submit_modal(shown, {"amount": code.rsplit(":", 1)[1]})
        assert "Really go all-in" in answer(asked)
        assert (await srv.bot.service.get(table_id)).seq == seq
        await actor.click(asked.response, label="Yes")
        assert [c for _s, c in await log_codes(srv, table_id)][seq] == code
