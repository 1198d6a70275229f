"""Coppertwaddle (Surprised Stare Games): a medieval realm-building game for two.

Each player builds a Domain of two rows of four Ditches: Adel above, Bauern below, each row
filled from the left (gaps first). A player whose Domain holds eight proud (face-up) cards wins
the game; a card that must be drawn from an empty Trumpet ends it drawn. A match is three games,
scored as in section 7 of the source (a point per win, per draw, for the best single score and
for the best total). The deck is data (``cards.json``); cards the source does not give are
reconstructed and marked so (see the rules page).

A turn: Engagement (the Guardian's covered cards turn proud, then a draw); Challenging (the
Challenger may use favours and abilities); En Garde (one rank card, any Bekanntmachungen,
favours and abilities); Robbing (optional: the Guardian and the Challenger alternate favours,
abilities and passes, the Guardian first, until both pass in a row); Respite (hand limit 4).
A Coppertwaddle answers any non-rank card, in either player's turn (the other seat's pending
decision). With the option ``always_ask`` (the default) a seat holding any card is asked for the
answer, the Challenge, En Garde and each robbing turn even with nothing to play, so that no
question shows what a hand holds; only an empty hand with nothing to use is passed over.

Slots are ``seat*8 + row*4 + column`` (row 0 Adel, row 1 Bauern). Card ids index the deck in
the data file's order; codes name a card design (``<design>``, its index in the file), since
copies are interchangeable. Codes: ``shuffle:<55 card ids>`` (chance), ``rank:<design>``,
``wind:<slot>`` (a free Ditch in either Domain, or a covered Bauer to block; the four Winds are
alike, so the code names only the place), ``decl:<design>:<slot>``,
``fav:<design>[:<target>]`` (a slot, or for Dread of Night the card id to remove),
``abil:<slot>[:<target>]``, ``rob:<robber slot>:<target slot>``, ``end`` (no robbing),
``done`` (end the challenge), ``pass``, ``answer`` (with a Coppertwaddle), ``let``,
``discard:<design>``.

The ruling's balance check: ``balance_report(playouts)`` takes finished matches (states, or
objects with a ``.state`` such as the conformance suite's ``Playout``) and returns a
``BalanceReport`` (``.text(lang)`` to print, ``.ok``, ``.to_dict()``); ``self_play(matches,
seed, players)`` plays such matches between engine players.
"""

from .balance import BalanceReport, balance_report, self_play
from .cards import DESIGNS, DeckError, parse_deck
from .engine import Coppertwaddle, CoppertwaddleOptions
from .table import match_points

GAME = Coppertwaddle()

__all__ = [
    "DESIGNS",
    "GAME",
    "BalanceReport",
    "Coppertwaddle",
    "CoppertwaddleOptions",
    "DeckError",
    "balance_report",
    "match_points",
    "parse_deck",
    "self_play",
]
