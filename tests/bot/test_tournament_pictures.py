"""Standings and bracket pictures on a tournament's posts (issue 20, part 5), delivered with the
round's post from the outbox.
"""

from __future__ import annotations

from bot.features.tournament_pictures import HEADERS, standing_rows
from pictures.charts import BracketMatch, bracket_picture, standings_picture
from tables.tournaments.service import standings_from_json
from tests.bot.drive import Driver
from tests.bot.harness import server

PNG = b"\x89PNG\r\n\x1a\n"


def posts_with_pictures(srv):
    """The channel's messages with attachments: (titles of the embeds, PNGs by filename)."""
    found = []
    for message in srv.channel.history():
        if message.attachments:
            pngs = {a.filename: srv.env.backend.cdn.get(a.url) for a in message.attachments}
            assert all(png.startswith(PNG) for png in pngs.values())
            images = [e.to_dict().get("image", {}).get("url") for e in message.embeds]
            assert images == [f"attachment://{name}" for name in pngs]
            # Alt text (issue 20, part 6): every picture says what it shows.
            assert all(a.description for a in message.attachments)
            found.append(([e.title for e in message.embeds], pngs))
    return found


async def posted_standings(srv, event):
    """The standings the outbox's tournament post of ``event`` carries (what was posted)."""
    for post in await srv.bot.repository.posts():
        if post.kind == "tournament" and post.payload.get("event") == event:
            return standings_from_json(post.payload["standings"])
    raise AssertionError(f"no {event} post")


async def play_rounds(srv, tournament_id):
    """Play every open table of the tournament until it is over."""
    repo = srv.bot.repository
    while (await repo.get_tournament(tournament_id)).status == "running":
        record = await repo.get_tournament(tournament_id)
        tables = [p.table_id for p in await repo.pairings(tournament_id, record.round)]
        open_tables = [t for t in tables if t and (await srv.bot.service.get(t)).status == "active"]
        assert open_tables, "a running tournament with nothing to play"
        for table_id in open_tables:
            await Driver(srv, table_id).play()


async def test_elimination_rounds_post_standings_and_bracket_pictures(tmp_path):
    """Every finished round of a single elimination posts the standings with their picture and
    the bracket picture (one column per round, who went on in gold); the final post shows the
    whole bracket, whose last match's winner is the final standings' first place.
    """
    async with server(tmp_path, pictures=True) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        players = [srv.add(name) for name in ("anna", "ben", "carl", "dora")]
        await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Knock",
            options="hand=1",
            format="elimination",
        )
        for player in players:
            await player.slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        await play_rounds(srv, 1)
        assert (await srv.bot.repository.get_tournament(1)).status == "finished"

        posts = posts_with_pictures(srv)
        titles = [title for titles, _ in posts for title in titles]
        assert titles == [
            "Knock · standings after round 1",
            "Knock · bracket",
            "Knock · standings after round 2",
            "Knock · bracket",
            "Knock · final ranking",
            "Knock · bracket",
        ]
        _titles, final_pngs = posts[-1]
        lines = await posted_standings(srv, "finished")
        final_post = [m for m in srv.channel.history() if m.attachments][-1]
        described = {a.filename: a.description for a in final_post.attachments}
        # Read aloud, the final standings name the winner and the bracket who went on.
        first = next(line.name for line in lines if line.place == 1)
        assert described["standings-1-2.png"].startswith("Picture of the standings Knock")
        assert f"1. {first}" in described["standings-1-2.png"]
        assert f"through: {first}" in described["bracket-1-2.png"]
        # The final ranking names its winner (it once said "still in", as after a round).
        assert [line.note.en for line in lines if line.place == 1] == ["winner"]
        assert lines == await srv.bot.tournaments.standings(1)
        headers = [header.get("en") for header in HEADERS]
        assert final_pngs["standings-1-2.png"] == standings_picture(
            "Knock · final ranking", standing_rows(lines, "en"), headers
        )
        winner = next(line.user_id for line in lines if line.place == 1)
        rounds = await srv.bot.tournaments.bracket(1, frozenset({winner}))
        assert [len(r.matches) for r in rounds] == [2, 1]
        finalists = set(rounds[1].matches[0].players)
        assert finalists == {p for m in rounds[0].matches for p in m.advancing}
        assert all(len(m.advancing) == 1 for m in rounds[0].matches)
        assert rounds[1].matches[0].advancing == [winner]
        names = {line.user_id: line.name for line in lines}

        def column(number, matches):
            return (
                f"Round {number}",
                [
                    BracketMatch(
                        [names[p] for p in m.players],
                        [m.players.index(p) for p in m.advancing],
                    )
                    for m in matches
                ],
            )

        expected = bracket_picture("Knock · bracket", [column(r.number, r.matches) for r in rounds])
        assert final_pngs["bracket-1-2.png"] == expected
        # After round 1, nobody had won the final yet: the same bracket without the gold mark.
        after_one = await srv.bot.tournaments.bracket(1, frozenset(), up_to=2)
        assert after_one[1].matches[0].advancing == []
        assert posts[0][1]["bracket-1-1.png"] == bracket_picture(
            "Knock · bracket", [column(r.number, r.matches) for r in after_one]
        )
        assert [r.number for r in await srv.bot.tournaments.bracket(1, up_to=1)] == [1]


async def test_swiss_rounds_post_standings_pictures_without_a_bracket(tmp_path):
    """A Swiss round's standings come with their picture; a Swiss has no bracket."""
    async with server(tmp_path, pictures=True) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        players = [srv.add(name) for name in ("anna", "ben")]
        await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name="Swiss",
            options="hand=1",
            rounds=1,
        )
        for player in players:
            await player.slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        await play_rounds(srv, 1)
        posts = posts_with_pictures(srv)
        assert [titles for titles, _ in posts] == [
            ["Swiss · standings after round 1"],
            ["Swiss · final ranking"],
        ]
        lines = await posted_standings(srv, "finished")
        headers = [header.get("en") for header in HEADERS]
        assert posts[-1][1]["standings-1-1.png"] == standings_picture(
            "Swiss · final ranking", standing_rows(lines, "en"), headers
        )
