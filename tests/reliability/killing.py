"""Run ``child.py`` as a real process and let it kill itself with SIGKILL at a write point."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

CHILD = Path(__file__).with_name("child.py")
TIMEOUT = 240.0


def run_child(db: Path, scenario: str, phase: str, kill: str = "-") -> dict[str, Any] | None:
    """Run one phase; its closing JSON line, or None when it was killed as asked."""
    done = subprocess.run(
        [sys.executable, str(CHILD), str(db), scenario, phase, kill],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    if done.returncode == -signal.SIGKILL:
        assert kill != "-", f"killed unasked: {done.stderr[-2000:]}"
        assert done.stdout.rstrip().endswith("dying"), done.stdout[-500:]
        return None
    assert done.returncode == 0, f"{scenario}/{phase} failed:\n{done.stderr[-4000:]}"
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, f"{scenario}/{phase} said nothing:\n{done.stdout[-2000:]}"
    report: dict[str, Any] = json.loads(lines[-1])
    return report


def commits_of(db: Path, scenario: str, phase: str) -> int:
    """How many commits a phase makes when nothing kills it (on a copy of ``db``)."""
    report = run_child(db, scenario, phase, "count")
    assert report is not None
    return int(report["commits"])
