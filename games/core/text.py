"""Bilingual text: every word a player reads exists in German and English."""

from __future__ import annotations

from typing import NamedTuple

LANGUAGES = ("de", "en")


class Text(NamedTuple):
    """A German and an English version of one message."""

    de: str
    en: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` ("de" or "en"); English for any other language."""
        return self.de if lang == "de" else self.en

    def format(self, **values: object) -> Text:
        """Both versions with ``str.format`` placeholders filled in."""
        return Text(self.de.format(**values), self.en.format(**values))


def plural(count: float, one: Text, many: Text) -> Text:
    """``one`` or ``many`` as ``count`` needs ("1 Tisch", "2 Tische"), with ``{n}`` filled in.

    Both languages use the singular for exactly one only (German "0 Tische", English
    "0 tables"); a count that is not whole takes the plural ("1.5 points").
    """
    shown = str(int(count)) if float(count).is_integer() else f"{count:g}"
    return (one if count == 1 else many).format(n=shown)
