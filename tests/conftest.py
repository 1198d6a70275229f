"""Shared fixtures: the test-only game is registered for every test session; ``repo`` is a fresh
repository on each storage backend (SQLite in a temporary file, and a database of its own on a
real PostgreSQL server that the session starts and removes).

Tables opened without a seed of their own (the bot's, the service's default) are dealt from the
session's table seed and the test's name: each session deals anew, as the bot does, and a test
that failed deals the same tables again with ``--table-seed`` (the run's last line and every failure
report name it), on any number of workers and in any order.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
from collections.abc import Generator
from concurrent.futures import ThreadPoolExecutor

import asyncpg
import pytest

import tables.service
from games.core import register
from storage import open_repository
from storage.postgres import PostgresRepository
from tests.games.highcard import GAME as HIGHCARD
from tests.postgres_server import PostgresMissing, PostgresServer

register(HIGHCARD)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (``@pytest.mark.slow(seconds=...)``), the rest in their order.

    xdist hands tests out in collection order; a minute-long test handed out last keeps one
    worker busy while the others have finished. Longest first leaves the short tests to fill
    the end. Every worker sorts alike (the sort is stable), as xdist requires.
    """

    def expected_seconds(item: pytest.Item) -> float:
        marker = item.get_closest_marker("slow")
        return float(marker.kwargs.get("seconds", 1)) if marker else 0.0

    items.sort(key=expected_seconds, reverse=True)


TABLE_SEED = pytest.StashKey[int]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--table-seed",
        type=int,
        default=None,
        help="deal the tables of every test from this seed (default: a new one each session)",
    )


def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", None)  # an xdist worker: the controller's seed
    if workerinput is not None:
        seed = int(workerinput["table_seed"])
    else:
        chosen = config.getoption("table_seed")
        seed = chosen if chosen is not None else random.SystemRandom().getrandbits(32)
    config.stash[TABLE_SEED] = seed


def pytest_configure_node(node) -> None:  # type: ignore[no-untyped-def]  # xdist's hook
    node.workerinput["table_seed"] = node.config.stash[TABLE_SEED]


def pytest_report_header(config: pytest.Config) -> str:
    return f"table seeds: --table-seed={config.stash[TABLE_SEED]}"


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    if getattr(config, "workerinput", None) is None:
        terminalreporter.write_line(pytest_report_header(config))


@pytest.fixture(autouse=True)
def seeded_tables(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """New tables' seeds from the session's table seed and this test's name."""
    deal = random.Random(f"{request.config.stash[TABLE_SEED]}:{request.node.nodeid}")
    monkeypatch.setattr(tables.service, "fresh_seed", lambda: deal.getrandbits(48))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed:
        seed = item.config.stash[TABLE_SEED]
        report.sections.append(
            ("table seeds", f"this test's tables are dealt again with --table-seed={seed}")
        )
    return report


BACKENDS = ["sqlite", "postgres"]
TEMPLATE = "tischrunde_template"
_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server per test process (each xdist worker starts its own), with a
    template database that already holds the schema; stopped and removed at the end.

    Missing binaries fail the tests rather than skip them: CI installs the package.
    """
    try:
        server = PostgresServer().start()
    except PostgresMissing as error:
        pytest.fail(str(error), pytrace=False)
    try:

        async def prepare() -> None:
            admin = await asyncpg.connect(server.url())
            try:
                await admin.execute(f"CREATE DATABASE {TEMPLATE}")
            finally:
                await admin.close()
            async with PostgresRepository(server.url(TEMPLATE)):
                pass  # applies the migrations once; each test's database is a copy

        # In a thread of its own: the fixture may be first asked for inside a running loop.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, prepare()).result()
        yield server
    finally:
        server.stop()


async def new_postgres_database(server: PostgresServer, *, migrated: bool = True) -> str:
    """A fresh database, a copy of the migrated template (or empty: ``migrated=False``); its
    URL."""
    name = f"test_{os.getpid()}_{next(_numbers)}"
    template = f" TEMPLATE {TEMPLATE}" if migrated else ""
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE DATABASE {name}{template}")
    finally:
        await admin.close()
    return server.url(name)


async def fresh_database_url(request, tmp_path) -> str:
    """A fresh, empty database of kind ``request.param``: ``sqlite`` (a file), ``postgres``, or
    ``sqlite-memory`` (one in-memory SQLite connection, which only a test that asks gets).
    """
    if request.param == "postgres":
        return await new_postgres_database(request.getfixturevalue("postgres_server"))
    if request.param == "sqlite-memory":
        return "sqlite:///:memory:"
    return f"sqlite:///{tmp_path / 'store.sqlite3'}"


@pytest.fixture(params=BACKENDS)
async def database_url(request, tmp_path):
    """The URL of a fresh, empty database: the test runs once per backend (or on the backends
    a test names with ``indirect`` parametrization).
    """
    return await fresh_database_url(request, tmp_path)


@pytest.fixture
async def repo(database_url):
    """An open repository on ``database_url``'s fresh database."""
    async with open_repository(database_url) as repository:
        yield repository
