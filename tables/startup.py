"""What a process does at start-up to finish what a crash of the last one left half done.

One path for the bot (``TischrundeBot.setup_hook``) and for the crash tests' child process, so
the tests restart exactly as the bot does:
1. ``TournamentService.resume``: results stored but not yet recorded in their tournament are
   recorded, a round whose tables are all decided is finished (and the next one opened), round
   leftovers of a crash are cleaned up, tables created but not started are started, missing
   deadlines are stored.
2. ``TurnClocks.reconcile``: every running clocked table gets the clocks it needs; lobbies
   get their expiry and hand-over requests theirs (``limits``, ``handover``).
3. The deadlines missed while the process was down are handled by the scheduler's first run
   (the bot's timer makes that run; ``catch_up`` makes it here).

The posts that all of this stores, and those a crash left undelivered, go out through the
outbox relay of whoever delivers (the bot starts it before its first scheduler run).

Several processes starting at once on one database (``service.shared``) take turns: steps 1
and 2 run under the ``startup`` lock (``Repository.hold``), so the second finds the first's
work done and repeats nothing, as a restart after a finished start-up does. The missed
deadlines are claimed one by one, each by exactly one process.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from .clocks import Fired

if TYPE_CHECKING:
    from .service import TableService
    from .tournaments.service import TournamentService


async def start_up(
    service: TableService, tournaments: TournamentService | None, *, catch_up: bool = False
) -> list[Fired]:
    """Resume tournaments and clocks; with ``catch_up``, run the missed deadlines too."""
    held = service.repo.hold(["startup"]) if service.shared else contextlib.nullcontext()
    async with held:
        if tournaments is not None:
            await tournaments.resume()
        await service.clocks.reconcile()
        await service.limits.reconcile()
        await service.handovers.reconcile()
    if not catch_up:
        return []
    service.catching_up = True
    try:
        return await service.scheduler.run_due()
    finally:
        service.catching_up = False
