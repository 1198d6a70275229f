"""Golden pictures (issue 11): one position of every game drawn as stored under golden/.

Each game is played by a seeded random playout to a fixed step; its public picture (German) and
the picture of the seat to act (English, with its hand) are compared with the stored PNGs. The
comparison allows a small mean difference per pixel, so a FreeType build that hints glyphs a
little differently does not fail it, while a changed layout, card or colour does. A changed
word or number moves too few pixels to notice, so the texts drawn are also recorded, in order,
and compared exactly with the stored ``.txt`` beside each PNG.

To regenerate the goldens after an intended change to the drawing, run
``TISCHRUNDE_REGENERATE_GOLDENS=1 .venv/bin/python -m pytest -q tests/pictures/test_golden.py``
and look at every PNG (and the texts) in tests/pictures/golden/ before committing them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from games.core import CHANCE, get_game
from pictures import picture
from tests.pictures.playouts import NAMES, draw_everything_afresh, playout

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("TISCHRUNDE_REGENERATE_GOLDENS") == "1"
TOLERANCE = 1.5
"""Mean absolute difference per channel (0-255) allowed between a picture and its golden."""

POSITIONS = {
    # game id: (players, seed, steps)
    "scherbia": (4, 1, 30),
    "gelfdrakkar": (5, 1, 40),
    "coppertwaddle": (2, 3, 200),
    "catan-deckbuilding": (2, 1, 300),
    "stardust": (4, 1, 24),
    "test-highcard": (3, 1, 3),
}


def difference(png: bytes, golden: bytes) -> float:
    """Mean absolute difference per channel, infinite when the sizes differ."""
    one = Image.open(io.BytesIO(png)).convert("RGB")
    other = Image.open(io.BytesIO(golden)).convert("RGB")
    if one.size != other.size:
        return float("inf")
    return sum(ImageStat.Stat(ImageChops.difference(one, other)).mean) / 3


def drawn(game_id: str, monkeypatch) -> dict[str, tuple[bytes, str]]:
    """The two pictures of the game's fixed position, each with the texts it draws."""
    game = get_game(game_id)
    players, seed, steps = POSITIONS[game_id]
    state = playout(game, players, seed, steps)[-1]
    seat = next((seat for seat in game.to_act(state) if seat != CHANCE), 0)
    names = NAMES[:players]
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):
        texts.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    draw_everything_afresh(monkeypatch)
    pictures = {}
    for kind, who, lang in (("table", None, "de"), ("hand", seat, "en")):
        texts.clear()
        png = picture(game, game.view(state, who), lang, names)
        pictures[kind] = (png, "\n".join(texts) + "\n")
    monkeypatch.undo()
    return pictures


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_pictures_match_their_goldens(game_id, monkeypatch) -> None:
    """The public and the hand picture of a fixed position look as stored and draw the
    stored texts.
    """
    for kind, (png, texts) in drawn(game_id, monkeypatch).items():
        path = GOLDEN / f"{game_id}-{kind}.png"
        words = path.with_suffix(".txt")
        if REGENERATE:
            path.write_bytes(png)
            words.write_text(texts, encoding="utf-8")
        assert path.exists(), f"no golden {path.name}: regenerate (see the module docstring)"
        diff = difference(png, path.read_bytes())
        assert diff < TOLERANCE, f"{path.name} differs by {diff:.2f} per channel"
        assert texts == words.read_text(encoding="utf-8"), f"{words.name}: other texts drawn"


def test_the_comparison_sees_a_different_picture() -> None:
    """The tolerance lets font hinting pass, not another table: two positions one step apart
    in the same game differ by more than it (or in size).
    """
    game = get_game("scherbia")
    states = playout(game, 4, 1, 31)
    before, after = (
        picture(game, game.view(state, None), "de", NAMES[:4]) for state in states[-2:]
    )
    assert difference(before, after) >= TOLERANCE
    assert difference(before, before) == 0
