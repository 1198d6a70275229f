"""Rigged Coppertwaddle positions for the tests."""

from __future__ import annotations

from games.coppertwaddle import GAME
from games.coppertwaddle.cards import DESIGN_OF, NAME


def card(name: str, copy: int = 0) -> int:
    """The id of a copy of the named card."""
    ids = [index for index, card_name in enumerate(NAME) if card_name == name]
    return ids[copy]


def design(name: str) -> int:
    """The design index used in action codes."""
    return DESIGN_OF[card(name)]


def slot(seat: int, row: int, column: int) -> int:
    return seat * 8 + row * 4 + column


def rigged(
    *,
    guardian: int = 0,
    phase: str = "engarde",
    hands: tuple[list[str], list[str]] = ([], []),
    domain: dict[int, str] | None = None,
    covered: tuple[int, ...] = (),
    trumpet: list[str] | None = None,
    games: int = 1,
    spare: bool = False,
    declarations: dict[int, list[str]] | None = None,
    winds: dict[int, str] | None = None,
) -> dict:
    """A state in ``phase`` with the given hands and Domains; unused cards fill the Trumpet.

    Built with the game's public ``set_up`` (issue 19), never by writing state keys.

    ``domain`` maps slots to card names; ``trumpet`` names the cards on it (top last), by
    default every card not placed elsewhere. ``spare`` gives the Guardian a Favour at Court,
    so that En Garde does not end by itself once nothing else is left to do.
    """
    if spare:
        hands = (list(hands[0]), list(hands[1]))
        hands[guardian].append("Gunst bei Hofe")
    position = {
        "guardian": guardian,
        "phase": phase,
        "hands": hands,
        "domain": domain or {},
        "covered": list(covered),
        "trumpet": trumpet,
        "declarations": declarations or {},
        "winds": winds or {},
    }
    return GAME.set_up(2, position, {"games": games})


def play(state: dict, seat: int, code: str) -> dict:
    """Apply a code (checked) and return the new state."""
    assert code in GAME.legal_actions(state, seat), (code, GAME.legal_actions(state, seat))
    new, _events = GAME.apply(state, seat, code)
    return new


FIGURE_1 = {
    slot(0, 0, 0): "Väterchen Zeit",
    slot(0, 0, 1): "Der Aussätzige",
    slot(0, 0, 2): "Bader",
    slot(0, 1, 0): "Milz",
    slot(0, 1, 1): "Lektionarium",
}
"""The source's Abbildung 1 and 2: one player's Domain."""
