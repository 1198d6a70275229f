"""Rules pages: each game package ``games/<id with _>`` ships ``rules.de.md`` and ``rules.en.md``."""

from __future__ import annotations

from importlib import resources

from games.core import Game


def rules_page(game: Game, lang: str) -> str:
    """The game's rules page in ``lang``, falling back to the other language."""
    try:
        package = resources.files(f"games.{game.id.replace('-', '_')}")
    except ModuleNotFoundError:
        package = None
    if package is not None:
        for candidate in (lang, "en", "de"):
            page = package / f"rules.{candidate}.md"
            if page.is_file():
                return page.read_text(encoding="utf-8")
    return f"{game.name.get(lang)}\n\n{game.summary.get(lang)}".strip()
