"""The command line: games, simulate, play at the terminal, rules, start (issue 2, part 7)."""

from __future__ import annotations

import json

import pytest

from games.core import register, unregister
from storage.sqlite import SqliteRepository
from tests.games.highcard import Highcard
from tischrunde.cli import TOKEN_HINT, main
from tischrunde.terminal import TerminalTable


def test_games_lists_registered_games_with_player_ranges(capsys):
    """`tischrunde games` lists every registered game with its player range."""
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "test-highcard" in out and "2-4" in out


def test_simulate_prints_figures_and_results_by_seat(capsys):
    """`tischrunde simulate` plays N checked games and reports decisions and results."""
    assert main(["simulate", "test-highcard", "--games", "30", "--players", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 30 and data["players"] == 3
    assert data["decisions"] == 30 * 3 * 2  # three players, two cards each
    assert [seat["games"] for seat in data["by_seat"]] == [30, 30, 30]
    assert sum(seat["wins"] + seat["shared_wins"] for seat in data["by_seat"]) >= 30
    assert data["decisions_per_second"] > 0


def test_simulate_rotates_engine_players_over_seats(capsys):
    """With --rotate every engine plays every seat; results are also given by engine."""
    args = ["simulate", "test-highcard", "--games", "10", "--engines", "random,random", "--rotate"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["by_engine"]["random"]["games"] == 20


class _LeakyHighcard(Highcard):
    id = "test-leaky"

    def view(self, state, seat):
        view = super().view(state, seat)
        view["all_hands"] = state["hands"]  # leaks every hand into every view
        return view


def test_simulate_exits_nonzero_when_a_check_fails(capsys):
    """A game that leaks hidden cards makes `simulate` fail with a non-zero exit."""
    register(_LeakyHighcard())
    try:
        assert main(["simulate", "test-leaky", "--games", "3"]) == 1
    finally:
        unregister("test-leaky")
    assert "hidden cards" in capsys.readouterr().err


def test_unknown_game_and_bad_option_are_one_clear_line(capsys):
    """Bad input at the command line: a clear message and exit status 2."""
    assert main(["simulate", "no-such-game"]) == 2
    assert "Unknown game" in capsys.readouterr().err
    assert main(["simulate", "test-highcard", "--option", "hand=9"]) == 2
    assert "hand" in capsys.readouterr().err


def test_rules_prints_a_page(capsys):
    """`tischrunde rules GAME` prints the game's rules page."""
    assert main(["rules", "test-highcard"]) == 0
    assert "High card" in capsys.readouterr().out


async def test_terminal_table_plays_to_the_end_against_engines():
    """A human at the terminal plays a whole game against engine players and sees the result."""
    repo = SqliteRepository(":memory:")
    await repo.open()
    lines: list[str] = []
    table = TerminalTable(repo, lang="en", read=lambda prompt: "1", write=lines.append)
    finished = await table.play(Highcard(), players=3, bots=2, seed=3, options={"hand": 2})
    await repo.close()
    assert finished is not None and finished.result() is not None
    assert "Final result:" in lines


async def _terminal_log(answers: list[str], lang: str) -> tuple[list[str], list[tuple[int, str]]]:
    """Play High card at the terminal, answering ``answers`` first and then "1" to the end."""
    repo = SqliteRepository(":memory:")
    await repo.open()
    lines: list[str] = []
    pending = list(answers)
    table = TerminalTable(
        repo,
        lang=lang,
        read=lambda prompt: pending.pop(0) if pending else "1",
        write=lines.append,
    )
    finished = await table.play(Highcard(), players=2, bots=1, seed=5, options={"hand": 2})
    assert finished is not None
    log = [(entry.seat, entry.code) for entry in await repo.log(finished.id)]
    await repo.close()
    return lines, log


@pytest.mark.parametrize(
    ("lang", "off_the_list", "help_text"),
    [
        ("en", "There are only the numbers 1 to 2.", "A number from the list plays that move"),
        ("de", "Es gibt nur die Nummern 1 bis 2.", "Eine Nummer aus der Liste wählt diesen Zug"),
    ],
)
async def test_terminal_answers_a_number_off_the_list_and_help_with_one_line_and_plays_nothing(
    lang: str, off_the_list: str, help_text: str
) -> None:
    """Bad input gets a clear answer and changes nothing: a number off the list is named as
    such (not refused as a move), "help" lists the options again, and the game then goes on
    exactly as if "1" had been the first answer.
    """
    lines, log = await _terminal_log(["9", "help", "1"], lang)
    plain_lines, plain_log = await _terminal_log([], lang)
    assert "⚠ " + off_the_list in lines
    assert any(line.startswith(help_text) for line in lines)
    # "help" listed the first decision's options once more than the plain game's screens.
    options_heading = "Your options:" if lang == "en" else "Deine Möglichkeiten:"
    assert lines.count(options_heading) == plain_lines.count(options_heading) + 1
    assert log == plain_log


async def _first_options(game_id: str, players: int, seed: int) -> list[str]:
    """The numbered options of the first human decision at the terminal (then it quits)."""
    from games.core import get_game

    repo = SqliteRepository(":memory:")
    await repo.open()
    lines: list[str] = []
    table = TerminalTable(repo, lang="en", read=lambda prompt: "q", write=lines.append)
    await table.play(get_game(game_id), players=players, bots=players - 1, seed=seed)
    await repo.close()
    start = lines.index("Your options:") + 1
    options = []
    for line in lines[start:]:
        number, _dot, label = line.strip().partition(". ")
        if not number.isdigit():
            break
        options.append(label)
    return options


async def test_terminal_lists_moves_in_the_bots_order_ending_last_and_asides_after() -> None:
    """The terminal orders a seat's moves as the bot lays them out (``action_rank``,
    ``select_groups``): in Catan the buys come before ending the turn, and setting a card aside,
    a move of no effect that the bot keeps in a select menu after the buttons, comes last.
    """
    options = await _first_options("catan-deckbuilding", 2, 3)
    buys = [index for index, label in enumerate(options) if label.startswith("Buy ")]
    ends = [index for index, label in enumerate(options) if label.startswith("End turn")]
    asides = [index for index, label in enumerate(options) if label.startswith("Set ")]
    assert buys and len(ends) == 1 and asides
    assert max(buys) < ends[0] < min(asides)


async def test_terminal_keeps_a_games_related_moves_together() -> None:
    """Gelfdrakkar's announcements are one group (``action_group``): the party's own
    announcement ("against Vernio") is listed beside the point limits, not after the cards.
    """
    options = await _first_options("gelfdrakkar", 5, 3)
    announcements = [index for index, label in enumerate(options) if label.startswith("Announce")]
    plays = [index for index, label in enumerate(options) if label.startswith("Play ")]
    assert len(announcements) >= 2 and plays
    assert announcements == list(range(announcements[0], announcements[0] + len(announcements)))
    assert max(announcements) < min(plays)


async def test_hot_seat_shows_each_player_only_their_own_hand():
    """Two humans at one screen: before each decision only the acting seat's hand is shown."""
    repo = SqliteRepository(":memory:")
    await repo.open()
    screens: list[list[str]] = [[]]

    def read(prompt: str) -> str:
        if "Pass the screen" in prompt:
            screens.append([])
            return ""
        return "1"

    table = TerminalTable(repo, lang="en", read=read, write=lambda line: screens[-1].append(line))
    game = Highcard()
    finished = await table.play(game, players=2, bots=0, seed=9, options={"hand": 2})
    assert finished is not None
    log = await repo.log(finished.id)
    await repo.close()
    state = game.initial_state(2, finished.options)
    turns = []
    for entry in log:
        if entry.seat >= 0:
            turns.append((state["hands"][entry.seat], state["hands"][1 - entry.seat]))
        state, _ = game.apply(state, entry.seat, entry.code)
    shown = [screen for screen in screens[1:] if screen]
    assert len(shown) == len(turns) == 4
    for screen, (own_hand, other_hand) in zip(shown, turns, strict=True):
        text = "\n".join(screen)
        assert f"'hand': {own_hand}" in text
        assert f"'hand': {other_hand}" not in text


def test_start_without_token_explains_in_one_line(monkeypatch, capsys):
    """Without a Discord token, start says in one line how to get one and offers the table."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir("/")  # no .env here
    monkeypatch.setattr("builtins.input", lambda prompt: (_ for _ in ()).throw(EOFError()))
    assert main(["start"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == TOKEN_HINT


def test_malformed_setting_stops_with_one_line_naming_it(monkeypatch, capsys):
    """A malformed setting stops start-up with one clear line naming it."""
    monkeypatch.setenv("TISCHRUNDE_DEFAULT_LANGUAGE", "fr")
    monkeypatch.chdir("/")
    assert main(["start"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "TISCHRUNDE_DEFAULT_LANGUAGE" in err[0]


@pytest.fixture(autouse=True)
def _no_token_from_the_environment(monkeypatch):
    monkeypatch.delenv("TISCHRUNDE_DISCORD_TOKEN", raising=False)


def test_bot_without_token_stops_with_one_line(monkeypatch, capsys):
    """`tischrunde bot` without DISCORD_TOKEN names the missing setting in one line (issue 4)."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir("/")
    assert main(["bot"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DISCORD_TOKEN" in err[0]


def test_simulate_prints_a_games_own_report(capsys):
    """`simulate` ends with the game's own figures: Coppertwaddle's balance check."""
    assert main(["simulate", "coppertwaddle", "--games", "3", "--engines", "strategy"]) == 0
    out = capsys.readouterr().out
    assert "First player wins:" in out and "Card most often in a winner's Domain" in out
    assert "different engine players" not in out


@pytest.mark.parametrize(
    ("lang", "note"), [("en", "different engine players"), ("de", "verschiedene Engine-Spieler")]
)
def test_simulate_says_the_balance_bounds_are_for_equal_players_when_the_seats_differ(
    capsys, lang, note
):
    """Coppertwaddle's balance verdict judges the ruling's bounds (first player 45-55%, draws
    at most 10%), which hold for equal players: with normal against random at the seats the
    report says its figures describe that pairing, in the language asked for."""
    argv = ["simulate", "coppertwaddle", "--games", "2", "--engines", "normal,random"]
    assert main([*argv, "--rotate", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert note in out


@pytest.mark.parametrize(
    ("argv", "env", "named"),
    [
        (["bot", "--shards", "4-9", "--shard-count", "8"], {}, "within 0-7"),
        (["bot", "--shards", "0-3"], {}, "go together"),
        (["bot", "--shard-count", "8"], {"TISCHRUNDE_SHARDS": "x"}, "ranges like 0-3"),
        (["bot"], {"TISCHRUNDE_SHARDS": "0-3"}, "go together"),
    ],
)
def test_bot_shard_range_out_of_place_stops_with_one_line(monkeypatch, capsys, argv, env, named):
    """`tischrunde bot --shards 0-3 --shard-count 8` (or TISCHRUNDE_SHARDS/_SHARD_COUNT; a
    flag replaces the variable) must name a range within the count, both given: otherwise
    one line says what is wrong, before anything connects (issue 17)."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("TISCHRUNDE_SHARD_COUNT", raising=False)
    monkeypatch.delenv("TISCHRUNDE_SHARDS", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir("/")
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "TISCHRUNDE_SHARD_COUNT" in err[0] and named in err[0]


def test_bot_shard_flags_replace_the_environment_and_then_need_the_token(monkeypatch, capsys):
    """A valid range from the flags, over a bad one in the environment, gets past the
    settings: the missing token is the one line then."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("TISCHRUNDE_SHARDS", "9")
    monkeypatch.setenv("TISCHRUNDE_SHARD_COUNT", "8")
    monkeypatch.chdir("/")
    assert main(["bot", "--shards", "4-7"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DISCORD_TOKEN" in err[0]
