"""A Scherbia engine player that looks one layer ahead from what its seat can see.

For a card to play it samples the cards the players after it in this layer might play (drawn
from the cards it has not seen), scores the outcome of the layer (the trick's card points won
or given away, Bauern returning to their owners) and charges a price for spending a strong
card. Its other answers are rules of thumb: copy the strongest card, block when behind, shoot
the strongest opposing card, always steal, heal with the cheapest card.
It uses only ``game.view(state, seat)`` and ``game.legal_actions(state, seat)``.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import Game, State, decode

from .cards import (
    BAUER,
    BERUFSLOSER,
    DECK,
    HOLZFAELLER,
    MAGIER,
    PROFESSION_OF_WORD,
    SEEMANN,
)
from .rules import decide, entry_value, lying_counts, totals

SAMPLES = 12
SPEND_PRICE = 0.4
WORTH = [10, 9, 8, 7, 6, 5.5, 4, 3, 2, 1, 0, 7]
"""Expected worth of a card at the final count (Holzfaeller: mean of two dice)."""


def _entries(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "s": item["seat"],
            "c": item["card"],
            "l": item["layer"],
            "as": item["copies"],
            "r": item["roll"],
            "x": None,
            "w": None,
        }
        for item in view["trick"]
    ]


def _entry(seat: int, card: int, layer: int) -> dict[str, Any]:
    prof = card >> 2
    entry = {"s": seat, "c": card, "l": layer, "as": None, "r": None, "x": None, "w": None}
    if prof == HOLZFAELLER:
        entry["r"] = 7
    return entry


def _best_copy(trick: list[dict[str, Any]], entry: dict[str, Any]) -> None:
    """Let a hypothetical Berufsloser copy the card worth most to it."""
    if not trick:
        return
    counts = lying_counts(trick)
    best, best_value = None, -1.0
    for other in trick:
        probe = dict(
            entry,
            **{
                "as": other["as"] if other["c"] >> 2 == BERUFSLOSER else other["c"] >> 2,
                "r": other["r"],
            },
        )
        if probe["as"] == BERUFSLOSER:
            continue
        value = entry_value(probe, counts) + (0.5 if probe["as"] == MAGIER else 0)
        if value > best_value:
            best, best_value = probe, value
    if best is not None:
        entry["as"], entry["r"] = best["as"], best["r"]


def _team(view: dict[str, Any], seat: int) -> int:
    return seat % 2 if view["teams"] else seat


def _outcome(view: dict[str, Any], me: int, trick: list[dict[str, Any]], n: int) -> float:
    sums = totals(trick, n)
    winner = decide(trick, sums)
    points = 0.0
    mine = _team(view, me)
    for entry in trick:
        prof = entry["c"] >> 2
        if prof == BAUER:
            points += 1 if _team(view, entry["s"]) == mine else -1 / max(1, n - 1)
            continue
        worth = WORTH[prof]
        if winner is None:
            continue
        if _team(view, winner) == mine:
            points += worth
        else:
            points -= worth / max(1, n - 1) if not view["teams"] else worth
    if winner is None:
        # a tie may go on (another layer) or throw the cards away; own cards are lost
        points -= 0.3 * sum(
            WORTH[e["c"] >> 2] for e in trick if e["s"] == me and e["c"] >> 2 != BAUER
        )
    return points


class StrategyPlayer:
    """A one-layer look-ahead player with rules of thumb for the abilities."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """Pick a code from ``game.legal_actions(state, seat)`` using only the seat's view."""
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = game.view(state, seat)
        ask = view["ask"]
        kind = ask["kind"] if ask else "play"
        if kind == "play":
            return self._play(view, seat, legal, rng)
        if kind == "copy":
            return self._copy(view, seat, legal)
        if kind == "shoot":
            return self._shoot(view, seat, legal)
        if kind == "replace":
            return self._replace(legal)
        if kind == "block":
            trick = _entries(view)
            winner = decide(trick, totals(trick, view["players"]))
            ahead = winner is not None and _team(view, winner) == _team(view, seat)
            return "pass" if ahead else "block"
        if kind == "steal":
            return "steal"
        if kind == "heal":
            options = [code for code in legal if code != "pass"]
            cheapest = min(options, key=lambda code: WORTH[PROFESSION_OF_WORD[decode(code)[1][0]]])
            worth = WORTH[PROFESSION_OF_WORD[decode(cheapest)[1][0]]]
            return cheapest if worth < WORTH[4] else "pass"
        return rng.choice(legal)

    def _play(self, view: dict[str, Any], me: int, legal: list[str], rng: random.Random) -> str:
        n = view["players"]
        layer = view["layer"]
        trick = _entries(view)
        played = {entry["s"] for entry in trick if entry["l"] == layer}
        later = [
            (view["leader"] + k) % n
            for k in range(n)
            if (view["leader"] + k) % n not in played and (view["leader"] + k) % n != me
        ]
        seen = set(view["hand"]) | {entry["c"] for entry in trick} | set(view["pile"] or [])
        unseen = [card for card in range(DECK) if card not in seen]
        hand = view["hand"]
        best_code, best_score = legal[0], float("-inf")
        for code in legal:
            prof = PROFESSION_OF_WORD[decode(code)[1][0]]
            card = next(c for c in hand if c >> 2 == prof)
            mine = _entry(me, card, layer)
            if prof == BERUFSLOSER:
                _best_copy(trick, mine)
            base = trick + [mine]
            if later and unseen:
                score = 0.0
                for _ in range(SAMPLES):
                    picks = rng.sample(unseen, min(len(later), len(unseen)))
                    sample = base + [
                        _entry(seat, pick, layer) for seat, pick in zip(later, picks, strict=False)
                    ]
                    score += _outcome(view, me, sample, n)
                score /= SAMPLES
            else:
                score = _outcome(view, me, base, n)
            spend = 0.0 if prof in (BAUER, BERUFSLOSER) else WORTH[prof]
            if prof == SEEMANN:
                spend += 1
            score -= SPEND_PRICE * spend
            if score > best_score:
                best_code, best_score = code, score
        return best_code

    def _copy(self, view: dict[str, Any], me: int, legal: list[str]) -> str:
        trick = _entries(view)
        counts = lying_counts(trick)
        slot = view["ask"]["slot"]

        def worth(code: str) -> float:
            other = trick[int(decode(code)[1][0])]
            probe = dict(trick[slot])
            prof = other["c"] >> 2
            probe["as"] = other["as"] if prof == BERUFSLOSER else prof
            probe["r"] = other["r"] if other["r"] is not None else 7
            return entry_value(probe, counts) + (0.5 if probe["as"] == MAGIER else 0)

        return max(legal, key=worth)

    def _shoot(self, view: dict[str, Any], me: int, legal: list[str]) -> str:
        trick = _entries(view)
        counts = lying_counts(trick)
        best, best_value = "pass", 4
        for code in legal:
            if code == "pass":
                continue
            target = int(decode(code)[1][0])
            if _team(view, target) == _team(view, me):
                continue
            values = [
                entry_value(entry, counts)
                for entry in trick
                if entry["s"] == target and entry["l"] >= view["layer"] - 1
            ]
            value = values[-1] if values else 0
            if value > best_value:
                best, best_value = code, value
        return best

    def _replace(self, legal: list[str]) -> str:
        return min(legal, key=lambda code: WORTH[PROFESSION_OF_WORD[decode(code)[1][0]]])
