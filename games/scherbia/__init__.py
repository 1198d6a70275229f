"""Scherbia: a trick-taking game of twelve professions in four peoples (2 to 8 players).

Rules in brief (``rules.de.md`` / ``rules.en.md`` are the full page, with every ruling):
48 cards, twelve professions x four peoples. Each player gets ``hand_size`` (5 or 6) cards; the
rest is set aside unseen; chance draws the first leader. In a trick every player plays one card
per layer, leader first; totals add all of a player's cards in the trick. Another layer follows
(up to ``max_layers``: 2, 3, 4 or 0 = unlimited) when a Krieger's owner uses Blockade or the
highest total is tied and no single tied player has a Magier. The highest total wins the trick
(Magier breaks ties); a tie at the end discards it. Then Diebe steal the lowest card, Heiler
may be exchanged for a lower hand card, Bauern go to their owners' piles, the rest to the
winner. Abilities: Schmied, Schuerfer and Baecker bonuses, Jaeger's Sperrfeuer, Holzfaeller's
dice, Berufsloser copying. At the end each pile scores its printed values (Holzfaeller rolled
again, Berufsloser 0, Seemann +1 per Bauer, Holzfaeller and Schuerfer in its pile); in teams
(2v2, 3v3, 4v4, members sit alternately) a team scores the sum of its members' piles.
Table options ``action_cards``/``action_hand`` add the source's Aktionskarten (a second hidden
hand; one card laid face down before a trick, revealed after its last layer, Einsprueche, then
the effects) and ``factions`` the Fraktionen of team games; the card effects and the factions
are the project's own edition, as data in ``actions.py``.

Action codes (cards in codes are named by profession; the lowest-numbered card of that
profession in hand is used, since peoples have no effect):
``play:<profession>``, ``copy:<slot>`` (Berufsloser copies the card in that trick slot),
``shoot:<seat>`` / ``pass`` (Jaeger), ``replace:<profession>`` (the Jaeger's target),
``block`` / ``pass`` (Krieger), ``steal`` / ``pass`` (Dieb), ``heal:<profession>`` / ``pass``
(Heiler), ``lay:<action card>`` / ``faction`` / ``pass`` (before a trick), ``veto:<seat>`` /
``pass`` (Einspruch). Chance: ``shuffle:<48 cards>``, ``ashuffle:<36 action cards>``,
``factions:<team 1>:<team 2>``, ``first:<seat>``, ``dice:<a>:<b>``.
Cards are ints ``profession * 4 + people`` (see ``cards.py``).
"""

from __future__ import annotations

from .engine import Scherbia, ScherbiaOptions

GAME = Scherbia()
"""The registered Scherbia game."""

__all__ = ["GAME", "Scherbia", "ScherbiaOptions"]
