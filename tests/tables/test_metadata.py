"""A table's settings and place as typed models (issue 21): rows stored as plain JSON before the
models existed load unchanged, and a write through the models keeps every key it did not
change, known or not, and adds no default."""

from __future__ import annotations

import pytest

from storage import SeatRecord, TableStatus
from tables.clocks import ClockSettings
from tables.metadata import TablePlace, TableSettings, TournamentSettings
from tables.service import Member, TableError, TableService

ANNA = Member("u-anna", "Anna")
BEN = Member("u-ben", "Ben")
GAME = "test-highcard"

OLD_PLACE = {"guild": "10", "channel": "20", "thread": "30", "lobby": "40"}
OLD_SETTINGS = {
    "lang": "de",
    "clock": {"per_move": 3600, "on_timeout": "forfeit"},
    "tournament": 5,
    "round": 2,
    "handed_over": {"u-old": 1},
    "resigned": [1],
    "adjudicated": True,
    "shown_by": "a key another version of the bot wrote",
}


async def test_an_old_shape_row_loads_typed(repo):
    """A row as the bot stored it before the models (plain JSON written straight to storage,
    its status as text) loads with every key typed, and its unknown key is kept."""
    record = await repo.create_table(
        GAME, {"hand": 2}, 7, dict(OLD_PLACE), "u-anna", dict(OLD_SETTINGS)
    )
    await repo.set_seats(
        record.id, [SeatRecord(0, "Anna", user_id="u-anna"), SeatRecord(1, "Ben", user_id="u-b")]
    )
    table = await TableService(repo).get(record.id)
    assert table.status is TableStatus.LOBBY
    assert table.place == TablePlace(guild="10", channel="20", thread="30", lobby="40")
    settings = table.settings
    assert (settings.lang, settings.tournament, settings.round) == ("de", 5, 2)
    assert settings.clock == ClockSettings(per_move=3600, on_timeout="forfeit")
    assert settings.handed_over == {"u-old": 1} and table.former_seat("u-old") == 1
    assert settings.resigned == (1,) and settings.adjudicated
    assert settings.stored() == OLD_SETTINGS
    assert table.place.stored() == OLD_PLACE


async def test_a_row_without_settings_and_a_terminal_row_load_with_the_defaults(repo):
    """The oldest rows: no settings at all, the terminal's place as ``{"terminal": 1}``. They
    load as English, without a clock, tournament or resignation, and are not posted."""
    record = await repo.create_table(GAME, {"hand": 2}, 7, {"terminal": 1}, "u-anna")
    await repo.set_seats(record.id, [SeatRecord(0, "Anna", user_id="u-anna")])
    service = TableService(repo)
    table = await service.get(record.id)
    settings = table.settings
    assert (settings.lang, settings.clock, table.clock) == ("en", None, None)
    assert (settings.tournament, settings.resigned, settings.handed_over) == (None, (), {})
    assert table.place.terminal and table.place.guild is None
    assert not service.posts_for(table)
    assert settings.stored() == {}


async def test_resigning_writes_only_the_resignation_beside_the_stored_keys(repo):
    """A write through the model (a resignation) changes its own key; every other key,
    the unknown one included, is stored as it was, and no default is added."""
    service = TableService(repo)
    stored = {"lang": "de", "shown_by": "another version"}
    table = await service.create(GAME, ANNA, {"guild": "10"}, {"hand": 2}, seed=3, settings=stored)
    await service.join(table.id, BEN)
    await service.start(table.id, ANNA)
    await service.resign(table.id, BEN)
    record = await repo.get_table(table.id)
    assert record.settings == {**stored, "resigned": [1]}
    assert record.place == {"guild": "10"}


async def test_a_clock_out_of_bounds_is_refused_with_its_reason_before_anything_is_stored(repo):
    """Settings given as JSON are checked by the model: a clock of one second is the clock's
    own refusal, and no table is stored."""
    service = TableService(repo)
    with pytest.raises(TableError, match=r"between 10 minutes and 14 days"):
        await service.create(GAME, ANNA, {}, settings={"clock": {"per_move": 1}})
    assert await repo.tables_with_status(tuple(TableStatus)) == []


def test_tournament_settings_of_an_old_row_keep_their_seeding():
    """A tournament row's settings from before the model: seed, seeding and rounds typed,
    the language defaulting to English when it was never stored."""
    old = {"seed": 4242, "seeds": ["u1", "u2"], "rounds": 3}
    settings = TournamentSettings.of(old)
    assert (settings.lang, settings.seed, settings.seeds, settings.rounds) == (
        "en",
        4242,
        ("u1", "u2"),
        3,
    )
    assert settings.but(seeds=["u2", "u1"]).stored() == {**old, "seeds": ["u2", "u1"]}
    assert TableSettings.of({}).but(resigned=[0]).stored() == {"resigned": [0]}
