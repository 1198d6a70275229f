"""Several processes on one database: who a process is, and how long what it claims is its own.

A process claims due deadlines and pending posts under a lease in its name (``owner``); another
process takes them over once the lease has run out without being released, that is, when the
holder died (``storage.Repository.claim_deadlines`` and ``claim_posts``). Whatever a process
holds in memory (a table it loaded, a lock, a cached preference) is never trusted by another:
the database decides (a move's sequence check, a lease, a transaction).
"""

from __future__ import annotations

import os
import secrets
import socket

LEASE_SECONDS = 120.0
"""How long a claimed deadline or post stays with its process. Longer than any handler or
delivery takes (a slow one is only done again, and the handlers are written to be run twice);
short enough that a dead process's work is taken over within two minutes."""

POLL_SECONDS = 30.0
"""With several processes a timer also wakes this often: deadlines and posts that another
process stored, or left behind when it died, are found without being told."""


def process_owner() -> str:
    """The name of this process in a lease: host, process id and a random part (a restarted process
    may get the pid of the dead one back and must not take its leases for its own).
    """
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
