"""Player-facing words: action labels, the game log and the plain-text table (German, English)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core import Event, Names, Result, State, Text, decode, plural

from .cards import (
    ACTION_CARDS,
    CARD_INDEX,
    CARDS,
    HAFEN,
    HAND_SIZE,
    KINDS,
    MEER,
    NAMES,
    RITTER_DEF,
    RITTER_OFF,
    SHORT,
    STRASSE,
    auto_payment,
    road_units,
    settle,
)

NO_CARD = Text("Diese Karte hast du nicht auf der Hand.", "You do not hold that card.")
SUPPLY_EMPTY = Text("Der Vorrat dieser Karte ist leer.", "That supply pile is empty.")
CANNOT_AFFORD = Text(
    "Deine Handkarten reichen nicht, um diese Karte zu bezahlen.",
    "Your hand cannot pay for that card.",
)
NOT_BUYABLE = Text("Diese Karte kann man nicht kaufen.", "That card cannot be bought.")
NOT_PLAYABLE = Text(
    "Diese Karte kann man nicht für ihre Wirkung ausspielen.",
    "That card cannot be played for an effect.",
)
PAYMENT_OPEN = Text(
    "Erst die Bezahlung abschliessen oder abbrechen.",
    "Finish or cancel the payment first.",
)
PAYMENT_SHORT = Text(
    "Die gewählten Karten reichen noch nicht.", "The chosen cards do not cover the price yet."
)
NO_HELP = Text(
    "Diese Karte hilft bei dieser Bezahlung nicht (mehr).",
    "That card does not help (any more) with this payment.",
)
NO_CHOICE = Text(
    "Hier gibt es nichts zu wählen: die automatische Bezahlung braucht alle passenden Karten.",
    "There is nothing to choose: the automatic payment needs every card that could pay.",
)
TOO_MANY_CANCELS = Text(
    "Du hast in diesem Zug schon zu oft eine Bezahlung abgebrochen.",
    "You have cancelled too many payments this turn.",
)
ANSWER_FIRST = Text(
    "Jetzt ist eine Antwort auf den Angriff fällig.", "An answer to the attack is due now."
)
NOT_ON_TURN = Text("Du bist nicht am Zug.", "It is not your turn.")

LIMIT = 100
SHORT_BY_WORD = dict(zip(CARDS, SHORT, strict=True))
STATIC_LABELS: dict[tuple[str, str], str] = {}
STATIC_PLAYS = ("play:bandit", "play:ritter_def", "play:ritter_off")
SUPPLY_ORDER = tuple(CARDS[card] for card in ACTION_CARDS)
SEAT_NAMES = (("Seat 1", "Seat 2"), ("Platz 1", "Platz 2"))

decode_code = lru_cache(maxsize=4096)(decode)
"""``decode`` remembered: a game uses a few hundred distinct codes over and over."""


def card_name(word: str, lang: str) -> str:
    """A card's German name, with the English gloss in English."""
    return NAMES[CARD_INDEX[word]].get(lang)


def card_list(counts: list[int] | dict[str, int]) -> str:
    """``Erz×3, Lehm`` from counts per card index or per card word."""
    if isinstance(counts, dict):
        return _word_list(tuple(counts.items()))
    return ", ".join(
        SHORT[card] if amount == 1 else f"{SHORT[card]}×{amount}"
        for card, amount in enumerate(counts)
        if amount
    )


@lru_cache(maxsize=8192)
def _word_list(items: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(
        SHORT_BY_WORD[word] if amount == 1 else f"{SHORT_BY_WORD[word]}×{amount}"
        for word, amount in items
    )


def _fit(text: str) -> str:
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def _payment_words(card: int, used: list[int], pool: int, roads: int, lang: str) -> str:
    outcome = settle(card, used, pool, roads)
    parts = [card_list(used)] if any(used) else []
    if outcome is not None:
        _missing, pool_after, traded = outcome
        pool_used = pool + road_units(roads + used[STRASSE]) - road_units(roads) - pool_after
        if pool_used:
            parts.append(
                f"{pool_used} aus Strassen-Vorrat" if lang == "de" else f"{pool_used} from roads"
            )
        if sum(traded) >= 2:
            parts.append(
                f"Tausch {sum(traded) // 2}×2:1"
                if lang == "de"
                else f"trade {sum(traded) // 2}×2:1"
            )
    return ", ".join(parts) or "-"


GROUP_LABELS = {
    "answer": Text("Antworten …", "Answer …"),
    "aside": Text("Karte ohne Wirkung ablegen …", "Set a card aside …"),
    "buy": Text("Karte kaufen …", "Buy a card …"),
    "drop": Text("Karte abwerfen …", "Discard a card …"),
    "end": Text("Zug beenden …", "End the turn …"),
    "play": Text("Karte ausspielen …", "Play a card …"),
    "use": Text("Bezahlen …", "Pay …"),
}
"""The placeholder of each action group's select menu."""
CHOOSE = Text("Auswählen …", "Choose …")


class TextsMixin:
    """Labels, groups, event lines and rendering for the Catan engine (mixed into ``Game``)."""

    def seat_name(self, seat: int, lang: str, names: Names = None) -> str:
        """The player's name from ``names``, else ``Platz 1`` / ``Seat 1`` (precomputed: the
        log and the table name seats often).
        """
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return SEAT_NAMES[lang == "de"][seat]

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        """A short label that says what the action does (and which cards a purchase uses)."""
        label = STATIC_LABELS.get((code, lang))
        if label is not None:
            return label
        label = self._label(state, seat, code, lang)
        verb = code.split(":", 1)[0]
        if verb in ("aside", "pay", "cancel") or code in STATIC_PLAYS:
            STATIC_LABELS[(code, lang)] = label  # these never depend on the state
        return label

    def _label(self, state: State, seat: int, code: str, lang: str) -> str:
        verb, args = decode_code(code)
        de = lang == "de"
        hand = state["hand"][seat]
        card = CARD_INDEX.get(args[0]) if args and isinstance(args[0], str) else None
        name = NAMES[card].get(lang) if card is not None else ""
        if verb == "end":
            held = sum(hand)
            count = HAND_SIZE - held if held < 4 else 3
            text = Text(
                f"Zug beenden und {count} Karten nachziehen", f"End turn and draw {count} cards"
            )
        elif verb == "buy" and card is not None:
            used = auto_payment(card, hand, state["pool"], state["roads"]) or [0] * KINDS
            paid = _payment_words(card, used, state["pool"], state["roads"], lang)
            text = Text(f"{name} kaufen mit {paid}", f"Buy {name} with {paid}")
        elif verb == "pay":
            text = Text(f"{name} kaufen, Bezahlung selbst wählen", f"Buy {name}, choose payment")
        elif verb == "play" and card is not None:
            text = self._play_label(state, seat, card, name)
        elif verb == "aside":
            text = Text(f"{name} ohne Wirkung ablegen", f"Set {name} aside (no effect)")
        elif verb == "use" and card is not None:
            pay = state["pay"]
            outcome = settle(pay["card"], pay["used"], state["pool"], state["roads"])
            missing = outcome[0] if outcome else 0
            text = Text(
                f"Mit {name} bezahlen (es fehlen {missing})",
                f"Pay with {name} ({missing} missing)",
            )
        elif verb == "confirm":
            pay = state["pay"]
            target = NAMES[pay["card"]].get(lang)
            paid = _payment_words(pay["card"], pay["used"], state["pool"], state["roads"], lang)
            text = Text(f"{target} kaufen mit {paid}", f"Buy {target} with {paid}")
        elif verb == "cancel":
            text = Text("Bezahlung abbrechen", "Cancel the payment")
        elif verb in ("accept", "defend"):
            text = self._answer_label(state, verb)
        elif verb == "keep":
            stolen = NAMES[state["stolen"]].get(lang)
            text = Text(f"{stolen} behalten (auf deinen Ablagestapel)", f"Keep {stolen} (discard)")
        elif verb == "return":
            stolen = NAMES[state["stolen"]].get(lang)
            text = Text(f"{stolen} zurückgeben", f"Give {stolen} back")
        elif verb == "drop":
            text = Text(
                f"{name} abwerfen (noch {state['drops']})",
                f"Discard {name} ({state['drops']} to go)",
            )
        else:
            text = Text(code, code)
        return _fit(text.de if de else text.en)

    def _play_label(self, state: State, seat: int, card: int, name: str) -> Text:
        hand = state["hand"][seat]
        if card == HAFEN:
            road = 1 if (hand[STRASSE] or state["roads"]) else 0
            count = 1 + hand[MEER] + road
            return Text(f"{name} ausspielen: +{count} Karten", f"Play {name}: +{count} cards")
        if card == STRASSE:
            gain = road_units(state["roads"] + 1) - road_units(state["roads"])
            if state["roads"] == 0:
                return Text(
                    f"{name} ausspielen (1 Meer für den Hafen)", f"Play {name} (1 sea for Hafen)"
                )
            return Text(
                f"{name} ausspielen: +{gain} Ressourcen nach Wahl",
                f"Play {name}: +{gain} resources of choice",
            )
        if card == RITTER_DEF:
            return Text(f"{name} ausspielen: +1 Karte", f"Play {name}: +1 card")
        if card == RITTER_OFF:
            return Text(
                f"{name}: +1 Karte, Gegner wirft 2 ab", f"{name}: +1 card, opponent discards 2"
            )
        return Text(f"{name}: +1 Karte, eine Handkarte rauben", f"{name}: +1 card, steal a card")

    def _answer_label(self, state: State, verb: str) -> Text:
        attack = state["attack"]
        attack_de = NAMES[attack["card"]].de
        attack_en = NAMES[attack["card"]].en
        knight = NAMES[RITTER_DEF]
        if state["phase"] == "defend":
            if verb == "defend":
                return Text(
                    f"{knight.de} zeigen: +1 Karte, {attack_de} zurückwerfen",
                    f"Reveal {knight.en}: +1 card, turn {attack_en} back",
                )
            return Text(f"{attack_de} hinnehmen", f"Take the {attack_en}")
        if verb == "defend":
            return Text(
                f"{knight.de} zeigen: +1 Karte, {attack_de} verpufft",
                f"Reveal {knight.en}: +1 card, {attack_en} has no effect",
            )
        return Text(f"Zurückgeworfenen {attack_de} hinnehmen", f"Take the reflected {attack_en}")

    def action_group(self, state: State, seat: int, code: str) -> str:
        """One menu per kind of decision; custom payments sit beside the automatic ones."""
        verb = decode_code(code)[0]
        if verb == "pay":
            return "buy"
        if verb in ("confirm", "cancel"):
            return "use"
        if verb in ("accept", "defend", "keep", "return"):
            return "answer"
        return verb

    def group_label(self, state: State, seat: int, group: str, lang: str) -> str:
        """A select menu's placeholder: what its group decides."""
        return GROUP_LABELS.get(group, CHOOSE).get(lang)

    def progress(self, view: dict[str, Any], lang: str) -> str | None:
        """The turn count the table shows ("Zug 13/150")."""
        if view["phase"] == "over":
            return None
        return (
            Text("Zug {t}/{l}", "Turn {t}/{l}")
            .format(t=view["turn"], l=view["turn_limit"])
            .get(lang)
        )

    def score_text(self, state: State, result: Result, seat: int, lang: str) -> str:
        """Won, lost or drawn: the game has no points, only three Stadt cards in hand."""
        # From the ranks, not the state's winner: a forfeit ends the game without one.
        if len(result.winners()) > 1:
            return Text("unentschieden", "drawn").get(lang)
        if result.ranks[seat] == 1:
            return Text("gewonnen", "won").get(lang)
        return Text("verloren", "lost").get(lang)

    def result_note(
        self, state: State, result: Result, lang: str, names: Names = None
    ) -> str | None:
        """A win by three Stadt cards, or a draw because the turn limit came first."""
        if state["end"] == "limit":
            return (
                Text(
                    "Unentschieden: nach {n} Zügen hielt niemand drei Städte auf der Hand.",
                    "A draw: after {n} turns nobody held three Stadt (city) cards.",
                )
                .format(n=state["options"]["turn_limit"])
                .get(lang)
            )
        if state["winner"] is not None:
            return (
                Text("{s} hält drei Städte auf der Hand.", "{s} holds three Stadt (city) cards.")
                .format(s=self.seat_name(state["winner"], lang, names))
                .get(lang)
            )
        return None

    def describe_event(self, event: Event, lang: str, names: Names = None) -> str:
        """One line of the game log."""
        data = event.data
        kind = event.kind
        seat = data.get("seat", data.get("by"))
        who = self.seat_name(seat, lang, names) if isinstance(seat, int) else ""
        card = card_name(data["card"], lang) if "card" in data else ""
        if kind == "deck_shuffled":
            text = Text(f"{who}: Startdeck gemischt.", f"{who}: starting deck shuffled.")
        elif kind == "first_player":
            text = Text(f"{who} beginnt.", f"{who} starts.")
        elif kind == "reshuffle":
            n = data["cards"]
            text = Text(
                f"{who} mischt den Ablagestapel ({n} Karten) als neuen Nachziehstapel.",
                f"{who} shuffles the discard pile ({n} cards) into a new draw pile.",
            )
        elif kind == "draw":
            n = data["count"]
            count = plural(n, Text("{n} Karte", "{n} card"), Text("{n} Karten", "{n} cards"))
            text = Text(f"{who} zieht {count.de}.", f"{who} draws {count.en}.")
        elif kind == "drew":
            cards = ", ".join(card_name(word, lang) for word in data["cards"])
            text = Text(f"Du ziehst: {cards}", f"You draw: {cards}")
        elif kind == "aside":
            text = Text(f"{who} legt {card} ohne Wirkung ab.", f"{who} sets {card} aside.")
        elif kind == "road":
            text = Text(
                f"{who} spielt Strasse Nr. {data['roads']} (+{data['gain']}, Vorrat {data['pool']}).",
                f"{who} plays road no. {data['roads']} (+{data['gain']}, pool {data['pool']}).",
            )
        elif kind == "harbour":
            text = Text(
                f"{who} spielt einen Hafen: {data['seas']} Meer, {data['roads']} Strasse(n) "
                f"vorgezeigt, +{data['draw']} Karten.",
                f"{who} plays a Hafen (harbour): reveals {data['seas']} sea, {data['roads']} "
                f"road(s), +{data['draw']} cards.",
            )
        elif kind == "played":
            text = Text(f"{who} spielt {card}.", f"{who} plays {card}.")
        elif kind == "bought":
            paid = card_list(data["paid"]) or "-"
            extra_de = f", {data['pool']} aus dem Strassen-Vorrat" if data["pool"] else ""
            extra_en = f", {data['pool']} from the road pool" if data["pool"] else ""
            text = Text(
                f"{who} kauft {card} mit {paid}{extra_de}.",
                f"{who} buys {card} with {paid}{extra_en}.",
            )
        elif kind == "reflect":
            text = Text(
                f"{who} zeigt einen Ritter (Defensiv) und wirft {card} zurück.",
                f"{who} reveals a Ritter (Defensiv) and turns {card} back.",
            )
        elif kind == "block":
            text = Text(
                f"{who} antwortet mit einem Ritter (Defensiv): {card} verpufft.",
                f"{who} answers with a Ritter (Defensiv): {card} has no effect.",
            )
        elif kind == "accept":
            text = Text(f"{who} nimmt {card} hin.", f"{who} takes the {card}.")
        elif kind == "hit":
            target = self.seat_name(data["at"], lang, names)
            text = Text(f"{card} trifft {target}.", f"{card} hits {target}.")
        elif kind == "stolen":
            victim = self.seat_name(data["from"], lang, names)
            text = Text(
                f"{who} zieht eine zufällige Karte von {victim}.",
                f"{who} takes a random card from {victim}.",
            )
        elif kind == "stolen_card":
            text = Text(f"Geraubte Karte: {card}", f"Stolen card: {card}")
        elif kind in ("loot_keep", "loot_return"):
            kept = kind == "loot_keep"
            text = Text(
                f"{who} {'behält die Karte' if kept else 'gibt die Karte zurück'}.",
                f"{who} {'keeps the card' if kept else 'gives the card back'}.",
            )
        elif kind == "loot_card":
            kept = data["kept"]
            text = Text(
                f"{card} {'liegt nun auf dem Ablagestapel des Räubers' if kept else 'ist zurück'}.",
                f"{card} {'is now on the robber’s discard pile' if kept else 'is back'}.",
            )
        elif kind == "dropped":
            text = Text(f"{who} wirft {card} ab.", f"{who} discards {card}.")
        elif kind == "turn_end":
            text = Text(
                f"{who} beendet den Zug und zieht {data['draw']} nach.",
                f"{who} ends the turn and draws {data['draw']}.",
            )
        elif kind == "turn":
            text = Text(f"Zug {data['turn']}: {who}.", f"Turn {data['turn']}: {who}.")
        elif kind == "won":
            text = Text(
                f"{who} hat drei Städte auf der Hand und gewinnt!",
                f"{who} holds three Stadt (city) cards and wins!",
            )
        elif kind == "turn_limit":
            text = Text(
                f"Zuglimit ({data['turns']}) erreicht: unentschieden.",
                f"Turn limit ({data['turns']}) reached: a draw.",
            )
        else:
            text = Text(f"{kind} {data}", f"{kind} {data}")
        return text.get(lang)

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        """A compact plain-text table: supply, each seat's sizes and table, the own hand."""
        de = lang == "de"
        lines = []
        if view["phase"] == "over":
            if view["winner"] is not None:
                winner = self.seat_name(view["winner"], lang, names)
                lines.append(f"Spiel vorbei: {winner} gewinnt." if de else f"Over: {winner} wins.")
            else:
                lines.append("Spiel vorbei: unentschieden." if de else "Over: a draw.")
        else:
            active = self.seat_name(view["active"], lang, names)
            turn, limit = view["turn"], view["turn_limit"]
            lines.append(
                f"Zug {turn}/{limit}, am Zug: {active}" if de else f"Turn {turn}/{limit}: {active}"
            )
        lines.append(_supply_line(tuple(view["supply"].values()), de))
        words = SEAT_WORDS[de]
        for seat, info in enumerate(view["seats"]):
            table = card_list(info["table"]) or "-" if info["table"] else "-"
            lines.append(
                f"{self.seat_name(seat, lang, names)}: {words[0]} {info['hand_size']}, {words[1]} "
                f"{info['deck_size']}, {words[2]} {info['discard_size']}; {words[3]}: {table}"
            )
        if view["roads"]:
            lines.append(
                f"Strassen in diesem Zug: {view['roads']}, Ressourcen übrig: {view['pool']}"
                if de
                else f"Roads this turn: {view['roads']}, resources left: {view['pool']}"
            )
        if view["attack"]:
            attack = view["attack"]
            lines.append(
                ("Angriff: " if de else "Attack: ")
                + f"{card_name(attack['card'], lang)} "
                + f"{self.seat_name(attack['by'], lang, names)} → {self.seat_name(attack['at'], lang, names)}"
            )
        if view["drops"]:
            lines.append(
                f"{self.seat_name(view['ask'], lang, names)} "
                + (f"wirft noch {view['drops']} ab" if de else f"discards {view['drops']} more")
            )
        if "hand" in view:
            lines.append(
                ("Deine Hand: " if de else "Your hand: ") + (card_list(view["hand"]) or "-")
            )
        if "paying_with" in view:
            lines.append(
                ("Bezahlung für " if de else "Paying for ")
                + f"{card_name(view['paying_for'], lang)}: {card_list(view['paying_with']) or '-'}"
            )
        if "stolen" in view:
            lines.append(
                ("Geraubte Karte: " if de else "Stolen card: ") + card_name(view["stolen"], lang)
            )
        return "\n".join(lines)


SEAT_WORDS = (("hand", "deck", "discard", "table"), ("Hand", "Stapel", "Ablage", "Tisch"))


@lru_cache(maxsize=4096)
def _supply_line(counts: tuple[int, ...], de: bool) -> str:
    supply = ", ".join(
        f"{SHORT_BY_WORD[word]} {n}" for word, n in zip(SUPPLY_ORDER, counts, strict=True)
    )
    return ("Vorrat: " if de else "Supply: ") + supply


__all__ = ["TextsMixin", "card_list", "card_name"]


# ----- the hand's layout and the second look ------------------------------------------------

SET_ASIDE = Text("Ohne Wirkung ablegen …", "Set aside …")
END_WITH_CARDS = Text(
    "Wirklich den Zug beenden? Du könntest noch Karten ausspielen.",
    "Really end your turn? You could still play cards.",
)
