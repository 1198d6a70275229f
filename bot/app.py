"""The bot: a ``commands.Bot`` that owns the repository, the table service and the flows.

``setup_hook`` opens storage, creates the services (tables with their scheduler, ratings,
tournaments), loads the command extensions by feature, registers the persistent components,
catches up with what a restart cut off, and syncs the commands (to the development guild when
one is set, which is instant; globally otherwise).

Several processes (``--shards 0-3 --shard-count 8``): ``make_bot`` builds a
``ShardedTischrundeBot``, an ``AutoShardedBot`` with that range. Every process shares the
database and trusts nothing another holds in memory: the table service runs ``shared`` (see
``TableService``), deadlines and posts are claimed under leases, preferences and server
settings are cached for ``CACHE_SECONDS`` only. Discord sends DM events to shard 0 alone; the
process without it also drops any DM interaction it might get (``handles_dms``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from settings import Settings
from tables.history import HistoryService
from tables.records import GuildSettings, Repository, UserPreferences, close_storage, open_storage
from tables.service import Table, TableError, TableService
from tables.startup import start_up
from tables.tournaments.ratings import RatingService
from tables.tournaments.service import TournamentService

from . import i18n
from .clocks import ClockDriver
from .components import TableComponent
from .dm import DirectMessages
from .features.history import ReplayButton
from .flows import TableFlows
from .handover import HandoverFlows
from .outbox import Relay

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.features.tables",
    "bot.features.info",
    "bot.features.admin",
    "bot.features.tournaments",
    "bot.features.clocks",
    "bot.features.profile",
)


CACHE_SECONDS = 30.0
"""How long a person's preferences or a server's settings are reused from memory: another
process may have changed them (with one process a change here refreshes the cache at once)."""


def handles_dms(shard_ids: list[int] | None) -> bool:
    """Whether a process running ``shard_ids`` (None: every shard) handles DMs: Discord sends
    DM events, interactions included, to shard 0 only.
    """
    return shard_ids is None or 0 in shard_ids


def discord_clock() -> float:
    """Epoch seconds from discord.py's clock (simcord's virtual time in the bot tests)."""
    return discord.utils.utcnow().timestamp()


def intents() -> discord.Intents:
    """Only unprivileged intents: slash commands and components need no message content."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


class TischrundeBot(commands.Bot):
    """Tischrunde on Discord."""

    def __init__(
        self, settings: Settings, *, repository: Repository | None = None, **options: Any
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.settings = settings
        self.repository = repository
        self.service: TableService
        self.ratings: RatingService
        self.tournaments: TournamentService
        self.history: HistoryService
        self.flows = TableFlows(self)
        self.handovers = HandoverFlows(self)
        self.dms = DirectMessages(self)
        self.clocks = ClockDriver(self)
        self.outbox = Relay(self)
        self._preferences: dict[str, tuple[float, UserPreferences]] = {}
        self._guild_settings: dict[str, tuple[float, GuildSettings]] = {}
        self.owns_dms = handles_dms(settings.shard_ids())
        self._owns_repository = repository is None
        self._background: set[asyncio.Task[object]] = set()

    async def setup_hook(self) -> None:
        """Open storage, build the service, load features, register components, sync."""
        if self.repository is None:
            self.repository = await open_storage(self.settings.database())
        self.service = TableService(
            self.repository,
            clock=discord_clock,
            limit_caps=self.settings.limit_caps(),
            shared=self.shared_database,
        )
        if not self.owns_dms:
            self._drop_dm_interactions()
        # Built here, next to the scheduler, not in a cog: their deadline handlers must be
        # registered before the start-up catch-up runs, and results must reach them whichever
        # extensions are loaded.
        self.ratings = RatingService(self.repository)
        self.tournaments = TournamentService(self.repository, self.service)
        self.history = HistoryService(self.repository, self.service)
        self.ratings.attach(self.service)
        # A tournament may pair and open its next round when a table ends or is cancelled:
        # seconds in a big field. That runs after the move's (or the cancel's) answer, not
        # before it, or Discord drops the interaction after 3 seconds. A crash before it runs
        # loses nothing: ``tournaments.resume`` records unheard results at start-up.
        self.service.finished_listeners.append(
            self._after_answer(self.tournaments.on_table_finished)
        )
        self.service.cancelled_listeners.append(
            self._after_answer(self.tournaments.on_table_cancelled)
        )
        await self.tree.set_translator(i18n.GermanTranslator())
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(TableComponent, ReplayButton)
        # After the extensions (the tournament cog renders what resuming posts) and before the
        # clocks' catch-up (which then finds the tournaments as they are and every missing
        # round deadline stored). What it stores to post waits in the outbox for the relay.
        try:
            await start_up(self.service, self.tournaments)
        except Exception:
            log.exception("resuming tournaments failed")
        # After the components, so the catch-up's messages carry working buttons; the relay
        # first delivers what an earlier run stored but did not send.
        await self.outbox.start()
        self.clocks.start()
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def _after_answer(
        self, listener: Callable[[Table], Coroutine[Any, Any, object]]
    ) -> Callable[[Table], Awaitable[None]]:
        """``listener`` run as a task of its own, so the caller goes on to answer."""

        async def start(table: Table) -> None:
            task = asyncio.create_task(listener(table), name=f"tischrunde-table-{table.id}")
            self._background.add(task)
            task.add_done_callback(self._background_done)

        return start

    def _background_done(self, task: asyncio.Task[object]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s failed", task.get_name(), exc_info=task.exception())

    async def close(self) -> None:
        """Stop the clocks, let tournament work started by a last move finish, close the
        gateway, then storage (if the bot opened it).
        """
        await self.clocks.close()
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
        await self.outbox.close()
        await super().close()
        if self.repository is not None and hasattr(self, "service"):
            try:
                # A clean stop hands what this process claimed to the others at once.
                await self.service.outbox.release_leases(self.service.scheduler.owner)
            except Exception:
                log.warning("could not release this process's leases", exc_info=True)
        if self._owns_repository and self.repository is not None:
            await close_storage(self.repository)

    @property
    def shared_database(self) -> bool:
        """Whether other processes may write to this bot's database (a shard range is set)."""
        return self.settings.shard_ids() is not None

    def _drop_dm_interactions(self) -> None:
        """Ignore DM interactions: the process with shard 0 answers them (``handles_dms``)."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def guild_only(data: Any) -> None:
            if data.get("guild_id") is None:
                log.debug("DM interaction %s left to the process with shard 0", data.get("id"))
                return
            parse(data)

        parsers["INTERACTION_CREATE"] = guild_only

    # ----- languages and preferences ---------------------------------------------------------

    async def guild_settings(self, guild_id: int | str) -> GuildSettings:
        """The server's settings (cached for ``CACHE_SECONDS``; ``save_guild_settings``
        refreshes the cache).
        """
        key = str(guild_id)
        now = discord_clock()
        cached = self._guild_settings.get(key)
        if cached is None or now - cached[0] >= CACHE_SECONDS:
            cached = self._guild_settings[key] = (
                now,
                await self.service.members.guild_settings(key),
            )
        return cached[1]

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Store the server's settings."""
        await self.service.members.save_guild_settings(settings)
        self._guild_settings[settings.guild_id] = (discord_clock(), settings)

    async def preferences(self, user_id: str) -> UserPreferences:
        """A person's preferences (cached for ``CACHE_SECONDS``)."""
        now = discord_clock()
        cached = self._preferences.get(user_id)
        if cached is None or now - cached[0] >= CACHE_SECONDS:
            cached = self._preferences[user_id] = (
                now,
                await self.service.members.preferences(user_id),
            )
        return cached[1]

    async def save_preferences(self, preferences: UserPreferences) -> None:
        """Store a person's preferences."""
        await self.service.members.save_preferences(preferences)
        self._preferences[preferences.user_id] = (discord_clock(), preferences)

    async def server_language(self, interaction: discord.Interaction) -> str:
        """The server's default: its setting, else the server's own locale, else the operator's."""
        if interaction.guild_id is not None:
            settings = await self.guild_settings(interaction.guild_id)
            if settings.language:
                return settings.language
            guild_lang = i18n.locale_language(interaction.guild_locale)
            if guild_lang:
                return guild_lang
        return self.settings.default_language

    async def language(self, interaction: discord.Interaction) -> str:
        """The language to answer in: the member's own, else the server's. A read: nothing
        is stored (``remember_language`` does that where a member takes a seat or moves).
        """
        own = i18n.locale_language(interaction.locale)
        if own is None:
            return await self.server_language(interaction)
        return own

    async def remember_language(self, interaction: discord.Interaction) -> str:
        """``language``, and the member's own stored (when it changed) so that their DMs are
        written in it too. For the flows that change something anyway: opening or joining a
        table, taking over a seat, a move, joining a tournament.
        """
        own = i18n.locale_language(interaction.locale)
        if own is None:
            return await self.server_language(interaction)
        user_id = str(interaction.user.id)
        preferences = await self.preferences(user_id)
        if preferences.language != own:
            await self.save_preferences(dataclasses.replace(preferences, language=own))
        return own

    async def may_organise(self, interaction: discord.Interaction) -> bool:
        """Whether the member organises tournaments here: Manage Server, or the server's
        organiser role (``/settings organiser``).
        """
        if interaction.guild_id is None:
            return False
        if interaction.permissions.manage_guild:
            return True
        settings = await self.guild_settings(interaction.guild_id)
        roles = getattr(interaction.user, "roles", [])
        return bool(settings.organiser_role) and any(
            str(role.id) == settings.organiser_role for role in roles
        )

    # ----- the one error handler -------------------------------------------------------------

    async def guarded(
        self, interaction: discord.Interaction, work: Coroutine[Any, Any, Any]
    ) -> None:
        """Run a component's work; any error becomes a private answer (components bypass the
        command tree's error handler).
        """
        try:
            await work
        except Exception as error:  # noqa: BLE001 - every failure must reach the user privately
            await self.handle_error(interaction, error)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """The command tree's errors go to the same handler as the components'."""
        original = getattr(error, "original", error)
        await self.handle_error(interaction, original)

    async def handle_error(self, interaction: discord.Interaction, error: BaseException) -> None:
        """Answer privately: the service's reason, a permission notice, or a generic apology."""
        try:
            lang = await self.language(interaction)
        except Exception:  # noqa: BLE001 - storage may be the problem; answer anyway
            lang = self.settings.default_language
        if isinstance(error, TableError):
            text = error.reason.get(lang)
        elif isinstance(error, app_commands.CheckFailure):
            text = i18n.NO_PERMISSION.get(lang)
        elif (
            isinstance(error, app_commands.TransformerError)
            and error.type == discord.AppCommandOptionType.user
        ):
            # A member option given a user who is not on the server (an id pasted by hand):
            # Discord then resolves a user without the member, which discord.py cannot convert.
            name = discord.utils.escape_markdown(getattr(error.value, "display_name", "?"))
            text = i18n.NOT_A_MEMBER_HERE.format(name=name).get(lang)
        else:
            log.error("interaction failed", exc_info=error)
            text = i18n.INTERNAL_ERROR.get(lang)
        try:
            await self.flows.reply(interaction, text)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id)


class ShardedTischrundeBot(TischrundeBot, commands.AutoShardedBot):
    """Tischrunde on a range of shards (``shard_ids`` of ``shard_count``), one of several
    processes sharing one database.
    """


def make_bot(settings: Settings, **options: Any) -> TischrundeBot:
    """The bot the settings ask for: one process with every shard, or a shard range."""
    shard_ids = settings.shard_ids()
    if shard_ids is None:
        return TischrundeBot(settings, **options)
    return ShardedTischrundeBot(
        settings, shard_ids=shard_ids, shard_count=settings.shard_count, **options
    )
