"""What players read through the bot names people and holds no raw code (issue 20).

Whole games of every game are played by members with display names, by the buttons of their
private hands; every public post of the thread and every private answer is read.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import HELP, MALFORMED_COMPONENT, NO_TABLE_HERE, REMINDER_DM, limits_text
from games.core import Text, all_games, get_game
from tests.bot.drive import Driver
from tests.bot.harness import answer, components, server
from tests.bot.test_games import shortest_options

GAMES = sorted(game.id for game in all_games() if not game.id.startswith("test-"))
PEOPLE = ["Ada", "Bert_x", "Cleo", "Dora", "Emil"]
"""Display names; one with markdown in it ("_") to see it shown as typed."""

SEAT_NUMBER = re.compile(r"\b(Seat|Platz) \d")
RAW_EVENT = re.compile(r"\{'|\w+ \{")
"""The contract's fallback for an event a game does not word: ``kind {data}``."""


async def seat_people(srv: Any, game_id: str, players: int, options: str | None) -> int:
    actors = [
        srv.add(name, locale="de" if index % 2 else "en-US")
        for index, name in enumerate(PEOPLE[:players])
    ]
    table_id = await srv.open(actors[0], game_id, options)
    for actor in actors[1:]:
        await actor.click(srv.lobby(table_id), custom_id=f"tr:j:{table_id}")
    await actors[0].click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
    return table_id


def readable(message: Any) -> str:
    """What a person reads in a message: its content, the embeds' titles, texts and fields,
    and the components' words (the footer holds the outbox's delivery mark, "#12.0")."""
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict() if hasattr(embed, "to_dict") else embed
        parts += [str(data.get("title", "")), str(data.get("description", ""))]
        for field in data.get("fields", []):
            parts += [str(field["name"]), str(field["value"])]
    for component in components(message):
        parts += [str(component.get("label") or ""), str(component.get("placeholder") or "")]
        parts += [str(option["label"]) for option in component.get("options") or []]
    return "\n".join(parts)


def titles(message: Any) -> list[str]:
    return [str(embed.to_dict().get("title", "")) for embed in message.embeds]


def shows_code(label: str, code: str) -> bool:
    """An empty label, the code itself, a code with arguments inside it ("Play bet:20"), or a
    label that looks like a code ("pick:3", "swap0")."""
    return (
        not label
        or label == code
        or (":" in code and code in label)
        or re.fullmatch(r"[a-z_]+(\d+|:\S+)", label) is not None
    )


def raw_labels(message: Any) -> list[str]:
    """Buttons and menu entries whose words are their action code (or show it)."""
    found = []
    for component in components(message):
        cid = str(component.get("custom_id") or "")
        label = str(component.get("label") or "")
        if cid.startswith("tr:a:"):
            code = cid.split(":", 4)[4]
            if shows_code(label, code):
                found.append(f"{label!r} for {code}")
        for option in component.get("options") or []:
            if shows_code(option["label"], option["value"]):
                found.append(f"{option['label']!r} for {option['value']}")
        placeholder = str(component.get("placeholder") or "")
        if re.search(r"\w+\d …|[a-z]+:\d", placeholder):
            found.append(placeholder)
    return found


@pytest.mark.slow(seconds=8)
@pytest.mark.parametrize("game_id", GAMES)
async def test_a_whole_game_names_people_and_shows_no_code(tmp_path, game_id):
    """Issue 20: public posts say "Ada bets 20", never "Seat 2"; titles count in the game's
    own count, never the stored steps ("move 82"); buttons and menus show words, not codes;
    the result shows the game's units and no float.
    """
    game = get_game(game_id)
    async with server(tmp_path) as srv:
        table_id = await seat_people(srv, game_id, game.min_players, shortest_options(game))
        driver = Driver(srv, table_id)
        public: list[str] = []
        seen_titles: list[str] = []

        async def read_the_post() -> None:
            post = await srv.latest_turn(table_id)
            public.append(readable(post))
            seen_titles.extend(titles(post))

        await read_the_post()
        await driver.play(after_move=read_the_post)
        table = await srv.bot.service.get(table_id)
        assert table.status == "finished"
        text = "\n".join(public)
        names = [seat.name for seat in table.seats]
        for name in names:
            assert name.replace("_", "\\_") in text or name in text, f"{name} never named"
        assert not SEAT_NUMBER.search(text), SEAT_NUMBER.search(text)
        assert not RAW_EVENT.search(text), RAW_EVENT.search(text)
        assert not [title for title in seen_titles if re.search(r"move \d|Zug \d+$", title)]
        last = public[-1]
        assert "Game over" in last and not re.search(r"\d\.0\b", last)
        for _user, result in driver.private:
            for message in [result.response, *result.followups]:
                if message is None:
                    continue
                private = readable(message)
                assert not SEAT_NUMBER.search(private), SEAT_NUMBER.search(private)
                assert not raw_labels(message), raw_labels(message)


async def test_markdown_in_a_name_shows_as_typed_in_the_log(tmp_path):
    """A display name with markdown ("Bert_x") is escaped in the log lines Discord renders as
    markdown, and shown as typed in the code block of the table."""
    async with server(tmp_path) as srv:
        table_id = await seat_people(srv, "stardust", 3, None)
        driver = Driver(srv, table_id)
        for _move in range(6):
            actor = await driver.waiting_actor()
            assert actor is not None
            await driver.move_from_thread(actor)
        post = await srv.latest_turn(table_id)
        embed = post.embeds[0].to_dict()
        assert "Bert_x" in embed["description"]  # the code block shows the name as typed
        log = " ".join(field["value"] for field in embed.get("fields", []))
        assert "Bert_x" not in log.replace("Bert\\_x", "")


def command_names(tree: Any) -> tuple[dict[str, str], dict[str, set[str]]]:
    """Every command path in English with its German name ("table show" -> "tisch zeigen"),
    and the choices of each command by language, from the tree the bot registers."""
    german: dict[str, str] = {}
    choices: dict[str, set[str]] = {}

    def de(item: Any) -> str:
        locale = getattr(item, "_locale_name", None)
        return str(locale.extras.get("de", item.name)) if locale is not None else item.name

    for command in tree.walk_commands():
        parts, node = [], command
        while node is not None:
            parts.append((node.name, de(node)))
            node = node.parent
        parts.reverse()
        german[" ".join(en for en, _ in parts)] = " ".join(d for _, d in parts)
        for parameter in getattr(command, "parameters", []):
            for choice in parameter.choices:
                locale = getattr(choice, "_locale_name", None)
                choices.setdefault("en", set()).add(choice.name)
                if locale is not None and "de" in locale.extras:
                    choices.setdefault("de", set()).add(locale.extras["de"])
    return german, choices


def slash_paths(text: str) -> list[str]:
    """``/word`` and ``/word word`` as a command is written in a message (not URLs, fractions)."""
    return [
        match.group(0)[1:]
        for match in re.finditer(r"(?<![\w/.}<:])/[a-zäöü]+(?: [a-zäöü]+)?", text)
    ]


async def test_german_answers_name_the_german_commands(tmp_path):
    """Issue 20: a German client shows ``/tisch zeigen``, so German answers name the German
    commands (those the bot registers), English answers the English ones."""
    async with server(tmp_path) as srv:
        german, choices = command_names(srv.bot.tree)
    english_tops = {path.split()[0] for path in german}
    german_tops = {path.split()[0] for path in german.values()}
    texts = [
        HELP.format(games="-"),
        MALFORMED_COMPONENT,
        NO_TABLE_HERE,
        REMINDER_DM.format(id=1, game="x", left="1 h", due=0, link="-"),
        Text(limits_text(LIMITS, "de"), limits_text(LIMITS, "en")),
    ]
    import importlib

    for name in (
        "bot.i18n",
        "bot.features.tournaments",
        "bot.handover",
        "tables.messages",
        "tables.tournaments.messages",
        "tables.limits",
        "tables.handover",
        "tables.clocks",
    ):
        module = importlib.import_module(name)
        texts.extend(value for value in vars(module).values() if isinstance(value, Text))
    checked = 0
    for text in texts:
        for lang, tops, paths, own_choices in (
            ("de", german_tops, set(german.values()), choices["de"]),
            ("en", english_tops, set(german), choices["en"]),
        ):
            for path in slash_paths(text.get(lang)):
                top, _, second = path.partition(" ")
                other = english_tops if lang == "de" else german_tops
                assert top in tops or top not in other, f"{lang}: /{path} in {text.get(lang)!r}"
                if top not in tops:
                    continue
                checked += 1
                subcommands = {p.split(" ", 1)[1] for p in paths if p.startswith(top + " ")}
                if subcommands:
                    assert second in subcommands, f"{lang}: /{path} in {text.get(lang)!r}"
                elif second and second in choices["de"] | choices["en"]:
                    assert second in own_choices, f"{lang}: /{path} in {text.get(lang)!r}"
    assert checked >= 20


LIMITS = {
    "open_lobbies": 1,
    "running_tables": 2,
    "tournaments": 1,
    "engine_entries": 16,
    "lobby_days": 1,
}


def test_limits_read_in_the_right_number():
    """Issue 20: "1 tables" reads wrong: one lobby, one tournament, one day; two tables."""
    assert limits_text(LIMITS, "en").startswith(
        "Limits: 1 open lobby and 2 tables per member, 1 tournament at once, 16 engine players"
        " per tournament; a lobby closes after 1 day"
    )
    assert limits_text(LIMITS, "de").startswith(
        "Grenzen: 1 offene Lobby und 2 Tische pro Mitglied, 1 Turnier gleichzeitig"
    )


async def test_a_members_language_ends_with_the_simulated_server(tmp_path):
    """Language rule (the member's own locale, else the server's): simcord numbers members anew
    in every simulated server, so a German locale set in one must not reach the member with the
    same id in the next, who uses Discord in English. Tests run in any order on a worker."""
    (tmp_path / "first").mkdir()
    (tmp_path / "second").mkdir()
    async with server(tmp_path / "first") as srv:
        karl = srv.add("karl", locale="de")
        assert "Turnier 7 gibt es nicht." in answer(
            await karl.slash(srv.channel, "tournament join", tournament=7)
        )
    async with server(tmp_path / "second") as srv:
        olga = srv.guild.add_member(srv.env.create_user("olga"))
        assert olga.id == karl.id
        assert "There is no tournament 7." in answer(
            await olga.slash(srv.channel, "tournament join", tournament=7)
        )
