"""Scherbia's Aktionskarten and Fraktionen, measured as the ruling asks.

Run ``python bench/scherbia_actions.py`` (``--help`` for the options). It plays seeded games
with the bare loop and prints each figure beside its target:

* the strategy player's share of two-player games won against random (a tie counts half),
  without and with action cards, side by side (target: with >= without);
* in even 2v2 games between strategy players, with action cards and factions on, each
  faction's share of the games it played that its team won (target: none above 60%); the
  faction pairings and team sides are taken in turn.

``tests/games/scherbia/test_balance.py`` checks a small sample of the same measurement.
"""

from __future__ import annotations

import argparse
import math
import time

from games.scherbia.actions import FACTIONS
from games.scherbia.balance import MAX_FACTION_SHARE, faction_games, strategy_vs_random


def _interval(rate: float, games: int) -> str:
    half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games) if games else 0.0
    return f"+- {half:.1%}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=300, help="2-player games per setting")
    parser.add_argument("--team-games", type=int, default=120, help="2v2 games with factions")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args(argv)
    started = time.process_time()
    off = strategy_vs_random(args.duels, action_cards=False, seed=args.seed)
    on = strategy_vs_random(args.duels, action_cards=True, seed=args.seed)
    tally = faction_games(args.team_games, seed=args.seed)
    seconds = time.process_time() - started
    print(f"Scherbia action cards and factions, seed {args.seed}")
    print(f"  strategy vs random, {args.duels} two-player games each (tie = half)")
    print("    without action cards    with action cards     target")
    ok_duel = on.rate >= off.rate
    print(
        f"    {off.rate:6.1%} {_interval(off.rate, off.games):<16} "
        f"{on.rate:6.1%} {_interval(on.rate, on.games):<14} with >= without  "
        f"{'ok' if ok_duel else 'MISSED'}"
    )
    print(
        f"  factions, {args.team_games} even 2v2 games, strategy in every seat ({tally.ties} tied)"
    )
    ok_factions = True
    for faction in FACTIONS:
        word = faction.word
        share = tally.share(word)
        ok = share <= MAX_FACTION_SHARE
        ok_factions &= ok
        print(
            f"    {faction.name.de:<14} won {tally.wins[word]:>3} of {tally.games[word]:>3} = "
            f"{share:6.1%} {_interval(share, tally.games[word]):<10} "
            f"target <= {MAX_FACTION_SHARE:.0%}  {'ok' if ok else 'MISSED'}"
        )
    print(f"  ({seconds:.0f} s of CPU time)")
    return 0 if ok_duel and ok_factions else 1


if __name__ == "__main__":
    raise SystemExit(main())
