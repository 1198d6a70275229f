"""The drawing kit the game drawers share: fonts, a canvas, card tiles, card backs, chips, PNG.

Everything is drawn at a fixed width (``WIDTH``) on a tall canvas that is cropped to what was
drawn. Fonts are the DejaVu Sans files shipped in ``pictures/fonts`` (never the system's), laid
out with Pillow's basic engine, so a fresh machine draws the same picture. Fonts, text fits,
rendered texts and drawn card tiles are kept (each drawn again pixel for pixel as it was
first): a picture is drawn in a few milliseconds.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

WIDTH = 900
MARGIN = 16
MAX_HEIGHT = 2400

Colour = tuple[int, int, int]
Painter = Callable[..., None]
"""Draws a tile at (x, y) with ImageDraw: ``paint(draw, x, y, *args)``."""

FELT: Colour = (28, 84, 60)
FELT_DARK: Colour = (20, 62, 44)
PANEL: Colour = (36, 102, 74)
INK: Colour = (33, 33, 33)
LIGHT: Colour = (242, 240, 230)
MUTED: Colour = (190, 210, 196)
GOLD: Colour = (236, 190, 72)
CARD: Colour = (251, 248, 238)
BACK: Colour = (38, 58, 110)
BACK_LINE: Colour = (70, 96, 160)
HIGHLIGHT: Colour = (255, 214, 64)
RED: Colour = (196, 48, 48)
GREY: Colour = (128, 128, 128)

CARD_W, CARD_H = 92, 128
SMALL_W, SMALL_H = 70, 98

_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


def font_path(bold: bool = False) -> str:
    """The path of the shipped DejaVu Sans (or Bold) file."""
    return str(resources.files(__package__).joinpath("fonts", _FONT_FILES[bold]))


class KeptFont(ImageFont.FreeTypeFont):
    """A font that keeps the glyph masks of the texts it has drawn.

    Pictures draw the same words over and over (labels, names, numbers, card titles), and
    FreeType renders one in about 80 microseconds; a kept mask is drawn as it was rendered, so
    the pixels are the same.
    """

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        """As ``FreeTypeFont.getmask2``, from the kept masks where the arguments allow."""
        if features or args or mode == "RGBA" or set(kwargs) - {"stroke_filled"}:
            return super().getmask2(
                text,
                mode,
                direction,
                features,
                language,
                stroke_width,
                anchor,
                ink,
                start,
                *args,
                **kwargs,
            )
        filled = bool(kwargs.get("stroke_filled", False))
        return _mask(self, text, mode, direction, language, stroke_width, anchor, start, filled)


MASKS_KEPT = 4096
"""Rendered texts kept (about 2 kB each, so at most about 8 MB)."""


@lru_cache(maxsize=MASKS_KEPT)
def _mask(
    face: KeptFont,
    text: str | bytes,
    mode: str,
    direction: str | None,
    language: str | None,
    stroke_width: float,
    anchor: str | None,
    start: tuple[float, float] | None,
    stroke_filled: bool,
) -> tuple[Any, tuple[int, int]]:
    # ink only colours embedded-colour (RGBA) glyphs, which never come here
    return ImageFont.FreeTypeFont.getmask2(
        face,
        text,
        mode,
        direction,
        None,
        language,
        stroke_width,
        anchor,
        0,
        start,
        stroke_filled=stroke_filled,
    )


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> KeptFont:
    """The shipped font at ``size`` px (cached: loading a face costs about a millisecond)."""
    return KeptFont(font_path(bold), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn."""
    return font(size, bold).getlength(text)


@lru_cache(maxsize=4096)
def fit(text: str, width: int, size: int, smallest: int, bold: bool = False) -> tuple[int, str]:
    """The largest size from ``size`` down to ``smallest`` at which ``text`` fits ``width``;
    at the smallest size the text is cut with an ellipsis.
    """
    for candidate in range(size, smallest - 1, -1):
        if text_width(text, candidate, bold) <= width:
            return candidate, text
    cut = text
    while cut and text_width(cut + "…", smallest, bold) > width:
        cut = cut[:-1]
    return smallest, cut + "…"


@lru_cache(maxsize=4096)
def fit_lines(
    text: str, width: int, size: int, smallest: int, bold: bool = False
) -> tuple[int, tuple[str, ...]]:
    """``text`` on one line, or on two (broken at a space or after a hyphen) when that lets it
    be drawn larger; returns the size and the lines.
    """
    one_size, one = fit(text, width, size, smallest, bold)
    if one_size >= size - 2 or not (" " in text or "-" in text):
        return one_size, (one,)
    cuts = [(text[:at], text[at + 1 :]) for at, char in enumerate(text) if char == " "]
    cuts += [(text[: at + 1], text[at + 1 :]) for at, char in enumerate(text) if char == "-"]
    best: tuple[int, tuple[str, ...]] | None = None
    for first, second in cuts:
        size_a, line_a = fit(first, width, size, smallest, bold)
        size_b, line_b = fit(second, width, size, smallest, bold)
        candidate = (min(size_a, size_b), (line_a, line_b))
        if best is None or candidate[0] > best[0]:
            best = candidate
    assert best is not None
    size_two = best[0]
    if size_two <= one_size and not one.endswith("…"):
        return one_size, (one,)
    return size_two, tuple(fit(line, width, size_two, size_two, bold)[1] for line in best[1])


@lru_cache(maxsize=512)
def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether the shipped font draws ``char`` itself (not the empty "missing glyph" box)."""
    if char.isspace():
        return True
    return _glyph_pixels(char, bold) != _glyph_pixels("\U000f0000", bold)


@lru_cache(maxsize=512)
def _glyph_pixels(char: str, bold: bool) -> tuple[object, ...]:
    # A fingerprint of the drawn glyph: the font's "missing glyph" box has its own.
    mask = font(24, bold).getmask(char, "L")
    return (mask.size, mask.getbbox(), tuple(mask.histogram()))


def drawable(text: str, bold: bool = False) -> str:
    """``text`` with characters the font lacks (emoji in a player's name) replaced by ``?``."""
    return "".join(char if has_glyph(char, bold) else "?" for char in text)


def mix(colour: Colour, other: Colour, share: float) -> Colour:
    """``colour`` moved ``share`` of the way toward ``other``."""
    return (
        round(colour[0] + (other[0] - colour[0]) * share),
        round(colour[1] + (other[1] - colour[1]) * share),
        round(colour[2] + (other[2] - colour[2]) * share),
    )


def ink_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on ``colour``."""
    luminance = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return INK if luminance > 150 else (255, 255, 255)


@dataclass(frozen=True)
class Face:
    """What a card shows: its German name, value, colour band and small print.

    ``corner`` is the big value at the top left (a rank, points, strength), ``colour`` the
    colour of its people, structure or rank (edge and band) with ``band_text`` on the band,
    ``gloss`` the English gloss under the name (only in English pictures), ``symbol`` a large
    glyph in the middle, ``note`` a small line above the band (a roll, "als Magier").
    """

    title: str
    colour: Colour
    corner: str | None = None
    band_text: str | None = None
    gloss: str | None = None
    symbol: str | None = None
    note: str | None = None


class Canvas:
    """A picture being drawn: a tall felt-green canvas cropped to what was used."""

    def __init__(self, width: int = WIDTH, height: int = MAX_HEIGHT) -> None:
        self.width = width
        self.image = Image.new("RGB", (width, height), FELT)
        self.draw = ImageDraw.Draw(self.image)
        self.bottom = 0

    def _used(self, y: float) -> None:
        self.bottom = max(self.bottom, int(y) + 1)

    # ----- text ------------------------------------------------------------------------------

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: int = 16,
        *,
        bold: bool = False,
        fill: Colour = LIGHT,
        anchor: str = "la",
        width: int | None = None,
        smallest: int = 10,
    ) -> float:
        """Draw one line; with ``width`` it shrinks (then cuts) to fit. Returns its width."""
        if width is not None:
            size, text = fit(text, width, size, smallest, bold)
        self.draw.text((x, y), text, font=font(size, bold), fill=fill, anchor=anchor)
        self._used(y + size * 1.3)
        return text_width(text, size, bold)

    def heading(self, y: int, title: str, detail: str = "") -> int:
        """A title bar across the picture; returns the y below it."""
        self.draw.rectangle((0, y, self.width, y + 40), fill=FELT_DARK)
        used = self.text(MARGIN, y + 8, title, 20, bold=True, fill=GOLD)
        if detail:
            room = self.width - MARGIN * 3 - int(used)
            self.text(MARGIN * 2 + used, y + 11, detail, 16, fill=LIGHT, width=room, smallest=11)
        self._used(y + 40)
        return y + 48

    def label(self, x: int, y: int, text: str, *, width: int | None = None) -> int:
        """A small section label; returns the y below it."""
        self.text(x, y, text, 14, bold=True, fill=MUTED, width=width)
        return y + 20

    def panel(self, box: tuple[int, int, int, int], *, active: bool = False) -> None:
        """A slightly lighter area (a seat, the pot); gold edged when it is that seat's turn."""
        outline = HIGHLIGHT if active else None
        self.draw.rounded_rectangle(box, 10, fill=PANEL, outline=outline, width=3 if active else 1)
        self._used(box[3])

    def badge(self, x: int, y: int, text: str, colour: Colour, *, size: int = 12) -> int:
        """A small rounded tag with ``text``; returns its right edge."""
        width = int(text_width(text, size, True)) + 10
        self.draw.rounded_rectangle((x, y, x + width, y + size + 8), 6, fill=colour)
        self.draw.text((x + 5, y + 3), text, font=font(size, True), fill=ink_on(colour))
        self._used(y + size + 8)
        return x + width

    # ----- cards -----------------------------------------------------------------------------

    def card(
        self,
        x: int,
        y: int,
        face: Face,
        *,
        small: bool = False,
        covered: bool = False,
        dim: bool = False,
        highlight: bool = False,
    ) -> None:
        """A face-up card tile. ``covered`` draws a face-down card whose face is known (a
        covered Coppertwaddle card), ``dim`` a card out of play, ``highlight`` a gold edge.
        """
        w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
        self._stamp(_paint_card, x, y, w, h, (face, small, covered, dim, highlight))
        self._used(y + h)

    def back(self, x: int, y: int, *, small: bool = False, count: int | None = None) -> None:
        """A face-down card (its face unknown to the viewer), with a count on it if given."""
        w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
        self._stamp(_paint_back, x, y, w, h, (small, count))
        self._used(y + h)

    def _stamp(self, paint: Painter, x: int, y: int, w: int, h: int, args: tuple[Any, ...]) -> None:
        """``paint(draw, x, y, *args)``, from a kept tile when it has drawn the same before.

        A picture shows the same cards again and again (the same hand in three messages, the
        same faces on every table), and a card costs half a millisecond to draw afresh but a
        twentieth of that to paste. The paste is pixel for pixel the drawing: see ``_tile``.
        """
        tile = _tile(paint, w + 1, h + 1, args) if type(x) is int and type(y) is int else None
        if tile is None:
            paint(self.draw, x, y, *args)
        else:
            self.image.paste(tile[0], (x, y), tile[1])

    def backs(self, x: int, y: int, count: int, *, small: bool = True) -> int:
        """A small fanned pile of ``count`` face-down cards with the count; returns its width."""
        w = SMALL_W if small else CARD_W
        if count <= 0:
            h = SMALL_H if small else CARD_H
            self.draw.rounded_rectangle((x, y, x + w, y + h), 8, outline=MUTED, width=1)
            self.text(x + w / 2, y + h / 2, "0", 16, fill=MUTED, anchor="mm")
            return w
        shown = min(count, 3)
        for index in range(shown):
            last = index == shown - 1
            self.back(x + index * 6, y - index * 3, small=small, count=count if last else None)
        return w + (shown - 1) * 6

    def mini_backs(self, x: int, y: int, count: int, *, most: int = 6) -> int:
        """A seat's hidden cards as a row of little backs with the count; returns the width."""
        shown = min(count, most)
        for index in range(shown):
            left = x + index * 9
            self.draw.rounded_rectangle(
                (left, y, left + 20, y + 28), 3, fill=BACK, outline=LIGHT, width=1
            )
        width = (shown - 1) * 9 + 20 if shown else 0
        used = self.text(x + width + 5, y + 6, str(count), 14, bold=True, fill=LIGHT)
        self._used(y + 28)
        return width + 5 + int(used)

    def empty_slot(self, x: int, y: int, *, small: bool = False, text: str = "") -> None:
        """An empty place for a card (a free Ditch, a card not yet played)."""
        w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
        self.draw.rounded_rectangle((x, y, x + w, y + h), 8, outline=MUTED, width=1)
        if text:
            self.text(x + w / 2, y + h / 2, text, 11, fill=MUTED, anchor="mm", width=w - 8)
        self._used(y + h)

    def chips(self, x: int, y: int, amount: int, *, label: str | None = None) -> int:
        """A stack of chips (taller for more) with the amount beside it; returns its width."""
        colours = [(200, 40, 40), (40, 90, 190), (30, 140, 70), (30, 30, 30), (230, 230, 230)]
        height = 0 if amount <= 0 else min(10, 1 + amount.bit_length() // 2)
        for index in range(height):
            top = y + 34 - index * 5
            colour = colours[index % len(colours)]
            self.draw.ellipse((x, top, x + 34, top + 12), fill=colour, outline=INK)
        if height == 0:
            self.draw.ellipse((x, y + 34, x + 34, y + 46), outline=MUTED)
        text = f"{amount}" if label is None else f"{label} {amount}"
        used = self.text(x + 42, y + 26, text, 17, bold=True, fill=GOLD)
        self._used(y + 48)
        return 42 + int(used)

    # ----- output ----------------------------------------------------------------------------

    def png(self) -> bytes:
        """The picture cropped to what was drawn, as a small palette PNG."""
        height = min(self.image.height, self.bottom + MARGIN)
        image = self.image.crop((0, 0, self.width, height))
        # 64 colours hold the felt, the card colours and antialiased text; a palette PNG is a
        # third the size of an RGB one and encodes faster. Level 3 deflates in a third of
        # level 6's time for a file about a quarter larger (still tens of kB): three pictures
        # per move are drawn while players wait.
        # The 64 are chosen from every third row and column (a ninth of the work; colours
        # come in areas and strokes, which the sample holds) and each pixel then takes the
        # nearest of them: half the time of choosing from every pixel, and closer to it.
        sample = image.resize((self.width // 3, max(1, height // 3)), Image.Resampling.NEAREST)
        palette = sample.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=3)
        return out.getvalue()


def _paint_card(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    face: Face,
    small: bool,
    covered: bool,
    dim: bool,
    highlight: bool,
) -> None:
    w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
    colour = face.colour
    paper = CARD
    if covered:
        paper = mix(BACK, CARD, 0.25)
    if dim:
        paper = mix(paper, GREY, 0.5)
        colour = mix(colour, GREY, 0.6)
    edge = HIGHLIGHT if highlight else mix(colour, INK, 0.3)
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=paper, outline=edge, width=3)
    text_ink = LIGHT if covered else INK
    band_h = 16 if small else 20
    draw.rounded_rectangle((x + 3, y + h - band_h - 3, x + w - 3, y + h - 3), 5, fill=colour)
    if face.band_text:
        size, band = fit(face.band_text, w - 10, 11 if small else 12, 8, True)
        draw.text(
            (x + w / 2, y + h - 3 - band_h / 2),
            band,
            font=font(size, True),
            fill=ink_on(colour),
            anchor="mm",
        )
    top = y + 5
    if face.corner is not None:
        corner_size = 18 if small else 24
        draw.text(
            (x + 7, top),
            face.corner,
            font=font(corner_size, True),
            fill=LIGHT if covered else mix(colour, INK, 0.35),
        )
    name_top = top + (26 if small else 34)
    size, lines = fit_lines(face.title, w - 8, 13 if small else 15, 8, True)
    for line in lines:
        draw.text((x + w / 2, name_top), line, font=font(size, True), fill=text_ink, anchor="ma")
        name_top += size + 3
    if face.gloss:
        gsize, gloss = fit(face.gloss, w - 8, 11, 8)
        draw.text(
            (x + w / 2, name_top + 1),
            gloss,
            font=font(gsize),
            fill=MUTED if covered else (90, 90, 90),
            anchor="ma",
        )
    if face.gloss:
        name_top += 13
    symbol_bottom = y + h - band_h - (18 if face.note else 6)
    symbol_size = min(22 if small else 30, symbol_bottom - name_top)
    if face.symbol and symbol_size >= 12:
        draw.text(
            (x + w / 2, symbol_bottom),
            face.symbol,
            font=font(symbol_size),
            fill=MUTED if covered else mix(colour, paper, 0.35),
            anchor="md",
        )
    if face.note:
        nsize, note = fit(face.note, w - 8, 11, 8, True)
        draw.text(
            (x + w / 2, y + h - band_h - 6),
            note,
            font=font(nsize, True),
            fill=LIGHT if covered else RED,
            anchor="md",
        )


def _paint_back(draw: ImageDraw.ImageDraw, x: int, y: int, small: bool, count: int | None) -> None:
    w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=BACK, outline=LIGHT, width=2)
    draw.rounded_rectangle((x + 6, y + 6, x + w - 6, y + h - 6), 5, outline=BACK_LINE, width=2)
    for offset in range(-h, w, 14):
        x0, x1 = x + 8 + max(0, offset), x + w - 8
        y0 = y + 8 + max(0, -offset)
        length = min(x1 - x0, y + h - 8 - y0)
        if length > 0:
            draw.line((x0, y0, x0 + length, y0 + length), fill=BACK_LINE, width=1)
    if count is not None:
        size = 16 if small else 20
        radius = size
        cx, cy = x + w / 2, y + h / 2
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=LIGHT)
        draw.text((cx, cy), str(count), font=font(size, True), fill=BACK, anchor="mm")


TILES_KEPT = 256
"""Card tiles kept for pasting (about 50 kB each, so at most about 12 MB): the faces of a few
busy tables."""


@lru_cache(maxsize=TILES_KEPT)
def _tile(
    paint: Painter, width: int, height: int, args: tuple[Any, ...]
) -> tuple[Image.Image, Image.Image] | None:
    """What ``paint`` draws at the origin of a ``width`` x ``height`` box, with the mask of
    the pixels it decides; ``None`` when pasting it could differ from drawing it.

    It is drawn twice, on black and on white: a pixel alike in both is the drawing's own, one
    black in the first and white in the second is left to the background. Any other pixel is
    the drawing blended with what lies below it (antialiased text over the felt); no tile
    could repeat that on every background, so such a drawing is always drawn afresh.
    """
    on_black = Image.new("RGB", (width, height), (0, 0, 0))
    on_white = Image.new("RGB", (width, height), (255, 255, 255))
    paint(ImageDraw.Draw(on_black), 0, 0, *args)
    paint(ImageDraw.Draw(on_white), 0, 0, *args)
    bands = ImageChops.difference(on_black, on_white).split()
    most = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    least = ImageChops.darker(ImageChops.darker(bands[0], bands[1]), bands[2])
    drawn = most.point(lambda value: 255 if value == 0 else 0)
    left = least.point(lambda value: 255 if value == 255 else 0)
    if ImageChops.lighter(drawn, left).getextrema() != (255, 255):
        return None  # some pixel is neither wholly the drawing's nor wholly the background's
    return on_black, drawn


def per_row(item_width: int, gap: int = 8, width: int = WIDTH - 2 * MARGIN) -> int:
    """How many items of ``item_width`` fit in one row."""
    return max(1, (width + gap) // (item_width + gap))


def card_grid(
    canvas: Canvas,
    y: int,
    faces: list[Face],
    *,
    small: bool = False,
    left: int = MARGIN,
    width: int = WIDTH - 2 * MARGIN,
    highlight: set[int] | None = None,
) -> int:
    """Cards in rows that wrap; returns the y below the last row."""
    w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
    gap = 6
    columns = per_row(w, gap, width)
    for index, face in enumerate(faces):
        row, column = divmod(index, columns)
        canvas.card(
            left + column * (w + gap),
            y + row * (h + gap),
            face,
            small=small,
            highlight=bool(highlight and index in highlight),
        )
    rows = -(-len(faces) // columns) if faces else 0
    return y + rows * (h + gap)


def fan(canvas: Canvas, x: int, y: int, faces: list[Face], room: int) -> int:
    """Small cards overlapping left to right (a pile spread out), so many fit ``room``; the
    value and colour of each stay visible. Returns the y below them.
    """
    if not faces:
        return y
    step = min(SMALL_W + 6, max(12, (room - SMALL_W) // max(1, len(faces) - 1)))
    for index, face in enumerate(faces):
        canvas.card(x + index * step, y, face, small=True)
    return y + SMALL_H + 6
