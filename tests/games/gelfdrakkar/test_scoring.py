"""Scoring and payment rules: bonuses, announcements, ties, the series and the coin split."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, IllegalAction
from games.gelfdrakkar import GAME
from games.gelfdrakkar.cards import ERSTE, LETZTE, POINTS, SINHARA, TOTAL_POINTS, VERNIO, WALDHERR
from games.gelfdrakkar.scoring import bundle_points, is_pure, settle, split

from .helpers import dealt, endgame, rig, trick

D = list(range(20, 45))  # Drachen, 4 points
G = list(range(95, 120))  # Gnome, 1 point


def round_event(events):
    return next(event.data for event in events if event.kind == "round")


def test_the_deck_holds_120_cards_worth_431_points_plus_four_nullkarten():
    """Ruling: use the listed values (431), not the source's 551."""
    assert len(POINTS) == 124 and TOTAL_POINTS == 431 and sum(POINTS[120:]) == 0


@pytest.mark.parametrize(
    ("players", "hand", "rest"), [(4, 30, 0), (5, 24, 0), (6, 20, 0), (7, 17, 5), (8, 15, 0)]
)
def test_all_cards_are_dealt_evenly_and_the_rest_is_set_aside_unseen(players, hand, rest):
    state = GAME.initial_state(players, GAME.parse_options(players))
    state, events = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(players)))
    if state["phase"] == "deal":  # a misdeal; deal once more
        state, events = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(99)))
    assert [len(h) for h in state["hands"]] == [hand] * players
    assert len(state["rest"]) == rest
    view = GAME.view(state, None)
    assert view["rest_size"] == rest and "rest" not in view
    private = [event for event in events if event.kind == "hand"]
    assert [event.to for event in private] == list(range(players))


def test_vernio_and_sinhara_both_set_aside_is_a_misdeal_dealt_again_by_the_same_dealer():
    state = GAME.initial_state(7, GAME.parse_options(7))
    state, events = GAME.apply(state, CHANCE, rig(7, {}, rest=[VERNIO, SINHARA, 120, 121, 122]))
    assert state["phase"] == "deal" and state["redeals"] == 1 and state["dealer"] == 0
    assert [event.kind for event in events] == ["misdeal", "redeal"]


def test_a_pure_species_trick_counts_twice_and_nullkarten_do_not_spoil_it():
    assert bundle_points(D[:4]) == 32 and is_pure(D[:4])
    assert bundle_points([*G[:3], 120]) == 6
    assert bundle_points([*D[:3], G[0]]) == 13 and not is_pure([*D[:3], G[0]])
    assert not is_pure([120, 121])


def test_the_last_trick_pure_bonus_reaches_the_round_score():
    state = endgame(4, {0: [VERNIO, D[0]], 1: [D[1]], 2: [SINHARA, D[2]], 3: [D[4]]})
    state, events = trick(state, [D[1], D[2], D[4], D[0]])  # Drache A5 (seat 3) is highest
    summary = round_event(events)
    assert summary["points"] == {"V": 0, "A": 32}
    assert summary["winner"] == "A" and summary["stake"] == 32


def test_letzte_dame_last_trick_gives_20_even_when_the_erste_dame_claims_it():
    """Seat 1 (against) wins the last trick with the Letzte Dame; seat 0 (Vernio) holds the
    Erste Dame's claim and takes the trick, but seat 1's party still gets the +20."""
    state = endgame(4, {0: [VERNIO, G[0]], 1: [LETZTE], 2: [SINHARA, G[1]], 3: [G[2]]})
    state["claimant"] = 0
    state, events = trick(state, [LETZTE, G[1], G[2], G[0]])
    assert state["phase"] == "claim"
    state, events = GAME.apply(state, 0, "claim")
    summary = round_event(events)
    assert summary["bonus"] == {"V": 0, "A": 20}
    assert summary["points"] == {"V": 6 + 3, "A": 20}
    assert any(event.kind == "letzte_dame" for event in events)


def test_erste_dame_goes_to_the_taker_who_becomes_the_claimant():
    state, _ = dealt(4, {1: [ERSTE], 2: [SINHARA, G[0]], 3: [G[1]], 0: [VERNIO, G[2]]})
    state, _ = trick(state, [ERSTE, G[0], G[1], G[2]])
    assert state["claimant"] == 1


def test_announcement_multiplies_the_stake_and_the_highest_counts():
    party = ["V", "A", "V", "A"]
    points = {"V": 300, "A": 100}
    plain = settle(points=points, party=party, announcements=[], carry_mult_halves=2, carry_add=0)
    assert plain["stake"] == 200 and plain["winner"] == "V"
    doubled = settle(
        points=points, party=party, announcements=[[0, 120]], carry_mult_halves=2, carry_add=0
    )
    assert doubled["stake"] == 400
    highest = settle(
        points=points,
        party=party,
        announcements=[[0, 160], [1, 160], [2, 120]],
        carry_mult_halves=2,
        carry_add=0,
    )
    # "Against" announced 160 too and failed (Vernio has 300): Vernio wins, x2 counts.
    assert highest["stake"] == 400 and highest["failed"] == ["A"]


def test_each_multiplier_from_160_to_0():
    party = ["V", "A", "A", "A"]
    for limit, factor in [(160, 1.5), (120, 2), (80, 2.5), (40, 3), (0, 5)]:
        outcome = settle(
            points={"V": 200, "A": 0},
            party=party,
            announcements=[[0, limit]],
            carry_mult_halves=2,
            carry_add=0,
        )
        assert outcome["winner"] == "V" and outcome["stake"] == 200 * factor


def test_party_announcement_adds_20_to_the_stake():
    outcome = settle(
        points={"V": 50, "A": 60},
        party=["V", "A", "A", "A"],
        announcements=[[0, "reveal"], [1, "reveal"]],
        carry_mult_halves=2,
        carry_add=0,
    )
    assert outcome["winner"] == "A" and outcome["stake"] == 10 + 40


def test_failed_announcement_loses_the_round_for_the_announcing_party():
    outcome = settle(
        points={"V": 250, "A": 181},
        party=["V", "A", "V", "A"],
        announcements=[[0, 160]],
        carry_mult_halves=2,
        carry_add=0,
    )
    # Vernio has more points but "the others stay under 160" failed: Vernio loses.
    assert outcome["winner"] == "A" and outcome["failed"] == ["V"]
    assert outcome["stake"] == (69 * 3 + 1) // 2  # 103.5 rounds up to 104
    assert outcome["payments"] == [-52, 52, -52, 52]


def test_under_zero_means_the_others_score_nothing():
    base = {"party": ["V", "A", "A", "A"], "carry_mult_halves": 2, "carry_add": 0}
    fails = settle(points={"V": 300, "A": 1}, announcements=[[0, 0]], **base)
    holds = settle(points={"V": 300, "A": 0}, announcements=[[0, 0]], **base)
    assert fails["winner"] == "A" and holds["winner"] == "V" and holds["stake"] == 1500


def test_both_parties_failing_leaves_the_points_to_decide():
    outcome = settle(
        points={"V": 200, "A": 231},
        party=["V", "A", "V", "A"],
        announcements=[[0, 160], [1, 160]],
        carry_mult_halves=2,
        carry_add=0,
    )
    assert outcome["winner"] == "A" and outcome["failed"] == ["A", "V"]


def test_odd_coins_go_to_the_earliest_seats_and_payments_sum_to_zero():
    assert split(7, [2, 0]) == [4, 3]
    outcome = settle(
        points={"V": 110, "A": 100},
        party=["A", "V", "A", "A", "V"],
        announcements=[],
        carry_mult_halves=2,
        carry_add=0,
    )
    # Stake 10: three losers pay 4, 3, 3 (seat 0 first); two winners get 5 each.
    assert outcome["payments"] == [-4, 5, -3, -3, 5]
    assert sum(outcome["payments"]) == 0


def _play_weakest(state):
    """The seat on turn plays its highest-id card (a Gnom here: hands are mostly Gnome)."""
    seat = state["turn"]
    return trick(state, [state["hands"][seat][-1]])[0]


def test_engine_point_announcements_once_per_round_for_everyone_before_the_second_card():
    """Ruling: a point limit, once announced by anyone, is gone for everyone (for the other
    party too), so no menu tells the announcer's party; "for / against Vernio" is once per
    party; announcements only before one's second card."""
    state, _ = dealt(4, {0: [VERNIO], 2: [SINHARA]})
    assert {"limit:160", "limit:0", "reveal"} <= set(GAME.legal_actions(state, 1))
    state, events = GAME.apply(state, 1, "limit:120")
    assert events[0].data == {"seat": 1, "kind": 120, "party": None}
    assert GAME.view(state, None)["revealed"][1] is None  # a limit does not say whose it is
    state = _play_weakest(state)
    assert "limit:120" not in GAME.legal_actions(state, 2)  # seat 2 plays against seat 1
    assert "limit:160" in GAME.legal_actions(state, 2)
    with pytest.raises(IllegalAction, match="already been made this round") as error:
        GAME.apply(state, 2, "limit:120", checked=True)
    assert "schon gemacht" in error.value.reason.de
    state, events = GAME.apply(state, 2, "reveal")
    assert GAME.view(state, None)["revealed"][2] == "V"
    assert "Vernio" in GAME.describe_event(events[0], "de")
    state = _play_weakest(state)
    assert "limit:120" not in GAME.legal_actions(state, 3)  # seat 3 is seat 1's partner
    assert "reveal" in GAME.legal_actions(state, 3)  # "against Vernio" is still to be made
    while state["played"][state["turn"]] < 2:
        assert any(code.startswith("limit:") for code in GAME.legal_actions(state, state["turn"]))
        state = _play_weakest(state)
    seat = state["turn"]
    assert not any(code.startswith("limit:") for code in GAME.legal_actions(state, seat))
    with pytest.raises(
        IllegalAction, match=r"Announcements are only possible before you play"
    ) as error:
        GAME.apply(state, seat, "limit:40")
    assert "second card" in error.value.reason.en


def test_failed_announcement_in_a_played_round():
    """Seat 1 (against) said "Vernio stays under 40"; Vernio ends with 45: against loses."""
    state = endgame(
        4,
        {0: [VERNIO, G[22]], 1: [G[24]], 2: [SINHARA, G[23]], 3: [G[4]]},
        piles={"V": [[VERNIO, SINHARA]], "A": [D[:2] + [G[10]]]},
    )
    state["announcements"] = [[1, 40]]
    state, events = trick(state, [G[24], G[23], G[4], G[22]])  # Gnom A5 (seat 3) wins
    summary = round_event(events)
    assert summary["points"] == {"V": 45, "A": 9 + 8}
    assert summary["failed"] == ["A"] and summary["winner"] == "V"
    assert summary["stake"] == (45 - 17) * 3
    assert state["balances"] == [42, -42, 42, -42]


def test_a_tied_round_is_dealt_again_by_the_same_dealer_with_multipliers_carried():
    state = endgame(
        4,
        {0: [VERNIO, G[22]], 1: [G[24]], 2: [SINHARA, G[4]], 3: [G[23]]},
        piles={"V": [], "A": [[D[0], 45, G[5]]]},  # 4 + 3 + 1, not pure
    )
    state["announcements"] = [[0, 120], [1, "reveal"]]
    # Last trick: Gnome only (pure, 4 x 2 = 8) to seat 2 (Vernio): 8 against 8.
    state, events = trick(state, [G[24], G[4], G[23], G[22]])
    summary = round_event(events)
    assert summary["winner"] is None and summary["points"]["V"] == summary["points"]["A"]
    assert state["phase"] == "deal" and state["dealer"] == 0 and state["redeals"] == 1
    assert state["carry_mult"] == 4 and state["carry_add"] == 20
    assert state["announcements"] == [] and state["balances"] == [0, 0, 0, 0]
    assert state["history"] == []
    # In the new deal, the limit announced before no longer counts; the multiplier does.
    outcome = settle(
        points={"V": 110, "A": 100},
        party=["V", "A", "V", "A"],
        announcements=[],
        carry_mult_halves=state["carry_mult"],
        carry_add=state["carry_add"],
    )
    assert outcome["stake"] == (10 + 20) * 2


def test_a_tie_after_the_last_allowed_redeal_ends_the_round_without_payment():
    state = endgame(
        4,
        {0: [VERNIO, G[22]], 1: [G[24]], 2: [SINHARA, G[4]], 3: [G[23]]},
        piles={"V": [], "A": [[D[0], 45, G[5]]]},  # 4 + 3 + 1, not pure
    )
    state["redeals"] = 3
    state, events = trick(state, [G[24], G[4], G[23], G[22]])
    assert "void" in [event.kind for event in events]
    assert state["phase"] == "over" and state["balances"] == [0, 0, 0, 0]


def test_late_waldherr_hands_his_partys_pile_to_the_other_party():
    state = endgame(
        4,
        {0: [VERNIO, G[22]], 1: [G[24]], 2: [SINHARA, G[23]], 3: [G[4]]},
        piles={"V": [[VERNIO, SINHARA]], "A": [[WALDHERR, G[5]]]},
    )
    state["late"] = [3]  # seat 3 (against) played the Waldherr as one of its last two cards
    state, events = trick(state, [G[24], G[23], G[4], G[22]])
    summary = round_event(events)
    assert summary["penalised"] == ["A"]
    assert summary["piles"] == {"V": 45, "A": 13 + 8}
    assert summary["points"] == {"V": 45 + 21, "A": 0}


def test_a_series_keeps_balances_rotates_the_dealer_and_ranks_by_balance():
    players = 5
    options = GAME.parse_options(players, {"rounds": 3})
    state = GAME.initial_state(players, options)
    rng = random.Random(7)
    dealers = []
    while not GAME.is_over(state):
        seats = GAME.to_act(state)
        if seats == [CHANCE]:
            dealers.append(state["dealer"])
            state, _ = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        else:
            seat = seats[0]
            codes = [code for code in GAME.legal_actions(state, seat) if code[0] in "pc"]
            state, _ = GAME.apply(state, seat, rng.choice(codes))
    history = state["history"]
    assert len(history) == 3 and sum(state["balances"]) == 0
    totals = [
        sum(entry.get("payments", [0] * players)[seat] for entry in history)
        for seat in range(players)
    ]
    assert totals == state["balances"]
    assert [entry["dealer"] for entry in history] == [0, 1, 2]
    assert sorted(set(dealers)) == [0, 1, 2]
    result = GAME.result(state)
    best = max(state["balances"])
    assert [rank == 1 for rank in result.ranks] == [b == best for b in state["balances"]]


def test_the_last_tricks_winner_takes_the_fettered_cards_for_their_party():
    state = endgame(
        4,
        {0: [VERNIO, G[22]], 1: [G[24]], 2: [SINHARA, G[23]], 3: [G[4]]},
        piles={"V": [], "A": []},
    )
    state["fettered"] = [[15, D[0], 45, 70]]  # Fessel 0 + 4 + 3 + 2
    state, events = trick(state, [G[24], G[23], G[4], G[22]])  # seat 3 (against) wins
    summary = round_event(events)
    assert summary["piles"] == {"V": 0, "A": 8 + 9}
    assert state["history"][0]["points"] == {"V": 0, "A": 17}


def test_a_gegenwirker_in_the_last_trick_sends_it_against_vernio():
    state = endgame(4, {0: [VERNIO, G[22]], 1: [18], 2: [SINHARA, G[4]], 3: [G[23]]})
    state, events = trick(state, [18, G[4], G[23], G[22]])
    data = [event.data for event in events if event.kind == "trick"][-1]
    assert (data["winner"], data["dest"]) == (2, "A")
    assert round_event(events)["points"] == {"V": 0, "A": 15 + 3}


def test_a_fourth_misdeal_ends_the_round_and_leaves_the_given_state_alone():
    state = GAME.initial_state(7, GAME.parse_options(7, {"rounds": 2}))
    state["redeals"] = 3
    before = {
        key: (list(value) if isinstance(value, list) else value) for key, value in state.items()
    }
    after, events = GAME.apply(state, CHANCE, rig(7, {}, rest=[VERNIO, SINHARA, 120, 121, 122]))
    assert "void" in [event.kind for event in events]
    assert after["round"] == 1 and after["dealer"] == 1 and len(after["history"]) == 1
    assert state["history"] == [] and state == before
