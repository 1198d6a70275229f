"""/tournament and /leaderboard through the bot (issue 10): create, join, start, a round in a
thread with its deadline, standings after the round, the final ranking, and refusals.
"""

from __future__ import annotations

from tests.bot.drive import Driver
from tests.bot.harness import answer, message_text, restart, server


def cog(srv):
    return srv.bot.get_cog("TournamentCommands")


async def test_create_join_start_play_standings_and_leaderboard(tmp_path):
    """An organiser (the configured role) creates a one-round Swiss of the test game; two
    members join (a second join is refused); a member may not start it; the organiser starts
    it: the table opens in a thread and the channel shows the round with its deadline; once
    played, the standings and the final ranking are posted and /tournament standings shows
    them privately; the table was rated, so /leaderboard lists both players.
    """
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        role = srv.guild.create_role("organisers")
        await owner.slash(srv.channel, "settings organiser", role=role)
        olga = srv.guild.add_member(srv.env.create_user("olga"), roles=[role])
        anna, ben = srv.add("anna"), srv.add("ben")

        created = await olga.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Herbstpokal",
            options="hand=1",
            rounds=1,
            round_hours=24,
        )
        assert created.response is not None and not created.response.ephemeral
        assert "Tournament 1 “Herbstpokal”" in message_text(created.response)

        joined = await anna.slash(srv.channel, "tournament join", tournament=1)
        assert "You are registered for tournament 1." in answer(joined)
        await ben.slash(srv.channel, "tournament join")  # the newest tournament here
        twice = await anna.slash(srv.channel, "tournament join", tournament=1)
        assert "already registered" in answer(twice)

        refused = await anna.slash(srv.channel, "tournament start", tournament=1)
        assert "Only organisers may do that" in answer(refused)
        assert (await srv.bot.repository.get_tournament(1)).status == "registration"

        await olga.slash(srv.channel, "tournament start", tournament=1)
        [pairing] = await srv.bot.repository.pairings(1, 1)
        table_id = pairing.table_id
        thread = await srv.thread(table_id)
        assert "Herbstpokal · R1" in thread.name
        in_thread = "\n".join(message_text(m) for m in thread.history())
        assert "**Herbstpokal** · round 1 · round ends <t:" in in_thread
        announcement = "\n".join(message_text(m) for m in srv.channel.history())
        assert "**Herbstpokal** · round 1/1 · round ends <t:" in announcement
        assert f"<#{thread.id}>" in announcement

        await Driver(srv, table_id).play()
        assert (await srv.bot.repository.get_tournament(1)).status == "finished"
        posted = "\n".join(message_text(m) for m in srv.channel.history())
        assert "Herbstpokal · standings after round 1" in posted
        assert "Herbstpokal · final ranking" in posted
        assert "1. anna" in posted or "1. ben" in posted

        standings = await anna.slash(srv.channel, "tournament standings", tournament=1)
        text = answer(standings)
        assert "anna" in text and "ben" in text and "pts" in text

        board = await anna.slash(srv.channel, "leaderboard", game="test-highcard")
        board_text = message_text(board.response)
        assert "anna" in board_text and "ben" in board_text and "provisional" in board_text


async def test_bad_input_is_refused_privately_and_changes_nothing(tmp_path):
    """A member without the organiser role or Manage Server may not create; absurd options
    (0 rounds, best of 4) are refused with a clear private answer; German members read German;
    no tournament is stored.
    """
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna = srv.add("anna")
        refused = await anna.slash(
            srv.channel, "tournament create", game="test-highcard", name="Cup"
        )
        assert "Only organisers may do that" in answer(refused)
        zero = await owner.slash(
            srv.channel, "tournament create", game="test-highcard", name="Cup", rounds=0
        )
        assert "The number of rounds must be between 1 and 20 (not 0)." in answer(zero)
        four = await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Cup",
            format="elimination",
            best_of=4,
        )
        assert "Best of must be odd" in answer(four)
        karl = srv.add("karl", locale="de")
        german = await karl.slash(srv.channel, "tournament join", tournament=7)
        assert "Turnier 7 gibt es nicht." in answer(german)
        assert await srv.bot.repository.tournaments_of_guild(str(srv.guild.id)) == []


async def test_a_running_tournament_survives_a_restart(tmp_path):
    """After a restart (a new bot on the same database) the round's table is finished through
    the buttons and the tournament goes on: round 2 opens in a new thread.
    """
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna, ben = srv.add("anna"), srv.add("ben")
        await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Nachtrunde",
            options="hand=1",
            rounds=2,
        )
        await anna.slash(srv.channel, "tournament join", tournament=1)
        await ben.slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        [first] = await srv.bot.repository.pairings(1, 1)
        await restart(srv)
        await Driver(srv, first.table_id).play()
        [second] = await srv.bot.repository.pairings(1, 2)
        assert second.table_id != first.table_id
        thread = await srv.thread(second.table_id)
        assert "Nachtrunde · R2" in thread.name
        posted = "\n".join(message_text(m) for m in srv.channel.history())
        assert "Nachtrunde · standings after round 1" in posted
