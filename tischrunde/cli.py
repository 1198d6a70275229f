"""The ``tischrunde`` command: list games, play in the terminal, simulate, show rules, start."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

from games.core import SetupError, all_games, get_game
from games.core.conformance import ConformanceError
from settings import SettingsProblem, load_settings

TOKEN_HINT = (
    "No DISCORD_TOKEN set: create an application and bot at "
    "https://discord.com/developers/applications, copy its token into .env as DISCORD_TOKEN=... "
    "(see README); meanwhile, play at the terminal table below."
)


def _parse_option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"--option wants key=value, got {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(prog="tischrunde", description=__doc__)
    parser.add_argument("--lang", choices=["de", "en"], default=None, help="language of output")
    # --lang is also accepted after the subcommand; SUPPRESS keeps a value given before it.
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", choices=["de", "en"], default=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", required=True)

    def command(name: str, **kwargs: Any) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[lang], **kwargs)

    command("games", help="list the registered games")

    play = command("play", help="play a game at the terminal")
    play.add_argument("game")
    play.add_argument("--players", type=int, default=None, help="seats (default: the minimum)")
    play.add_argument("--bots", type=int, default=None, help="engine seats (default: all but one)")
    play.add_argument(
        "--engine",
        "--level",
        dest="engine",
        default="normal",
        help="engine level of the bot seats: easy, normal or strong (or random)",
    )
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--option", action="append", type=_parse_option, default=[])
    play.add_argument(
        "--db", default=":memory:", help="SQLite file (or database URL) to keep the table in"
    )

    simulate = command("simulate", help="play checked games between engine players")
    simulate.add_argument("game")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--players", type=int, default=None)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--option", action="append", type=_parse_option, default=[])
    simulate.add_argument(
        "--engines",
        default="random",
        help="engine players seat by seat, comma-separated: easy, normal, strong or random",
    )
    simulate.add_argument("--rotate", action="store_true", help="rotate engines over the seats")
    simulate.add_argument("--json", action="store_true", help="print JSON")

    rules = command("rules", help="show a game's rules page")
    rules.add_argument("game")

    db = command("db", help="database tools")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    copy = db_sub.add_parser("copy", help="copy a whole database into a new, empty one")
    copy.add_argument("--from", dest="source", required=True, help="sqlite:///old.sqlite3")
    copy.add_argument("--to", dest="target", required=True, help="postgresql://user:pass@host/db")

    command("start", help="start the bot, or the terminal table without a token")
    bot = command("bot", help="start the Discord bot")
    bot.add_argument(
        "--shards",
        default=None,
        help="this process's shards, e.g. 0-3 (with --shard-count; TISCHRUNDE_SHARDS)",
    )
    bot.add_argument(
        "--shard-count",
        type=int,
        default=None,
        help="shards across all processes (TISCHRUNDE_SHARD_COUNT)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    lang = args.lang or "en"
    try:
        if args.command == "games":
            return _games(lang)
        if args.command == "rules":
            from tables.rules import rules_page

            print(rules_page(get_game(args.game), lang))
            return 0
        if args.command == "simulate":
            return _simulate(args, lang)
        if args.command == "play":
            return asyncio.run(_play(args, lang))
        if args.command == "bot":
            return _bot(args.shards, args.shard_count)
        if args.command == "db":
            return asyncio.run(_db_copy(args.source, args.target))
        if args.command == "start":
            return _start(args, lang)
    except SetupError as error:
        print(error.reason.get(lang), file=sys.stderr)
        return 2
    except SettingsProblem as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`tischrunde rules x | head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 2


def _games(lang: str) -> int:
    for game in all_games():
        print(f"{game.id:<22} {game.name.get(lang):<40} {game.min_players}-{game.max_players}")
    return 0


def _simulate(args: argparse.Namespace, lang: str) -> int:
    from .simulate import format_simulation, simulate

    game = get_game(args.game)
    players = args.players or game.min_players
    options = game.parse_options(players, dict(args.option))
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    try:
        sim = simulate(
            game,
            games=args.games,
            players=players,
            options=options,
            seed=args.seed,
            engines=[name.strip() for name in args.engines.split(",") if name.strip()],
            rotate=args.rotate,
            lang=lang,
        )
    except ValueError as error:
        print(str(error), file=sys.stderr)
        return 2
    except ConformanceError as error:
        print(f"CHECK FAILED: {error}", file=sys.stderr)
        return 1
    print(json.dumps(sim.as_dict(), indent=2) if args.json else format_simulation(sim))
    return 0


async def _play(args: argparse.Namespace, lang: str) -> int:
    from storage import open_repository

    from .terminal import TerminalTable

    game = get_game(args.game)
    players = args.players or game.min_players
    bots = players - 1 if args.bots is None else args.bots
    if not 0 <= bots < players:
        print("--bots must leave at least one human seat", file=sys.stderr)
        return 2
    options = dict(args.option)
    game.parse_options(players, options)
    # A bare path is a SQLite file (as before); a URL may name PostgreSQL too.
    repo = open_repository(args.db if "://" in args.db else f"sqlite:///{args.db}")
    await repo.open()
    try:
        table = TerminalTable(repo, lang=lang)
        await table.play(
            game, players=players, bots=bots, seed=args.seed, options=options, engine=args.engine
        )
    except EOFError:
        return 0
    finally:
        await repo.close()
    return 0


async def _db_copy(source_url: str, target_url: str) -> int:
    """Copy every table, then check every game table's replay on the target; 2 if refused,
    1 if the check found a difference.
    """
    from storage import open_repository
    from storage.copy import CopyRefused, copy_database
    from tables.replays import check_replays

    try:
        source, target = open_repository(source_url), open_repository(target_url)
    except ValueError as error:
        print(str(error), file=sys.stderr)
        return 2
    if source_url == target_url:
        print("--from and --to name the same database", file=sys.stderr)
        return 2
    async with source, target:
        try:
            report = await copy_database(source, target, check_replays, progress=print)
        except CopyRefused as error:
            print(f"refused: {error}", file=sys.stderr)
            return 2
    total = sum(report.rows.values())
    print(f"copied {total} rows in {len(report.rows)} tables; {report.replayed} game tables replay")
    if report.mismatches:
        for line in report.mismatches:
            print(f"MISMATCH {line}", file=sys.stderr)
        return 1
    print("every snapshot equals the replay of its log")
    return 0


def _start(args: argparse.Namespace, lang: str) -> int:
    settings = load_settings()
    lang = args.lang or settings.default_language
    if settings.discord_token is not None:
        return _bot()
    print(TOKEN_HINT)
    return asyncio.run(_menu(lang))


def _bot(shards: str | None = None, shard_count: int | None = None) -> int:
    """Run the Discord bot until it is stopped (``bot.run``); imported here so the terminal
    commands start without loading discord.py.
    """
    from bot.run import run

    return run(shards, shard_count)


async def _menu(lang: str) -> int:
    games = all_games()
    for number, game in enumerate(games, 1):
        print(f"{number}. {game.name.get(lang)} ({game.min_players}-{game.max_players})")
    prompt = "Spiel wählen (Nummer): " if lang == "de" else "Choose a game (number): "
    try:
        answer = input(prompt).strip()
    except EOFError:
        return 0
    if not answer.isdigit() or not 1 <= int(answer) <= len(games):
        return 0
    game = games[int(answer) - 1]
    namespace = argparse.Namespace(
        game=game.id,
        players=None,
        bots=None,
        engine="normal",
        seed=None,
        option=[],
        db=":memory:",
    )
    return await _play(namespace, lang)
