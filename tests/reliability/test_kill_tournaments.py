"""A tournament survives SIGKILL at every write point of its round transitions, in every format
(issue 15): restarted with the bot's own start-up path, it runs to the final ranking of an
uninterrupted run, and nothing is orphaned.

For each format a real child process (``child.py``, scenario ``tournament:<format>``) creates
a tournament of engine players on a real SQLite file with a fixed seed; ``act`` starts it, and
it runs to its end in that process (engine tables play to their end inside
``TableService.start``): the start with round 1, each table's start, each result with what
follows from it (the next game of a match, the round's end, its standings and the next round,
or the final ranking). One uninterrupted run counts those commits and gives the reference.
Then, for every commit N, a fresh copy of the set-up database is run again and killed with
SIGKILL just after commit N, and just before the first and the last commit (the database a
kill before commit N leaves is the one a kill after N-1 leaves, since every write is a
commit). The restart runs ``tables.startup.start_up`` (what ``TischrundeBot.setup_hook``
runs) and nothing else, except starting the tournament again where the kill came before its
start was stored (the organiser's start was never answered). At every other ``after`` point
the restart is itself killed, after its first commit (a crash during recovery), and one more
restart finishes; at the others a second restart changes nothing. Checked every time:
- the tournament is finished, with the reference's final standings and every game's pairing
  and result as in the reference (the resumed deals are the same);
- rounds are numbered 1 to the tournament's round, all finished; every game that is not a bye
  has a finished table of that round; every tournament table has a pairing (none is left in
  the lobby or running);
- the outbox holds the reference's posts, each once: a round opened and a round finished post
  per round, one final post;
- no deadline is left stored (nothing is pending in a finished tournament).
"""

from __future__ import annotations

import asyncio
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from storage import TableStatus
from storage.sqlite import SqliteRepository

from .child import TOURNAMENTS
from .killing import commits_of, run_child

TOURNAMENT = 1
STATUSES = tuple(TableStatus)


async def read(db: Path) -> dict[str, Any]:
    """What the checks need, read as a new process would."""
    async with SqliteRepository(str(db)) as repo:
        tournament = await repo.get_tournament(TOURNAMENT)
        tables = [
            t
            for t in await repo.tables_with_status(STATUSES)
            if t.settings.get("tournament") == TOURNAMENT
        ]
        return {
            "tournament": tournament,
            "rounds": await repo.rounds(TOURNAMENT),
            "pairings": await repo.pairings(TOURNAMENT),
            "tables": {t.id: t for t in tables},
            "posts": [post.key for post in await repo.posts()],
            "deadlines": await repo.deadlines(),
        }


def check_nothing_orphaned(found: dict[str, Any], reference: dict[str, Any]) -> None:
    """The tournament is finished and whole: see the module's docstring."""
    tournament = found["tournament"]
    assert tournament.status == "finished"
    last = tournament.round
    assert [r.number for r in found["rounds"]] == list(range(1, last + 1))
    assert all(r.status == "finished" for r in found["rounds"])
    tables = found["tables"]
    paired = set()
    for pairing in found["pairings"]:
        assert pairing.round in range(1, last + 1)
        if pairing.bye:
            continue
        assert pairing.table_id is not None and pairing.ranks is not None
        table = tables[pairing.table_id]
        assert table.status == "finished"
        assert table.settings["round"] == pairing.round
        paired.add(pairing.table_id)
    assert set(tables) == paired
    posts = found["posts"]
    assert len(posts) == len(set(posts))
    assert sorted(posts) == sorted(reference["posts"])
    for number in range(1, last + 1):
        for kind in ("round_opened", "round_finished"):
            assert posts.count(f"tournament:{TOURNAMENT}:{kind}:{number}") == 1
    assert [p for p in posts if p.startswith(f"tournament:{TOURNAMENT}:finished:")] == [
        f"tournament:{TOURNAMENT}:finished:{last}"
    ]
    assert found["deadlines"] == []


def kill_points(commits: int) -> list[tuple[str, str]]:
    """Every ``after:N``, and ``before:`` the first and the last commit; with each, what
    follows the restart: ``again`` (a second restart that must change nothing) or ``crash``
    (the restart itself is killed after its first commit, then one more restart finishes):
    every other ``after`` point crashes its restart.
    """
    after = [(f"after:{n}", "crash" if n % 2 else "again") for n in range(1, commits + 1)]
    return after + [(f"before:{n}", "again") for n in sorted({1, commits})]


def result_of(report: dict[str, Any]) -> dict[str, Any]:
    return {key: report[key] for key in ("status", "standings", "games")}


async def status_of(db: Path) -> str:
    async with SqliteRepository(str(db)) as repo:
        return (await repo.get_tournament(TOURNAMENT)).status


def killed_and_restarted(
    base: Path, work: Path, scenario: str, point: str, then: str, reference: dict[str, Any]
) -> None:
    shutil.copytree(base, work)
    db = work / "db.sqlite3"
    assert run_child(db, scenario, "act", point) is None
    # Killed inside the run: only a kill after its last commit finds the tournament finished.
    last = f"after:{reference['commits']}"
    assert (asyncio.run(status_of(db)) == "finished") == (point == last), point
    if then == "crash":
        # Killed again while starting up (unless the start-up had nothing to store).
        run_child(db, scenario, "restart", "after:1")
    report = run_child(db, scenario, "restart")
    assert report is not None
    assert result_of(report) == result_of(reference["report"]), point
    found = asyncio.run(read(db))
    check_nothing_orphaned(found, reference)
    if then == "again":
        # The start-up path finds nothing more to do: a second restart changes nothing.
        again = run_child(db, scenario, "restart")
        assert again is not None and result_of(again) == result_of(report), point
        assert asyncio.run(read(db)) == found, point


@pytest.mark.slow(seconds=13)
@pytest.mark.parametrize("name", list(TOURNAMENTS))
def test_a_tournament_killed_at_every_write_point_ends_as_if_never_killed(tmp_path, name):
    """Rule (issue 15): a round transition is whole or absent, and start-up finishes it; a
    tournament killed anywhere ends with the same final ranking and nothing left behind.
    """
    scenario = f"tournament:{name}"
    base = tmp_path / "base"
    base.mkdir()
    run_child(base / "db.sqlite3", scenario, "setup")
    uninterrupted = tmp_path / "uninterrupted"
    shutil.copytree(base, uninterrupted)
    db = uninterrupted / "db.sqlite3"
    commits = commits_of(db, scenario, "act")
    report = run_child(db, scenario, "restart")
    assert report is not None and report["status"] == "finished"
    reference = {"report": report, "commits": commits, **asyncio.run(read(db))}
    check_nothing_orphaned(reference, reference)
    # At least two rounds, each a transaction of its own after the start and its tables.
    assert reference["tournament"].round >= 2 and commits >= 5
    # Two at a time: each point is a few short processes, and a process waits on its commits.
    with ThreadPoolExecutor(2) as pool:
        runs = [
            pool.submit(
                killed_and_restarted,
                base,
                tmp_path / point.replace(":", "-"),
                scenario,
                point,
                then,
                reference,
            )
            for point, then in kill_points(commits)
        ]
        for run in runs:
            run.result()
