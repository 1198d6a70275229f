"""Gelfdrakkar: a trick-taking game with secret parties around Vernio and Sinhara (4-8 players).

Rules in short (``rules.de.md`` / ``rules.en.md`` hold the full page with every ruling): 120
cards, plus four Nullkarten with seven players, are dealt evenly; the rest is set aside unseen.
The holders of Vernio and Sinhara form the Vernio party, everyone else plays against Vernio; a
player holding both plays alone. There is no duty to follow; the highest card wins a trick
unless a combination beats it, and special cards (Unterstuetzer, Gegenwirker, Waldherr, Damen,
Freund, Spion, Helfer, Fessel, Tod) send tricks to a pile or change who wins. The party with
more card points (pure-species tricks twice, +20 for the last trick with the Letzte Dame) wins
the round; announcements raise the stake; the losing party pays it in Kupfermuenzen. A game is
a series of rounds (option ``rounds``) with a rotating dealer; a tied round is dealt again.

Action codes:
- ``shuffle:<order>`` (chance): a permutation of the deck in play (120 or 124 cards).
- ``play:<card>``; with 5 or 6 players the Waldherr names a partner: ``play:3:<seat>``.
- ``swap:spion:<card>`` / ``swap:helfer:<card>``: before playing, exchange a Spion or Helfer for
  a card from one's own party's pile (once per turn).
- ``limit:<160|120|80|40|0>``: "the others stay under ..."; ``reveal``: announce one's party
  (both only before playing one's second card, each once per party).
- ``claim`` / ``decline``: the holder of the Erste Dame decides on a trick won by the Zweite or
  Letzte Dame.

Cards are ints 0-123 (see ``cards.py``).
"""

from .engine import Gelfdrakkar, GelfdrakkarOptions

GAME = Gelfdrakkar()

__all__ = ["GAME", "Gelfdrakkar", "GelfdrakkarOptions"]
