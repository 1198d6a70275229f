"""The token stays out of every log line and every message (issue 16, part 5): a canary token
is set, the bot runs through opening, playing, refusals and a hand-over request with every
logger at DEBUG, and the canary appears nowhere."""

from __future__ import annotations

import logging

import pytest

from settings import SettingsProblem, load_settings
from tests.bot.harness import post_button, server
from tests.bot.test_clocks import seated

CANARY = "canary-TOKEN-a3f9.Zq81-do-not-log"


async def test_the_token_never_reaches_a_log_line_or_a_message(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    async with server(tmp_path, discord_token=CANARY) as srv:
        assert srv.bot.settings.discord_token.get_secret_value() == CANARY
        actors, table_id = await seated(srv, "test-highcard", ["anna", "ben"])
        anna, _ben = actors
        carla = srv.add("carla")
        await anna.slash(srv.channel, "table substitute", seat=2, member=carla, table=table_id)
        crafted = await post_button(srv, srv.channel.id, f"tr:a:{2**64}:1:x")
        await anna.click(crafted, custom_id=f"tr:a:{2**64}:1:x")
        logging.getLogger("bot").debug("settings at run time: %r", srv.bot.settings)
        requests = [repr(request) for request in srv.env.http_requests]
    logged = [record.getMessage() for record in caplog.records]
    logged += [caplog.text]
    assert logged and requests
    assert not [line for line in logged + requests if CANARY in line]


def test_a_malformed_setting_names_itself_but_never_the_token(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", CANARY)
    monkeypatch.setenv("TISCHRUNDE_CAP_OPEN_LOBBIES", "lots")
    with pytest.raises(SettingsProblem, match="TISCHRUNDE_CAP_OPEN_LOBBIES") as problem:
        load_settings(_env_file=None)
    assert CANARY not in str(problem.value)
