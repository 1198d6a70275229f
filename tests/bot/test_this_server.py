"""Table numbers are global and easy to guess, so every command that names a table by its
number reaches only a table of the server it is used in (``bot.flows.permissions``, the one
check). From another server, even the table's own host with Manage Server there is told that
the table does not exist, and nothing changes.
"""

from __future__ import annotations

import pytest

from bot.components import HANDLERS
from bot.custom_ids import ComponentKind
from tests.bot.harness import answer, server
from tests.bot.test_clocks import seated

COMMANDS = [
    ("table join", {}),
    ("table show", {}),
    ("table watch", {}),
    ("table substitute", {"seat": 2}),
    ("table substitute", {"seat": 2, "member": "anna"}),
    ("table resign", {}),
]


@pytest.mark.parametrize(("command", "options"), COMMANDS)
async def test_a_table_is_not_reached_from_another_server(tmp_path, command, options):
    """The invariant: a table of another server is answered like one that does not exist,
    privately, even for its own host who manages the other server; no seat changes hands,
    nobody resigns and nothing is posted there.
    """
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        elsewhere = srv.env.create_guild("Nachbarn", owner=actors[0].user)
        channel = elsewhere.create_text_channel("karten")
        host = elsewhere.add_member(actors[0].user)
        before = await srv.bot.service.get(table_id)
        if "member" in options:
            options = {**options, "member": elsewhere.add_member(srv.env.create_user("carla"))}
        refused = await host.slash(channel, command, table=table_id, **options)
        assert refused.response is not None and refused.response.ephemeral
        assert f"There is no table {table_id}." in answer(refused)
        after = await srv.bot.service.get(table_id)
        assert [s.user_id for s in after.seats] == [s.user_id for s in before.seats]
        assert after.seq == before.seq and after.status == before.status
        assert not [m for m in channel.history() if not m.flags.ephemeral]


def test_every_component_kind_has_one_handler():
    """A click of any kind the bot makes is routed (none falls through to silence)."""
    assert set(HANDLERS) == set(ComponentKind)
