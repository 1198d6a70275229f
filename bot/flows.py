"""What happens on a command or a click: lobby, start, moves, hands, publishing a turn.

Slash commands and components both call these, so a move made from a DM, from an ephemeral
hand or by a command takes the same path. Every refusal is a ``TableError`` raised before
anything changes; the bot's one error handler answers it privately.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from games.core import Event, IllegalAction, decode, encode
from storage import ACTIVE, LOBBY
from tables import messages as service_messages
from tables.clocks import DEFAULT_PER_MOVE, ClockError, format_duration, parse_duration
from tables.limits import MAX_AMOUNT, ascii_number
from tables.service import Member, Table, TableError, TableService, not_a_player

from . import i18n, outbox
from .images import attach
from .render import (
    clip,
    hand_button_view,
    hand_embed,
    hand_view,
    lobby_embed,
    lobby_view,
    table_embed,
    thread_link,
)

if TYPE_CHECKING:
    from .app import TischrundeBot

log = logging.getLogger(__name__)


def member_of(interaction: discord.Interaction) -> Member:
    """The person behind an interaction, as the table service knows people."""
    return as_member(interaction.user)


def as_member(user: discord.abc.User) -> Member:
    """A Discord user as the table service knows people. The name is stored and later shown in
    posts that may ping the players they concern, so a name that spells a mention
    ("<@id>", "@everyone") is defused here, once, and pings nobody wherever it appears.
    """
    return Member(str(user.id), discord.utils.escape_mentions(user.display_name))


def public_language(table: Table) -> str:
    """The language of the table's public messages (the server's when it was opened)."""
    return str(table.record.settings.get("lang", "en"))


def parse_options(text: str | None) -> dict[str, Any]:
    """``"hand=3 name=x"`` as a dict; values that read as JSON (numbers, true) are converted.

    The game's options model validates the result; this only splits the text.
    """
    import json

    options: dict[str, Any] = {}
    for part in (text or "").split():
        key, sep, raw = part.partition("=")
        if not sep or not key or not raw:
            raise TableError(i18n.BAD_OPTIONS_SYNTAX.format(text=part[:50]))
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


class TableFlows:
    """The table flows of the bot (one instance, owned by the bot)."""

    def __init__(self, bot: TischrundeBot) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        """The table service (created in the bot's setup_hook)."""
        return self.bot.service

    # ----- answering -------------------------------------------------------------------------

    async def reply(
        self,
        interaction: discord.Interaction,
        content: str | None = None,
        **message: Any,
    ) -> None:
        """A private answer: the interaction's response, or a follow-up if it was answered."""
        if interaction.response.is_done():
            # discord.py sends no text for None, though its signature names only str.
            await interaction.followup.send(content, ephemeral=True, **message)  # type: ignore[arg-type]
        else:
            await interaction.response.send_message(content, ephemeral=True, **message)

    async def _private_hand(
        self,
        interaction: discord.Interaction,
        table: Table,
        seat: int,
        lang: str,
        *,
        content: str | None = None,
        page: int = 0,
        replace: bool = False,
    ) -> None:
        embed = hand_embed(table, seat, lang, with_public=interaction.guild_id is None)
        view, _pages = hand_view(table, seat, lang, page)
        files = await attach(self.bot, table, seat, lang, embed, urgent=True)
        if replace and not interaction.response.is_done():
            await interaction.response.edit_message(
                content=content, embed=embed, view=view, attachments=files
            )
        else:
            await self.reply(interaction, content, embed=embed, view=view, files=files)

    # ----- the lobby -------------------------------------------------------------------------

    async def table_channel(self, interaction: discord.Interaction) -> int:
        """The channel where tables (and tournaments, whose tables open there) may be opened
        from this interaction: its own, or a thread's parent. Refused outside a server and in
        channels the server's settings do not list.
        """
        if interaction.guild_id is None or interaction.channel_id is None:
            raise TableError(i18n.GUILD_ONLY)
        channel = interaction.channel
        channel_id = interaction.channel_id
        if isinstance(channel, discord.Thread) and channel.parent_id:
            channel_id = channel.parent_id
        settings = await self.bot.guild_settings(interaction.guild_id)
        if settings.channels and str(channel_id) not in settings.channels:
            allowed = ", ".join(f"<#{channel}>" for channel in settings.channels)
            raise TableError(i18n.NOT_IN_THIS_CHANNEL.format(channels=allowed))
        return channel_id

    async def open(
        self,
        interaction: discord.Interaction,
        game_id: str,
        options_text: str | None,
        clock_text: str | None = None,
        on_timeout: str = "engine",
    ) -> None:
        """Open a table in this channel (if the server allows tables here), with a clock per
        move (24 hours unless the host chose another or none).
        """
        lang = await self.bot.language(interaction)
        channel_id = await self.table_channel(interaction)
        options = parse_options(options_text)
        try:
            per_move = DEFAULT_PER_MOVE if clock_text is None else parse_duration(clock_text)
        except ClockError as error:
            raise TableError(error.reason) from None
        table = await self.service.create(
            game_id,
            member_of(interaction),
            {"guild": str(interaction.guild_id), "channel": str(channel_id)},
            options,
            settings={
                "lang": await self.bot.server_language(interaction),
                "clock": {"per_move": per_move, "on_timeout": on_timeout},
            },
        )
        public = public_language(table)
        # A table just opened is in the lobby, so it has its lobby buttons.
        view = lobby_view(table, public)
        assert view is not None
        lobby_id: int | None
        if channel_id != interaction.channel_id:
            # Opened from inside a thread: the lobby goes to its parent channel.
            message = await self.bot.get_partial_messageable(channel_id).send(
                embed=lobby_embed(table, public), view=view
            )
            await self.reply(interaction, i18n.OPENED.format(id=table.id).get(lang))
            lobby_id = message.id
        else:
            response = await interaction.response.send_message(
                embed=lobby_embed(table, public), view=view
            )
            lobby_id = getattr(response.resource, "id", None)
        if lobby_id is not None:
            await self._set_place(table, lobby=str(lobby_id))
        await self.bot.dms.welcome(table, str(interaction.user.id))

    async def _set_place(self, table: Table, **values: str) -> None:
        place = {**table.record.place, **values}
        await self.service.repo.update_table(table.id, place=place)
        table.record.place = place

    async def _show_lobby(
        self, interaction: discord.Interaction, table: Table, note: str | None
    ) -> None:
        """Refresh the lobby message: in place when it was clicked, else by an edit."""
        public = public_language(table)
        embed, view = lobby_embed(table, public), lobby_view(table, public)
        lobby_id = table.record.place.get("lobby")
        clicked = interaction.message is not None and str(interaction.message.id) == lobby_id
        if clicked and not interaction.response.is_done():
            await interaction.response.edit_message(embed=embed, view=view)
            return
        if note:
            await self.reply(interaction, note)
        if lobby_id:
            channel = self.bot.get_partial_messageable(int(table.record.place["channel"]))
            try:
                await channel.get_partial_message(int(lobby_id)).edit(embed=embed, view=view)
            except discord.HTTPException as error:
                log.warning("could not refresh lobby of table %s: %s", table.id, error)

    async def join(self, interaction: discord.Interaction, table_id: int) -> None:
        """Take a seat; the first DM is tried now, so a refusal is known before the game."""
        lang = await self.bot.language(interaction)
        here = str(interaction.guild_id)
        if (await self.service.get(table_id)).record.place.get("guild") not in (None, here):
            # A table of another server is not reachable by guessing its number.
            raise TableError(service_messages.NO_SUCH_TABLE.format(id=table_id), "unknown")
        table = await self.service.join(table_id, member_of(interaction))
        await self._show_lobby(interaction, table, i18n.JOINED.format(id=table.id).get(lang))
        if not await self.bot.dms.welcome(table, str(interaction.user.id)):
            await self.reply(interaction, i18n.DM_REFUSED_AT_JOIN.get(lang))

    async def leave(self, interaction: discord.Interaction, table_id: int) -> None:
        """Give up a seat before the start (the host leaving closes the lobby)."""
        lang = await self.bot.language(interaction)
        table = await self.service.leave(table_id, member_of(interaction))
        await self._show_lobby(interaction, table, i18n.LEFT.format(id=table.id).get(lang))

    async def add_engine(self, interaction: discord.Interaction, table_id: int) -> None:
        """Seat an engine player (host only)."""
        table = await self.service.add_engine(table_id, member_of(interaction))
        await self._show_lobby(interaction, table, table.seats[-1].name)

    async def cancel(self, interaction: discord.Interaction, table_id: int) -> None:
        """End a table without a result: its host, or a member with Manage Server."""
        lang = await self.bot.language(interaction)
        table = await self.service.get(table_id)
        may_manage = await self.may_manage(interaction, table)
        table = await self.service.cancel(table_id, member_of(interaction), may_manage=may_manage)
        # A running table's thread hears of it through the outbox (``tables.notices``).
        await self._show_lobby(interaction, table, i18n.CANCELLED.format(id=table.id).get(lang))

    async def start(self, interaction: discord.Interaction, table_id: int) -> None:
        """Start the game: open its thread, post the first state, notify who must act."""
        lang = await self.bot.language(interaction)
        on_lobby = interaction.type == discord.InteractionType.component
        outcome = await self.service.start(table_id, member_of(interaction))
        # Refusals are answered above, privately; the thread and the first post may take longer
        # than the 3 seconds Discord allows, so the answer is deferred from here on.
        await interaction.response.defer(ephemeral=not on_lobby, thinking=not on_lobby)
        # The start is stored with its post; delivering it now opens the thread, posts the
        # first state and DMs whoever acts first, so the answer can link the thread.
        await self.bot.outbox.flush()
        table = await self.service.get(outcome.table.id)
        public = public_language(table)
        embed, view = lobby_embed(table, public), lobby_view(table, public)
        if on_lobby:
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            thread = table.record.place.get("thread")
            link = f"<#{thread}>" if thread else "-"
            await interaction.followup.send(
                i18n.STARTED.format(id=table.id, thread=link).get(lang), ephemeral=True
            )
            await self._show_lobby(interaction, table, None)

    async def open_thread(self, table: Table, name: str | None = None) -> str | None:
        """Open the table's thread (off its lobby message if it has one); its id, or None if
        Discord refused (the game is stored and playable from DMs and /table hand).
        """
        public = public_language(table)
        channel = self.bot.get_partial_messageable(int(table.record.place["channel"]))
        if name is None:
            game = table.game.name.get(public)
            name = i18n.THREAD_NAME.format(id=table.id, game=game).get(public)
        try:
            lobby_id = table.record.place.get("lobby")
            if lobby_id:
                # The thread hangs off the lobby message, so the channel shows where it went.
                thread_data = await self.bot.http.start_thread_with_message(
                    channel.id, int(lobby_id), name=name[:100], auto_archive_duration=10080
                )
            else:
                thread_data = await self.bot.http.start_thread_without_message(
                    channel.id,
                    name=name[:100],
                    auto_archive_duration=10080,
                    type=discord.ChannelType.public_thread.value,
                )
            await self._set_place(table, thread=str(thread_data["id"]))
        except discord.HTTPException as error:
            log.warning("could not open a thread for table %s: %s", table.id, error)
            return None
        return str(thread_data["id"])

    # ----- playing ---------------------------------------------------------------------------

    async def table_of(self, interaction: discord.Interaction, table_id: int | None) -> int:
        """The table a command means: the one given, the one whose thread this is, or the
        user's only table.
        """
        if table_id is not None:
            return table_id
        tables = await self.service.tables_of_user(str(interaction.user.id))
        here = str(interaction.channel_id)
        for table in tables:
            if here in (table.record.place.get("thread"), table.record.place.get("lobby")):
                return table.id
        if len(tables) == 1:
            return tables[0].id
        raise TableError(i18n.NO_TABLE_HERE)

    async def show_hand(
        self,
        interaction: discord.Interaction,
        table_id: int,
        *,
        page: int = 0,
        replace: bool = False,
        seq: int | None = None,
    ) -> None:
        """The seat's hidden cards and legal actions, privately (``replace``: in place)."""
        lang = await self.bot.language(interaction)
        table = await self.service.get(table_id)
        seat = table.seat_of(str(interaction.user.id))
        if seat is None:
            raise TableError(not_a_player(table, str(interaction.user.id)), "foreign")
        if table.status == LOBBY:
            raise TableError(service_messages.NOT_STARTED)
        content = None
        if seq is not None and seq != table.seq:
            content, page = service_messages.STALE.get(lang), 0
        await self._private_hand(
            interaction, table, seat, lang, content=content, page=page, replace=replace
        )

    async def act(
        self, interaction: discord.Interaction, table_id: int, seq: int, code: str
    ) -> None:
        """Play ``code`` at state ``seq``; answer with the fresh hand, then publish the turn.

        The answer comes only after the move is stored. A click on an old state is refused
        as stale and answered with the fresh view; a repeated click is not applied twice.
        """
        lang = await self.bot.language(interaction)
        user_id = str(interaction.user.id)
        before = await self.service.get(table_id)
        label = code
        seat = before.seat_of(user_id)
        if seat is not None and before.state is not None and code in before.legal_actions(seat):
            label = before.game.action_label(before.state, seat, code, lang)
        try:
            outcome = await self.service.act(
                table_id,
                member_of(interaction),
                code,
                expected_seq=seq,
                request_id=str(interaction.id),
            )
        except TableError as error:
            if error.kind != "stale":
                raise
            table = error.table or await self.service.get(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise
            await self._private_hand(interaction, table, seat, lang, content=error.reason.get(lang))
            return
        table = outcome.table
        seat = table.seat_of(user_id)
        assert seat is not None
        if outcome.duplicate:
            await self._private_hand(
                interaction, table, seat, lang, content=i18n.ALREADY_APPLIED.get(lang)
            )
            return
        private = interaction.message is not None and (
            interaction.message.flags.ephemeral or interaction.guild_id is None
        )
        # The mover also reads what happened to them alone (a card drawn, a card stolen).
        lines = [
            table.game.describe_event(event, lang)
            for _applied, event in outcome.events
            if event.to in (None, seat)
        ]
        content = "\n".join([i18n.MOVED.format(label=label).get(lang), *lines])
        # The thread post and the next player's DM were stored with the move (the outbox);
        # the relay sends them once this answer is out.
        await self._private_hand(
            interaction, table, seat, lang, content=clip(content, 2000), replace=private
        )

    async def ask_amount(
        self, interaction: discord.Interaction, table_id: int, seq: int, template: str
    ) -> None:
        """Ask for a typed amount for an open verb (a bet, a raise); the engine checks it."""
        lang = await self.bot.language(interaction)
        try:
            verb, args = decode(template)
        except IllegalAction as error:
            # A crafted "other amount" button: the same private answer as any impossible move.
            raise TableError(error.reason, "illegal") from None
        flows = self

        class AmountModal(discord.ui.Modal):
            amount: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=i18n.AMOUNT.get(lang), custom_id="amount", max_length=12
            )

            async def on_submit(self, submitted: discord.Interaction) -> None:
                await flows.bot.guarded(submitted, self._play(submitted))

            async def _play(self, submitted: discord.Interaction) -> None:
                text = self.amount.value.strip()
                # ASCII digits only ("²", "١" and "１" pass isdigit), and no more than an
                # amount can be: the engine then checks the game's own range.
                amount = ascii_number(text, most=MAX_AMOUNT)
                if amount is None and ascii_number(text) is not None:
                    raise TableError(i18n.AMOUNT_TOO_LARGE.format(text=text[:20]))
                if amount is None:
                    raise TableError(i18n.NOT_AN_AMOUNT.format(text=text[:20]))
                code = encode(verb, *args[:-1], amount)
                await flows.act(submitted, table_id, seq, code)

        title = clip(i18n.OTHER_AMOUNT.format(verb=verb).get(lang), 45)
        await interaction.response.send_modal(
            AmountModal(title=title, custom_id=f"tr-amount:{table_id}:{seq}", timeout=600)
        )

    async def publish(
        self,
        table: Table,
        events: list[Event],
        *,
        actor: str | None = None,
        skip: set[str] | None = None,
        note: str | None = None,
        notify: bool = True,
        edit: int | None = None,
    ) -> int | None:
        """Post the public state as a new thread message and DM whoever must decide now.

        The acting player already holds the fresh hand in their answer, so they get no DM.
        Players who cannot be reached by DM are mentioned in the thread with a hint. A new
        message per turn, never an edit: tables run for days, and editing messages older than
        an hour meets Discord's undocumented limit (error 30046). ``note`` heads the message
        (a timeout, a summary after an outage). ``skip`` (and ``actor``) get no DM;
        ``notify=False`` sends none (the table has moved on since what this post shows).
        ``edit``: the turn's message to show it in instead (``bot.calm``), unless the post
        must ping someone or Discord refuses the edit. Returns the message's id (None when
        there is no thread, or a resumed delivery found the message already sent).
        """
        public = public_language(table)
        unreachable = []
        skip = set(skip or ()) | ({actor} if actor else set())
        for seat in table.to_act() if notify else []:
            user_id = table.seats[seat].user_id
            if user_id is None or user_id in skip:
                continue
            if not await self.bot.dms.notify_turn(table, seat):
                unreachable.append(user_id)
        thread = table.record.place.get("thread")
        if not thread:
            return None
        content = "\n".join(
            ([note] if note else [])
            + [i18n.NO_DM_HINT.format(who=f"<@{user_id}>").get(public) for user_id in unreachable]
        )
        clock = await self.clock_text(table, public)
        embed = table_embed(table, public, events, clock=clock)
        message: dict[str, Any] = {"embed": embed}
        view = hand_button_view(table)
        if view is not None:
            message["view"] = view
        message["files"] = await attach(self.bot, table, None, public, embed)
        channel = self.bot.get_partial_messageable(int(thread))
        if edit is not None and not content:
            message.setdefault("view", None)  # a finished table's message loses its buttons
            try:
                await outbox.edit(channel, edit, **message)
                return edit
            except discord.HTTPException as error:
                log.warning("could not edit turn message %s of table %s: %s", edit, table.id, error)
                message["files"] = await attach(self.bot, table, None, public, embed)
        sent = await outbox.send(
            channel, content=clip(content, 2000) if content else None, **message
        )
        return sent.id if sent is not None else None

    async def show_table(self, interaction: discord.Interaction, table_id: int) -> None:
        """The table again: the lobby, or the public state with the "My hand" button."""
        table = await self.service.get(table_id)
        if table.record.place.get("guild") not in (None, str(interaction.guild_id)):
            # Like join and watch: a table of another server is not reachable by its number.
            raise TableError(service_messages.NO_SUCH_TABLE.format(id=table_id), "unknown")
        public = public_language(table)
        if table.status == LOBBY:
            view = lobby_view(table, public)
            assert view is not None  # a table in the lobby has its lobby buttons
            await interaction.response.send_message(embed=lobby_embed(table, public), view=view)
            return
        clock = await self.clock_text(table, public)
        embed = table_embed(table, public, clock=clock)
        message: dict[str, Any] = {"embed": embed}
        view = hand_button_view(table)
        if view is not None:
            message["view"] = view
        message["files"] = await attach(self.bot, table, None, public, embed, urgent=True)
        await interaction.response.send_message(**message)

    async def mine(self, interaction: discord.Interaction) -> None:
        """The user's open tables in every server: whose turn it is, the time left, a link."""
        lang = await self.bot.language(interaction)
        user_id = str(interaction.user.id)
        tables = await self.service.tables_of_user(user_id)
        if not tables:
            await self.reply(interaction, i18n.NO_TABLES.get(lang))
            return
        now = self.service.clock()
        lines = []
        for table in tables[:20]:
            clocks = await self.service.clocks.seat_clocks(table) if table.status == ACTIVE else {}
            parts = []
            for seat in table.waiting_for():
                name = i18n.YOU.get(lang) if seat.user_id == user_id else seat.name
                running = clocks.get(seat.seat)
                if running is not None and running.paused_until and running.paused_until > now:
                    name += i18n.MINE_PAUSED.format(until=int(running.paused_until)).get(lang)
                elif running is not None:
                    name += i18n.MINE_CLOCK.format(
                        left=format_duration(running.left(now), lang)
                    ).get(lang)
                parts.append(name)
            status = i18n.LOBBY_STATUS if table.status == LOBBY else i18n.ACTIVE_STATUS
            line = i18n.MINE_LINE.format(
                id=table.id,
                game=table.game.name.get(lang),
                status=status.get(lang),
                who=", ".join(parts) or i18n.NOBODY.get(lang),
            ).get(lang)
            line += await self._tournament_note(table, lang)
            link = thread_link(table)
            lines.append(line + (f" · {link}" if link else ""))
        await self.reply(interaction, clip("\n".join(lines), 2000))

    async def _tournament_note(self, table: Table, lang: str) -> str:
        """For a tournament's table: its name and round, and the round's deadline while the
        round is open (it does not pause for a vacation, so players should see it).
        """
        tournament_id = table.record.settings.get("tournament")
        if tournament_id is None:
            return ""
        try:
            tournament = await self.bot.tournaments.get(int(tournament_id))
        except TableError:
            return ""
        number = int(table.record.settings.get("round") or 0)
        note = i18n.MINE_TOURNAMENT.format(name=tournament.name, round=number).get(lang)
        rounds = {r.number: r for r in await self.service.repo.rounds(tournament.id)}
        current = rounds.get(number)
        if current is not None and current.status == "open" and current.deadline:
            note += i18n.MINE_ROUND_ENDS.format(until=int(current.deadline)).get(lang)
        return note

    # ----- clocks, spectators, substitution (issue 9) ----------------------------------------

    async def clock_text(self, table: Table, lang: str) -> str | None:
        """The table's clocks for its public message: each running clock with the time left
        (paused ones with the end of the vacation), who is away, and the setting.
        """
        setting = table.clock
        if setting is None or setting.per_move is None or table.status != ACTIVE:
            return None
        clocks = await self.service.clocks.seat_clocks(table)
        away = await self.service.clocks.away(table)
        now = self.service.clock()
        lines = []
        for seat, running in sorted(clocks.items()):
            holder = table.seats[seat]
            who = f"<@{holder.user_id}>" if holder.user_id else holder.name
            if running.paused_until and running.paused_until > now:
                text = i18n.CLOCK_PAUSED.format(
                    who=who,
                    until=int(running.paused_until),
                    left=format_duration(running.due - running.paused_until, lang),
                )
            else:
                text = i18n.CLOCK_LEFT.format(
                    who=who, left=format_duration(running.due - now, lang), due=int(running.due)
                )
            lines.append(text.get(lang))
        for seat, until in sorted(away.items()):
            if seat not in clocks:
                holder = table.seats[seat]
                who = f"<@{holder.user_id}>" if holder.user_id else holder.name
                lines.append(i18n.AWAY_LINE.format(who=who, until=int(until)).get(lang))
        lines.append(
            i18n.CLOCK_SETTING.format(
                per_move=format_duration(setting.per_move, lang),
                action=i18n.ON_TIMEOUT[setting.on_timeout].get(lang),
            ).get(lang)
        )
        return "\n".join(lines)

    async def watch(self, interaction: discord.Interaction, table_id: int) -> None:
        """Follow a table: its public state, privately, and its thread added to the list.

        Built from the public view only: a spectator never sees a hand.
        """
        lang = await self.bot.language(interaction)
        table = await self.service.get(table_id)
        if table.record.place.get("guild") not in (None, str(interaction.guild_id)):
            raise TableError(service_messages.NO_SUCH_TABLE.format(id=table_id), "unknown")
        if table.status == LOBBY or table.state is None:
            raise TableError(i18n.NOT_A_SPECTATOR_TABLE)
        public = lang
        clock = await self.clock_text(table, public)
        thread = table.record.place.get("thread")
        if thread:
            try:
                await self.bot.http.add_user_to_thread(int(thread), interaction.user.id)
            except discord.HTTPException as error:
                log.warning("could not add a spectator to thread %s: %s", thread, error)
        link = thread_link(table) or "-"
        await self.reply(
            interaction,
            i18n.WATCHING.format(id=table.id, link=link).get(lang),
            embed=table_embed(table, public, clock=clock),
        )

    async def substitute(
        self,
        interaction: discord.Interaction,
        table_id: int,
        seat_number: int,
        member: discord.abc.User | None,
        *,
        meanwhile_engine: bool = False,
    ) -> None:
        """Hand a seat (numbered from 1) to an engine player (``member`` None) now, or ask
        ``member`` to take it over: the seat moves only when they accept (``bot.handover``),
        and only then does its hand reach them.
        """
        if member is not None:
            await self.bot.handovers.request(
                interaction, table_id, seat_number, member, meanwhile_engine=meanwhile_engine
            )
            return
        lang = await self.bot.language(interaction)
        table = await self.service.get(table_id)
        here = str(interaction.guild_id)
        if table.record.place.get("guild") not in (None, here):
            raise TableError(service_messages.NO_SUCH_TABLE.format(id=table_id), "unknown")
        may_manage = await self.may_manage(interaction, table)
        seat = seat_number - 1
        to = as_member(member) if member is not None else None
        if member is not None and member.bot:
            raise TableError(i18n.NO_BOTS_AT_TABLES)
        await self.service.substitute(
            table_id, seat, member_of(interaction), to, may_manage=may_manage
        )
        # The hand to the new holder and the thread's note were stored with the hand-over
        # (the outbox); the relay sends them after this answer.
        await self.reply(interaction, i18n.SUBSTITUTE_DONE.format(n=seat_number).get(lang))

    async def may_manage(self, interaction: discord.Interaction, table: Table) -> bool:
        """Whether the member may cancel or hand over seats at ``table`` without being its host:
        Manage Server on the table's server, and at a tournament's table also its organisers
        (the organiser role, or whoever created the tournament), who have no table of their own
        to host.
        """
        if interaction.guild_id is None:
            return False
        if table.record.place.get("guild") != str(interaction.guild_id):
            return False  # Manage Server on another server does not reach this table
        if interaction.permissions.manage_guild:
            return True
        tournament_id = table.record.settings.get("tournament")
        if tournament_id is None:
            return False
        if await self.bot.may_organise(interaction):
            return True
        try:
            tournament = await self.bot.tournaments.get(int(tournament_id))
        except TableError:
            return False
        return tournament.organiser == str(interaction.user.id)

    async def hand_to_new_holder(self, table: Table, seat: int, user_id: str) -> bool:
        """DM the new holder the seat's hand (theirs alone); False if it does not reach them."""
        lang = await self.bot.dms.language(user_id, table)
        content = i18n.SEAT_HANDED_TO_YOU.format(
            n=seat + 1,
            id=table.id,
            game=table.game.name.get(lang),
            link=thread_link(table) or "-",
        ).get(lang)
        view, _pages = hand_view(table, seat, lang)
        return await self.bot.dms.send(
            user_id,
            content=content,
            embed=hand_embed(table, seat, lang, with_public=True),
            view=view,
        )
