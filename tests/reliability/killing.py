"""Run ``child.py`` as a real process and let it kill itself with SIGKILL at a write point.

Each run is a process of its own, forked by ``forkserver.py`` from a process that imported
``child.py`` once (a fresh interpreter per run spent most of its time importing).
"""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

FORKSERVER = Path(__file__).with_name("forkserver.py")
TIMEOUT = 240.0

_idle: list[subprocess.Popen[str]] = []
_idle_lock = threading.Lock()
"""Fork servers not running a child now: a server runs one child at a time, and a test may
run children from two threads at once, so there are as many as runs at once, no more."""


def _fork_server() -> subprocess.Popen[str]:
    """An idle fork server, or a new one; ``_run`` hands it back when its run has ended."""
    with _idle_lock:
        while _idle:
            server = _idle.pop()
            if server.poll() is None:
                return server
    server = subprocess.Popen(
        [sys.executable, str(FORKSERVER)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a run that hangs is killed with its server's group
    )
    atexit.register(_stop, server)
    return server


def _stop(server: subprocess.Popen[str]) -> None:
    if server.stdin is not None:
        server.stdin.close()  # the end of its input ends the server
    server.wait(timeout=TIMEOUT)


def _run(arguments: list[str]) -> tuple[int, str, str]:
    """One run of ``child.py``: its exit code (negative: the signal) and its output."""
    server = _fork_server()
    assert server.stdin is not None and server.stdout is not None  # the pipes asked for
    with tempfile.TemporaryDirectory() as folder:
        out, err = Path(folder, "out"), Path(folder, "err")
        request = {"argv": arguments, "out": str(out), "err": str(err)}
        server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        if not select.select([server.stdout], [], [], TIMEOUT)[0]:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
            raise AssertionError(f"{arguments} ran longer than {TIMEOUT} s")
        reply = server.stdout.readline()
        assert reply, "the fork server died"
        with _idle_lock:
            _idle.append(server)
        returncode = int(json.loads(reply)["returncode"])
        return returncode, out.read_text(), err.read_text()


def run_child(db: Path, scenario: str, phase: str, kill: str = "-") -> dict[str, Any] | None:
    """Run one phase; its closing JSON line, or None when it was killed as asked."""
    returncode, stdout, stderr = _run([str(db), scenario, phase, kill])
    if returncode == -signal.SIGKILL:
        assert kill != "-", f"killed unasked: {stderr[-2000:]}"
        assert stdout.rstrip().endswith("dying"), stdout[-500:]
        return None
    assert returncode == 0, f"{scenario}/{phase} failed:\n{stderr[-4000:]}"
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    assert lines, f"{scenario}/{phase} said nothing:\n{stdout[-2000:]}"
    report: dict[str, Any] = json.loads(lines[-1])
    return report


def commits_of(db: Path, scenario: str, phase: str) -> int:
    """How many commits a phase makes when nothing kills it (on a copy of ``db``)."""
    report = run_child(db, scenario, phase, "count")
    assert report is not None
    return int(report["commits"])
