"""A lobby closing itself, a table's start, a move, a clock running out, a resignation, a
vacation's start, end and running out, a hand-over, a request to take over a seat and its
acceptance, refusal and lapse, a cancel and a rated table's last move survive SIGKILL at every
write point (issue 15): each is all there or not there at all, never half; a finished table's
ratings, which follow its result's commit, are there once after the restart.

For each flow a real child process (``child.py``) sets up a clocked two-player table on a real
SQLite file, then runs the flow and kills itself with SIGKILL just before or just after each
commit the flow makes. The database is then read as a new process would find it, the
start-up path runs (``tables.startup.start_up``), and it is read again. Checked every time:
- the flow's own writes agree with each other:
  - a lobby that closes itself is its status, its expiry gone and the channel's note together,
    and the restart closes one the kill cut off;
  - a start is the deal, the first clocks, the lobby's expiry gone and the post together;
  - a move is its log, its clocks and its post together;
  - a timeout is the engine's move for the seat, the next clocks and the post together, and
    the restart plays one the kill cut off;
  - a resignation is the seat's forfeit, the game's end and the post together;
  - a vacation spent is a vacation paused with its end stored; one that runs out is ended,
    its deadline gone and its note stored together, and the restart ends one the kill cut off;
  - a hand-over is seats, record, clocks and note together;
  - a request is its record, its expiry and the post that asks the member together, the seats
    untouched; an accepted request is the seat, the settled request and the hand-over's post;
    a declined or lapsed one is the settled request and the host's post, the seat untouched
    (the restart lets lapse one the kill cut off);
  - a cancel is status, clocks and note together;
  - a rated table's last move is its result, the clocks' end and its post, and after the
    restart both players are rated once;
- every running clocked table has exactly one clock per seat to act, held by the seat's member;
- the outbox holds each post once.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from storage import HandoverStatus, TableStatus
from storage.sqlite import SqliteRepository
from tables.handover import HANDOVER_EXPIRY
from tables.limits import LOBBY_EXPIRY
from tables.turns import SEAT_KINDS, TURN, VACATION_END

from .killing import commits_of, run_child

DAY = 86_400.0
FINISHED_BY_RESTART = {"time_out", "handover_lapse", "vacation_runs_out", "lobby_lapse"}
"""Flows a deadline drives: start-up's catch-up runs the deadline the killed process left."""
CARLA_ID = "300"  # the member the host asks to take over (``child.flow_handover_ask``)
FLOWS = (
    "move",
    "vacation_start",
    "vacation_end",
    "vacation_runs_out",
    "substitute",
    "handover_ask",
    "handover_accept",
    "handover_decline",
    "handover_lapse",
    "start",
    "lobby_lapse",
    "time_out",
    "resign",
    "cancel",
    "finish",
)


async def read(db: Path) -> dict:
    """Everything the checks need, read as a new process would."""
    async with SqliteRepository(str(db)) as repo:
        table = await repo.get_table(1)
        seats = await repo.get_seats(1)
        return {
            "table": table,
            "seats": seats,
            "log": await repo.log(1),
            "turns": await repo.deadlines(table_id=1, kinds=(TURN,)),
            "seat_deadlines": await repo.deadlines(table_id=1),
            "ends": await repo.deadlines(kinds=(VACATION_END,)),
            "vacations": [v for u in ("100", "200") for v in await repo.vacations_of_user(u, 0)],
            "posts": await repo.posts(),
            "requests": await repo.handovers_of_table(1, (HandoverStatus.PENDING,)),
            "expiries": await repo.deadlines(kinds=(HANDOVER_EXPIRY,)),
            "lobby_expiries": await repo.deadlines(kinds=(LOBBY_EXPIRY,)),
            "accepted": len(await repo.handovers_of_table(1, (HandoverStatus.ACCEPTED,))),
            "settled": len(
                await repo.handovers_of_table(1, (HandoverStatus.DECLINED, HandoverStatus.EXPIRED))
            ),
            "ratings": await repo.ratings("test-highcard", "1", ["100", "200"]),
            "history": [
                point
                for user_id in ("100", "200")
                for point in await repo.rating_history("test-highcard", "1", user_id)
            ],
        }


def to_act(found: dict) -> list[int]:
    from games.core import CHANCE, get_game

    table = found["table"]
    if table.status != TableStatus.ACTIVE:
        return []
    return [s for s in get_game(table.game).to_act(table.state) if s != CHANCE]


def check_clocks(found: dict) -> None:
    """One clock per seat to act, held by that seat's member; none on an ended table."""
    turns = found["turns"]
    if found["table"].status != TableStatus.ACTIVE:
        assert [d for d in found["seat_deadlines"] if d.kind in SEAT_KINDS] == []
        return
    assert sorted(d.seat for d in turns) == sorted(to_act(found))
    for deadline in turns:
        assert deadline.user_id == found["seats"][deadline.seat].user_id


def check_posts(found: dict) -> None:
    keys = [post.key for post in found["posts"]]
    assert len(keys) == len(set(keys))


def check_flow(flow: str, found: dict, before: dict, *, restarted: bool = False) -> bool:
    """The flow is whole or absent; True when it was applied. ``restarted``: after the
    start-up path, which finishes the steps that follow a stored change (a table's ratings)."""
    check_clocks(found)
    check_posts(found)
    keys = {post.key for post in found["posts"]}
    if flow == "move":
        applied = found["table"].seq > before["table"].seq
        assert (f"turn:1:{found['table'].seq}" in keys) and (
            len(keys) > len(before["posts"])
        ) == applied
        assert any(e.request_id == "click-1" for e in found["log"]) == applied
        return applied
    if flow == "vacation_start":
        applied = len(found["vacations"]) == 1
        assert bool(found["ends"]) == applied
        (turn,) = found["turns"]
        (was,) = before["turns"]
        assert turn.due == was.due + (2 * DAY if applied else 0)
        return applied
    if flow == "vacation_end":
        (vacation,) = found["vacations"]
        applied = vacation.ended is not None
        assert bool(found["ends"]) != applied
        (turn,) = found["turns"]
        (was,) = before["turns"]
        assert (turn.due < was.due) == applied
        return applied
    if flow == "vacation_runs_out":
        (vacation,) = found["vacations"]
        applied = vacation.ended is not None
        assert bool(found["ends"]) != applied
        over = [key for key in keys if key.startswith("vacation_over:")]
        assert len(over) == (1 if applied else 0)
        return applied
    if flow == "substitute":
        applied = "300" in {seat.user_id for seat in found["seats"]}
        handed = found["table"].settings.get("handed_over") or {}
        assert bool(handed) == applied
        assert any(key.startswith("handover:") for key in keys) == applied
        return applied
    if flow == "handover_ask":
        applied = len(found["requests"]) == 1
        assert len(found["requests"]) <= 1
        assert len(found["expiries"]) == (1 if applied else 0)
        asked = [key for key in keys if key.startswith("handover_request:1:")]
        assert len(asked) == (1 if applied else 0)
        if applied:
            (request,) = found["requests"]
            assert request.user_id == CARLA_ID
            assert found["expiries"][0].data["request"] == request.id
        # A request changes nothing at the table until it is accepted.
        assert [seat.user_id for seat in found["seats"]] == [
            seat.user_id for seat in before["seats"]
        ]
        return applied
    if flow == "finish":
        applied = found["table"].status == TableStatus.FINISHED
        assert (len(keys) > len(before["posts"])) == applied
        assert (found["table"].seq > before["table"].seq) == applied
        # Rated at most once, and after a restart always once the result is stored: the
        # ratings follow the result's commit, and start-up must finish them (DESIGN invariant 5).
        games = sorted(record.games for record in found["ratings"].values())
        assert games in ([], [1, 1])
        assert len(found["history"]) == len(games)
        if restarted:
            assert bool(games) == applied
        return applied
    if flow == "handover_accept":
        applied = CARLA_ID in {seat.user_id for seat in found["seats"]}
        # Accepted is settled: no request waits any more, and its expiry has nothing to end.
        assert len(found["requests"]) == (0 if applied else 1)
        assert (found["accepted"] == 1) == applied
        assert any(key.startswith("handover:") for key in keys) == applied
        return applied
    if flow == "start":
        applied = found["table"].status == TableStatus.ACTIVE
        assert (found["table"].state is not None) == applied
        assert bool(found["lobby_expiries"]) != applied
        assert any(key.startswith("turn:1:") for key in keys) == applied
        return applied
    if flow == "lobby_lapse":
        applied = found["table"].status == TableStatus.CANCELLED
        assert bool(found["lobby_expiries"]) != applied
        assert ("lobby_expired:1" in keys) == applied
        return applied
    if flow == "time_out":
        applied = found["table"].seq > before["table"].seq
        timed_out = [
            post
            for post in found["posts"]
            if any(note.get("kind") == "timed_out" for note in post.payload.get("notes", []))
        ]
        assert len(timed_out) == (1 if applied else 0)
        # The stored time is past the clock: the restart's catch-up plays the timeout.
        if restarted:
            assert applied
        return applied
    if flow == "resign":
        applied = bool(found["table"].settings.get("resigned"))
        assert (found["table"].status == TableStatus.FINISHED) == applied
        assert any(key.startswith("resign:1:") for key in keys) == applied
        return applied
    if flow in ("handover_decline", "handover_lapse"):
        settled = "declined" if flow == "handover_decline" else "lapsed"
        applied = found["settled"] == 1
        assert len(found["requests"]) == (0 if applied else 1)
        told = [key for key in keys if key.startswith(f"handover_{settled}:")]
        assert len(told) == (1 if applied else 0)
        # Nobody took the seat.
        assert CARLA_ID not in {seat.user_id for seat in found["seats"]}
        return applied
    if flow == "cancel":
        applied = found["table"].status == TableStatus.CANCELLED
        assert ("cancelled:1" in keys) == applied
        return applied
    raise AssertionError(flow)


@pytest.mark.parametrize("flow", FLOWS)
def test_a_flow_killed_at_every_write_point_is_whole_or_absent(tmp_path, flow):
    """Rule (DESIGN invariant 5): a change and what follows from it commit together."""
    base = tmp_path / "base"
    base.mkdir()
    run_child(base / "db.sqlite3", flow, "setup")
    before = asyncio.run(read(base / "db.sqlite3"))
    counting = tmp_path / "count"
    shutil.copytree(base, counting)
    commits = commits_of(counting / "db.sqlite3", flow, "act")
    assert commits >= 1
    outcomes = []
    for point in [f"{when}:{n}" for n in range(1, commits + 1) for when in ("before", "after")]:
        work = tmp_path / point.replace(":", "-")
        shutil.copytree(base, work)
        db = work / "db.sqlite3"
        assert run_child(db, flow, "act", point) is None
        killed = asyncio.run(read(db))
        applied = check_flow(flow, killed, before)
        outcomes.append((point, applied))
        run_child(db, flow, "restart")
        restarted = asyncio.run(read(db))
        # A timeout is the scheduler's: the restart's catch-up plays one the kill cut off.
        assert check_flow(flow, restarted, before, restarted=True) == (
            applied or flow in FINISHED_BY_RESTART
        )
        # The start-up path repeats nothing: every post is still there once.
        assert len(restarted["posts"]) == len({p.key for p in restarted["posts"]})
    # The flow's write points include both sides of its one transaction.
    assert ("before:1", False) in outcomes and (f"after:{commits}", True) in outcomes


def check_reminder(found: dict, before: dict) -> bool:
    """The first reminder is sent and its clock's row re-armed for the second, or neither; it
    is never sent twice. True when it was sent."""
    check_clocks(found)
    check_posts(found)
    sent = [post for post in found["posts"] if post.key.startswith("reminder:")]
    assert len(sent) <= 1
    (turn,) = found["turns"]
    (was,) = before["turns"]
    assert (turn.due > was.due) == bool(sent)
    return bool(sent)


def test_a_reminder_killed_at_every_write_point_is_sent_once_after_restart(tmp_path):
    """Rule (DESIGN invariants 5-7): a reminder's post and its clock's re-arm commit together,
    and a reminder a dead process had claimed is sent by the next one, once."""
    base = tmp_path / "base"
    base.mkdir()
    run_child(base / "db.sqlite3", "reminder", "setup")
    before = asyncio.run(read(base / "db.sqlite3"))
    counting = tmp_path / "count"
    shutil.copytree(base, counting)
    commits = commits_of(counting / "db.sqlite3", "reminder", "act")
    assert commits >= 2  # the claim, then the post with the re-arm
    outcomes = []
    for point in [f"{when}:{n}" for n in range(1, commits + 1) for when in ("before", "after")]:
        work = tmp_path / point.replace(":", "-")
        shutil.copytree(base, work)
        db = work / "db.sqlite3"
        assert run_child(db, "reminder", "act", point) is None
        outcomes.append((point, check_reminder(asyncio.run(read(db)), before)))
        run_child(db, "reminder", "restart")
        assert check_reminder(asyncio.run(read(db)), before), point
    assert ("before:1", False) in outcomes and (f"after:{commits}", True) in outcomes
