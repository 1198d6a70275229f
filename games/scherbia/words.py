"""Every word a Scherbia player reads, in German and English: reasons, labels, log, table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from games.core import Event, Names, State, Text, decode

from .cards import NAMES, PROFESSION_OF_WORD, card_name, profession_name

if TYPE_CHECKING:
    from .engine import Scherbia, ScherbiaState

NOT_IN_HAND = Text("Diese Karte hast du nicht auf der Hand.", "You do not hold that card.")
TEAM_COUNT = Text(
    "Teams {teams} brauchen genau {n} Spieler.", "Teams {teams} need exactly {n} players."
)
DECK_TOO_SMALL = Text(
    "So viele Karten pro Hand gibt das Deck nicht her.",
    "The deck does not have that many cards for every hand.",
)
SHOOT_RULE = Text(
    "Sperrfeuer trifft nur die zuletzt gespielte Karte eines anderen Spielers (diese Lage, "
    "oder die vorige, wenn er in dieser noch nicht gespielt hat), nie einen Ersatz, und nur, "
    "wenn er noch Karten auf der Hand hat.",
    "Sperrfeuer only hits another player's most recent card (this layer, or the previous one "
    "if they have not played in this one yet), never a replacement, and only if they still "
    "hold cards.",
)
HEAL_RULE = Text(
    "Der Heiler kann nur gegen eine Karte mit niedrigerem Wert von deiner Hand getauscht werden.",
    "The Heiler can only be exchanged for a card of lower value from your hand.",
)
REPLACE_RULE = Text(
    "Ersetze die Karte durch eine andere Karte von deiner Hand.",
    "Replace the card with a different card from your hand.",
)
FACTIONS_NEED_TEAMS = Text(
    "Fraktionen gibt es nur im Teamspiel (2v2, 3v3, 4v4).",
    "Factions exist only in the team game (2v2, 3v3, 4v4).",
)
LAY_RULE = Text(
    "Vor dem Stich legst du höchstens eine Aktionskarte von deiner Aktionshand verdeckt ab "
    "(oder einmal im Spiel die Fraktionsfähigkeit).",
    "Before the trick you lay at most one action card from your action hand face down (or, "
    "once per game, the faction ability).",
)
VETO_RULE = Text(
    "Ein Einspruch geht nur auf die noch wirksame aufgedeckte Aktionskarte eines anderen "
    "Spielers (auch auf einen Einspruch, außer dessen Kette führt zu deinem zurück), nie auf "
    "eine Fraktionsfähigkeit.",
    "An Einspruch only goes on another player's revealed action card that still acts (an "
    "Einspruch too, unless its chain leads back to yours), never on a faction ability.",
)
ANSWER_FIRST = Text(
    "Erst muss die offene Entscheidung getroffen werden.",
    "The open decision must be made first.",
)

_PASS = {
    "copy": Text("Nichts kopieren (Wert 0)", "Copy nothing (worth 0)"),
    "shoot": Text("Kein Sperrfeuer", "No Sperrfeuer (barrage)"),
    "block": Text("Keine Blockade", "No Blockade (no further layer)"),
    "steal": Text("Nicht stehlen", "Do not steal"),
    "heal": Text("Heiler nicht tauschen", "Do not exchange the Heiler"),
    "lay": Text("Keine Aktionskarte legen", "Lay no action card"),
    "veto": Text("Kein Einspruch (zurück auf die Hand)", "No Einspruch (back to hand)"),
}


def action_kind_name(word: str, lang: str) -> str:
    """The name of an action card kind or a faction ability, by its word."""
    from .actions import ACTION_KINDS, FACTIONS

    for kind in ACTION_KINDS + [f.ability for f in FACTIONS if f.ability is not None]:
        if kind.word == word:
            return kind.name.get(lang)
    return word


def action_card_name(card: int, lang: str) -> str:
    """The name of an action card by its id."""
    from .actions import ACTION_KINDS, kind_of

    return ACTION_KINDS[kind_of(card)].name.get(lang)


def faction_name(word: str, lang: str) -> str:
    """A faction's name by its word."""
    from .actions import FACTION_OF_WORD, FACTIONS

    return FACTIONS[FACTION_OF_WORD[word]].name.get(lang)


def _seat(game: Scherbia, seat: int | None, lang: str, names: Names = None) -> str:
    if seat is None or seat < 0:
        return Text("niemand", "nobody").get(lang)
    return game.seat_name(seat, lang, names)


def _totals(game: Scherbia, totals: list[int], lang: str, names: Names = None) -> str:
    """Each seat's total in the trick, by name ("Anna 6, Ben 16"): bare numbers would leave the
    reader to count the seats.
    """
    return ", ".join(
        f"{_seat(game, seat, lang, names)} {total}" for seat, total in enumerate(totals)
    )


def action_label(
    game: Scherbia, state: State, seat: int, code: str, lang: str, names: Names = None
) -> str:
    """The label of one legal action."""
    verb, args = decode(code)
    ask = state["ask"]
    trick = state["trick"]
    if verb == "play":
        name = profession_name(PROFESSION_OF_WORD[str(args[0])], lang)
        return Text("{c} spielen", "Play {c}").format(c=name).get(lang)
    if verb == "copy":
        from .rules import effective

        other = trick[int(args[0])]
        label = (
            Text("{c} von {s} kopieren", "Copy {c} of {s}")
            .format(c=card_name(other["c"], lang), s=_seat(game, other["s"], lang, names))
            .get(lang)
        )
        prof = effective(other)
        if prof != other["c"] >> 2:
            label += Text(" (als {p})", " (as {p})").format(p=profession_name(prof, lang)).get(lang)
        if other["r"] is not None:
            label += Text(" (Wurf {r})", " (roll {r})").format(r=other["r"]).get(lang)
        return label
    if verb == "shoot":
        from .rules import latest_slot

        target = int(args[0])
        slot = latest_slot(trick, target, state["layer"])
        card = card_name(trick[slot]["c"], lang) if slot is not None else "?"
        return (
            Text("Sperrfeuer: {s} nimmt {c} zurück", "Sperrfeuer: {s} takes back {c}")
            .format(s=_seat(game, target, lang, names), c=card)
            .get(lang)
        )
    if verb == "replace":
        name = profession_name(PROFESSION_OF_WORD[str(args[0])], lang)
        return Text("Stattdessen {c} legen", "Play {c} instead").format(c=name).get(lang)
    if verb == "heal":
        name = profession_name(PROFESSION_OF_WORD[str(args[0])], lang)
        return (
            Text("Heiler gegen {c} tauschen", "Exchange the Heiler for {c}")
            .format(c=name)
            .get(lang)
        )
    if verb == "block":
        return Text("Blockade: weitere Lage", "Blockade: play another layer").get(lang)
    if verb == "lay":
        return (
            Text("{c} verdeckt legen", "Lay {c} face down")
            .format(c=action_kind_name(str(args[0]), lang))
            .get(lang)
        )
    if verb == "faction":
        ability = game._faction_ability(cast("ScherbiaState", state), seat)
        name = ability.name.get(lang) if ability is not None else "?"
        return (
            Text("Fraktion: {c} verdeckt legen", "Faction: lay {c} face down")
            .format(c=name)
            .get(lang)
        )
    if verb == "veto":
        target = int(args[0])
        item = next(item for item in state["laid"] if item["s"] == target)
        what = action_card_name(item["c"], lang)
        return (
            Text("Einspruch gegen {c} von {s}", "Einspruch on {c} of {s}")
            .format(c=what, s=_seat(game, target, lang, names))
            .get(lang)
        )
    if verb == "steal" and ask is not None:
        victim = trick[ask["t"]]
        return (
            Text("{c} von {s} stehlen", "Steal {c} of {s}")
            .format(c=card_name(victim["c"], lang), s=_seat(game, victim["s"], lang, names))
            .get(lang)
        )
    if verb == "pass" and ask is not None and ask["k"] in _PASS:
        return _PASS[ask["k"]].get(lang)
    return code


def describe_event(game: Scherbia, event: Event, lang: str, names: Names = None) -> str:
    """One line of the log."""
    data: dict[str, Any] = event.data
    kind = event.kind
    seat = _seat(game, data.get("seat"), lang, names)
    card = card_name(data["card"], lang) if "card" in data else ""
    if kind == "hand":
        cards = ", ".join(card_name(c, lang) for c in data["cards"])
        return Text("Deine Karten: {c}", "Your cards: {c}").format(c=cards).get(lang)
    if kind == "deal":
        return (
            Text(
                "Jeder erhält {h} Karten; {a} liegen ungesehen beiseite.",
                "Everyone gets {h} cards; {a} are set aside unseen.",
            )
            .format(h=data["hand_size"], a=data["aside"])
            .get(lang)
        )
    if kind == "first":
        return Text("{s} spielt als Erster aus.", "{s} leads first.").format(s=seat).get(lang)
    if kind == "play":
        return (
            Text("{s} spielt {c} (Lage {l}).", "{s} plays {c} (layer {l}).")
            .format(s=seat, c=card, l=data["layer"])
            .get(lang)
        )
    if kind == "copy":
        return (
            Text("{s}: Berufsloser kopiert {c}.", "{s}: the Berufsloser copies {c}.")
            .format(s=seat, c=card_name(data["of"], lang))
            .get(lang)
        )
    if kind == "copy_roll":
        return (
            Text("{s}: Berufsloser übernimmt den Wurf {r}.", "{s}: the Berufsloser takes roll {r}.")
            .format(s=seat, r=data["r"])
            .get(lang)
        )
    if kind == "shoot":
        return (
            Text(
                "{s}: Sperrfeuer! {t} nimmt {c} zurück.",
                "{s}: Sperrfeuer (barrage)! {t} takes back {c}.",
            )
            .format(s=seat, t=_seat(game, data["target"], lang, names), c=card)
            .get(lang)
        )
    if kind == "hold":
        return Text("{s} verzichtet auf Sperrfeuer.", "{s} holds fire.").format(s=seat).get(lang)
    if kind == "replace":
        return (
            Text("{s} legt stattdessen {c}.", "{s} plays {c} instead.")
            .format(s=seat, c=card)
            .get(lang)
        )
    if kind == "roll":
        dice = data["dice"]
        return (
            Text(
                "{s}: {c} würfelt {a}+{b} = {v}.",
                "{s}: {c} rolls {a}+{b} = {v}.",
            )
            .format(s=seat, c=card, a=dice[0], b=dice[1], v=dice[0] + dice[1])
            .get(lang)
        )
    if kind == "final_roll":
        dice = data["dice"]
        return (
            Text(
                "Schlusswertung, {s}: {c} würfelt {a}+{b} = {v}.",
                "Final count, {s}: {c} rolls {a}+{b} = {v}.",
            )
            .format(s=seat, c=card, a=dice[0], b=dice[1], v=data["value"])
            .get(lang)
        )
    if kind == "block":
        return (
            Text("{s}: Blockade! Eine weitere Lage.", "{s}: Blockade! Another layer.")
            .format(s=seat)
            .get(lang)
        )
    if kind == "layer_tie":
        return (
            Text(
                "Gleichstand nach Lage {l} ({t}): eine weitere Lage.",
                "Tie after layer {l} ({t}): another layer.",
            )
            .format(l=data["layer"], t=_totals(game, data["totals"], lang, names))
            .get(lang)
        )
    if kind == "decided":
        totals = _totals(game, data["totals"], lang, names)
        if data["winner"] is None:
            return (
                Text(
                    "Unentschieden ({t}): der Stich wird abgelegt.",
                    "Tie ({t}): the trick is discarded.",
                )
                .format(t=totals)
                .get(lang)
            )
        return (
            Text("{w} gewinnt den Stich ({t}).", "{w} wins the trick ({t}).")
            .format(w=_seat(game, data["winner"], lang, names), t=totals)
            .get(lang)
        )
    if kind == "steal":
        return (
            Text("{s}: Dieb stiehlt {c} von {f}.", "{s}: the Dieb steals {c} from {f}.")
            .format(s=seat, c=card, f=_seat(game, data["from"], lang, names))
            .get(lang)
        )
    if kind == "no_copy":
        return (
            Text("{s}: der Berufslose kopiert nichts.", "{s}: the Berufsloser copies nothing.")
            .format(s=seat)
            .get(lang)
        )
    if kind == "copy_lapsed":
        return (
            Text(
                "{s}: die Kopie des Berufslosen verfällt (Sperrfeuer).",
                "{s}: the Berufsloser's copy lapses (Sperrfeuer).",
            )
            .format(s=seat)
            .get(lang)
        )
    if kind == "no_steal":
        return Text("{s} stiehlt nicht.", "{s} does not steal.").format(s=seat).get(lang)
    if kind == "heal":
        return (
            Text(
                "{s}: Reinkarnation, der Heiler kehrt auf die Hand zurück, {c} nimmt seinen Platz ein.",
                "{s}: Reinkarnation, the Heiler returns to hand, {c} takes its place.",
            )
            .format(s=seat, c=card)
            .get(lang)
        )
    if kind == "no_heal":
        return (
            Text("{s} tauscht den Heiler nicht.", "{s} keeps the Heiler in the trick.")
            .format(s=seat)
            .get(lang)
        )
    if kind == "trick":
        parts = []
        for owner, moved, dest in data["cards"]:
            where = (
                Text("abgelegt", "discarded").get(lang)
                if dest < 0
                else Text("an {s}", "to {s}").format(s=_seat(game, dest, lang, names)).get(lang)
            )
            parts.append(f"{card_name(moved, lang)} {where}")
        return (
            Text("Stich geräumt: {p}.", "Trick cleared: {p}.").format(p="; ".join(parts)).get(lang)
        )
    if kind == "action_hand":
        cards = ", ".join(action_card_name(c, lang) for c in data["cards"])
        return Text("Deine Aktionskarten: {c}", "Your action cards: {c}").format(c=cards).get(lang)
    if kind == "action_deal":
        return (
            Text(
                "Jeder erhält {k} Aktionskarten (mit Einspruch).",
                "Everyone gets {k} action cards (with an Einspruch).",
            )
            .format(k=data["per_seat"])
            .get(lang)
        )
    if kind == "factions":
        factions = " / ".join(_faction_index_name(f, lang) for f in data["factions"])
        return (
            Text("Fraktionen (Team 1 / Team 2): {f}", "Factions (team 1 / team 2): {f}")
            .format(f=factions)
            .get(lang)
        )
    if kind == "factions_hidden":
        return Text(
            "Die Fraktionen sind verdeckt gezogen: jedes Team kennt nur seine eigene.",
            "The factions are drawn hidden: each team knows only its own.",
        ).get(lang)
    if kind == "own_faction":
        return (
            Text("Dein Team {t} ist {f}.", "Your team {t} is {f}.")
            .format(t=data["team"] + 1, f=_faction_index_name(data["faction"], lang))
            .get(lang)
        )
    if kind == "faction_shown":
        return (
            Text("Team {t} zeigt seine Fraktion: {f}.", "Team {t} shows its faction: {f}.")
            .format(t=data["team"] + 1, f=_faction_index_name(data["faction"], lang))
            .get(lang)
        )
    if kind == "lay":
        return (
            Text("{s} legt eine Karte verdeckt ab.", "{s} lays a card face down.")
            .format(s=seat)
            .get(lang)
        )
    if kind == "laid":
        if data["faction"]:
            return Text("Du legst deine Fraktionsfähigkeit.", "You lay your faction ability.").get(
                lang
            )
        return (
            Text("Du legst {c}.", "You lay {c}.")
            .format(c=action_card_name(data["action"], lang))
            .get(lang)
        )
    if kind == "no_lay":
        return Text("{s} legt nichts.", "{s} lays nothing.").format(s=seat).get(lang)
    if kind == "reveal":
        parts = []
        for owner, card, is_faction in data["laid"]:
            what = (
                Text("Fraktionsfähigkeit", "faction ability").get(lang)
                if is_faction
                else action_card_name(card, lang)
            )
            parts.append(f"{_seat(game, owner, lang, names)}: {what}")
        return Text("Aufgedeckt: {p}.", "Revealed: {p}.").format(p="; ".join(parts)).get(lang)
    if kind == "veto":
        return (
            Text("{s}: Eihnspruch gegen {t}!", "{s}: Eihnspruch on {t}!")
            .format(s=seat, t=_seat(game, data["target"], lang, names))
            .get(lang)
        )
    if kind == "no_veto":
        return (
            Text("{s} erhebt keinen Einspruch.", "{s} raises no Einspruch.")
            .format(s=seat)
            .get(lang)
        )
    if kind == "veto_back":
        return (
            Text(
                "{s} nimmt den Einspruch zurück auf die Hand.",
                "{s} takes the Einspruch back into hand.",
            )
            .format(s=seat)
            .get(lang)
        )
    if kind in ("act", "act_fails"):
        name = action_kind_name(data["kind"], lang)
        if kind == "act":
            return (
                Text("{s}: {c} wirkt.", "{s}: {c} takes effect.").format(s=seat, c=name).get(lang)
            )
        return (
            Text(
                "{s}: {c} bleibt ohne Wirkung (Bedingung fehlt).",
                "{s}: {c} has no effect (its need is not met).",
            )
            .format(s=seat, c=name)
            .get(lang)
        )
    if kind == "revive":
        return (
            Text(
                "{s}: Wiederbelebung rettet Heiler und eine Karte auf den eigenen Stapel.",
                "{s}: Wiederbelebung saves the Heiler and one card to the own pile.",
            )
            .format(s=seat)
            .get(lang)
        )
    if kind == "end":
        scores = ", ".join(
            f"{_seat(game, index, lang, names)} {score}"
            for index, score in enumerate(data["scores"])
        )
        return Text("Endwertung: {s}.", "Final scores: {s}.").format(s=scores).get(lang)
    return f"{kind} {data}"


_ASK = {
    "copy": Text("Berufsloser wählt, was er kopiert", "Berufsloser chooses what to copy"),
    "shoot": Text("Jäger: Sperrfeuer?", "Jäger (hunter): Sperrfeuer?"),
    "replace": Text("legt eine Ersatzkarte", "plays a replacement card"),
    "block": Text("Krieger: Blockade?", "Krieger (warrior): Blockade?"),
    "steal": Text("Dieb: stehlen?", "Dieb (thief): steal?"),
    "heal": Text("Heiler: tauschen?", "Heiler (healer): exchange?"),
    "dice": Text("Würfel für den Holzfäller", "dice for the Holzfäller"),
    "final": Text("Würfel für die Schlusswertung", "dice for the final count"),
    "lay": Text("Aktionskarte verdeckt legen?", "lay an action card face down?"),
    "veto": Text("Einspruch?", "Einspruch (objection)?"),
}


GROUP_LABELS = {
    "play": Text("Karte spielen …", "Play a card …"),
    "copy": Text("Berufsloser: kopieren …", "Berufsloser: copy …"),
    "shoot": Text("Jäger: Sperrfeuer …", "Jäger (hunter): Sperrfeuer …"),
    "replace": Text("Ersatzkarte legen …", "Play a replacement card …"),
    "block": Text("Krieger: Blockade …", "Krieger (warrior): Blockade …"),
    "steal": Text("Dieb: stehlen …", "Dieb (thief): steal …"),
    "heal": Text("Heiler: tauschen …", "Heiler (healer): exchange …"),
    "lay": Text("Aktionskarte legen …", "Lay an action card …"),
    "veto": Text("Einspruch …", "Einspruch (objection) …"),
}
"""The placeholder of each action group's select menu."""


def group_label(group: str, lang: str) -> str:
    """A select menu's placeholder: what its group decides."""
    return GROUP_LABELS.get(group, Text("Auswählen …", "Choose …")).get(lang)


def _seat_names(game: Scherbia, players: int, lang: str, names: Names) -> list[str]:
    return [game.seat_name(seat, lang, names) for seat in range(players)]


def render(game: Scherbia, view: dict[str, Any], lang: str, seat_names: Names = None) -> str:
    """A compact plain-text table from a view (never needs more than the view)."""
    de = lang == "de"
    n = view["players"]
    names = _seat_names(game, n, lang, seat_names)
    limit = view["max_layers"] or ("unbegrenzt" if de else "unlimited")
    trick_no = view["tricks_played"] + 1
    if view["phase"] == "over":
        lines = ["Scherbia, Spielende" if de else "Scherbia, game over"]
    else:
        lines = [
            f"Scherbia, Stich {trick_no}, Lage {view['layer']} (höchstens {limit})"
            if de
            else f"Scherbia, trick {trick_no}, layer {view['layer']} (at most {limit})"
        ]
    for entry in view["trick"]:
        extra = []
        if entry["copies"] is not None:
            extra.append(("als " if de else "as ") + NAMES[entry["copies"]].get(lang))
        if entry["roll"] is not None:
            extra.append(("Wurf " if de else "roll ") + str(entry["roll"]))
        if entry["stolen_by"] is not None:
            extra.append("gestohlen" if de else "stolen")
        note = f" ({', '.join(extra)})" if extra else ""
        lines.append(
            f"  L{entry['layer']} {names[entry['seat']]}: "
            f"{card_name(entry['card'], lang)} = {'?' if entry['value'] is None else entry['value']}"
            f"{note}"
        )
    line = "{s}: Summe {t}, Hand {h}, Stapel {p}" if de else "{s}: total {t}, hand {h}, pile {p}"
    for seat in range(n):
        lines.append(
            line.format(
                s=names[seat],
                t=view["totals"][seat],
                h=view["hand_sizes"][seat],
                p=view["pile_sizes"][seat],
            )
        )
    if view.get("factions"):
        lines.append(
            ("Fraktionen: " if de else "Factions: ")
            + " / ".join(
                faction_name(word, lang) if word else ("verdeckt" if de else "hidden")
                for word in view["factions"]
            )
        )
    for item in view.get("laid") or []:
        if item["kind"] is None:
            what = "verdeckte Karte" if de else "face-down card"
        else:
            what = action_kind_name(item["kind"], lang)
            if item["void"]:
                what += " (aufgehoben)" if de else " (cancelled)"
        lines.append(f"  {'Gelegt' if de else 'Laid'} {names[item['seat']]}: {what}")
    if view.get("action_cards"):
        sizes = ", ".join(f"{names[s]} {size}" for s, size in enumerate(view["action_hand_sizes"]))
        lines.append(("Aktionskarten: " if de else "Action cards: ") + sizes)
    last = view["last_trick"]
    if last is not None and not view["trick"]:
        winner = "-" if last["winner"] is None else names[last["winner"]]
        lines.append(("Letzter Stich: " if de else "Last trick: ") + winner)
    if view["to_act"]:
        who = ", ".join(
            ("Zufall" if de else "chance") if s < 0 else names[s] for s in view["to_act"]
        )
        ask = view["ask"]
        what = f" ({_ASK[ask['kind']].get(lang)})" if ask is not None else ""
        lines.append(("Am Zug: " if de else "To act: ") + who + what)
    if view["hand"] is not None:
        cards = ", ".join(card_name(card, lang) for card in view["hand"]) or "-"
        lines.append(("Deine Hand: " if de else "Your hand: ") + cards)
    if view.get("action_hand") is not None:
        cards = ", ".join(action_card_name(card, lang) for card in view["action_hand"]) or "-"
        lines.append(("Deine Aktionskarten: " if de else "Your action cards: ") + cards)
    if view["piles"] is not None:
        for seat, pile in enumerate(view["piles"]):
            cards = ", ".join(card_name(card, lang) for card in pile) or "-"
            lines.append(f"{names[seat]}: {cards}")
    if view["scores"] is not None:
        scores = ", ".join(f"{names[seat]} {score}" for seat, score in enumerate(view["scores"]))
        lines.append(("Ergebnis: " if de else "Result: ") + scores)
    return "\n".join(lines)


def _faction_index_name(index: int, lang: str) -> str:
    from .actions import FACTIONS

    return FACTIONS[index].name.get(lang)


# ----- the title's count and the result --------------------------------------------------------

TRICK_OF = Text("Stich {n}", "Trick {n}")
POINTS = (Text("{n} Punkt", "{n} point"), Text("{n} Punkte", "{n} points"))
TIE_FOR_FIRST = Text(
    "Gleichstand an der Spitze: gleich viele Punkte.",
    "A tie for first: the same points.",
)
