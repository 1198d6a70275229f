"""Fonts (issue 11): DejaVu Sans ships inside the package with its licence, and every
character a picture draws (umlauts, the cards' signs) has a glyph in it: no tofu boxes.
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest
from PIL import ImageDraw

import pictures
from games.core import all_games
from pictures import kit, picture
from tests.pictures.playouts import NAMES, draw_everything_afresh, playout, spread

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(pictures.__file__).parent


def test_fonts_and_licence_ship_as_package_data() -> None:
    """The fonts are read from the package (never the system), and pyproject.toml lists them
    as package data, so a non-editable install carries them.
    """
    for bold in (False, True):
        path = Path(kit.font_path(bold))
        assert path.is_file() and PACKAGE in path.parents
        assert kit.font(18, bold).path == str(path)
    assert "Bitstream Vera" in (PACKAGE / "fonts" / "LICENSE_DEJAVU").read_text()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["pictures"]
    shipped = [p.relative_to(PACKAGE).as_posix() for p in (PACKAGE / "fonts").iterdir()]
    for name in shipped:
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name
    assert any(dep.lower().startswith("pillow==") for dep in config["project"]["dependencies"])


def test_the_glyph_check_tells_drawn_from_missing() -> None:
    """The check used below can fail: an emoji is not in DejaVu Sans, an umlaut is."""
    assert kit.has_glyph("ä") and kit.has_glyph("Ü", bold=True) and kit.has_glyph("☀")
    assert not kit.has_glyph("🙂") and not kit.has_glyph("\U000f0001")
    assert kit.drawable("Anna 🙂") == "Anna ?"


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_character_drawn_has_a_glyph(game, monkeypatch) -> None:
    """Pictures of positions across a game in German and English draw only characters the
    shipped font has (card names with umlauts, the signs on the cards, the labels).
    """
    drawn: set[tuple[str, bool]] = set()
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, fill=None, font=None, *args, **kwargs):
        bold = font is not None and "Bold" in str(getattr(font, "path", ""))
        drawn.update((char, bold) for char in str(text))
        return original(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    draw_everything_afresh(monkeypatch)
    players = game.min_players
    for state in spread(playout(game, players, 5), 4):
        for lang in ("de", "en"):
            picture(game, game.view(state, None), lang, NAMES[:players])
            picture(game, game.view(state, 0), lang, NAMES[:players])
    monkeypatch.undo()
    assert any(char in "äöüÄÖÜß" for char, _bold in drawn) or game.id == "test-highcard"
    missing = sorted({char for char, bold in drawn if not kit.has_glyph(char, bold)})
    assert not missing, f"no glyph for {missing}"
