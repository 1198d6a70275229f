"""A heuristic Coppertwaddle player that looks one action ahead on what its seat can see.

For every legal action it plays the action out on a copy of the public Domains (placing,
covering, destroying, robbing as the robbing stands now), scores the position it leads to and
takes the best, minus what the action costs (a card spent from the hand). It never looks at
hidden cards: only ``game.view(state, seat)`` and ``game.legal_actions(state, seat)``.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

from games.core import Result, decode
from games.players.search import utility

from .cards import AMOUNT, DESIGN_OF, EFFECT, IS_WIND, KIND, PLUS, ROW, STRENGTH
from .table import (
    attack_supporters,
    first_free,
    is_proud,
    match_points,
    robbable,
    robbing_values,
    row_of,
)

CARD_COST = 3.0
COMPLETE = 500.0
NEAR = 15.0
"""Extra worth of a Domain two proud cards short of complete."""
THREAT = 40.0
"""Extra worth of a Domain one proud card short of complete (it may win with the next card),
so that the player behind spends its covers and blows where they stop the leader."""

_DECODED: dict[str, tuple[str, tuple[Any, ...]]] = {}
"""Every code scored so far, decoded (a few thousand codes exist; ``score`` runs for each legal
action of every decision of strong's playouts)."""

_KEEP_VALUE = {"negate": 9.0, "cover": 6.0, "discard_weak": 6.0, "uncover": 5.0, "remove": 5.0}


def _copy(view: dict[str, Any]) -> dict[str, Any]:
    rob = view["rob"]
    return {
        "slots": view["slots"][:],
        "covered": view["covered"][:],
        # Shared with the view: the look-ahead replaces a Ditch's list of Bekanntmachungen
        # instead of editing it (``_effect``), so a shallow copy is enough.
        "decls": view["decls"][:],
        "winds": view["winds"][:],
        "rob": None
        if rob is None
        else {
            **rob,
            "nosupport": list(rob["nosupport"]),
            "nopower": list(rob["nopower"]),
            "bonus": list(rob["bonus"]),
        },
        "guardian": view["guardian"],
    }


def _clear(table: dict[str, Any], slot: int) -> None:
    table["slots"][slot] = -1
    table["covered"][slot] = False
    table["decls"][slot] = []
    table["winds"][slot] = -1


def _cover(table: dict[str, Any], slot: int) -> None:
    if table["slots"][slot] < 0 or IS_WIND[table["slots"][slot]]:
        return
    table["covered"][slot] = True
    if any(EFFECT[one] == "hazelnut" for one in table["decls"][slot]):
        _clear(table, slot)


def _move(table: dict[str, Any], slot: int, row: int) -> None:
    destination = first_free(table, slot // 8, row)
    if destination >= 0:
        for key in ("slots", "covered", "decls"):
            table[key][destination] = table[key][slot]
    _clear(table, slot)


def _effect(table: dict[str, Any], seat: int, card: int, target: int | None) -> None:
    effect = EFFECT[card]
    if effect in ("destroy", "discard_weak") and target is not None:
        _clear(table, target)
    elif effect == "cover" and target is not None:
        _cover(table, target)
    elif effect == "uncover" and target is not None:
        table["covered"][target] = False
    elif effect == "cancel_support" and table["rob"] is not None:
        table["rob"]["nosupport"].append(target)
    elif effect == "divisor" and table["rob"] is not None and target is not None:
        table["rob"]["nopower"].append(target)
    elif effect == "boost" and table["rob"] is not None:
        table["rob"]["bonus"][0 if seat == table["guardian"] else 1] += AMOUNT[card]
    elif effect == "remove" and target is not None:
        for slot in range(16):
            if table["winds"][slot] == target:
                table["winds"][slot] = -1
            if target in table["decls"][slot]:
                declared = table["decls"][slot][:]
                declared.remove(target)
                table["decls"][slot] = declared
                if EFFECT[target] in ("promote", "demote"):
                    _move(table, slot, ROW[table["slots"][slot]])
    elif effect == "promote" and target is not None and table["winds"][target] >= 0:
        table["winds"][target] = -1  # A Long Climb on a Wind frees the Bauer beneath
    elif effect in ("plus", "hazelnut", "promote", "demote") and target is not None:
        table["decls"][target] = [*table["decls"][target], card]
        wanted = {"promote": 0, "demote": 1}.get(effect)
        if wanted is not None and row_of(target) != wanted:
            _move(table, target, wanted)


def _resolve_rob(table: dict[str, Any]) -> None:
    """Finish the robbing on the table as it stands (if nobody plays anything more)."""
    rob = table["rob"]
    if rob is None:
        return
    table["rob"] = None
    robber, target = rob["robber"], rob["target"]
    destination = first_free(table, table["guardian"], row_of(target))
    if not (
        is_proud(table, robber)
        and robbable(table, target)
        and table["slots"][robber] == rob["robber_card"]
        and table["slots"][target] == rob["target_card"]
        and destination >= 0
    ):
        return
    attack, defence = robbing_values(table, rob)
    if attack <= defence:
        return
    helpers = [] if robber in rob["nosupport"] else attack_supporters(table, robber)
    helpers = [slot for slot in helpers if slot not in rob["nopower"]]
    for key in ("slots", "covered", "decls"):
        table[key][destination] = table[key][target]
    _clear(table, target)
    _cover(table, destination)
    for slot in [robber, *helpers]:
        _cover(table, slot)


def _domain_value(table: dict[str, Any], seat: int) -> float:
    # The rollouts of the strong level spend most of their time here: the four lists are
    # walked together once, and a card without Bekanntmachungen adds a part looked up by card
    # (``_PROUD_PART``, ``_COVERED_PART``: the floats the terms below give, so every sum is the
    # same, in the same order, as with ``table.power``).
    start = seat * 8
    end = start + 8
    value = 0.0
    proud = 0
    for card, wind, declared, covered in zip(
        table["slots"][start:end],
        table["winds"][start:end],
        table["decls"][start:end],
        table["covered"][start:end],
        strict=True,
    ):
        if card < 0:
            continue
        if wind >= 0:
            value -= 4.0
        elif not declared:
            if covered:
                value += _COVERED_PART[card]
            else:
                proud += 1
                value += _PROUD_PART[card]
        else:
            strength = STRENGTH[card]
            for declaration in declared:
                strength += PLUS[declaration]
            strength = max(strength, 0)
            if covered:
                value += 7.0 + 0.3 * strength
            else:
                proud += 1
                hazel = any(EFFECT[one] == "hazelnut" for one in declared)
                value += 10.0 + 0.5 * strength - (2.0 if hazel else 0.0)
    if proud == 8:
        value += COMPLETE
    elif proud == 7:
        value += THREAT
    elif proud == 6:
        value += NEAR
    return value + 0.6 * proud * proud


# A card's part of its Domain's value without Bekanntmachungen, as ``_domain_value`` works it
# out for a card with them (``- 0.0`` included: the same float, so the same sums).
_PROUD_PART = tuple(10.0 + 0.5 * max(strength, 0) - 0.0 for strength in STRENGTH)
_COVERED_PART = tuple(7.0 + 0.3 * max(strength, 0) for strength in STRENGTH)


def _evaluate(
    table: dict[str, Any],
    seat: int,
    view: dict[str, Any] | None = None,
    before: tuple[float, float] | None = None,
) -> float:
    """The position for ``seat``; ``before`` holds the two Domains' values in ``view``, the
    table looked ahead from, and serves for a Domain the action left as it was (most actions
    change one Domain at most, and ``choose`` scores every legal action on the same view).
    """
    _resolve_rob(table)
    return _half_value(table, seat, view, before) - 1.1 * _half_value(table, 1 - seat, view, before)


def _half_value(
    table: dict[str, Any],
    seat: int,
    view: dict[str, Any] | None,
    before: tuple[float, float] | None,
) -> float:
    if view is not None and before is not None:
        start, end = seat * 8, seat * 8 + 8
        if (
            table["slots"][start:end] == view["slots"][start:end]
            and table["covered"][start:end] == view["covered"][start:end]
            and table["winds"][start:end] == view["winds"][start:end]
            and table["decls"][start:end] == view["decls"][start:end]
        ):
            return before[seat]
    return _domain_value(table, seat)


def _first_of(hand: list[int], design: int) -> int:
    return min(card for card in hand if DESIGN_OF[card] == design)


def _keep_value(card: int) -> float:
    """How much a card in hand is worth keeping (for the Respite)."""
    if KIND[card] == "rank":
        return 4.0 if IS_WIND[card] else 8.0 + STRENGTH[card]
    if KIND[card] == "declaration":
        return 2.0
    return _KEEP_VALUE.get(EFFECT[card] or "", 3.0)


class StrategyPlayer:
    """Greedy one-step look-ahead on the visible table."""

    def choose(self, game: Any, state: dict[str, Any], seat: int, rng: random.Random) -> str:
        """The legal action with the best score (ties broken by ``rng``)."""
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        best: list[str] = []
        best_score = float("-inf")
        before = (_domain_value(view, 0), _domain_value(view, 1))
        for code in legal:
            score = self.score(view, seat, code, before)
            if score > best_score + 1e-9:
                best, best_score = [code], score
            elif abs(score - best_score) <= 1e-9:
                best.append(code)
        return best[0] if len(best) == 1 else rng.choice(best)

    def rank(self, game: Any, state: dict[str, Any], seat: int, legal: list[str]) -> list[str]:
        """``legal`` best first by ``score``: the searching level plays out only the top few."""
        view = game.view(state, seat)
        return sorted(legal, key=lambda code: -self.score(view, seat, code))

    def score(
        self,
        view: dict[str, Any],
        seat: int,
        code: str,
        before: tuple[float, float] | None = None,
    ) -> float:
        """How good ``code`` looks from ``seat``'s view (``before``: the view's two Domain
        values, when the caller scores many actions on one view).
        """
        # Only legal codes are scored, so each argument is what its verb takes.
        decoded = _DECODED.get(code)
        if decoded is None:
            decoded = _DECODED[code] = decode(code)
        verb, raw = decoded
        args: tuple[Any, ...] = raw
        hand = view["hand"]
        if verb == "discard":
            return -_keep_value(_first_of(hand, args[0]))
        if verb in ("answer", "let"):
            return self._answer(view, seat, verb)
        table = _copy(view)
        cost = 0.0
        if verb == "rank":
            card = _first_of(hand, args[0])
            slot = first_free(table, seat, ROW[card])
            table["slots"][slot] = card
            table["covered"][slot] = False
        elif verb == "wind":
            card = min(one for one in hand if IS_WIND[one])
            slot = args[0]
            if table["slots"][slot] >= 0:
                table["winds"][slot] = card
            else:
                table["slots"][slot] = card
        elif verb in ("decl", "fav"):
            card = _first_of(hand, args[0])
            cost = CARD_COST
            if EFFECT[card] == "draw":
                cost = 1.0 if view["trumpet"] > 8 and len(hand) <= 3 else 20.0
            elif EFFECT[card] == "discard_weak":
                cost += 1.0
            _effect(table, seat, card, args[1] if len(args) > 1 else None)
        elif verb == "abil":
            slot = args[0]
            card = table["slots"][slot]
            _cover(table, slot)
            if table["slots"][slot] == card:  # a Hazelnut on it: destroyed, no ability
                _effect(table, seat, card, args[1] if len(args) > 1 else None)
            cost = 0.5
        elif verb == "rob":
            robber, target = args
            table["rob"] = {
                "robber": robber,
                "target": target,
                "robber_card": table["slots"][robber],
                "target_card": table["slots"][target],
                "nosupport": [],
                "nopower": [],
                "bonus": [0, 0],
            }
        return _evaluate(table, seat, view, before) - cost

    def _answer(self, view: dict[str, Any], seat: int, verb: str) -> float:
        stack = view["stack"]
        owner, card, target = stack[0]
        happens = _copy(view)
        _effect(happens, owner, card, target if target >= 0 else None)
        value_happens = _evaluate(happens, seat)
        value_negated = _evaluate(_copy(view), seat)
        resolves_if_let = len(stack) % 2 == 1
        resolves = resolves_if_let if verb == "let" else not resolves_if_let
        value = value_happens if resolves else value_negated
        return value - (CARD_COST if verb == "answer" else 0.0)


def game_over(state: dict[str, Any]) -> bool:
    """Where strong's playouts stop: a game of the match has ended (the next one is not dealt
    yet, or the match is over).
    """
    return state["phase"] in ("deal", "over") and bool(state["history"])


def standing_after_game(state: dict[str, Any], seat: int) -> float:
    """The match for ``seat`` after a game of it: the yardstick of places (``utility``) of
    the victory points (section 7: a point per game won, one for the highest single game,
    one for the highest total of won games), averaged over the games still to come, each won
    by either player alike with the mean points of the games won so far.

    A playout to the match's end plays up to three games of rollouts; stopped at the end of
    the game it started in, every playout costs one game at most.
    """
    history = state["history"]
    won = [game["points"] for game in history if game["winner"] >= 0]
    points = sum(won) / len(won) if won else 0
    futures = list(product((0, 1), repeat=max(0, state["games"] - len(history))))
    total = 0.0
    for winners in futures:
        games = history + [{"winner": winner, "points": points} for winner in winners]
        total += utility(Result.from_scores(match_points(games)), seat)
    return total / len(futures)
