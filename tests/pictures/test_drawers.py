"""The drawers (issue 11): every shipped game has its own, any other game a generic picture,
and players' names never break a picture.
"""

from __future__ import annotations

import io

from PIL import Image

from games.core import all_games, get_game
from pictures import DRAWERS, Scene, picture
from pictures.kit import WIDTH
from tests.pictures.playouts import playout


def test_every_shipped_game_has_its_own_drawer() -> None:
    """The five games draw their own tables; only test games fall back to the generic one."""
    shipped = {game.id for game in all_games() if not game.id.startswith("test-")}
    assert shipped == set(DRAWERS)


def test_a_game_without_a_drawer_gets_its_text_drawn() -> None:
    """The bot never lacks a picture: the test game is drawn from its text rendering."""
    game = get_game("test-highcard")
    state = playout(game, 2, 3, 2)[-1]
    image = Image.open(io.BytesIO(picture(game, game.view(state, None), "en")))
    assert image.width == WIDTH and 40 < image.height < 400


def test_long_and_emoji_names_are_cut_and_drawable() -> None:
    """A display name longer than 20 characters is cut; characters the font lacks become ?."""
    game = get_game("stardust")
    scene = Scene(game, {}, "de", ["Wölfin 🐺", "x" * 40])
    assert scene.name(0) == "Wölfin ?"
    assert scene.name(1) == "x" * 19 + "…"
    assert scene.name(2) == game.seat_name(2, "de")  # no name given: the game's seat name
    state = playout(game, 3, 1, 20)[-1]
    names = ["🐺" * 30, "Ünal", "Ö" * 60]
    assert picture(game, game.view(state, None), "de", names).startswith(b"\x89PNG")
