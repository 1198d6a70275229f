"""The relay: delivers the outbox's posts after their commit, once, also after a restart.

Every Discord post that follows a stored change (a move's thread post and turn DMs, a timeout,
a reminder, a hand-over, a cancelled table, a tournament's rounds) is written by the services
in the change's own transaction (``tables.notices``); nothing is posted before the change
commits. The relay is woken after each such commit and at start-up, and delivers what is
pending in the order it was stored. Several pending turn posts of one table (a burst of
moves, the deadlines caught up after an outage) become one thread message.

Once: a post is marked sent after its last part went out. A process killed in between leaves
it pending, and the next process delivers it again part by part, but first looks for each part
among the channel's latest messages (every message a delivery sends carries the post's mark in
its embed's footer, or is recognised by its text), so a part that reached Discord is not sent
twice. Discord's ``enforce_nonce`` also drops a repeat within a few minutes. A delivery that
fails (Discord unreachable) is retried with backoff, 30 s doubling to an hour.

Several processes: each relay claims the posts it delivers (``Repository.claim_posts``, a
lease in the process's name), so every post is delivered by one process; the posts of one
table wait while an earlier one is held by another live process, so they stay in order. Any
process may deliver any post: every send goes through REST to the channel's id
(``get_partial_messageable``), never through the gateway's cache of guilds and channels, which
only holds this process's shards. A post whose lease ran out was taken over from a process
that died, perhaps mid-delivery: it is delivered as a resumed one (each part looked for first).
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from games.core import Event, replay
from tables import notices
from tables.clocks import format_duration, retry_delay
from tables.metadata import TableStatus
from tables.records import OutboxRecord
from tables.service import Table, TableError

from . import calm, i18n
from .render import FIELD_MAX, clip, hand_embed, hand_view, public_lines, thread_link

if TYPE_CHECKING:
    from .app import TischrundeBot

log = logging.getLogger(__name__)

HISTORY_LOOKBACK = 50
"""How many of a channel's latest messages a resumed delivery searches for its parts."""

PURGE_EVERY = 6 * 3600.0
"""Seconds between two deletions of posts delivered longer ago than the retention."""


@dataclass
class Delivery:
    """The post being delivered, for the sends it makes (see ``send``)."""

    post: OutboxRecord
    recover: bool
    """The post was left pending by an earlier run: look for each part before sending it."""
    sends: dict[int, int] = field(default_factory=dict)
    """Messages sent so far per channel: the part's number within its channel."""
    recognised: int = 0
    """Parts found already delivered (for the tests and the log)."""
    last: dict[int, int] = field(default_factory=dict)
    """Per channel, the message this delivery last sent there or found already sent."""


_current: contextvars.ContextVar[Delivery | None] = contextvars.ContextVar(
    "tischrunde_delivery", default=None
)


def _mark_of(post_id: int, part: int) -> str:
    return f"#{post_id}.{part}"


def _marked(embed: discord.Embed, mark: str) -> None:
    text = embed.footer.text
    embed.set_footer(text=f"{text} · {mark}" if text else mark)


async def send(channel: discord.abc.Messageable, **message: Any) -> discord.Message | None:
    """Send ``message`` to ``channel``; inside a delivery, once.

    Inside a delivery the message's first embed carries the part's mark, Discord gets a nonce
    for it, and a resumed delivery first looks for the part in the channel: found, it is not
    sent again (None is returned).
    """
    delivery = _current.get()
    if delivery is None:
        return await channel.send(**message)
    channel_id = int(getattr(channel, "id", 0))
    part = delivery.sends.get(channel_id, 0)
    delivery.sends[channel_id] = part + 1
    mark = _mark_of(delivery.post.id, part)
    embeds = list(message.get("embeds") or ([message["embed"]] if message.get("embed") else []))
    if embeds:
        _marked(embeds[0], mark)
    if delivery.recover:
        found = await _already_sent(channel, mark, message.get("content"), embeds)
        if found is not None:
            delivery.recognised += 1
            delivery.last[channel_id] = found.id
            return None
    message.setdefault("nonce", f"{delivery.post.id}.{channel_id % 10**9}.{part}"[:25])
    sent = await channel.send(**message)
    delivery.last[channel_id] = sent.id
    return sent


async def edit(channel: discord.abc.Messageable, message_id: int, **message: Any) -> None:
    """Edit one of the bot's messages in ``channel`` (a turn's post, see ``bot.calm``).

    An edit needs no mark: repeating it after a crash shows the same message again. ``files``
    replace the message's attachments (none: the old picture goes).
    """
    files = message.pop("files", None) or []
    partial = discord.PartialMessage(channel=channel, id=message_id)  # type: ignore[arg-type]
    await partial.edit(attachments=files, **message)


async def _already_sent(
    channel: discord.abc.Messageable,
    mark: str,
    content: str | None,
    embeds: list[discord.Embed],
) -> discord.Message | None:
    """The message of this part among the channel's latest messages, if it is there."""
    try:
        async for found in channel.history(limit=HISTORY_LOOKBACK):
            if embeds:
                if any((e.footer.text or "").endswith(mark) for e in found.embeds):
                    return found
            elif content and found.content == content and not found.embeds:
                return found
    except discord.HTTPException as error:
        log.warning("could not read channel %s to resume a post: %s", channel, error)
    return None


class Relay:
    """Delivers the outbox after each commit that stored posts, and at start-up."""

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot
        self.inherited = 0
        """Posts up to this id were stored before this relay started: an earlier process may
        have delivered part of them."""
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._again = False
        self._timer: asyncio.Task[None] | None = None
        self._closing = False
        self.delivered = 0
        """Posts marked sent by this relay (for the tests and the figures)."""
        self.recognised = 0
        """Parts a resumed delivery found already on Discord and did not repeat."""
        self._purged_at: float | None = None
        self._purge: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen for commits and deliver what an earlier run left pending."""
        self.inherited = await self.bot.service.outbox.last_id()
        self.bot.service.post_listeners.append(self.wake)
        self.wake()

    async def close(self) -> None:
        """Stop listening; a delivery under way is let finish."""
        self._closing = True
        if self.wake in self.bot.service.post_listeners:
            self.bot.service.post_listeners.remove(self.wake)
        if self._timer is not None:
            self._timer.cancel()
        if self._task is not None and not self._task.done():
            await asyncio.gather(self._task, return_exceptions=True)
        if self._purge is not None and not self._purge.done():
            # Each batch is its own write: the next start deletes the rest.
            self._purge.cancel()
            await asyncio.gather(self._purge, return_exceptions=True)

    async def idle(self) -> None:
        """Until the delivery under way, if any, has ended (including the posts that woke it
        again meanwhile), so the next commit's wake-up starts a delivery of its own.
        """
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})

    def wake(self) -> None:
        """Posts were stored: deliver them (in a task of its own; the caller goes on)."""
        if self._closing:
            return
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.create_task(self._run(), name="tischrunde-outbox")

    async def _run(self) -> None:
        while True:
            self._again = False
            try:
                await self.flush()
            except Exception:
                log.exception("delivering the outbox failed")
            self._purge_if_due()
            if self._closing:
                break
            if self._again:
                continue
            await self._arm_retry()
            # A commit that woke us while the retry was armed (this task had not ended yet,
            # so ``wake`` only set ``_again``) must not wait for the next wake-up.
            if not self._again or self._closing:
                break

    def _purge_if_due(self) -> None:
        """Delete the posts delivered longer ago than the retention (``post_retention_days``),
        in a task of its own, at the first delivery after the start and then every
        ``PURGE_EVERY`` seconds.
        """
        days = self.bot.settings.post_retention_days
        now = self.bot.service.clock()
        if days <= 0 or self._closing or (self._purge is not None and not self._purge.done()):
            return
        if self._purged_at is not None and now - self._purged_at < PURGE_EVERY:
            return
        self._purged_at = now
        self._purge = asyncio.create_task(
            self._delete_delivered(now - days * 86_400.0), name="tischrunde-outbox-purge"
        )

    async def _delete_delivered(self, sent_before: float) -> None:
        try:
            deleted = await self.bot.service.outbox.delete_delivered(sent_before)
        except Exception:
            log.exception("deleting delivered posts failed")
            return
        if deleted:
            log.info("deleted %d posts delivered over the retention period", deleted)

    async def _arm_retry(self) -> None:
        try:
            next_try = await self.bot.service.outbox.next_try()
        except Exception:  # noqa: BLE001 - a closed repository at shutdown
            return
        now = self.bot.service.clock()
        if next_try is None or next_try <= now or self._closing:
            return
        if self._timer is not None and not self._timer.done():
            self._timer.cancel()

        async def later() -> None:
            await asyncio.sleep(next_try - now)
            self.wake()

        self._timer = asyncio.create_task(later(), name="tischrunde-outbox-retry")

    async def flush(self) -> int:
        """Deliver every post that is due now, in the order stored; how many were sent."""
        outbox = self.bot.service.outbox
        sent = 0
        async with self._lock:
            while True:
                service = self.bot.service
                pending = await outbox.claim(
                    service.scheduler.owner, service.clock(), service.scheduler.lease_seconds, 200
                )
                if not pending:
                    return sent
                failed_tables: set[int] = set()
                progress = False
                for group in _groups(pending):
                    table_id = group[0].table_id
                    if table_id is not None and table_id in failed_tables:
                        # Keep a table's posts in order: wait for the failed one. Its lease is
                        # let go at once (nothing else changes), not held until it runs out.
                        for post in group:
                            await outbox.retry(post.id, post.next_try, post.attempts)
                        continue
                    if await self._deliver(group):
                        sent += len(group)
                        progress = True
                    elif table_id is not None:
                        failed_tables.add(table_id)
                if not progress:
                    return sent

    async def _deliver(self, group: list[OutboxRecord]) -> bool:
        outbox = self.bot.service.outbox
        first = group[0]
        # Stored before this relay started, tried before, or (with other processes) older
        # than a lease, so perhaps taken over from a process that died holding it: part of it
        # may have reached Discord.
        service = self.bot.service
        stale = service.clock() - service.scheduler.lease_seconds if service.shared else -1.0
        recover = any(
            post.id <= self.inherited or post.attempts or post.created_at <= stale for post in group
        )
        delivery = Delivery(first, recover)
        token = _current.set(delivery)
        try:
            outcome = await self._render(group)
        except Exception as error:
            attempts = first.attempts + 1
            delay = retry_delay(attempts)
            if attempts == 1:
                log.warning(
                    "post %s (%s) failed, tried again in %.0f s: %s",
                    first.id,
                    first.kind,
                    delay,
                    error,
                    exc_info=not isinstance(error, discord.HTTPException),
                )
            for post in group:
                await outbox.retry(post.id, self.bot.service.clock() + delay, attempts)
            return False
        finally:
            _current.reset(token)
        now = self.bot.service.clock()
        for post in group:
            progress = {"recognised": delivery.recognised, **(outcome or {})}
            await outbox.sent(post.id, now, progress)
        self.delivered += len(group)
        self.recognised += delivery.recognised
        return True

    # ----- the kinds ---------------------------------------------------------------------------

    async def _render(self, group: list[OutboxRecord]) -> dict[str, Any] | None:
        """Send a group; what the delivery found out (stored in the post's progress)."""
        kind = group[0].kind
        handovers = self.bot.handovers
        if kind == notices.TURN:
            return await self._turn(group)
        elif kind == notices.REMINDER:
            await self._reminder(group[0])
        elif kind == notices.CANCELLED:
            await self._cancelled(group[0])
        elif kind == notices.VACATION_OVER:
            await self._vacation_over(group[0])
        elif kind == notices.TOURNAMENT:
            posting = self.bot.get_cog("TournamentCommands")
            if posting is not None:
                await posting.deliver(group[0].payload)  # type: ignore[attr-defined]
        elif kind == notices.HANDOVER_REQUEST:
            return await handovers.post_request(group[0].payload)
        elif kind == notices.HANDOVER_DECLINED:
            await handovers.tell_host(group[0].payload, i18n.HANDOVER_DECLINED)
        elif kind == notices.HANDOVER_LAPSED:
            await handovers.tell_host(group[0].payload, i18n.HANDOVER_LAPSED)
        elif kind == notices.LOBBY_EXPIRED:
            await handovers.lobby_expired(group[0].payload)
        else:
            log.warning("post %s has an unknown kind %r; dropped", group[0].id, kind)
        return None

    async def _table(self, table_id: int) -> Table | None:
        try:
            return await self.bot.service.get(table_id)
        except TableError:
            return None  # the table is gone: nothing to say about it

    async def _turn(self, group: list[OutboxRecord]) -> dict[str, Any] | None:
        payloads = [post.payload for post in group]
        table = await self._table(int(payloads[0]["table"]))
        if table is None:
            return None
        flows = self.bot.flows
        public = table.settings.lang
        await flows.thread_of(table)
        seq = int(payloads[-1]["seq"])
        # Turn DMs only for a post whose change moved the game: a note alone (a resignation
        # before the seat's turn) finds the player to act told already.
        current = table.seq == seq and any(p["seq"] > p["from_seq"] for p in payloads)
        shown = table if table.seq == seq else await self._table_at(table, seq)
        events = [Event(kind, data) for p in payloads for kind, data in p.get("events", [])]
        lines: list[str] = []
        reached: set[str] = set()
        for payload in payloads:
            for note in payload.get("notes", []):
                lines.append(self._note(table, note, public))
            handed = payload.get("handed_to")
            if handed and table.seats[int(handed["seat"])].user_id == handed["user"]:
                reached.add(str(handed["user"]))
                if not await flows.hand_to_new_holder(table, int(handed["seat"]), handed["user"]):
                    who = f"<@{handed['user']}>"
                    lines.append(
                        i18n.NEW_HOLDER_NO_DM.format(who=who, n=int(handed["seat"]) + 1).get(public)
                    )
        if any(p.get("catch_up") for p in payloads) and lines:
            lines = [i18n.CATCH_UP.format(n=len(lines)).get(public), *lines]
        skip = {str(p["actor"]) for p in payloads if p.get("actor")} | reached
        turn_post = await calm.plan(self.bot, shown, group)
        events = _fitting(shown, turn_post.earlier + events, public)
        message_id = await flows.publish(
            shown,
            events,
            skip=skip,
            note=clip("\n".join(lines), 1500) if lines else None,
            notify=current,
            edit=turn_post.edit,
        )
        delivery = _current.get()
        if message_id is None and delivery is not None:
            # Found already sent by a resumed delivery: that message is the turn's.
            message_id = delivery.last.get(int(table.place.thread or 0))
        return turn_post.progress(message_id, group[0].id, self.bot.service.clock())

    async def _table_at(self, table: Table, seq: int) -> Table:
        """The table as it stood after action ``seq``, replayed from its log: a post delivered
        after the table moved on shows what it reports, not the newer state.
        """
        entries = await self.bot.service.outbox.log(table.id)
        moves = [(entry.seat, entry.code) for entry in entries if entry.seq <= seq]
        state = replay(table.game, len(table.seats), table.options, moves)
        over = table.game.is_over(state)
        record = dataclasses.replace(
            table.record,
            seq=seq,
            state=state,
            status=TableStatus.FINISHED if over else TableStatus.ACTIVE,
            result=table.record.result if over else None,
        )
        return Table(record=record, seats=table.seats, game=table.game, options=table.options)

    def _note(self, table: Table, note: dict[str, Any], lang: str) -> str:
        kind = note.get("kind")
        seat = int(note.get("seat", -1))
        user = note.get("user")
        who = f"<@{user}>" if user else table.seat_name(seat)
        if kind == "timed_out":
            text = (
                i18n.TIMED_OUT_ENGINE if note.get("action") == "engine" else i18n.TIMED_OUT_FORFEIT
            )
            return text.format(who=who).get(lang)
        if kind == "substituted":
            new = f"<@{user}>" if user else str(note.get("name", ""))
            return i18n.SUBSTITUTED.format(n=seat + 1, old=note.get("old", ""), new=new).get(lang)
        if kind == "played_out":
            return i18n.PLAYED_OUT.get(lang)
        if kind == "resigned":
            return i18n.RESIGNED_NOTE.format(who=note.get("name", "")).get(lang)
        return ""

    async def _reminder(self, post: OutboxRecord) -> None:
        payload = post.payload
        table = await self._table(int(payload["table"]))
        if table is None:
            return
        seat, user_id = int(payload["seat"]), str(payload["user"])
        if table.seats[seat].user_id != user_id or seat not in table.to_act():
            return  # the seat moved or changed hands since: the reminder no longer applies
        due = float(payload["due"])
        if await self._remind_by_dm(table, seat, user_id, due):
            return
        thread = table.place.thread
        if thread:
            lang = table.settings.lang
            left = format_duration(due - self.bot.service.clock(), lang)
            text = i18n.REMINDER_MENTION.format(who=f"<@{user_id}>", left=left, due=int(due))
            await send(
                self.bot.get_partial_messageable(int(thread)),
                content=text.get(lang),
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    async def _remind_by_dm(self, table: Table, seat: int, user_id: str, due: float) -> bool:
        dms = self.bot.dms
        lang = await dms.language(user_id, table)
        left = format_duration(due - self.bot.service.clock(), lang)
        content = i18n.REMINDER_DM.format(
            id=table.id,
            game=table.game.name.get(lang),
            left=left,
            due=int(due),
            link=thread_link(table) or "-",
        ).get(lang)
        view, _pages = hand_view(table, seat, lang)
        return await dms.send(
            user_id,
            content=content,
            embed=hand_embed(table, seat, lang, with_public=True),
            view=view,
        )

    async def _cancelled(self, post: OutboxRecord) -> None:
        table = await self._table(int(post.payload["table"]))
        thread = table.place.thread if table else None
        if table is None or not thread:
            return
        public = table.settings.lang
        await send(
            self.bot.get_partial_messageable(int(thread)),
            content=i18n.CANCELLED.format(id=table.id).get(public),
        )

    async def _vacation_over(self, post: OutboxRecord) -> None:
        user_id = str(post.payload["user"])
        preferences = await self.bot.preferences(user_id)
        lang = preferences.language or self.bot.settings.default_language
        await self.bot.dms.send(user_id, content=i18n.VACATION_OVER.get(lang))


def _fitting(table: Table, events: list[Event], lang: str) -> list[Event]:
    """The latest of ``events`` whose public lines fit the message's log field: a long turn
    shows its newest decisions (the game's log keeps them all).
    """
    while len(events) > 1 and len("\n".join(public_lines(table, events, lang))) > FIELD_MAX:
        events = events[1:]
    return events


def _groups(pending: Iterable[OutboxRecord]) -> list[list[OutboxRecord]]:
    """Pending posts in delivery order; a table's turn posts with no other post of that table
    between them go out together, at the place of the first.
    """
    groups: list[list[OutboxRecord]] = []
    open_turns: dict[int, list[OutboxRecord]] = {}
    for post in pending:
        if post.kind == notices.TURN and post.table_id is not None:
            group = open_turns.get(post.table_id)
            if group is not None:
                group.append(post)
                continue
            group = [post]
            open_turns[post.table_id] = group
            groups.append(group)
            continue
        if post.table_id is not None:
            open_turns.pop(post.table_id, None)  # later turn posts go after this one
        groups.append([post])
    return groups
