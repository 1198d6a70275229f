"""What the bot shows: embeds from a game's ``render`` and the components for a seat's actions.

Nothing here decides a rule. Public embeds are built only from ``view(state, None)`` and from
events addressed to everyone; a seat's private embed only from ``view(state, seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

import discord

from games.core import Event, Text, decode
from games.players.search import DEFAULT_LEVEL, LEVEL_NAMES
from tables.clocks import format_duration
from tables.metadata import TableStatus
from tables.service import Table

from . import i18n
from .custom_ids import HANDOVER_KIND, ComponentKind, custom_id

BUTTONS_PER_ROW = 5
ACTION_ROWS_PER_PAGE = 4
"""A message holds 5 rows; one stays free for paging and refreshing."""
OPTIONS_PER_SELECT = 25
BUTTON_LABEL_MAX = 80
OPTION_TEXT_MAX = 100
DESCRIPTION_MAX = 4000
FIELD_MAX = 1000
COLOUR = discord.Colour.dark_green()


# ----- text helpers --------------------------------------------------------------------------


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def block(text: str, limit: int = DESCRIPTION_MAX) -> str:
    """A game's plain-text rendering as a code block (monospace keeps its columns)."""
    return "```\n" + clip(text.replace("```", "'''"), limit - 8) + "\n```"


def game_name(table: Table, lang: str) -> str:
    """The table's game in ``lang``."""
    return table.game.name.get(lang)


def seat_names(table: Table) -> list[str]:
    """The seats' display names for a game's words in code blocks, pictures and labels (stored
    with mentions already defused when the player sat down; markdown shows as typed there).
    """
    return table.seat_names()


def markdown_names(table: Table) -> list[str]:
    """The seats' display names for lines Discord renders as markdown (the log, the results):
    a name like ``*x*`` or ``a_b_c`` reads as written instead of changing the post.
    """
    return [discord.utils.escape_markdown(name) for name in seat_names(table)]


def waiting_names(table: Table) -> list[str]:
    """Display names (mentions for members) of the seats the table waits for."""
    return [f"<@{seat.user_id}>" if seat.user_id else seat.name for seat in table.waiting_for()]


def thread_link(table: Table) -> str | None:
    """A link to the table's thread, once it has one."""
    place = table.place
    if place.thread and place.guild:
        return f"https://discord.com/channels/{place.guild}/{place.thread}"
    return None


# ----- the lobby -----------------------------------------------------------------------------


def lobby_embed(table: Table, lang: str) -> discord.Embed:
    """The lobby: game, host, seats and options, and what happens next."""
    game = table.game
    embed = discord.Embed(
        title=i18n.LOBBY_TITLE.format(id=table.id, game=game.name.get(lang)).get(lang),
        description=game.summary.get(lang) or None,
        colour=COLOUR,
    )
    seats = "\n".join(
        f"{seat.seat + 1}. " + (f"<@{seat.user_id}>" if seat.user_id else seat.name)
        for seat in table.seats
    )
    embed.add_field(
        name=i18n.LOBBY_SEATS.format(n=len(table.seats), max=game.max_players).get(lang),
        value=seats or "-",
        inline=False,
    )
    options = table.options.model_dump(mode="json")
    if options:
        text = " ".join(f"{key}={value}" for key, value in options.items())
        embed.add_field(name=i18n.LOBBY_OPTIONS.get(lang), value=clip(text, FIELD_MAX))
    clock = table.clock
    if clock is not None and clock.per_move is not None:
        embed.add_field(
            name=i18n.CLOCK_FIELD.get(lang),
            value=i18n.CLOCK_SETTING.format(
                per_move=format_duration(clock.per_move, lang),
                action=i18n.ON_TIMEOUT[clock.on_timeout].get(lang),
            ).get(lang),
        )
    if table.status == TableStatus.CANCELLED:
        embed.set_footer(text=i18n.STATUS_CANCELLED.get(lang))
    elif table.status != TableStatus.LOBBY:
        thread = table.place.thread
        where = f"<#{thread}>" if thread else "-"
        embed.add_field(
            name="\u200b", value=i18n.STATUS_STARTED.format(thread=where).get(lang), inline=False
        )
    else:
        embed.set_footer(text=i18n.LOBBY_WAITING.format(min=game.min_players).get(lang))
    return embed


def lobby_view(table: Table, lang: str) -> discord.ui.View | None:
    """Join, Leave, Add engine, Start and Cancel, while the table is in the lobby."""
    from .components import TableComponent

    if table.status != TableStatus.LOBBY:
        return None
    view = discord.ui.View(timeout=None)
    buttons = (
        (ComponentKind.JOIN, i18n.JOIN, discord.ButtonStyle.success),
        (ComponentKind.LEAVE, i18n.LEAVE, discord.ButtonStyle.secondary),
        (ComponentKind.ENGINE, i18n.ADD_ENGINE, discord.ButtonStyle.secondary),
        (ComponentKind.START, i18n.START, discord.ButtonStyle.primary),
        (ComponentKind.CANCEL, i18n.CANCEL, discord.ButtonStyle.danger),
    )
    for kind, label, style in buttons:
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label.get(lang), style=style, custom_id=custom_id(kind, table.id)
        )
        view.add_item(TableComponent(button))
    return view


def engine_level_view(table_id: int, levels: list[str], lang: str) -> discord.ui.View:
    """One button per engine level the game offers (the Add engine button's choice)."""
    from .components import TableComponent

    view = discord.ui.View(timeout=None)
    for level in levels:
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=LEVEL_NAMES[level].get(lang),
            style=discord.ButtonStyle.primary
            if level == DEFAULT_LEVEL
            else discord.ButtonStyle.secondary,
            custom_id=custom_id(ComponentKind.ENGINE_LEVEL, table_id, level),
        )
        view.add_item(TableComponent(button))
    return view


def handover_view(table_id: int, request_id: int, lang: str) -> discord.ui.View:
    """Accept and Decline under a request to take over a seat (only its addressee may answer)."""
    from .components import TableComponent

    view = discord.ui.View(timeout=None)
    for answer, label, style in (
        ("y", i18n.ACCEPT, discord.ButtonStyle.success),
        ("n", i18n.DECLINE, discord.ButtonStyle.secondary),
    ):
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label.get(lang),
            style=style,
            custom_id=custom_id(HANDOVER_KIND, table_id, request_id, answer),
        )
        view.add_item(TableComponent(button))
    return view


# ----- the public table ----------------------------------------------------------------------


def table_title(table: Table, lang: str) -> str:
    """The public post's title: the table, and where the game stands in its own count (the
    same count the body shows, "Zug 13/150" or "Hand 3/10"), never the number of stored steps.
    """
    progress = None
    if table.status == TableStatus.ACTIVE:
        progress = table.game.progress(table.view(None), lang)
    if progress:
        return i18n.TURN_TITLE.format(id=table.id, progress=progress).get(lang)
    return i18n.TABLE_TITLE.format(id=table.id, game=game_name(table, lang)).get(lang)


def result_lines(table: Table, lang: str) -> list[str]:
    """The final ranking with the scores as the game counts them, and why a draw is one."""
    result = table.result()
    if result is None or table.state is None:
        return []
    standings = sorted(range(len(result.ranks)), key=lambda seat: result.ranks[seat])
    names = markdown_names(table)
    state = table.state
    lines = [
        i18n.RESULT_LINE.format(
            rank=result.ranks[seat],
            name=names[seat] if seat < len(names) else table.seat_name(seat),
            score=table.game.score_text(state, result, seat, lang),
        ).get(lang)
        for seat in standings
    ]
    note = table.game.result_note(state, result, lang, names)
    return [*lines, note] if note else lines


def public_lines(table: Table, events: list[Event], lang: str) -> list[str]:
    """The log lines of ``events`` everyone may read (events addressed to one seat are left out)."""
    return [describe_public(table, event, lang) for event in events if event.to is None]


def describe_public(table: Table, event: Event, lang: str) -> str:
    """One public log line; a forfeit (the contract's own event) is worded here."""
    if event.kind == "forfeit":
        name = discord.utils.escape_markdown(table.seat_name(int(event.data.get("seat", -1))))
        return i18n.FORFEIT_LINE.format(name=name).get(lang)
    return table.game.describe_event(event, lang, markdown_names(table))


def table_embed(
    table: Table, lang: str, events: list[Event] | None = None, *, clock: str | None = None
) -> discord.Embed:
    """The public state of the table: the game's rendering of the public view, the public log of
    the last move, and who is to act (or the result); ``clock`` is the clocks' text.
    """
    embed = discord.Embed(
        title=table_title(table, lang),
        description=block(table.game.render(table.view(None), lang, seat_names(table))),
        colour=COLOUR,
    )
    lines = public_lines(table, events or [], lang)
    if lines:
        embed.add_field(
            name=i18n.LOG.get(lang), value=clip("\n".join(lines), FIELD_MAX), inline=False
        )
    results = result_lines(table, lang) if table.status == TableStatus.FINISHED else []
    if results:
        text = "\n".join(results)
        embed.add_field(name=i18n.GAME_OVER.get(lang), value=clip(text, FIELD_MAX), inline=False)
    elif table.status == TableStatus.ACTIVE:
        who = ", ".join(waiting_names(table)) or "-"
        embed.add_field(name="\u200b", value=i18n.WAITING_FOR.format(who=who).get(lang))
        if clock:
            embed.add_field(
                name=i18n.CLOCK_FIELD.get(lang), value=clip(clock, FIELD_MAX), inline=False
            )
    return embed


def hand_button_view(table: Table) -> discord.ui.View | None:
    """The bilingual "My hand / Mein Blatt" button under a public table message."""
    from .components import TableComponent

    if table.status != TableStatus.ACTIVE:
        return None
    view = discord.ui.View(timeout=None)
    button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=i18n.HAND_BUTTON,
        style=discord.ButtonStyle.primary,
        custom_id=custom_id(ComponentKind.HAND, table.id),
    )
    view.add_item(TableComponent(button))
    watch: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=i18n.WATCH_BUTTON,
        style=discord.ButtonStyle.secondary,
        custom_id=custom_id(ComponentKind.WATCH, table.id),
    )
    view.add_item(TableComponent(watch))
    return view


# ----- a seat's private hand -----------------------------------------------------------------


def hand_embed(table: Table, seat: int, lang: str, *, with_public: bool = False) -> discord.Embed:
    """What ``seat`` may see, in its language; ``with_public`` adds whose turn it is (DMs)."""
    embed = discord.Embed(
        title=i18n.HAND_TITLE.format(id=table.id).get(lang),
        description=block(table.game.render(table.view(seat), lang, seat_names(table))),
        colour=COLOUR,
    )
    if table.status == TableStatus.ACTIVE:
        mine = seat in table.to_act()
        embed.add_field(
            name="\u200b", value=(i18n.YOUR_MOVE if mine else i18n.NOT_YOUR_MOVE).get(lang)
        )
    elif table.status == TableStatus.FINISHED:
        embed.add_field(name="\u200b", value=i18n.GAME_OVER.get(lang))
    if with_public and table.status == TableStatus.ACTIVE:
        # Whose turn it is, not the public table again: the seat's own view already holds
        # everything the public one shows, and a second copy is a long scroll on a phone.
        who = ", ".join(waiting_names(table)) or "-"
        embed.add_field(name="\u200b", value=i18n.WAITING_FOR.format(who=who).get(lang))
    return embed


@dataclass
class ActionRow:
    """One row of a seat's actions: up to five buttons, or one select menu of one group."""

    codes: list[str]
    group: str | None = None
    """Set for a select menu (the action group it offers)."""
    prompt: Text | None = None
    """The select menu's placeholder where the game names it (``Game.select_groups``)."""


def action_rows(table: Table, seat: int) -> list[ActionRow]:
    """The seat's legal actions laid out in rows: buttons when few, one select per group else.

    The game's ``select_groups`` are always one select menu each, after the rest, and buttons
    follow the game's ``action_rank`` (the moves that matter first).
    """
    assert table.state is not None
    game, state = table.game, table.state
    codes = table.legal_actions(seat)
    groups = table.action_groups(seat)
    folded = game.select_groups(state, seat)
    menus: list[ActionRow] = []
    if folded:
        for group, prompt in folded.items():
            offered = [code for code in codes if groups[code] == group]
            for start in range(0, len(offered), OPTIONS_PER_SELECT):
                menus.append(ActionRow(offered[start : start + OPTIONS_PER_SELECT], group, prompt))
        codes = [code for code in codes if groups[code] not in folded]
    codes = sorted(codes, key=lambda code: game.action_rank(state, seat, code))
    if len(codes) <= BUTTONS_PER_ROW * max(0, ACTION_ROWS_PER_PAGE - len(menus)):
        return [
            ActionRow(codes[start : start + BUTTONS_PER_ROW])
            for start in range(0, len(codes), BUTTONS_PER_ROW)
        ] + menus
    rows = []
    keyed = sorted(enumerate(codes), key=lambda item: (groups[item[1]], item[0]))
    singles: list[str] = []
    for group, members in groupby(keyed, key=lambda item: groups[item[1]]):
        group_codes = [code for _index, code in members]
        if len(group_codes) == 1:
            # A menu with one choice is a button: nothing to choose, one click less.
            singles.extend(group_codes)
            continue
        for start in range(0, len(group_codes), OPTIONS_PER_SELECT):
            rows.append(ActionRow(group_codes[start : start + OPTIONS_PER_SELECT], group))
    rows.extend(
        ActionRow(singles[start : start + BUTTONS_PER_ROW])
        for start in range(0, len(singles), BUTTONS_PER_ROW)
    )
    return rows + menus


def hand_view(table: Table, seat: int, lang: str, page: int = 0) -> tuple[discord.ui.View, int]:
    """The components of ``seat``'s private answer: its actions on page ``page`` and paging.

    Every custom_id carries the table's state number, so a click on an old answer is refused
    as stale and nothing changes.
    """
    from .components import TableComponent

    view = discord.ui.View(timeout=None)
    rows = action_rows(table, seat) if table.status == TableStatus.ACTIVE else []
    pages = max(1, -(-len(rows) // ACTION_ROWS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    state = table.state or {}  # None only outside play, where there are no rows
    names = seat_names(table)
    for row_number, row in enumerate(
        rows[page * ACTION_ROWS_PER_PAGE : (page + 1) * ACTION_ROWS_PER_PAGE]
    ):
        if row.group is None:
            for code in row.codes:
                label = table.game.action_label(state, seat, code, lang, names)
                button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
                    label=clip(label, BUTTON_LABEL_MAX),
                    style=discord.ButtonStyle.success,
                    custom_id=custom_id(ComponentKind.ACT, table.id, table.seq, code),
                    row=row_number,
                )
                view.add_item(TableComponent(button))
        else:
            index = page * ACTION_ROWS_PER_PAGE + row_number
            select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id=custom_id(ComponentKind.SELECT, table.id, table.seq, index),
                placeholder=clip(
                    row.prompt.get(lang)
                    if row.prompt
                    else table.game.group_label(state, seat, row.group, lang),
                    OPTION_TEXT_MAX,
                ),
                options=[
                    discord.SelectOption(
                        label=clip(table.game.action_label(state, seat, code, lang, names), 100),
                        value=code,
                    )
                    for code in row.codes
                ],
                row=row_number,
            )
            view.add_item(TableComponent(select))
    nav_row = ACTION_ROWS_PER_PAGE
    if pages > 1:
        for target, caption in ((page - 1, i18n.PREVIOUS), (page + 1, i18n.NEXT)):
            button = discord.ui.Button(
                label=caption.get(lang),
                style=discord.ButtonStyle.secondary,
                custom_id=custom_id(ComponentKind.PAGE, table.id, table.seq, target),
                disabled=not 0 <= target < pages,
                row=nav_row,
            )
            view.add_item(TableComponent(button))
    for template in amount_templates(table, seat)[:2]:
        verb = decode(template)[0]
        button = discord.ui.Button(
            label=clip(table.game.amount_label(verb, lang), BUTTON_LABEL_MAX),
            style=discord.ButtonStyle.secondary,
            custom_id=custom_id(ComponentKind.AMOUNT, table.id, table.seq, template),
            row=nav_row,
        )
        view.add_item(TableComponent(button))
    if table.status == TableStatus.ACTIVE:
        button = discord.ui.Button(
            label=i18n.REFRESH.get(lang),
            style=discord.ButtonStyle.secondary,
            custom_id=custom_id(ComponentKind.HAND, table.id),
            row=nav_row,
        )
        view.add_item(TableComponent(button))
    return view, pages


def amount_templates(table: Table, seat: int) -> list[str]:
    """One listed code per open verb (a bet, a raise) whose amount the player may type instead."""
    if table.status != TableStatus.ACTIVE or not table.game.open_verbs:
        return []
    templates: dict[str, str] = {}
    for code in table.legal_actions(seat):
        verb, args = decode(code)
        if verb in table.game.open_verbs and args and isinstance(args[-1], int):
            templates.setdefault(verb, code)
    return list(templates.values())
