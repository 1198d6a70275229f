"""Work per click (issue 22): what a click computes and draws, counted, not timed."""

from __future__ import annotations

from tests.bot.harness import custom_ids, server
from tests.bot.test_games import seat_players


def turn_dm(srv, actor, table_id: int, seq: int):
    """The actor's newest DM with action buttons for state ``seq`` of the table."""
    prefix = f"tr:a:{table_id}:{seq}:"
    for message in reversed(srv.dms(actor)):
        codes = [cid for cid in custom_ids(message) if cid.startswith(prefix)]
        if codes:
            return message, codes
    raise AssertionError(f"no turn DM for state {seq}")


async def test_a_click_computes_legal_actions_once_per_seat_shown(tmp_path):
    """A move from a DM button: the service's check reuses the list the DM was built from,
    and after the move the mover's answer and the next player's DM each need their seat's
    list once. Counted through a wrapper on the game object, over the whole click (the
    answer, the thread post and the DM the relay sends)."""
    async with server(tmp_path, pictures=True) as srv:
        actors, table_id = await seat_players(srv, "coppertwaddle", 2)
        table = await srv.bot.service.get(table_id)
        game = table.game
        for _ in range(3):
            table = await srv.bot.service.get(table_id)
            seat, seq = table.to_act()[0], table.seq
            actor = next(a for a in actors if str(a.id) == table.seats[seat].user_id)
            message, codes = turn_dm(srv, actor, table_id, seq)
            calls: list[tuple[object, int]] = []
            real = type(game).legal_actions

            def counted(state, asked, real=real, calls=calls):
                calls.append((state, asked))
                return real(game, state, asked)

            game.legal_actions = counted  # type: ignore[method-assign]
            try:
                await actor.user.click(message, custom_id=codes[0])
            finally:
                del game.legal_actions
            after = await srv.bot.service.get(table_id)
            assert after.seq > seq
            shown = {seat} | {s for s in after.to_act() if after.seats[s].user_id}
            assert all(state is after.state for state, _ in calls), "an old state recomputed"
            assert sorted(asked for _, asked in calls) == sorted(shown)
