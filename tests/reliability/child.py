"""The process the SIGKILL tests kill: it runs one flow of the table service (or one
tournament) on a SQLite file.

Run as ``python child.py DB SCENARIO PHASE KILL``:
- ``PHASE`` is ``setup`` (build what the flow needs), ``act`` (run the flow) or ``restart``
  (the start-up path a new process takes, ``tables.startup.start_up``, then play on to the end
  where the scenario has an end).
- ``KILL`` is ``-`` (never) or ``before:N`` / ``after:N``: the process sends itself SIGKILL
  just before, or just after, the N-th commit of the phase (counted from 1), as a crash at that
  write point would (a restart's count includes the commits of ``start_up``). The commits are
  the repository's real transactions (one per group-commit batch: ``before`` kills as
  ``SqliteRepository._send_batch`` hands the batch to the writer's thread, ``after`` as its
  ``_committed`` learns the COMMIT went through, before any caller hears of it);
  ``count`` kills nowhere and reports how many there were.

The scenarios are in ``SCENARIOS``. What a scenario leaves is checked by the parent test from
the database alone. Time is a stored virtual clock (``clock.json`` beside the database), so a
restarted process continues the time of the killed one.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.core import register
from storage import HandoverStatus
from storage.sqlite import SqliteRepository
from tables.service import Member, TableService
from tables.startup import start_up
from tables.tournaments.ratings import RatingService
from tables.tournaments.service import TournamentService
from tests.games.highcard import GAME as HIGHCARD

register(HIGHCARD)

ANNA = Member("100", "Anna")
BEN = Member("200", "Ben")
CARLA = Member("300", "Carla")
START = 1_800_000_000.0
DAY = 86_400.0


class KillingRepository(SqliteRepository):
    """The real repository; it kills its own process at the chosen commit."""

    def __init__(self, path: str, kill: str) -> None:
        super().__init__(path, synchronous="NORMAL")
        # "-": never; "count": never, but count the commits (the parent learns the points).
        self.when, _, number = kill.partition(":")
        self.at = int(number) if number else 0
        self.commits = 0
        self.armed = False

    def _send_batch(self) -> None:
        if self.armed and self.when == "before" and self.commits + 1 == self.at:
            _die()
        super()._send_batch()

    def _committed(self, batch: Any, ok: bool, value: Any) -> None:
        # Before any caller learns of the commit: a crash between a COMMIT and its answer.
        if self.armed:
            self.commits += 1
            if self.when == "after" and self.commits == self.at:
                _die()
        super()._committed(batch, ok, value)


def _die() -> None:
    sys.stdout.write("dying\n")
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


class StoredClock:
    """Virtual time kept in a file, so a restarted process goes on from the killed one's."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.now = json.loads(path.read_text())["now"] if path.exists() else START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
        self.path.write_text(json.dumps({"now": self.now}))


# ----- table flows --------------------------------------------------------------------------------


async def _clocked_lobby(service: TableService, hand: int = 3) -> int:
    """Anna's lobby on a server with the default clock, Ben seated: ready to start."""
    table = await service.create(
        "test-highcard",
        ANNA,
        {"guild": "1", "channel": "2"},
        {"hand": hand},
        seed=5,
        settings={"clock": {"per_move": DAY, "on_timeout": "engine"}},
    )
    await service.join(table.id, BEN)
    return table.id


async def _clocked_table(service: TableService, hand: int = 3) -> int:
    table_id = await _clocked_lobby(service, hand)
    await service.start(table_id, ANNA)
    return table_id


async def _member_to_act(service: TableService, table_id: int) -> Member:
    table = await service.get(table_id)
    holder = table.seats[table.to_act()[0]].user_id
    return next(m for m in (ANNA, BEN, CARLA) if m.user_id == holder)


async def _seat_to_act(service: TableService) -> int:
    """The seat to act at table 1 (the seat a hand-over flow hands over or asks about)."""
    member = await _member_to_act(service, 1)
    table = await service.get(1)
    seat = table.seat_of(member.user_id)
    assert seat is not None
    return seat


async def flow_move(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    if phase == "setup":
        return {"table": await _clocked_table(service)}
    table = await service.get(1)
    if phase == "act":
        member = await _member_to_act(service, 1)
        seat = table.seat_of(member.user_id)
        assert seat is not None
        await service.act(1, member, table.legal_actions(seat)[0], request_id="click-1")
    return {}


async def flow_vacation_start(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    if phase == "setup":
        return {"table": await _clocked_table(service)}
    if phase == "act":
        member = await _member_to_act(service, 1)
        await service.clocks.start_vacation(member.user_id, 2, "1")
    return {}


async def flow_vacation_end(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    if phase == "setup":
        table_id = await _clocked_table(service)
        member = await _member_to_act(service, table_id)
        await service.clocks.start_vacation(member.user_id, 3, "1")
        return {"table": table_id, "away": member.user_id}
    if phase == "act":
        member = await _member_to_act(service, 1)
        await service.clocks.end_vacation(member.user_id)
    return {}


async def flow_vacation_runs_out(
    phase: str, service: TableService, clock: StoredClock, **_: Any
) -> dict[str, Any]:
    """A two-day vacation reaches its end: the vacation ended, the paused clock running again
    and the "vacation over" note, from its deadline. ``restart`` runs the due deadlines a
    moment later, as ``flow_time_out`` does."""
    if phase == "setup":
        table_id = await _clocked_table(service)
        member = await _member_to_act(service, table_id)
        await service.clocks.start_vacation(member.user_id, 2, "1")
        return {"table": table_id, "away": member.user_id}
    if phase in ("act", "restart"):
        clock.advance(2 * DAY + 60 if phase == "act" else 1)
        await service.scheduler.run_due()
    return {}


async def flow_substitute(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    if phase == "setup":
        return {"table": await _clocked_table(service)}
    if phase == "act":
        await service.substitute(1, await _seat_to_act(service), ANNA, CARLA, may_manage=True)
    return {}


async def flow_handover_ask(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    """The host asks Carla to take over the seat to act: the request, its expiry and the post
    that asks her, which the bot's relay posts in the table's thread after the commit."""
    if phase == "setup":
        return {"table": await _clocked_table(service)}
    if phase == "act":
        await service.handovers.ask(1, await _seat_to_act(service), ANNA, CARLA, may_manage=True)
    return {}


async def flow_handover_accept(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    """Carla accepts the host's request to take over the seat to act: the seat, the settled
    request and the hand-over's post, in the substitution's one transaction."""
    if phase == "setup":
        return await _table_with_request(service)
    if phase == "act":
        await service.handovers.answer(await _pending_request(service), CARLA, accept=True)
    return {}


async def flow_handover_decline(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    """Carla declines: the settled request and the post telling the host, in one commit."""
    if phase == "setup":
        return await _table_with_request(service)
    if phase == "act":
        await service.handovers.answer(await _pending_request(service), CARLA, accept=False)
    return {}


async def flow_handover_lapse(
    phase: str, service: TableService, clock: StoredClock, **_: Any
) -> dict[str, Any]:
    """Nobody answers for a day: the request's expiry settles it and tells the host (the seat's
    own clock runs out at the same instant). ``restart`` runs the due deadlines a moment later,
    as ``flow_time_out`` does."""
    if phase == "setup":
        return await _table_with_request(service)
    if phase in ("act", "restart"):
        clock.advance(DAY + 60 if phase == "act" else 1)
        await service.scheduler.run_due()
    return {}


async def _table_with_request(service: TableService) -> dict[str, Any]:
    """A clocked table where the host asks Carla to take over the seat to act."""
    table_id = await _clocked_table(service)
    asked, _table = await service.handovers.ask(
        table_id, await _seat_to_act(service), ANNA, CARLA, may_manage=True
    )
    return {"table": table_id, "request": asked.id}


async def _pending_request(service: TableService) -> int:
    (request,) = await service.repo.handovers_of_table(1, (HandoverStatus.PENDING,))
    return request.id


async def flow_start(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    """The host starts a full lobby: the deal, the first clocks, the lobby's expiry dropped
    and the start's post, in one commit."""
    if phase == "setup":
        return {"table": await _clocked_lobby(service)}
    if phase == "act":
        await service.start(1, ANNA)
    return {}


async def flow_lobby_lapse(
    phase: str, service: TableService, clock: StoredClock, **_: Any
) -> dict[str, Any]:
    """Nobody starts a lobby for its seven days: its expiry closes it and tells the channel.
    ``restart`` runs the due deadlines a moment later, as ``flow_time_out`` does."""
    if phase == "setup":
        table = await service.create(
            "test-highcard", ANNA, {"guild": "1", "channel": "2"}, {"hand": 3}, seed=5
        )
        await service.join(table.id, BEN)
        return {"table": table.id}
    if phase in ("act", "restart"):
        clock.advance(7 * DAY + 60 if phase == "act" else 1)
        await service.scheduler.run_due()
    return {}


async def flow_time_out(
    phase: str, service: TableService, clock: StoredClock, **_: Any
) -> dict[str, Any]:
    """The seat to act lets its day run out: the scheduler claims the clock's row, the engine
    moves for the seat with the next clocks and the post saying so, and the row is let go.
    ``restart`` (after the start-up path's catch-up) runs the due deadlines a moment later, as
    the bot's timer does next, when a claim of the dead process at that instant has lapsed
    (see ``flow_reminder``)."""
    if phase == "setup":
        return {"table": await _clocked_table(service)}
    if phase in ("act", "restart"):
        clock.advance(DAY + 60 if phase == "act" else 1)
        await service.scheduler.run_due()
    return {}


async def flow_resign(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    """The player to act resigns: the resignation, the seat's forfeit (which ends a game of
    two) and the post, in one commit."""
    if phase == "setup":
        return {"table": await _clocked_table(service)}
    if phase == "act":
        await service.resign(1, await _member_to_act(service, 1))
    return {}


async def flow_cancel(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    if phase == "setup":
        return {"table": await _clocked_table(service)}
    if phase == "act":
        await service.cancel(1, ANNA)
    return {}


async def flow_finish(phase: str, service: TableService, **_: Any) -> dict[str, Any]:
    """The last move of a rated table (a server, two members, no engine, the default clock):
    the result and the clocks' end, then the ratings of both players."""
    if phase == "setup":
        table_id = await _clocked_table(service, hand=2)
        while len(await _moves_left(service)) > 1:
            await _play_first_move(service)
        return {"table": table_id}
    if phase == "act":
        await _play_first_move(service)
    return {}


async def _moves_left(service: TableService) -> list[int]:
    """The member decisions table 1 still waits for, one per card in hand."""
    table = await service.get(1)
    state = table.state
    assert state is not None
    return [card for hand in state["hands"] for card in hand]


async def _play_first_move(service: TableService) -> None:
    member = await _member_to_act(service, 1)
    table = await service.get(1)
    seat = table.seat_of(member.user_id)
    assert seat is not None
    await service.act(1, member, table.legal_actions(seat)[0])


async def flow_reminder(
    phase: str, service: TableService, clock: StoredClock, **_: Any
) -> dict[str, Any]:
    """A seat's first reminder fires: the scheduler claims the clock's row, the handler posts
    the reminder and re-arms the row for the second one in one commit, and the claim is let go.
    ``restart`` (after ``main`` ran the start-up path with ``catch_up``) lets a second pass,
    then runs the due deadlines as the bot's timer does next: a process alone on its database
    leases a claimed row for no time at all, so a claim the dead process made at the same
    virtual instant has lapsed a moment later, and the reminder must go out then, once."""
    if phase == "setup":
        return {"table": await _clocked_table(service)}
    if phase == "act":
        clock.advance(DAY / 2 + 60)  # past half time: the first reminder is due
        await service.scheduler.run_due()
    if phase == "restart":
        clock.advance(1)
        await service.scheduler.run_due()
    return {}


# ----- tournaments -------------------------------------------------------------------------------

ORGANISER = Member("900", "Olga")
TOURNAMENTS: dict[str, tuple[int, dict[str, Any]]] = {
    # format name: (engine players, ``TournamentService.create`` arguments). Small fields and
    # short games: each is played to its end in every kill point's process.
    "swiss": (4, {"game_id": "test-highcard", "options": {"hand": 1}, "rounds": 2}),
    "swiss_tables": (
        6,
        {"game_id": "test-highcard", "options": {"hand": 1}, "rounds": 2, "table_size": 3},
    ),
    "round_robin": (4, {"game_id": "test-highcard", "options": {"hand": 1}}),
    "elimination": (4, {"game_id": "test-highcard", "options": {"hand": 1}}),
    "elimination_bo3": (3, {"game_id": "test-highcard", "options": {"hand": 1}, "best_of": 3}),
    "multi_elimination": (
        8,
        {
            "game_id": "stardust",
            "options": {"hands": 1, "starting_chips": 20, "ante": 5},
            "table_size": 4,
            "advance": 2,
        },
    ),
}
"""The formats of the tournament campaign (``tournament:<name>``)."""
FORMAT_OF = {"swiss_tables": "swiss", "elimination_bo3": "elimination"}


def tournament_flow(name: str) -> Any:
    """The scenario ``tournament:<name>``: one tournament of engine players (so every table
    plays to its end inside ``TableService.start``). ``setup`` creates it (a fixed seed: the
    tables' deals follow from it) and registers the engines; ``act`` starts it, and it runs
    to its final ranking in that process; ``restart`` (after ``start_up``, which ``main``
    ran) starts it again only if the killed process never stored its start, as the organiser
    would. Every phase but ``setup`` reports the tournament as the database has it.
    """
    engines, arguments = TOURNAMENTS[name]

    async def flow(
        phase: str, service: TableService, *, tournaments: TournamentService, **_: Any
    ) -> dict[str, Any]:
        if phase == "setup":
            tournament = await tournaments.create(
                guild="1",
                channel="2",
                organiser=ORGANISER,
                name=f"Cup {name}",
                format=FORMAT_OF.get(name, name),
                round_hours=24,
                settings={"seed": 4242},
                **arguments,
            )
            for _engine in range(engines):
                await tournaments.add_engine(tournament.id, ORGANISER, may_organise=True)
            return {"tournament": tournament.id}
        tournament = await tournaments.get(1)
        if phase == "act" or tournament.status in ("registration", "closed"):
            await tournaments.start(1, ORGANISER, may_organise=True)
        return await tournament_report(tournaments, 1)

    return flow


async def tournament_report(tournaments: TournamentService, tournament_id: int) -> dict[str, Any]:
    """The tournament's status, final standings and every game's pairing and ranks."""
    tournament = await tournaments.get(tournament_id)
    lines = await tournaments.standings(tournament_id)
    pairings = await tournaments.repo.pairings(tournament_id)
    return {
        "status": tournament.status,
        "round": tournament.round,
        "standings": [[line.user_id, line.place, str(line.points)] for line in lines],
        "games": [[p.round, p.position, p.game, p.players, p.bye, p.ranks] for p in pairings],
    }


SCENARIOS = {
    "move": flow_move,
    "vacation_start": flow_vacation_start,
    "vacation_end": flow_vacation_end,
    "vacation_runs_out": flow_vacation_runs_out,
    "substitute": flow_substitute,
    "handover_ask": flow_handover_ask,
    "handover_accept": flow_handover_accept,
    "handover_decline": flow_handover_decline,
    "handover_lapse": flow_handover_lapse,
    "start": flow_start,
    "lobby_lapse": flow_lobby_lapse,
    "time_out": flow_time_out,
    "resign": flow_resign,
    "cancel": flow_cancel,
    "finish": flow_finish,
    "reminder": flow_reminder,
    **{f"tournament:{name}": tournament_flow(name) for name in TOURNAMENTS},
}


async def main(db: str, scenario: str, phase: str, kill: str) -> None:
    clock = StoredClock(Path(db).with_name("clock.json"))
    repo = KillingRepository(db, kill)
    await repo.open()
    service = TableService(repo, clock=clock, seed_source=lambda: 7)
    ratings = RatingService(repo)
    tournaments = TournamentService(repo, service, clock=clock)
    ratings.attach(service)
    service.finished_listeners.append(tournaments.on_table_finished)
    service.cancelled_listeners.append(tournaments.on_table_cancelled)
    # A restart can be killed too: inside the start-up path as well as after it.
    repo.armed = phase != "setup"
    if phase == "restart":
        await start_up(service, tournaments, catch_up=True)
    out = await SCENARIOS[scenario](phase, service, tournaments=tournaments, clock=clock)
    repo.armed = False
    sys.stdout.write(json.dumps({"done": phase, "commits": repo.commits, **out}) + "\n")
    sys.stdout.flush()
    await repo.close()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:5]))
