"""Siedler von Catan: Deck Building: the supply with its prices, each seat's hand, draw pile
and discard as face-down counts, the cards on each seat's table, and the viewer's own hand.
"""

from __future__ import annotations

from games.catan_deckbuilding.cards import CARD_INDEX, COSTS, NAMES, RESOURCES, SHORT

from .kit import (
    GOLD,
    LIGHT,
    MARGIN,
    MUTED,
    SMALL_H,
    SMALL_W,
    WIDTH,
    Canvas,
    Face,
    card_grid,
    font,
    ink_on,
)
from .scene import Scene

STYLE = [
    ((120, 124, 136), "◆"),  # Erz
    ((178, 84, 48), "▦"),  # Lehm
    ((214, 172, 36), "⚘"),  # Getreide
    ((38, 100, 44), "♣"),  # Holz
    ((124, 184, 76), "☁"),  # Weide
    ((40, 110, 190), "≈"),  # Meer
    ((206, 180, 120), "☀"),  # Wüste
    ((48, 48, 48), "☠"),  # Bandit
    ((64, 86, 160), "♜"),  # Ritter (Defensiv)
    ((164, 46, 46), "⚔"),  # Ritter (Offensiv)
    ((28, 120, 150), "⚓"),  # Hafen
    ((122, 82, 48), "═"),  # Strasse
    ((176, 70, 60), "⌂"),  # Siedlung
    ((104, 60, 140), "♚"),  # Stadt
]
"""Colour and sign of each card: the resources in their board colours, the actions darker."""


def face(word: str, scene: Scene, count: int | None = None) -> Face:
    """A Catan card: German name, ``×count`` in the corner where several are meant."""
    index = CARD_INDEX[word]
    colour, symbol = STYLE[index]
    english = NAMES[index].en
    gloss = None if scene.de else english[english.rfind("(") + 1 : -1]
    kind = scene.say("Rohstoff", "resource") if index < 7 else scene.say("Aktion", "action")
    corner = None if count is None else f"×{count}"
    return Face(NAMES[index].de, colour, corner, kind, gloss, symbol)


def _price(canvas: Canvas, x: int, y: int, word: str) -> None:
    """The cost under a supply pile: one coloured pip per resource with its amount."""
    index = CARD_INDEX[word]
    pips = [(kind, amount) for kind, amount in zip(RESOURCES, COSTS[index], strict=True) if amount]
    if word == "bandit":
        pips.append((CARD_INDEX["wueste"], 1))
    if word == "stadt":
        pips.append((CARD_INDEX["siedlung"], 1))
    for number, (kind, amount) in enumerate(pips):
        px = x + number * 18
        colour = STYLE[kind][0]
        canvas.draw.ellipse((px, y, px + 16, y + 16), fill=colour, outline=LIGHT)
        canvas.draw.text(
            (px + 8, y + 8), str(amount), font=font(10, True), fill=ink_on(colour), anchor="mm"
        )
    canvas.bottom = max(canvas.bottom, y + 17)


def draw(canvas: Canvas, scene: Scene) -> None:
    """The table: heading, supply, both seats; for a seat also its hand and its discard."""
    view = scene.view
    if view["phase"] == "over":
        winner = view["winner"]
        detail = (
            scene.say(f"{scene.name(winner)} gewinnt", f"{scene.name(winner)} wins")
            if winner is not None
            else scene.say("unentschieden", "a draw")
        )
    else:
        detail = scene.say(
            f"Zug {view['turn']}/{view['turn_limit']} · am Zug: {scene.name(view['active'])}",
            f"turn {view['turn']}/{view['turn_limit']} · to act: {scene.name(view['active'])}",
        )
        if view["ask"] is not None and view["ask"] != view["active"]:
            detail += scene.say(" · Antwort von ", " · answer from ") + scene.name(view["ask"])
    y = canvas.heading(0, scene.text(scene.game.name), detail)

    y = canvas.label(MARGIN, y, scene.say("Vorrat (Preis darunter)", "Supply (price below)"))
    for number, (word, count) in enumerate(view["supply"].items()):
        x = MARGIN + number * (SMALL_W + 52)
        if count:
            canvas.card(x, y, face(word, scene, count), small=True)
        else:
            canvas.empty_slot(x, y, small=True, text=SHORT[CARD_INDEX[word]])
        _price(canvas, x, y + SMALL_H + 4, word)
    y += SMALL_H + 30

    half = (WIDTH - 2 * MARGIN - 12) // 2
    tops = []
    for seat, info in enumerate(view["seats"]):
        x = MARGIN + seat * (half + 12)
        active = view["phase"] != "over" and seat in (view["active"], view["ask"])
        table = list(info["table"].items())
        rows = max(1, -(-len(table) // 5))
        height = 40 + 130 + rows * (SMALL_H + 6) + 8
        canvas.panel((x, y, x + half, y + height), active=active)
        canvas.text(x + 10, y + 8, scene.panel_name(seat), 16, bold=True, width=half - 20)
        piles = (
            (scene.say("Hand", "hand"), info["hand_size"]),
            (scene.say("Stapel", "deck"), info["deck_size"]),
            (scene.say("Ablage", "discard"), info["discard_size"]),
        )
        for number, (word, count) in enumerate(piles):
            px = x + 10 + number * 100
            canvas.text(px, y + 34, word, 12, fill=MUTED)
            canvas.backs(px, y + 54, count)
        canvas.text(x + 10, y + 164, scene.say("Auf dem Tisch", "On the table"), 12, fill=MUTED)
        if table:
            card_grid(
                canvas,
                y + 182,
                [face(word, scene, count) for word, count in table],
                small=True,
                left=x + 10,
                width=half - 20,
            )
        tops.append(y + height)
    y = max(tops) + 8

    notes = []
    if view["roads"]:
        notes.append(
            scene.say(
                f"Strassen in diesem Zug: {view['roads']}, Ressourcen übrig: {view['pool']}",
                f"Roads this turn: {view['roads']}, resources left: {view['pool']}",
            )
        )
    attack = view["attack"]
    if attack:
        name = NAMES[CARD_INDEX[attack["card"]]].get(scene.lang)
        notes.append(
            scene.say("Angriff: ", "Attack: ")
            + f"{name} {scene.name(attack['by'])} → {scene.name(attack['at'])}"
        )
    if view["paying_for"]:
        name = NAMES[CARD_INDEX[view["paying_for"]]].get(scene.lang)
        notes.append(scene.say("Bezahlt wird: ", "Paying for: ") + name)
    if view["drops"] and view["ask"] is not None:
        notes.append(
            scene.say(
                f"{scene.name(view['ask'])} wirft noch {view['drops']} ab",
                f"{scene.name(view['ask'])} discards {view['drops']} more",
            )
        )
    for note in notes:
        canvas.text(MARGIN, y, note, 15, bold=True, fill=GOLD, width=WIDTH - 2 * MARGIN)
        y += 22

    if "hand" in view:
        y = canvas.label(MARGIN, y + 4, scene.say("Deine Hand", "Your hand"))
        hand = [face(word, scene, count) for word, count in view["hand"].items()]
        if hand:
            y = card_grid(canvas, y, hand)
        else:
            canvas.empty_slot(MARGIN, y, text=scene.say("leer", "empty"))
            y += 136
        if view.get("paying_with"):
            used = ", ".join(f"{SHORT[CARD_INDEX[w]]} ×{n}" for w, n in view["paying_with"].items())
            canvas.text(
                MARGIN,
                y,
                scene.say("Bezahlt mit: ", "Paying with: ") + used,
                14,
                fill=GOLD,
                width=WIDTH - 2 * MARGIN,
            )
            y += 22
        if "stolen" in view:
            name = NAMES[CARD_INDEX[view["stolen"]]].get(scene.lang)
            canvas.text(
                MARGIN,
                y,
                scene.say("Geraubte Karte: ", "Stolen card: ") + name,
                14,
                fill=GOLD,
                width=WIDTH - 2 * MARGIN,
            )
            y += 22
        discard = [face(word, scene, count) for word, count in view["discard"].items()]
        if discard:
            y = canvas.label(MARGIN, y + 4, scene.say("Deine Ablage", "Your discard pile"))
            card_grid(canvas, y, discard, small=True)
