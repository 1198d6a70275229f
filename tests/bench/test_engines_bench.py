"""bench/engines.py runs and prints its table (figures are read, never asserted)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "engines.py"


def _run(*args: str, hide_rlcard: bool = False) -> str:
    # Hiding RLCard: a None entry in sys.modules makes ``import rlcard`` raise ImportError.
    prelude = "import sys; sys.modules['rlcard'] = None; " if hide_rlcard else ""
    code = (
        f"{prelude}import runpy, sys; sys.argv = {[str(SCRIPT), *args]!r}; "
        f"runpy.run_path({str(SCRIPT)!r}, run_name='__main__')"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


def _row(output: str, first_cell: str) -> list[str]:
    for line in output.splitlines():
        if line.startswith(first_cell + " "):
            return line.split()
    raise AssertionError(f"no row {first_cell!r} in:\n{output}")


def test_bench_without_rlcard_says_so_in_one_line_and_still_measures() -> None:
    """Issue 2 part 8: the bench degrades gracefully when the bench extra is missing."""
    output = _run("--seconds", "0.05", "--include-test-game", hide_rlcard=True)
    assert sum("RLCard is not installed" in line for line in output.splitlines()) == 1
    row = _row(output, "test-highcard")
    assert row[1] == "3"
    assert int(row[2].replace(",", "")) > 0  # decisions/s bare
    assert row[-2:] == ["-", "-"]  # no ratios without the yardstick


@pytest.mark.skipif(importlib.util.find_spec("rlcard") is None, reason="bench extra not installed")
def test_bench_puts_rlcard_uno_beside_the_engines_with_ratios() -> None:
    """Issue 2 part 8: RLCard's bare UNO loop and env are measured in the same run."""
    output = _run("--seconds", "0.05", "--include-test-game")
    assert _row(output, "rlcard-uno")[-2] == "1.00x"  # the bare loop is the reference
    assert _row(output, "rlcard-uno")[-1].endswith("x")
    assert _row(output, "test-highcard")[-2].endswith("x")
