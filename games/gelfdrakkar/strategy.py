"""A Gelfdrakkar engine player that reasons from its own view only.

It believes in the parties the table has revealed and guesses the rest (an unknown player is
taken to be on the side most players are on: against Vernio). For each card it could play it
resolves the trick as it stands with the engine's own ``resolve`` and scores the outcome: points
won for its party, weighted by how likely the winning card is to hold against the players still
to come, minus the cost of spending a strong card; points given away count against it. It plays
the Waldherr in time, names a partner it believes is on its side, always claims with the Erste
Dame, and exchanges a Spion or Helfer for a top card lying in its own party's pile.

It announces "against Vernio" when it is against Vernio and holds at least two cards of rank
500 or more (Zweite Dame and up): in 4,000 five-player seat-rounds of this player against
itself such hands' party won 79-90% of the rounds (the party against Vernio wins 70% on
average), so the +20 stake is likely won. It makes no point announcement: a failed one loses
the round, and even the strongest hands kept the others under 160 points in only two thirds
of those rounds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core import Game, State, decode

from .cards import KIND, POINTS, RANK, SINHARA, VERNIO, WALDHERR
from .tricks import resolve

_HOLD = {1000: 1.0, 900: 0.95, 800: 0.85, 700: 0.75, 600: 0.7, 500: 0.6, 400: 0.55, 300: 0.45}
_ANNOUNCE_RANK = 500
_ANNOUNCE_CARDS = 2
"""Announce "against Vernio" with this many cards of at least this rank (see above)."""
_SWAP_WORTH = 700
"""Only exchange for a card at least as strong as the Waldherr (Vernio, Tod, Sinhara, Waldherr)."""


def _hold(card: int, remaining: int) -> float:
    """Rough chance that ``card`` still wins after ``remaining`` more players."""
    if remaining == 0:
        return 1.0
    rank = RANK[card]
    base = _HOLD.get(rank)
    if base is None:
        base = 0.1 + 0.25 * max(rank - 50, 0) / 175 if rank > 0 else 0.05
    return base ** (0.5 + remaining / 4)


_HOLDS = [[_hold(card, remaining) for remaining in range(8)] for card in range(len(RANK))]
"""``_hold`` of every card before each number of players still to come (a table has at most
eight seats), looked up where a playout scores every card of every hand."""
_SPEND = [max(rank, 0) / 60 for rank in RANK]
"""What spending each card costs by its rank (see ``score_play``)."""


class Strategy:
    """A greedy trick evaluator with party beliefs; see the module docstring."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """Pick a legal action for ``seat`` from its view."""
        legal = game.legal_actions(state, seat)
        view = _view(game, state, seat)
        if view["phase"] == "claim":
            return "claim" if "claim" in legal else legal[0]
        party = view["party"]
        if (
            party == "A"
            and "reveal" in legal
            and sum(1 for card in view["hand"] if RANK[card] >= _ANNOUNCE_RANK) >= _ANNOUNCE_CARDS
        ):
            return "reveal"
        belief = self._belief(view, seat)
        swap = self._swap(view, legal)
        if swap is not None:
            return swap
        plays = [code for code in legal if code.startswith("play:")]
        hand = view["hand"]
        if WALDHERR in hand and len(hand) <= 3:
            forced = [code for code in plays if decode(code)[1][0] == WALDHERR]
            plays = forced or plays
        score_play = _scorer(view, seat, party, belief)
        best_code = plays[0]
        best_score = float("-inf")
        for code in plays:
            score = score_play(code)
            score += rng.random() * 1e-6  # break exact ties without a fixed bias
            if score > best_score:
                best_code, best_score = code, score
        return best_code

    def rank(self, game: Game, state: State, seat: int, legal: list[str]) -> list[str]:
        """``legal`` best first for the searching level, which plays out only the top few:
        the moves that are no card played (an exchange, a claim) first, then the cards by the
        score ``choose`` gives them.
        """
        view = _view(game, state, seat)
        if view["phase"] == "claim":
            return list(legal)
        belief = self._belief(view, seat)
        score_play = _scorer(view, seat, view["party"], belief)
        plays = [code for code in legal if code.startswith("play:")]
        scored = sorted(plays, key=lambda code: -score_play(code))
        return [code for code in legal if not code.startswith("play:")] + scored

    @staticmethod
    def _belief(view: dict[str, Any], seat: int) -> list[str]:
        party = view["party"]
        hand = view["hand"]
        believed = []
        for other, side in enumerate(view["revealed"]):
            if other == seat:
                believed.append(party)
            elif side is not None:
                believed.append(side)
            elif party == "V" and VERNIO in hand and SINHARA in hand:
                believed.append("A")
            else:
                believed.append("A")
        return believed

    @staticmethod
    def _swap(view: dict[str, Any], legal: list[str]) -> str | None:
        best = None
        best_rank = _SWAP_WORTH - 1
        for code in legal:
            if not code.startswith("swap:"):
                continue
            took = int(decode(code)[1][1])
            if took == WALDHERR and len(view["hand"]) <= 4:
                continue
            if RANK[took] > best_rank:
                best, best_rank = code, RANK[took]
        return best


def _view(game: Game, state: State, seat: int) -> dict[str, Any]:
    """The seat's view, uncopied where the engine offers it (``shared_view``): read only."""
    shared = getattr(game, "shared_view", None)
    return shared(state, seat) if shared is not None else game.view(state, seat)


def _scorer(
    view: dict[str, Any], seat: int, party: str, belief: list[str]
) -> Callable[[str], float]:
    """The score of playing each card code from ``view``: the trick resolved with the card
    added, its points weighed by how likely the winner holds, less the price of the card.
    What does not depend on the card (the trick so far, its points) is worked out once.
    """
    players = view["players"]
    trick = view["trick"]
    remaining = players - len(trick) - 1
    last = view["trick_no"] + 1 == view["tricks"] and remaining == 0
    forced_against = view["forced"]
    table_partner = view["partner"]
    on_table = view["carried"] + [played for _seat, played in trick]
    points_on_table = sum(POINTS[card] for card in on_table)
    tod_points_on_table = sum(POINTS[card] for card in on_table if card in (VERNIO, SINHARA))
    waldherr_price = 8 if len(view["hand"]) > 4 else 0

    def score_play(code: str) -> float:
        args = decode(code)[1]
        card = int(args[0])
        named = len(args) > 1
        partner = int(args[1]) if named else table_partner
        if named and belief[partner] != party:
            return -1000.0  # never name a believed opponent if avoidable
        outcome = resolve(
            [*trick, [seat, card]],
            belief,
            players=players,
            last=last,
            forced_against=forced_against,
            partner=partner,
        )
        if outcome["tod"]:
            value = tod_points_on_table + (POINTS[card] if card in (VERNIO, SINHARA) else 0)
        else:
            value = points_on_table + POINTS[card]
        value += 4  # a trick is worth something even when empty: it leads the next one
        # Spending a strong card has a price: it could win a richer trick later.
        spend = _SPEND[card] + (waldherr_price if card == WALDHERR else 0)
        dest = outcome["dest"]
        if dest == "carry":
            swing = 0.6 * value
            return (swing if party == "A" else -swing) - spend
        if dest == "fetter":
            return -POINTS[card] * 0.3 - spend
        hold = _HOLDS[outcome["card"]][remaining]
        if outcome["winner"] == seat or belief[outcome["winner"]] == party:
            hold = hold if outcome["by"] in ("winner", "partner") else 0.9
        if dest == party:
            return value * hold - (1 - hold) * POINTS[card] - spend
        return -value - POINTS[card] - spend + (0 if KIND[card] != "null" else 1)

    return score_play


SESSION_SWING = 200
"""Kupfermuenzen that take a seat from an even balance to the top (or bottom) of the strong
player's yardstick between rounds: most five-round sessions of normal play end with every
balance inside it (a round's payments to one seat run from a few coins to about 300)."""


def round_over(state: State) -> bool:
    """Where the strong player's playouts stop in a series of rounds: the round searched is
    over and the next deal waits. The rounds after it would add their own deals' luck to every
    playout and drown the difference one card makes (and cost a round each); the last round
    ends the game and is scored by its places.
    """
    return bool(state["phase"] == "deal")


def standing_between_rounds(state: State, seat: int) -> float:
    """A position between rounds for ``seat``: its balance on a scale of ``SESSION_SWING``,
    even at one half (capped to [0, 1]). The coins a round wins or loses count in every round
    left, where places move only when one balance passes another (Stardust's strong player
    valued by chips, not places, for the same reason: README).
    """
    return min(1.0, max(0.0, 0.5 + state["balances"][seat] / (2 * SESSION_SWING)))
