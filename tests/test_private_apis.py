"""The private library APIs Tischrunde uses live in one adapter per library; each adapter names
the release it was written for. These tests fail, naming that release and what changed, when an
upgrade (a new pin in pyproject.toml and `make lock`) moves or removes one of them.
"""

from __future__ import annotations

from typing import Any

import pytest
from discord import app_commands

from bot import _discord_adapter
from tests.bot import _simcord_adapter

ADAPTERS = {
    "discord.py": (_discord_adapter, "bot/_discord_adapter.py"),
    "simcord": (_simcord_adapter, "tests/bot/_simcord_adapter.py"),
}


@pytest.mark.parametrize("library", sorted(ADAPTERS))
def test_the_installed_release_is_the_one_the_adapter_was_written_for(library: str) -> None:
    """A different release may have moved the private names: re-read them, then move the pin."""
    adapter, path = ADAPTERS[library]
    assert adapter.installed() == adapter.PINNED, (
        f"{library} {adapter.installed()} is installed, but {path} was written for "
        f"{adapter.PINNED}: check its private names against the new release, then update PINNED"
    )


@pytest.mark.parametrize("library", sorted(ADAPTERS))
def test_every_private_name_the_adapter_uses_is_still_there(library: str) -> None:
    adapter, path = ADAPTERS[library]
    gone = adapter.missing()
    assert gone == [], (
        f"{library} {adapter.installed()} no longer has {gone}, which {path} (written for "
        f"{adapter.PINNED}) uses"
    )


def test_discord_adapter_sets_the_choices_the_command_syncs() -> None:
    """discord.py's public view of the parameter shows them (tests/bot/test_privacy.py checks
    the payload a real sync sends)."""

    async def pick(interaction, game: str) -> None:
        """Pick a game."""

    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="pick", description="Pick a game", callback=pick
    )
    choices = [app_commands.Choice(name="Stardust", value="stardust")]
    _discord_adapter.set_choices(command, "game", choices)
    (parameter,) = command.parameters
    assert parameter.choices == choices
