"""Running the Discord bot from the settings: ``python -m bot`` and ``tischrunde bot`` both
come here (the command line imports the bot; the bot never imports the command line).
"""

from __future__ import annotations

import logging
import sys

import aiohttp
import discord

from settings import SettingsProblem, load_settings

from .app import make_bot

NO_TOKEN = (
    "setting DISCORD_TOKEN is missing: create a bot at https://discord.com/developers/applications "
    "and put its token in .env as DISCORD_TOKEN=... (see README)"
)


def run(shards: str | None = None, shard_count: int | None = None) -> int:
    """Run the Discord bot until it is stopped; a missing token stops it with one line. A
    shard range from the command line replaces the one in the environment.
    """
    given = {"shards": shards, "shard_count": shard_count}
    settings = load_settings(**{key: value for key, value in given.items() if value is not None})
    if settings.discord_token is None:
        raise SettingsProblem(NO_TOKEN)
    # discord.py's handler logs to stderr; the token is never part of what it logs.
    discord_bot = make_bot(settings)
    try:
        discord_bot.run(
            settings.discord_token.get_secret_value(),
            log_level=getattr(logging, settings.log_level),
            root_logger=True,
        )
    except discord.LoginFailure:
        raise SettingsProblem("setting DISCORD_TOKEN is invalid: Discord refused it") from None
    except aiohttp.ClientConnectionError as error:
        print(f"cannot reach Discord: {error}", file=sys.stderr)
        return 1
    return 0


def main() -> int:
    """``python -m bot``: a settings problem is one line on stderr and exit code 2."""
    try:
        return run()
    except SettingsProblem as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
