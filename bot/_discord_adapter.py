"""The one place the bot reaches into discord.py's private API.

The game choices of ``/table open``, ``/rules`` and the tournament commands come from the game
registry when a feature loads, so a game that lands needs no bot code (and a test game registered
before the bot starts shows up too). discord.py offers choices only through the
``@app_commands.choices`` decorator, fixed when the module is imported; setting them later needs
``Command._params``, the parameters the command syncs. ``tests/bot/test_private_apis.py`` fails,
naming this pin, when a discord.py release changes it.
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

from discord import app_commands
from discord.app_commands.transformers import CommandParameter

PINNED = "2.7.1"


def missing() -> list[str]:
    """The private names this adapter relies on that the installed discord.py lacks."""

    async def probe(interaction: Any, game: str) -> None:
        """Probe."""

    command: app_commands.Command[Any, ..., Any] = app_commands.Command(
        name="probe", description="probe", callback=probe
    )
    params = getattr(command, "_params", None)
    if not isinstance(params, dict) or not isinstance(params.get("game"), CommandParameter):
        return ["Command._params (a dict of CommandParameter by parameter name)"]
    if "choices" not in CommandParameter.__dataclass_fields__:
        return ["CommandParameter.choices"]
    return []


def installed() -> str:
    """The installed discord.py version."""
    return version("discord.py")


def set_choices(
    command: app_commands.Command[Any, Any, Any], parameter: str, choices: list[app_commands.Choice]
) -> None:
    """Give ``command``'s ``parameter`` these ``choices`` (before the command tree syncs)."""
    command._params[parameter].choices = choices
