"""Coppertwaddle: two Domains of two rows (Adel above, Bauern below) with proud and covered
cards, the Trumpet, the Midden, a robbing in progress and the cards waiting for an answer.
"""

from __future__ import annotations

from games.coppertwaddle.cards import EFFECT, ENGLISH, IS_WIND, KIND, NAME, PLUS, ROW, STRENGTH
from games.coppertwaddle.table import power, proud_count, robbing_values
from games.coppertwaddle.words import PHASES

from .kit import CARD_H, CARD_W, GOLD, MARGIN, MUTED, WIDTH, Canvas, Face, card_grid
from .scene import Scene

ADEL = (112, 52, 140)
BAUER = (120, 96, 46)
WIND = (70, 140, 190)
DECLARATION = (206, 112, 30)
FAVOUR = (30, 128, 118)
NEGATE = (196, 150, 20)


def face(card: int, scene: Scene, strength: int | None = None, note: str | None = None) -> Face:
    """A Coppertwaddle card: German name, strength (or power in a Domain), kind as band."""
    kind = KIND[card]
    gloss = None if scene.de or ENGLISH[card] == NAME[card] else ENGLISH[card]
    corner: str | None
    if kind == "rank":
        wind = IS_WIND[card]
        colour = WIND if wind else (ADEL if ROW[card] == 0 else BAUER)
        band = "Wind" if wind else ("Adel" if ROW[card] == 0 else "Bauer")
        corner = str(STRENGTH[card] if strength is None else strength)
        symbol = "☁" if wind else ("♚" if ROW[card] == 0 else "☘")
    elif kind == "declaration":
        colour, symbol = DECLARATION, "✉"
        band = scene.say("Bekanntmachung", "Declaration")
        corner = f"{PLUS[card]:+d}" if PLUS[card] else None
    else:
        negate = EFFECT[card] == "negate"
        colour, symbol = (NEGATE, "✪") if negate else (FAVOUR, "✦")
        band = scene.say("Gunst", "Favour")
        corner = None
    return Face(NAME[card], colour, corner, band, gloss, symbol, note)


def _domain(canvas: Canvas, scene: Scene, seat: int, x: int, y: int, width: int) -> int:
    view = scene.view
    active = seat in view["to_act"]
    height = 58 + 2 * (CARD_H + 24)
    canvas.panel((x, y, x + width, y + height), active=active)
    canvas.text(x + 10, y + 8, scene.panel_name(seat), 16, bold=True, width=width - 140)
    if view["guardian"] == seat and view["phase"] != "over":
        canvas.badge(x + width - 100, y + 8, scene.say("Wächter", "Guardian"), GOLD, size=12)
    points = sum(
        power(view, slot) for slot in range(seat * 8, seat * 8 + 8) if view["slots"][slot] >= 0
    )
    proud = proud_count(view, seat)
    used = canvas.text(
        x + 10,
        y + 30,
        scene.say(
            f"Reich {points} · {proud}/8 stolz · Hand", f"Domain {points} · {proud}/8 proud · hand"
        ),
        13,
        fill=GOLD,
        width=width - 120,
    )
    canvas.mini_backs(x + 18 + int(used), y + 24, view["hand_sizes"][seat], most=5)
    rob = view["rob"]
    marked = {rob["robber"], rob["target"]} if rob else set()
    top = y + 58
    step = (width - 20) // 4
    for row, row_name in enumerate(("Adel", scene.say("Bauern", "Bauern"))):
        canvas.text(x + 10, top, row_name, 12, bold=True, fill=MUTED)
        for column in range(4):
            slot = seat * 8 + row * 4 + column
            cx = x + 10 + column * step + (step - CARD_W) // 2
            card = view["slots"][slot]
            if card < 0:
                canvas.empty_slot(cx, top + 18, text=scene.say("frei", "free"))
                continue
            notes = [NAME[one] for one in view["decls"][slot]]
            covered = view["covered"][slot]
            if view["winds"][slot] >= 0:
                notes.append(NAME[view["winds"][slot]])
            elif covered:
                notes.append(scene.say("verdeckt", "covered"))
            canvas.card(
                cx,
                top + 18,
                face(card, scene, power(view, slot), ", ".join(notes) or None),
                covered=covered,
                highlight=slot in marked,
            )
        top += CARD_H + 24
    return y + height


def draw(canvas: Canvas, scene: Scene) -> None:
    """The table: heading, both Domains side by side, Trumpet and Midden, the robbing and the
    stack of cards awaiting a Coppertwaddle; for a seat also its hand.
    """
    view = scene.view
    to_act = [seat for seat in view["to_act"] if seat >= 0]
    detail = scene.say(
        f"Spiel {view['game'] + 1}/{view['games']} · {scene.text(PHASES[view['phase']])}",
        f"game {view['game'] + 1}/{view['games']} · {scene.text(PHASES[view['phase']])}",
    )
    if to_act:
        detail += " · " + scene.say("am Zug: ", "to act: ") + scene.who(to_act)
    y = canvas.heading(0, "Coppertwaddle", detail)
    half = (WIDTH - 2 * MARGIN - 12) // 2
    bottom = y
    for seat in (0, 1):
        bottom = _domain(canvas, scene, seat, MARGIN + seat * (half + 12), y, half)
    y = bottom + 10

    canvas.label(MARGIN, y, scene.say("Trompete", "Trumpet"))
    canvas.backs(MARGIN, y + 24, view["trumpet"], small=True)
    midden = view["midden"]
    canvas.label(MARGIN + 110, y, scene.say(f"Misthaufen {len(midden)}", f"Midden {len(midden)}"))
    if midden:
        canvas.card(MARGIN + 110, y + 22, face(midden[-1], scene), small=True)
    else:
        canvas.empty_slot(MARGIN + 110, y + 22, small=True)
    x = MARGIN + 270
    room = WIDTH - x - MARGIN
    line = y
    if view["history"]:
        results = []
        for index, game in enumerate(view["history"]):
            if game["winner"] >= 0:
                results.append(f"{index + 1}: {scene.name(game['winner'])} ({game['points']})")
            else:
                results.append(f"{index + 1}: " + scene.say("unentschieden", "drawn"))
        text = scene.say("Spiel ", "Game ") + " · ".join(results)
        canvas.text(x, line, text, 13, fill=MUTED, width=room)
        line += 22
    if any(view["covered"][slot] and view["slots"][slot] >= 0 for slot in range(16)):
        canvas.text(
            x,
            line,
            scene.say("Dunkle Karten liegen verdeckt.", "Dark cards lie covered."),
            13,
            fill=MUTED,
            width=room,
        )
        line += 22
    rob = view["rob"]
    if rob is not None:
        attack, defence = robbing_values(view, rob)
        robber, target = view["slots"][rob["robber"]], view["slots"][rob["target"]]
        text = scene.say(
            f"Raubzug: {NAME[robber]} gegen {NAME[target]}, {attack} zu {defence}",
            f"Robbing: {NAME[robber]} against {NAME[target]}, {attack} to {defence}",
        )
        canvas.text(x, line, text, 15, bold=True, fill=GOLD, width=room)
        line += 22
    if view["stack"]:
        canvas.label(x, line, scene.say("Gespielt, wartet auf Antwort", "Played, awaiting answer"))
        cards = [face(card, scene) for _seat, card, _target in view["stack"]]
        card_grid(canvas, line + 20, cards, small=True, left=x, width=room)
    y = max(y + 24 + 98, canvas.bottom) + 12
    if view["hand"] is not None:
        y = canvas.label(MARGIN, y, scene.say("Deine Hand", "Your hand"))
        y = card_grid(canvas, y, [face(card, scene) for card in view["hand"]])
