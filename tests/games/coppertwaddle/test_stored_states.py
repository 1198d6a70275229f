"""Coppertwaddle states as storage keeps them.

Storage keeps a table's state as a JSON snapshot beside its log of codes; a snapshot written by
an earlier engine must load and play on (the engine contract, issue 22's speed rounds). The
file ``data/main-snapshots.json`` was written by the engine before its menus were reworked
(commit 32244dd): three seeded matches, a snapshot in each, the codes played after it and
the state those codes ended in.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.coppertwaddle import GAME
from games.core import CHANCE

SNAPSHOTS = json.loads((Path(__file__).parent / "data" / "main-snapshots.json").read_text())


@pytest.mark.parametrize("record", SNAPSHOTS, ids=lambda record: f"seed{record['seed']}")
def test_a_snapshot_from_the_earlier_engine_loads_and_plays_on_to_the_same_end(record) -> None:
    """Stored tables replay: every code logged after the snapshot is legal again (checked
    apply) and the match ends in the very state the earlier engine reached.
    """
    state = record["snapshot"]
    assert GAME.to_act(state), "the snapshot was taken mid-match"
    for seat, code in record["moves"]:
        assert GAME.to_act(state) == [seat]
        if seat != CHANCE:
            assert code in GAME.legal_actions(state, seat)
        state, _events = GAME.apply(state, seat, code, checked=True)
    assert GAME.to_act(state) == []
    assert json.loads(json.dumps(state)) == record["end"]
