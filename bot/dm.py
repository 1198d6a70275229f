"""Direct messages: a notification when a decision falls to a player, never the only way.

DM channels are cached per user (opening many quickly gets a bot limited). A user whose DMs
Discord refuses (error 50007) is remembered in storage and never tried again, since every such
403 counts toward the invalid-request budget; ``/dm on`` clears the mark. ``/dm off`` stops them.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

import discord

from tables.service import Table

from . import i18n, outbox
from .images import attach
from .render import hand_embed, hand_view, thread_link

if TYPE_CHECKING:
    from .app import TischrundeBot

log = logging.getLogger(__name__)

DMS_REFUSED = 50007


class DirectMessages:
    """Sends DMs for the bot, remembering DM channels and who refuses them."""

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot
        self._channels: dict[str, int] = {}
        self.sent = 0
        """DMs delivered (for the tests and the figures)."""

    async def _channel(self, user_id: str) -> discord.PartialMessageable:
        channel_id = self._channels.get(user_id)
        if channel_id is None:
            data = await self.bot.http.start_private_message(int(user_id))
            channel_id = self._channels[user_id] = int(data["id"])
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def send(self, user_id: str, **message: object) -> bool:
        """Send a DM unless the user turned them off or refuses them; True if delivered."""
        preferences = await self.bot.preferences(user_id)
        if preferences.dms_off or preferences.dms_refused:
            return False
        try:
            channel = await self._channel(user_id)
            await outbox.send(channel, **message)
        except discord.Forbidden as error:
            if error.code == DMS_REFUSED:
                await self.bot.save_preferences(dataclasses.replace(preferences, dms_refused=True))
            else:
                log.warning("DM to %s refused: %s", user_id, error)
            return False
        except discord.HTTPException as error:
            # A DM is a notification; the "My hand" button in the thread still works.
            log.warning("DM to %s failed: %s", user_id, error)
            return False
        self.sent += 1
        return True

    async def language(self, user_id: str, table: Table) -> str:
        """The language a DM to ``user_id`` is written in (theirs if known, else the table's)."""
        preferences = await self.bot.preferences(user_id)
        return preferences.language or table.settings.lang

    async def welcome(self, table: Table, user_id: str) -> bool:
        """Try a first DM at join: it tells the player what to expect and finds refusals early."""
        lang = await self.language(user_id, table)
        text = i18n.DM_WELCOME.format(id=table.id, game=table.game.name.get(lang)).get(lang)
        return await self.send(user_id, content=text)

    async def notify_turn(self, table: Table, seat: int) -> bool:
        """DM the seat's player their hand, the table in short, the thread and the actions."""
        user_id = table.seats[seat].user_id
        if user_id is None:
            return False
        preferences = await self.bot.preferences(user_id)
        if preferences.dms_off or preferences.dms_refused:
            return False  # before drawing a picture nobody would receive
        lang = await self.language(user_id, table)
        link = thread_link(table) or "-"
        content = i18n.DM_TURN.format(id=table.id, game=table.game.name.get(lang), link=link)
        view, _pages = hand_view(table, seat, lang)
        embed = hand_embed(table, seat, lang, with_public=True)
        return await self.send(
            user_id,
            content=content.get(lang),
            embed=embed,
            view=view,
            files=await attach(self.bot, table, seat, lang, embed),
        )
