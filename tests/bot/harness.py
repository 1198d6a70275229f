"""A simulated server for the bot tests: simcord drives the real discord.py code offline."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import simcord
from simcord import MemberActor

from bot.app import TischrundeBot
from settings import load_settings
from storage.sqlite import SqliteRepository
from tests.bot import _simcord_adapter

HAND = "My hand / Mein Blatt"

# Member ids restart with every simcord environment, so a locale left by an earlier test would
# reach a member of the next one who has the same id; ``server`` empties this at its start.
_locales: dict[int, str] = {}


def _with_locale(original: Any) -> Any:
    def payload_with_locale(backend: Any, **kwargs: Any) -> Any:
        # simcord sends every interaction as en-US; real clients send their own locale.
        record, payload = original(backend, **kwargs)
        locale = _locales.get(kwargs["user_id"])
        if locale:
            payload["locale"] = locale
        return record, payload

    return payload_with_locale


_simcord_adapter.wrap_interaction_payload(_with_locale)


def components(message: Any) -> list[dict[str, Any]]:
    """Every component of a message as its payload dict (rows flattened)."""
    found = []
    for row in message.components:
        row = row if isinstance(row, dict) else row.to_dict()
        found.extend(row.get("components", [row]))
    return found


def custom_ids(message: Any) -> list[str]:
    """The custom_ids of a message's components, in order."""
    return [c["custom_id"] for c in components(message) if c.get("custom_id")]


def message_text(message: Any) -> str:
    """Everything a person reads in a message: content, embeds and component labels."""
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict() if hasattr(embed, "to_dict") else embed
        parts.append(repr(data))
    for component in components(message):
        parts.append(repr(component))
    return "\n".join(parts)


@dataclass
class Server:
    """The simulated server, its members and the bot."""

    env: simcord.Env
    bot: TischrundeBot
    db_path: str
    guild: Any
    channel: Any
    members: dict[str, MemberActor] = field(default_factory=dict)

    def add(self, name: str, locale: str = "en-US") -> MemberActor:
        actor = self.guild.add_member(self.env.create_user(name))
        _locales[actor.id] = locale
        self.members[name] = actor
        return actor

    async def open(self, host: MemberActor, game: str, options: str | None = None) -> int:
        result = (
            await host.slash(self.channel, "table open", game=game, options=options)
            if options
            else await host.slash(self.channel, "table open", game=game)
        )
        assert result.response is not None, result
        tables = await self.bot.service.tables_of_user(str(host.id))
        return tables[0].id

    def lobby(self, table_id: int) -> Any:
        for message in reversed(self.channel.history()):
            if any(cid == f"tr:j:{table_id}" for cid in custom_ids(message)):
                return message
        raise AssertionError("no lobby message")

    async def thread(self, table_id: int) -> Any:
        table = await self.bot.service.get(table_id)
        thread_id = int(table.record.place["thread"])
        return next(t for t in self.channel.threads if t.id == thread_id)

    async def latest_turn(self, table_id: int) -> Any:
        """The thread's newest public message (read from the end: threads grow long)."""
        table = await self.bot.service.get(table_id)
        stored = self.env.backend.messages.get(int(table.record.place["thread"]), {})
        for message in reversed(stored.values()):
            if message.visible_to(None):
                return simcord.ResponseMessage(self.env, message)
        return None

    def dms(self, actor: MemberActor) -> list[Any]:
        try:
            return list(actor.user.dm_channel.history())
        except (simcord.SetupError, simcord.BackendError, KeyError):
            return []


async def make_bot(db_path: str, **settings: Any) -> TischrundeBot:
    # The repository is opened here, outside the bot: simcord waits for every task the bot owns
    # to settle, and each test closes the repository itself after the bot.
    repository = SqliteRepository(db_path, synchronous="NORMAL")
    await repository.open()
    # Pictures cost a few milliseconds each and whole games post hundreds of messages; the
    # picture tests (tests/bot/test_pictures.py) turn them on.
    settings.setdefault("pictures", False)
    return TischrundeBot(
        load_settings(_env_file=None, database_path=db_path, default_language="en", **settings),
        repository=repository,
    )


@contextlib.asynccontextmanager
async def server(tmp_path: Any, **settings: Any) -> AsyncIterator[Server]:
    db_path = str(tmp_path / "bot.sqlite3")
    _locales.clear()
    bot = await make_bot(db_path, **settings)
    srv = None
    errors = _ErrorRecords()
    logging.getLogger("bot").addHandler(errors)
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild("Spielerunde")
            channel = guild.create_text_channel("spiele")
            srv = Server(env, bot, db_path, guild, channel)
            yield srv
    finally:
        logging.getLogger("bot").removeHandler(errors)
        repository = (srv.bot if srv else bot).repository
        assert repository is not None, "the harness gives every bot a repository"
        await repository.close()
    # The bot answers unexpected errors with an apology; a test must not pass over one.
    assert not errors.records, [record.getMessage() for record in errors.records]


class _ErrorRecords(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def restart(srv: Server) -> None:
    """A new bot process on the same database: the old one's memory and storage are gone."""
    assert srv.bot.repository is not None, "the harness gives every bot a repository"
    await srv.bot.repository.close()
    srv.bot = await make_bot(srv.db_path)
    await srv.env.restart_bot(srv.bot)


async def post_button(srv: Server, channel_id: int, cid: str, label: str = "?") -> Any:
    """A message carrying one button with ``cid`` (a crafted, stale or damaged button)."""
    import discord

    from bot.components import TableComponent

    view = discord.ui.View(timeout=None)
    view.add_item(TableComponent(discord.ui.Button(label=label, custom_id=cid)))
    await srv.bot.get_partial_messageable(channel_id).send("crafted", view=view)
    channel = next(c for c in [srv.channel, *srv.channel.threads] if c.id == channel_id)
    return channel.last_message


def answer(result: Any) -> str:
    """The private text of an interaction's answer (response or first follow-up)."""
    messages = [m for m in [result.response, *result.followups] if m is not None]
    assert messages, result
    assert all(m.ephemeral for m in messages), "a refusal must be private"
    return "\n".join(message_text(m) for m in messages)


def handover_request(srv: Server, actor: MemberActor) -> Any:
    """The newest hand-over request naming ``actor`` (the message with Accept/Decline): it is
    posted in the table's thread, never by DM."""
    for thread in srv.channel.threads:
        for message in reversed(thread.history()):
            mine = (message.content or "").startswith(f"<@{actor.id}> ")
            if mine and any(cid.startswith("tr:ho:") for cid in custom_ids(message)):
                return message
    raise AssertionError(f"no hand-over request names {actor.name}")


async def answer_request(srv: Server, actor: MemberActor, *, accept: bool) -> Any:
    """``actor`` clicks Accept (or Decline) under their newest request, in the thread."""
    message = handover_request(srv, actor)
    wanted = ":y" if accept else ":n"
    cid = next(c for c in custom_ids(message) if c.startswith("tr:ho:") and c.endswith(wanted))
    return await actor.click(message, custom_id=cid)
