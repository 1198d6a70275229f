"""Scherbia: the trick as layers (one row per Lage, one column per seat from the leader)."""

from __future__ import annotations

from games.core import Text
from games.scherbia.actions import ACTION_KINDS, FACTION_OF_WORD, FACTIONS, kind_of
from games.scherbia.cards import BASE, HOLZFAELLER, NAMES, PEOPLE_NAMES, people, profession

from .kit import CARD_H, CARD_W, GOLD, LIGHT, MARGIN, MUTED, WIDTH, Canvas, Face, card_grid, fan
from .scene import Scene

PEOPLE_COLOURS = [(46, 140, 60), (45, 45, 45), (188, 40, 40), (40, 92, 190)]
"""Elfen grün, Menschen schwarz, Zwerge rot, Halblinge blau (rules page, Karten)."""

SYMBOLS = ["✦", "⚔", "⚒", "➹", "✚", "⚓", "◆", "☛", "◍", "❀", "∅", "♣"]
"""One small sign per profession, beside the value (drawn in the people's colour)."""

ASK = {
    "copy": Text("Berufsloser wählt", "Berufsloser chooses"),
    "shoot": Text("Jäger: Sperrfeuer?", "Jäger: Sperrfeuer?"),
    "replace": Text("legt eine Ersatzkarte", "plays a replacement"),
    "block": Text("Krieger: Blockade?", "Krieger: Blockade?"),
    "steal": Text("Dieb: stehlen?", "Dieb: steal?"),
    "heal": Text("Heiler: tauschen?", "Heiler: exchange?"),
    "dice": Text("Würfel für den Holzfäller", "dice for the Holzfäller"),
    "final": Text("Würfel für die Schlusswertung", "dice for the final count"),
    "lay": Text("Aktionskarte legen?", "lay an action card?"),
    "veto": Text("Einspruch?", "Einspruch?"),
}
ACTION_COLOUR = (112, 62, 150)
_KINDS = {kind.word: kind for kind in ACTION_KINDS} | {
    faction.ability.word: faction.ability for faction in FACTIONS if faction.ability is not None
}


def action_face(word: str, scene: Scene, faction: bool = False, note: str | None = None) -> Face:
    """An action card (or a faction ability) by its word: name, English gloss, "Aktion" band."""
    kind = _KINDS[word]
    gloss = None
    if not scene.de and "(" in kind.name.en:
        gloss = kind.name.en[kind.name.en.find("(") + 1 : -1]
    band = scene.say("Fraktion", "faction") if faction else scene.say("Aktion", "action")
    return Face(
        title=kind.name.de, colour=ACTION_COLOUR, band_text=band, gloss=gloss, symbol="!", note=note
    )


def face(card: int, scene: Scene, value: int | str | None = None, note: str | None = None) -> Face:
    """A Scherbia card: profession (German), value, people as the colour band."""
    prof, kin = profession(card), people(card)
    printed = "??" if prof == HOLZFAELLER else str(BASE[prof])
    gloss = None
    if not scene.de:
        english = NAMES[prof].en
        gloss = english[english.find("(") + 1 : -1] if "(" in english else None
    return Face(
        title=NAMES[prof].de,
        colour=PEOPLE_COLOURS[kin],
        corner=printed if value is None else str(value),
        band_text=PEOPLE_NAMES[kin].de if scene.de else PEOPLE_NAMES[kin].en,
        gloss=gloss,
        symbol=SYMBOLS[prof],
        note=note,
    )


def _entry_face(entry: dict, scene: Scene) -> Face:
    notes = []
    if entry["copies"] is not None:
        notes.append(scene.say("als ", "as ") + NAMES[entry["copies"]].de)
    if entry["roll"] is not None:
        notes.append(scene.say("Wurf ", "roll ") + str(entry["roll"]))
    if entry["stolen_by"] is not None:
        notes.append(scene.say("gestohlen", "stolen"))
    if entry["healed"] is not None:
        notes.append(scene.say("getauscht", "exchanged"))
    value = "?" if entry["value"] is None else entry["value"]
    return face(entry["card"], scene, value, ", ".join(notes) or None)


def draw(canvas: Canvas, scene: Scene) -> None:
    """The table: heading, one column per seat (name, total, hand, pile), the layers of the
    trick, the last trick, the final piles; for a seat also its hand and its own pile.
    """
    view = scene.view
    n = view["players"]
    limit = view["max_layers"] or scene.say("unbegrenzt", "unlimited")
    if view["phase"] == "over":
        detail = scene.say("Spielende", "game over")
    else:
        trick_no = view["tricks_played"] + 1
        detail = scene.say(
            f"Stich {trick_no} · Lage {view['layer']} (höchstens {limit})",
            f"trick {trick_no} · layer {view['layer']} (at most {limit})",
        )
    to_act = view["to_act"]
    if to_act:
        ask = view["ask"]
        what = (
            f" ({scene.text(ASK[ask['kind']])})" if ask is not None and ask["kind"] in ASK else ""
        )
        detail += " · " + scene.say("am Zug: ", "to act: ") + scene.who(to_act) + what
    y = canvas.heading(0, "Scherbia", detail)

    order = [(view["leader"] + offset) % n for offset in range(n)]
    column = min(CARD_W + 40, (WIDTH - 2 * MARGIN) // n)
    left = MARGIN + ((WIDTH - 2 * MARGIN) - column * n) // 2
    teams = view["teams"]
    playing = view["phase"] != "over"
    for index, seat in enumerate(order):
        x = left + index * column
        canvas.panel((x + 2, y, x + column - 2, y + 104), active=seat in to_act)
        canvas.text(x + 8, y + 6, scene.panel_name(seat), 14, bold=True, width=column - 16)
        if view["scores"] is not None:
            score = view["scores"][seat]
            line = scene.say(f"Punkte {score}", f"points {score}")
        else:
            total = view["totals"][seat]
            line = scene.say(f"Summe {total}", f"total {total}")
        canvas.text(x + 8, y + 26, line, 15, bold=True, fill=GOLD, width=column - 16)
        if playing:
            canvas.mini_backs(x + 8, y + 46, view["hand_sizes"][seat], most=4)
        pile = view["pile_sizes"][seat]
        line = scene.say(f"Stapel {pile}", f"pile {pile}")
        if view.get("action_cards"):
            held = view["action_hand_sizes"][seat]
            line += scene.say(f" · Akt. {held}", f" · act. {held}")
        canvas.text(x + 8, y + 78, line, 12, fill=MUTED, width=column - 48)
        if teams:
            team = 1 if seat in teams[0] else 2
            canvas.badge(x + column - 36, y + 78, f"T{team}", (90, 70, 150), size=10)
        elif index == 0 and playing:
            canvas.badge(x + column - 30, y + 78, scene.say("A", "L"), GOLD, size=10)
    y += 112

    trick = view["trick"]
    ask = view["ask"]
    asked = set()
    if ask is not None:
        # The card that asks (a Dieb, a Jäger, a Heiler) and the card it would take or hit.
        asked = {
            trick[index]["card"]
            for index in (ask["slot"], ask["target"])
            if isinstance(index, int) and 0 <= index < len(trick)
        }
    layers = max([entry["layer"] for entry in trick] + [view["layer"] if to_act else 0])
    cell = {(entry["seat"], entry["layer"]): entry for entry in trick}
    side = left >= 96  # room for the layer's name left of its row
    for layer in range(1, layers + 1):
        word = scene.say(f"Lage {layer}", f"layer {layer}")
        if side:
            canvas.text(left - 8, y + CARD_H // 2, word, 14, bold=True, fill=MUTED, anchor="rm")
        else:
            y = canvas.label(MARGIN, y, word)
        for index, seat in enumerate(order):
            x = left + index * column + (column - CARD_W) // 2
            entry = cell.get((seat, layer))
            if entry is None:
                canvas.empty_slot(x, y)
            else:
                canvas.card(
                    x,
                    y,
                    _entry_face(entry, scene),
                    dim=entry["stolen_by"] is not None,
                    highlight=entry["card"] in asked,
                )
        y += CARD_H + 8
    laid = {item["seat"]: item for item in view.get("laid") or []}
    if laid:
        # laid action cards: backs (owner only) until the reveal, then their faces
        word = scene.say("Aktion", "action")
        if side:
            canvas.text(left - 8, y + CARD_H // 2, word, 14, bold=True, fill=MUTED, anchor="rm")
        else:
            y = canvas.label(MARGIN, y, word)
        for index, seat in enumerate(order):
            x = left + index * column + (column - CARD_W) // 2
            item = laid.get(seat)
            if item is None:
                canvas.empty_slot(x, y)
            elif item["kind"] is None or not view["revealed"]:
                if item["kind"] is None:
                    canvas.back(x, y)
                else:  # one's own laid card: face shown, marked face down
                    canvas.card(
                        x, y, action_face(item["kind"], scene, item["faction"]), covered=True
                    )
            else:
                note = scene.say("aufgehoben", "cancelled") if item["void"] else None
                canvas.card(
                    x,
                    y,
                    action_face(item["kind"], scene, item["faction"], note),
                    dim=bool(item["void"]),
                )
        y += CARD_H + 8
    if playing:
        legend = scene.say(
            f"Ausspieler (A): {scene.name(order[0])}", f"Leader (L): {scene.name(order[0])}"
        )
        if view.get("factions"):
            names = " / ".join(
                scene.text(FACTIONS[FACTION_OF_WORD[w]].name)
                if w
                else scene.say("verdeckt", "hidden")
                for w in view["factions"]
            )
            legend += scene.say(f" · Fraktionen T1/T2: {names}", f" · factions T1/T2: {names}")
        canvas.text(MARGIN, y, legend, 12, fill=MUTED)
        y += 20

    last = view["last_trick"]
    if last is not None and not trick and view["piles"] is None:
        winner = (
            scene.say("unentschieden", "tied")
            if last["winner"] is None
            else scene.name(last["winner"])
        )
        y = canvas.label(
            MARGIN, y + 4, scene.say(f"Letzter Stich: {winner}", f"Last trick: {winner}")
        )
        y = card_grid(
            canvas, y, [face(card, scene) for _seat, card, _dest in last["cards"]], small=True
        )

    if view["piles"] is not None:
        scores, pile_scores = view["scores"], view["pile_scores"]
        rolls = {card: roll for _seat, card, roll in view["final_rolls"] or [] if roll is not None}
        half = (WIDTH - 2 * MARGIN) // 2
        for first in range(0, n, 2):
            bottom = y
            for seat in range(first, min(first + 2, n)):
                x = MARGIN + (seat - first) * half
                head = scene.name(seat)
                if pile_scores is not None:
                    head += scene.say(
                        f" · Stapel {pile_scores[seat]}", f" · pile {pile_scores[seat]}"
                    )
                if scores is not None and view["teams"]:
                    head += scene.say(f" · Team {scores[seat]}", f" · team {scores[seat]}")
                canvas.text(x, y + 4, head, 14, bold=True, fill=MUTED, width=half - 10)
                faces = [
                    face(
                        card,
                        scene,
                        rolls.get(card),
                        scene.say("Wurf", "roll") if card in rolls else None,
                    )
                    for card in view["piles"][seat]
                ]
                end = fan(canvas, x, y + 24, faces, half - 10)
                bottom = max(bottom, end, y + 24)
            y = bottom + 4

    if view["hand"] is not None:
        y = canvas.label(MARGIN, y + 8, scene.say("Deine Hand", "Your hand"))
        y = card_grid(canvas, y, [face(card, scene) for card in view["hand"]])
        if view.get("action_hand") is not None:
            y = canvas.label(MARGIN, y + 4, scene.say("Deine Aktionskarten", "Your action cards"))
            y = card_grid(
                canvas,
                y,
                [action_face(ACTION_KINDS[kind_of(c)].word, scene) for c in view["action_hand"]],
                small=True,
            )
        if view["pile"] and view["piles"] is None:
            y = canvas.label(MARGIN, y + 4, scene.say("Dein Stapel", "Your pile"))
            y = card_grid(canvas, y, [face(card, scene) for card in view["pile"]], small=True)
    if not trick and not layers and view["hand"] is None and last is None:
        canvas.text(
            MARGIN,
            y + 4,
            scene.say("Noch keine Karte im Stich.", "No card played yet."),
            14,
            fill=LIGHT,
        )
