"""The result pictures (issue 20): a rating chart, standings and a bracket."""

from __future__ import annotations

import io
from typing import cast

from PIL import Image

from bot.features.profile import CHART_TITLE, CHART_X, CHART_Y
from bot.features.tournament_pictures import BRACKET_TITLE, BYE, HEADERS, ROUND
from pictures.charts import (
    SERIES_COLOURS,
    BracketMatch,
    Series,
    StandingRow,
    bracket_picture,
    rating_chart,
    standings_picture,
)
from pictures.kit import HIGHLIGHT, has_glyph


def colours(png: bytes) -> set[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    counted = image.getcolors(1 << 16)
    assert counted is not None, "a chart has fewer than 65,536 colours"
    return {cast(tuple[int, int, int], colour) for _count, colour in counted}


def test_every_chart_text_has_a_glyph_in_both_languages():
    """μ, σ, −, – and the umlauts of the charts' fixed texts are drawn by the shipped font."""
    texts = [CHART_TITLE.format(name="x"), CHART_X, CHART_Y, BYE, ROUND.format(n=1)]
    texts += [BRACKET_TITLE.format(name="x"), *HEADERS]
    for text in texts:
        for lang in ("de", "en"):
            missing = [c for c in text.get(lang) if not has_glyph(c, True)]
            assert not missing, (text.get(lang), missing)


def test_a_rating_chart_draws_one_colour_per_game_and_nothing_without_points():
    """Each rated game is a line of its own colour; a game without points draws no line."""
    one = rating_chart("t", [Series("A", [(1, 3.0), (2, 5.0)])], "games", "rating")
    two = rating_chart(
        "t", [Series("A", [(1, 3.0), (2, 5.0)]), Series("B", [(1, -2.0)])], "games", "rating"
    )
    empty = rating_chart("t", [Series("A", [])], "games", "rating")
    assert SERIES_COLOURS[0] in colours(one) and SERIES_COLOURS[1] not in colours(one)
    assert {SERIES_COLOURS[0], SERIES_COLOURS[1]} <= colours(two)
    assert SERIES_COLOURS[0] not in colours(empty)


def test_a_bracket_marks_who_went_on_and_standings_grow_with_their_rows():
    """Who went on is marked in the highlight colour (nobody: no mark); each standings row
    takes its own line, up to 40.
    """
    decided = bracket_picture("b", [("R1", [BracketMatch(["a", "b"], [0])])])
    open_match = bracket_picture("b", [("R1", [BracketMatch(["a", "b"], [])])])
    assert HIGHLIGHT in colours(decided) and HIGHLIGHT not in colours(open_match)
    heights = [
        Image.open(io.BytesIO(standings_picture("s", rows, "#NPD"))).height
        for rows in (
            [StandingRow(1, "a", "1")],
            [StandingRow(n, "a", "1") for n in range(1, 11)],
            [StandingRow(n, "a", "1") for n in range(1, 61)],
        )
    ]
    assert heights[0] < heights[1] < heights[2]
    forty = standings_picture("s", [StandingRow(n, "a", "1") for n in range(1, 41)], "#NPD")
    assert heights[2] - Image.open(io.BytesIO(forty)).height < 32
