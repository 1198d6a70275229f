"""The engine contract every game implements, and the helpers engines share.

See ``contract.py`` for the flow of a game; ``codes.py`` for action codes; ``chance.py`` for
logged chance outcomes; ``registry.py`` for how games are found.
"""

from .chance import (
    check_dice,
    check_permutation,
    dice_code,
    random_dice,
    random_shuffle,
    shuffle_code,
)
from .codes import MAX_PLAYER_CODE, decode, encode
from .contract import (
    CHANCE,
    FORFEIT,
    Event,
    Game,
    Names,
    NoOptions,
    Result,
    State,
    check_result,
    clone,
    ended_by_forfeit,
    forfeited,
    number_text,
    rank_forfeits_last,
    replay,
    seat_name,
)
from .errors import IllegalAction, SetupError
from .registry import all_games, get_game, register, unregister
from .text import LANGUAGES, Text, plural

__all__ = [
    "CHANCE",
    "FORFEIT",
    "LANGUAGES",
    "MAX_PLAYER_CODE",
    "Event",
    "Game",
    "IllegalAction",
    "Names",
    "NoOptions",
    "Result",
    "SetupError",
    "State",
    "Text",
    "all_games",
    "check_dice",
    "check_permutation",
    "check_result",
    "clone",
    "decode",
    "dice_code",
    "encode",
    "ended_by_forfeit",
    "forfeited",
    "get_game",
    "number_text",
    "plural",
    "random_dice",
    "random_shuffle",
    "rank_forfeits_last",
    "register",
    "replay",
    "seat_name",
    "shuffle_code",
    "unregister",
]
