"""``/settings`` (Manage Server) and ``/dm on|off``."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from tables.records import GuildSettings

from .. import display, i18n
from ..i18n import T

if TYPE_CHECKING:
    from ..app import TischrundeBot

LANGUAGE_CHOICES = [
    app_commands.Choice(name=T("German", "Deutsch"), value="de"),
    app_commands.Choice(name=T("English", "Englisch"), value="en"),
    app_commands.Choice(name=T("The server's locale", "Wie der Server"), value="server"),
]


ON_OFF = [
    app_commands.Choice(name=T("on", "an"), value="on"),
    app_commands.Choice(name=T("off", "aus"), value="off"),
]


def _on_off(on: bool, lang: str) -> str:
    return (display.ON if on else display.OFF).get(lang)


class AdminCommands(commands.Cog):
    """Server settings and the player's DM switch."""

    settings = app_commands.Group(
        name=T("settings", "einstellungen"),
        description=T("Tischrunde settings for this server", "Tischrunde-Einstellungen"),
        guild_only=True,
        # No default_permissions: "/settings me" is every member's. Each server-wide
        # subcommand checks Manage Server itself (``_require_manager``).
    )

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot

    async def _settings_reply(self, interaction: discord.Interaction, saved: GuildSettings) -> None:
        lang = await self.bot.language(interaction)
        channels = ", ".join(f"<#{c}>" for c in saved.channels) or i18n.EVERYWHERE.get(lang)
        role = f"<@&{saved.organiser_role}>" if saved.organiser_role else i18n.NONE.get(lang)
        language = saved.language or i18n.SERVER_LOCALE.get(lang)
        text = i18n.SETTINGS_SHOWN.format(language=language, channels=channels, role=role)
        limits = await self.bot.service.limits.of_guild(saved.guild_id)
        shown = i18n.limits_text(dataclasses.asdict(limits), lang)
        await self.bot.flows.reply(interaction, f"{text.get(lang)}\n{shown}")

    async def _current(self, interaction: discord.Interaction) -> GuildSettings:
        assert interaction.guild_id is not None
        return await self.bot.guild_settings(interaction.guild_id)

    @staticmethod
    def _require_manager(interaction: discord.Interaction) -> None:
        # The group is visible to every member (for "/settings me"): this check guards each
        # server-wide setting.
        if not interaction.permissions.manage_guild:
            raise app_commands.MissingPermissions(["manage_guild"])

    @settings.command(name=T("show", "zeigen"), description=T("Show settings", "Anzeigen"))
    async def show(self, interaction: discord.Interaction) -> None:
        """The server's settings."""
        self._require_manager(interaction)
        await self._settings_reply(interaction, await self._current(interaction))

    @settings.command(
        name=T("language", "sprache"),
        description=T("Default language of the server", "Standardsprache des Servers"),
    )
    @app_commands.describe(language=T("Language", "Sprache"))
    @app_commands.rename(language=T("language", "sprache"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """Set the language of public messages and of members whose locale is neither."""
        self._require_manager(interaction)
        current = await self._current(interaction)
        saved = dataclasses.replace(current, language=None if language == "server" else language)
        await self.bot.save_guild_settings(saved)
        await self._settings_reply(interaction, saved)

    @settings.command(
        name=T("channel", "kanal"),
        description=T("Allow or forbid tables in a channel", "Tische in einem Kanal erlauben"),
    )
    @app_commands.describe(
        channel=T("The channel", "Der Kanal"),
        allowed=T("May tables be opened there?", "Dürfen dort Tische eröffnet werden?"),
    )
    @app_commands.rename(channel=T("channel", "kanal"), allowed=T("allowed", "erlaubt"))
    async def channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel, allowed: bool
    ) -> None:
        """Tables may be opened in the listed channels only (everywhere while none is listed)."""
        self._require_manager(interaction)
        current = await self._current(interaction)
        channels = set(current.channels)
        (channels.add if allowed else channels.discard)(str(channel.id))
        saved = dataclasses.replace(current, channels=sorted(channels))
        await self.bot.save_guild_settings(saved)
        await self._settings_reply(interaction, saved)

    @settings.command(
        name=T("organiser", "turnierleitung"),
        description=T("The role that may organise tournaments", "Rolle für Turniere"),
    )
    @app_commands.describe(role=T("The role (empty: none)", "Die Rolle (leer: keine)"))
    @app_commands.rename(role=T("role", "rolle"))
    async def organiser(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        """Set or clear the organiser role."""
        self._require_manager(interaction)
        current = await self._current(interaction)
        saved = dataclasses.replace(current, organiser_role=str(role.id) if role else None)
        await self.bot.save_guild_settings(saved)
        await self._settings_reply(interaction, saved)

    @settings.command(
        name=T("vacation", "urlaub"),
        description=T(
            "Vacation days a member may take within 30 days",
            "Urlaubstage pro 30 Tage für Mitglieder",
        ),
    )
    @app_commands.describe(days=T("Days (0 to 31; default 14)", "Tage (0 bis 31; Standard 14)"))
    @app_commands.rename(days=T("days", "tage"))
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 31]
    ) -> None:
        """Set the server's vacation allowance (the strictest server of a player applies)."""
        self._require_manager(interaction)
        lang = await self.bot.language(interaction)
        assert interaction.guild_id is not None
        await self.bot.service.members.set_vacation_allowance(str(interaction.guild_id), days)
        await self.bot.flows.reply(
            interaction, i18n.VACATION_ALLOWANCE_SET.format(days=days).get(lang)
        )

    @settings.command(
        name=T("limits", "grenzen"),
        description=T("Limits per member and per server", "Grenzen pro Mitglied und pro Server"),
    )
    @app_commands.describe(
        open_lobbies=T("Open lobbies per member (default 3)", "Offene Lobbys pro Mitglied"),
        tables=T("Tables per member (default 20)", "Tische pro Mitglied (Standard 20)"),
        tournaments=T("Tournaments at once (default 5)", "Turniere gleichzeitig (Standard 5)"),
        engines=T("Engine players per tournament (default 16)", "Computer pro Turnier"),
        lobby_days=T(
            "Days until an unstarted lobby closes (default 7)",
            "Tage bis eine Lobby schließt (Standard 7)",
        ),
    )
    @app_commands.rename(
        open_lobbies=T("open_lobbies", "offene_lobbys"),
        tables=T("tables", "tische"),
        tournaments=T("tournaments", "turniere"),
        engines=T("engines", "computer"),
        lobby_days=T("lobby_days", "lobby_tage"),
    )
    async def limits(
        self,
        interaction: discord.Interaction,
        open_lobbies: int | None = None,
        tables: int | None = None,
        tournaments: int | None = None,
        engines: int | None = None,
        lobby_days: int | None = None,
    ) -> None:
        """Set the server's limits (each within the operator's cap); the rest stay."""
        self._require_manager(interaction)
        assert interaction.guild_id is not None
        # Bounds are checked by the table service (the operator's caps come from there), so a
        # value out of range is refused with the range, privately, and nothing is stored.
        await self.bot.service.limits.set(
            str(interaction.guild_id),
            open_lobbies=open_lobbies,
            running_tables=tables,
            tournaments=tournaments,
            engine_entries=engines,
            lobby_days=lobby_days,
        )
        await self._settings_reply(interaction, await self._current(interaction))

    @settings.command(
        name=T("me", "ich"),
        description=T("Your own display settings", "Deine eigenen Anzeige-Einstellungen"),
    )
    @app_commands.describe(
        pictures=T("Pictures in your hands and DMs", "Bilder in deinem Blatt und deinen DMs"),
        confirm=T(
            "Ask before a costly move (all-in, ending a turn with cards left)",
            "Nachfragen vor einem teuren Zug (alles setzen, Zug mit Karten beenden)",
        ),
    )
    @app_commands.rename(pictures=T("pictures", "bilder"), confirm=T("confirm", "nachfrage"))
    @app_commands.choices(pictures=ON_OFF, confirm=ON_OFF)
    async def me(
        self,
        interaction: discord.Interaction,
        pictures: str | None = None,
        confirm: str | None = None,
    ) -> None:
        """A member's own choices: text-only answers, and the second look before costly moves."""
        lang = await self.bot.language(interaction)
        current = await self.bot.preferences(str(interaction.user.id))
        saved = dataclasses.replace(
            current,
            pictures_off=current.pictures_off if pictures is None else pictures == "off",
            confirm_off=current.confirm_off if confirm is None else confirm == "off",
        )
        if saved != current:
            await self.bot.save_preferences(saved)
        text = display.ME_SHOWN.format(
            pictures=_on_off(not saved.pictures_off, lang),
            confirm=_on_off(not saved.confirm_off, lang),
        )
        await self.bot.flows.reply(interaction, text.get(lang))

    @settings.command(
        name=T("server", "server"),
        description=T("How this server's tables are shown", "Wie die Tische des Servers aussehen"),
    )
    @app_commands.describe(
        pictures=T("Pictures of the tables", "Bilder der Tische"),
    )
    @app_commands.rename(pictures=T("pictures", "bilder"))
    @app_commands.choices(pictures=ON_OFF)
    async def server(self, interaction: discord.Interaction, pictures: str | None = None) -> None:
        """Pictures on or off for every table of the server (thread, hands and DMs)."""
        self._require_manager(interaction)
        lang = await self.bot.language(interaction)
        current = await self._current(interaction)
        saved = current
        if pictures is not None:
            saved = dataclasses.replace(current, pictures_off=pictures == "off")
            await self.bot.save_guild_settings(saved)
        text = display.SERVER_SHOWN.format(pictures=_on_off(not saved.pictures_off, lang))
        await self.bot.flows.reply(interaction, text.get(lang))

    @app_commands.command(
        name=T("dm", "dm"),
        description=T("Direct messages on your move", "Direktnachrichten bei deinem Zug"),
    )
    @app_commands.describe(state=T("on or off", "an oder aus"))
    @app_commands.rename(state=T("state", "zustand"))
    @app_commands.choices(
        state=[
            app_commands.Choice(name=T("on", "an"), value="on"),
            app_commands.Choice(name=T("off", "aus"), value="off"),
        ]
    )
    async def dm(self, interaction: discord.Interaction, state: str) -> None:
        """Turn DMs on (which also retries a user who refused them before) or off."""
        lang = await self.bot.language(interaction)
        user_id = str(interaction.user.id)
        current = await self.bot.preferences(user_id)
        on = state == "on"
        await self.bot.save_preferences(
            dataclasses.replace(current, dms_off=not on, dms_refused=False)
        )
        await self.bot.flows.reply(interaction, (i18n.DMS_ON if on else i18n.DMS_OFF).get(lang))


async def setup(bot: Any) -> None:
    """Load the extension."""
    await bot.add_cog(AdminCommands(bot))
