"""What every table flow shares: who a member is, the table's public language, the options a
host typed, the private answer, and recording where a table lives on Discord.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import discord

from tables.service import Member, Table, TableError, TableService

from .. import i18n

if TYPE_CHECKING:
    from ..app import TischrundeBot


def member_of(interaction: discord.Interaction) -> Member:
    """The person behind an interaction, as the table service knows people."""
    return as_member(interaction.user)


def as_member(user: discord.abc.User) -> Member:
    """A Discord user as the table service knows people. The name is stored and later shown in
    posts that may ping the players they concern, so a name that spells a mention
    ("<@id>", "@everyone") is defused here, once, and pings nobody wherever it appears.
    """
    return Member(str(user.id), discord.utils.escape_mentions(user.display_name))


def public_language(table: Table) -> str:
    """The language of the table's public messages (the server's when it was opened)."""
    return str(table.record.settings.get("lang", "en"))


def parse_options(text: str | None) -> dict[str, Any]:
    """``"hand=3 name=x"`` as a dict; values that read as JSON (numbers, true) are converted.

    The game's options model validates the result; this only splits the text.
    """
    options: dict[str, Any] = {}
    for part in (text or "").split():
        key, sep, raw = part.partition("=")
        if not sep or not key or not raw:
            raise TableError(i18n.BAD_OPTIONS_SYNTAX.format(text=part[:50]))
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


class FlowsBase:
    """The bot and its table service, and the answers every concern's flows give."""

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        """The table service (created in the bot's setup_hook)."""
        return self.bot.service

    async def reply(
        self,
        interaction: discord.Interaction,
        content: str | None = None,
        **message: Any,
    ) -> None:
        """A private answer: the interaction's response, or a follow-up if it was answered."""
        if interaction.response.is_done():
            # discord.py sends no text for None, though its signature names only str.
            await interaction.followup.send(content, ephemeral=True, **message)  # type: ignore[arg-type]
        else:
            await interaction.response.send_message(content, ephemeral=True, **message)
