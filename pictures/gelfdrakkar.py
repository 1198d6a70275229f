"""Gelfdrakkar: seats with their revealed parties, the trick and the cards lying over from
earlier tricks (Gegenwirker, Fessel) as layers, and the two open party piles.
"""

from __future__ import annotations

from games.gelfdrakkar.cards import CARDS, KIND, POINTS, RANK
from games.gelfdrakkar.words import PARTY_NAME

from .kit import (
    CARD_W,
    GOLD,
    LIGHT,
    MARGIN,
    MUTED,
    RED,
    SMALL_H,
    WIDTH,
    Canvas,
    Face,
    card_grid,
    fan,
)
from .scene import Scene

STYLE: dict[str, tuple[tuple[int, int, int], str]] = {
    "vernio": ((214, 168, 36), "☀"),
    "tod": ((32, 32, 32), "☠"),
    "sinhara": ((150, 150, 175), "✪"),
    "waldherr": ((38, 104, 52), "☘"),
    "erste": ((128, 58, 150), "♛"),
    "zweite": ((128, 58, 150), "♛"),
    "letzte": ((128, 58, 150), "♛"),
    "freund": ((28, 138, 138), "♥"),
    "spion": ((28, 138, 138), "☽"),
    "helfer": ((28, 138, 138), "✚"),
    "fessel": ((105, 105, 105), "⊗"),
    "unterstuetzer": ((196, 146, 28), "▲"),
    "gegenwirker": ((130, 142, 156), "▼"),
    "drache": ((182, 40, 40), "⚡"),
    "mensch": ((46, 96, 176), "⚔"),
    "zwerg": ((128, 84, 44), "⚒"),
    "gnom": ((58, 138, 58), "✿"),
    "null": ((150, 150, 150), "∅"),
}
"""Colour and sign of each kind: species by colour, gods gold, Gelflinge purple, elves teal."""

PARTY_COLOURS = {"V": (214, 168, 36), "A": (70, 70, 150)}


def face(card: int, scene: Scene) -> Face:
    """A Gelfdrakkar card: German name (species cards show their letter and number big)."""
    data = CARDS[card]
    kind = KIND[card]
    colour, symbol = STYLE[kind]
    title, corner = str(data["de"]), None
    if " " in title and kind in ("drache", "mensch", "zwerg", "gnom"):
        title, corner = title.split(" ", 1)
    points = POINTS[card]
    band = (
        scene.say(f"{points} Punkte", f"{points} points")
        if points != 1
        else scene.say("1 Punkt", "1 point")
    )
    return Face(
        title=title,
        colour=colour,
        corner=corner,
        band_text=band,
        gloss=None if scene.de else str(data["en"]),
        symbol=symbol,
    )


def _limit(kind: object, scene: Scene) -> str:
    if kind == 0:
        return scene.say("0 Pkt.", "0 pts")
    return scene.say(f"<{kind} Pkt.", f"<{kind} pts")


def draw(canvas: Canvas, scene: Scene) -> None:
    """The table: heading, seats, trick, cards lying over, party piles; for a seat its party
    and its hand (strongest first).
    """
    view = scene.view
    players = view["players"]
    to_act = [seat for seat in view["to_act"] if seat >= 0]
    detail = scene.say(
        f"Runde {view['round']}/{view['rounds']} · Stich {view['trick_no'] + 1}/{view['tricks']}"
        f" · Geber {scene.name(view['dealer'])}",
        f"round {view['round']}/{view['rounds']} · trick {view['trick_no'] + 1}/{view['tricks']}"
        f" · dealer {scene.name(view['dealer'])}",
    )
    if view["phase"] == "over":
        detail = scene.say("Spielende", "game over")
    elif to_act:
        detail += " · " + scene.say("am Zug: ", "to act: ") + scene.who(to_act)
    y = canvas.heading(0, "Gelfdrakkar", detail)

    column = (WIDTH - 2 * MARGIN) // players
    said: dict[int, list[str]] = {}
    for seat, kind in view["announcements"]:
        if kind != "reveal":
            said.setdefault(seat, []).append(_limit(kind, scene))
    for seat in range(players):
        x = MARGIN + seat * column
        canvas.panel((x + 2, y, x + column - 2, y + 104), active=seat in to_act)
        canvas.text(x + 8, y + 6, scene.panel_name(seat), 14, bold=True, width=column - 16)
        coins = view["balances"][seat]
        canvas.text(
            x + 8,
            y + 26,
            scene.say(f"{coins} Kupfer", f"{coins} copper"),
            13,
            bold=True,
            fill=GOLD,
            width=column - 16,
        )
        if view["phase"] != "over":
            canvas.mini_backs(x + 8, y + 44, view["hand_sizes"][seat], most=4)
        right = x + 8
        side = view["revealed"][seat]
        if side:
            label = "V" if side == "V" else scene.say("gegen V", "vs V")
            right = canvas.badge(right, y + 78, label, PARTY_COLOURS[side], size=11) + 4
        for word in said.get(seat, []):
            if right < x + column - 40:
                right = canvas.badge(right, y + 78, word, RED, size=11) + 4
    y += 114

    trick = view["trick"]
    if view["phase"] not in ("over", "deal"):
        y = canvas.label(MARGIN, y, scene.say("Stich", "Trick"))
        if trick:
            step = min(CARD_W + 12, (WIDTH - 2 * MARGIN) // len(trick))
            for index, (seat, card) in enumerate(trick):
                x = MARGIN + index * step
                canvas.text(x, y, scene.name(seat), 12, fill=MUTED, width=step - 6)
                canvas.card(x, y + 18, face(card, scene), highlight=seat in to_act)
            y += 18 + 128 + 8
        else:
            canvas.empty_slot(MARGIN, y, text=scene.say("leer", "empty"))
            y += 128 + 8
    for key, cards in (
        ("carry", view["carried"]),
        ("fetter", [card for bundle in view["fettered"] for card in bundle]),
    ):
        if cards:
            words = {
                "carry": scene.say("Liegengeblieben (Gegenwirker)", "Lying over (Gegenwirker)"),
                "fetter": scene.say("Gefesselt bis zum letzten Stich", "Fettered until the last"),
            }
            y = canvas.label(MARGIN, y, words[key])
            y = card_grid(canvas, y, [face(card, scene) for card in cards], small=True)

    for entry in view["history"][-5:]:
        winner = entry["winner"]
        won = (
            scene.text(PARTY_NAME[winner])
            if winner in PARTY_NAME
            else scene.say("unentschieden", "tied")
        )
        points = entry["points"]
        line = scene.say(
            f"Runde {entry['round']}: Partei {won} gewinnt, {points['V']} zu {points['A']} Punkte,"
            f" Einsatz {entry['stake']}",
            f"Round {entry['round']}: the party {won} wins, {points['V']} to {points['A']} points,"
            f" stake {entry['stake']}",
        )
        canvas.text(MARGIN, y, line, 13, fill=LIGHT, width=WIDTH - 2 * MARGIN)
        y += 20
    if view["history"]:
        y += 6
    if view["phase"] == "over":
        return
    half = (WIDTH - 2 * MARGIN) // 2
    for index, side in enumerate(("V", "A")):
        x = MARGIN + index * half
        tricks = view["piles"][side]
        count = sum(len(cards) for cards in tricks)
        head = scene.text(PARTY_NAME[side])
        right = canvas.badge(x, y, head, PARTY_COLOURS[side], size=13)
        canvas.text(
            right + 10,
            y + 2,
            scene.say(
                f"{len(tricks)} Stiche · {count} Karten · {view['pile_points'][side]} Punkte",
                f"{len(tricks)} tricks · {count} cards · {view['pile_points'][side]} points",
            ),
            13,
            fill=LIGHT,
            width=x + half - right - 20,
        )
        if tricks:
            fan(canvas, x, y + 26, [face(card, scene) for card in tricks[-1]], half - 16)
        else:
            canvas.empty_slot(x, y + 26, small=True)
    y += 26 + SMALL_H + 10

    if view["hand"] is not None:
        party = scene.text(PARTY_NAME[view["party"]])
        y = canvas.label(MARGIN, y + 4, scene.say(f"Deine Hand · {party}", f"Your hand · {party}"))
        if view["waldherr_due"]:
            canvas.text(
                MARGIN + 330,
                y - 20,
                scene.say(
                    "Der Waldherr muss jetzt gespielt werden!", "The Waldherr must be played now!"
                ),
                13,
                bold=True,
                fill=RED,
            )
        hand = sorted(view["hand"], key=lambda card: -RANK[card])
        y = card_grid(canvas, y, [face(card, scene) for card in hand], small=len(hand) > 8)
