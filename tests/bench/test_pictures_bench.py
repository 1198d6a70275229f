"""bench/pictures.py runs and prints a row per game (figures are read, never asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.core import all_games

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "pictures.py"


def test_pictures_bench_prints_a_row_per_game() -> None:
    """A short run (one game each, few positions) prints CPU and wall times and PNG sizes."""
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "1", "--every", "400"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    rows = [line.split() for line in completed.stdout.splitlines()]
    printed = {row[0] for row in rows if row and "|" in row}
    shipped = {game.id for game in all_games() if not game.id.startswith("test-")}
    assert shipped <= printed, completed.stdout
    assert "cpu" in completed.stdout and "wall" in completed.stdout
