"""The bot's side of consent and leaving (issue 16): hand-over requests with Accept and Decline,
``/table resign``, and what the housekeeping deadlines did (a request lapsed, a lobby closed).

A request is posted in the table's thread, naming the member with Accept and Decline that only
they may press. The bot neither sends it by DM nor pings them: a host can name any member of
the server, and the bot messages nobody who has not agreed to play, so the host is told to
point them to the thread. Nothing of the table's hidden state is in it, and nothing else of the
table reaches them until they accept (DESIGN invariant 7).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from games.core import Text
from tables.clocks import format_duration
from tables.metadata import HandoverStatus
from tables.records import HandoverRecord
from tables.service import Member, Table, TableError

from . import i18n, outbox
from .flows import as_member, member_of, public_language
from .render import handover_view, lobby_embed

if TYPE_CHECKING:
    from .app import TischrundeBot

log = logging.getLogger(__name__)


class HandoverFlows:
    """Requests to take over a seat, resigning, and the housekeeping posts."""

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot

    # ----- asking ------------------------------------------------------------------------------

    def _clock(self, table: Table, lang: str) -> str:
        clock = table.clock
        if clock is None or clock.per_move is None:
            return i18n.HANDOVER_NO_CLOCK.get(lang)
        return i18n.HANDOVER_CLOCK.format(
            per_move=format_duration(clock.per_move, lang),
            action=i18n.ON_TIMEOUT[clock.on_timeout].get(lang),
        ).get(lang)

    async def request(
        self,
        interaction: discord.Interaction,
        table_id: int,
        seat_number: int,
        member: discord.abc.User,
        *,
        meanwhile_engine: bool = False,
    ) -> None:
        """Ask ``member`` to take over seat ``seat_number`` (from 1); the seat stays with its
        holder (or goes to an engine now, with ``meanwhile_engine``) until they accept.
        """
        bot = self.bot
        service = bot.service
        lang = await bot.language(interaction)
        table = await bot.flows.table_of_this_server(interaction, table_id)
        if member.bot:
            raise TableError(i18n.NO_BOTS_AT_TABLES)
        may_manage = await bot.flows.may_manage(interaction, table)
        seat = seat_number - 1
        by, to = member_of(interaction), as_member(member)
        # Every refusal before anything changes, the engine's turn at the seat included.
        service.handovers.check(table, seat, by, to, may_manage=may_manage)
        if meanwhile_engine and table.seats[seat].user_id is not None:
            # Stored with its thread note (the outbox), like every hand-over.
            outcome = await service.substitute(table_id, seat, by, None, may_manage=may_manage)
            table = outcome.table
        holder = table.seat_name(seat)
        record, table = await service.handovers.ask(
            table_id,
            seat,
            by,
            to,
            may_manage=may_manage,
            data={"holder": holder, "host_name": by.name},
        )
        # The request was stored with the post that asks the member; delivering it now tells
        # the host how it went (by DM, in the thread, or not at all).
        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.outbox.flush()
        via = await service.handovers.delivered_via(record)
        if via == "none":
            text = i18n.HANDOVER_UNREACHABLE.format(who=to.name, n=seat_number)
        else:
            text = i18n.HANDOVER_ASKED.format(who=to.name, n=seat_number, holder=holder)
        await bot.flows.reply(interaction, text.get(lang))

    async def post_request(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Deliver a stored request (``tables.notices.HANDOVER_REQUEST``); how it went."""
        bot = self.bot
        record = await bot.service.handovers.find(int(payload["request"]))
        if record is None or record.status != HandoverStatus.PENDING:
            return {"via": "settled"}
        try:
            table = await bot.service.get(record.table_id)
        except TableError:
            return {"via": "settled"}
        asked_by = Member(record.asked_by, str(record.data.get("host_name", "?")))
        if not await self._deliver_request(record, table, asked_by):
            # Nobody can be asked: the request ends here, and the host learns it.
            await bot.service.handovers.unreachable(record)
            return {"via": "none"}
        return {"via": "thread"}

    async def _deliver_request(self, record: HandoverRecord, table: Table, by: Member) -> bool:
        """Post the request in the table's thread, naming the addressee without pinging them;
        False if there is no thread to post in.
        """
        bot = self.bot

        def request_text(lang: str) -> str:
            return i18n.HANDOVER_REQUEST.format(
                host=by.name,
                n=record.seat + 1,
                holder=record.data.get("holder", "?"),
                id=table.id,
                game=table.game.name.get(lang),
                clock=self._clock(table, lang),
                due=int(record.due),
            ).get(lang)

        thread = await bot.flows.thread_of(table)
        if not thread:
            return False
        public = public_language(table)
        try:
            await outbox.send(
                bot.get_partial_messageable(int(thread)),
                content=f"<@{record.user_id}> {request_text(public)}",
                view=handover_view(table.id, record.id, public),
                # The mention names the addressee; it pings nobody (see the module docstring).
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            log.warning("could not post hand-over request %s: %s", record.id, error)
            return False
        return True

    # ----- answering ---------------------------------------------------------------------------

    async def answer(
        self, interaction: discord.Interaction, request_id: int, *, accept: bool
    ) -> None:
        """The addressee's Accept or Decline (anyone else is refused privately)."""
        bot = self.bot
        lang = await bot.remember_language(interaction)
        answered = await bot.service.handovers.answer(
            request_id, member_of(interaction), accept=accept
        )
        record, table = answered.request, answered.table
        game = table.game.name.get(lang)
        if not answered.accepted:
            text = i18n.HANDOVER_YOU_DECLINED.format(id=table.id)
            # The host is told through the outbox, stored with the answer.
            await self._close_request(interaction, text.get(lang))
            return
        text = i18n.HANDOVER_YOU_ACCEPTED.format(n=record.seat + 1, id=table.id, game=game)
        # The hand to the new holder and the thread's note were stored with the hand-over.
        await self._close_request(interaction, text.get(lang))

    async def _close_request(self, interaction: discord.Interaction, content: str) -> None:
        """The request's message loses its buttons and says how it was answered, still naming
        whom it was addressed to (the thread reads it too).
        """
        if interaction.message is not None and not interaction.response.is_done():
            await interaction.response.edit_message(
                content=f"<@{interaction.user.id}> {content}",
                view=None,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        else:
            await self.bot.flows.reply(interaction, content)

    async def tell_host(self, payload: dict[str, Any], text: Text) -> None:
        """Tell whoever asked how the request ended (``tables.notices.HANDOVER_DECLINED`` and
        ``HANDOVER_LAPSED``): by DM, else with a mention in the table's thread.
        """
        bot = self.bot
        record = await bot.service.handovers.find(int(payload["request"]))
        if record is None:
            return
        try:
            table = await bot.service.get(record.table_id)
        except TableError:
            return

        def told(lang: str) -> str:
            return text.format(
                who=record.name,
                n=record.seat + 1,
                id=table.id,
                game=table.game.name.get(lang),
                holder=table.seat_name(record.seat),
            ).get(lang)

        lang = await bot.dms.language(record.asked_by, table)
        if await bot.dms.send(record.asked_by, content=told(lang)):
            return
        thread = table.place.thread
        if thread:
            public = public_language(table)
            await outbox.send(
                bot.get_partial_messageable(int(thread)),
                content=f"<@{record.asked_by}> {told(public)}",
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(int(record.asked_by))]
                ),
            )

    # ----- resigning ---------------------------------------------------------------------------

    async def resign(self, interaction: discord.Interaction, table_id: int) -> None:
        """The member leaves a running table: their seat forfeits like a timeout."""
        bot = self.bot
        lang = await bot.language(interaction)
        await bot.flows.table_of_this_server(interaction, table_id)
        member = member_of(interaction)
        await bot.service.resign(table_id, member)
        # The thread's note (and the forfeit, if the seat acted now) was stored with the
        # resignation; the relay posts it.
        await bot.flows.reply(interaction, i18n.RESIGNED_YOU.format(id=table_id).get(lang))

    # ----- what housekeeping deadlines did -----------------------------------------------------

    async def lobby_expired(self, payload: dict[str, Any]) -> None:
        """Tell the channel a lobby closed itself (``tables.notices.LOBBY_EXPIRED``)."""
        try:
            table = await self.bot.service.get(int(payload["table"]))
        except TableError:
            return
        days = int(payload.get("days", 0))
        public = public_language(table)
        channel_id = table.place.channel
        if not channel_id:
            return
        channel = self.bot.get_partial_messageable(int(channel_id))
        text = i18n.LOBBY_EXPIRED.format(id=table.id, game=table.game.name.get(public), days=days)
        await outbox.send(channel, content=text.get(public))
        lobby_id = table.place.lobby
        if lobby_id:
            try:
                await channel.get_partial_message(int(lobby_id)).edit(
                    embed=lobby_embed(table, public), view=None
                )
            except discord.HTTPException as error:
                log.warning("could not close the lobby message of table %s: %s", table.id, error)
