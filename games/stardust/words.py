"""Every word a Stardust player reads, in German and English: reasons, labels, log, table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import Event, Names, State, Text, plural

from .cards import card_name, cards_text
from .scoring import kind_name

if TYPE_CHECKING:
    from .engine import Stardust

BELOW_MINIMUM = Text(
    "Zu wenig: mindestens {minimum} (oder alles, {allin}).",
    "Too little: at least {minimum} (or all-in, {allin}).",
)
MORE_THAN_STACK = Text(
    "So viel hast du nicht: höchstens {allin}.",
    "You do not have that much: at most {allin}.",
)
NOT_BETTING = Text("Gerade wird nicht gesetzt.", "There is no betting right now.")
ALREADY_BET = Text(
    "Es wurde schon gesetzt: erhöhe statt zu setzen.",
    "There is already a bet: raise instead.",
)
NOTHING_TO_RAISE = Text(
    "Es gibt noch keinen Einsatz: setze statt zu erhöhen.",
    "There is no bet yet: bet instead of raising.",
)
NO_RERAISE = Text(
    "Nach einer zu kleinen All-in-Erhöhung darfst du nur mitgehen oder aussteigen.",
    "After an all-in raise below the minimum you may only call or fold.",
)
NOBODY_TO_CALL = Text(
    "Niemand könnte mehr mitgehen: alle anderen sind all-in.",
    "Nobody could call any more: everyone else is all-in.",
)
MUST_ANSWER = Text(
    "Es wurde gesetzt: gehe mit, erhöhe oder steige aus.",
    "There is a bet: call, raise or fold.",
)
NOTHING_TO_CALL = Text(
    "Es gibt nichts mitzugehen: checke oder setze.",
    "There is nothing to call: check or bet.",
)
NO_FOLD_FOR_FREE = Text(
    "Du kannst kostenlos checken; aussteigen geht erst, wenn jemand gesetzt hat.",
    "You can check for free; folding is only possible against a bet.",
)
NOT_HELD = Text("Diese Karte hast du nicht.", "You do not hold that card.")
AT_MOST_THREE = Text(
    "Du kannst höchstens drei Karten tauschen.", "You can exchange at most three cards."
)
BAD_TARGET = Text(
    "Der Schnelle Tod muss vor einen anderen Spieler gelegt werden, der noch im Spiel ist.",
    "Schneller Tod must be laid before another player who is still in the hand.",
)
SPECIALS_FIRST = Text(
    "Joker-Sonderfunktionen kommen vor dem Kartentausch.",
    "Joker specials are played before the exchange.",
)
SHUFFLE_FIRST = Text("Erst wird gemischt.", "The cards must be shuffled first.")

TAGS = {
    "min": Text("Minimum", "minimum"),
    "half": Text("halber Pot", "half pot"),
    "pot": Text("Pot", "pot"),
    "allin": Text("alles", "all-in"),
}
WHOLE_AMOUNT = Text(
    "Der Betrag muss eine ganze Zahl ab 1 sein.",
    "The amount must be a whole number of at least 1.",
)
ASCENDING = Text("Nenne die Karten aufsteigend sortiert.", "List the cards in ascending order.")
MUST_DROP = Text(
    "Du musst wegen des Schnellen Todes eine Karte ablegen.",
    "Schneller Tod: you must discard one card.",
)
WASSER_ANSWER = Text(
    "Dunkle Wasser: zahle den Mindesteinsatz erneut oder steige aus.",
    "Dunkle Wasser: pay the ante again or fold.",
)
CHIPS_FOR_TWO_ANTES = Text(
    "Startchips müssen mindestens zwei Mindesteinsätze sein.",
    "Starting chips must be at least two antes.",
)


def action_label(
    game: Stardust, state: State, seat: int, code: str, lang: str, names: Names = None
) -> str:
    """Buttons: amounts with their menu tag, cards with their German name and gloss."""
    # The engine's helpers come through ``game``: the engine imports this module.
    verb, args = game.decode_move(code)
    text: Text
    if verb == "check":
        text = Text("Checken", "Check")
    elif verb == "call":
        amount = min(state["cur"] - state["bets"][seat], state["stacks"][seat])
        if amount == state["stacks"][seat]:
            text = Text("Mitgehen mit allem ({a})", "Call all-in ({a})").format(a=amount)
        else:
            text = Text("Mitgehen ({a})", "Call ({a})").format(a=amount)
    elif verb == "fold" and state["pending"] is not None:
        text = Text("Aussteigen statt zu zahlen", "Fold instead of paying")
    elif verb == "fold":
        text = Text("Aussteigen", "Fold")
    elif verb in ("bet", "raise") and args:
        _verb, menu, _minimum, _allin = game.bet_menu(state, seat)
        tag = TAGS.get(menu.get(args[0], ""))
        suffix = Text(f" ({tag.de})", f" ({tag.en})") if tag else Text("", "")
        if verb == "bet":
            text = Text("Setzen: {a}", "Bet {a}").format(a=args[0])
        else:
            text = Text("Erhöhen auf {a}", "Raise to {a}").format(a=args[0])
        text = Text(text.de + suffix.de, text.en + suffix.en)
    elif verb == "keep":
        text = Text("Keine Karte tauschen", "Exchange no cards")
    elif verb == "swap":
        text = Text(
            "Tauschen: " + cards_text(list(args), "de"),
            "Exchange: " + cards_text(list(args), "en"),
        )
    elif verb == "loch":
        text = Text(
            "Schwarzes Loch auslegen: 2 Karten ziehen",
            "Lay Schwarzes Loch (black hole): draw 2 cards",
        )
    elif verb == "tod":
        target = game.seat_name(args[0], "de", names), game.seat_name(args[0], "en", names)
        text = Text(
            f"Schneller Tod vor {target[0]}: muss eine Karte tauschen",
            f"Schneller Tod (quick death) before {target[1]}: they swap a card",
        )
    elif verb == "wasser":
        text = Text(
            "Dunkle Wasser: alle zahlen den Mindesteinsatz oder steigen aus",
            "Dunkle Wasser (dark water): all pay the ante again or fold",
        )
    elif verb == "drop":
        text = Text("Ablegen: " + card_name(args[0]).de, "Discard: " + card_name(args[0]).en)
    elif verb == "pay":
        amount = min(state["opt"]["ante"], state["stacks"][seat])
        text = Text("Mindesteinsatz zahlen ({a})", "Pay the ante ({a})").format(a=amount)
    else:
        text = Text(code, code)
    return text.get(lang)[:100]


def describe_event(game: Stardust, event: Event, lang: str, names: Names = None) -> str:
    """One log line per event."""
    data = event.data

    def who(key: str = "seat") -> str:
        return game.seat_name(data[key], lang, names)

    kind = event.kind
    # The count's own braces are filled here; "{w}" stays for the format below.
    cards_count = plural(
        int(data.get("count") or 0),
        Text("{n} Karte.", "{n} card."),
        Text("{n} Karten.", "{n} cards."),
    )
    allin = Text(" (all-in)", " (all-in)").get(lang) if data.get("allin") else ""
    texts: dict[str, Text] = {
        "hand": Text(
            f"Hand {data.get('hand')}: Geber ist {{d}}, alle zahlen {data.get('ante')}.",
            f"Hand {data.get('hand')}: {{d}} deals, everyone pays {data.get('ante')}.",
        ),
        "round": Text(
            f"Setzrunde {data.get('round')}: {{w}} beginnt.",
            f"Betting round {data.get('round')}: {{w}} starts.",
        ),
        "check": Text("{w} checkt.", "{w} checks."),
        "call": Text(
            f"{{w}} geht mit ({data.get('amount')}){allin}.",
            f"{{w}} calls ({data.get('amount')}){allin}.",
        ),
        "bet": Text(
            f"{{w}} setzt {data.get('amount')}{allin}.",
            f"{{w}} bets {data.get('amount')}{allin}.",
        ),
        "raise": Text(
            f"{{w}} erhöht auf {data.get('amount')}{allin}.",
            f"{{w}} raises to {data.get('amount')}{allin}.",
        ),
        "fold": Text("{w} steigt aus.", "{w} folds."),
        "exchange": Text("Kartentausch.", "The exchange."),
        "swap": Text("{w} tauscht " + cards_count.de, "{w} exchanges " + cards_count.en),
        "dealt": Text("Deine Karten: {c}", "Your cards: {c}"),
        "discarded": Text("Abgelegt: {c}", "Discarded: {c}"),
        "drew": Text("Gezogen: {c}", "Drawn: {c}"),
        "draw": Text("{w} zieht " + cards_count.de, "{w} draws " + cards_count.en),
        "loch": Text("{w} legt das Schwarze Loch aus.", "{w} lays Schwarzes Loch."),
        "tod": Text("{w} legt den Schnellen Tod vor {t}.", "{w} lays Schneller Tod before {t}."),
        "drop": Text(
            "{w} legt wegen des Schnellen Todes eine Karte ab.",
            "{w} discards a card to Schneller Tod.",
        ),
        "wasser": Text(
            "{w} legt das Dunkle Wasser aus: alle zahlen erneut oder steigen aus.",
            "{w} lays Dunkle Wasser: everyone pays the ante again or folds.",
        ),
        "pay": Text(
            f"{{w}} zahlt {data.get('amount')}{allin}.",
            f"{{w}} pays {data.get('amount')}{allin}.",
        ),
        "reshuffle": Text(
            "Der Ablagestapel wird neu gemischt.",
            "The discards are shuffled into a new draw pile.",
        ),
        "won": Text(
            f"{{w}} gewinnt {data.get('amount')}, alle anderen sind ausgestiegen.",
            f"{{w}} wins {data.get('amount')}; everyone else folded.",
        ),
        "left": Text(
            "{w} kann den Mindesteinsatz nicht zahlen und scheidet aus.",
            "{w} cannot pay the ante and leaves the match.",
        ),
        "over": Text("Die Partie ist zu Ende.", "The match is over."),
    }
    if kind == "showdown":
        lines = []
        for entry in data["shown"]:
            lines.append(
                f"{game.seat_name(entry['seat'], lang, names)}: {cards_text(entry['cards'], lang)}"
                f" = {kind_name(entry['kind'], lang)} ({points_text(entry['score'], lang)})"
            )
        for amount, winners in data["pots"]:
            winning = ", ".join(game.seat_name(seat, lang, names) for seat in winners)
            lines.append(
                Text(f"{winning} gewinnt {amount}.", f"{winning} wins {amount}.").get(lang)
            )
        return " | ".join(lines)
    text = texts.get(kind)
    if text is None:
        return f"{kind} {data}"
    values = {
        "w": who() if "seat" in data else "",
        "t": who("target") if "target" in data else "",
        "d": who("dealer") if "dealer" in data else "",
        "c": cards_text(data["cards"], lang) if "cards" in data else "",
    }
    return text.get(lang).format(**values)


def render(game: Stardust, view: dict[str, Any], lang: str, names: Names = None) -> str:
    """A compact plain-text table: one line per seat, then the viewer's hand."""
    de = lang == "de"
    lines = [
        (
            f"Stardust – Hand {view['hand_no']}/{view['hands']}, Pot {view['pot']}, "
            f"Mindesteinsatz {view['ante']}"
            if de
            else f"Stardust – hand {view['hand_no']}/{view['hands']}, pot {view['pot']}, "
            f"ante {view['ante']}"
        )
    ]
    for seat in range(view["players"]):
        marks = []
        if seat == view["dealer"]:
            marks.append("Geber" if de else "dealer")
        if view["left"][seat] is not None:
            marks.append("ausgeschieden" if de else "left")
        elif view["folded"][seat]:
            marks.append("ausgestiegen" if de else "folded")
        elif view["in_hand"][seat] and view["stacks"][seat] == 0:
            marks.append("all-in")
        if seat in view["to_act"]:
            marks.append("am Zug" if de else "to act")
        if view["hole"][seat]:
            marks.append("Schwarzes Loch")
        line = (
            f"{game.seat_name(seat, lang, names)}: {view['stacks'][seat]} {'Chips' if de else 'chips'}"
            f", {'Einsatz' if de else 'bet'} {view['bets'][seat]}"
            f", {view['hand_sizes'][seat]} {'Karten' if de else 'cards'}"
        )
        if marks:
            line += " [" + ", ".join(marks) + "]"
        lines.append(line)
    for joker, by, before in view["laid"]:
        lines.append(
            f"{card_name(joker).get(lang)}: {game.seat_name(by, lang, names)}"
            + (f" → {game.seat_name(before, lang, names)}" if before != by else "")
        )
    if view.get("hand"):
        evaluation = view.get("evaluation")
        line = ("Deine Hand: " if de else "Your hand: ") + cards_text(view["hand"], lang)
        if evaluation:
            line += f" = {kind_name(evaluation['kind'], lang)} ({points_text(evaluation['score'], lang)})"
        lines.append(line)
        if view.get("to_call"):
            lines.append(("Zum Mitgehen: " if de else "To call: ") + str(view["to_call"]))
    last = view.get("last")
    if last:
        for entry in last["shown"]:
            lines.append(
                f"{'Letzte Hand' if de else 'Last hand'} – {game.seat_name(entry['seat'], lang, names)}"
                f": {cards_text(entry['cards'], lang)} = {kind_name(entry['kind'], lang)}"
                f" ({points_text(entry['score'], lang)})"
            )
        for amount, winners in last["pots"]:
            winning = ", ".join(game.seat_name(seat, lang, names) for seat in winners)
            lines.append(f"{winning}: +{amount}")
    return "\n".join(lines)


# ----- menus, the second look, the title's count and the result --------------------------------


def points_text(score: list[int], lang: str) -> str:
    """A hand's points as its score counts them ("12 points": a bare number in brackets
    after a combination's name could as well be chips).
    """
    return plural(score[1], Text("{n} Punkt", "{n} point"), Text("{n} Punkte", "{n} points")).get(
        lang
    )


ALL_IN_QUESTION = Text("Wirklich alles setzen ({amount})?", "Really go all-in ({amount})?")

GROUP_LABELS = {
    "amount": Text("Einsatz wählen …", "Choose an amount …"),
    "joker": Text("Joker auslegen …", "Lay a joker …"),
    "call": Text("Mitgehen …", "Call …"),
    "check": Text("Checken …", "Check …"),
    "fold": Text("Aussteigen …", "Fold …"),
    "drop": Text("Karte ablegen …", "Discard a card …"),
    "pay": Text("Mindesteinsatz zahlen …", "Pay the ante …"),
}
"""The placeholder of each action group's select menu (exchanges are worded apart)."""


def group_label(group: str, lang: str) -> str:
    """What a select menu offers: an amount, an exchange of n cards, a joker."""
    if group.startswith("swap"):
        count = int(group[4:] or 0)
        return Text(
            f"{count} Karte{'n' if count != 1 else ''} tauschen …",
            f"Exchange {count} card{'s' if count != 1 else ''} …",
        ).get(lang)
    return GROUP_LABELS.get(group, Text("Auswählen …", "Choose …")).get(lang)


OTHER_RAISE = Text("Auf einen anderen Betrag erhöhen …", "Raise to another amount …")
OTHER_BET = Text("Einen anderen Betrag setzen …", "Bet another amount …")
HAND_OF = Text("Hand {n}/{h}", "Hand {n}/{h}")
CHIPS = (Text("{n} Chip", "{n} chip"), Text("{n} Chips", "{n} chips"))
