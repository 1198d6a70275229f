"""A fast rule-based Scherbia player, made to play out sampled deals for the searching players.

Random play judges a move by games nobody would play: a Magier thrown into a lost trick, a
Bauer kept while the trick is worth nothing. This player costs little more than a random move
(no sampling, no search: a few sums over the trick) and follows a few cheap rules instead:

* **A card:** every card ends in the pile of the trick it is played into, so the question is
  whose pile. Each card in hand is tried on the trick as it lies (a Holzfaeller counted at its
  mean roll 7, a Berufsloser as its best copy). Playing last in the layer, it wins the trick
  with its weakest card that wins it alone when the trick holds anything worth taking, and
  otherwise throws its cheapest card: a Bauer first (it goes home whoever wins), then the card
  worth least at the final count. With players still to come it plays a card only when it
  leads by more than a card can make up (``SAFE``), else throws its cheapest card.
* **The questions:** copy the card that makes the Berufsloser worth most; Sperrfeuer on the
  opponent whose latest card counts most, if it counts at least ``SHOOT_AT``; Blockade only when
  its side is not ahead; a replacement like a card played last; steal whenever asked (the
  engine asks only when it changes something); a Heiler exchanged for the hand card worth
  least at the final count; action cards and Einsprueche at random (off by default).

It reads only what its seat sees: the trick lying face up, its own hand and the layer count
(``game.view`` shows the same; the view is not built because a playout asks for thousands of
moves), so it may also play at a table. Its randomness comes from its ``rng`` argument only.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import Game, State

from .cards import BAUER, BERUFSLOSER, HEILER, HOLZFAELLER, PROFESSION_OF_WORD, WORDS
from .rules import decide, effective, entry_value, latest_slot, lying_counts, totals

WORTH: tuple[float, ...] = (10, 9, 8, 7, 6, 5.5, 4, 3, 2, 1, 0, 7)
"""What a card in a pile scores at the final count on average (Holzfaeller: mean of two dice);
the same figures as the strategy's."""
COST: tuple[float, ...] = (10, 9, 8, 7, 6, 5.5, 4, 3, 2, 0, 0.5, 7)
"""What throwing a card into a lost trick costs: its worth, except the Bauer (it goes home) and
the Berufsloser (worth nothing, but a cheap copy of a high card later)."""
MEAN_ROLL = 7
"""A Holzfaeller not yet rolled, counted at the mean of two dice."""
SAFE = 9
"""With players still to come in the layer, a lead this large is kept: only a Magier, a
high Holzfaeller or a boosted Schmied or Baecker makes it up."""
LAMBDA = 2.0
"""What a card's power to win a later trick is worth, per point of its value."""
POWER: tuple[float, ...] = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 3, 7)
"""How much a card counts when played alone (a Holzfaeller at its mean roll; a Berufsloser
copies some card)."""
SHOOT_AT = 6
"""A Sperrfeuer is worth firing at a card counting this much (a Heiler or more)."""
WORTH_TAKING = 1.0
"""A trick holding opponents' cards worth less than this is left to them."""
_PLAY = ["play:" + word for word in WORDS]


def _team(state: State, seat: int) -> int:
    return seat % 2 if state["teams"] else seat


def _hypothetical(seat: int, card: int, trick: list[dict[str, Any]]) -> dict[str, Any]:
    """``card`` as a new entry in the trick: a Holzfaeller at its mean roll, a Berufsloser
    copying the lying card that makes it worth most (or nothing).
    """
    entry = {"s": seat, "c": card, "as": None, "r": None, "x": None, "w": None}
    prof = card >> 2
    if prof == HOLZFAELLER:
        entry["r"] = MEAN_ROLL
    elif prof == BERUFSLOSER and trick:
        best, best_value = None, -1.0
        counts = lying_counts(trick)
        for other in trick:
            value = _value(other, counts)
            if value > best_value:
                best, best_value = other, value
        assert best is not None
        entry["as"] = effective(best)
        if entry["as"] == HOLZFAELLER:
            entry["r"] = best["r"] if best["r"] is not None else MEAN_ROLL
    return entry


def _value(entry: dict[str, Any], counts: tuple[int, int, int]) -> float:
    """An entry's current value, an unrolled Holzfaeller at its mean roll."""
    if entry["r"] is None and effective(entry) == HOLZFAELLER:
        return MEAN_ROLL
    return entry_value(entry, counts)


def _sums(trick: list[dict[str, Any]], n: int) -> list[int]:
    """Trick totals with unrolled Holzfaeller at their mean roll."""
    sums = totals(trick, n)
    for entry in trick:
        if entry["r"] is None and effective(entry) == HOLZFAELLER:
            sums[entry["s"]] += MEAN_ROLL
    return sums


class PlayoutPlayer:
    """Cheap rules for every Scherbia decision (see the module docstring)."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """A legal code for ``seat``: a card, or an answer to the question asked."""
        ask = state["ask"]
        if ask is None:
            return self._card(state, seat, state["hands"][seat], state["trick"], last=None)
        kind = ask["k"]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        if kind == "copy":
            return self._copy(state, ask, legal)
        if kind == "shoot":
            return self._shoot(state, seat, legal)
        if kind == "replace":
            return self._replace(state, seat, ask)
        if kind == "block":
            return self._block(state, seat)
        if kind == "steal":
            return "steal" if "steal" in legal else legal[0]
        if kind == "heal":
            return self._heal(legal)
        return rng.choice(legal)

    # ----- cards -------------------------------------------------------------------------------

    def _card(
        self,
        state: State,
        seat: int,
        hand: list[int],
        trick: list[dict[str, Any]],
        last: bool | None,
    ) -> str:
        """The card to play from ``hand`` into ``trick`` (``last``: no one plays after it in
        this layer; None: from the layer count).
        """
        n = state["n"]
        if last is None:
            last = state["count"] == n - 1
        mine = _team(state, seat)
        cheapest = min(hand, key=lambda card: (COST[card >> 2], card))
        if not last:
            return _PLAY[cheapest >> 2]
        at_stake = ours = 0.0
        for entry in trick:
            if effective(entry) == BAUER:
                continue
            if _team(state, entry["s"]) == mine:
                ours += WORTH[entry["c"] >> 2]
            else:
                at_stake += WORTH[entry["c"] >> 2]
        best_code, best_score = _PLAY[cheapest >> 2], None
        seen: set[int] = set()
        for card in hand:
            prof = card >> 2
            if prof in seen:
                continue
            seen.add(prof)
            entry = _hypothetical(seat, card, trick)
            after = [*trick, entry]
            winner = decide(after, _sums(after, n))
            worth = ours + COST[prof]
            if winner is None:
                score = 0.0
            elif _team(state, winner) == mine:
                score = at_stake + worth
            else:
                score = -worth
            score -= LAMBDA * POWER[prof]
            if best_score is None or score > best_score:
                best_code, best_score = _PLAY[prof], score
        return best_code

    # ----- questions ---------------------------------------------------------------------------

    def _copy(self, state: State, ask: dict[str, Any], legal: list[str]) -> str:
        trick = state["trick"]
        counts = lying_counts(trick)
        best, best_value = "pass", 0.0
        for code in legal:
            if code == "pass":
                continue
            slot = int(code.split(":")[1])
            value = _value(trick[slot], counts)
            if value > best_value:
                best, best_value = code, value
        return best

    def _shoot(self, state: State, seat: int, legal: list[str]) -> str:
        trick = state["trick"]
        counts = lying_counts(trick)
        layer = state["layer"]
        mine = _team(state, seat)
        best, best_value = "pass", SHOOT_AT - 0.5
        for code in legal:
            if code == "pass":
                continue
            target = int(code.split(":")[1])
            if _team(state, target) == mine:
                continue
            slot = latest_slot(trick, target, layer)
            if slot is not None and _value(trick[slot], counts) > best_value:
                best, best_value = code, _value(trick[slot], counts)
        return best

    def _replace(self, state: State, seat: int, ask: dict[str, Any]) -> str:
        """A replacement is played last in its place: the trick without the card sent back."""
        slot = ask["e"]
        trick = [entry for index, entry in enumerate(state["trick"]) if index != slot]
        hand = list(state["hands"][seat])
        code = self._card(state, seat, hand, trick, last=True)
        return "replace:" + code.split(":")[1]

    def _block(self, state: State, seat: int) -> str:
        trick = state["trick"]
        sums = _sums(trick, state["n"])
        winner = decide(trick, sums)
        ahead = winner is not None and _team(state, winner) == _team(state, seat)
        return "pass" if ahead else "block"

    @staticmethod
    def _heal(legal: list[str]) -> str:
        best, best_cost = "pass", WORTH[HEILER]
        for code in legal:
            if code == "pass":
                continue
            cost = WORTH[PROFESSION_OF_WORD[code.split(":")[1]]]
            if cost < best_cost:
                best, best_cost = code, cost
        return best
