"""Issue 16, bad input: numbers in custom_ids, options and typed amounts, chosen by hypothesis.

The property: whatever a crafted button, a slash option or the amount box carries (ids beyond
SQLite's integers, negative numbers, "²", "١", full-width "１", garbage), the bot answers
privately with one of its own refusals; never the generic apology that an unexpected exception
produces (which would also log an ERROR, and the harness fails a test on any). A fuller check
that ``parse_custom_id`` bounds every number runs without Discord at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot import i18n
from bot.custom_ids import parse_custom_id
from games.core import register, unregister
from tables.limits import SQLITE_MAX_INT
from tables.service import TableError
from tests.bot.harness import HAND, answer, components, post_button, server
from tests.bot.manygame import GAME as MANY
from tests.bot.test_games import seat_players

APOLOGY = i18n.INTERNAL_ERROR.en
REFUSALS = ("Please type a whole number", "No game has an amount that large", "not available")

ODD_DIGITS = ["²", "١٢", "１２", "٣", "𝟗", "Ⅻ", "½", "⁴²", "-0", "+7", " 7", "7 ", "1e3", "0x1f"]

numbers = st.one_of(
    st.integers(min_value=-(2**80), max_value=2**80).map(str),
    st.sampled_from([str(2**63), str(2**63 - 1), str(2**64), "9" * 30, "0", "", *ODD_DIGITS]),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=6),
)
kinds = st.sampled_from(["j", "l", "e", "g", "x", "h", "w", "a", "s", "p", "m", "ho", "zz"])


@st.composite
def crafted_ids(draw: st.DrawFn) -> str:
    kind = draw(kinds)
    parts = ["tr", kind, draw(numbers)]
    if draw(st.booleans()):
        parts += [draw(numbers), draw(st.one_of(numbers, st.sampled_from(["y", "n", "pick"])))]
    return ":".join(parts)[:100]


@given(text=st.one_of(crafted_ids(), st.text(max_size=100)))
def test_every_parsed_custom_id_carries_numbers_storage_can_hold(text):
    """A custom_id parses only with ASCII-digit numbers within SQLite's integer range."""
    parsed = parse_custom_id(text)
    if parsed is not None:
        assert 0 <= parsed.table_id <= SQLITE_MAX_INT
        assert parsed.seq is None or 0 <= parsed.seq <= SQLITE_MAX_INT


@contextlib.asynccontextmanager
async def running_table():
    """A server with a running game that takes typed amounts (1 to 130), its first player's
    private hand with the "other amount" button, and the table's thread."""
    register(MANY)
    try:
        with tempfile.TemporaryDirectory() as folder:
            async with server(Path(folder)) as srv:
                actors, table_id = await seat_players(srv, MANY.id, 2)
                first = actors[0]
                hand = await first.click(await srv.latest_turn(table_id), label=HAND)
                button = next(
                    c
                    for c in components(hand.response)
                    if c.get("custom_id", "").startswith("tr:m:")
                )
                thread = int((await srv.bot.service.get(table_id)).record.place["thread"])
                yield srv, first, table_id, hand.response, button["custom_id"], thread
    finally:
        unregister(MANY.id)


# One simulated server per hypothesis example (a server costs about half a second), each
# example a batch of inputs played against it in a row; hypothesis shrinks a failing batch.
BATCHES = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@BATCHES
@given(cids=st.lists(crafted_ids(), min_size=1, max_size=25))
# Found by this test: an "other amount" button whose template is no code raised past the
# refusals (the apology, an ERROR logged).
@example(cids=["tr:m:0:0:0"])
def test_crafted_buttons_get_a_clean_private_refusal(cids):
    """Random ids in every kind of button: a private refusal or the bot's own answer, never
    the apology for an unexpected error (which the harness also catches as a logged ERROR)."""

    async def run() -> None:
        async with running_table() as (srv, first, _table_id, _hand, _button, thread):
            for cid in cids:
                message = await post_button(srv, thread, cid)
                result = await first.click(message, custom_id=cid)
                messages = [m for m in [result.response, *result.followups] if m is not None]
                assert all(APOLOGY not in (m.content or "") for m in messages), cid

    asyncio.run(run())


def legal(typed: str) -> bool:
    text = typed.strip()
    return text.isascii() and text.isdigit() and 1 <= int(text) <= 130


@BATCHES
@given(
    typed=st.lists(
        st.one_of(numbers, st.text(max_size=12))
        .map(lambda t: t[:12])
        .filter(lambda t: not legal(t)),
        min_size=1,
        max_size=25,
    )
)
def test_typed_amounts_get_a_clean_private_refusal(typed):
    """Anything typed in the amount box but a legal number (1 to 130, ASCII digits) is
    refused privately and changes nothing."""

    async def run() -> None:
        async with running_table() as (srv, first, table_id, hand, button, _thread):
            before = (await srv.bot.service.get(table_id)).seq
            for text in typed:
                shown = await first.click(hand, custom_id=button)
                assert shown.modal is not None
                if not text.strip():
                    continue  # Discord itself refuses an empty required box
                refused = await first.submit_modal(shown, {"amount": text})
                said = answer(refused)
                assert APOLOGY not in said and any(r in said for r in REFUSALS), (text, said)
                assert (await srv.bot.service.get(table_id)).seq == before, text

    asyncio.run(run())


async def test_table_numbers_beyond_sqlite_are_no_table(tmp_path):
    """A table or tournament number beyond SQLite's integers, or not positive, is "no such
    table", privately, from the services (it never reaches storage) and from a slash option
    (Discord's integer options reach 2**53)."""
    async with running_table() as (srv, first, _table_id, _hand, _button, _thread):
        for number in (2**63, 2**64, -1, 0):
            with pytest.raises(TableError, match="There is no table"):
                await srv.bot.service.get(number)
            with pytest.raises(TableError, match="There is no tournament"):
                await srv.bot.tournaments.get(number)
        for number in (2**53 - 1, -(2**53) + 1, 0):
            result = await first.slash(srv.channel, "table show", table=number)
            assert "There is no table" in answer(result)
