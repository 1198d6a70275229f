"""bench/pictures.py runs and prints a row per game (figures are read, never asserted)."""

from __future__ import annotations

from games.core import all_games
from tests.bench.running import run_bench


def test_pictures_bench_prints_a_row_per_game() -> None:
    """A short run (one game each, few positions) prints CPU and wall times and PNG sizes."""
    printed_text = run_bench("pictures.py", "--games", "1", "--every", "400", timeout=120)
    rows = [line.split() for line in printed_text.splitlines()]
    printed = {row[0] for row in rows if row and "|" in row}
    shipped = {game.id for game in all_games() if not game.id.startswith("test-")}
    assert shipped <= printed, printed_text
    assert "cpu" in printed_text and "wall" in printed_text
