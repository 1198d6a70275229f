"""Pictures of results (issue 20): a rating over time, a tournament's standings, a bracket.

Drawn with the kit's canvas and fonts from plain numbers and names the caller hands over (no
game state), so a chart can show nothing a player's hand holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .kit import (
    CARD,
    FELT_DARK,
    GOLD,
    GREY,
    HIGHLIGHT,
    INK,
    LIGHT,
    MARGIN,
    MUTED,
    PANEL,
    WIDTH,
    Canvas,
    Colour,
    drawable,
)

SERIES_COLOURS: tuple[Colour, ...] = (
    (255, 214, 64),
    (120, 190, 255),
    (255, 130, 120),
    (170, 230, 140),
    (220, 160, 255),
)


@dataclass
class Series:
    """One line of a rating chart: a game's rating after each rated table."""

    name: str
    points: Sequence[tuple[int, float]]
    """(rated games so far, rating) pairs, in order."""


def _nice_step(span: float) -> float:
    # Grid lines at 1, 2 or 5 times a power of ten, about five of them across the span.
    raw = max(span / 5, 1e-9)
    power = 10 ** int(f"{raw:e}".split("e")[1])
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def rating_chart(title: str, series: Sequence[Series], x_label: str, y_label: str) -> bytes:
    """A line chart of ratings over rated games, one line (and colour) per series."""
    canvas = Canvas()
    y = canvas.heading(0, drawable(title, True))
    left, right, top, bottom = MARGIN + 56, WIDTH - MARGIN - 8, y + 12, y + 332
    drawn = [s for s in series if s.points]
    values = [value for s in drawn for _, value in s.points]
    games = [number for s in drawn for number, _ in s.points]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high - low < 1:
        low, high = low - 1, high + 1
    step = _nice_step(high - low)
    low, high = step * (low // step), step * (-(-high // step))
    first, last = (min(games), max(games)) if games else (1, 2)
    if last == first:
        first, last = first - 1, last + 1

    def at(number: int, value: float) -> tuple[float, float]:
        return (
            left + (right - left) * (number - first) / (last - first),
            bottom - (bottom - top) * (value - low) / (high - low),
        )

    canvas.draw.rectangle((left, top, right, bottom), fill=FELT_DARK)
    tick = low
    while tick <= high + step / 2:
        _, ty = at(first, tick)
        canvas.draw.line((left, ty, right, ty), fill=PANEL, width=1)
        canvas.text(left - 8, ty, f"{tick:g}", 13, fill=MUTED, anchor="rm")
        tick += step
    canvas.text(left, bottom + 6, str(first), 13, fill=MUTED)
    canvas.text(right, bottom + 6, str(last), 13, fill=MUTED, anchor="ra")
    canvas.text((left + right) / 2, bottom + 6, x_label, 13, fill=MUTED, anchor="ma")
    canvas.text(MARGIN, top - 4, y_label, 12, fill=MUTED, anchor="ld")
    for index, line in enumerate(drawn):
        colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
        spots = [at(number, value) for number, value in line.points]
        if len(spots) > 1:
            canvas.draw.line(spots, fill=colour, width=3, joint="curve")
        for sx, sy in spots:
            canvas.draw.ellipse((sx - 4, sy - 4, sx + 4, sy + 4), fill=colour)
    legend_y = bottom + 30
    x = MARGIN
    for index, line in enumerate(drawn):
        colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
        canvas.draw.rectangle((x, legend_y + 4, x + 14, legend_y + 18), fill=colour)
        x += 20 + int(canvas.text(x + 20, legend_y, drawable(line.name), 15, fill=LIGHT)) + 16
    if not drawn:
        canvas.text(MARGIN, legend_y, "–", 15, fill=MUTED)
    return canvas.png()


@dataclass
class StandingRow:
    """One line of a standings picture."""

    place: int
    name: str
    points: str
    detail: str = ""
    """Tie-breaks or a note (out in round 2, winner)."""


def standings_picture(title: str, rows: Sequence[StandingRow], headers: Sequence[str]) -> bytes:
    """A table of standings: place, name, points, detail (the first 40 lines)."""
    canvas = Canvas()
    y = canvas.heading(0, drawable(title, True))
    columns = (MARGIN, MARGIN + 60, MARGIN + 470, MARGIN + 590)
    for x, header in zip(columns, headers, strict=True):
        canvas.text(x + 8, y, header, 14, bold=True, fill=MUTED)
    y += 24
    for index, row in enumerate(rows[:40]):
        fill = PANEL if index % 2 == 0 else FELT_DARK
        canvas.draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + 30), fill=fill)
        colour = GOLD if row.place == 1 else LIGHT
        canvas.text(columns[0] + 8, y + 6, f"{row.place}.", 16, bold=True, fill=colour)
        canvas.text(columns[1] + 8, y + 6, drawable(row.name), 16, fill=colour, width=390)
        canvas.text(columns[2] + 8, y + 6, row.points, 16, bold=True, fill=colour)
        room = WIDTH - MARGIN - columns[3] - 16
        canvas.text(columns[3] + 8, y + 7, drawable(row.detail), 14, fill=MUTED, width=room)
        y += 32
    if len(rows) > 40:
        canvas.text(MARGIN + 8, y + 4, f"+{len(rows) - 40}", 14, fill=MUTED)
    return canvas.png()


@dataclass
class BracketMatch:
    """One match (or table) of an elimination round."""

    names: Sequence[str]
    advancing: Sequence[int] = ()
    """Indexes into ``names`` of who went on (empty: not decided yet)."""
    score: str = ""


def bracket_picture(title: str, rounds: Sequence[tuple[str, Sequence[BracketMatch]]]) -> bytes:
    """An elimination bracket: one column per round, each match a box of its players, those
    who went on in gold.
    """
    canvas = Canvas()
    y0 = canvas.heading(0, drawable(title, True))
    columns = max(len(rounds), 1)
    gap = 18
    box_w = (WIDTH - 2 * MARGIN - gap * (columns - 1)) // columns
    line_h = 24
    tallest = max(
        (sum(len(m.names) for m in ms) * line_h + len(ms) * 28 for _, ms in rounds), default=0
    )
    for column, (name, matches) in enumerate(rounds):
        x = MARGIN + column * (box_w + gap)
        canvas.text(x, y0, drawable(name, True), 15, bold=True, fill=MUTED, width=box_w)
        used = sum(len(m.names) * line_h + 12 for m in matches)
        spare = max(tallest - used, 0)
        space = spare / (len(matches) + 1) if matches else 0
        y = y0 + 26 + space
        for match in matches:
            height = len(match.names) * line_h + 4
            canvas.draw.rounded_rectangle((x, y, x + box_w, y + height), 6, fill=CARD)
            for index, player in enumerate(match.names):
                went_on = index in match.advancing
                if went_on:
                    canvas.draw.rectangle(
                        (x + 2, y + 2 + index * line_h, x + 6, y + (index + 1) * line_h),
                        fill=HIGHLIGHT,
                    )
                canvas.text(
                    x + 10,
                    y + 4 + index * line_h,
                    drawable(player, went_on),
                    14,
                    bold=went_on,
                    fill=INK if went_on or not match.advancing else GREY,
                    width=box_w - 20 - (40 if match.score else 0),
                )
            if match.score:
                canvas.text(x + box_w - 8, y + 4, match.score, 13, fill=INK, anchor="ra")
            y += height + 8 + space
    return canvas.png()
