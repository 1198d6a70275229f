"""Carry a kept strength record over to today's code, game by game, where a replay proves it.

A record of ``bench/strength.py --record`` counts a game only for the code that played it (its
hash, ``code_fingerprint``, which comments, docstrings and layout do not change). After a
change to that code which decides no game (a speed-up), the kept games are not read any more
and a pairing's 400 games would be played again. This script reads a replay, the same games played by today's code into another record
(``strength.py --games N --record REPLAYED``), and gives each kept game that the replay played
with the same outcome (result, places, announcements, party sides; the CPU times are the
machine's and stay as kept) today's hash. It refuses, and changes nothing, if any replayed game
ended otherwise: then the change does decide games, and the kept record is out of date. Where
the kept record holds a task more than once (games of earlier code stay in the file when the
same games are played again after a change that decided them, appended after them), only the
task's last entry is the kept game: the earlier ones are history and stay as they are.

    python bench/restamp_record.py bench/records/stardust-normal-strong.jsonl /tmp/replay.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

Entry = dict[str, Any]


def _entries(path: Path) -> list[Entry]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _decided(entry: Entry) -> dict[str, Any]:
    """What decides whether two plays of a game are the same: everything but the CPU times."""
    return {key: value for key, value in entry["outcome"].items() if key != "seconds"}


def restamp(kept: Path, replayed: Path) -> tuple[int, int, int, list[str]]:
    """Stamp the games of ``kept`` that ``replayed`` played alike with the replay's hash.

    Returns (games stamped now, games that carry the replay's hash after it, games kept in all,
    the tasks that ended otherwise); ``kept`` is rewritten only when none did.
    """
    today: dict[tuple[Any, ...], Entry] = {}
    for entry in _entries(replayed):
        today[tuple(entry["task"])] = entry
    entries = _entries(kept)
    latest = {tuple(entry["task"]): index for index, entry in enumerate(entries)}
    stamped = 0
    differ = []
    for index, entry in enumerate(entries):
        if latest[tuple(entry["task"])] != index:
            continue  # a game of earlier code, played again further down the file
        again = today.get(tuple(entry["task"]))
        if again is None or entry["code"] == again["code"]:
            continue
        if _decided(entry) != _decided(again):
            differ.append(str(entry["task"]))
            continue
        entry["code"] = again["code"]
        stamped += 1
    if not differ:
        kept.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    codes = {entry["code"] for entry in today.values()}
    carried = sum(1 for entry in entries if entry["code"] in codes)
    return stamped, carried, len(entries), differ


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kept", type=Path, help="the kept record, rewritten in place")
    parser.add_argument("replayed", type=Path, help="today's code's record of some of its games")
    args = parser.parse_args(argv)
    stamped, carried, total, differ = restamp(args.kept, args.replayed)
    if differ:
        print(f"{_games(len(differ))} of the replay ended otherwise, nothing stamped: {differ[:5]}")
        return 1
    print(f"{_games(stamped)} stamped; {carried} of {total} kept games carry today's hash")
    return 0


if __name__ == "__main__":
    sys.exit(main())
