"""Playing through the bot as members do: click "My hand", then the first legal action."""

from __future__ import annotations

from typing import Any

import simcord

from tests.bot import _simcord_adapter as sim
from tests.bot.harness import HAND, Server, components


def first_action(message: Any) -> tuple[str, str | None]:
    """(custom_id, select value or None) of the first action component of a hand message."""
    for component in components(message):
        cid = component.get("custom_id") or ""
        if cid.startswith("tr:a:"):
            return cid, None
        if cid.startswith("tr:s:"):
            return cid, component["options"][0]["value"]
    raise AssertionError(f"no action in {message.components}")


async def take(actor: Any, message: Any, cid: str, value: str | None) -> Any:
    """Play the action, answering "Yes" when the bot asks for a second look (issue 20)."""
    if value is None:
        result = await actor.click(message, custom_id=cid)
    else:
        result = await actor.select(message, [value], custom_id=cid)
    for answer in [result.response, *result.followups]:
        if answer is None:
            continue
        yes = [c for c in components(answer) if (c.get("custom_id") or "").startswith("tr:c:")]
        if yes:
            return await actor.click(answer, custom_id=yes[0]["custom_id"])
    return result


class Driver:
    """Plays a table to its end through the bot, counting REST calls per move."""

    def __init__(self, srv: Server, table_id: int) -> None:
        self.srv = srv
        self.table_id = table_id
        self.moves = 0
        self.rest_calls = 0
        self.private: list[tuple[int, Any]] = []
        """(user id, interaction result) of every private answer, for the leak scan."""

    async def waiting_actor(self) -> Any | None:
        table = await self.srv.bot.service.get(self.table_id)
        if table.status != "active":
            return None
        seat = table.waiting_for()[0]
        return next(a for a in self.srv.members.values() if str(a.id) == seat.user_id)

    async def move_from_thread(self, actor: Any) -> Any:
        turn = await self.srv.latest_turn(self.table_id)
        hand = await actor.click(turn, label=HAND)
        self.private.append((actor.id, hand))
        cid, value = first_action(hand.response)
        before = len(self.srv.env.http_requests)
        result = await take(actor, hand.response, cid, value)
        self.rest_calls += len(self.srv.env.http_requests) - before
        self.moves += 1
        self.private.append((actor.id, result))
        return result

    async def move_from_dm(self, actor: Any) -> Any:
        table = await self.srv.bot.service.get(self.table_id)
        prefix = f"tr:a:{self.table_id}:{table.seq}:"
        for message in reversed(self.srv.dms(actor)):
            ids = [c.get("custom_id") or "" for c in components(message)]
            if any(cid.startswith(prefix) for cid in ids):
                cid, value = first_action(message)
                before = len(self.srv.env.http_requests)
                result = await take(actor.user, message, cid, value)
                self.rest_calls += len(self.srv.env.http_requests) - before
                self.moves += 1
                return result
        raise AssertionError(f"no DM with the actions of state {table.seq} for {actor.name}")

    async def play(self, *, via: str = "thread", limit: int = 2000, after_move: Any = None) -> None:
        for _ in range(limit):
            actor = await self.waiting_actor()
            if actor is None:
                return
            if via == "thread":
                await self.move_from_thread(actor)
            else:
                await self.move_from_dm(actor)
            if after_move is not None:
                await after_move()
            if self.moves % 20 == 0:
                # discord.py gives every ephemeral view a 15-minute expiry task; let simulated
                # time pass so they end (otherwise each settle scans them all), and so the game
                # also goes on after its older views expired.
                await self.srv.env.advance_time(16 * 60)
        raise AssertionError("the game did not end")


async def simultaneous_clicks(srv: Server, actor: Any, message: Any, cid: str, times: int = 2):
    """Deliver ``times`` clicks of one button before the bot handles any (a double click)."""
    env = srv.env
    backend = env.backend
    stored = backend.get_message(message.channel_id, message.id)
    records = []
    async with sim.operation(env, "simultaneous clicks"):
        for _ in range(times):
            record, payload = sim.interaction_payload(
                backend,
                type=3,
                channel_id=message.channel_id,
                guild_id=srv.guild.id,
                user_id=actor.id,
                data={"custom_id": cid, "component_type": 2},
            )
            payload["message"] = sim.message_payload(backend, stored)
            record.source_message_id = stored.id
            records.append(record)
            backend.emit("INTERACTION_CREATE", payload)
        await sim.settle(env, "INTERACTION_CREATE")
    return [simcord.InteractionResult(env, record) for record in records]
