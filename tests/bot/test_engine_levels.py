"""Issue 18 through the bot: the level of an engine is chosen where it is added, and shows.

The lobby's Add engine button offers easy, normal and strong privately to the host;
``/tournament engine`` takes a level; the engine's seat or entry name shows the level.
"""

from __future__ import annotations

from bot import i18n
from tables.messages import HOST_ONLY
from tests.bot.harness import answer, components, custom_ids, message_text, post_button, server


async def test_add_engine_offers_the_three_levels_to_the_host_and_seats_the_chosen_one(tmp_path):
    """Issue 18: the lobby's Add engine button offers the levels; the seat's name shows it."""
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        table_id = await srv.open(anna, "stardust")
        offer = await anna.click(srv.lobby(table_id), custom_id=f"tr:e:{table_id}")
        assert offer.response.ephemeral
        assert "How strong should the engine play?" in message_text(offer.response)
        buttons = {button["label"]: button["custom_id"] for button in components(offer.response)}
        assert buttons == {
            "easy": f"tr:el:{table_id}:easy",
            "normal": f"tr:el:{table_id}:normal",
            "strong": f"tr:el:{table_id}:strong",
        }
        table = await srv.bot.service.get(table_id)
        assert len(table.seats) == 1, "nothing is seated before a level is chosen"

        await anna.click(offer.response, custom_id=buttons["strong"])
        offer = await anna.click(srv.lobby(table_id), custom_id=f"tr:e:{table_id}")
        await anna.click(offer.response, custom_id=f"tr:el:{table_id}:easy")
        table = await srv.bot.service.get(table_id)
        assert [seat.engine for seat in table.seats] == [None, "strong", "easy"]
        assert table.seats[1].name == "🤖 Engine (stark/strong) 1"
        assert table.seats[2].name == "🤖 Engine (leicht/easy) 2"
        lobby = message_text(srv.lobby(table_id))
        assert "Engine (stark/strong) 1" in lobby and "Engine (leicht/easy) 2" in lobby


async def test_only_the_host_may_seat_an_engine_of_any_level(tmp_path):
    """The host chooses who sits at the table: another member's level click is refused."""
    async with server(tmp_path) as srv:
        anna, ben = srv.add("anna"), srv.add("ben")
        table_id = await srv.open(anna, "stardust")
        offer = await ben.click(srv.lobby(table_id), custom_id=f"tr:e:{table_id}")
        assert not custom_ids(offer.response), "no level buttons for a member who is not host"
        assert answer(offer) == HOST_ONLY.en
        cid = f"tr:el:{table_id}:strong"
        refused = await ben.click(await post_button(srv, srv.channel.id, cid), custom_id=cid)
        assert answer(refused) == HOST_ONLY.en
        assert [seat.engine for seat in (await srv.bot.service.get(table_id)).seats] == [None]


async def test_an_unknown_level_in_a_button_id_is_malformed_and_seats_nobody(tmp_path):
    """A crafted id with a level the bot never offers is answered, not obeyed."""
    async with server(tmp_path) as srv:
        anna = srv.add("anna")
        table_id = await srv.open(anna, "stardust")
        cid = f"tr:el:{table_id}:grandmaster"
        odd = await anna.click(await post_button(srv, srv.channel.id, cid), custom_id=cid)
        assert answer(odd) == i18n.MALFORMED_COMPONENT.en
        assert len((await srv.bot.service.get(table_id)).seats) == 1


async def test_tournament_engine_takes_a_level_and_its_name_shows_it(tmp_path):
    """Issue 18: ``/tournament engine`` takes a level; without one it registers normal."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        created = await owner.slash(srv.channel, "tournament create", game="stardust", name="Cup")
        assert not created.response.ephemeral, answer(created)
        strong = await owner.slash(srv.channel, "tournament engine", tournament=1, level="strong")
        assert "🤖 Engine (stark/strong) 1 plays in tournament 1." in message_text(strong.response)
        await owner.slash(srv.channel, "tournament engine", tournament=1)
        entries = [r for r in await srv.bot.repository.registrations(1) if r.engine]
        assert [(r.engine, r.name) for r in entries] == [
            ("strong", "🤖 Engine (stark/strong) 1"),
            ("normal", "🤖 Engine (normal) 2"),
        ]
