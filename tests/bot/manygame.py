"""A test game with many legal actions in several groups, to exercise the bot's paging.

Each of two players picks a number twice from 1..130 (no number twice); the higher sum wins.
``pick`` is an open verb: a number may also be typed. Numbers fall into three groups of 52 (at
most 26 would fit a menu), so the bot shows two select menus per group and needs several pages.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.core import Event, Game, IllegalAction, Names, Result, State, Text, decode, encode

TOP = 130


class ManyChoices(Game):
    id = "test-many"
    name = Text("Viele Zahlen", "Many numbers")
    min_players = 2
    max_players = 2
    open_verbs = frozenset({"pick"})

    def max_decisions(self, players: int, options: BaseModel) -> int:
        return 4

    def initial_state(self, players: int, options: BaseModel) -> State:
        return {"turn": 0, "picked": [[], []]}

    def to_act(self, state: State) -> list[int]:
        return [] if len(state["picked"][1]) == 2 else [state["turn"]]

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        taken = {n for picks in state["picked"] for n in picks}
        return [encode("pick", n) for n in range(1, TOP + 1) if n not in taken]

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        verb, args = decode(code)
        taken = {n for picks in state["picked"] for n in picks}
        number = args[0] if len(args) == 1 else None
        if (
            verb != "pick"
            or not isinstance(number, int)
            or not 1 <= number <= TOP
            or number in taken
        ):
            raise IllegalAction(Text("Diese Zahl geht nicht.", "That number is not available."))
        state["picked"][seat].append(number)
        state["turn"] = 1 - seat
        events.append(Event("pick", {"seat": seat, "n": number}))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"picked": state["picked"], "turn": state["turn"]}

    def result(self, state: State) -> Result | None:
        if self.to_act(state):
            return None
        return Result.from_scores([sum(picks) for picks in state["picked"]])

    def action_group(self, state: State, seat: int, code: str) -> str:
        return f"group {(int(decode(code)[1][0]) - 1) // 52}"

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        return f"#{decode(code)[1][0]}"


GAME = ManyChoices()
