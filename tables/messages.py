"""What the table service says to a person, in German and English."""

from __future__ import annotations

from games.core import Text

NO_SUCH_TABLE = Text("Tisch {id} gibt es nicht.", "There is no table {id}.")
ALREADY_SEATED = Text("Du sitzt schon an diesem Tisch.", "You already have a seat at this table.")
TABLE_FULL = Text("Dieser Tisch ist voll.", "This table is full.")
NOT_SEATED = Text("Du sitzt nicht an diesem Tisch.", "You do not have a seat at this table.")
NOT_A_PLAYER = Text("Du spielst an diesem Tisch nicht mit.", "You are not a player at this table.")
ALREADY_STARTED = Text("Das Spiel hat schon begonnen.", "The game has already started.")
NOT_STARTED = Text("Das Spiel hat noch nicht begonnen.", "The game has not started yet.")
ALREADY_OVER = Text("Dieser Tisch ist schon beendet.", "This table has already ended.")
HOST_ONLY = Text(
    "Das darf nur, wer den Tisch eröffnet hat.", "Only the player who opened the table may do that."
)
STALE = Text(
    "Der Tisch ist inzwischen weiter – hier ist der aktuelle Stand.",
    "The table has moved on – here is the current state.",
)
NOT_A_MOVE = Text("Diesen Zug gibt es nicht.", "That is not a valid move.")
NO_LONGER_SEATED = Text(
    "Du hast diesen Platz nicht mehr: er wurde an jemand anderen übergeben.",
    "You no longer hold this seat: it was handed to someone else.",
)
NOT_ACTIVE = Text("Dieser Tisch läuft gerade nicht.", "This table is not in play.")
NO_SUCH_SEAT = Text(
    "Platz {n} gibt es an diesem Tisch nicht.", "There is no seat {n} at this table."
)
SAME_HOLDER = Text("Dieser Platz gehört schon dieser Person.", "That seat already belongs to them.")
HOST_OR_MANAGER = Text(
    "Das dürfen nur der Gastgeber, bei Turniertischen die Turnierleitung, und wer den Server"
    " verwalten darf.",
    "Only the host (at a tournament table, its organisers) or someone who may manage the"
    " server may do that.",
)
RESIGN_IN_LOBBY = Text(
    "Das Spiel hat noch nicht begonnen: verlasse den Tisch mit /tisch verlassen.",
    "The game has not started yet: leave the table with /table leave.",
)
ALREADY_RESIGNED = Text(
    "Du hast an diesem Tisch schon aufgegeben.", "You have already resigned at this table."
)
