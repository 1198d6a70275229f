"""Languages: German localisations of the commands, and every message the bot writes.

Commands are declared with ``locale_str("english", de="deutsch")``; ``GermanTranslator`` hands
Discord the German text for the German locale. Messages are ``games.core.Text`` pairs; the bot
picks the language (``TischrundeBot.language``): the player's Discord locale when it is German or
English, else the server's default.
"""

from __future__ import annotations

import discord
from discord import app_commands

from games.core import Text, get_game, plural

GERMAN_LOCALES = (discord.Locale.german,)


def locale_language(locale: object) -> str | None:
    """The language ("de" or "en") of a Discord locale, else None."""
    value = str(getattr(locale, "value", locale) or "")
    if value.startswith("de"):
        return "de"
    if value.startswith("en"):
        return "en"
    return None


class GermanTranslator(app_commands.Translator):
    """German command names, descriptions and choices, from each ``locale_str``'s ``de``."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The German text for German locales; None (Discord shows English) otherwise."""
        if locale not in GERMAN_LOCALES:
            return None
        german = string.extras.get("de")
        if german is None and "game" in string.extras:
            german = get_game(string.extras["game"]).name.de
        return german


def T(en: str, de: str) -> app_commands.locale_str:
    """A command text in English with its German localisation."""
    return app_commands.locale_str(en, de=de)


# ----- the message catalogue -----------------------------------------------------------------

HAND_BUTTON = "My hand / Mein Blatt"
JOIN = Text("Mitspielen", "Join")
LEAVE = Text("Aussteigen", "Leave")
ADD_ENGINE = Text("Computer dazu", "Add engine")
CHOOSE_LEVEL = Text(
    "Wie stark soll der Computer spielen? Stark denkt bis zu einer halben Sekunde pro Zug.",
    "How strong should the engine play? Strong thinks up to half a second per move.",
)
START = Text("Starten", "Start")
CANCEL = Text("Absagen", "Cancel")
PREVIOUS = Text("Zurück", "Previous")
NEXT = Text("Weiter", "Next")
REFRESH = Text("Aktualisieren", "Refresh")
OTHER_AMOUNT = Text("Anderer Betrag", "Other amount")
AMOUNT = Text("Betrag", "Amount")
NOT_AN_AMOUNT = Text("Bitte eine ganze Zahl eingeben: {text}", "Please type a whole number: {text}")
AMOUNT_TOO_LARGE = Text(
    "So viel gibt es in keinem Spiel: {text}", "No game has an amount that large: {text}"
)

LOBBY_TITLE = Text("Tisch {id}: {game}", "Table {id}: {game}")
LOBBY_HOST = Text("Gastgeber", "Host")
LOBBY_SEATS = Text("Plätze ({n}/{max})", "Seats ({n}/{max})")
LOBBY_OPTIONS = Text("Optionen", "Options")
LOBBY_WAITING = Text(
    "Mitspielen mit dem Knopf; der Gastgeber startet ab {min} Spielern.",
    "Join with the button; the host starts once {min} players sit.",
)
STATUS_CANCELLED = Text("Dieser Tisch wurde abgesagt.", "This table was cancelled.")
STATUS_STARTED = Text("Das Spiel läuft im Thread {thread}.", "The game is on in thread {thread}.")
THREAD_NAME = Text("Tisch {id} · {game}", "Table {id} · {game}")
TURN_TITLE = Text("Tisch {id} · {progress}", "Table {id} · {progress}")
TABLE_TITLE = Text("Tisch {id} · {game}", "Table {id} · {game}")
WAITING_FOR = Text("Am Zug: {who}", "To act: {who}")
NO_DM_HINT = Text(
    "{who}: Ich kann dir keine Direktnachricht schicken – drück „My hand / Mein Blatt“ hier im "
    "Thread, um dein Blatt zu sehen und zu ziehen.",
    "{who}: I cannot DM you – press “My hand / Mein Blatt” here in the thread to see your "
    "hand and move.",
)
GAME_OVER = Text("Spiel vorbei.", "Game over.")
LOG = Text("Verlauf", "Log")
RESULT_LINE = Text("{rank}. {name}: {score}", "{rank}. {name}: {score}")
HAND_TITLE = Text("Dein Blatt · Tisch {id}", "Your hand · table {id}")
YOUR_MOVE = Text("Du bist am Zug.", "It is your move.")
NOT_YOUR_MOVE = Text("Du bist gerade nicht am Zug.", "It is not your move now.")
PAGE = Text("Seite {page}/{pages}", "Page {page}/{pages}")
DM_TURN = Text(
    "Du bist am Zug an Tisch {id} ({game}). Thread: {link}",
    "Your move at table {id} ({game}). Thread: {link}",
)
DM_WELCOME = Text(
    "Du sitzt an Tisch {id} ({game}). Wenn du am Zug bist, schreibe ich dir hier – mit deinem "
    "Blatt und den Knöpfen für deinen Zug. Abschalten mit /dm aus.",
    "You have a seat at table {id} ({game}). When it is your move I will write here, with your "
    "hand and the buttons for your move. Turn this off with /dm off.",
)
DM_REFUSED_AT_JOIN = Text(
    "Ich kann dir keine Direktnachrichten schicken; nutze „My hand / Mein Blatt“ im Thread.",
    "I cannot send you direct messages; use “My hand / Mein Blatt” in the table's thread.",
)
JOINED = Text("Du sitzt an Tisch {id}.", "You have a seat at table {id}.")
LEFT = Text("Du hast Tisch {id} verlassen.", "You left table {id}.")
OPENED = Text("Tisch {id} ist eröffnet.", "Table {id} is open.")
STARTED = Text("Tisch {id} hat begonnen: {thread}", "Table {id} has started: {thread}")
CANCELLED = Text("Tisch {id} ist abgesagt.", "Table {id} is cancelled.")
MOVED = Text("Gespielt: {label}", "Played: {label}")
ALREADY_APPLIED = Text("Dieser Zug ist schon gespielt.", "That move was already played.")
NO_TABLE_HERE = Text(
    "Welcher Tisch? Gib die Tischnummer an (siehe /tisch meine).",
    "Which table? Give the table number (see /table mine).",
)
NOT_IN_THIS_CHANNEL = Text(
    "Hier dürfen keine Tische eröffnet werden. Erlaubt: {channels}",
    "Tables may not be opened here. Allowed: {channels}",
)
GUILD_ONLY = Text("Das geht nur auf einem Server.", "That only works on a server.")
MALFORMED_COMPONENT = Text(
    "Dieser Knopf ist beschädigt oder veraltet und tut nichts. Nutze /tisch zeigen.",
    "This button is damaged or outdated and does nothing. Use /table show.",
)
BAD_OPTIONS_SYNTAX = Text(
    "Optionen schreibt man als name=wert, getrennt durch Leerzeichen: {text}",
    "Write options as name=value separated by spaces: {text}",
)
NO_TABLES = Text("Du sitzt an keinem offenen Tisch.", "You have no open table.")
MINE_LINE = Text(
    "Tisch {id} · {game} · {status} · am Zug: {who}",
    "Table {id} · {game} · {status} · to act: {who}",
)
LOBBY_STATUS = Text("Warteraum", "lobby")
ACTIVE_STATUS = Text("läuft", "playing")
NOBODY = Text("niemand", "nobody")
YOU = Text("du", "you")
DMS_ON = Text(
    "Ich schicke dir Direktnachrichten, wenn du am Zug bist.", "I will DM you on your move."
)
DMS_OFF = Text("Keine Direktnachrichten mehr von mir.", "No more direct messages from me.")
SETTINGS_SHOWN = Text(
    "Sprache: {language} · Kanäle: {channels} · Turnierrolle: {role}",
    "Language: {language} · channels: {channels} · organiser role: {role}",
)
EVERYWHERE = Text("überall", "everywhere")
NONE = Text("keine", "none")
SERVER_LOCALE = Text("wie der Server", "the server's")
INTERNAL_ERROR = Text(
    "Da ist etwas schiefgegangen; es wurde nichts geändert. Versuch es gleich noch einmal.",
    "Something went wrong; nothing was changed. Please try again in a moment.",
)
NOT_A_MEMBER_HERE = Text(
    "{name} ist nicht auf diesem Server; hier geht nur, wer Mitglied ist.",
    "{name} is not on this server; only its members can be named here.",
)
NO_PERMISSION = Text("Dafür fehlt dir die Berechtigung.", "You lack the permission for that.")
HELP = Text(
    "**Tischrunde** – Kartenspiele am Server-Tisch.\n"
    "• `/tisch eroeffnen` eröffnet einen Tisch, andere treten mit dem Knopf bei; der Gastgeber "
    "startet.\n"
    "• Der Thread des Tisches zeigt das Spiel: eine Nachricht je Zug, die bis zum nächsten Zug "
    "nachgeführt wird. „My hand / Mein Blatt“ zeigt dir privat dein Blatt und deine Züge.\n"
    "• Bist du am Zug, schreibe ich dir eine Direktnachricht mit Blatt und Knöpfen "
    "(abschalten: `/dm aus`).\n"
    "• `/tisch meine` listet deine Tische, `/tisch blatt` zeigt dein Blatt, `/regeln` die Regeln.\n"
    "• Jeder Zug hat eine Bedenkzeit (Standard 24 Std, beim Eröffnen `bedenkzeit`); ich erinnere "
    "dich zur Halbzeit und kurz vor Ablauf (`/erinnerungen aus`). `/urlaub beginnen` hält deine "
    "Uhren an, `/tisch zuschauen` lässt dich zuschauen.\n"
    "• `/tisch aufgeben` verlässt ein laufendes Spiel (dein Platz gibt auf). Einen Platz "
    "übernimmst du nur, wenn du einer Anfrage zustimmst.\n"
    "• `/tisch verlauf` listet beendete Tische, `/tisch nachspielen` spielt einen Tisch Schritt "
    "für Schritt nach, `/profil` zeigt Spiele, Wertung und Ergebnisse.\n"
    "• `/einstellungen ich` schaltet Bilder und die Nachfrage vor teuren Zügen an oder aus.\n"
    "Spiele: {games}",
    "**Tischrunde** – card games at your server's table.\n"
    "• `/table open` opens a table, others join with the button; the host starts.\n"
    "• The table's thread shows the game: one message per turn, kept up to date until the next "
    "turn. “My hand / Mein Blatt” shows you your hand and your moves, privately.\n"
    "• When it is your move I send you a DM with your hand and buttons (turn off: `/dm off`).\n"
    "• `/table mine` lists your tables, `/table hand` shows your hand, `/rules` the rules.\n"
    "• Every move has a clock (24 h unless `clock` is given at open); I remind you at half "
    "time and shortly before the end (`/reminders off`). `/vacation start` pauses your clocks, "
    "`/table watch` lets you follow a table.\n"
    "• `/table resign` leaves a running game (your seat forfeits). You take over a seat only "
    "when you accept a request.\n"
    "• `/table history` lists finished tables, `/table replay` replays a table step by step, "
    "`/profile` shows games, rating and results.\n"
    "• `/settings me` turns pictures and the second look before costly moves on or off.\n"
    "Games: {games}",
)

# ----- clocks, reminders, vacations, substitution, spectators (issue 9) ------------------------

WATCH_BUTTON = "Watch / Zuschauen"
TIMED_OUT_ENGINE = Text(
    "⏰ {who}: Deine Zeit ist abgelaufen – ein Computerspieler hat diesen Zug für dich gemacht.",
    "⏰ {who}: your time ran out – an engine player made this move for you.",
)
TIMED_OUT_FORFEIT = Text(
    "⏰ {who}: Deine Zeit ist abgelaufen – du hast aufgegeben.",
    "⏰ {who}: your time ran out – you forfeited.",
)
FORFEIT_LINE = Text("{name} gibt auf (Zeit abgelaufen).", "{name} forfeits (time ran out).")
CATCH_UP = Text(
    "Ich war eine Weile offline; verpasste Fristen sind jetzt erledigt ({n}):",
    "I was offline for a while; missed deadlines are handled now ({n}):",
)
REMINDER_DM = Text(
    "⏳ Erinnerung: Du bist am Zug an Tisch {id} ({game}) – noch {left} (bis <t:{due}:f>). "
    "Thread: {link}\nErinnerungen abschalten: /erinnerungen aus",
    "⏳ Reminder: your move at table {id} ({game}) – {left} left (until <t:{due}:f>). "
    "Thread: {link}\nTurn reminders off: /reminders off",
)
REMINDER_MENTION = Text(
    "⏳ {who}: Erinnerung – du bist am Zug, noch {left} (bis <t:{due}:f>).",
    "⏳ {who}: reminder – it is your move, {left} left (until <t:{due}:f>).",
)
CLOCK_FIELD = Text("Bedenkzeit", "Clock")
CLOCK_LEFT = Text("{who}: noch {left} (bis <t:{due}:f>)", "{who}: {left} left (until <t:{due}:f>)")
CLOCK_PAUSED = Text(
    "{who}: pausiert, im Urlaub bis <t:{until}:f> – danach noch {left}",
    "{who}: paused, away until <t:{until}:f> – then {left} left",
)
AWAY_LINE = Text("🏖 {who} ist im Urlaub bis <t:{until}:f>.", "🏖 {who} is away until <t:{until}:f>.")
CLOCK_SETTING = Text(
    "{per_move} je Zug; bei Ablauf: {action}", "{per_move} per move; when it runs out: {action}"
)
NO_CLOCK = Text("keine Bedenkzeit", "no clock")
ON_TIMEOUT = {
    "engine": Text("ein Computer zieht", "an engine moves"),
    "forfeit": Text("Aufgabe", "forfeit"),
}
MINE_CLOCK = Text(" · ⏳ {left}", " · ⏳ {left}")
MINE_PAUSED = Text(" · ⏸ Urlaub bis <t:{until}:f>", " · ⏸ away until <t:{until}:f>")
MINE_TOURNAMENT = Text(" · 🏆 {name} R{round}", " · 🏆 {name} R{round}")
MINE_ROUND_ENDS = Text(
    " (Rundenschluss <t:{until}:R>, läuft auch im Urlaub)",
    " (round ends <t:{until}:R>, also while you are away)",
)
REMINDERS_ON = Text(
    "Ich erinnere dich wieder an deine Züge (zur Halbzeit und kurz vor Ablauf).",
    "I will remind you of your moves again (at half time and shortly before the end).",
)
REMINDERS_OFF = Text("Keine Erinnerungen mehr an deine Züge.", "No more reminders of your moves.")
VACATION_STARTED = Text(
    "Schönen Urlaub! Deine Uhren an allen Tischen sind angehalten bis <t:{until}:f>. "
    "Noch {left} Urlaubstage in 30 Tagen. Früher zurück: /urlaub beenden",
    "Enjoy your vacation! Your clocks at every table are paused until <t:{until}:f>. "
    "{left} vacation days left within 30 days. Back early: /vacation end",
)
VACATION_ENDED = Text(
    "Willkommen zurück! Deine Uhren laufen wieder, mit der Zeit, die du noch hattest.",
    "Welcome back! Your clocks run again, with the time you had left.",
)
VACATION_SHOWN = Text(
    "Urlaub: {days} von {allowed} Tagen in 30 Tagen übrig.{away}",
    "Vacation: {days} of {allowed} days left within 30 days.{away}",
)
VACATION_AWAY_NOW = Text(
    " Du bist im Urlaub bis <t:{until}:f>.", " You are away until <t:{until}:f>."
)
VACATION_ALLOWANCE_SET = Text(
    "Urlaub auf diesem Server: höchstens {days} Tage in 30 Tagen.",
    "Vacation on this server: at most {days} days within 30 days.",
)
SUBSTITUTED = Text(
    "🔁 Platz {n} ({old}) spielt jetzt {new}.", "🔁 Seat {n} ({old}) is now played by {new}."
)
SUBSTITUTE_DONE = Text("Platz {n} ist übergeben.", "Seat {n} has been handed over.")
SEAT_HANDED_TO_YOU = Text(
    "Du übernimmst Platz {n} an Tisch {id} ({game}). Hier ist dein Blatt. Thread: {link}",
    "You take over seat {n} at table {id} ({game}). Here is your hand. Thread: {link}",
)
NEW_HOLDER_NO_DM = Text(
    "{who}: Du übernimmst Platz {n} – drück „My hand / Mein Blatt“, um dein Blatt zu sehen.",
    "{who}: you take over seat {n} – press “My hand / Mein Blatt” to see your hand.",
)
WATCHING = Text(
    "Du schaust Tisch {id} zu; der Thread ist jetzt in deiner Liste: {link}",
    "You are watching table {id}; its thread is in your list now: {link}",
)
NOT_A_SPECTATOR_TABLE = Text(
    "Diesem Tisch kann man noch nicht zuschauen.", "This table cannot be watched yet."
)
VACATION_OVER = Text(
    "Dein Urlaub ist zu Ende; deine Uhren laufen wieder, mit der Zeit, die du noch hattest.",
    "Your vacation is over; your clocks run again, with the time you had left.",
)
NO_BOTS_AT_TABLES = Text(
    "Andere Bots können keinen Platz übernehmen; ohne Mitglied übernimmt ein Computerspieler.",
    "Other bots cannot take a seat; leave out the member to hand it to an engine player.",
)

PLAYED_OUT = Text(
    "Rundenschluss: der Computer hat diesen Tisch für alle, die noch am Zug waren, zu Ende "
    "gespielt. Das Ergebnis zählt fürs Turnier, ohne Wertung.",
    "The round is closed: the engine played this table to its end for everyone still to move. "
    "The result counts for the tournament; the table is not rated.",
)

# ----- consent, resigning, limits and housekeeping (issue 16) ----------------------------------

HANDOVER_REQUEST = Text(
    "🔁 {host} fragt dich, ob du an Tisch {id} ({game}) Platz {n} ({holder}) übernehmen"
    " möchtest. Bedenkzeit: {clock}. Solange du nicht annimmst, ändert sich nichts und du"
    " bekommst nichts von diesem Tisch; die Anfrage verfällt <t:{due}:R>.",
    "🔁 {host} asks whether you would take over seat {n} ({holder}) at table {id} ({game})."
    " Clock: {clock}. Unless you accept, nothing changes and nothing of this table reaches you;"
    " the request lapses <t:{due}:R>.",
)
HANDOVER_CLOCK = Text("{per_move} je Zug, danach {action}", "{per_move} per move, then {action}")
HANDOVER_NO_CLOCK = Text("keine", "none")
ACCEPT = Text("Annehmen", "Accept")
DECLINE = Text("Ablehnen", "Decline")
HANDOVER_ASKED = Text(
    "Die Anfrage an {who} steht im Thread des Tisches. Der Bot schreibt niemandem, der nicht"
    " zugesagt hat, mitzuspielen, und benachrichtigt {who} darum nicht: Sag {who} Bescheid, wo"
    " die Anfrage steht. Bis zur Zusage bleibt Platz {n} bei {holder}; ohne Antwort verfällt"
    " die Anfrage nach 24 Stunden.",
    "The request to {who} is in the table's thread. The bot messages nobody who has not agreed"
    " to play, so {who} gets no notification: let them know where to find it. Until they"
    " accept, seat {n} stays with {holder}; without an answer the request lapses after 24"
    " hours.",
)
HANDOVER_UNREACHABLE = Text(
    "Dieser Tisch hat keinen Thread, in dem {who} gefragt werden könnte; die Anfrage ist"
    " zurückgezogen und Platz {n} bleibt, wie er ist.",
    "This table has no thread to ask {who} in; the request is withdrawn and seat {n} stays as"
    " it is.",
)
HANDOVER_YOU_ACCEPTED = Text(
    "✅ Angenommen: Platz {n} an Tisch {id} ({game}) gehört jetzt dir.",
    "✅ Accepted: seat {n} at table {id} ({game}) is yours now.",
)
HANDOVER_YOU_DECLINED = Text(
    "Abgelehnt: An Tisch {id} ändert sich nichts; der Gastgeber erfährt es.",
    "Declined: nothing changes at table {id}; the host is told.",
)
HANDOVER_DECLINED = Text(
    "{who} möchte Platz {n} an Tisch {id} ({game}) nicht übernehmen; der Platz bleibt bei"
    " {holder}.",
    "{who} declined to take over seat {n} at table {id} ({game}); the seat stays with {holder}.",
)
HANDOVER_LAPSED = Text(
    "{who} hat nicht innerhalb von 24 Stunden geantwortet: die Anfrage für Platz {n} an Tisch"
    " {id} ({game}) ist verfallen; der Platz bleibt bei {holder}.",
    "{who} did not answer within 24 hours: the request for seat {n} at table {id} ({game}) has"
    " lapsed; the seat stays with {holder}.",
)
RESIGNED_YOU = Text(
    "Du hast an Tisch {id} aufgegeben: dein Platz scheidet nach den Regeln des Spiels aus, wie"
    " bei abgelaufener Zeit.",
    "You resigned at table {id}: your seat forfeits under the game's rules, as when time runs out.",
)
RESIGNED_NOTE = Text("🏳 {who} hat aufgegeben.", "🏳 {who} resigned.")
LOBBY_EXPIRED = Text(
    "⌛ Tisch {id} ({game}) hat sich geschlossen: niemand hat ihn innerhalb von {days} Tagen"
    " gestartet.",
    "⌛ Table {id} ({game}) closed itself: nobody started it within {days} days.",
)
LIMITS_SHOWN = Text(
    "Grenzen: {open_lobbies} und {running_tables} pro Mitglied, {tournaments} gleichzeitig,"
    " {engine_entries} pro Turnier; eine Lobby schließt nach {lobby_days} (ändern mit"
    " /einstellungen grenzen).",
    "Limits: {open_lobbies} and {running_tables} per member, {tournaments} at once,"
    " {engine_entries} per tournament; a lobby closes after {lobby_days} (change with"
    " /settings limits).",
)
LIMIT_COUNTS = {
    "open_lobbies": (
        Text("{n} offene Lobby", "{n} open lobby"),
        Text("{n} offene Lobbys", "{n} open lobbies"),
    ),
    "running_tables": (Text("{n} Tisch", "{n} table"), Text("{n} Tische", "{n} tables")),
    "tournaments": (Text("{n} Turnier", "{n} tournament"), Text("{n} Turniere", "{n} tournaments")),
    "engine_entries": (
        Text("{n} Computer", "{n} engine player"),
        Text("{n} Computer", "{n} engine players"),
    ),
    "lobby_days": (Text("{n} Tag", "{n} day"), Text("{n} Tagen", "{n} days")),
}
"""Each limit's count with its noun, singular for exactly one ("1 Tisch", "2 tables")."""


def limits_text(values: dict[str, int], lang: str) -> str:
    """The server's limits in words, each count with its noun in the right number."""
    counts = {
        key: plural(values[key], one, many).get(lang) for key, (one, many) in LIMIT_COUNTS.items()
    }
    return LIMITS_SHOWN.format(**counts).get(lang)
