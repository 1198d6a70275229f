"""The stored outbox as its deliverer sees it: claim, mark sent, put off, read back.

The services write posts in the transaction of the change they follow (``tables.notices``);
the bot's relay delivers them through this service (``TableService.outbox``), never through
storage itself (README, "Layout").
"""

from __future__ import annotations

from typing import Any

from storage import LogEntry, OutboxRecord, Repository

DELETE_BATCH = 200
"""Posts deleted per write: each write is short (about 9 ms with its sync on this machine, 35 ms
for 1,000), so moves committing meanwhile wait for one batch, not for the whole deletion."""


class Outbox:
    """The posts stored in ``repo`` and the table logs their delivery replays."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def claim(
        self, owner: str, now: float, lease_seconds: float, limit: int = 100
    ) -> list[OutboxRecord]:
        """Lease pending posts to ``owner``, in id order (``Repository.claim_posts``)."""
        return await self.repo.claim_posts(owner, now, lease_seconds, limit)

    async def sent(self, post_id: int, at: float, progress: dict[str, Any]) -> None:
        """Mark a post delivered: it is never sent again."""
        await self.repo.post_sent(post_id, at, progress)

    async def retry(self, post_id: int, next_try: float, attempts: int) -> None:
        """Put off a post whose delivery failed (its lease is let go)."""
        await self.repo.post_retry(post_id, next_try, attempts)

    async def last_id(self) -> int:
        """The id of the newest post stored (0: none yet)."""
        return await self.repo.last_post_id()

    async def next_try(self) -> float | None:
        """When the earliest post waiting for a retry may be tried (None: nothing waits)."""
        return await self.repo.next_post_try()

    async def posts(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        since_id: int = 0,
        before_id: int | None = None,
        sent_only: bool = False,
    ) -> list[OutboxRecord]:
        """Stored posts (sent or not, or only the delivered ones), oldest first, with ids from
        ``since_id`` up to below ``before_id``.
        """
        return await self.repo.posts(
            table_id=table_id,
            kinds=kinds,
            since_id=since_id,
            before_id=before_id,
            sent_only=sent_only,
        )

    async def delete_delivered(self, sent_before: float, batch: int = DELETE_BATCH) -> int:
        """Delete every post delivered before ``sent_before``, ``batch`` at a time; how many."""
        below = await self.repo.first_post_id_stored_since(sent_before)
        deleted = 0
        while True:
            done = await self.repo.delete_delivered_posts(sent_before, below, batch)
            deleted += done
            if done < batch:
                return deleted

    async def last_sent(self, table_id: int, kind: str, before_id: int) -> OutboxRecord | None:
        """The table's newest delivered post of ``kind`` with an id below ``before_id``."""
        return await self.repo.last_sent_post(table_id, kind, before_id)

    async def log(self, table_id: int) -> list[LogEntry]:
        """A table's stored actions: a late post shows the table as it stood then."""
        return await self.repo.log(table_id)

    async def release_leases(self, owner: str) -> int:
        """Free every deadline and post ``owner`` holds (a clean stop); how many."""
        return await self.repo.release_leases(owner)
