"""The tournament store (migration 0003, ``storage/tournaments.py``)."""

from __future__ import annotations

import pytest

from storage.base import (
    PairingRecord,
    Registration,
    RoundRecord,
    TournamentRecord,
    UnknownTournament,
)


def tournament(**changes):
    fields = {
        "id": 0,
        "guild": "g",
        "channel": "c",
        "name": "Cup",
        "game": "test-highcard",
        "options": {"hand": 1},
        "format": "swiss",
        "config": {"rounds": 3, "clock": {"per_move": None, "on_timeout": "engine"}},
        "organiser": "u-org",
        "status": "registration",
    }
    return TournamentRecord(**{**fields, **changes})


async def test_tournament_round_trip_and_updates(repo):
    """A tournament comes back as stored; updates change only what they name; an unknown id
    raises UnknownTournament; a bad status is refused before anything is written.
    """
    assert 3 in await repo.schema_versions()
    stored = await repo.create_tournament(tournament(closes_at=123.0))
    again = await repo.get_tournament(stored.id)
    assert again.config["clock"] == {"per_move": None, "on_timeout": "engine"}
    assert again.closes_at == 123.0 and again.round == 0
    await repo.update_tournament(stored.id, status="running", round=2, settings={"lang": "de"})
    again = await repo.get_tournament(stored.id)
    assert (again.status, again.round, again.settings, again.closes_at) == (
        "running",
        2,
        {"lang": "de"},
        123.0,
    )
    with pytest.raises(UnknownTournament, match=r"^999$"):
        await repo.get_tournament(999)
    with pytest.raises(UnknownTournament, match=r"^999$"):
        await repo.update_tournament(999, round=1)
    with pytest.raises(ValueError, match=r"unknown tournament status 'paused'"):
        await repo.update_tournament(stored.id, status="paused")
    assert [t.id for t in await repo.tournaments_of_guild("g", ("running",))] == [stored.id]
    assert await repo.tournaments_of_guild("other") == []


async def test_registrations_keep_their_order_when_updated(repo):
    """Checking in (an update) keeps a registration's place in the order of registration."""
    stored = await repo.create_tournament(tournament())
    for user in ("a", "b", "c"):
        await repo.save_registration(Registration(stored.id, user, user.upper()))
    await repo.save_registration(Registration(stored.id, "a", "A", checked_in=True))
    registrations = await repo.registrations(stored.id)
    assert [r.user_id for r in registrations] == ["a", "b", "c"]
    assert registrations[0].checked_in and not registrations[1].checked_in


async def test_pairings_rounds_and_the_table_lookup(repo):
    """Pairings come back by round, position and game; a table id finds its pairing; a
    result is stored in place; rounds keep their deadline.
    """
    stored = await repo.create_tournament(tournament())
    table = await repo.create_table("test-highcard", {}, 1, {}, "tournament:1")
    await repo.save_round(RoundRecord(stored.id, 1, "open", 5000.0, 10.0))
    await repo.save_pairings(
        [
            PairingRecord(stored.id, 1, 2, ["c"], bye=True),
            PairingRecord(stored.id, 1, 1, ["a", "b"], 1, table.id),
        ]
    )
    pairings = await repo.pairings(stored.id, 1)
    assert [(p.position, p.bye) for p in pairings] == [(1, False), (2, True)]
    found = await repo.pairing_of_table(table.id)
    assert found is not None and found.players == ["a", "b"]
    found.ranks, found.scores = [2, 1], [0.0, 3.0]
    await repo.save_pairings([found])
    assert (await repo.pairing_of_table(table.id)).ranks == [2, 1]
    assert await repo.pairing_of_table(table.id + 1) is None
    [round_one] = await repo.rounds(stored.id)
    assert round_one.deadline == 5000.0 and round_one.status == "open"
