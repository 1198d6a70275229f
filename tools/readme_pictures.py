"""Draw the README's pictures of a replay step and a profile from real simulated games.

Run after a change to the pictures: .venv/bin/python tools/readme_pictures.py
(a few seconds). Three members play Scherbia tables at two seats on one server through the
table service, on a throw-away SQLite database, every decision made by the game's strategy
engine player; the ratings service rates each finished table as the bot does. The replay step
comes from ``HistoryService.replay_page`` (the table as its first player saw it then), the
profile chart from ``HistoryService.profile``, both drawn by the bot's own code paths.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

from bot.features.profile import CHART_TITLE, CHART_X, CHART_Y, chart_series
from games.core import get_game
from pictures import picture
from pictures.charts import rating_chart
from storage.sqlite import SqliteRepository
from tables.history import HistoryService
from tables.service import Member, TableService
from tables.tournaments.ratings import RatingService

DOCS = Path(__file__).resolve().parents[1] / "docs"
GAME = "scherbia"
GUILD = "1"
PLAYERS = [Member("101", "Anna"), Member("102", "Ben"), Member("103", "Clara")]
TABLES = 12
REPLAY_TABLE = 3
"""Which finished table's replay is drawn (its middle step)."""


async def play(service: TableService, host: Member, guest: Member, seed: int) -> int:
    """One table from the lobby to its end; every decision by the strategy engine player."""
    place = {"guild": GUILD, "channel": "2"}
    table = await service.create(GAME, host, place, seed=seed)
    await service.join(table.id, guest)
    await service.start(table.id, host)
    engine = get_game(GAME).engine_players()["strategy"]
    rng = random.Random(seed)
    members = {host.user_id: host, guest.user_id: guest}
    while (table := await service.get(table.id)).status == "active":
        seat = table.to_act()[0]
        member = members[table.seats[seat].user_id or ""]
        assert table.state is not None
        code = engine.choose(table.game, table.state, seat, rng)
        await service.act(table.id, member, code, expected_seq=table.seq)
    return table.id


async def main() -> None:
    """Play the tables, then write docs/replay.png and docs/profile.png."""
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(str(Path(folder) / "readme.sqlite3"))
        await repo.open()
        try:
            service = TableService(repo, seed_source=lambda: 0)
            ratings = RatingService(repo)
            service.finished_listeners.append(ratings.on_table_finished)
            history = HistoryService(repo, service)
            tables = []
            for number in range(TABLES):
                host = PLAYERS[number % 3]
                guest = PLAYERS[(number + 1 + number // 3) % 3]
                if guest is host:
                    guest = PLAYERS[(number + 2) % 3]
                tables.append(await play(service, host, guest, seed=1000 + number))
            table_id = tables[REPLAY_TABLE]
            table = await service.get(table_id)
            viewer = table.seats[0]
            last = await history.replay_page(table_id, GUILD, viewer.user_id or "", None)
            page = await history.replay_page(table_id, GUILD, viewer.user_id or "", last.steps // 2)
            names = [table.seat_name(seat) for seat in range(len(table.seats))]
            DOCS.mkdir(exist_ok=True)
            (DOCS / "replay.png").write_bytes(picture(table.game, page.view, "en", names))
            profile = await history.profile(GUILD, PLAYERS[0].user_id)
            chart = rating_chart(
                CHART_TITLE.format(name=PLAYERS[0].name).get("en"),
                chart_series(profile, "en"),
                CHART_X.get("en"),
                CHART_Y.get("en"),
            )
            (DOCS / "profile.png").write_bytes(chart)
            played = {record.game.id: (record.played, record.won) for record in profile.games}
            print(
                f"replay: table {table_id}, step {page.step} of {page.steps}, as seat 1"
                f" ({viewer.name}); profile of {PLAYERS[0].name}: played, won {played}"
            )
        finally:
            await repo.close()


if __name__ == "__main__":
    asyncio.run(main())
