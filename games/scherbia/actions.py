"""Scherbia's Aktionskarten and Fraktionen as data, and their effects on a decided trick.

The source (rules-sources ``000_facd74e4787eda5a.txt``) gives the mechanism and the card
names, not the card texts: every effect here is the project's own edition (ruling "Aktionskarten",
"Fraktionen"), built from the source's hints. A community holding the printed cards can enter
their texts by changing ``ACTION_KINDS`` / ``FACTIONS``: an entry is a name, what it needs (a
profession of its owner lying in the trick, or nothing) and an effect from the small vocabulary
below, with its parameters.

Effect vocabulary (all act once the trick's last layer is complete, before it is decided):

``veto``          Einspruch: put on another revealed action card; both are discarded.
``zero_latest``   the most recently played card of the strongest opposing player counts 0.
``zero_others``   the opponents' cards of the listed professions count 0.
``set_value``     every card of ``prof`` counts ``value``; ``allmacht`` False: Magier lose it.
``multiply``      every card of ``prof`` counts ``factor`` times its value.
``steal_highest`` the owner's Dieb takes the highest card instead of the lowest.
``revive``        if the owner's side loses, the owner's Heiler and its highest other card go to
                  the owner's own pile.
``add_total``     the highest opposing total is added to the owner's (the owner alone wins it).
``swap_total``    the owner's total is swapped with the highest opposing total.
``protect``       (faction) the other team's action cards and faction abilities in this trick
                  have no effect.
``bonus``         (passive faction) the team scores ``points`` more at the final count.

Action cards are ints: ``EINSPRUCH_IDS`` (one per possible seat) first, then ``COPIES`` of
each other kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import Text

from .cards import BAECKER, DIEB, HEILER, KRIEGER, MAGIER, SCHMIED


@dataclass(frozen=True)
class ActionKind:
    """One kind of action card (or a faction ability): the data a community may re-enter."""

    word: str
    name: Text
    text: Text
    effect: str
    needs: int | None = None
    params: dict[str, Any] = field(default_factory=dict)


ACTION_KINDS: list[ActionKind] = [
    ActionKind(
        "einspruch",
        Text("Einspruch", "Einspruch (objection)"),
        Text(
            "Auf eine andere aufgedeckte Aktionskarte legen: beide sind abgelegt. Auch auf einen "
            "Einspruch (dann geschieht dessen Ziel doch). Unbenutzt zurück auf die Hand.",
            "Put it on another revealed action card: both are discarded. Also on an Einspruch "
            "(its target then happens after all). Unused, it goes back to hand.",
        ),
        "veto",
    ),
    ActionKind(
        "spezialpfeil",
        Text("Spezialpfeil", "Spezialpfeil (special arrow)"),
        Text(
            "Die zuletzt gespielte Karte des stärksten Gegners zählt in diesem Stich 0.",
            "The most recently played card of the strongest opponent counts 0 in this trick.",
        ),
        "zero_latest",
    ),
    ActionKind(
        "sabotage",
        Text("Sabotage", "Sabotage"),
        Text(
            "Braucht deinen Schmied im Stich: Krieger und Schmiede der Gegner zählen 0.",
            "Needs your Schmied in the trick: the opponents' Krieger and Schmiede count 0.",
        ),
        "zero_others",
        SCHMIED,
        {"profs": [KRIEGER, SCHMIED]},
    ),
    ActionKind(
        "assassine",
        Text("Assassine", "Assassine (assassin)"),
        Text(
            "Braucht deinen Dieb im Stich: er nimmt die höchste statt der niedrigsten Karte.",
            "Needs your Dieb in the trick: it takes the highest card instead of the lowest.",
        ),
        "steal_highest",
        DIEB,
    ),
    ActionKind(
        "wiederbelebung",
        Text("Wiederbelebung", "Wiederbelebung (revival)"),
        Text(
            "Braucht deinen Heiler im Stich: verliert deine Seite, kommen er und deine höchste "
            "andere Karte auf deinen eigenen Stapel.",
            "Needs your Heiler in the trick: if your side loses, it and your highest other card "
            "go to your own pile.",
        ),
        "revive",
        HEILER,
    ),
    ActionKind(
        "wichtelkrieger",
        Text("Wichtelkrieger", "Wichtelkrieger (imp warrior)"),
        Text("Jeder Krieger zählt in diesem Stich 1.", "Every Krieger counts 1 in this trick."),
        "set_value",
        None,
        {"prof": KRIEGER, "value": 1, "allmacht": True},
    ),
    ActionKind(
        "wichtelmagier",
        Text("Wichtelmagier", "Wichtelmagier (imp mage)"),
        Text(
            "Jeder Magier zählt in diesem Stich 1 und verliert Allmacht.",
            "Every Magier counts 1 in this trick and loses Allmacht.",
        ),
        "set_value",
        None,
        {"prof": MAGIER, "value": 1, "allmacht": False},
    ),
    ActionKind(
        "brot",
        Text("Brot für die Scherbe", "Brot für die Scherbe (bread for the shard)"),
        Text("Jeder Bäcker zählt doppelt.", "Every Bäcker counts double."),
        "multiply",
        None,
        {"prof": BAECKER, "factor": 2},
    ),
    ActionKind(
        "paktierer",
        Text("Paktierer", "Paktierer (pact-maker)"),
        Text(
            "Die höchste Summe eines Gegners kommt zu deiner hinzu (den Stich nimmst du allein).",
            "The highest opposing total is added to yours (you alone take the trick).",
        ),
        "add_total",
    ),
    ActionKind(
        "hinterhalt",
        Text("Hinterhalt", "Hinterhalt (ambush)"),
        Text(
            "Deine Summe wird mit der höchsten Summe eines Gegners getauscht.",
            "Your total is swapped with the highest opposing total.",
        ),
        "swap_total",
    ),
]
KIND_OF_WORD = {kind.word: index for index, kind in enumerate(ACTION_KINDS)}
EINSPRUCH = 0
COPIES = 4
"""Copies of each kind other than Einspruch: 9 kinds x 4 = 36, enough for 8 hands of 4."""
EINSPRUCH_IDS = list(range(8))
OTHER_IDS = list(range(8, 8 + COPIES * (len(ACTION_KINDS) - 1)))
ACTION_DECK = len(EINSPRUCH_IDS) + len(OTHER_IDS)


def kind_of(card: int) -> int:
    """The kind index of an action card id."""
    if card < len(EINSPRUCH_IDS):
        return EINSPRUCH
    return 1 + (card - len(EINSPRUCH_IDS)) // COPIES


@dataclass(frozen=True)
class Faction:
    """A faction (team games): an ability laid like an action card, or a passive bonus."""

    word: str
    name: Text
    ability: ActionKind | None
    bonus: int = 0


FACTIONS: list[Faction] = [
    Faction(
        "pakt",
        Text("Der Pakt", "Der Pakt (the Pact)"),
        ActionKind(
            "paktsabotage",
            Text("Sabotage (Fraktion)", "Sabotage (faction)"),
            Text(
                "Krieger und Schmiede der Gegner zählen in diesem Stich 0.",
                "The opponents' Krieger and Schmiede count 0 in this trick.",
            ),
            "zero_others",
            None,
            {"profs": [KRIEGER, SCHMIED]},
        ),
    ),
    Faction(
        "glaeubige",
        Text("Die Gläubigen", "Die Gläubigen (the Faithful)"),
        ActionKind(
            "schutz",
            Text("Schutz", "Schutz (protection)"),
            Text(
                "Aktionskarten und Fraktionsfähigkeiten der Gegner haben in diesem Stich keine "
                "Wirkung.",
                "The opponents' action cards and faction abilities have no effect in this trick.",
            ),
            "protect",
        ),
    ),
    Faction("haendler", Text("Die Händler", "Die Händler (the Traders)"), None, bonus=20),
]
"""The project's own faction list (the source names Der Pakt and Die Gläubigen and describes
passive factions; Die Händler and every size are the project's)."""
FACTION_OF_WORD = {faction.word: index for index, faction in enumerate(FACTIONS)}
FACTION_PAIRS = [(a, b) for a in range(len(FACTIONS)) for b in range(len(FACTIONS)) if a != b]
