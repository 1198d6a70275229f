"""``Repository.hold`` excludes other processes (issue 17): a person's clocks or a member's
seat count checked in one process cannot interleave with another process's check and write.

The other process is a real one (a Python child on the same SQLite file or PostgreSQL
database); the test holds a key, and the child must wait for it until the test lets go, while
another key is free meanwhile. A process killed while holding a key leaves nothing held.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import textwrap
from pathlib import Path

from storage import Repository
from storage.postgres import PostgresRepository
from storage.sqlite import SqliteRepository

CHILD = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path

    async def main(target, keys, marker):
        if target.startswith("postgresql://"):
            from storage.postgres import PostgresRepository as Repo
        else:
            from storage.sqlite import SqliteRepository as Repo
        repo = Repo(target)
        await repo.open()
        for key in keys.split(","):
            print("trying", key, flush=True)
            async with repo.hold([key]):
                print("held", key, Path(marker).exists(), flush=True)
                if key == "sleep":
                    await asyncio.sleep(600)
        await repo.close()

    asyncio.run(main(*sys.argv[1:4]))
    """
)


def target_of(repo: Repository) -> str:
    if isinstance(repo, PostgresRepository):
        return repo.url
    assert isinstance(repo, SqliteRepository)
    return repo.path


async def spawn(repo: Repository, keys: str, marker: Path) -> asyncio.subprocess.Process:
    root = Path(__file__).resolve().parents[2]
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        CHILD,
        target_of(repo),
        keys,
        str(marker),
        stdout=asyncio.subprocess.PIPE,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )


async def line(child: asyncio.subprocess.Process) -> str:
    assert child.stdout is not None
    return (await asyncio.wait_for(child.stdout.readline(), 60)).decode().strip()


async def test_a_held_key_makes_another_process_wait_and_other_keys_stay_free(repo, tmp_path):
    """While this process holds ``person:7`` the child gets ``person:8`` at once, and gets
    ``person:7`` only after this process let go (the marker written just before is there)."""
    marker = tmp_path / "released"
    async with repo.hold(["person:7"]):
        child = await spawn(repo, "person:8,person:7", marker)
        assert await line(child) == "trying person:8"
        assert await line(child) == "held person:8 False"
        assert await line(child) == "trying person:7"
        assert child.stdout is not None
        waiting = asyncio.ensure_future(child.stdout.readline())
        done, _ = await asyncio.wait([waiting], timeout=0.5)
        assert not done, "the child got a key this process holds"
        marker.touch()
    assert (await asyncio.wait_for(waiting, 60)).decode().strip() == "held person:7 True"
    assert await child.wait() == 0


async def test_a_process_killed_holding_a_key_leaves_it_free(repo, tmp_path):
    """SIGKILL while holding: the kernel (SQLite's lock file) or the server (PostgreSQL's
    session) frees the key, so this process gets it."""
    child = await spawn(repo, "sleep", tmp_path / "unused")
    assert await line(child) == "trying sleep"
    assert await line(child) == "held sleep False"
    os.kill(child.pid, signal.SIGKILL)
    assert await child.wait() == -signal.SIGKILL

    async def take() -> bool:
        async with repo.hold(["sleep"]):
            return True

    assert await asyncio.wait_for(take(), 30)
