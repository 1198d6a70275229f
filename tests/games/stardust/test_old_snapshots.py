"""Stored tables keep a snapshot of the state as JSON and the log after it. The snapshots in
``snapshots_before_speedup.json`` were written by the engine before its second speed-up (three
matches of 3, 4 and 5 players, cut in the second hand while betting or exchanging, with the
moves and shuffles that followed and the state they ended in)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core import CHANCE
from games.stardust import GAME, check_invariants

CASES = json.loads((Path(__file__).parent / "snapshots_before_speedup.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[f"{case['players']}p" for case in CASES])
def test_a_snapshot_of_the_earlier_engine_loads_and_plays_on_to_the_same_end(case):
    """Promise of storage: a snapshot written by the old code still loads and continues. Its
    logged moves and shuffles (``mix`` codes) replay, checked as at a table, to the very state
    the earlier engine reached, chips and cards conserved at every step."""
    state = case["snapshot"]
    assert GAME.legal_actions(state, GAME.to_act(state)[0])
    for seat, code in case["log"]:
        state, _events = GAME.apply(state, seat, code)
        check_invariants(state)
    assert any(seat == CHANCE for seat, _code in case["log"])
    # Later engines also keep the cards each seat exchanged (public, for the strong player's
    # reads); everything the earlier engine kept is the same.
    assert "swapped" not in case["final"]
    assert {key: value for key, value in state.items() if key != "swapped"} == case["final"]
    assert GAME.result(state) is not None
