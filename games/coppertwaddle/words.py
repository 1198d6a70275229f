"""Every word Coppertwaddle shows a player, in German and English."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core import Event, Names, Text, decode, seat_name

from .cards import DESIGN_OF, EFFECT, IS_WIND, NAME, PLUS, STRENGTH, label
from .table import (
    column_of,
    owner,
    robbing_values,
    row_of,
)

NOT_HELD = Text("Diese Karte hast du nicht auf der Hand.", "You do not hold that card.")
ONE_RANK_CARD = Text(
    "Du hast in diesem Zug schon eine Standeskarte ausgelegt.",
    "You have already played a rank card this turn.",
)
NO_FREE_DITCH = Text(
    "In deinem Reich ist in diesem Stand kein Platz frei.",
    "Your Domain has no free Ditch of that rank.",
)
BAD_TARGET = Text("Dieses Ziel ist nicht erlaubt.", "That target is not allowed.")
NOT_PROUD = Text(
    "Nur eine stolze (offene) Karte kann das.", "Only a proud (face-up) card can do that."
)
ROB_TOO_WEAK = Text(
    "Der Angriff muss stärker sein als die Verteidigung.",
    "The attack must be stronger than the defence.",
)
WIND_TARGET = Text("Winde können nicht geraubt werden.", "Winds can never be robbed.")
ROB_SAME_RANK = Text(
    "Adlige rauben nur Adlige, Bauern nur Bauern.",
    "Adel rob only Adel, Bauern only Bauern.",
)
NO_COPPERTWADDLE = Text(
    "Einen Coppertwaddle spielt man nur als Antwort auf eine andere Karte.",
    "A Coppertwaddle is only played to answer another card.",
)
ROBBING_ONLY_NOW = Text(
    "Diese Karte wirkt nur während eines Raubzugs.", "That card only works during a robbing."
)
WRONG_PHASE = Text(
    "Das geht in dieser Phase des Zuges nicht.", "That is not possible in this phase of the turn."
)
DEAL_FIRST = Text("Erst wird gemischt.", "The cards must be shuffled first.")

FIRST_OF_DESIGN = {design: DESIGN_OF.index(design) for design in set(DESIGN_OF)}

PHASES = {
    "deal": Text("Mischen", "Shuffle"),
    "challenge": Text("Herausforderung", "Challenging"),
    "engarde": Text("Zum Angriff", "En Garde"),
    "rob": Text("Raubzug", "Robbing"),
    "answer": Text("Coppertwaddle-Antwort", "Coppertwaddle answer"),
    "respite": Text("Kartenhand prüfen", "Respite"),
    "over": Text("Ende", "Over"),
}
ROWS = (Text("Adel", "Adel"), Text("Bauern", "Bauern"))


def _seat(seat: int, lang: str, names: Names = None) -> str:
    return seat_name(seat, lang, names)


def _where(slot: int, seat: int | None, lang: str) -> str:
    row = ROWS[row_of(slot)].get(lang)
    if seat is None:
        whose = _seat(owner(slot), lang)
    elif owner(slot) == seat:
        whose = Text("eigen", "yours").get(lang)
    else:
        whose = Text("Gegner", "opponent").get(lang)
    return f"{whose}, {row} {column_of(slot) + 1}"


def _at(table: dict[str, Any], slot: int, seat: int | None, lang: str) -> str:
    card = table["slots"][slot]
    if card < 0:
        return Text("frei", "empty").get(lang) + f" ({_where(slot, seat, lang)})"
    return f"{label(card, lang)} ({_where(slot, seat, lang)})"


def _thing(table: dict[str, Any], card: int, seat: int, lang: str) -> str:
    """A Bekanntmachung or Wind lying on a card, for Dread of Night."""
    for slot in range(16):
        if table["winds"][slot] == card or card in table["decls"][slot]:
            return f"{label(card, lang)} @ {_at(table, slot, seat, lang)}"
    return label(card, lang)


def _target_text(table: dict[str, Any], card: int, target: int, seat: int, lang: str) -> str:
    if EFFECT[card] == "remove":
        return _thing(table, target, seat, lang)
    return _at(table, target, seat, lang)


def action_label(state: dict[str, Any], seat: int, code: str, lang: str) -> str:
    """A button or menu label (at most 100 characters)."""
    # Labels are asked for legal codes only, so each argument is what its verb takes.
    verb, raw = decode(code)
    args: tuple[Any, ...] = raw
    text = code
    card = FIRST_OF_DESIGN.get(args[0], -1) if args and verb not in ("abil", "rob", "wind") else -1
    if verb == "rank":
        text = Text("Auslegen: ", "Place: ").get(lang) + label(card, lang)
    elif verb == "wind":
        slot = args[0]
        card = min(one for one in state["hands"][seat] if IS_WIND[one])
        if state["slots"][slot] >= 0:
            text = (
                Text("{w} blockiert {t}", "{w} blocks {t}")
                .get(lang)
                .format(w=label(card, lang), t=_at(state, slot, seat, lang))
            )
        else:
            text = f"{label(card, lang)} → {_where(slot, seat, lang)}"
    elif verb in ("decl", "fav"):
        text = label(card, lang)
        if len(args) > 1:
            text += " → " + _target_text(state, card, args[1], seat, lang)
    elif verb == "abil":
        slot = args[0]
        text = Text("Fähigkeit ", "Ability ").get(lang) + label(state["slots"][slot], lang)
        if len(args) > 1:
            text += " → " + _at(state, args[1], seat, lang)
    elif verb == "rob":
        robber, target = args
        attack, defence = robbing_values(
            state,
            {"robber": robber, "target": target, "nosupport": [], "nopower": [], "bonus": [0, 0]},
        )
        text = (
            Text("Rauben: {r} ({a}) gegen {t} ({d})", "Rob: {r} ({a}) against {t} ({d})")
            .get(lang)
            .format(
                r=label(state["slots"][robber], lang),
                a=attack,
                t=label(state["slots"][target], lang),
                d=defence,
            )
        )
    elif verb == "end":
        text = Text("Nicht rauben, Zug beenden", "No robbing, end the turn").get(lang)
    elif verb == "done":
        text = Text("Genug herausgefordert", "Done challenging").get(lang)
    elif verb == "pass":
        text = Text("Passen", "Pass").get(lang)
    elif verb == "let":
        text = Text("Geschehen lassen", "Let it happen").get(lang)
    elif verb == "answer":
        below = state["stack"][-1][1] if state["stack"] else -1
        what = label(below, lang) if below >= 0 else "?"
        text = Text("Coppertwaddle gegen {c}", "Coppertwaddle against {c}").format(c=what).get(lang)
    elif verb == "discard":
        text = Text("Abwerfen: ", "Discard: ").get(lang) + label(card, lang)
    return text[:100]


GROUP_LABELS = {
    "abil": Text("Fähigkeit von {c} nutzen …", "Use the ability of {c} …"),
    "decl": Text("{c} auf eine Karte legen …", "Lay {c} on a card …"),
    "fav": Text("{c} spielen …", "Play {c} …"),
    "rob": Text("Mit {c} rauben …", "Rob with {c} …"),
    "discard": Text("Karte abwerfen …", "Discard a card …"),
    "let": Text("Antworten …", "Answer …"),
    "pass": Text("Weiter …", "Go on …"),
    "rank": Text("Karte auslegen …", "Place a card …"),
}
"""The placeholder of each action group's select menu; ``{c}`` is the card the group is about."""


def group_label(state: dict[str, Any], group: str, lang: str) -> str:
    """A select menu's placeholder: the decision, with the card the group is about."""
    verb, _sep, arg = group.partition(":")
    text = GROUP_LABELS.get(verb, Text("Auswählen …", "Choose …"))
    card = -1
    if arg:
        number = int(arg)
        card = (
            state["slots"][number] if verb in ("abil", "rob") else FIRST_OF_DESIGN.get(number, -1)
        )
    return text.get(lang).format(c=label(card, lang) if card >= 0 else "")[:100]


EVENT_LINES = {
    "deal": Text("Spiel {g}: gemischt und ausgeteilt.", "Game {g}: shuffled and dealt."),
    "hand": Text("Du erhältst {cards}.", "You are dealt {cards}."),
    "turn": Text("{s} ist Wächter.", "{s} is the Guardian."),
    "draw": Text("{s} zieht eine Karte.", "{s} draws a card."),
    "drawn": Text("Du ziehst {c}.", "You draw {c}."),
    "trumpet_empty": Text("Die Trompete ist leer: unentschieden.", "The Trumpet is empty: a draw."),
    "place": Text("{s} legt {c} aus.", "{s} places {c}."),
    "block": Text("{s} blockiert einen Bauern mit {c}.", "{s} blocks a Bauer with {c}."),
    "play": Text("{s} spielt {c}.", "{s} plays {c}."),
    "answer": Text("{s} antwortet mit {c}.", "{s} answers with {c}."),
    "negated": Text("{c} wird aufgehoben.", "{c} is negated."),
    "declared": Text("{c} liegt nun auf einer Karte.", "{c} now lies on a card."),
    "ability": Text("{s} nutzt {c}.", "{s} uses {c}."),
    "covered": Text("Eine Karte wird verdeckt.", "A card is covered."),
    "uncovered": Text("Eine Karte wird stolz.", "A card turns proud."),
    "hazelnut": Text("Die Haselnuss wirkt.", "The Hazelnut strikes."),
    "destroyed": Text("{c} kommt auf den Misthaufen.", "{c} goes to the Midden."),
    "moved": Text("Eine Karte wechselt den Stand.", "A card changes rank."),
    "removed": Text("{c} wird entfernt.", "{c} is removed."),
    "no_support": Text("Eine Unterstützung entfällt.", "A support is cancelled."),
    "divided": Text(
        "{c} zählt in diesem Raubzug nicht und verliert ihre Fähigkeit bis zum Zugende.",
        "{c} counts for nothing in this robbing and loses its ability until the turn ends.",
    ),
    "fizzled": Text(
        "Die Haselnuss zerstört {c} zuerst: die Fähigkeit wirkt nicht.",
        "The Hazelnut destroys {c} first: the ability does not take place.",
    ),
    "unpressed": Text(
        "{c} vertreibt einen Wind: der Bauer darunter ist frei.",
        "{c} drives a Wind away: the Bauer beneath is free.",
    ),
    "first": Text("Das Los: {s} beginnt das Match.", "The draw: {s} starts the match."),
    "boost": Text("{s} verstärkt den Raubzug.", "{s} strengthens the robbing."),
    "rob": Text("{s} beginnt einen Raubzug.", "{s} starts a robbing."),
    "pass": Text("{s} passt.", "{s} passes."),
    "challenged": Text("{s} fordert nicht weiter heraus.", "{s} is done challenging."),
    "no_rob": Text("{s} raubt nicht.", "{s} does not rob."),
    "robbed": Text("Raub gelingt ({a} gegen {d}).", "The robbing succeeds ({a} to {d})."),
    "rob_failed": Text("Raub misslingt ({a} gegen {d}).", "The robbing fails ({a} to {d})."),
    "rob_void": Text("Der Raubzug fällt aus.", "The robbing comes to nothing."),
    "taken": Text("{c} wird geraubt.", "{c} is robbed."),
    "discard": Text("{s} wirft {c} ab.", "{s} discards {c}."),
    "game_over": Text("Spiel {g} vorbei: {w}.", "Game {g} over: {w}."),
    "match_over": Text("Match vorbei, Siegpunkte {p}.", "Match over, victory points {p}."),
}
"""How each event reads in the log."""
WINS = Text("{s} gewinnt mit {p}", "{s} wins with {p}")
DRAWN = Text("unentschieden", "drawn")


def describe_event(event: Event, lang: str, names: Names = None) -> str:
    """One line of the game log."""
    data = event.data
    kind = event.kind
    seat = _seat(data["seat"], lang, names) if "seat" in data else ""
    card = label(data["card"], lang) if isinstance(data.get("card"), int) else ""
    line = EVENT_LINES.get(kind)
    if line is None:
        return f"{kind} {data}"
    won = ""
    if kind == "game_over":
        winner = data["winner"]
        won = (
            (WINS.get(lang).format(s=_seat(winner, lang, names), p=data["points"]))
            if winner >= 0
            else DRAWN.get(lang)
        )
    cards = ", ".join(label(one, lang) for one in data["cards"]) if kind == "hand" else ""
    points = data.get("points")
    return line.get(lang).format(
        s=seat,
        c=card,
        g=data.get("game", ""),
        a=data.get("attack", ""),
        d=data.get("defence", ""),
        w=won,
        p=points if isinstance(points, list) else "",
        cards=cards,
    )


HEADER = Text(
    "Spiel {g}/{n} · {p} · Wächter {s} · Trompete {k} · Misthaufen {m}",
    "Game {g}/{n} · {p} · Guardian {s} · Trumpet {k} · Midden {m}",
)
DOMAIN_LINE = Text(
    "{s}: Reich {pts} Stärke, {pr}/8 stolz, {h} Handkarten",
    "{s}: Domain {pts} strength, {pr}/8 proud, {h} cards in hand",
)


def _domain_lines(
    view: dict[str, Any], seat: int, lang: str, names: Names = None
) -> tuple[str, ...]:
    slots, covered, decls, winds = view["slots"], view["covered"], view["decls"], view["winds"]
    key = tuple(
        (slots[slot], covered[slot], tuple(decls[slot]), winds[slot])
        for slot in range(seat * 8, seat * 8 + 8)
    )
    return _domain_text(key, _seat(seat, lang, names), view["hand_sizes"][seat], lang)


@lru_cache(maxsize=1024)
def _domain_text(
    key: tuple[tuple[int, bool, tuple[int, ...], int], ...], who: str, hand: int, lang: str
) -> tuple[str, ...]:
    # Cached: a Domain changes far less often than it is drawn (every view, both languages).
    points = proud = 0
    rows: list[list[str]] = [[], []]
    for index, (card, is_covered, declarations, wind) in enumerate(key):
        if card < 0:
            rows[index // 4].append("·")
            continue
        strength = max(0, STRENGTH[card] + sum(PLUS[one] for one in declarations))
        points += strength
        text = f"{label(card, lang)} {strength}"
        if declarations or wind >= 0:
            extras = [NAME[one] for one in declarations]
            if wind >= 0:
                extras.append(NAME[wind])
            text += " +" + "+".join(extras)
        if is_covered:
            rows[index // 4].append(f"({text})")
        else:
            proud += 1
            rows[index // 4].append(f"[{text}]")
    head = DOMAIN_LINE.get(lang).format(s=who, pts=points, pr=proud, h=hand)
    return (
        head,
        f"  {ROWS[0].get(lang)}: " + " ".join(rows[0]),
        f"  {ROWS[1].get(lang)}: " + " ".join(rows[1]),
    )


def render(view: dict[str, Any], lang: str, names: Names = None) -> str:
    """The table as plain text: proud cards in [brackets], covered ones in (parentheses)."""
    t = Text
    lines = [
        HEADER.get(lang).format(
            g=view["game"] + 1,
            n=view["games"],
            p=PHASES[view["phase"]].get(lang),
            s=_seat(view["guardian"], lang, names) if view["guardian"] >= 0 else "-",
            k=view["trumpet"],
            m=len(view["midden"]),
        )
    ]
    lines += _domain_lines(view, 0, lang, names)
    lines += _domain_lines(view, 1, lang, names)
    rob = view["rob"]
    if rob is not None:
        attack, defence = robbing_values(view, rob)
        lines.append(
            t("Raubzug: {r} gegen {x}, {a} zu {d}", "Robbing: {r} against {x}, {a} to {d}")
            .get(lang)
            .format(
                r=label(view["slots"][rob["robber"]], lang)
                if view["slots"][rob["robber"]] >= 0
                else "-",
                x=label(view["slots"][rob["target"]], lang)
                if view["slots"][rob["target"]] >= 0
                else "-",
                a=attack,
                d=defence,
            )
        )
    for seat, card, _target in view["stack"]:
        lines.append(
            t("  {s} spielt {c}", "  {s} plays {c}")
            .get(lang)
            .format(s=_seat(seat, lang, names), c=label(card, lang))
        )
    if view["hand"] is not None:
        hand = ", ".join(label(card, lang) for card in view["hand"]) or "-"
        lines.append(t("Deine Hand: ", "Your hand: ").get(lang) + hand)
    for index, game in enumerate(view["history"]):
        who = (
            t("{s} gewann mit {p}", "{s} won with {p}").format(
                s=_seat(game["winner"], lang, names), p=game["points"]
            )
            if game["winner"] >= 0
            else t("unentschieden", "drawn")
        )
        lines.append(t("Spiel {i}: ", "Game {i}: ").format(i=index + 1).get(lang) + who.get(lang))
    return "\n".join(lines)


# ----- the second look, the title's count and the result ---------------------------------------

END_WITH_CARDS = Text(
    "Wirklich En Garde beenden? Du könntest noch Karten ausspielen.",
    "Really end En Garde? You could still play cards.",
)
GAME_OF_MATCH = Text("Spiel {g}/{n}", "Game {g}/{n}")
VICTORY_POINTS = (
    Text("{n} Siegpunkt", "{n} victory point"),
    Text("{n} Siegpunkte", "{n} victory points"),
)
DRAW_SAME_POINTS = Text(
    "Unentschieden: beide haben gleich viele Siegpunkte.",
    "A draw: both have the same victory points.",
)
