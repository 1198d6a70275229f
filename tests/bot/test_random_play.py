"""Whole games of every real game through the bot with moves picked at random (invariants 3 and 7).

``test_games.py`` plays each game's first legal move every time, so a table there only ever
reaches the states that line of play leads to. Here the waiting seat picks any move its hand
offers (buttons and every option of the select menus), with the table options varied, and on
the way other members do what members do: look at their own hand while it is not their turn,
and click the waiting seat's move on a copy of its button. Each game is seeded, so a failure
replays.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord

from games.core import all_games
from tests.bot.drive import take
from tests.bot.harness import HAND, Server, answer, components, message_text, post_button, server
from tests.bot.test_games import seat_players

# (game, players, options): options off their defaults that change which moves exist, kept
# short (one round, one match, few hands) so the suite stays fast.
TABLES = [
    ("scherbia", 3, "max_layers=0"),
    ("scherbia", 4, "teams=2v2 action_cards=true factions=hidden"),
    ("stardust", 4, "hands=3"),
    ("gelfdrakkar", 5, None),
    ("coppertwaddle", 2, "games=1 always_ask=false"),
    ("catan-deckbuilding", 2, "turn_limit=40"),
]


def offered_moves(message: Any) -> list[tuple[str, str | None]]:
    """(custom_id, select value or None) of every move a hand message offers."""
    moves: list[tuple[str, str | None]] = []
    for component in components(message):
        cid = component.get("custom_id") or ""
        if cid.startswith("tr:a:"):
            moves.append((cid, None))
        elif cid.startswith("tr:s:"):
            moves.extend((cid, option["value"]) for option in component["options"])
    return moves


async def newest_table_message(srv: Server, table_id: int) -> Any:
    """The thread's newest public message with the "My hand" button (not a crafted copy)."""
    table = await srv.bot.service.get(table_id)
    stored = srv.env.backend.messages.get(int(table.record.place["thread"]), {})
    for message in reversed(stored.values()):
        if message.visible_to(None):
            shown = simcord.ResponseMessage(srv.env, message)
            if any(component.get("label") == HAND for component in components(shown)):
                return shown
    raise AssertionError("no table message with the hand button")


@pytest.mark.slow(seconds=20)
@pytest.mark.parametrize(("game_id", "players", "options"), TABLES)
async def test_random_moves_reach_the_end_and_no_one_acts_for_another_seat(
    tmp_path, game_id, players, options
):
    """Every move a hand offers is one the table takes (no apology, no refusal), the game
    reaches its result; a member's own hand offers no moves while another seat is waiting
    (invariant 7: nobody acts for a seat they did not take); a member clicking the waiting
    seat's move gets a private refusal and the table does not move (invariant 3).
    """
    game = next(g for g in all_games() if g.id == game_id)
    rng = random.Random(f"random-play:{game_id}:{options}")
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, game_id, players, options)
        moves = 0
        for _ in range(game.max_decisions(players, game.parse_options(players, {}))):
            table = await srv.bot.service.get(table_id)
            if table.status != "active":
                break
            seq = table.seq  # the service hands out its cached table, which moves on in place
            waiting = table.waiting_for()[0]
            actor = next(a for a in actors if str(a.id) == waiting.user_id)
            others = [a for a in actors if a is not actor]
            turn = await newest_table_message(srv, table_id)
            if rng.random() < 0.15:
                looker = rng.choice(others)
                look = await looker.click(turn, label=HAND)
                assert look.response is not None and look.response.ephemeral
                assert offered_moves(look.response) == [], (looker.name, waiting.seat)
            hand = await actor.click(turn, label=HAND)
            assert hand.response is not None and hand.response.ephemeral
            moves_offered = offered_moves(hand.response)
            assert moves_offered, message_text(hand.response)
            cid, value = rng.choice(moves_offered)
            if value is None and rng.random() < 0.1:
                thread = await srv.thread(table_id)
                copy = await post_button(srv, thread.id, cid)
                refusal = answer(await rng.choice(others).click(copy, custom_id=cid))
                assert "Something went wrong" not in refusal
                assert (await srv.bot.service.get(table_id)).seq == seq
            result = await take(actor, hand.response, cid, value)
            said = [m for m in [result.response, *result.followups] if m is not None]
            assert said, (cid, value)
            after = await srv.bot.service.get(table_id)
            assert after.seq > seq, [message_text(m) for m in said]
            moves += 1
            if moves % 20 == 0:
                # Ephemeral views expire after 15 minutes (see ``Driver.play``).
                await srv.env.advance_time(16 * 60)
        table = await srv.bot.service.get(table_id)
        assert table.status == "finished", (moves, table.status)
        assert table.result() is not None
