"""The hand evaluator against the ruling: hand-written cases for every combination and
tie-break, and hypothesis properties (order independence, equality with a brute-force search
over every way to split a hand into combinations)."""

from __future__ import annotations

from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from games.stardust.cards import (
    DUNKLE_WASSER,
    HEILER,
    JOKER_PLANET_POINTS,
    JOKER_SUN_VALUE,
    LEBENSHAUCH,
    PRISMA,
    SCHNELLER_TOD,
    SCHWARZES_LOCH,
    is_joker,
    is_planet,
    is_sun,
    planet,
    points,
    size,
    structure,
    sun,
    sun_value,
)
from games.stardust.scoring import evaluate, explain

WALD, AQUA, WUESTE = 0, 1, 2
GROSS, MITTEL, KLEIN = 0, 1, 2


def p(struct: int, planet_size: int, economy: int) -> int:
    return planet(struct, planet_size, economy)


# ----- the deck ----------------------------------------------------------------------------------


def test_deck_has_36_planets_6_suns_6_jokers_every_planet_once() -> None:
    """Ruling: 36 planets (3 structures x 3 sizes x points 1-4, each once), 6 suns, 6 jokers."""
    planets = [card for card in range(48) if is_planet(card)]
    assert len(planets) == 36
    assert len({(structure(c), size(c), points(c)) for c in planets}) == 36
    assert sum(is_sun(card) for card in range(48)) == 6
    assert sum(is_joker(card) for card in range(48)) == 6


def test_sun_values_red_beats_yellow_then_stripes() -> None:
    """Ruling: any rot beats any gelb, then more stripes (gelb 1-3, rot 4-6)."""
    assert [sun_value(sun(False, s)) for s in (1, 2, 3)] == [1, 2, 3]
    assert [sun_value(sun(True, s)) for s in (1, 2, 3)] == [4, 5, 6]


# ----- combinations ------------------------------------------------------------------------------


def test_zweiersystem_same_size_and_structure() -> None:
    """Zweiersystem: 2 planets of the same size and structure score their points."""
    hand = [p(WALD, MITTEL, 4), p(WALD, MITTEL, 2), p(AQUA, GROSS, 1), sun(False, 1)]
    hand.append(p(WUESTE, KLEIN, 3))
    assert evaluate(hand)[:2] == (0, 6)
    assert explain(hand)["kind"] == "zweier"


def test_no_system_from_same_size_other_structure_or_same_structure_other_size() -> None:
    """A pair needs both the same size and the same structure."""
    hand = [p(WALD, MITTEL, 4), p(AQUA, MITTEL, 4), p(WALD, GROSS, 3), sun(True, 2), sun(False, 2)]
    assert evaluate(hand)[1] == 0
    assert explain(hand)["kind"] == "nichts"


def test_dreiersystem_three_of_one_size() -> None:
    """Dreiersystem: 3 planets of one size and structure."""
    hand = [p(AQUA, KLEIN, 1), p(AQUA, KLEIN, 2), p(AQUA, KLEIN, 4), sun(False, 1), sun(True, 1)]
    assert evaluate(hand)[:2] == (0, 7)
    assert explain(hand)["kind"] == "dreier"


def test_dreiersystem_gross_mittel_klein_of_one_structure() -> None:
    """Dreiersystem: gross + mittel + klein of one structure."""
    hand = [p(WUESTE, GROSS, 4), p(WUESTE, MITTEL, 3), p(WUESTE, KLEIN, 1), sun(True, 3), 37]
    assert evaluate(hand)[:2] == (0, 8)


def test_two_of_a_size_plus_another_size_is_no_dreier() -> None:
    """Two mittel + one gross of a structure is no Dreier; the mittel pair still counts."""
    hand = [p(WALD, MITTEL, 1), p(WALD, MITTEL, 2), p(WALD, GROSS, 4), sun(True, 3), 37]
    assert evaluate(hand)[1] == 3
    assert explain(hand)["kind"] == "zweier"


def test_gemischtes_system_scores_dreier_plus_zweier_of_other_structure() -> None:
    """Gemischtes System: a Dreier and a Zweier of another structure; the points add up."""
    hand = [p(AQUA, MITTEL, 1), p(AQUA, MITTEL, 2), p(AQUA, MITTEL, 3), p(WUESTE, GROSS, 4)]
    hand.append(p(WUESTE, GROSS, 2))
    assert evaluate(hand)[1] == 6 + 6
    assert explain(hand)["kind"] == "gemischt"


def test_megasystem_scores_dreier_plus_zweier_of_same_structure() -> None:
    """Megasystem: a Dreier and a Zweier of the same structure."""
    hand = [p(WUESTE, KLEIN, 1), p(WUESTE, KLEIN, 2), p(WUESTE, KLEIN, 3), p(WUESTE, GROSS, 4)]
    hand.append(p(WUESTE, GROSS, 3))
    assert evaluate(hand)[1] == 6 + 7
    assert explain(hand)["kind"] == "mega"


def test_two_zweiersysteme_both_count() -> None:
    """Ruling: two Zweiersysteme in one hand both count."""
    hand = [p(WALD, GROSS, 4), p(WALD, GROSS, 3), p(AQUA, KLEIN, 2), p(AQUA, KLEIN, 1), 36]
    assert evaluate(hand)[1] == 10
    assert explain(hand)["kind"] == "zweimal"


def test_cards_outside_combinations_score_nothing() -> None:
    """Only cards in combinations score: a lone 4-point planet adds nothing."""
    with_lone = [p(WALD, GROSS, 1), p(WALD, GROSS, 2), p(AQUA, KLEIN, 4), 36, 37]
    assert evaluate(with_lone)[1] == 3


def test_best_split_is_chosen() -> None:
    """The score is the best sum: Zweier + run-Dreier (14) beats the bigger single Dreier (11)."""
    hand = [p(WALD, GROSS, 4), p(WALD, GROSS, 3), p(WALD, MITTEL, 2), p(WALD, KLEIN, 1), PRISMA]
    assert evaluate(hand)[1] == 14


# ----- jokers ------------------------------------------------------------------------------------


def test_every_joker_stands_in_for_a_planet_with_its_fixed_points() -> None:
    """Prisma 4, Heiler 3, Lebenshauch 2, Schwarzes Loch 3, Schneller Tod 2, Dunkle Wasser 1."""
    expected = {PRISMA: 4, HEILER: 3, LEBENSHAUCH: 2, SCHWARZES_LOCH: 3, SCHNELLER_TOD: 2}
    expected[DUNKLE_WASSER] = 1
    for joker, value in expected.items():
        hand = [p(AQUA, MITTEL, 1), joker, sun(False, 1), sun(False, 2), sun(True, 1)]
        assert evaluate(hand)[1] == 1 + value, joker


def test_joker_takes_any_structure_and_size() -> None:
    """A joker completes a run (gross + ? + klein) and a same-size triple alike."""
    run = [p(WUESTE, GROSS, 1), PRISMA, p(WUESTE, KLEIN, 1), sun(False, 1), sun(False, 2)]
    assert evaluate(run)[1] == 6
    assert explain(run)["kind"] == "dreier"


def test_every_combination_needs_a_real_planet() -> None:
    """Two jokers alone are no Zweiersystem; three no Dreiersystem."""
    hand = [PRISMA, HEILER, LEBENSHAUCH, sun(False, 1), p(WALD, GROSS, 1)]
    # Best: the real planet with two jokers (1 + 4 + 3); jokers alone would give 9 but are invalid.
    assert evaluate(hand)[1] == 8
    assert evaluate([PRISMA, HEILER, sun(False, 1), sun(False, 2), p(WALD, GROSS, 1)])[1] == 8


def test_joker_never_a_sun_unless_listed() -> None:
    """Only Prisma, Heiler and Lebenshauch may stand in for suns; Schwarzes Loch may not."""
    four_suns = [sun(False, 1), sun(False, 2), sun(False, 3), sun(True, 1)]
    assert evaluate([*four_suns, PRISMA])[0] == 1
    assert evaluate([*four_suns, SCHWARZES_LOCH])[0] == 0


def test_sternenhaufen_needs_a_real_sun() -> None:
    """Three sun jokers and two suns make a Sternenhaufen; its value sums the suns."""
    hand = [PRISMA, HEILER, LEBENSHAUCH, sun(False, 1), sun(False, 2)]
    assert evaluate(hand)[:2] == (1, 6 + 5 + 4 + 1 + 2)


# ----- Sternenhaufen, das grosse Treffen ----------------------------------------------------------


def test_sternenhaufen_beats_the_best_planet_system() -> None:
    """Sternenhaufen beats every planet system (supernova)."""
    weakest_cluster = [sun(False, 1), sun(False, 2), sun(False, 3), sun(True, 1), sun(True, 2)]
    mega = [p(WALD, GROSS, 4), p(WALD, GROSS, 3), p(WALD, GROSS, 2), PRISMA, HEILER]
    assert evaluate(mega)[1] >= 16
    assert evaluate(weakest_cluster) > evaluate(mega)


def test_higher_sternenhaufen_wins() -> None:
    """Between two Sternenhaufen the higher sum of sun values wins."""
    low = [sun(False, 1), sun(False, 2), sun(False, 3), sun(True, 1), LEBENSHAUCH]
    high = [sun(True, 2), sun(True, 3), PRISMA, HEILER, sun(False, 1)]
    assert evaluate(high)[1] > evaluate(low)[1]
    assert evaluate(high) > evaluate(low)


def test_das_grosse_treffen_beats_sternenhaufen() -> None:
    """Das große Treffen (5 jokers) beats everything, a Sternenhaufen too."""
    treffen = [PRISMA, HEILER, LEBENSHAUCH, SCHWARZES_LOCH, DUNKLE_WASSER]
    best_cluster = [sun(True, 3), sun(True, 2), sun(True, 1), sun(False, 3), sun(False, 2)]
    assert evaluate(treffen)[0] == 2
    assert evaluate(treffen) > evaluate(best_cluster)


# ----- ties --------------------------------------------------------------------------------------


def test_tie_broken_by_best_sun_held_outside_combinations() -> None:
    """Equal points: the higher best sun held wins, even outside a combination; rot > gelb."""
    red = [p(WALD, GROSS, 4), p(WALD, GROSS, 3), sun(True, 1), p(AQUA, KLEIN, 1), 30]
    yellow = [p(AQUA, GROSS, 4), p(AQUA, GROSS, 3), sun(False, 3), p(WALD, KLEIN, 1), 35]
    assert evaluate(red)[1] == evaluate(yellow)[1] == 7
    assert evaluate(red) > evaluate(yellow)


def test_a_sun_beats_no_sun_on_equal_points() -> None:
    """Equal points: a hand with a sun beats one without, whatever the structures."""
    desert_with_sun = [p(WUESTE, GROSS, 4), p(WUESTE, GROSS, 3), sun(False, 1), 0, 13]
    forest = [p(WALD, MITTEL, 4), p(WALD, MITTEL, 3), 24, 13 + 16, 8]
    assert evaluate(desert_with_sun)[1] == evaluate(forest)[1] == 7
    assert evaluate(desert_with_sun) > evaluate(forest)


def test_no_suns_structure_decides_wald_over_aqua_over_wueste() -> None:
    """No suns on either side: the structure of the best combination, Wald > Aqua > Wüste."""
    wald = evaluate([p(WALD, KLEIN, 4), p(WALD, KLEIN, 3), p(AQUA, GROSS, 1), 34, 18])
    aqua = evaluate([p(AQUA, KLEIN, 4), p(AQUA, KLEIN, 3), p(WALD, GROSS, 1), 34, 6])
    wueste = evaluate([p(WUESTE, KLEIN, 4), p(WUESTE, KLEIN, 3), p(WALD, GROSS, 1), 18, 6])
    assert wald[1] == aqua[1] == wueste[1] == 7
    assert wald > aqua > wueste


def test_structure_of_the_highest_scoring_combination_counts() -> None:
    """The highest-scoring combination's structure decides, not the other combination's."""
    aqua_top = [p(AQUA, GROSS, 4), p(AQUA, GROSS, 3), p(WALD, KLEIN, 2), p(WALD, KLEIN, 1)]
    wald_top = [p(WALD, GROSS, 4), p(WALD, GROSS, 3), p(AQUA, KLEIN, 2), p(AQUA, KLEIN, 1)]
    aqua_score = evaluate([*aqua_top, p(WUESTE, MITTEL, 1)])
    wald_score = evaluate([*wald_top, p(WUESTE, GROSS, 1)])
    assert aqua_score[1] == wald_score[1] == 7 + 3
    assert wald_score > aqua_score


def test_same_points_same_structure_no_suns_is_a_true_tie() -> None:
    """Still tied: equal scores (the pot is split)."""
    first = evaluate([p(WALD, GROSS, 4), p(WALD, GROSS, 1), 13, 30, 22])
    second = evaluate([p(WALD, MITTEL, 3), p(WALD, MITTEL, 2), 14, 31, 33])
    assert first == second


def test_six_card_hand_uses_its_best_five() -> None:
    """After a Schwarzes Loch: three pairs in six cards, but only the best five cards count."""
    hand = [p(WALD, GROSS, 4), p(WALD, GROSS, 3), p(AQUA, GROSS, 4), p(AQUA, GROSS, 3)]
    hand += [p(WUESTE, GROSS, 4), p(WUESTE, GROSS, 3)]
    assert evaluate(hand)[1] == 14


# ----- properties --------------------------------------------------------------------------------


def _substitutes(card: int) -> list[tuple[int, int, int]]:
    """(structure, size, points) a card may be as a planet."""
    if is_planet(card):
        return [(structure(card), size(card), points(card))]
    if is_joker(card):
        value = JOKER_PLANET_POINTS[card - 42]
        return [(s, z, value) for s in range(3) for z in range(3)]
    return []


def _literal_group(group: list[int]) -> tuple[int, int] | None:
    """The ruling read literally, trying every joker substitution."""
    if len(group) not in (2, 3) or not any(is_planet(card) for card in group):
        return None
    best = None
    for choice in product(*(_substitutes(card) for card in group)):
        structures = {s for s, _z, _v in choice}
        sizes = [z for _s, z, _v in choice]
        if len(structures) != 1:
            continue
        if len(set(sizes)) == 1 or (len(group) == 3 and sorted(sizes) == [0, 1, 2]):
            value = (sum(v for _s, _z, v in choice), 3 - structures.pop())
            best = value if best is None or value > best else best
    return best


def brute_force(hand: list[int]) -> tuple[int, int, int, int]:
    best_sun = max((sun_value(card) for card in hand if is_sun(card)), default=0)
    best = (0, 0, best_sun, 0)
    for five in combinations(hand, min(5, len(hand))):
        if all(is_joker(card) for card in five):
            best = max(best, (2, 0, best_sun, 0))
        sun_values = [
            sun_value(card) if is_sun(card) else JOKER_SUN_VALUE[card - 42] if is_joker(card) else 0
            for card in five
        ]
        if all(sun_values) and any(is_sun(card) for card in five):
            best = max(best, (1, sum(sun_values), best_sun, 0))
        for labels in product(range(3), repeat=len(five)):
            groups = [[c for c, lab in zip(five, labels, strict=True) if lab == g] for g in (1, 2)]
            values = []
            for group in groups:
                if group:
                    value = _literal_group(group)
                    if value is None:
                        break
                    values.append(value)
            else:
                if not values:
                    continue
                total = sum(v for v, _r in values)
                top = max(v for v, _r in values)
                rank = max(r for v, r in values if v == top)
                best = max(best, (0, total, best_sun, rank))
    return best


FULL_DECK = list(range(48))
DENSE = [c for c in range(48) if c < 12 or 24 <= c < 30 or c >= 36]  # many pairs and jokers
hands = st.one_of(
    st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=6, unique=True),
    st.lists(st.sampled_from(DENSE), min_size=5, max_size=6, unique=True),
    st.lists(
        st.sampled_from(list(range(36, 48)) + [0, 1, 13]), min_size=5, max_size=6, unique=True
    ),
)


@settings(max_examples=150, deadline=None)
@given(hands, st.randoms(use_true_random=False))
def test_score_does_not_depend_on_card_order(hand: list[int], rnd) -> None:
    """Property: any order of the same cards scores the same."""
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled) == evaluate(hand)


@settings(max_examples=120, deadline=None)
@given(hands)
def test_score_equals_brute_force_over_all_splits(hand: list[int]) -> None:
    """Property: the fast evaluator equals a literal search over every split into combinations."""
    assert evaluate(hand) == brute_force(hand)


# ----- the table of every five-card hand's verdict -----------------------------------------------


def test_hand_ranks_number_the_five_card_hands_in_colexicographic_order() -> None:
    """``hand_rank`` numbers the hands of the lowest cards first: the C(12, 5) hands of cards
    0-11 take exactly the ranks 0 to 791, and the highest hand the last rank of C(48, 5)."""
    from math import comb

    from games.stardust.scoring import hand_rank

    low = sorted(hand_rank(hand) for hand in combinations(range(12), 5))
    assert low == list(range(comb(12, 5)))
    assert hand_rank((43, 44, 45, 46, 47)) == comb(48, 5) - 1


def test_packed_scores_order_as_the_score_tuples_do() -> None:
    """A showdown compares packed scores: for every pair of the scores a hand can have, the
    packed ints compare as the tuples (higher wins, equal splits)."""
    from games.stardust.scoring import pack_score
    from games.stardust.strategy import _score_table

    scores = _score_table()[0]
    packed = [pack_score((cat, points, sun, rank)) for cat, points, sun, rank in scores]
    assert packed == sorted(packed)
    assert len(set(packed)) == len(scores)


def test_the_verdict_table_holds_the_evaluators_verdict_on_hands_of_five() -> None:
    """``verdicts.bin`` (``tools/stardust_verdicts_table.py``) gives every hand the score, kind
    and combinations the evaluator finds: on seeded random hands and on every hand of the
    jokers, suns and a few planets (where the kinds and groups are most varied)."""
    import random

    from games.stardust.scoring import KIND_NAMES, KINDS, _evaluate, judge, showdown_verdict

    rng = random.Random(18)
    hands = [sorted(rng.sample(FULL_DECK, 5)) for _ in range(20_000)]
    hands += [list(hand) for hand in combinations([0, 1, 4, 13, 25, *range(36, 48)], 5)]
    kinds = set()
    for hand in hands:
        verdict = _evaluate(tuple(hand))
        assert judge(hand) == verdict, hand
        score, kind, groups = verdict
        assert showdown_verdict(hand)[1:] == (list(score), kind, [list(g) for g in groups])
        kinds.add(kind)
    assert kinds == set(KINDS) == set(KIND_NAMES)
