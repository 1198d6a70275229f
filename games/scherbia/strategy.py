"""A Scherbia engine player: Monte Carlo rollouts over the cards it has not seen.

For every choice with more than one answer (a card to play, Blockade, Sperrfeuer, a copy, a
replacement, a theft, a Heiler exchange) it deals the unseen cards at random to the other hands
(sizes from its view), tries each answer in the same sampled deals, plays every deal out to the
end (with random moves, or by a rollout player in every seat: the engine levels use the
rule-based ``playout.PlayoutPlayer``) and picks the answer with the best average point
difference (card worths, a Holzfaeller counted 7; in teams, team against team).
It counts cards: every card played in an earlier trick (the view's ``gone``) is out of the
sampled deals. It uses only ``game.view(state, seat)``, ``game.legal_actions(state, seat)`` and
its own rng: the sampled states are built from the view alone.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from games.core import CHANCE, Game, State, get_game

from .actions import ACTION_DECK, FACTION_OF_WORD, FACTIONS
from .cards import DECK

if TYPE_CHECKING:
    from .engine import Scherbia

SAMPLES = 24
"""Sampled deals per decision of the normal level: deals of the unseen cards (the played ones
counted out), every answer played out on each by the rule-based playout player. With 12, easy
(normal's move or, half the time, another) took 1.48x its fair share of first places from
normal at four players, short of the 1.5x the levels need; with 24, 1.62x (400 games), and
normal's p95 is about 0.06 s of CPU per move. One deal (2026-12-03) put strong 66.6% ahead for
two, but such a normal won only 64.0% of the seeded games against random play, where the
strategy player the issue calls today's won 73.5% and 24 deals win 78.0%: the normal level is
that player improved, and a timed-out seat is played by it (docs/engine-strength-log.md,
2026-12-03, evening)."""
STRONG_SAMPLES = 96
"""Sampled deals per decision of the strong level's guide (its search then tests a few other
answers on shared deals): four times normal's, about 0.3 s of CPU at p95 with four players."""
WORTH = [10, 9, 8, 7, 6, 5.5, 4, 3, 2, 1, 0, 7]
"""Expected worth of a card at the final count (Holzfaeller: mean of two dice)."""


def _team(view: dict[str, Any], seat: int) -> int:
    return seat % 2 if view["teams"] else seat


def _game() -> Scherbia:
    # The registered game, looked up rather than imported: the engine names this module's
    # player in ``engine_players``, so importing the engine here would close a cycle.
    return cast("Scherbia", get_game("scherbia"))


def copy_state(state: State) -> State:
    """A copy of a Scherbia state sharing nothing the engine mutates in place.

    Faster than the generic ``clone`` because it knows the shape: hands and the trick, which
    most moves change, are copied here; everything else is shared and never changed in place
    (``aside``, ``last``, ``ask``) or copied by the one step that changes it (``piles`` and
    ``out`` when a trick is cleared, ``passed`` on a pass, ``final`` on a final roll).
    """
    new = dict(state)
    new["hands"] = [hand[:] for hand in state["hands"]]
    new["trick"] = [entry.copy() for entry in state["trick"]]
    return new


def _determinize(view: dict[str, Any], me: int, rng: random.Random) -> State:
    """A full state consistent with the seat's view: unseen cards dealt at random."""
    n = view["players"]
    trick_cards = [item["card"] for item in view["trick"]]
    known = set(view["hand"]) | set(trick_cards) | set(view["pile"] or []) | set(view["gone"])
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
            "cs": item["copied_slot"],
        }
        for item in view["trick"]
    ]
    count = sum(1 for entry in trick if entry["l"] == layer)
    public = view["ask"]
    ask = None
    cursor = 0
    if public is not None:
        ask = {"k": public["kind"], "s": public["seat"], "e": public["slot"]}
        if public["target"] is not None:
            ask["t"] = public["target"]
        if public["returned"] is not None:
            ask["r"] = public["returned"]
        if public["kind"] in ("steal", "heal"):
            cursor = public["slot"] + 1  # the engine moved past the asking card
    state = {
        "n": n,
        "hand_size": view["hand_size"],
        "max_layers": view["max_layers"],
        "teams": view["teams"] is not None,
        "phase": "play",
        "stage": view["stage"],
        "hands": hands,
        "aside": unseen,
        "piles": [[] for _ in range(n)],
        "out": [],
        "leader": view["leader"],
        "turn": (view["leader"] + count) % n,
        "layer": layer,
        "count": count,
        "trick": trick,
        "tricks": view["tricks_played"],
        "ask": ask,
        "passed": list(view["blockade_passed"]),
        "winner": view["winner"],
        "cursor": cursor,
        "final": [],
        "scores": None,
        "last": None,
        "recopy": list(view["recopy"]),
    }
    _determinize_actions(view, me, state, rng)
    return state


def _guess_factions(view: dict[str, Any], rng: random.Random) -> list[int] | None:
    """The factions as the view shows them; a hidden one (hidden factions) guessed among those
    it can still be, one with an ability if that team laid something it holds no card for.
    """
    if not view["factions"]:
        return None
    fac = [FACTION_OF_WORD[word] if word else None for word in view["factions"]]
    for team, faction in enumerate(fac):
        if faction is not None:
            continue
        free = [f for f in range(len(FACTIONS)) if f not in fac]
        must_act = any(
            item["faction"] is None
            and _team(view, item["seat"]) == team
            and not view["action_hand_sizes"][item["seat"]]
            for item in view["laid"]
        )
        active = [f for f in free if FACTIONS[f].ability is not None]
        fac[team] = rng.choice(active if must_act and active else free)
    return [int(f) for f in fac if f is not None]


def _determinize_actions(view: dict[str, Any], me: int, state: State, rng: random.Random) -> None:
    """The action hands and face-down cards consistent with the view, dealt at random.

    A face-down item of another seat is taken for an action card when that seat could hold
    one (its public count is not zero), else for its faction ability.
    """
    n = view["players"]
    fac = _guess_factions(view, rng)
    known = set(view["action_hand"] or []) | set(view["action_out"])
    known |= {item["card"] for item in view["laid"] if item["card"] is not None}
    unseen = [card for card in range(ACTION_DECK) if card not in known]
    rng.shuffle(unseen)
    laid = []
    for item in view["laid"]:
        card, faction = item["card"], item["faction"]
        if faction is None:  # another seat's card, still face down
            has_ability = fac is not None and FACTIONS[fac[_team(view, item["seat"])]].ability
            faction = not view["action_hand_sizes"][item["seat"]] and bool(has_ability)
            if not faction:
                card = unseen.pop() if unseen else None
                faction = card is None
        on = item["on"]
        laid.append({"s": item["seat"], "c": card, "f": faction, "on": on, "pv": False})
    seats = [entry["s"] for entry in laid]
    for entry in laid:  # "on" is a seat in the view, an index in the state
        if entry["on"] is not None:
            entry["on"] = seats.index(entry["on"])
    ahands = []
    for seat in range(n):
        if seat == me:
            ahands.append(list(view["action_hand"] or []))
            continue
        size = view["action_hand_sizes"][seat]
        if not view["revealed"]:
            size -= sum(1 for e in laid if e["s"] == seat and not e["f"])
        size = max(0, size)
        ahands.append(sorted(unseen[:size]))
        unseen = unseen[size:]
    state.update(
        {
            "actions": view["action_cards"],
            "ahand_size": 0,
            "factions_on": fac is not None,
            "ahands": ahands,
            "aaside": unseen,
            "aout": list(view["action_out"]),
            "laid": laid,
            "revealed": view["revealed"],
            "lay": view["lay_cursor"],
            "vcur": view["veto_cursor"],
            "mods": view["mods"],
            "ftot": None,
            "fac": fac,
            "fused": list(view["faction_used"]),
        }
    )


def _rollout(
    game: Scherbia,
    state: State,
    view: dict[str, Any],
    me: int,
    rng: random.Random,
    policy: Any = None,
) -> float:
    """Play a sampled state out (at random, or by ``policy`` in every seat); the point
    difference it ends with, seen from ``me``.
    """
    while state["phase"] == "play" and state["stage"] != "final":
        seat = game.to_act(state)[0]
        if seat == CHANCE:
            code = f"dice:{rng.randint(1, 6)}:{rng.randint(1, 6)}"
        elif policy is not None:
            code = policy.choose(game, state, seat, rng)
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
    """Monte Carlo rollouts over sampled deals for every choice with more than one answer,
    played out at random or by ``rollout`` in every seat.
    """

    def __init__(self, rollout: Any = None, samples: int = SAMPLES) -> None:
        self.rollout = rollout
        self.samples = samples

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """Pick a code from ``game.legal_actions(state, seat)`` using only the seat's view."""
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = game.view(state, seat)
        sim = _game()
        scores = dict.fromkeys(legal, 0.0)
        for _ in range(self.samples):
            base = _determinize(view, seat, rng)
            for code in legal:
                sample = copy_state(base)
                sim._apply(sample, seat, code, [])  # a private sample: played in place
                scores[code] += _rollout(sim, sample, view, seat, rng, self.rollout)
        return max(legal, key=lambda code: scores[code])
