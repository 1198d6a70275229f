"""A Scherbia engine player: Monte Carlo rollouts over the cards it has not seen.

To choose a card it deals the unseen cards at random to the other hands (sizes from its view),
tries each playable card in the same sampled deals and plays every deal out to the end with
random moves, then plays the card with the best average point difference (card worths, a
Holzfaeller counted 7). Its other answers are rules of thumb: copy the strongest card, block
when behind, shoot the strongest opposing card, always steal, heal with the cheapest card.
It uses only ``game.view(state, seat)``, ``game.legal_actions(state, seat)`` and its own rng;
the sampled states are built from the view alone.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.core import CHANCE, Game, State, decode

from .cards import BERUFSLOSER, DECK, HEILER, MAGIER, PROFESSION_OF_WORD
from .rules import decide, entry_value, latest_slot, lying_counts, totals

if TYPE_CHECKING:
    from .engine import Scherbia

SAMPLES = 12
"""Sampled deals per decision: 400 two-player games take about 7 CPU s and win about 70%
(6 samples: 66%, 8: 64.5%)."""
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


def _team(view: dict[str, Any], seat: int) -> int:
    return seat % 2 if view["teams"] else seat


def _game() -> Scherbia:
    from . import GAME

    return GAME


def _determinize(view: dict[str, Any], me: int, rng: random.Random) -> State:
    """A full state consistent with the seat's view: unseen cards dealt at random."""
    n = view["players"]
    trick_cards = [item["card"] for item in view["trick"]]
    known = set(view["hand"]) | set(trick_cards) | set(view["pile"] or [])
    if view["last_trick"]:
        known |= {card for _owner, card, _dest in view["last_trick"]["cards"]}
    unseen = [card for card in range(DECK) if card not in known]
    rng.shuffle(unseen)
    hands = []
    for seat in range(n):
        if seat == me:
            hands.append(list(view["hand"]))
            continue
        size = view["hand_sizes"][seat]
        hands.append(sorted(unseen[:size]))
        unseen = unseen[size:]
    layer = view["layer"]
    trick = [
        {
            "s": item["seat"],
            "c": item["card"],
            "l": item["layer"],
            "a": item["placed"],
            "as": item["copies"],
            "lk": None,
            "lc": None,
            "r": item["roll"],
            "p": item["protected"],
            "x": item["stolen_by"],
            "w": item["healed"],
        }
        for item in view["trick"]
    ]
    return {
        "n": n,
        "hand_size": view["hand_size"],
        "max_layers": view["max_layers"],
        "teams": view["teams"] is not None,
        "phase": "play",
        "stage": "play",
        "hands": hands,
        "aside": unseen,
        "piles": [[] for _ in range(n)],
        "out": [],
        "leader": view["leader"],
        "turn": me,
        "layer": layer,
        "count": sum(1 for entry in trick if entry["l"] == layer),
        "trick": trick,
        "tricks": view["tricks_played"],
        "ask": None,
        "passed": list(view["blockade_passed"]),
        "winner": None,
        "cursor": 0,
        "final": [],
        "scores": None,
        "last": None,
    }


def _rollout(
    game: Scherbia, state: State, view: dict[str, Any], me: int, rng: random.Random
) -> float:
    """Play a sampled state out at random; the point difference it ends with, seen from ``me``."""
    while state["phase"] == "play" and state["stage"] != "final":
        seat = game.to_act(state)[0]
        if seat == CHANCE:
            code = f"dice:{rng.randint(1, 6)}:{rng.randint(1, 6)}"
        else:
            code = rng.choice(game.legal_actions(state, seat))
        game._apply(state, seat, code, [])  # the sample is private: play it in place
    n = view["players"]
    mine = _team(view, me)
    points = 0.0
    for dest, pile in enumerate(state["piles"]):
        worth = sum(WORTH[card >> 2] for card in pile)
        if _team(view, dest) == mine:
            points += worth
        else:
            points -= worth if view["teams"] else worth / max(1, n - 1)
    return points


class StrategyPlayer:
    """Monte Carlo rollouts for the cards it plays, rules of thumb for the abilities."""

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
            return cheapest if worth < WORTH[HEILER] else "pass"
        return rng.choice(legal)

    def _play(self, view: dict[str, Any], me: int, legal: list[str], rng: random.Random) -> str:
        """Try every card in sampled deals of the unseen cards and play the trick out."""
        from .engine import copy_state

        game = _game()
        scores = dict.fromkeys(legal, 0.0)
        for _ in range(SAMPLES):
            base = _determinize(view, me, rng)
            for code in legal:
                state = copy_state(base)
                game._apply(state, me, code, [])
                scores[code] += _rollout(game, state, view, me, rng)
        return max(legal, key=lambda code: scores[code])

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
            slot = latest_slot(trick, target, view["layer"])
            value = entry_value(trick[slot], counts) if slot is not None else 0
            if value > best_value:
                best, best_value = code, value
        return best

    def _replace(self, legal: list[str]) -> str:
        return min(legal, key=lambda code: WORTH[PROFESSION_OF_WORD[decode(code)[1][0]]])
