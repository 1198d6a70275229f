"""Kept drawings: a card pasted from its tile, a text from its rendered mask, is the same
pixels as drawn afresh.

A picture shows the same cards and words many times, so ``Canvas`` keeps each drawn card as a
tile with the mask of the pixels it decides, and the fonts keep each text's rendered glyphs.
What a player sees must not depend on what was kept: every position below is drawn both ways
and compared pixel by pixel.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from games.core import all_games
from pictures import kit, picture
from tests.pictures.playouts import NAMES, draw_everything_afresh, playout, spread


def _pixels(monkeypatch, game, view, lang, names) -> Image.Image:
    # The canvas as drawn, before the palette PNG (whose colours a tile must not move either).
    kept: list[Image.Image] = []

    def keep(canvas: kit.Canvas) -> bytes:
        kept.append(canvas.image.crop((0, 0, canvas.width, canvas.bottom + kit.MARGIN)))
        return b""

    monkeypatch.setattr(kit.Canvas, "png", keep)
    picture(game, view, lang, names)
    (image,) = kept
    return image


@pytest.mark.parametrize("game", [game.id for game in all_games()])
def test_kept_cards_and_texts_draw_the_same_pixels_as_drawn_afresh(game, monkeypatch) -> None:
    """Public and hand pictures across a game, in both languages, drawn with kept tiles and
    masks and with everything drawn afresh, agree in every pixel; tiles and masks were used.
    """
    engine = next(candidate for candidate in all_games() if candidate.id == game)
    players = engine.max_players
    names = list(NAMES[:players])
    kit._tile.cache_clear()
    kit._mask.cache_clear()
    for state in spread(playout(engine, players, seed=5), 6):
        for seat, lang in ((None, "de"), (0, "en")):
            view = engine.view(state, seat)
            monkeypatch.undo()  # back to kept tiles and masks
            kept = _pixels(monkeypatch, engine, view, lang, names)
            draw_everything_afresh(monkeypatch)
            drawn = _pixels(monkeypatch, engine, view, lang, names)
            assert kept.size == drawn.size
            assert ImageChops.difference(kept, drawn).getbbox() is None, (game, seat, lang)
    if game != "test-highcard":  # the test game draws no cards
        assert kit._tile.cache_info().hits > 0
    assert kit._mask.cache_info().hits > 0


def test_a_drawing_that_blends_into_its_background_is_never_kept_as_a_tile() -> None:
    """Antialiased text straight on the felt mixes with whatever lies below it: no tile can
    repeat that, so it is drawn afresh each time.
    """

    def loose_text(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.text((x + 4, y + 4), "Ditch", font=kit.font(14), fill=kit.MUTED)

    def opaque_box(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.rectangle((x, y, x + 20, y + 10), fill=kit.CARD)
        draw.text((x + 2, y), "7", font=kit.font(9), fill=kit.INK)

    assert kit._tile(loose_text, 60, 30, ()) is None
    kept = kit._tile(opaque_box, 30, 20, ())
    assert kept is not None
    tile, mask = kept
    assert mask.getpixel((5, 5)) == 255 and mask.getpixel((25, 15)) == 0
    assert tile.getpixel((19, 9)) == kit.CARD
