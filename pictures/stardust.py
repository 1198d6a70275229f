"""Stardust: the pot and every seat's chips and bet, hidden hands as card backs, the jokers
laid on the table, the cards shown at the last showdown, and the viewer's own hand.
"""

from __future__ import annotations

from games.stardust.cards import (
    FIRST_JOKER,
    FIRST_SUN,
    JOKER_NAMES,
    JOKER_PLANET_POINTS,
    SIZES,
    SPECIAL_JOKERS,
    STRUCTURES,
    is_planet,
    is_sun,
    points,
    size,
    structure,
    sun_value,
)
from games.stardust.scoring import KIND_NAMES
from games.stardust.words import points_text

from .kit import GOLD, LIGHT, MARGIN, MUTED, RED, SMALL_H, WIDTH, Canvas, Face, card_grid
from .scene import Scene

STRUCTURE_COLOURS = [(44, 130, 60), (36, 116, 196), (206, 164, 84)]
"""Wald green, Aqua blue, Wüste sand."""
SIZE_SIGNS = ["⬤", "●", "•"]
"""groß, mittel, klein: the planet drawn larger or smaller."""
JOKER = (110, 54, 150)
SPECIAL = (44, 34, 72)
PHASES = {
    "deal": ("Geben", "dealing"),
    "bet": ("Setzrunde", "betting"),
    "exchange": ("Kartentausch", "exchange"),
    "over": ("Spielende", "game over"),
}


def face(card: int, scene: Scene) -> Face:
    """A Stardust card: planets by structure colour, size sign and economy points; suns by
    colour and value; jokers by name with their planet points.
    """
    if is_planet(card):
        kind, big = structure(card), size(card)
        return Face(
            title=STRUCTURES[kind].de,
            colour=STRUCTURE_COLOURS[kind],
            corner=str(points(card)),
            band_text=SIZES[big].de if scene.de else SIZES[big].en,
            gloss=None if scene.de else STRUCTURES[kind].en,
            symbol=SIZE_SIGNS[big],
        )
    if is_sun(card):
        red = card >= FIRST_SUN + 3
        stripes = (card - FIRST_SUN) % 3 + 1
        return Face(
            title="Rote Sonne" if red else "Gelbe Sonne",
            colour=(200, 52, 40) if red else (226, 184, 30),
            corner=str(sun_value(card)),
            band_text="|" * stripes + scene.say(" Streifen", " stripes"),
            gloss=None if scene.de else ("red sun" if red else "yellow sun"),
            symbol="☀",
        )
    index = card - FIRST_JOKER
    return Face(
        title=JOKER_NAMES[index],
        colour=SPECIAL if card in SPECIAL_JOKERS else JOKER,
        corner=str(JOKER_PLANET_POINTS[index]),
        band_text="Joker",
        symbol="★",
    )


def _marks(scene: Scene, seat: int) -> list[tuple[str, tuple[int, int, int]]]:
    view = scene.view
    marks = []
    if seat == view["dealer"] and view["phase"] != "over":
        marks.append((scene.say("Geber", "dealer"), GOLD))
    if view["left"][seat] is not None:
        marks.append((scene.say("ausgeschieden", "out"), (90, 90, 90)))
    elif view["folded"][seat]:
        marks.append((scene.say("ausgestiegen", "folded"), (90, 90, 90)))
    elif view["in_hand"][seat] and view["stacks"][seat] == 0:
        marks.append(("all-in", RED))
    if view["hole"][seat]:
        marks.append(("Schwarzes Loch", (44, 34, 72)))
    return marks


def draw(canvas: Canvas, scene: Scene) -> None:
    """The table: heading, pot, seats, laid jokers, last showdown; for a seat its own hand with
    its best combination and what it costs to call.
    """
    view = scene.view
    n = view["players"]
    to_act = [seat for seat in view["to_act"] if seat >= 0]
    de, en = PHASES.get(view["phase"], (view["phase"], view["phase"]))
    detail = scene.say(
        f"Hand {view['hand_no']}/{view['hands']} · {de} · Mindesteinsatz {view['ante']}",
        f"hand {view['hand_no']}/{view['hands']} · {en} · ante {view['ante']}",
    )
    if to_act:
        detail += " · " + scene.say("am Zug: ", "to act: ") + scene.who(to_act)
    y = canvas.heading(0, "Stardust", detail)

    canvas.panel((MARGIN, y, WIDTH - MARGIN, y + 64))
    used = canvas.chips(MARGIN + 14, y + 4, view["pot"], label="Pot")
    if view["current_bet"]:
        canvas.text(
            MARGIN + 40 + used,
            y + 30,
            scene.say(
                f"höchster Einsatz {view['current_bet']}", f"highest bet {view['current_bet']}"
            ),
            14,
            fill=LIGHT,
        )
    y += 74

    column = (WIDTH - 2 * MARGIN) // n
    for seat in range(n):
        x = MARGIN + seat * column
        canvas.panel((x + 2, y, x + column - 2, y + 170), active=seat in to_act)
        canvas.text(x + 10, y + 8, scene.panel_name(seat), 15, bold=True, width=column - 20)
        canvas.chips(x + 10, y + 24, view["stacks"][seat])
        bet = view["bets"][seat]
        canvas.text(
            x + 10,
            y + 78,
            scene.say(f"Einsatz {bet}", f"bet {bet}"),
            13,
            bold=True,
            fill=GOLD if bet else MUTED,
            width=column - 20,
        )
        right = x + 10
        for word, colour in _marks(scene, seat):
            if right < x + column - 50:
                right = canvas.badge(right, y + 98, word, colour, size=11) + 4
        canvas.mini_backs(x + 10, y + 130, view["hand_sizes"][seat])
    y += 180

    pending = view["pending"]
    if pending and pending.get("kind") == "tod":
        who = scene.name(pending["target"])
        text = scene.say(
            f"Schneller Tod: {who} legt eine Karte ab", f"Schneller Tod: {who} discards"
        )
        canvas.text(MARGIN, y, text, 15, bold=True, fill=GOLD, width=WIDTH - 2 * MARGIN)
        y += 24
    elif pending and pending.get("kind") == "wasser" and pending.get("queue"):
        who = scene.name(pending["queue"][0])
        text = scene.say(
            f"Dunkle Wasser: {who} zahlt den Mindesteinsatz erneut oder steigt aus",
            f"Dunkle Wasser: {who} pays the ante again or folds",
        )
        canvas.text(MARGIN, y, text, 15, bold=True, fill=GOLD, width=WIDTH - 2 * MARGIN)
        y += 24
    if view["laid"]:
        y = canvas.label(MARGIN, y, scene.say("Ausgelegte Joker", "Jokers laid"))
        for index, (joker, by, before) in enumerate(view["laid"]):
            x = MARGIN + index * 150
            who = scene.name(by) + (f" → {scene.name(before)}" if before != by else "")
            canvas.text(x, y, who, 12, fill=MUTED, width=144)
            canvas.card(x, y + 18, face(joker, scene), small=True)
        y += 18 + SMALL_H + 10

    last = view["last"]
    if last and (last["shown"] or view["phase"] == "deal"):
        won: dict[int, int] = {}
        for amount, winners in last["pots"]:
            for seat in winners:
                won[seat] = won.get(seat, 0) + amount // len(winners)
        gains = ", ".join(f"{scene.name(seat)} +{amount}" for seat, amount in won.items())
        y = canvas.label(
            MARGIN,
            y,
            scene.say(
                f"Letzte Hand ({last['hand']}): {gains}", f"Last hand ({last['hand']}): {gains}"
            ),
            width=WIDTH - 2 * MARGIN,
        )
        half = (WIDTH - 2 * MARGIN) // 2
        for index, entry in enumerate(last["shown"]):
            x = MARGIN + (index % 2) * half
            top = y + (index // 2) * (SMALL_H + 30)
            kind = scene.text(KIND_NAMES[entry["kind"]])
            canvas.text(
                x,
                top,
                f"{scene.name(entry['seat'])}: {kind} ({points_text(entry['score'], scene.lang)})",
                13,
                bold=True,
                fill=LIGHT,
                width=half - 10,
            )
            grouped = {card for group in entry["groups"] for card in group}
            faces = [face(card, scene) for card in entry["cards"]]
            highlight = {i for i, card in enumerate(entry["cards"]) if card in grouped}
            card_grid(
                canvas, top + 20, faces, small=True, highlight=highlight, left=x, width=half - 10
            )
        y += -(-len(last["shown"]) // 2) * (SMALL_H + 30) + 4

    if view.get("hand") is not None:
        evaluation = view.get("evaluation")
        title = scene.say("Deine Hand", "Your hand")
        if evaluation:
            kind = scene.text(KIND_NAMES[evaluation["kind"]])
            title += f" · {kind} ({points_text(evaluation['score'], scene.lang)})"
        if view.get("to_call"):
            title += " · " + scene.say(
                f"zum Mitgehen {view['to_call']}", f"to call {view['to_call']}"
            )
        y = canvas.label(MARGIN, y + 4, title, width=WIDTH - 2 * MARGIN)
        grouped = {card for group in (evaluation or {}).get("groups", []) for card in group}
        hand = view["hand"]
        highlight = {index for index, card in enumerate(hand) if card in grouped}
        if hand:
            card_grid(canvas, y, [face(card, scene) for card in hand], highlight=highlight)
        else:
            canvas.empty_slot(MARGIN, y, text=scene.say("keine Karten", "no cards"))
