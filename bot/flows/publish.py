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

EDIT_LIMITED = 30046
"""Discord's error for an edit of a message too old to be edited now."""
THREAD_ALREADY_STARTED = 160004
"""Discord's error for a second thread started from one message (the first keeps its id)."""


class PublishFlows(StatusFlows):
    """What goes to a table's thread and to the players' DMs after a stored change."""

    async def thread_of(self, table: Table) -> str | None:
        """The table's thread, opened now if Discord refused it before (a table opened from
        Discord has a channel to open it in); None if there is none and none can be opened.
        """
        if not table.place.thread and table.place.channel:
            return await self.open_thread(table)
        return table.place.thread

    async def open_thread(self, table: Table, name: str | None = None) -> str | None:
        """Open the table's thread (off its lobby message if it has one); its id, or None if
        Discord refused (the game is stored and playable from DMs and /table hand).
        """
        public = public_language(table)
        place = table.place
        assert place.channel is not None  # a table opened from Discord has its channel
        channel = self.bot.get_partial_messageable(int(place.channel))
        if name is None:
            game = table.game.name.get(public)
            name = i18n.THREAD_NAME.format(id=table.id, game=game).get(public)
        try:
            lobby_id = table.place.lobby
            if lobby_id:
                # The thread hangs off the lobby message, so the channel shows where it went.
                try:
                    started = await self.bot.http.start_thread_with_message(
                        channel.id, int(lobby_id), name=name[:100], auto_archive_duration=10080
                    )
                    thread_id = str(started["id"])
                except discord.HTTPException as error:
                    if error.code != THREAD_ALREADY_STARTED:
                        raise
                    # Opened before, and its id never stored (the process died in between):
                    # a thread started from a message has the message's id.
                    thread_id = str(lobby_id)
            else:
                started = await self.bot.http.start_thread_without_message(
                    channel.id,
                    name=name[:100],
                    auto_archive_duration=10080,
                    type=discord.ChannelType.public_thread.value,
                )
                thread_id = str(started["id"])
            await self.service.set_place(table, thread=thread_id)
        except discord.HTTPException as error:
            log.warning("could not open a thread for table %s: %s", table.id, error)
            return None
        return thread_id

    async def publish(
        self,
        table: Table,
        events: list[Event],
        *,
        actor: str | None = None,
        skip: set[str] | None = None,
        note: str | None = None,
        notify: bool = True,
        edit: int | None = None,
    ) -> int | None:
        """Post the public state in the thread and DM whoever must decide now.

        The acting player already holds the fresh hand in their answer, so they get no DM.
        Players who cannot be reached by DM are mentioned in the thread with a hint. ``note``
        heads the message (a timeout, a summary after an outage). ``skip`` (and ``actor``) get
        no DM; ``notify=False`` sends none (the table has moved on since what this post shows).
        ``edit``: the turn's message to show it in (``bot.calm``) instead of a new message,
        unless the post must ping someone (an edit pings nobody) or Discord refuses the edit.
        Returns the message's id (None without a thread, or when a resumed delivery found the
        message already sent).
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
        thread = table.place.thread
        if not thread:
            return None
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
        channel = self.bot.get_partial_messageable(int(thread))
        if edit is not None and not content:
            message.setdefault("view", None)  # a finished table's message loses its buttons
            try:
                await outbox.edit(channel, edit, **message)
                return edit
            except discord.HTTPException as error:
                # Gone (deleted) or too old to edit: the turn goes on in a new message. Any
                # other failure is the relay's to retry, so a turn never splits by accident.
                if not isinstance(error, discord.NotFound) and error.code != EDIT_LIMITED:
                    raise
                log.warning("could not edit turn message %s of table %s: %s", edit, table.id, error)
                message["files"] = await attach(self.bot, table, None, public, embed)
        sent = await outbox.send(
            channel, content=clip(content, 2000) if content else None, **message
        )
        return sent.id if sent is not None else None
