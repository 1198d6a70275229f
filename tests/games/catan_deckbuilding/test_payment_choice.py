"""'A choice that makes no difference is not asked', over every small hand: the menu offers a
payment card by card exactly when the automatic payment leaves out a card that could help pay.

The engine answers from a few counts where every resource card ends up in the automatic
payment (``cards.leaves_out``); this walks all small hands, where that case is common, and
compares with the definition, which runs the automatic payment itself.
"""

from __future__ import annotations

import itertools

from games.catan_deckbuilding.cards import (
    ACTION_CARDS,
    KINDS,
    SIEDLUNG,
    STADT,
    STRASSE,
    WUESTE,
    affordable,
    auto_payment,
)
from games.catan_deckbuilding.engine import (
    _BUY_BIT,
    _PAY_BIT,
    _PAYING_CARDS,
    CatanDeckbuilding,
    _has_alternative,
    _purchases,
)


def _differs(card: int, hand: tuple[int, ...], pool: int, roads: int) -> bool:
    used = auto_payment(card, list(hand), pool, roads)
    assert used is not None
    return any(
        hand[kind] > used[kind] and CatanDeckbuilding._helps(card, kind, used)
        for kind in range(KINDS)
    )


def _small_hands():
    """Every hand of at most three resources, a Wueste or none, and up to four Strassen, two
    Siedlungen and two Staedte: the cases a payment's choice turns on."""
    for resources in itertools.product(range(3), repeat=5):
        if sum(resources) > 3:
            continue
        for wueste, strassen, siedlungen, cities in itertools.product(
            range(2), range(5), range(3), range(3)
        ):
            hand = [0] * KINDS
            hand[:5] = resources
            hand[WUESTE], hand[STRASSE], hand[SIEDLUNG], hand[STADT] = (
                wueste,
                strassen,
                siedlungen,
                cities,
            )
            yield tuple(hand)


def test_pay_by_hand_is_offered_exactly_when_the_automatic_payment_leaves_a_helpful_card() -> None:
    compared = 0
    for cards in _small_hands():
        for card, pool, roads in itertools.product(ACTION_CARDS, range(2), range(4)):
            if not affordable(card, cards, pool, roads):
                continue
            assert _has_alternative(card, cards, pool, roads) == _differs(
                card, cards, pool, roads
            ), (card, cards, pool, roads)
            compared += 1
    assert compared > 50_000


def test_the_menus_purchase_table_offers_what_each_cards_own_rules_say() -> None:
    """The main menu buys exactly the affordable action cards and offers paying card by card
    exactly where the automatic payment leaves a helpful card (``_purchases`` works both out
    for every card at once, as bits, with ``_has_alternative``'s arithmetic written out)."""
    compared = 0
    for cards in _small_hands():
        for pool, roads in itertools.product(range(2), range(4)):
            purchases = _purchases(_PAYING_CARDS(cards), pool, roads, True)
            buys = [card for card in ACTION_CARDS if purchases & _BUY_BIT[card]]
            pays = [card for card in ACTION_CARDS if purchases & _PAY_BIT[card]]
            buyable = {card for card in ACTION_CARDS if affordable(card, cards, pool, roads)}
            assert set(buys) == buyable, (cards, pool, roads)
            assert set(pays) == {
                card for card in buyable if _has_alternative(card, cards, pool, roads)
            }, (cards, pool, roads)
            compared += 1
    assert compared > 10_000
