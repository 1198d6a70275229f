"""Running a script of ``bench/`` briefly in a child process, as the bench tests do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bench(script: str, *arguments: str, timeout: float = 300) -> str:
    """Run ``bench/<script>`` and return what it printed; it must exit cleanly."""
    completed = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *arguments],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert completed.returncode == 0, completed.stderr
    return completed.stdout
