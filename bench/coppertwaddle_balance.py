"""Coppertwaddle's balance, measured as the ruling asks: strategy against strategy.

Run ``python bench/coppertwaddle_balance.py`` (``--help`` for the options). It plays seeded
three-game matches between the engine's strategy players (the bare loop, no checks) and prints
each figure beside its target:

* games played (target: at least 1,000);
* the share of games drawn on an empty Trumpet (target: at most 10%);
* the first player's share of the decided games, with its 95% interval (target: the whole
  interval inside 45-55%);
* a rank card of strength 9 in the deck (target: at least one);
* the card most often in a winner's Domain (target: at most 80%).

The figures are what the README reports; ``tests/games/coppertwaddle/test_balance.py`` checks a
small sample of the same measurement on every test run.
"""

from __future__ import annotations

import argparse
import time

from games.coppertwaddle.balance import (
    FIRST_PLAYER_RANGE,
    MAX_CARD_SHARE,
    MAX_DRAW_RATE,
    MIN_GAMES,
    balance_report,
    self_play,
)
from games.coppertwaddle.cards import DESIGNS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games to play (3 per match)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match")
    args = parser.parse_args(argv)
    matches = -(-args.games // 3)
    started = time.process_time()
    report = balance_report(self_play(matches, seed=args.seed))
    seconds = time.process_time() - started
    low, high = FIRST_PLAYER_RANGE
    lower, upper = report.interval
    strongest = max(card.strength or 0 for card in DESIGNS if card.kind == "rank")
    name, share = report.top_card
    rows = [
        ("games", f"{report.games}", f">= {MIN_GAMES}", report.games >= MIN_GAMES),
        (
            "drawn",
            f"{report.draw_rate:.1%} ({report.draws})",
            f"<= {MAX_DRAW_RATE:.0%}",
            report.draw_rate <= MAX_DRAW_RATE,
        ),
        (
            "first player wins (decided games)",
            f"{report.first_player_rate:.1%}, 95% interval {lower:.1%}-{upper:.1%}",
            f"interval inside {low:.0%}-{high:.0%}",
            low <= lower and upper <= high,
        ),
        ("strongest rank card", f"{strongest}", "9", strongest == 9),
        (
            "card most often in a winner's Domain",
            f"{name} {share:.1%}",
            f"<= {MAX_CARD_SHARE:.0%}",
            share <= MAX_CARD_SHARE,
        ),
    ]
    width = max(len(row[0]) for row in rows)
    print(f"Coppertwaddle balance: {matches} matches, strategy vs strategy, seed {args.seed}")
    for label, value, target, ok in rows:
        print(f"  {label:<{width}}  {value:<38} target {target:<24} {'ok' if ok else 'MISSED'}")
    print(f"  ({seconds:.0f} s of CPU time)")
    return 0 if all(row[3] for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
