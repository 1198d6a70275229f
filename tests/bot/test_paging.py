"""More legal actions than a message holds: one select menu per group, paged."""

from __future__ import annotations

import pytest

from games.core import register, unregister
from tests.bot.harness import HAND, answer, components, server
from tests.bot.manygame import GAME
from tests.bot.test_games import seat_players


@pytest.fixture
def many_game():
    register(GAME)
    yield GAME
    unregister(GAME.id)


async def test_many_actions_become_paged_select_menus(tmp_path, many_game):
    """130 actions in 3 groups: selects of at most 25 options, at most 5 rows a page, every
    action reachable through the pages, and choosing an option plays it.
    """
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, GAME.id, 2)
        first = actors[0]
        hand = await first.click(await srv.latest_turn(table_id), label=HAND)
        message = hand.response
        offered, pages = set(), 0
        while True:
            pages += 1
            rows = message.components
            assert len(rows) <= 5
            selects = [c for c in components(message) if c["type"] == 3]
            assert selects and all(len(s["options"]) <= 25 for s in selects)
            offered |= {o["value"] for s in selects for o in s["options"]}
            nexts = [c for c in components(message) if c.get("label") == "Next"]
            if not nexts or nexts[0].get("disabled"):
                break
            message = (await first.click(message, custom_id=nexts[0]["custom_id"])).response
        assert pages > 1
        assert offered == {f"pick:{n}" for n in range(1, 131)}
        select = next(c for c in components(message) if c["type"] == 3)
        choice = select["options"][-1]["value"]
        played = await first.select(message, [choice], custom_id=select["custom_id"])
        assert "Played: #" in repr(played.response.content)
        table = await srv.bot.service.get(table_id)
        assert table.state["picked"][0] == [int(choice.split(":")[1])]


async def test_typed_amount_for_an_open_verb(tmp_path, many_game):
    """An open verb (a bet, a raise) gets an "other amount" button whose form sends the typed
    number to the engine: garbage and numbers the engine refuses change nothing.
    """
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, GAME.id, 2)
        first = actors[0]
        hand = await first.click(await srv.latest_turn(table_id), label=HAND)
        button = next(
            c for c in components(hand.response) if c.get("custom_id", "").startswith("tr:m:")
        )
        for typed, refusal in (("abc", "Please type a whole number"), ("999", "not available")):
            shown = await first.click(hand.response, custom_id=button["custom_id"])
            assert shown.modal is not None
            refused = await first.submit_modal(shown, {"amount": typed})
            assert refusal in answer(refused)
            assert (await srv.bot.service.get(table_id)).state["picked"][0] == []
        shown = await first.click(hand.response, custom_id=button["custom_id"])
        await first.submit_modal(shown, {"amount": "77"})
        assert (await srv.bot.service.get(table_id)).state["picked"][0] == [77]
