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
