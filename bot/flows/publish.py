"""Publishing: a table's thread, and the public post with the DMs to whoever must act."""

from __future__ import annotations

import logging
from typing import Any

import discord

from games.core import Event
from tables.service import Table

from .. import i18n, outbox
from ..images import attach
from ..render import clip, hand_button_view, table_embed
from .base import public_language
from .status import StatusFlows

log = logging.getLogger(__name__)


class PublishFlows(StatusFlows):
    """What goes to a table's thread and to the players' DMs after a stored change."""

    async def open_thread(self, table: Table, name: str | None = None) -> str | None:
        """Open the table's thread (off its lobby message if it has one); its id, or None if
        Discord refused (the game is stored and playable from DMs and /table hand).
        """
        public = public_language(table)
        channel = self.bot.get_partial_messageable(int(table.record.place["channel"]))
        if name is None:
            game = table.game.name.get(public)
            name = i18n.THREAD_NAME.format(id=table.id, game=game).get(public)
        try:
            lobby_id = table.record.place.get("lobby")
            if lobby_id:
                # The thread hangs off the lobby message, so the channel shows where it went.
                thread_data = await self.bot.http.start_thread_with_message(
                    channel.id, int(lobby_id), name=name[:100], auto_archive_duration=10080
                )
            else:
                thread_data = await self.bot.http.start_thread_without_message(
                    channel.id,
                    name=name[:100],
                    auto_archive_duration=10080,
                    type=discord.ChannelType.public_thread.value,
                )
            await self.service.set_place(table, thread=str(thread_data["id"]))
        except discord.HTTPException as error:
            log.warning("could not open a thread for table %s: %s", table.id, error)
            return None
        return str(thread_data["id"])

    async def publish(
        self,
        table: Table,
        events: list[Event],
        *,
        actor: str | None = None,
        skip: set[str] | None = None,
        note: str | None = None,
        notify: bool = True,
    ) -> None:
        """Post the public state as a new thread message and DM whoever must decide now.

        The acting player already holds the fresh hand in their answer, so they get no DM.
        Players who cannot be reached by DM are mentioned in the thread with a hint. A new
        message per turn, never an edit: tables run for days, and editing messages older than
        an hour meets Discord's undocumented limit (error 30046). ``note`` heads the message
        (a timeout, a summary after an outage). ``skip`` (and ``actor``) get no DM;
        ``notify=False`` sends none (the table has moved on since what this post shows).
        """
        public = public_language(table)
        unreachable = []
        skip = set(skip or ()) | ({actor} if actor else set())
        for seat in table.to_act() if notify else []:
            user_id = table.seats[seat].user_id
            if user_id is None or user_id in skip:
                continue
            if not await self.bot.dms.notify_turn(table, seat):
                unreachable.append(user_id)
        thread = table.record.place.get("thread")
        if not thread:
            return
        content = "\n".join(
            ([note] if note else [])
            + [i18n.NO_DM_HINT.format(who=f"<@{user_id}>").get(public) for user_id in unreachable]
        )
        clock = await self.clock_text(table, public)
        embed = table_embed(table, public, events, clock=clock)
        message: dict[str, Any] = {"embed": embed}
        view = hand_button_view(table)
        if view is not None:
            message["view"] = view
        message["files"] = await attach(self.bot, table, None, public, embed)
        await outbox.send(
            self.bot.get_partial_messageable(int(thread)),
            content=clip(content, 2000) if content else None,
            **message,
        )
