"""The one place the bot tests reach into simcord's internals.

simcord's public API sends one interaction at a time and always as en-US. Two promises need
more: a double click (two interactions of one button delivered before the bot handles either)
and members who use Discord in German (the interaction's ``locale``). Both go through the names
below; ``tests/bot/test_private_apis.py`` fails, naming this pin, when a simcord release changes
them.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import AsyncIterator, Callable
from importlib.metadata import version
from typing import Any

import simcord
import simcord.interactions as sim_interactions
from simcord.backend import serializers

PINNED = "3.2.1"

# (owner, name, what it must be); a coroutine function where the adapter awaits it.
_NEEDED: list[tuple[Any, str, str]] = [
    (sim_interactions, "base_payload", "function"),
    (serializers, "message_payload", "function"),
    (simcord.Env, "_begin_operation", "function"),
    (simcord.Env, "_end_operation", "function"),
    (simcord.Env, "_settle_internal", "coroutine"),
]


def missing() -> list[str]:
    """The internal names this adapter relies on that the installed simcord lacks."""
    gone = []
    for owner, name, kind in _NEEDED:
        found = getattr(owner, name, None)
        ok = inspect.iscoroutinefunction(found) if kind == "coroutine" else callable(found)
        if not ok:
            gone.append(f"{getattr(owner, '__name__', owner)}.{name} ({kind})")
    return gone


def installed() -> str:
    """The installed simcord version."""
    return version("simcord")


def wrap_interaction_payload(wrap: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
    """Replace the builder of every simulated interaction's payload by ``wrap(original)``."""
    sim_interactions.base_payload = wrap(sim_interactions.base_payload)


def interaction_payload(backend: Any, **fields: Any) -> tuple[Any, dict[str, Any]]:
    """(record, payload) of a new interaction, as simcord builds it for its own clicks."""
    return sim_interactions.base_payload(backend, **fields)


def message_payload(backend: Any, stored: Any) -> dict[str, Any]:
    """The gateway payload of a stored message."""
    return dict(serializers.message_payload(backend, stored))


@contextlib.asynccontextmanager
async def operation(env: Any, label: str) -> AsyncIterator[None]:
    """One simulated operation: events emitted inside are handled together at ``settle``."""
    env._begin_operation(label)
    try:
        yield
    finally:
        env._end_operation()


async def settle(env: Any, dispatch: str) -> None:
    """Let the bot handle every event emitted so far."""
    await env._settle_internal(dispatch=dispatch)
