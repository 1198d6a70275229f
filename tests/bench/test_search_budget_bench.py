"""bench/search_budget.py counts the playouts strong runs at a table's wall budget (issue 18:
"a time budget for play, default 0.5 s", beside the strength bench's fixed iterations), so the
bench's budget can be checked against what a table gives. Figures are read, never asserted.
"""

from __future__ import annotations

import re
import sys

from tests.bench.running import ROOT, run_bench

sys.path.insert(0, str(ROOT / "bench"))

import search_budget  # type: ignore[import-not-found]  # a script in bench/, on sys.path above
import strength  # type: ignore[import-not-found]  # a script in bench/, on sys.path above


def test_every_strong_move_with_a_choice_is_counted_with_its_playouts() -> None:
    """Strong searches every move where it has a choice, so each counted move ran playouts."""
    moves = search_budget.play("stardust", 3, 0, 1)
    assert moves, "a Stardust match gives strong at least one move with a choice"
    assert all(playouts >= 1 for playouts, _seconds in moves)


def test_the_script_prints_the_count_beside_the_strength_benchs_iterations() -> None:
    """The printed count is the playouts strong ran: the median move ran at least one."""
    printed = run_bench("search_budget.py", "stardust", "--players", "3", "--games", "2")
    counted = re.search(r"playouts per move: median (\d+), p90 \d+, max \d+", printed)
    assert counted is not None, printed
    assert int(counted.group(1)) >= 1, printed
    assert f"the benchmark's iterations: {strength.ITERATIONS['stardust']}" in printed
    assert "2 games," in printed
