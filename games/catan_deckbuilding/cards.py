"""The cards of Siedler von Catan: Deck Building, their costs, and how a purchase is paid.

Cards are small ints (indices into ``CARDS``) so that hands, piles and the supply are flat lists
of counts; codes and the rules page use the German word (``CARDS[i]``).
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from games.core import Text

ERZ, LEHM, GETREIDE, HOLZ, WEIDE, MEER, WUESTE = range(7)
BANDIT, RITTER_DEF, RITTER_OFF, HAFEN, STRASSE, SIEDLUNG, STADT = range(7, 14)
KINDS = 14
RESOURCES = (ERZ, LEHM, GETREIDE, HOLZ, WEIDE)
ACTION_CARDS = (BANDIT, RITTER_DEF, RITTER_OFF, HAFEN, STRASSE, SIEDLUNG, STADT)

CARDS = (
    "erz",
    "lehm",
    "getreide",
    "holz",
    "weide",
    "meer",
    "wueste",
    "bandit",
    "ritter_def",
    "ritter_off",
    "hafen",
    "strasse",
    "siedlung",
    "stadt",
)
CARD_INDEX = {word: index for index, word in enumerate(CARDS)}

NAMES = (
    Text("Erz", "Erz (ore)"),
    Text("Lehm", "Lehm (brick)"),
    Text("Getreide", "Getreide (grain)"),
    Text("Holz", "Holz (lumber)"),
    Text("Weide", "Weide (wool)"),
    Text("Meer", "Meer (sea)"),
    Text("Wüste", "Wüste (desert)"),
    Text("Bandit", "Bandit (robber)"),
    Text("Ritter (Defensiv)", "Ritter (Defensiv) (defensive knight)"),
    Text("Ritter (Offensiv)", "Ritter (Offensiv) (offensive knight)"),
    Text("Hafen", "Hafen (harbour)"),
    Text("Strasse", "Strasse (road)"),
    Text("Siedlung", "Siedlung (settlement)"),
    Text("Stadt", "Stadt (city)"),
)
"""Full names: German, and German with an English gloss."""

SHORT = (
    "Erz",
    "Lehm",
    "Getreide",
    "Holz",
    "Weide",
    "Meer",
    "Wüste",
    "Bandit",
    "Ritter (D)",
    "Ritter (O)",
    "Hafen",
    "Strasse",
    "Siedlung",
    "Stadt",
)
"""German short names for compact labels and the terminal table."""


def _counts(**amounts: int) -> list[int]:
    counts = [0] * KINDS
    for word, amount in amounts.items():
        counts[CARD_INDEX[word]] = amount
    return counts


STARTING_DECK = _counts(
    getreide=3, holz=3, weide=3, lehm=2, erz=2, meer=3, wueste=1, strasse=2, siedlung=2
)
"""Each player's 21 starting cards."""

SUPPLY = _counts(bandit=3, ritter_off=3, ritter_def=3, strasse=14, hafen=3, siedlung=8, stadt=9)
"""The 54 cards of the supply, one pile per kind."""

COSTS: dict[int, list[int]] = {
    BANDIT: [0, 0, 1, 0, 2],
    RITTER_DEF: [0, 0, 1, 1, 1],
    RITTER_OFF: [1, 0, 1, 0, 1],
    HAFEN: [0, 2, 0, 1, 0],
    STRASSE: [0, 1, 0, 1, 0],
    SIEDLUNG: [0, 1, 1, 1, 1],
    STADT: [3, 0, 2, 0, 0],
}
"""Resource costs (Erz, Lehm, Getreide, Holz, Weide). The Bandit also needs a Wüste and the
Stadt an unplayed Siedlung from hand, which goes back to the supply."""

HAND_SIZE = 7
WIN_CITIES = 3


def road_units(roads: int) -> int:
    """Resources of choice that ``roads`` Strassen played in one turn give together.

    1 gives none (only a Meer), 2 give 1, 3 give 3, every further Strasse 2 more.
    """
    if roads < 2:
        return 0
    if roads == 2:
        return 1
    return 3 + 2 * (roads - 3)


ROAD_UNITS = tuple(road_units(roads) for roads in range(97))
"""``road_units`` by the count (the game has 96 cards, Strassen among them): an index costs
less than a call where payments are reckoned."""


# ----- paying ------------------------------------------------------------------------------------
#
# A payment is a selection of hand cards (counts per kind). Resource cards pay their own kind
# first; Siedlung (2), Stadt (3) and the Strassen group give units of any kind; two leftover
# resource cards trade for one unit of any kind; the Strassen pool of the turn fills what is
# still missing. ``settle`` says whether a selection covers the price and what it leaves in the
# pool.


def settle(card: int, used: list[int], pool: int, roads: int) -> tuple[int, int, list[int]] | None:
    """``(missing, pool_after, traded)`` for paying ``card`` with ``used``.

    ``missing`` is how many units are still lacking (0: the payment covers the price, and
    ``pool_after`` is the Strassen pool left afterwards). ``traded`` counts the resource cards
    per kind that do not match the price and are traded two for one. None if the selection is
    not allowed at all (a Siedlung towards a Stadt).
    """
    cost = COSTS[card]
    missing = 0
    surplus = 0
    traded = [0] * 5
    for index in range(5):
        have = used[index]
        need = cost[index]
        if have >= need:
            surplus += have - need
            traded[index] = have - need
        else:
            missing += need - have
    wild = 3 * used[STADT] + 2 * used[SIEDLUNG]
    if card == STADT and used[SIEDLUNG]:
        return None
    wild += surplus // 2
    pool += ROAD_UNITS[roads + used[STRASSE]] - ROAD_UNITS[roads]
    missing = max(0, missing - wild)
    take = min(missing, pool)
    # The Bandit's Wueste is paid by a Wueste card alone: Siedlung, Stadt, Strassen and trading
    # give resources of choice, and a Wueste is terrain, not a resource (``affordable`` asks
    # the hand for one likewise).
    lacking_wueste = 1 if card == BANDIT and not used[WUESTE] else 0
    return missing - take + lacking_wueste, pool - take, traded


def affordable(card: int, hand: list[int] | tuple[int, ...], pool: int, roads: int) -> bool:
    """Whether the whole hand (minus the Siedlung a Stadt needs) could pay for ``card``."""
    if card == STADT:
        if not hand[SIEDLUNG]:
            return False
    elif card == BANDIT and not hand[WUESTE]:
        return False
    cost = COSTS[card]
    missing = 0
    surplus = 0
    for index in range(5):
        have = hand[index]
        need = cost[index]
        if have >= need:
            surplus += have - need
        else:
            missing += need - have
    if not missing:
        return True
    wild = 3 * hand[STADT] + surplus // 2 + pool
    if card != STADT:
        wild += 2 * hand[SIEDLUNG]
    wild += ROAD_UNITS[roads + hand[STRASSE]] - ROAD_UNITS[roads]
    return wild >= missing


def auto_payment(card: int, hand: list[int], pool: int, roads: int) -> list[int] | None:
    """A sensible selection of hand cards that pays for ``card``, or None if none does.

    See ``_auto_payment``; remembered per hand, because labels ask for it at every step.
    """
    used = _auto_payment_of(card, _PAYING(hand), min(pool, 5), min(roads, 2))
    return None if used is None else list(used)


_PAYING = itemgetter(*RESOURCES, WUESTE, STRASSE, SIEDLUNG, STADT)


@lru_cache(maxsize=8192)
def _auto_payment_of(
    card: int, paying: tuple[int, ...], pool: int, roads: int
) -> tuple[int, ...] | None:
    """``_auto_payment`` remembered on what it reads: of the hand only the cards a payment can
    use (``_PAYING``; never Meer, Bandit, Ritter or Hafen), a pool only up to 5 (which pays the
    rest of any price), and the Strassen played only up to 2 (from there each further one adds
    2 units, see ``road_units``). Hands that differ in nothing else share one entry.
    """
    erz, lehm, getreide, holz, weide, wueste, strasse, siedlung, stadt = paying
    hand = (erz, lehm, getreide, holz, weide, 0, wueste, 0, 0, 0, 0, strasse, siedlung, stadt)
    return _auto_payment(card, hand, pool, roads)


def _auto_payment(
    card: int, hand: tuple[int, ...], pool: int, roads: int
) -> tuple[int, ...] | None:
    """The automatic payment.

    Matching resources first, then the Strassen pool already on the table, then trading the
    most plentiful leftover resources two for one, then Strassen from hand, then Siedlungen and
    last Stadt cards (they win the game); finally anything the price does not need is put back.
    """
    if not affordable(card, hand, pool, roads):
        return None
    cost = COSTS[card]
    used = [0] * KINDS
    for index in range(5):
        used[index] = min(hand[index], cost[index])
    if card == BANDIT:
        used[WUESTE] = 1
    if _covers(card, used, pool, roads):
        return tuple(used)
    # From here on the resource cards never fall below the matched ones, so the payment lacks
    # ``short`` units of resources throughout and its surplus is the traded cards alone:
    # whether it covers the price (``_covers``) depends on four counts, asked as ``covers``
    # below instead of summing the selection anew at every step.
    short = sum(cost) - sum(used[:5])
    base = road_units(roads)

    def covers(traded: int, roads_used: int, settled: int, citied: int) -> bool:
        units = 3 * citied + 2 * settled + traded // 2 + pool
        if roads_used:
            units += road_units(roads + roads_used) - base
        return units >= short

    # Trade leftovers two for one, always from the kind with most cards left in hand.
    missing = short - pool
    left = [hand[k] - used[k] for k in RESOURCES]
    traded = 2 * min(missing, sum(left) // 2) if missing > 0 else 0
    for _card in range(traded):
        kind = left.index(max(left))
        left[kind] -= 1
        used[kind] += 1
    strassen = hand[STRASSE]
    settlements = hand[SIEDLUNG] if card != STADT else 0
    cities = hand[STADT]
    roads_used = settled = citied = 0
    while roads_used < strassen and not covers(traded, roads_used, 0, 0):
        roads_used += 1
    while settled < settlements and not covers(traded, roads_used, settled, 0):
        settled += 1
    while citied < cities and not covers(traded, roads_used, settled, citied):
        citied += 1
    if not covers(traded, roads_used, settled, citied):  # pragma: no cover - see affordable()
        return None
    # Put back what turned out unnecessary: the costliest first, then Strassen, then trades.
    while citied and covers(traded, roads_used, settled, citied - 1):
        citied -= 1
    while settled and covers(traded, roads_used, settled - 1, citied):
        settled -= 1
    while roads_used and covers(traded, roads_used - 1, settled, citied):
        roads_used -= 1
    back = 0
    while back < traded and covers(traded - back - 1, roads_used, settled, citied):
        back += 1
    used[STRASSE] = roads_used
    used[SIEDLUNG] = settled
    used[STADT] = citied
    # The traded cards put back come from the kinds with fewest cards left in hand first.
    if back:
        for kind in sorted(RESOURCES, key=lambda k: hand[k] - used[k]):
            extra = used[kind] - cost[kind]
            if extra > 0:
                take = min(back, extra)
                used[kind] -= take
                back -= take
                if not back:
                    break
    return tuple(used)


def _covers(card: int, used: list[int], pool: int, roads: int) -> bool:
    """``settle(...)[0] == 0`` without the bookkeeping (the automatic payment asks often)."""
    cost = COSTS[card]
    missing = 0
    surplus = 0
    for index in range(5):
        diff = used[index] - cost[index]
        if diff >= 0:
            surplus += diff
        else:
            missing -= diff
    if card == BANDIT and not used[WUESTE]:
        return False  # only a Wueste pays the Bandit's Wueste (see ``settle``)
    if card == STADT and used[SIEDLUNG]:
        return False
    if not missing:
        return True
    wild = 3 * used[STADT] + 2 * used[SIEDLUNG] + surplus // 2 + pool
    if used[STRASSE]:
        wild += ROAD_UNITS[roads + used[STRASSE]] - ROAD_UNITS[roads]
    return wild >= missing


@lru_cache(maxsize=4096)
def leaves_out(
    missing: int, surplus: int, roads: int, strassen: int, settlements: int, cities: int
) -> bool:
    """Whether ``auto_payment`` leaves a helpful card in hand, for a price whose matching
    resource cards and pool still lack ``missing`` (> ``surplus // 2``) units while the hand's
    ``surplus`` resource cards (an even count) are all traded: so every resource card is in
    the payment, and only ``strassen``, ``settlements`` (Siedlungen that may pay: none for a
    Stadt) and ``cities`` can be left out, or a traded card be put back.

    ``_auto_payment``'s steps in counts: in a payment only the sums matter (``_covers`` adds up
    shortfalls and surpluses, never which kind they are of), so the few counts here are the
    whole key, while the automatic payment is remembered per hand.
    """
    base = road_units(roads)

    def short(traded: int, roads_used: int, settled: int, citied: int) -> bool:
        units = traded // 2 + road_units(roads + roads_used) - base + 2 * settled + 3 * citied
        return units < missing

    roads_used = settled = citied = 0
    # Strassen, then Siedlungen, then Stadt cards until the price is covered ...
    while roads_used < strassen and short(surplus, roads_used, 0, 0):
        roads_used += 1
    while settled < settlements and short(surplus, roads_used, settled, 0):
        settled += 1
    while citied < cities and short(surplus, roads_used, settled, citied):
        citied += 1
    # ... then each put back while the rest still covers it: Stadt, Siedlung, Strasse, and
    # last the traded resource cards one by one.
    while citied and not short(surplus, roads_used, settled, citied - 1):
        citied -= 1
    while settled and not short(surplus, roads_used, settled - 1, citied):
        settled -= 1
    while roads_used and not short(surplus, roads_used - 1, settled, citied):
        roads_used -= 1
    traded = surplus
    while traded and not short(traded - 1, roads_used, settled, citied):
        traded -= 1
    return traded < surplus or roads_used < strassen or settled < settlements or citied < cities
