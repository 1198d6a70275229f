"""Discord's markup is made in the bot: the table service refuses with data (a vacation's end,
a player's id) and a plain reason; the bot shows a time as ``<t:...:f>`` (in each reader's own
time zone) and a member as a mention.
"""

from __future__ import annotations

import pytest

from tables.turns import AlreadyAway
from tests.bot.harness import answer, server


async def test_a_second_vacation_is_refused_with_the_first_ones_end_in_the_readers_time(tmp_path):
    """/vacation start while away: refused, naming when the running vacation ends as a Discord
    timestamp; the service's own reason gives that end in UTC, with no markup."""
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        await anna.slash(srv.channel, "vacation start", days=2)
        vacation = await srv.bot.service.clocks.active_vacation(str(anna.id))
        assert vacation is not None
        refused = await anna.slash(srv.channel, "vacation start", days=1)
        assert refused.response.ephemeral
        assert f"already on vacation until <t:{int(vacation.until)}:f>" in answer(refused)
        with pytest.raises(AlreadyAway, match=r"until \d{4}-\d\d-\d\d \d\d:\d\d UTC") as raised:
            await srv.bot.service.clocks.start_vacation(str(anna.id), 1, str(srv.guild.id))
        assert raised.value.until == vacation.until
