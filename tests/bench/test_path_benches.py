"""The click path's benchmarks (issue 22, item 5) run and print each figure beside its
yardstick. Figures are read, never asserted: a short run only proves the script still drives
today's bot, service and start-up (a change to what the bot's button passes to the move once
broke bench/click.py without any test noticing).
"""

from __future__ import annotations

from tests.bench.running import run_bench


def test_click_bench_prints_p50_and_p99_with_and_without_pictures() -> None:
    """Item 5: p50/p99 of a whole click (service, rendering, pictures) beside the 100 ms
    target, once with pictures and once without."""
    printed = run_bench("click.py", "--tables", "3", "--clicks", "6", "--along-clicks", "10")
    rows = {line.split()[0]: line for line in printed.splitlines() if line.strip()}
    assert "on" in rows and "off" in rows, printed
    assert "<100 ms" in rows["on"], printed
    # and one table's clicks along its game, each fifth beside the first (here 10 clicks)
    assert "along a game" in printed, printed
    fifths = [line for line in printed.splitlines() if line[:1].isdigit() and "-" in line[:6]]
    assert [line.split()[0] for line in fifths] == ["1-2", "3-4", "5-6", "7-8", "9-10"], printed
    assert fifths[0].split()[-1] == "1.00x", printed


def test_service_bench_prints_each_scenario_beside_raw_aiosqlite() -> None:
    """Item 5: service moves/s with and without a clock, at one table and at many, each
    beside raw aiosqlite's moves/s and the target ratio, and both sides' CPU per move."""
    printed = run_bench(
        "service.py",
        *("--single-moves", "10", "--tables", "3", "--moves-per-table", "2", "--rounds", "1"),
    )
    scenarios = [line for line in printed.splitlines() if line[:1].isdigit()]
    clocks = {"none": 0, "24 h": 0}
    for line in scenarios:
        for clock in clocks:
            if f" {clock} " in line:
                clocks[clock] += 1
    assert clocks == {"none": 2, "24 h": 2}, printed
    assert sum(">=0.8x" in line for line in scenarios) == 2, printed
    assert sum(">=2x" in line for line in scenarios) == 2, printed
    # and each side's CPU per move, which the disk's speed does not change
    assert "CPU us/move raw" in printed, printed
    assert all(line.split()[-1].replace(",", "").isdigit() for line in scenarios), printed
    assert all(line.split()[-2].replace(",", "").isdigit() for line in scenarios), printed


def test_service_bench_only_runs_the_one_scenario_it_is_asked_for() -> None:
    """Item 5: ``--only single-clocked`` measures the clocked lone table alone (a profile of it
    then holds no other scenario's calls), still beside raw aiosqlite and its 0.8x target."""
    printed = run_bench(
        "service.py", *("--single-moves", "10", "--rounds", "1", "--only", "single-clocked")
    )
    scenarios = [line for line in printed.splitlines() if line[:1].isdigit()]
    assert len(scenarios) == 1, printed
    assert scenarios[0].startswith("1 table, 10 moves in a row"), printed
    assert " 24 h " in scenarios[0] and ">=0.8x" in scenarios[0], printed


def test_startup_bench_prints_the_empty_database_beside_the_full_one() -> None:
    """Item 5: start-up time and memory with many stored tables beside an empty database."""
    printed = run_bench("startup.py", "--tables", "30", "--rounds", "1")
    assert "empty (yardstick)" in printed, printed
    assert any(line.startswith("30 tables") and "target" in line for line in printed.splitlines())


def test_retention_bench_prints_each_deletion_write_beside_a_one_row_commit() -> None:
    """The retention's deletion (``TISCHRUNDE_POST_RETENTION_DAYS``) is timed per write beside
    its yardstick, a one-row commit on the same database, and deletes what it should: the posts
    delivered before the cut-off, never a pending one."""
    printed = run_bench("retention.py", "--posts", "4000")
    assert "one-row commit (yardstick)" in printed and "a batch of the deletion" in printed, printed
    # 3,000 posts stored before the cut-off (3,000 s): posts 0, 1,000 and 2,000 are pending,
    # and post 2,999 was delivered a second after it was stored, at the cut-off itself
    assert "first pass: 2,996 posts deleted" in printed, printed
    assert "a pass with nothing to delete" in printed, printed
