"""Seats changing hands: to an engine player now, or to a member who accepts."""

from __future__ import annotations

import discord

from tables.service import Table, TableError

from .. import i18n
from ..render import hand_embed, hand_view, thread_link
from .base import as_member, member_of
from .permissions import PermissionsFlows


class SeatsFlows(PermissionsFlows):
    """Substitution and the hand that reaches a seat's new holder."""

    async def substitute(
        self,
        interaction: discord.Interaction,
        table_id: int,
        seat_number: int,
        member: discord.abc.User | None,
        *,
        meanwhile_engine: bool = False,
    ) -> None:
        """Hand a seat (numbered from 1) to an engine player (``member`` None) now, or ask
        ``member`` to take it over: the seat moves only when they accept (``bot.handover``),
        and only then does its hand reach them.
        """
        if member is not None:
            await self.bot.handovers.request(
                interaction, table_id, seat_number, member, meanwhile_engine=meanwhile_engine
            )
            return
        lang = await self.bot.language(interaction)
        table = await self.table_of_this_server(interaction, table_id)
        may_manage = await self.may_manage(interaction, table)
        seat = seat_number - 1
        to = as_member(member) if member is not None else None
        if member is not None and member.bot:
            raise TableError(i18n.NO_BOTS_AT_TABLES)
        await self.service.substitute(
            table_id, seat, member_of(interaction), to, may_manage=may_manage
        )
        # The hand to the new holder and the thread's note were stored with the hand-over
        # (the outbox); the relay sends them after this answer.
        await self.reply(interaction, i18n.SUBSTITUTE_DONE.format(n=seat_number).get(lang))

    async def hand_to_new_holder(self, table: Table, seat: int, user_id: str) -> bool:
        """DM the new holder the seat's hand (theirs alone); False if it does not reach them."""
        lang = await self.bot.dms.language(user_id, table)
        content = i18n.SEAT_HANDED_TO_YOU.format(
            n=seat + 1,
            id=table.id,
            game=table.game.name.get(lang),
            link=thread_link(table) or "-",
        ).get(lang)
        view, _pages = hand_view(table, seat, lang)
        return await self.bot.dms.send(
            user_id,
            content=content,
            embed=hand_embed(table, seat, lang, with_public=True),
            view=view,
        )
