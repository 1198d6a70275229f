"""The local terminal table: play any game against the engine's own players, no Discord needed.

It runs through the same ``TableService`` and storage as the bot. Several human seats share the
screen in turn (hot seat): before each human decision the screen asks for that player, and a
seat only ever sees its own hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Game, IllegalAction, Text, decode
from games.core.codes import natural_key
from storage.base import Repository
from tables.metadata import TablePlace
from tables.service import Member, MoveOutcome, Table, TableError, TableService

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]

T_PASS = Text(
    "\n" * 3 + "── {name} ist am Zug. Bildschirm weitergeben und Enter drücken. ──",
    "\n" * 3 + "── {name} to act. Pass the screen and press Enter. ──",
)
T_CHOOSE = Text(
    "Nummer wählen (oder einen Zug-Code tippen; q = aufhören): ",
    "Choose a number (or type a move code; q = quit): ",
)
T_ACTIONS = Text("Deine Möglichkeiten:", "Your options:")
T_RESULT = Text("Endstand:", "Final result:")
T_RANK = Text("{rank}. {name}: {score}", "{rank}. {name}: {score}")
T_QUIT = Text("Tisch verlassen.", "Left the table.")
T_PRIVATE = Text("Nur für dich: {text}", "Only for you: {text}")
T_NUMBER_RANGE = Text(
    "Es gibt nur die Nummern 1 bis {count}.", "There are only the numbers 1 to {count}."
)
T_HELP = Text(
    "Eine Nummer aus der Liste wählt diesen Zug; ein Zug-Code (wie in den Regeln, "
    "`tischrunde rules`) geht auch; q verlässt den Tisch.",
    "A number from the list plays that move; a move code (as in the rules, "
    "`tischrunde rules`) works too; q leaves the table.",
)
HELP_WORDS = ("?", "h", "help", "hilfe")
"""What asks for the options again instead of being sent as a move code (unless a game had
such a code among the seat's legal ones)."""


class TerminalTable:
    """One game at the terminal with ``humans`` human seats and engine players for the rest."""

    def __init__(
        self,
        repo: Repository,
        *,
        lang: str = "en",
        read: InputFn = input,
        write: OutputFn = print,
    ) -> None:
        self.service = TableService(repo)
        self.lang = lang
        self.read = read
        self.write = write
        self._private: dict[int, list[str]] = {}

    async def play(
        self,
        game: Game,
        *,
        players: int,
        bots: int,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        engine: str = "normal",
    ) -> Table | None:
        """Play one game to the end; returns the finished table, or None if the player quit.

        At least one seat is human (``bots < players``): the first human opens the table.
        """
        humans = players - bots
        names = [Text(f"Spieler {n}", f"Player {n}").get(self.lang) for n in range(1, humans + 1)]
        members = [Member(f"terminal:{n}", name) for n, name in enumerate(names, 1)]
        host = members[0]
        table = await self.service.create(
            game.id, host, TablePlace(terminal=True), options, seed=seed
        )
        for member in members[1:]:
            await self.service.join(table.id, member)
        for _ in range(bots):
            await self.service.add_engine(table.id, host, engine)
        outcome = await self.service.start(table.id, host)
        self._show_events(outcome)
        table = outcome.table
        while table.to_act():
            seat = table.to_act()[0]
            if humans > 1:
                self.read(T_PASS.format(name=table.seat_name(seat)).get(self.lang))
            code = self._ask(table, seat)
            if code is None:
                self.write(T_QUIT.get(self.lang))
                return None
            try:
                outcome = await self.service.act_as_seat(table.id, seat, code)
            except TableError as error:
                self.write("⚠ " + error.reason.get(self.lang))
                continue
            self._show_events(outcome)
            table = outcome.table
        self._show_result(table)
        return table

    def _ask(self, table: Table, seat: int) -> str | None:
        game = table.game
        self.write("")
        self.write(game.render(table.view(seat), self.lang, table.seat_names()))
        for line in self._private.pop(seat, []):
            self.write(T_PRIVATE.format(text=line).get(self.lang))
        codes = _listed(table, seat)
        self._show_options(table, seat, codes)
        while True:
            answer = self.read(T_CHOOSE.get(self.lang)).strip()
            if answer.lower() in ("q", "quit", "exit"):
                return None
            if answer.lower() in HELP_WORDS and answer not in codes:
                self.write(T_HELP.get(self.lang))
                self._show_options(table, seat, codes)
                continue
            if answer.isdigit():
                if 1 <= int(answer) <= len(codes):
                    return codes[int(answer) - 1]
                # No move code is a bare number (``decode`` refuses one): this is a number
                # off the list, and sent on as a code it would only be refused as no move.
                self.write("⚠ " + T_NUMBER_RANGE.format(count=len(codes)).get(self.lang))
                continue
            if answer:
                try:
                    decode(answer)
                except IllegalAction as error:
                    self.write("⚠ " + error.reason.get(self.lang))
                    continue
                return answer

    def _show_options(self, table: Table, seat: int, codes: list[str]) -> None:
        names = table.seat_names()
        self.write(T_ACTIONS.get(self.lang))
        for number, code in enumerate(codes, 1):
            label = table.game.action_label(table.state or {}, seat, code, self.lang, names)
            self.write(f"  {number:>2}. {label}")

    def _show_events(self, outcome: MoveOutcome) -> None:
        table = outcome.table
        for _applied, event in outcome.events:
            text = table.game.describe_event(event, self.lang, table.seat_names())
            if event.to is None:
                self.write(f"• {text}")
            elif table.seats[event.to].engine is None:
                self._private.setdefault(event.to, []).append(text)

    def _show_result(self, table: Table) -> None:
        result = table.result()
        self.write("")
        self.write(table.game.render(table.view(None), self.lang, table.seat_names()))
        state = table.state
        if result is None or state is None:
            return
        self.write(T_RESULT.get(self.lang))
        order = sorted(range(len(result.ranks)), key=lambda seat: result.ranks[seat])
        for seat in order:
            shown = table.game.score_text(state, result, seat, self.lang)
            line = T_RANK.format(rank=result.ranks[seat], name=table.seat_name(seat), score=shown)
            self.write(line.get(self.lang))
        note = table.game.result_note(state, result, self.lang, table.seat_names())
        if note:
            self.write(note)


def _listed(table: Table, seat: int) -> list[str]:
    """The seat's legal codes in the order the bot lays them out, by these keys in turn: the
    groups the bot always folds into a select menu (``select_groups``: setting a card aside)
    after the rest; the moves that matter before ending or passing (``action_rank``); related
    moves together (``action_group``, the groups in the order their first codes come); the
    codes' natural order (``play:2`` before ``play:10``).
    """
    codes = sorted(table.legal_actions(seat), key=natural_key)
    state = table.state or {}
    game = table.game
    groups = table.action_groups(seat)
    folded = game.select_groups(state, seat)
    first_of_group: dict[str, int] = {}
    for index, code in enumerate(codes):
        first_of_group.setdefault(groups[code], index)

    def place(code: str) -> tuple[bool, int, int]:
        group = groups[code]
        return group in folded, game.action_rank(state, seat, code), first_of_group[group]

    return sorted(codes, key=place)
