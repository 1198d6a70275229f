"""Stardust: a poker-like card game with planets, suns and jokers, for 3 to 5 players.

Rules (source ``shared/rules-sources/004_...``, settled by ``shared/rulings/stardust.md``; the
full text with every choice is in ``rules.de.md`` / ``rules.en.md``):

- 48 cards: 36 planets (Wald/Aqua/Wüste x groß/mittel/klein x 1-4 economy points), 6 suns
  (gelb/rot x 1-3 stripes) and 6 jokers with fixed substitute values; three jokers have
  specials (Schwarzes Loch, Schneller Tod, Dunkle Wasser).
- A match is ``hands`` hands (default 5) with ``starting_chips`` each (default 200) and an ante
  (default 10); the deal rotates. A hand: ante, 5 cards each, no-limit betting round, exchange
  (joker specials, then up to 3 cards), second betting round, showdown among those still in with
  side pots. Best sum of economy points over planet combinations wins; Sternenhaufen (5 suns)
  beats planets, das große Treffen (5 jokers) beats everything. Ties: best sun, then the
  structure of the best combination, then a split pot.

Action codes:
- chance: a new hand's deck order (48 positions) or the order of the discards reshuffled into an
  empty draw pile, sampled as ``mix:<one letter per position>``; the older spelling
  ``shuffle:<position>:<position>:...`` of stored logs reads the same (see ``chance.py``).
- betting: ``check``, ``call``, ``fold``, ``bet:<total>``, ``raise:<total>`` (the seat's total bet
  in this round afterwards). ``bet`` and ``raise`` are open verbs: ``legal_actions`` lists the
  menu (minimum, half pot, pot, all-in), any other amount may be typed and is validated.
- exchange: ``keep``, ``swap:<card>[:<card>[:<card>]]`` (ascending card ids), ``loch``,
  ``tod:<seat>``, ``wasser``; forced answers: ``drop:<card>`` (Schneller Tod's target),
  ``pay`` / ``fold`` (Dunkle Wasser, each player in turn).

Card ids: see ``cards.py``. ``check_invariants(state)`` asserts chip and card conservation.
"""

from .engine import Stardust, StardustOptions, check_invariants, side_pots
from .scoring import evaluate, explain

GAME = Stardust()

__all__ = [
    "GAME",
    "Stardust",
    "StardustOptions",
    "check_invariants",
    "evaluate",
    "explain",
    "side_pots",
]
