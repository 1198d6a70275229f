"""Work per click (issue 22): what a click computes and draws, counted, not timed."""

from __future__ import annotations

import json

import pytest

from games.core import CHANCE
from tests.bot.drive import first_action, take
from tests.bot.harness import HAND, answer, custom_ids, message_text, server
from tests.bot.test_games import seat_players
from tests.bot.test_second_look import costly, drive_until


def turn_dm(srv, actor, table_id: int, seq: int):
    """The actor's newest DM with action buttons for state ``seq`` of the table."""
    prefix = f"tr:a:{table_id}:{seq}:"
    for message in reversed(srv.dms(actor)):
        codes = [cid for cid in custom_ids(message) if cid.startswith(prefix)]
        if codes:
            return message, codes
    raise AssertionError(f"no turn DM for state {seq}")


def turn_message(srv, actor, table_id: int, seq: int):
    """The actor's newest DM with a button or select menu for state ``seq`` of the table."""
    prefixes = (f"tr:a:{table_id}:{seq}:", f"tr:s:{table_id}:{seq}:")
    for message in reversed(srv.dms(actor)):
        if any(cid.startswith(prefixes) for cid in custom_ids(message)):
            return message
    raise AssertionError(f"no turn DM for state {seq}")


EVERY_GAME = pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("coppertwaddle", 2),
        ("catan-deckbuilding", 2),
        ("scherbia", 2),
        ("stardust", 3),
        ("gelfdrakkar", 4),
    ],
)
"""Every game, at a size it allows."""


async def first_dm_action(srv, actors, table_id: int):
    """(seat, state number, play) for the seat to act, where ``play()`` takes the first button
    or menu choice of its newest turn DM (Gelfdrakkar's first decisions are menus); None once
    the game is over."""
    table = await srv.bot.service.get(table_id)
    if table.status != "active":
        return None
    seat, seq = table.to_act()[0], table.seq
    actor = next(a for a in actors if str(a.id) == table.seats[seat].user_id)
    message = turn_message(srv, actor, table_id, seq)
    cid, value = first_action(message)

    async def play() -> None:
        if value is None:
            await actor.user.click(message, custom_id=cid)
        else:
            await actor.user.select(message, [value], custom_id=cid)

    return seat, seq, play


@EVERY_GAME
async def test_a_click_computes_legal_actions_once_per_seat_shown(tmp_path, game_id, players):
    """A move from a DM's first button or select menu: the service's check reuses the list
    the DM was built from, and after the move the mover's answer and the next player's DM each
    need their seat's list once; no view (a seat's or the public one) is computed twice for
    one state. Counted through wrappers on the game object, over the whole click (the answer,
    the thread post and the DM the relay sends), for twenty clicks (or to the game's end) in
    every game."""
    async with server(tmp_path, pictures=True) as srv:
        actors, table_id = await seat_players(srv, game_id, players)
        table = await srv.bot.service.get(table_id)
        game = table.game
        for _ in range(20):
            found = await first_dm_action(srv, actors, table_id)
            if found is None:
                break
            seat, seq, play = found
            calls: list[tuple[object, int]] = []
            real = type(game).legal_actions

            def counted(state, asked, real=real, calls=calls):
                # Chance's outcomes (Scherbia's dice) are listed when the table checks the roll
                # it drew after the move: the engine's own step, no seat's list.
                if asked != CHANCE:
                    calls.append((state, asked))
                return real(game, state, asked)

            views: list[tuple[object, int | None]] = []
            real_view = type(game).view

            def counted_view(state, viewer, real_view=real_view, views=views):
                views.append((state, viewer))
                return real_view(game, state, viewer)

            game.legal_actions = counted  # type: ignore[method-assign]
            game.view = counted_view  # type: ignore[method-assign]
            try:
                await play()
            finally:
                del game.legal_actions, game.view
            after = await srv.bot.service.get(table_id)
            assert after.seq > seq
            # A finished table shows no moves, to the mover or anyone.
            mover = {seat} if after.status == "active" else set()
            shown = mover | {s for s in after.to_act() if after.seats[s].user_id}
            assert all(state is after.state for state, _ in calls), "an old state recomputed"
            assert sorted(asked for _, asked in calls) == sorted(shown)
            for index, (state, viewer) in enumerate(views):
                again = [v for s, v in views[index + 1 :] if s is state and v == viewer]
                assert not again, f"the view of {viewer} computed twice for one state"


async def test_a_stale_click_is_answered_from_the_table_its_refusal_carries(tmp_path):
    """A button of an older state (DESIGN: "a click on an old state answers, privately, that
    the table moved on, with the fresh view"): the refusal carries the table as it is now, so
    the click reads the table once (the service's own read, no load by the adapter before or
    after), and the fresh hand needs at most one legal-actions list, for the seat shown, of
    the current state."""
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, "coppertwaddle", 2)
        service = srv.bot.service
        table = await service.get(table_id)
        seat, seq = table.to_act()[0], table.seq
        actor = next(a for a in actors if str(a.id) == table.seats[seat].user_id)
        turn = await srv.latest_turn(table_id)
        old = await actor.click(turn, label=HAND)
        fresh = await actor.click(turn, label=HAND)
        cid, value = first_action(fresh.response)
        await take(actor, fresh.response, cid, value)
        current = await service.get(table_id)
        assert current.seq > seq
        game = current.game
        calls: list[tuple[object, int]] = []
        loads: list[int] = []
        real_get, real_legal = service.get, type(game).legal_actions

        async def counted_get(asked_id, real_get=real_get):
            loads.append(asked_id)
            return await real_get(asked_id)

        def counted_legal(state, asked, real_legal=real_legal):
            calls.append((state, asked))
            return real_legal(game, state, asked)

        service.get = counted_get  # type: ignore[method-assign]
        game.legal_actions = counted_legal  # type: ignore[method-assign]
        try:
            cid, value = first_action(old.response)
            stale = await take(actor, old.response, cid, value)
        finally:
            del service.get, game.legal_actions
        text = answer(stale)
        assert "The table has moved on" in text and "Your hand · table" in text
        assert loads == [table_id]
        assert all(state is current.state for state, _ in calls), "an old state recomputed"
        assert [asked for _, asked in calls] in ([], [seat])
        assert (await service.get(table_id)).seq == current.seq


async def test_reading_in_a_members_language_stores_nothing_and_seating_them_remembers_it(
    tmp_path,
):
    """The answer's language comes from the member's Discord locale; looking it up is a read
    and stores nothing (help, a hand, a table's status), while opening or joining a table,
    which writes anyway, stores it so the member's DMs are written in it."""
    async with server(tmp_path) as srv:
        repo = srv.bot.repository
        anna = srv.add("anna", locale="de")
        ben = srv.add("ben", locale="en-GB")
        writes: list[object] = []
        real_save = repo.save_user_preferences

        async def counted_save(preferences, real_save=real_save):
            writes.append(preferences)
            await real_save(preferences)

        repo.save_user_preferences = counted_save  # type: ignore[method-assign]
        try:
            assert "Kartenspiele" in answer(await anna.slash(srv.channel, "help"))
            assert "card games" in answer(await ben.slash(srv.channel, "help"))
            assert writes == []
            table_id = await srv.open(anna, "test-highcard", "hand=2")
            await ben.click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
            assert [(p.user_id, p.language) for p in writes] == [
                (str(anna.id), "de"),
                (str(ben.id), "en"),
            ]
            await anna.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
            turn = await srv.latest_turn(table_id)
            before = len(writes)
            shown = await anna.click(turn, label=HAND)
            assert "Dein Blatt · Tisch" in message_text(shown.response)
            assert "Du sitzt an Tisch" in message_text(srv.dms(anna)[0])
            assert len(writes) == before
        finally:
            del repo.save_user_preferences
        assert (await repo.get_user_preferences(str(anna.id))).language == "de"


@pytest.mark.parametrize("game_id", ["coppertwaddle", "catan-deckbuilding"])
async def test_ending_a_turn_with_a_card_to_play_asks_from_the_list_the_dm_showed(
    tmp_path, game_id
):
    """Ending Coppertwaddle's En Garde while a card could still be placed or declared, or a
    Catan turn while a card in hand could still be played, asks "Really …?" first
    (``confirm_question``). The question looks at what else the seat could play; the DM's
    buttons were built from that seat's list of this state, so the click asks without
    computing any list again, and plays nothing."""
    async with server(tmp_path, pictures=True) as srv:
        _actors, table_id = await seat_players(srv, game_id, 2)
        actor, code = await drive_until(
            srv, table_id, lambda t, s, c: c == "end" and costly(t, s, c)
        )
        table = await srv.bot.service.get(table_id)
        message, codes = turn_dm(srv, actor, table_id, table.seq)
        assert f"tr:a:{table_id}:{table.seq}:{code}" in codes
        game = table.game
        calls: list[tuple[object, int]] = []
        real = type(game).legal_actions

        def counted(state, asked, real=real):
            calls.append((state, asked))
            return real(game, state, asked)

        game.legal_actions = counted  # type: ignore[method-assign]
        try:
            asked = await actor.user.click(message, custom_id=f"tr:a:{table_id}:{table.seq}:{code}")
        finally:
            del game.legal_actions
        assert "Really" in answer(asked)
        assert calls == []
        assert (await srv.bot.service.get(table_id)).seq == table.seq


@EVERY_GAME
async def test_a_click_draws_each_picture_once(tmp_path, monkeypatch, game_id, players):
    """Issue 22, work per click: one picture per view. A click shows the mover's hand (while
    the game goes on), the thread's table and the hand of each member now to act (a seat that
    moves again sees its hand once): exactly these views of the new state are drawn, each
    once. Counted by a wrapper on the drawing function, for ten clicks (or to the game's
    end)."""
    import bot.images

    drawn: list[tuple[str, str]] = []
    real = bot.images.picture

    def counted(game, view, lang, names):
        drawn.append((json.dumps(view, sort_keys=True, default=str), lang))
        return real(game, view, lang, names)

    monkeypatch.setattr(bot.images, "picture", counted)
    async with server(tmp_path, pictures=True) as srv:
        actors, table_id = await seat_players(srv, game_id, players)
        await srv.env.settle()
        for _ in range(10):
            found = await first_dm_action(srv, actors, table_id)
            if found is None:
                break
            seat, seq, play = found
            drawn.clear()
            await play()
            await srv.env.settle()
            after = await srv.bot.service.get(table_id)
            assert after.seq > seq
            mover = {seat} if after.status == "active" else set()
            hands = mover | {s for s in after.to_act() if after.seats[s].user_id}
            shown = [after.view(s) for s in sorted(hands)] + [after.view(None)]
            assert sorted(drawn) == sorted(
                {(json.dumps(view, sort_keys=True, default=str), "en") for view in shown}
            ), "each view the click shows is drawn, once"
