"""Runs of ``child.py`` as forks of one process that has imported it once.

A run of ``child.py`` spent most of its life importing (the table service, storage, pydantic,
networkx: about 0.7 s of CPU) before the one flow it runs and the SIGKILL it sends itself; the
kill campaigns start hundreds of runs. This server imports ``child.py`` once and forks a
process for each run: a real process with its own memory, files and threads, which kills
itself with a real SIGKILL at its write point exactly as a freshly started one does, and
whose exit status the server reports.

Protocol, one JSON object per line: the request ``{"argv": [DB, SCENARIO, PHASE, KILL],
"out": PATH, "err": PATH}`` on stdin; the reply ``{"returncode": N}`` on stdout once the run
has ended (negative: the signal that ended it), its output in the two files. The server ends
at the end of its input.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import traceback
from pathlib import Path
from typing import Any, NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.reliability import child


def run(request: dict[str, Any]) -> NoReturn:
    """In the forked process: ``child.py``'s main on its own output files, then exit."""
    for descriptor, path in ((1, request["out"]), (2, request["err"])):
        opened = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(opened, descriptor)
        os.close(opened)
    silent = os.open(os.devnull, os.O_RDONLY)
    os.dup2(silent, 0)  # the requests are the server's, never the run's
    os.close(silent)
    code = 1  # anything that escapes fails the run, as an uncaught exception would
    try:
        asyncio.run(child.main(*request["argv"]))
        code = 0
    except SystemExit as leaving:
        code = leaving.code if isinstance(leaving.code, int) else 1
    except Exception:  # noqa: BLE001 - reported as an uncaught exception would be
        traceback.print_exc()
    finally:
        # Never back into the server's loop: the fork ends here, whatever happened.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def serve() -> None:
    """Fork a run for each request line until the input ends."""
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            run(request)
        _pid, status = os.waitpid(pid, 0)
        sys.stdout.write(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
