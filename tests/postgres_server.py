"""A throw-away PostgreSQL server for the tests and the benchmarks.

Started from the Debian ``postgresql`` package's binaries (``initdb``, ``pg_ctl``) in a temporary
directory, listening only on a unix socket in that directory, and removed when stopped. The
server refuses to run as root, so as root it runs as the package's ``postgres`` user (through
``runuser``), which then owns the temporary directory.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

INSTALL_HINT = (
    "PostgreSQL's server binaries (initdb, pg_ctl) were not found: install the Debian package "
    "`postgresql` (apt-get install postgresql); the storage tests run against a real server."
)


class PostgresMissing(RuntimeError):
    """The server binaries are not installed."""


def find_bindir() -> Path:
    """The directory holding ``initdb`` and ``pg_ctl`` (newest installed version first)."""
    candidates = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        found = subprocess.run([pg_config, "--bindir"], check=False, capture_output=True, text=True)
        if found.returncode == 0:
            candidates.append(Path(found.stdout.strip()))
    candidates += [
        Path(path)
        for path in sorted(
            glob.glob("/usr/lib/postgresql/*/bin"),
            key=lambda p: int(p.split("/")[-2]) if p.split("/")[-2].isdigit() else 0,
            reverse=True,
        )
    ]
    for on_path in (shutil.which("initdb"), shutil.which("pg_ctl")):
        if on_path:
            candidates.append(Path(on_path).parent)
    for directory in candidates:
        if (directory / "initdb").is_file() and (directory / "pg_ctl").is_file():
            return directory
    raise PostgresMissing(INSTALL_HINT)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """One server in its own temporary directory; ``url(name)`` addresses a database on it."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.bindir = find_bindir()
        self.root = Path(tempfile.mkdtemp(prefix="tischrunde-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root / "socket"
        self.port = _free_port()
        self.user: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                self.user = pwd.getpwnam("postgres")
            except KeyError as error:
                raise PostgresMissing(
                    "running as root, but there is no `postgres` user to run the server as; "
                    + INSTALL_HINT
                ) from error

    def _run(self, *command: str) -> None:
        argv = [str(self.bindir / command[0]), *command[1:]]
        if self.user is not None:
            argv = ["runuser", "-u", self.user.pw_name, "--", *argv]
        done = subprocess.run(argv, check=False, capture_output=True, text=True)
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command[:2])} failed: {done.stdout}{done.stderr}{tail}")

    def start(self) -> PostgresServer:
        """initdb and start; returns self."""
        self.socket_dir.mkdir()
        if self.user is not None:
            for path in (self.root, self.socket_dir):
                os.chown(path, self.user.pw_uid, self.user.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")  # fmt: skip
        settings = [
            f"-p {self.port}",
            f"-k {self.socket_dir}",
            "-c listen_addresses=''",
            "-c max_connections=200",
        ]
        if not self.durable:
            # For the tests: a power loss is not what they test (the client processes are the
            # ones killed), so the server does not wait for the disk. The benchmark keeps the
            # defaults (fsync at every commit), like SQLite's synchronous=FULL beside it.
            settings += ["-c fsync=off", "-c full_page_writes=off"]
        options = " ".join(settings)
        self._run("pg_ctl", "-D", str(self.data), "-o", options,
                  "-l", str(self.root / "server.log"), "-w", "start")  # fmt: skip
        return self

    def url(self, database: str = "postgres") -> str:
        """The ``postgresql://`` URL of ``database`` on this server (over the unix socket)."""
        return f"postgresql://postgres@/{database}?host={self.socket_dir}&port={self.port}"

    def stop(self) -> None:
        """Stop the server and remove its directory."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
