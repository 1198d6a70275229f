from tests.bot.harness import HAND, custom_ids, server


async def test_open_join_start_and_first_move(tmp_path):
    async with server(tmp_path) as srv:
        anna, ben = srv.add("anna"), srv.add("ben")
        table_id = await srv.open(anna, "test-highcard", "hand=2")
        lobby = srv.lobby(table_id)
        await ben.click(lobby, custom_id=f"tr:j:{table_id}")
        await anna.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
        turn = await srv.latest_turn(table_id)
        print(turn.content, turn.embeds[0].to_dict())
        result = await anna.click(turn, label=HAND)
        print(result, result.response.embeds[0].to_dict(), custom_ids(result.response))
        print(srv.env.transcript())
