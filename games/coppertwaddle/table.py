"""Pure helpers on the Domains, shared by the engine, the strategy and the tests.

A Domain is eight Ditches: two rows of four. Both Domains live in flat lists of 16 entries
indexed by ``slot = seat * 8 + row * 4 + column`` (row 0 holds the Adel, row 1 the Bauern);
``slots`` holds a card id or -1, ``covered`` whether the card lies face down, ``decls`` the
Bekanntmachungen on it and ``winds`` the Wind blocking a covered Bauer (or -1). A state and
a view carry these four lists under the same keys, so every helper works on either.
``match_points`` counts a match's victory points from its games (the engine's result, strong's
value of a playout stopped at a game's end).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import IS_WIND, PLUS, STRENGTH

Table = Mapping[str, Any]
"""A state or a view: these rules only read the Domains (``slots``, ``covered``, ...)."""


def slot_of(seat: int, row: int, column: int) -> int:
    """The flat index of a Ditch."""
    return seat * 8 + row * 4 + column


def owner(slot: int) -> int:
    """The seat whose Domain holds ``slot``."""
    return slot // 8


def row_of(slot: int) -> int:
    """0 for the Adel row, 1 for the Bauern row."""
    return (slot % 8) // 4


def column_of(slot: int) -> int:
    """The Ditch's position in its row, 0 at the left."""
    return slot % 4


def is_proud(table: Table, slot: int) -> bool:
    """Whether a card lies face up in ``slot``."""
    return table["slots"][slot] >= 0 and not table["covered"][slot]


def power(table: Table, slot: int) -> int:
    """A card's strength with the Bekanntmachungen on it (never below 0)."""
    value = STRENGTH[table["slots"][slot]]
    for declaration in table["decls"][slot]:
        value += PLUS[declaration]
    return max(0, value)


def first_free(table: Table, seat: int, row: int) -> int:
    """The leftmost empty Ditch of a row (gaps are filled first), or -1 if the row is full."""
    base = seat * 8 + row * 4
    slots = table["slots"]
    for slot in range(base, base + 4):
        if slots[slot] < 0:
            return slot
    return -1


def neighbours(slot: int) -> list[int]:
    """The Ditches beside ``slot`` in the same row."""
    column = slot % 4
    result = []
    if column > 0:
        result.append(slot - 1)
    if column < 3:
        result.append(slot + 1)
    return result


def attack_supporters(table: Table, slot: int) -> list[int]:
    """The proud cards beside a robber in its row: they add their power to the attack."""
    return [other for other in neighbours(slot) if is_proud(table, other)]


def defence_supporters(table: Table, slot: int) -> list[int]:
    """The proud cards that help a target defend.

    A Bauer is helped by the proud Bauern beside it; an Adel by the proud Adel beside it and
    the proud Bauer directly below it (a Bauer supports an Adel only in defence).
    """
    helpers = [other for other in neighbours(slot) if is_proud(table, other)]
    if row_of(slot) == 0 and is_proud(table, slot + 4):
        helpers.append(slot + 4)
    return helpers


def attack_value(table: Table, slot: int, support: bool = True) -> int:
    """The robber's power plus, unless cancelled, the power of its supporters."""
    value = power(table, slot)
    if support:
        value += sum(power(table, other) for other in attack_supporters(table, slot))
    return value


def defence_value(table: Table, slot: int, support: bool = True) -> int:
    """The target's power plus, unless cancelled, the power of its supporters."""
    value = power(table, slot)
    if support:
        value += sum(power(table, other) for other in defence_supporters(table, slot))
    return value


def robbing_values(table: Table, rob: dict[str, Any]) -> tuple[int, int]:
    """Attack and defence of a robbing as things stand, with favours and abilities played.

    A card a Divisor (The Wheel, Compass, Sextant, Capstan) was played on lends no power to
    the robbing, whether it is the robber, the target or a supporter (publisher's text). A
    boost (The Bentham Fish's +4 and the like) gives power to its side's robber or target, so
    it counts only while no Divisor stops that card.
    """
    robber, target = rob["robber"], rob["target"]
    stopped = rob.get("nopower") or []
    attack = attack_value(table, robber, robber not in rob["nosupport"])
    defence = defence_value(table, target, target not in rob["nosupport"])
    if robber not in stopped:
        attack += rob["bonus"][0]
    if target not in stopped:
        defence += rob["bonus"][1]
    if stopped:
        attack -= _stopped_power(table, stopped, robber, rob, attack_supporters)
        defence -= _stopped_power(table, stopped, target, rob, defence_supporters)
    return attack, defence


def _stopped_power(
    table: Table, stopped: list[int], main: int, rob: dict[str, Any], supporters: Any
) -> int:
    counted = [main] + (supporters(table, main) if main not in rob["nosupport"] else [])
    return sum(power(table, slot) for slot in counted if slot in stopped)


def proud_count(table: Table, seat: int) -> int:
    """How many proud cards ``seat``'s Domain holds (8 ends the game)."""
    return sum(1 for slot in range(seat * 8, seat * 8 + 8) if is_proud(table, slot))


def domain_points(table: Table, seat: int) -> int:
    """A Domain's total strength: its rank cards with their Bekanntmachungen (section 7)."""
    return sum(
        power(table, slot) for slot in range(seat * 8, seat * 8 + 8) if table["slots"][slot] >= 0
    )


def robbable(table: Table, slot: int) -> bool:
    """Whether a card may be the target of a robbing: proud and not a Wind."""
    return is_proud(table, slot) and not IS_WIND[table["slots"][slot]]


def match_points(history: list[dict[str, Any]]) -> list[int]:
    """Victory points of a match from its games, exactly as in section 7 of the source.

    One point per game won; one point to each player per drawn game; one point for the highest
    single game score; one for the highest total of won games. A share of the highest goes to
    every player who reached it; nobody gets those points when nobody won a game.
    """
    points = [0, 0]
    best = [0, 0]
    total = [0, 0]
    for game in history:
        winner = game["winner"]
        if winner < 0:
            points[0] += 1
            points[1] += 1
            continue
        points[winner] += 1
        best[winner] = max(best[winner], game["points"])
        total[winner] += game["points"]
    won_any = [any(game["winner"] == seat for game in history) for seat in (0, 1)]
    for figures in (best, total):
        top = max(figures[seat] for seat in (0, 1) if won_any[seat]) if any(won_any) else None
        for seat in (0, 1):
            if won_any[seat] and figures[seat] == top:
                points[seat] += 1
    return points
