"""Languages: German localisations of the commands, and every message the bot writes.

Commands are declared with ``locale_str("english", de="deutsch")``; ``GermanTranslator`` hands
Discord the German text for the German locale. Messages are ``games.core.Text`` pairs; the bot
picks the language (``TischrundeBot.language``): the player's Discord locale when it is German or
English, else the server's default.
"""

from __future__ import annotations

import discord
from discord import app_commands

from games.core import Text, get_game

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
START = Text("Starten", "Start")
CANCEL = Text("Absagen", "Cancel")
PREVIOUS = Text("Zurück", "Previous")
NEXT = Text("Weiter", "Next")
REFRESH = Text("Aktualisieren", "Refresh")
OTHER_AMOUNT = Text("{verb}: anderer Betrag …", "{verb}: other amount …")
AMOUNT = Text("Betrag", "Amount")
NOT_AN_AMOUNT = Text("Bitte eine ganze Zahl eingeben: {text}", "Please type a whole number: {text}")
CHOOSE = Text("{group} wählen …", "Choose {group} …")

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
TURN_TITLE = Text("Tisch {id} · Zug {seq}", "Table {id} · move {seq}")
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
    "Blatt und den Knöpfen für deinen Zug. Abschalten mit /dm off.",
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
    "Welcher Tisch? Gib die Tischnummer an (siehe /table mine).",
    "Which table? Give the table number (see /table mine).",
)
NOT_IN_THIS_CHANNEL = Text(
    "Hier dürfen keine Tische eröffnet werden. Erlaubt: {channels}",
    "Tables may not be opened here. Allowed: {channels}",
)
GUILD_ONLY = Text("Das geht nur auf einem Server.", "That only works on a server.")
MALFORMED_COMPONENT = Text(
    "Dieser Knopf ist beschädigt oder veraltet und tut nichts. Nutze /table show.",
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
NO_PERMISSION = Text("Dafür fehlt dir die Berechtigung.", "You lack the permission for that.")
HELP = Text(
    "**Tischrunde** – Kartenspiele am Server-Tisch.\n"
    "• `/table open` eröffnet einen Tisch, andere treten mit dem Knopf bei; der Gastgeber "
    "startet.\n"
    "• Jeder Zug erscheint als neue Nachricht im Thread des Tisches. „My hand / Mein Blatt“ "
    "zeigt dir privat dein Blatt und deine Züge.\n"
    "• Bist du am Zug, schreibe ich dir eine Direktnachricht mit Blatt und Knöpfen "
    "(abschalten: `/dm off`).\n"
    "• `/table mine` listet deine Tische, `/table hand` zeigt dein Blatt, `/rules` die Regeln.\n"
    "Spiele: {games}",
    "**Tischrunde** – card games at your server's table.\n"
    "• `/table open` opens a table, others join with the button; the host starts.\n"
    "• Every move appears as a new message in the table's thread. “My hand / Mein Blatt” "
    "shows you your hand and your moves, privately.\n"
    "• When it is your move I send you a DM with your hand and buttons (turn off: `/dm off`).\n"
    "• `/table mine` lists your tables, `/table hand` shows your hand, `/rules` the rules.\n"
    "Games: {games}",
)
