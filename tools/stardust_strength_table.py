"""Write games/stardust/strength.json: how many of all C(48, 5) five-card hands have each score.

Run once after a change to the evaluator: python tools/stardust_strength_table.py
(about a minute). The strategy player reads the table to turn a score into the exact share of
hands it beats; test_strategy checks that the file matches the evaluator on a sample.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

from games.stardust.scoring import _evaluate_sorted

TARGET = Path(__file__).resolve().parents[1] / "games" / "stardust" / "strength.json"


def count_scores() -> list[list[int]]:
    """[category, points, best_sun, structure, hands] for every score, ascending."""
    evaluate = _evaluate_sorted.__wrapped__  # no cache: 1.7 million hands would only evict
    counts = Counter(evaluate(hand)[0] for hand in combinations(range(48), 5))
    return [[*score, counts[score]] for score in sorted(counts)]


if __name__ == "__main__":
    rows = count_scores()
    TARGET.write_text(
        "[\n" + ",\n".join(json.dumps(row) for row in rows) + "\n]\n", encoding="utf-8"
    )
    print(f"{len(rows)} scores, {sum(row[-1] for row in rows)} hands -> {TARGET}")
