"""Siedler von Catan: Deck Building, two players (source 003, ruling catan-deckbuilding.md).

Each player starts with 21 cards (resources, Meer, Wueste, Strasse, Siedlung) and draws 7. In
a turn the active player buys cards from the supply (Bandit, Ritter (Defensiv), Ritter
(Offensiv), Hafen, Strasse, Siedlung, Stadt), plays action cards and sets cards aside; every
used card lies on the table until the turn ends. Ending the turn puts the table on the discard
pile and draws up to 7 (hand under 4) or exactly 3. Whoever holds three Stadt cards at any
moment of their own turn wins; a turn limit (default 150 turns in all) ends the game drawn.

Action codes (cards are named by their German word, e.g. ``stadt``, ``ritter_off``):
- ``buy:<card>`` buys with the engine's automatic payment (the label lists the cards);
  ``pay:<card>`` starts a custom payment: ``use:<card>`` adds one hand card at a time,
  ``confirm`` pays once the selection covers the price (two leftover resources trade for one
  unit, the turn's Strassen pool fills the rest), ``cancel`` gives everything back.
- ``play:<card>`` plays Strasse, Hafen, Bandit, Ritter (Offensiv) or Ritter (Defensiv);
  ``aside:<card>`` puts a card on the table without effect; ``end`` ends the turn.
- Answers of the seat asked: ``defend`` / ``accept`` (Ritter (Defensiv) against an attack, or
  the attacker's answer to a reflected one), ``keep`` / ``return`` (the Bandit's card),
  ``drop:<card>`` (discarding to a Ritter (Offensiv)). With the option ``always_ask`` (the
  default) a seat holding cards is asked whatever it holds: an attack without a Ritter
  (Defensiv) in hand offers only ``accept``, a discard with one kind left only that kind.
- Chance: ``shuffle:<permutation>`` (starting decks, reshuffles; the permutation lists the
  sorted pile's positions in drawing order), ``first:<seat>``, ``steal:<card>``.
"""

from __future__ import annotations

from .engine import CatanDeckbuilding, CatanOptions

GAME = CatanDeckbuilding()

__all__ = ["GAME", "CatanDeckbuilding", "CatanOptions"]
