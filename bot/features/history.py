"""``/table history`` and ``/table replay`` (issue 20): finished tables and paged replays.

A replay is answered privately, one step per page with its picture, and paged by persistent
buttons (``ReplayButton``, custom_id ``rp:<button>:<table>:<step>:<user>``) that work after a
restart with nothing kept in memory. The page is rebuilt from the stored log at every click
(``tables.history``) for the member who clicks: the public view, and their own seat's view when
they hold a seat at that table, never another seat's. A click by anyone but the member the
replay was made for answers privately and changes nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from games.core import CHANCE, Text
from pictures import picture
from tables.history import HistoryLine, ReplayPage
from tables.limits import ascii_number, valid_id
from tables.service import TableError

from .. import i18n
from ..display import flat
from ..images import paint

if TYPE_CHECKING:
    from ..app import TischrundeBot

HISTORY_TITLE = Text("Beendete Tische von {name}", "Finished tables of {name}")
HISTORY_NONE = Text(
    "{name} hat hier noch keinen Tisch zu Ende gespielt.",
    "{name} has not finished a table here yet.",
)
HISTORY_LINE = Text(
    "**Tisch {id}** · {game} · {when} · Platz {place} von {seats}\n{players}",
    "**Table {id}** · {game} · {when} · place {place} of {seats}\n{players}",
)
HISTORY_FOOTER = Text(
    "Nachspielen: /tisch nachspielen tisch:<Nummer>", "Replay one: /table replay table:<number>"
)
REPLAY_TITLE = Text(
    "Tisch {id} · {game} · Schritt {step}/{steps}", "Table {id} · {game} · step {step}/{steps}"
)
REPLAY_START = Text("Der Tisch vor dem ersten Zug.", "The table before the first move.")
REPLAY_CHANCE = Text("Der Zufall (Mischen, Würfel):", "Chance (shuffle, dice):")
REPLAY_ACTOR = Text("{name} war dran:", "{name} acted:")
REPLAY_NOTHING_SHOWN = Text("(nichts, was du sehen durftest)", "(nothing you were allowed to see)")
REPLAY_OWN = Text(
    "Du siehst den öffentlichen Tisch und deine eigenen Karten (Platz {seat}).",
    "You see the public table and your own cards (seat {seat}).",
)
REPLAY_PUBLIC = Text(
    "Du siehst, was öffentlich war: keine verdeckten Karten.",
    "You see what was public: no hidden cards.",
)
REPLAY_NOT_YOURS = Text(
    "Diese Wiederholung gehört jemand anderem; starte deine eigene mit /table replay.",
    "This replay belongs to someone else; start your own with /table replay.",
)
FIRST = Text("Anfang", "First")
BACK = Text("Zurück", "Back")
NEXT = Text("Weiter", "Next")
LAST = Text("Ende", "Last")

BUTTONS = ("f", "b", "n", "l")
"""First, back, next, last: each button's own letter keeps the custom_ids of one page apart."""


def _when(at: float) -> str:
    return f"<t:{int(at)}:d>"


def _players(line: HistoryLine, lang: str) -> str:
    order = sorted(range(len(line.names)), key=lambda seat: (line.ranks[seat], seat))
    return " · ".join(
        f"{line.ranks[seat]}. {line.names[seat]} ({line.scores[seat]:g})" for seat in order
    )


def history_embed(lines: list[HistoryLine], name: str, lang: str) -> discord.Embed:
    """The finished tables, newest first, each with its placings and scores."""
    embed = discord.Embed(title=HISTORY_TITLE.format(name=name).get(lang)[:256])
    if not lines:
        embed.description = HISTORY_NONE.format(name=name).get(lang)
        return embed
    parts = [
        HISTORY_LINE.format(
            id=line.table_id,
            game=line.game.name.get(lang),
            when=_when(line.finished_at),
            place=line.place,
            seats=len(line.names),
            players=_players(line, lang),
        ).get(lang)
        for line in lines
    ]
    embed.description = "\n\n".join(parts)[:4000]
    embed.set_footer(text=HISTORY_FOOTER.get(lang))
    return embed


async def show_history(
    bot: TischrundeBot,
    interaction: discord.Interaction,
    member: discord.abc.User | None,
    game: str | None,
) -> None:
    """``/table history [member] [game]``: a member's (default: your own) finished tables on
    this server, privately.
    """
    lang = await bot.language(interaction)
    if interaction.guild_id is None:
        raise TableError(i18n.GUILD_ONLY)
    whom = member or interaction.user
    lines = await bot.history.history(str(interaction.guild_id), str(whom.id), game)
    name = discord.utils.escape_mentions(whom.display_name)
    await bot.flows.reply(interaction, embed=history_embed(lines, name, lang))


def replay_embed(page: ReplayPage, lang: str) -> discord.Embed:
    """A step's text: who acted, what the viewer may see of it, and the table in words."""
    table, game = page.table, page.table.game
    embed = discord.Embed(
        title=REPLAY_TITLE.format(
            id=table.id, game=game.name.get(lang), step=page.step, steps=page.steps
        ).get(lang)[:256]
    )
    lines = []
    if page.actor is None:
        lines.append(REPLAY_START.get(lang))
    else:
        head = (
            REPLAY_CHANCE
            if page.actor == CHANCE
            else REPLAY_ACTOR.format(name=table.seat_name(page.actor))
        )
        lines.append(f"**{head.get(lang)}**")
        described = [game.describe_event(event, lang) for event in page.events]
        lines.extend(f"- {text}" for text in described if text)
        if not any(described):
            lines.append(REPLAY_NOTHING_SHOWN.get(lang))
    lines.append("")
    lines.append(game.render(page.view, lang))
    embed.description = "\n".join(lines)[:4000]
    seen = (REPLAY_PUBLIC if page.seat is None else REPLAY_OWN.format(seat=page.seat + 1)).get(lang)
    embed.set_footer(text=seen)
    return embed


def replay_buttons(page: ReplayPage, user_id: int, lang: str) -> discord.ui.View:
    """First, back, next and last, each carrying the step it goes to and who may page."""
    view = discord.ui.View(timeout=None)
    targets = (0, page.step - 1, page.step + 1, page.steps)
    labels = (FIRST, BACK, NEXT, LAST)
    for letter, target, label in zip(BUTTONS, targets, labels, strict=True):
        still = target == page.step or target < 0 or target > page.steps
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label.get(lang),
            style=discord.ButtonStyle.secondary,
            custom_id=f"rp:{letter}:{page.table.id}:{max(target, 0)}:{user_id}",
            disabled=still,
        )
        view.add_item(ReplayButton(button, (letter, page.table.id, max(target, 0), user_id)))
    return view


REPLAY_ALT = Text(
    "Bild der Wiederholung von Tisch {id} ({game}), Schritt {step}/{steps}: {board}",
    "Picture of the replay of table {id} ({game}), step {step}/{steps}: {board}",
)


async def replay_message(
    bot: TischrundeBot, page: ReplayPage, user_id: int, lang: str
) -> dict[str, Any]:
    """The message of one replay page: embed, picture and buttons."""
    embed = replay_embed(page, lang)
    table = page.table
    names = [table.seat_name(seat) for seat in range(len(table.seats))]
    view = page.view
    board = flat(table.game.render(view, lang, names))
    description = REPLAY_ALT.format(
        id=table.id,
        game=table.game.name.get(lang),
        step=page.step,
        steps=page.steps,
        board=board,
    ).get(lang)
    files = await paint(
        bot,
        lambda: picture(table.game, view, lang, names),
        f"replay-{table.id}-{page.step}.png",
        embed,
        description=description,
        guild_id=table.place.guild,
        user_id=str(user_id),
    )
    return {"embed": embed, "view": replay_buttons(page, user_id, lang), "files": files}


async def show_replay(
    bot: TischrundeBot, interaction: discord.Interaction, table_id: int, step: int | None = None
) -> None:
    """``/table replay table:<n>``: the replay's last step, privately, with paging buttons."""
    lang = await bot.language(interaction)
    if interaction.guild_id is None:
        raise TableError(i18n.GUILD_ONLY)
    page = await bot.history.replay_page(
        table_id, str(interaction.guild_id), str(interaction.user.id), step
    )
    await bot.flows.reply(interaction, **await replay_message(bot, page, interaction.user.id, lang))


def parse_replay_id(custom_id: str) -> tuple[str, int, int, int] | None:
    """(button, table, step, user) of a replay button's custom_id; None if malformed."""
    parts = custom_id.split(":")
    if len(parts) != 5 or parts[0] != "rp" or parts[1] not in BUTTONS:
        return None
    table, step, user = ascii_number(parts[2]), ascii_number(parts[3]), ascii_number(parts[4])
    if table is None or step is None or user is None or not valid_id(table):
        return None
    return parts[1], table, step, user


class ReplayButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"rp:(?P<body>.*)"):
    """A replay's paging button (first, back, next, last), persistent across restarts."""

    def __init__(
        self, item: discord.ui.Item[Any], parsed: tuple[str, int, int, int] | None = None
    ) -> None:
        super().__init__(item)
        self.parsed = parsed

    @property  # type: ignore[misc]
    def custom_id(self) -> str:
        """The wrapped item's custom_id."""
        return self.item.custom_id  # type: ignore[attr-defined, no-any-return]

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ReplayButton:
        """Rebuild from the custom_id; never raises (a malformed one is answered on click)."""
        return cls(item, parse_replay_id(f"rp:{match['body']}"))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Show the step the button names, in place, to the member the replay is for."""
        bot: TischrundeBot = interaction.client  # type: ignore[assignment]
        await bot.guarded(interaction, self._page(bot, interaction))

    async def _page(self, bot: TischrundeBot, interaction: discord.Interaction) -> None:
        lang = await bot.language(interaction)
        if self.parsed is None or interaction.guild_id is None:
            await bot.flows.reply(interaction, i18n.MALFORMED_COMPONENT.get(lang))
            return
        _letter, table_id, step, owner = self.parsed
        if interaction.user.id != owner:
            await bot.flows.reply(interaction, REPLAY_NOT_YOURS.get(lang))
            return
        page = await bot.history.replay_page(
            table_id, str(interaction.guild_id), str(interaction.user.id), step
        )
        message = await replay_message(bot, page, owner, lang)
        clicked = interaction.message
        if clicked is not None and clicked.flags.ephemeral:
            files = message.pop("files")
            await interaction.response.edit_message(**message, attachments=files)
        else:
            # Only a private message may show a seat's cards: a replay button on any other
            # message gets a private answer, and that message stays as it is.
            await bot.flows.reply(interaction, **message)
