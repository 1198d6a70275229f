"""Every word a Gelfdrakkar player reads, in German and English: reasons, labels, log, table."""

from __future__ import annotations

from typing import Any

from games.core import Event, Game, Names, State, Text, decode, seat_name

from .cards import CARDS, NAMES_DE, NAMES_EN, WALDHERR, card_name

BAD_CARD = Text("Diese Karte hast du nicht auf der Hand.", "You do not hold that card.")
BAD_PARTNER = Text(
    "Beim Waldherrn musst du einen anderen Mitspieler als Partner nennen.",
    "With the Waldherr you must name another player as partner.",
)
CLAIM_ONLY = Text(
    "Erst entscheidet der Besitzer der Ersten Dame, ob er den Stich nimmt.",
    "First the holder of the Erste Dame decides whether to claim the trick.",
)
DEAL_FIRST = Text("Erst wird gegeben.", "The cards must be dealt first.")
ONE_SWAP = Text(
    "Du hast in diesem Zug schon getauscht; spiele jetzt eine Karte.",
    "You already exchanged this turn; play a card now.",
)
NO_SWAP_CARD = Text(
    "Tauschen kann nur, wer einen Spion oder Helfer dieser Art auf der Hand hat.",
    "Only a Spion or Helfer of that kind in your hand can be exchanged.",
)
NOT_IN_PILE = Text(
    "Diese Karte liegt nicht im Stapel deiner Partei (oder ist von derselben Art).",
    "That card is not in your party's pile (or is of the same kind).",
)
TOO_LATE_TO_ANNOUNCE = Text(
    "Ansagen sind nur vor dem Ausspielen deiner zweiten Karte möglich.",
    "Announcements are only possible before you play your second card.",
)
LIMIT_USED = Text(
    "Diese Punktansage ist in dieser Runde schon gemacht.",
    "That point announcement has already been made this round.",
)
REVEAL_USED = Text(
    "Deine Partei hat sich schon angesagt.",
    "Your party has already announced itself.",
)

PARTY_NAME = {"V": Text("für Vernio", "for Vernio"), "A": Text("gegen Vernio", "against Vernio")}
PILE_NAME = {
    "V": Text("Vernio-Stapel", "Vernio pile"),
    "A": Text("Stapel gegen Vernio", "pile against Vernio"),
    "carry": Text("bleibt liegen (Gegenwirker)", "stays on the table (Gegenwirker)"),
    "fetter": Text("gefesselt bis zum letzten Stich", "fettered until the last trick"),
}
HOW = {
    "rank": Text("höchste Karte", "highest card"),
    "lead": Text(
        "keine Karte sticht, der Ausspieler behält ihn", "no card wins, the lead keeps it"
    ),
    "tod": Text("Tod", "Tod (Death)"),
    "dragons3": Text("3 Drachen über Gelfling", "3 Drachen beat a Gelfling"),
    "dragons2": Text("2 Drachen über Elf", "2 Drachen beat an Elf"),
    "humans4": Text("4 Menschen in Folge über Drache", "4 Menschen in a row beat a Drache"),
    "dwarfs4": Text("4 Zwerge in Folge über Drache", "4 Zwerge in a row beat a Drache"),
    "dwarfs3": Text("3 Zwerge in Folge über Mensch", "3 Zwerge in a row beat a Mensch"),
    "gnomes3": Text("3 Gnome in Folge über Zwerg", "3 Gnome in a row beat a Zwerg"),
}


def limit_text(limit: int) -> Text:
    """The words of a point-limit announcement."""
    factor = {160: "1,5", 120: "2", 80: "2,5", 40: "3", 0: "5"}[limit]
    if limit == 0:
        return Text(
            f"die anderen bekommen keinen Punkt (x{factor})",
            f"the others score nothing (x{factor.replace(',', '.')})",
        )
    return Text(
        f"die anderen bleiben unter {limit} (x{factor})",
        f"the others stay under {limit} (x{factor.replace(',', '.')})",
    )


def _seat(seat: int, lang: str, names: Names = None) -> str:
    return seat_name(seat, lang, names)


def action_label(state: State, seat: int, code: str, lang: str, names: Names = None) -> str:
    """The label of one legal action."""
    verb, args = decode(code)
    if verb == "play":
        card = int(args[0])
        label = Text("Spiele {c}", "Play {c}").format(c=card_name(card, lang)).get(lang)
        if len(args) == 2:
            label += (
                Text(", Partner {p}", ", partner {p}")
                .format(p=_seat(int(args[1]), lang, names))
                .get(lang)
            )
        if card == WALDHERR and len(state["hands"][seat]) <= 3:
            label += " (!)"
        return label[:100]
    if verb == "swap":
        took = int(args[1])
        kind = "Spion" if args[0] == "spion" else "Helfer"
        return (
            Text("Tausche {k} gegen {c}", "Exchange {k} for {c}")
            .format(k=kind, c=card_name(took, lang))
            .get(lang)[:100]
        )
    if verb == "limit":
        return Text("Ansage: ", "Announce: ").get(lang) + limit_text(int(args[0])).get(lang)
    if verb == "reveal":
        party = state["party"][seat]
        return (
            Text("Ansage: {p} (+20)", "Announce: {p} (+20)")
            .format(p=PARTY_NAME[party].de if lang == "de" else PARTY_NAME[party].en)
            .get(lang)
        )
    if verb == "claim":
        return Text("Stich mit der Ersten Dame nehmen", "Claim the trick (Erste Dame)").get(lang)
    if verb == "decline":
        return Text("Stich liegen lassen", "Leave the trick").get(lang)
    return code


def _kind_names() -> dict[str, Text]:
    # A kind is named by its first card's name without the suit and rank ("Drache A1").
    names: dict[str, Text] = {}
    for card in CARDS:
        de = str(card["de"])
        if de[-2:-1].isalpha() and de[-1:].isdigit() and " " in de:
            de = de.rsplit(" ", 1)[0]
        names.setdefault(str(card["kind"]), Text(de, f"{de} ({card['en']})"))
    return names


KIND_NAMES = _kind_names()
"""Each kind of card by name ("Drache", "Spion"), for the exchange menus."""
GROUP_LABELS = {
    "play": Text("Karte spielen …", "Play a card …"),
    "play_more": Text("Weitere Karten spielen …", "Play a card (more) …"),
    "announce": Text("Ansagen …", "Announce …"),
    "claim": Text("Stich nehmen …", "Claim the trick …"),
    "decline": Text("Stich liegen lassen …", "Leave the trick …"),
}
"""The placeholder of each action group's select menu (exchanges are worded apart)."""


def group_label(group: str, lang: str) -> str:
    """A select menu's placeholder: what its group decides."""
    if group.startswith("swap_"):
        _swap, giver, taken = group.split("_", 2)
        return (
            Text("{k} tauschen gegen: {c} …", "Exchange {k} for: {c} …")
            .format(k=KIND_NAMES[giver].get(lang), c=KIND_NAMES[taken].get(lang))
            .get(lang)[:100]
        )
    return GROUP_LABELS.get(group, Text("Auswählen …", "Choose …")).get(lang)


def _cards(cards: list[int], lang: str) -> str:
    names = NAMES_DE if lang == "de" else NAMES_EN
    return ", ".join([names[card] for card in cards]) or "-"


def describe_event(game: Game, event: Event, lang: str, names: Names = None) -> str:
    """One log line for an event."""
    data = event.data
    kind = event.kind
    de = lang == "de"
    if kind == "deal":
        return (
            Text(
                "Runde {r}: {d} gibt je {h} Karten ({x} beiseite). {l} spielt aus.",
                "Round {r}: {d} deals {h} cards each ({x} set aside). {l} leads.",
            )
            .format(
                r=data["round"],
                d=_seat(data["dealer"], lang, names),
                h=data["hand"],
                x=data["rest"],
                l=_seat(data["leader"], lang, names),
            )
            .get(lang)
        )
    if kind == "hand":
        party = PARTY_NAME[data["party"]].get(lang)
        return (
            Text("Deine Karten ({p}): {c}", "Your cards ({p}): {c}")
            .format(p=party, c=_cards(data["cards"], lang))
            .get(lang)
        )
    if kind == "misdeal":
        return Text(
            "Vernio und Sinhara liegen beide beiseite: es wird neu gegeben.",
            "Vernio and Sinhara are both set aside: the cards are dealt again.",
        ).get(lang)
    if kind == "play":
        text = (
            Text("{s} spielt {c}", "{s} plays {c}")
            .format(s=_seat(data["seat"], lang, names), c=card_name(data["card"], lang))
            .get(lang)
        )
        if data.get("partner") is not None:
            text += (
                Text(" (Partner: {p})", " (partner: {p})")
                .format(p=_seat(data["partner"], lang, names))
                .get(lang)
            )
        return text
    if kind == "late":
        return (
            Text(
                "{s} gibt den Waldherrn zu spät ab: die Partei verliert am Ende ihren Stapel.",
                "{s} plays the Waldherr too late: the party loses its pile at the end.",
            )
            .format(s=_seat(data["seat"], lang, names))
            .get(lang)
        )
    if kind == "warn":
        return (
            Text(
                "Achtung: Du hast nur noch {n} Karten und den Waldherrn. Spielst du ihn nicht "
                "jetzt, verliert deine Partei am Ende ihren Stapel.",
                "Warning: you hold {n} cards and the Waldherr. Unless you play him now, your party "
                "loses its pile at the end.",
            )
            .format(n=data["cards"])
            .get(lang)
        )
    if kind == "swap":
        return (
            Text(
                "{s} tauscht {g} gegen {t} aus dem {p}.", "{s} exchanges {g} for {t} from the {p}."
            )
            .format(
                s=_seat(data["seat"], lang, names),
                g=card_name(data["gave"], lang),
                t=card_name(data["took"], lang),
                p=PILE_NAME[data["pile"]].get(lang),
            )
            .get(lang)
        )
    if kind == "announce":
        if data["kind"] == "reveal":
            what = PARTY_NAME[data["party"]].get(lang)
        else:
            what = limit_text(data["kind"]).get(lang)
        return (
            Text("{s} sagt an: {w}", "{s} announces: {w}")
            .format(s=_seat(data["seat"], lang, names), w=what)
            .get(lang)
        )
    if kind == "claim_due":
        return (
            Text(
                "{s} darf den Stich von {w} mit der Ersten Dame an sich nehmen.",
                "{s} may claim the trick of {w} with the Erste Dame.",
            )
            .format(s=_seat(data["seat"], lang, names), w=_seat(data["winner"], lang, names))
            .get(lang)
        )
    if kind == "claim":
        template = (
            Text("{s} nimmt den Stich (Erste Dame).", "{s} claims the trick (Erste Dame).")
            if data["claimed"]
            else Text("{s} lässt den Stich liegen.", "{s} leaves the trick.")
        )
        return template.format(s=_seat(data["seat"], lang, names)).get(lang)
    if kind == "trick" and data["dest"] == "carry":
        return (
            Text(
                "Gegenwirker: der Stich bleibt liegen und geht mit dem nächsten gegen Vernio; "
                "{s} spielt aus.",
                "Gegenwirker: the trick stays on the table and goes against Vernio with the next; "
                "{s} leads.",
            )
            .format(s=_seat(data["lead"], lang, names))
            .get(lang)
        )
    if kind == "trick":
        trick = Text("Stich an {s} mit {c} ({h}) -> {p}", "Trick to {s} with {c} ({h}) -> {p}")
        line = trick.format(
            s=_seat(data["winner"], lang, names),
            c=card_name(data["card"], lang),
            h=HOW[data["how"]].get(lang),
            p=PILE_NAME[data["dest"]].get(lang),
        ).get(lang)
        if data["cancelled"]:
            line += Text("; Spion hebt auf: ", "; Spion cancels: ").get(lang)
            line += _cards(data["cancelled"], lang)
        if data["dead"]:
            line += Text("; vom Tod vernichtet: ", "; killed by Tod: ").get(lang)
            line += _cards(data["dead"], lang)
        return line
    if kind == "letzte_dame":
        return (
            Text(
                "{s} macht den letzten Stich mit der Letzten Dame: +20.",
                "{s} takes the last trick with the Letzte Dame: +20.",
            )
            .format(s=_seat(data["seat"], lang, names))
            .get(lang)
        )
    if kind == "round":
        vernio = ", ".join(
            _seat(seat, lang, names) for seat, side in enumerate(data["party"]) if side == "V"
        )
        head = Text(
            "Runde {r}: Vernio-Partei {v}; Punkte {pv} : {pa}.",
            "Round {r}: Vernio party {v}; points {pv} : {pa}.",
        ).format(r=data["round"], v=vernio, pv=data["points"]["V"], pa=data["points"]["A"])
        line = head.get(lang)
        if data["winner"] is None:
            return line + (" Gleichstand." if de else " A tie.")
        return line + Text(
            " Gewinner: {w}, Einsatz {k} Kupfermünzen.",
            " Winner: {w}, stake {k} Kupfermuenzen.",
        ).format(w=PARTY_NAME[data["winner"]].get(lang), k=data["stake"]).get(lang)
    if kind == "redeal":
        return (
            Text(
                "Derselbe Geber ({d}) gibt neu; die Verteuerungen bleiben.",
                "The same dealer ({d}) deals again; the raised stakes carry over.",
            )
            .format(d=_seat(data["dealer"], lang, names))
            .get(lang)
        )
    if kind == "void":
        return Text(
            "Zu oft neu gegeben: die Runde endet ohne Zahlung.",
            "Dealt again too often: the round ends without payment.",
        ).get(lang)
    if kind == "over":
        return (
            Text("Spielende. Kontostände: {b}", "Game over. Balances: {b}")
            .format(b=", ".join(str(coins) for coins in data["balances"]))
            .get(lang)
        )
    return f"{kind}"


_RENDER = {
    True: {
        "head": "Gelfdrakkar - Runde {r}/{t}, Geber {d}",
        "balances": "Kontostand: ",
        "over": "Spielende.",
        "deal": "Es wird gegeben.",
        "cards": "Karten: ",
        "trick": "Stich {n}/{t}: ",
        "carried": "Liegt noch: ",
        "fettered": "Gefesselt: ",
        "piles": "Stapel: Vernio {v}, gegen Vernio {a}",
        "said": "Ansagen: ",
        "to_act": "Am Zug: ",
        "hand": "Deine Partei: {p}. Hand: {h}",
        "due": "Achtung: Waldherr jetzt spielen!",
    },
    False: {
        "head": "Gelfdrakkar - round {r}/{t}, dealer {d}",
        "balances": "Balances: ",
        "over": "Game over.",
        "deal": "Dealing.",
        "cards": "Cards: ",
        "trick": "Trick {n}/{t}: ",
        "carried": "Still on the table: ",
        "fettered": "Fettered: ",
        "piles": "Piles: Vernio {v}, against Vernio {a}",
        "said": "Announcements: ",
        "to_act": "To act: ",
        "hand": "Your party: {p}. Hand: {h}",
        "due": "Warning: play the Waldherr now!",
    },
}
_LIMIT_WORDS = {
    lang: {limit: limit_text(limit).get(lang) for limit in (160, 120, 80, 40, 0)}
    for lang in ("de", "en")
}


def render(game: Game, view: dict[str, Any], lang: str, seat_names: Names = None) -> str:
    """A compact plain-text table from one view (never anything beyond it)."""
    de = lang == "de"
    words = _RENDER[de]
    lang = "de" if de else "en"
    who = [_seat(seat, lang, seat_names) for seat in range(len(view["balances"]))]
    names = NAMES_DE if de else NAMES_EN
    lines = [words["head"].format(r=view["round"], t=view["rounds"], d=who[view["dealer"]])]
    balances = ", ".join([f"{who[seat]}: {coins}" for seat, coins in enumerate(view["balances"])])
    lines.append(words["balances"] + balances)
    if view["phase"] in ("over", "deal"):
        lines.append(words[view["phase"]])
        return "\n".join(lines)
    party_words = {side: text.get(lang) for side, text in PARTY_NAME.items()}
    seats = []
    for seat, size in enumerate(view["hand_sizes"]):
        side = view["revealed"][seat]
        mark = f" [{party_words[side]}]" if side else ""
        seats.append(f"{who[seat]}: {size}{mark}")
    lines.append(words["cards"] + "; ".join(seats))
    played = ", ".join([f"{who[seat]} {names[card]}" for seat, card in view["trick"]])
    lines.append(words["trick"].format(n=view["trick_no"] + 1, t=view["tricks"]) + (played or "-"))
    if view["carried"]:
        lines.append(words["carried"] + _cards(view["carried"], lang))
    if view["fettered"]:
        flat = [card for bundle in view["fettered"] for card in bundle]
        lines.append(words["fettered"] + _cards(flat, lang))
    points = view["pile_points"]
    lines.append(words["piles"].format(v=points["V"], a=points["A"]))
    if view["announcements"]:
        said = []
        for seat, kind in view["announcements"]:
            if kind == "reveal":
                what = party_words.get(view["revealed"][seat], "?")
            else:
                what = _LIMIT_WORDS[lang][kind]
            said.append(f"{who[seat]}: {what}")
        lines.append(words["said"] + "; ".join(said))
    if view["to_act"]:
        lines.append(words["to_act"] + who[view["to_act"][0]])
    if view["hand"] is not None:
        hand = _cards(view["hand"], lang)
        lines.append(words["hand"].format(p=party_words[view["party"]], h=hand))
        if view["waldherr_due"]:
            lines.append(words["due"])
    return "\n".join(lines)


# ----- the title's count and the result --------------------------------------------------------

ROUND_OF = Text("Runde {r}/{t}", "Round {r}/{t}")
COPPER_COINS = (
    Text("{n} Kupfermünze", "{n} Kupfermünze (copper coin)"),
    Text("{n} Kupfermünzen", "{n} Kupfermünzen (copper coins)"),
)
