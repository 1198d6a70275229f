"""Hochkarte: a tiny test-only game that exercises the engine contract (never shipped).

Twelve cards valued 0-11 are shuffled (a logged chance action) and each player is dealt
``hand`` cards; the rest stay hidden. Players then play one card each in turn, starting with
the leader; the highest card wins the trick and the winner leads the next one. A won trick
makes chance roll one die, whose value the winner scores. The game ends when the hands are
empty; the highest score wins.

Codes: ``shuffle:<order>`` (chance), ``play:<card>``, ``roll:<pips>`` (chance).
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core import (
    CHANCE,
    Event,
    Game,
    IllegalAction,
    Names,
    Result,
    State,
    Text,
    check_permutation,
    clone,
    decode,
    encode,
    random_shuffle,
)

DECK = 12


class HighcardOptions(BaseModel):
    """Cards per hand."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    hand: int = Field(2, ge=1, le=3, description="cards per player")


class Highcard(Game):
    """The test game."""

    id = "test-highcard"
    name = Text("Hochkarte", "High card")
    min_players = 2
    max_players = 4
    Options = HighcardOptions

    def max_decisions(self, players: int, options: BaseModel) -> int:
        assert isinstance(options, HighcardOptions)
        return 1 + options.hand * (players + 1)

    def initial_state(self, players: int, options: BaseModel) -> State:
        return {
            "players": players,
            "options": options.model_dump(),
            "phase": "deal",
            "hands": [[] for _ in range(players)],
            "rest": [],
            "trick": [],
            "leader": 0,
            "turn": 0,
            "scores": [0] * players,
            "pending_winner": None,
        }

    def to_act(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase in ("deal", "roll"):
            return [CHANCE]
        if phase == "play":
            return [state["turn"]]
        return []

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat == CHANCE and state["phase"] == "roll":
            return [encode("roll", pips) for pips in range(1, 7)]
        if state["phase"] != "play" or seat != state["turn"]:
            return []
        return sorted(encode("play", card) for card in state["hands"][seat])

    def sample_chance(self, state: State, rng: random.Random) -> str:
        if state["phase"] == "deal":
            return random_shuffle(rng, DECK)
        return encode("roll", rng.randint(1, 6))

    def check_chance(self, state: State, code: str) -> None:
        if state["phase"] == "roll":
            super().check_chance(state, code)

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        verb, args = decode(code)
        players = state["players"]
        if state["phase"] == "deal":
            if verb != "shuffle":
                raise IllegalAction(
                    Text("Erst wird gemischt.", "The cards must be shuffled first.")
                )
            order = check_permutation(args, DECK)
            hand = state["options"]["hand"]
            for index in range(players):
                state["hands"][index] = sorted(order[index * hand : (index + 1) * hand])
                events.append(Event("dealt", {"cards": state["hands"][index]}, to=index))
            state["rest"] = order[players * hand :]
            state["phase"] = "play"
            events.append(Event("deal", {"hand": hand}))
            return
        if verb == "roll":
            winner = state["pending_winner"]
            state["scores"][winner] += args[0]
            events.append(Event("roll", {"seat": winner, "pips": args[0]}))
            state["pending_winner"] = None
            state["phase"] = "play" if state["hands"][state["leader"]] else "over"
            return
        if verb != "play" or len(args) != 1 or args[0] not in state["hands"][seat]:
            raise IllegalAction(Text("Diese Karte hast du nicht.", "You do not hold that card."))
        card = args[0]
        state["hands"][seat].remove(card)
        state["trick"].append([seat, card])
        events.append(Event("play", {"seat": seat, "card": card}))
        if len(state["trick"]) < players:
            state["turn"] = (seat + 1) % players
            return
        winner = max(state["trick"], key=lambda played: played[1])[0]
        events.append(Event("trick", {"seat": winner}))
        state["trick"] = []
        state["leader"] = state["turn"] = winner
        state["pending_winner"] = winner
        state["phase"] = "roll"

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "phase": state["phase"],
            "hand": state["hands"][seat] if seat is not None else None,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "trick": state["trick"],
            "turn": state["turn"],
            "scores": state["scores"],
        }

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        return Result.from_scores(state["scores"])

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        return Text("Karte {c} spielen", "Play card {c}").format(c=decode(code)[1][0]).get(lang)

    def shuffle_hidden(
        self, state: State, observer: int | None, rng: random.Random
    ) -> State | None:
        if state["phase"] == "deal":
            return None
        other = clone(state)
        hidden_seats = [seat for seat in range(state["players"]) if seat != observer]
        pool = [card for seat in hidden_seats for card in other["hands"][seat]] + other["rest"]
        rng.shuffle(pool)
        for seat in hidden_seats:
            size = len(other["hands"][seat])
            other["hands"][seat], pool = sorted(pool[:size]), pool[size:]
        other["rest"] = pool
        return other


GAME = Highcard()
