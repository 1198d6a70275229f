"""What the tournament service says to a person, in German and English."""

from __future__ import annotations

from games.core import Text

FORMAT_NAMES = {
    "swiss": Text("Schweizer System", "Swiss"),
    "round_robin": Text("Jeder gegen jeden", "Round robin"),
    "elimination": Text("K.-o.-System", "Single elimination"),
    "multi_elimination": Text("K.-o. an Mehrspieler-Tischen", "Multiplayer elimination"),
}
"""Each stored format name (``formats.FORMATS``) as people read it."""


def in_each_language(text: Text, **values: Text | object) -> Text:
    """``text`` with its placeholders filled, a ``Text`` value in the matching language (a
    German refusal names "Siedler von Catan", not "Settlers of Catan").
    """
    return Text(
        text.de.format(**{k: v.de if isinstance(v, Text) else v for k, v in values.items()}),
        text.en.format(**{k: v.en if isinstance(v, Text) else v for k, v in values.items()}),
    )


NO_SUCH_TOURNAMENT = Text("Turnier {id} gibt es nicht.", "There is no tournament {id}.")
ORGANISER_ONLY = Text(
    "Das darf nur die Turnierleitung (Server verwalten oder die Turnierrolle).",
    "Only organisers may do that (Manage Server or the organiser role).",
)
UNKNOWN_FORMAT = Text(
    "Unbekanntes Format {format}. Möglich: {formats}.",
    "Unknown format {format}. Possible: {formats}.",
)
TWO_PLAYER_FORMAT = Text(
    "{format} gibt es nur für Spiele zu zweit (Tischgröße 2); {game} hat {size} am Tisch.",
    "{format} is for two-player tables only (table size 2); {game} would seat {size}.",
)
MULTIPLAYER_FORMAT = Text(
    "Dieses Format braucht Tische mit mindestens 3 Plätzen.",
    "This format needs tables of at least 3 seats.",
)
BAD_TABLE_SIZE = Text(
    "{game} spielt man mit {lo} bis {hi} Personen; Tischgröße {size} geht nicht.",
    "{game} is played by {lo} to {hi} players; a table size of {size} does not work.",
)
BAD_ROUNDS = Text(
    "Die Rundenzahl muss zwischen 1 und {max} liegen (nicht {value}).",
    "The number of rounds must be between 1 and {max} (not {value}).",
)
BAD_BEST_OF = Text(
    "„Best of“ muss ungerade sein: 1, 3, 5 oder 7 (nicht {value}).",
    "Best of must be odd: 1, 3, 5 or 7 (not {value}).",
)
BAD_ADVANCE = Text(
    "Weiterkommen können 1 bis {max} pro Tisch (nicht {value}).",
    "Between 1 and {max} per table may advance (not {value}).",
)
BAD_ROUND_HOURS = Text(
    "Die Rundendauer muss zwischen 1 Stunde und 30 Tagen liegen.",
    "A round's length must be between 1 hour and 30 days.",
)
BAD_NAME = Text(
    "Der Turniername muss 1 bis 80 Zeichen lang sein.",
    "The tournament name must be 1-80 characters.",
)
CLOSES_IN_PAST = Text(
    "Der Anmeldeschluss liegt in der Vergangenheit.", "The registration deadline is in the past."
)
REGISTRATION_CLOSED = Text(
    "Die Anmeldung zu Turnier {id} ist geschlossen.", "Registration for tournament {id} is closed."
)
ALREADY_REGISTERED = Text(
    "Du bist schon für Turnier {id} angemeldet.", "You are already registered for tournament {id}."
)
NOT_REGISTERED = Text(
    "Du bist für Turnier {id} nicht angemeldet.", "You are not registered for tournament {id}."
)
THEY_ARE_NOT_REGISTERED = Text(
    "{name} ist für Turnier {id} nicht angemeldet.",
    "{name} is not registered for tournament {id}.",
)
THEY_ALREADY_DROPPED = Text(
    "{name} ist aus Turnier {id} schon ausgestiegen.",
    "{name} has already dropped out of tournament {id}.",
)
ALREADY_DROPPED = Text(
    "Du bist aus Turnier {id} schon ausgestiegen.",
    "You have already dropped out of tournament {id}.",
)
NO_CHECKIN = Text("Turnier {id} hat keinen Check-in.", "Tournament {id} has no check-in.")
CHECKIN_OVER = Text(
    "Der Check-in von Turnier {id} ist vorbei.", "Check-in for tournament {id} is over."
)
NOT_BEFORE_START = Text("Turnier {id} hat schon begonnen.", "Tournament {id} has already started.")
NOT_RUNNING = Text("Turnier {id} läuft nicht.", "Tournament {id} is not running.")
ALREADY_OVER = Text("Turnier {id} ist schon beendet.", "Tournament {id} is already over.")
TOO_FEW = Text(
    "Für den Start braucht es mindestens {min} Teilnehmende (angemeldet: {n}).",
    "Starting needs at least {min} players ({n} registered).",
)
NO_LATE_JOIN = Text(
    "Turnier {id} läuft schon und nimmt keine Nachzügler auf.",
    "Tournament {id} is under way and takes no late entries.",
)
NO_ROUND_LEFT = Text(
    "Turnier {id} spielt schon seine letzte Runde: ein Nachzügler käme nicht mehr zum Zug.",
    "Tournament {id} is already in its last round: a late entry would never play.",
)
LEAVE_AFTER_START = Text(
    "Turnier {id} läuft schon: aussteigen mit /turnier aussteigen.",
    "Tournament {id} is under way: use /tournament drop to leave it.",
)
NOTE_IN = Text("noch dabei", "still in")
NOTE_WINNER = Text("Turniersieg", "winner")
NOTE_FINAL = Text("Finaltisch: Platz {place}", "final table: place {place}")
NOTE_OUT = Text("ausgeschieden in Runde {round}", "out in round {round}")
