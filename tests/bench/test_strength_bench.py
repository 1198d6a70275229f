"""bench/strength.py (issue 18, item 4) keeps every game in a record when asked, so the 400
games a pairing needs can be played over several runs on a busy machine: a later run reads the
games the same code already played and plays only the rest. Figures are read, never asserted.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from games.core.contract import Result
from tests.bench.running import ROOT, run_bench

sys.path.insert(0, str(ROOT / "bench"))

import strength  # type: ignore[import-not-found]  # a script in bench/, on sys.path above


def run_strength(*arguments: str) -> str:
    return run_bench("strength.py", *arguments)


def pairing_row(printed: str) -> str:
    return next(line for line in printed.splitlines() if line.startswith("| scherbia | 2 |"))


def test_a_recorded_run_is_continued_not_played_again(tmp_path: Path) -> None:
    """Issue 18's 400 games per pairing: a second run with the same record plays only the
    games the first did not, and counts all of them."""
    record = tmp_path / "games.jsonl"
    common = ["--only", "scherbia:2", "--pairing", "easy-normal", "--workers", "1"]
    first = run_strength("--games", "2", "--record", str(record), *common)
    assert "| easy vs normal | 2 |" in pairing_row(first)
    assert len(record.read_text().splitlines()) == 2
    second = run_strength("--games", "3", "--record", str(record), *common)
    assert "2 games read from" in second and ", 1 to play" in second
    assert "| easy vs normal | 3 |" in pairing_row(second)
    assert len(record.read_text().splitlines()) == 3


def test_games_recorded_by_other_code_are_played_again(tmp_path: Path) -> None:
    """A record counts only for the code that played it: after any change to the game's
    engine, the shared engine code or the players, its games are not read."""
    record = tmp_path / "games.jsonl"
    common = ["--only", "scherbia:2", "--pairing", "easy-normal", "--workers", "1"]
    run_strength("--games", "1", "--record", str(record), *common)
    entry = json.loads(record.read_text())
    assert strength.load_record(record, {"scherbia": entry["code"]})
    assert strength.load_record(record, {"scherbia": "another code"}) == {}
    entry["code"] = "another code"
    record.write_text(json.dumps(entry) + "\n")
    again = run_strength("--games", "1", "--record", str(record), *common)
    assert "games read from" not in again
    assert len(record.read_text().splitlines()) == 2


def test_first_game_plays_games_other_than_the_default_runs(tmp_path: Path) -> None:
    """``--first-game N`` numbers a pairing's games from N: other seeded deals, to check a row
    on games it was not tuned on; the record keeps each game under its own number, so such a
    run never reads the default run's games as its own."""
    record = tmp_path / "games.jsonl"
    common = ["--only", "scherbia:2", "--pairing", "easy-normal", "--workers", "1"]
    run_strength("--games", "2", "--record", str(record), *common)
    other = run_strength("--games", "2", "--first-game", "1000", "--record", str(record), *common)
    assert "games read from" not in other
    assert "none of the 2 games" in other and ": 2 to play" in other
    assert "| easy vs normal | 2 |" in pairing_row(other)
    numbers = [json.loads(line)["task"][4] for line in record.read_text().splitlines()]
    assert numbers == [0, 1, 1000, 1001]


def test_a_gelfdrakkar_series_counts_first_places_in_coins_over_its_rounds() -> None:
    """Gelfdrakkar's rules keep every player's coin balance across the rounds of a session:
    the series setup plays one deal by every seat (5 rounds for 5 players) and counts who ends
    first in coins, while the one-round setup counts party wins."""
    coins = Result.from_scores([30, -12, 5, -18, -5])  # Vernio's party (0, 2) won the last
    assert strength.first_places("gelfdrakkar", 5, coins) == [True, False, False, False, False]
    assert strength.first_places("gelfdrakkar", 0, coins) == [True, False, True, False, False]
    outcome = strength.play_one(("gelfdrakkar", 5, "easy", "normal", 0, 1, 5))
    assert len(outcome.sides) == 5 * 5  # every seat's party in each of the 5 rounds
    printed = run_strength(
        "--games", "1", "--only", "gelfdrakkar:5x5", "--pairing", "easy-normal", "--workers", "1"
    )
    assert "| gelfdrakkar | 5, 5 rounds | easy vs normal | 1 |" in printed
    assert "| gelfdrakkar | 5 |" not in printed


def _checkout_with(tmp_path: Path, script: str) -> Path:
    """A project tree at ``tmp_path`` sharing this checkout's ``games/`` with ``script`` as
    its ``bench/strength.py``."""
    (tmp_path / "bench").mkdir(parents=True)
    (tmp_path / "bench" / "strength.py").write_text(script, encoding="utf-8")
    (tmp_path / "games").symlink_to(ROOT / "games", target_is_directory=True)
    return tmp_path


def test_a_record_stays_readable_when_only_the_command_line_changes(tmp_path: Path) -> None:
    """Issue 18's records: a game counts for the code that decides it, the game's modules and
    the script's ``PLAY_FUNCTIONS``; an option added to the command line (as ``--first-game``
    was) keeps the recorded games readable, a change to how a game is played does not."""
    script = (ROOT / "bench" / "strength.py").read_text(encoding="utf-8")
    today = strength.code_fingerprint("stardust")
    assert strength.code_fingerprint("stardust", _checkout_with(tmp_path / "same", script)) == today
    with_option = script.replace(
        '    parser.add_argument("--workers", type=int, default=2)\n',
        '    parser.add_argument("--workers", type=int, default=2)\n'
        '    parser.add_argument("--verbose", action="store_true")\n',
    )
    assert with_option != script
    option_tree = _checkout_with(tmp_path / "option", with_option)
    assert strength.code_fingerprint("stardust", option_tree) == today
    other_seats = script.replace("seat_of_higher = index % players", "seat_of_higher = 0")
    assert other_seats != script
    seats_tree = _checkout_with(tmp_path / "seats", other_seats)
    assert strength.code_fingerprint("stardust", seats_tree) != today


def _checkout_with_engine(tmp_path: Path, engine: str) -> Path:
    """A project tree at ``tmp_path`` with a copy of this checkout's ``games/`` in which
    Stardust's engine module reads ``engine``, and this checkout's ``bench/strength.py``."""
    (tmp_path / "bench").mkdir(parents=True)
    (tmp_path / "bench" / "strength.py").write_bytes((ROOT / "bench" / "strength.py").read_bytes())
    shutil.copytree(
        ROOT / "games", tmp_path / "games", ignore=shutil.ignore_patterns("__pycache__")
    )
    (tmp_path / "games" / "stardust" / "engine.py").write_text(engine, encoding="utf-8")
    return tmp_path


def test_a_record_stays_readable_when_only_a_text_of_the_code_changes(tmp_path: Path) -> None:
    """Issue 18's records: a comment, a docstring (a constant's too) or the layout of an engine
    module decides no game, so a record stays readable after one is corrected; a change to a line that runs
    does not keep it readable."""
    engine = (ROOT / "games" / "stardust" / "engine.py").read_text(encoding="utf-8")
    today = strength.code_fingerprint("stardust")
    texts = (
        engine.replace('"""Give a copied state', '"""Hand a copied state', 1)
        .replace('"""The discarded cards of every', '"""The cards discarded by every', 1)
        .replace("\nMAX_EXCHANGE = 3\n", "\n# The rules' limit.\nMAX_EXCHANGE = (\n    3\n)\n", 1)
    )
    assert texts.count("Hand a copied state") == 1 and "# The rules' limit." in texts
    assert "The cards discarded by every" in texts  # a constant's documenting string
    texts_tree = _checkout_with_engine(tmp_path / "texts", texts)
    assert strength.code_fingerprint("stardust", texts_tree) == today
    rule = engine.replace("\nMAX_EXCHANGE = 3\n", "\nMAX_EXCHANGE = 2\n", 1)
    assert rule != engine
    rule_tree = _checkout_with_engine(tmp_path / "rule", rule)
    assert strength.code_fingerprint("stardust", rule_tree) != today


def test_play_moves_times_strong_at_a_tables_budget() -> None:
    """Issue 18: strong's wall and CPU time per move as a table runs it (0.5 s of wall clock),
    one row per game and player count asked for; a Gelfdrakkar series is its rounds, timed
    once."""
    printed = run_strength("--play-moves", "1", "--only", "stardust", "--only", "gelfdrakkar")
    rows = [line for line in printed.splitlines() if line.startswith("| ") and "moves" not in line]
    assert [row.split(" | ")[:3] for row in rows] == [
        ["| stardust", "4", "1"],
        ["| gelfdrakkar", "5", "1"],
    ]


def test_a_kept_record_is_stamped_for_todays_code_only_where_a_replay_matches(
    tmp_path: Path,
) -> None:
    """Issue 18's kept records: after a change that decides no game, a replay by today's code
    carries each kept game it played alike over to today's hash (the kept CPU times stay); the
    games it did not play keep the old hash, and a replayed game that ended otherwise makes
    the script refuse and change nothing."""
    common = ["--only", "scherbia:2", "--pairing", "easy-normal", "--workers", "1"]
    kept, replayed = tmp_path / "kept.jsonl", tmp_path / "replayed.jsonl"
    run_strength("--games", "2", "--record", str(kept), *common)
    run_strength("--games", "1", "--record", str(replayed), *common)
    entries = [json.loads(line) for line in kept.read_text().splitlines()]
    today = entries[0]["code"]
    for entry in entries:
        entry["code"] = "earlier code"
    kept.write_text("".join(json.dumps(entry) + "\n" for entry in entries))

    printed = run_bench("restamp_record.py", str(kept), str(replayed))
    assert "1 game stamped; 1 of 2 kept games carry today's hash" in printed
    after = [json.loads(line) for line in kept.read_text().splitlines()]
    assert [entry["code"] for entry in after] == [today, "earlier code"]
    assert after[0]["outcome"]["seconds"] == entries[0]["outcome"]["seconds"]
    again = run_bench("restamp_record.py", str(kept), str(replayed))
    assert "0 games stamped; 1 of 2 kept games carry today's hash" in again

    changed = json.loads(replayed.read_text())
    changed["outcome"]["higher_score"] = 1 - changed["outcome"]["higher_score"]
    after[0]["code"] = "earlier code"
    kept.write_text("".join(json.dumps(entry) + "\n" for entry in after))
    replayed.write_text(json.dumps(changed) + "\n")
    before = kept.read_text()
    refused = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "restamp_record.py"), str(kept), str(replayed)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == 1 and "1 game of the replay ended otherwise" in refused.stdout
    assert kept.read_text() == before


def test_a_task_played_again_is_restamped_by_its_last_entry_and_its_history_stays(
    tmp_path: Path,
) -> None:
    """Issue 18's kept records: a record that played its games again after a change that
    decided them keeps the earlier games in the file, before the new ones. A replay matching
    the newer games restamps those; the earlier ones, which it need not match, stay as they
    were and do not make the script refuse."""
    common = ["--only", "scherbia:2", "--pairing", "easy-normal", "--workers", "1"]
    kept, replayed = tmp_path / "kept.jsonl", tmp_path / "replayed.jsonl"
    run_strength("--games", "1", "--record", str(kept), *common)
    run_strength("--games", "1", "--record", str(replayed), *common)
    newer = json.loads(kept.read_text())
    today = newer["code"]
    older = json.loads(kept.read_text())
    older["code"] = "code before the rules changed"
    older["outcome"]["higher_score"] = 1 - older["outcome"]["higher_score"]
    newer["code"] = "code before the speed-up"
    kept.write_text(json.dumps(older) + "\n" + json.dumps(newer) + "\n")

    printed = run_bench("restamp_record.py", str(kept), str(replayed))
    assert "1 game stamped; 1 of 2 kept games carry today's hash" in printed
    after = [json.loads(line) for line in kept.read_text().splitlines()]
    assert [entry["code"] for entry in after] == ["code before the rules changed", today]
    assert after[0]["outcome"] == older["outcome"]
