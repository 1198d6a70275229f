"""Each card, combination and special card in isolation, on rigged deals (4 players unless said).

Seat 0 deals, so seat 1 leads the first trick and play goes 1, 2, 3, 0. Seats 0 and 2 hold
Vernio and Sinhara in most tests: the Vernio party is {0, 2}, against Vernio {1, 3}.
"""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.gelfdrakkar import GAME
from games.gelfdrakkar.cards import (
    CARDS,
    ERSTE,
    FESSEL,
    LETZTE,
    SINHARA,
    TOD,
    VERNIO,
    WALDHERR,
    ZWEITE,
)

from .helpers import dealt, last_trick_event, trick

FREUND, FREUND2 = 7, 8
SPION, SPION2 = 9, 10
HELFER, HELFER2, HELFER3 = 11, 12, 13
UNTER, UNTER2 = 16, 17
GEGEN, GEGEN2 = 18, 19
NULL1, NULL2 = 120, 121
BASE = {"drache": 20, "mensch": 45, "zwerg": 70, "gnom": 95}


def c(species: str, label: str) -> int:
    """The id of a species card such as c("drache", "B3")."""
    return BASE[species] + "ABCDE".index(label[0]) * 5 + int(label[1]) - 1


def table(hands: dict[int, list[int]], players: int = 4):
    """A rigged deal where seat 0 holds Vernio and seat 2 Sinhara unless the hands say else."""
    hands = {seat: list(cards) for seat, cards in hands.items()}
    placed = {card for cards in hands.values() for card in cards}
    if VERNIO not in placed:
        hands.setdefault(0, []).append(VERNIO)
    if SINHARA not in placed:
        hands.setdefault(2, []).append(SINHARA)
    state, _ = dealt(players, hands)
    return state


def test_card_names_keep_german_with_english_gloss():
    assert CARDS[c("drache", "A1")]["de"] == "Drache A1"
    assert GAME.action_label(table({1: [WALDHERR]}), 1, "play:3", "en").startswith(
        "Play Waldherr (Forest Lord)"
    )


def test_highest_card_wins_and_ranks_follow_the_order_from_vernio_down():
    order = [VERNIO, TOD, SINHARA, WALDHERR, ERSTE, ZWEITE, LETZTE, HELFER, c("drache", "E1")]
    order += [c("mensch", "A5"), c("zwerg", "A5"), c("gnom", "A5")]
    ranks = [CARDS[card]["rank"] for card in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    assert CARDS[c("drache", "A1")]["rank"] > CARDS[c("drache", "B5")]["rank"]
    assert CARDS[c("drache", "B5")]["rank"] > CARDS[c("drache", "B4")]["rank"]
    state = table({1: [c("gnom", "A1")], 2: [ZWEITE], 3: [ERSTE], 0: [c("drache", "A5")]})
    state, events = trick(state, [c("gnom", "A1"), ZWEITE, ERSTE, c("drache", "A5")])
    assert last_trick_event(events)["winner"] == 3


def test_species_letter_beats_number():
    state = table({1: [c("drache", "B5")], 2: [c("drache", "A1")], 3: [95], 0: [96]})
    state, events = trick(state, [c("drache", "B5"), c("drache", "A1"), 95, 96])
    assert last_trick_event(events)["winner"] == 2


def test_equal_cards_go_to_the_first_played():
    state = table({1: [HELFER], 2: [c("gnom", "E1")], 3: [HELFER2], 0: [c("gnom", "E2")]})
    state, events = trick(state, [HELFER, c("gnom", "E1"), HELFER2, c("gnom", "E2")])
    assert last_trick_event(events)["winner"] == 1


def test_a_won_trick_goes_to_the_pile_of_the_winners_party_and_reveals_it():
    state = table({1: [c("gnom", "E1")], 2: [c("drache", "A5")], 3: [95], 0: [96]})
    assert GAME.view(state, None)["revealed"][2] is None
    state, events = trick(state, [c("gnom", "E1"), c("drache", "A5"), 95, 96])
    assert last_trick_event(events)["dest"] == "V"
    assert state["piles"]["V"] == [[c("gnom", "E1"), c("drache", "A5"), 95, 96]]
    assert state["turn"] == 2
    assert GAME.view(state, None)["revealed"][2] == "V"


def test_three_drachen_beat_a_gelfling_and_the_first_drache_takes_it():
    d1, d2, d3 = c("drache", "E1"), c("drache", "E2"), c("drache", "A5")
    state = table({1: [WALDHERR], 2: [d1], 3: [d2], 0: [d3]})
    state, events = trick(state, [WALDHERR, d1, d2, d3])
    data = last_trick_event(events)
    assert (data["winner"], data["card"], data["how"]) == (2, d1, "dragons3")


def test_two_drachen_do_not_beat_a_gelfling():
    d1, d2 = c("drache", "E1"), c("drache", "E2")
    state = table({1: [LETZTE], 2: [d1], 3: [d2], 0: [95]})
    state, events = trick(state, [LETZTE, d1, d2, 95])
    assert last_trick_event(events)["winner"] == 1


def test_two_drachen_in_a_row_beat_an_elf():
    d1, d2 = c("drache", "E1"), c("drache", "E2")
    state = table({1: [FREUND], 2: [d1], 3: [d2], 0: [95]})
    state, events = trick(state, [FREUND, d1, d2, 95])
    data = last_trick_event(events)
    assert (data["winner"], data["how"]) == (2, "dragons2")


def last_trick(players: int, cards: list[int]):
    """The last trick of a round, seat 1 leading, each seat holding the one card it plays
    (set up with the game's public ``set_up``); seats 0 and 2 are the Vernio party."""
    hands = [[cards[(seat - 1) % players]] for seat in range(players)]
    parties = ["V" if seat in (0, 2) else "A" for seat in range(players)]
    tricks = (124 if players == 7 else 120) // players
    position = {"hands": hands, "parties": parties, "tricks_played": tricks - 1, "leader": 1}
    return GAME.set_up(players, position)


def test_drachen_combination_needs_the_drachen_in_a_row_another_card_between_breaks_it():
    """Ruling: 2 Drachen beat an elf only "direkt nacheinander"; a Gnom between them breaks the
    row, so the elf wins by rank."""
    d1, d2 = c("drache", "E1"), c("drache", "E2")
    state = last_trick(4, [FREUND, d1, 95, d2])
    state, events = trick(state, [FREUND, d1, 95, d2])
    data = last_trick_event(events)
    assert (data["winner"], data["card"], data["how"]) == (1, FREUND, "rank")


def test_three_drachen_not_in_a_row_do_not_beat_a_gelfling():
    """Ruling: 3 Drachen beat a Gelfling only in a row; here a Gnom splits them."""
    d1, d2, d3 = c("drache", "E1"), c("drache", "E2"), c("drache", "A5")
    state = last_trick(5, [d1, WALDHERR, d2, d3, 95])
    state, events = trick(state, [d1, WALDHERR, d2, d3, 95], partners={WALDHERR: 1})
    data = last_trick_event(events)
    assert (data["winner"], data["card"], data["how"]) == (2, WALDHERR, "rank")


def test_a_nullkarte_between_two_drachen_does_not_break_their_row():
    """Ruling: a Nullkarte does not count as a card between, for Drachen as for the others."""
    d1, d2 = c("drache", "E1"), c("drache", "E2")
    state = last_trick(7, [FREUND, d1, NULL1, d2, 95, 96, 97])
    state, events = trick(state, [FREUND, d1, NULL1, d2, 95, 96, 97])
    data = last_trick_event(events)
    assert (data["winner"], data["card"], data["how"]) == (2, d1, "dragons2")


def test_a_nullkarte_cancelled_by_a_spion_still_does_not_count_as_a_card_between():
    """Source: Nullkarten never count as a card between, and the Spion cancels only a card's
    effect: the Spion of the party against Vernio cancels the Vernio party's best card, here a
    Nullkarte, and the two Drachen on either side of it still beat the Freund."""
    d1, d2 = c("drache", "E1"), c("drache", "E2")
    cards = [d1, NULL1, d2, FREUND, SPION, 95, NULL2]  # seats 1, 2, ..., 6, 0
    state = last_trick(7, cards)
    state, events = trick(state, cards)
    data = last_trick_event(events)
    assert data["cancelled"] == [NULL1]
    assert (data["winner"], data["card"], data["how"]) == (1, d1, "dragons2")


def test_helfer_beats_a_combination_of_drachen():
    d1, d2, d3 = c("drache", "E1"), c("drache", "E2"), c("drache", "E3")
    state = table({1: [HELFER], 2: [d1], 3: [d2], 0: [d3]})
    state, events = trick(state, [HELFER, d1, d2, d3])
    data = last_trick_event(events)
    assert (data["winner"], data["card"], data["how"]) == (1, HELFER, "rank")


def test_four_menschen_in_a_row_beat_a_drache():
    men = [c("mensch", f"E{n}") for n in range(1, 5)]
    drache = c("drache", "A5")
    state = table({1: [drache], 2: [men[0]], 3: [men[1]], 4: [men[2]], 0: [men[3]]}, players=5)
    state, events = trick(state, [drache, *men])
    data = last_trick_event(events)
    assert (data["winner"], data["how"]) == (2, "humans4")


def test_four_zwerge_in_a_row_beat_a_drache_even_beside_a_helfer():
    dwarfs = [c("zwerg", f"E{n}") for n in range(1, 5)]
    drache = c("drache", "A5")
    state = table({1: [drache], 2: [dwarfs[0]], 3: [dwarfs[1]], 4: [dwarfs[2]], 0: [dwarfs[3]]}, 5)
    state, events = trick(state, [drache, *dwarfs])
    assert last_trick_event(events)["how"] == "dwarfs4"


def test_three_menschen_do_not_beat_a_drache():
    men = [c("mensch", f"E{n}") for n in range(1, 4)]
    drache = c("drache", "E5")
    state = table({1: [drache], 2: [men[0]], 3: [men[1]], 0: [men[2]]})
    state, events = trick(state, [drache, *men])
    assert last_trick_event(events)["winner"] == 1


def test_three_zwerge_in_a_row_beat_a_mensch():
    dwarfs = [c("zwerg", f"E{n}") for n in range(1, 4)]
    mensch = c("mensch", "A5")
    state = table({1: [mensch], 2: [dwarfs[0]], 3: [dwarfs[1]], 0: [dwarfs[2]]})
    state, events = trick(state, [mensch, *dwarfs])
    data = last_trick_event(events)
    assert (data["winner"], data["how"]) == (2, "dwarfs3")


def test_three_gnome_in_a_row_beat_a_zwerg():
    gnomes = [c("gnom", f"E{n}") for n in range(1, 4)]
    zwerg = c("zwerg", "A5")
    state = table({1: [zwerg], 2: [gnomes[0]], 3: [gnomes[1]], 0: [gnomes[2]]})
    state, events = trick(state, [zwerg, *gnomes])
    data = last_trick_event(events)
    assert (data["winner"], data["how"]) == (2, "gnomes3")


def test_a_card_between_breaks_a_run():
    gnomes = [c("gnom", f"E{n}") for n in range(1, 4)]
    zwerg = c("zwerg", "A5")
    hands = {1: [zwerg], 2: [gnomes[0]], 3: [c("zwerg", "E1")], 4: [gnomes[1]], 0: [gnomes[2]]}
    state = table(hands, players=5)
    state, events = trick(state, [zwerg, gnomes[0], c("zwerg", "E1"), gnomes[1], gnomes[2]])
    assert last_trick_event(events)["winner"] == 1


def test_a_nullkarte_does_not_break_a_run():
    """Seven players (Nullkarten in play): Zwerg, Gnom, Null, Gnom, Gnom -> the Gnome win."""
    gnomes = [c("gnom", f"E{n}") for n in range(1, 4)]
    zwerg = c("zwerg", "A5")
    hands = {1: [zwerg], 2: [gnomes[0]], 3: [NULL1], 4: [gnomes[1]], 5: [gnomes[2]]}
    hands.update({6: [c("gnom", "A1")], 0: [NULL2]})
    state = table(hands, players=7)
    cards = [zwerg, gnomes[0], NULL1, gnomes[1], gnomes[2], c("gnom", "A1"), NULL2]
    state, events = trick(state, cards)
    data = last_trick_event(events)
    assert (data["winner"], data["how"]) == (2, "gnomes3")


def test_helfer_beats_gnome_but_not_zwerge_combinations():
    gnomes = [c("gnom", f"E{n}") for n in range(1, 4)]
    state = table(
        {1: [c("zwerg", "A5")], 2: gnomes[:1], 3: gnomes[1:2], 4: gnomes[2:], 0: [HELFER]}, 5
    )
    state, events = trick(state, [c("zwerg", "A5"), *gnomes, HELFER])
    assert last_trick_event(events)["card"] == HELFER


def test_unterstuetzer_sends_the_trick_to_vernio_and_never_wins_by_rank():
    """Seat 1 (against Vernio) wins with the Drache; the Unterstuetzer sends it to Vernio."""
    state = table({1: [c("drache", "A5")], 2: [95], 3: [UNTER], 0: [96]})
    state, events = trick(state, [c("drache", "A5"), 95, UNTER, 96])
    data = last_trick_event(events)
    assert (data["winner"], data["dest"], data["by"]) == (1, "V", "unterstuetzer")
    assert state["turn"] == 1
    assert GAME.view(state, None)["revealed"][1] is None


def test_gegenwirker_leaves_the_cards_for_the_next_trick_which_goes_against_vernio():
    state = table({1: [c("mensch", "A5"), 97], 2: [96, SINHARA], 3: [GEGEN, 98], 0: [95, 99]})
    first = [c("mensch", "A5"), 96, GEGEN, 95]
    state, events = trick(state, first)
    data = last_trick_event(events)
    assert data["dest"] == "carry" and data["lead"] == 3
    assert state["turn"] == 3 and state["carried"] == first
    # Sinhara (Vernio party) wins the next trick, but it goes against Vernio with the carried cards.
    state, events = trick(state, [98, 99, 97, SINHARA])
    data = last_trick_event(events)
    assert (data["winner"], data["dest"], data["by"]) == (2, "A", "forced")
    assert state["piles"]["A"] == [first + [98, 99, 97, SINHARA]]
    assert state["carried"] == [] and not state["forced"]


def test_unterstuetzer_in_the_same_trick_cancels_the_gegenwirker():
    state = table({1: [GEGEN], 2: [c("gnom", "A5")], 3: [UNTER], 0: [95]})
    state, events = trick(state, [GEGEN, c("gnom", "A5"), UNTER, 95])
    data = last_trick_event(events)
    assert (data["dest"], data["by"]) == ("V", "unterstuetzer")
    assert state["carried"] == [] and not state["forced"]


def test_waldherr_takes_an_unterstuetzer_trick_for_his_own_party():
    """Four players: the Waldherr (seat 1, against Vernio) overrides the Unterstuetzer."""
    state = table({1: [WALDHERR], 2: [UNTER], 3: [95], 0: [96]})
    state, events = trick(state, [WALDHERR, UNTER, 95, 96])
    data = last_trick_event(events)
    assert (data["winner"], data["dest"]) == (1, "A")


def test_waldherr_takes_a_gegenwirker_trick():
    state = table({1: [WALDHERR], 2: [GEGEN], 3: [95], 0: [96]})
    state, events = trick(state, [WALDHERR, GEGEN, 95, 96])
    data = last_trick_event(events)
    assert (data["dest"], data["lead"]) == ("A", 1) and state["carried"] == []


def test_waldherr_with_five_players_names_a_partner_whose_party_gets_the_trick():
    state = table({1: [WALDHERR], 2: [95], 3: [96], 4: [97], 0: [98]}, players=5)
    codes = GAME.legal_actions(state, 1)
    assert "play:3:0" in codes and "play:3:1" not in codes and "play:3" not in codes
    state, events = trick(state, [WALDHERR, 95, 96, 97, 98], partners={WALDHERR: 0})
    data = last_trick_event(events)
    assert (data["winner"], data["dest"], data["by"]) == (1, "V", "partner")
    assert GAME.view(state, None)["revealed"][0] == "V"


def test_waldherr_with_seven_players_always_plays_for_vernio():
    hands = {1: [WALDHERR], 2: [95], 3: [96], 4: [97], 5: [98], 6: [99], 0: [100]}
    state = table(hands, players=7)
    assert "play:3" in GAME.legal_actions(state, 1)
    state, events = trick(state, [WALDHERR, 95, 96, 97, 98, 99, 100])
    data = last_trick_event(events)
    assert (data["winner"], data["dest"]) == (1, "V")


def test_waldherr_duty_warns_at_three_cards_then_penalises_a_late_play():
    """The holder is warned privately when three cards are left; played later, the pile goes."""
    state = table({})
    mensch = c("mensch", "A5")
    state["hands"] = [[108, 109, 110, 111], [WALDHERR, mensch, 118, 119], [100, 101, 102, 103]]
    state["hands"].append([104, 105, 106, 107])
    state, events = trick(state, [mensch, 100, 104, 108])
    warnings = [event for event in events if event.kind == "warn"]
    assert len(warnings) == 1 and warnings[0].to == 1 and warnings[0].data == {"cards": 3}
    assert GAME.view(state, 1)["waldherr_due"] and not GAME.view(state, 2)["waldherr_due"]
    assert GAME.action_label(state, 1, "play:3", "en").endswith("(!)")
    assert "Waldherr" in GAME.describe_event(warnings[0], "de")
    state, events = trick(state, [118, 101, 105, 109])
    assert state["late"] == [] and state["turn"] == 2
    state, events = trick(state, [102, 106, 110, WALDHERR])
    assert state["late"] == [1]
    assert "late" in [event.kind for event in events]


def test_erste_dame_holder_may_claim_a_later_trick_of_the_zweite_dame():
    state = table({1: [ERSTE, 95], 2: [96, 97], 3: [98, ZWEITE], 0: [99, 100]})
    state, events = trick(state, [ERSTE, 96, 98, 99])
    assert state["claimant"] == 1 and state["turn"] == 1
    state, events = trick(state, [95, 97, ZWEITE, 100])
    assert state["phase"] == "claim" and GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 1) == ["claim", "decline"]
    with pytest.raises(IllegalAction, match=r"It is not your turn\."):
        GAME.apply(state, 3, "play:98")
    state, events = GAME.apply(state, 1, "claim")
    data = last_trick_event(events)
    assert (data["winner"], data["dest"], data["by"]) == (3, "A", "claim")
    assert state["turn"] == 3  # the Zweite Dame's player still leads


def test_while_the_claim_is_asked_no_view_shows_the_winners_party():
    """Privacy: parties are secret until a card or an announcement reveals them. While the Erste
    Dame's holder decides, the trick waits with its winner and card in every view but not its
    pile (the winner's party): a claimed trick never shows it, and the claimant decides without
    it."""
    state = table({1: [ERSTE, 95], 2: [96, 97], 3: [98, ZWEITE], 0: [99, 100]})
    state, _ = trick(state, [ERSTE, 96, 98, 99])
    state, _ = trick(state, [95, 97, ZWEITE, 100])
    assert state["phase"] == "claim" and state["pending"]["dest"] in ("V", "A")
    for observer in (None, 0, 1, 2, 3):
        pending = GAME.view(state, observer)["pending"]
        assert "dest" not in pending
        assert (pending["winner"], pending["card"]) == (3, ZWEITE)
    state, _ = GAME.apply(state, 1, "claim")
    assert state["revealed"][3] is None  # the claimed trick did not show seat 3's party


def test_erste_dame_claim_may_be_declined():
    state = table({1: [ERSTE, 95], 2: [96, 97], 3: [98, 99], 0: [100, LETZTE]})
    state, _ = trick(state, [ERSTE, 96, 98, 100])
    state, _ = trick(state, [95, 97, 99, LETZTE])
    state, events = GAME.apply(state, 1, "decline")
    assert last_trick_event(events)["dest"] == "V"


def test_freund_makes_the_allys_card_count_as_played_first():
    """Vernio {0, 2}: seat 2's Helfer comes after seat 1's, but seat 0's Freund lifts it."""
    state = table({1: [HELFER], 2: [HELFER2], 3: [95], 0: [FREUND]})
    state, events = trick(state, [HELFER, HELFER2, 95, FREUND])
    data = last_trick_event(events)
    assert (data["winner"], data["lifted"]) == (2, [HELFER2])


def test_spion_cancels_the_highest_card_of_the_other_party_and_never_wins():
    """Seat 0 (Vernio) plays the Spion last: the against party's best card loses its effect."""
    state = table({1: [c("drache", "E1")], 2: [WALDHERR], 3: [c("drache", "A5")], 0: [SPION]})
    state, events = trick(state, [c("drache", "E1"), WALDHERR, c("drache", "A5"), SPION])
    data = last_trick_event(events)
    assert data["cancelled"] == [c("drache", "A5")]
    assert data["winner"] == 2
    state = table({1: [SPION2], 2: [95], 3: [96], 0: [97]})
    state, events = trick(state, [SPION2, 95, 96, 97])
    assert last_trick_event(events)["card"] != SPION2


def test_spion_cancelling_the_best_card_lets_the_next_best_win():
    state = table({1: [SPION], 2: [c("drache", "A5")], 3: [c("drache", "E1")], 0: [95]})
    state, events = trick(state, [SPION, c("drache", "A5"), c("drache", "E1"), 95])
    data = last_trick_event(events)
    assert data["cancelled"] == [c("drache", "A5")] and data["winner"] == 3


def test_spion_exchange_with_own_partys_pile_is_not_the_play():
    state = table({1: [95, 96], 2: [c("drache", "A5"), 97], 3: [98, 99], 0: [100, SPION]})
    state, _ = trick(state, [95, c("drache", "A5"), 98, 100])  # Vernio pile gets the trick
    state, _ = trick(state, [97, 99])  # seat 2 leads; seat 0 to play
    assert state["turn"] == 0
    codes = GAME.legal_actions(state, 0)
    assert "swap:spion:95" in codes and f"swap:spion:{c('drache', 'A5')}" in codes
    state, _events = GAME.apply(state, 0, f"swap:spion:{c('drache', 'A5')}")
    assert c("drache", "A5") in state["hands"][0] and SPION not in state["hands"][0]
    assert SPION in state["piles"]["V"][0] and state["turn"] == 0
    assert GAME.view(state, None)["revealed"][0] == "V"
    assert not any(code.startswith("swap:") for code in GAME.legal_actions(state, 0))
    with pytest.raises(
        IllegalAction, match=r"You already exchanged this turn; play a card"
    ) as error:
        GAME.apply(state, 0, "swap:spion:95")
    assert "exchanged" in error.value.reason.en


def test_swap_only_from_own_partys_pile():
    state = table({1: [c("drache", "A5"), HELFER], 2: [95, 96], 3: [97, 98], 0: [99, 100]})
    state, _ = trick(state, [c("drache", "A5"), 95, 97, 99])  # against pile, seat 1 leads
    state["piles"]["V"].append([c("drache", "A1")])
    codes = GAME.legal_actions(state, 1)
    assert "swap:helfer:95" in codes and f"swap:helfer:{c('drache', 'A1')}" not in codes
    with pytest.raises(IllegalAction, match=r"That card is not in your party's pile \(or is of"):
        GAME.apply(state, 1, f"swap:helfer:{c('drache', 'A1')}")
    state, _ = GAME.apply(state, 1, "swap:helfer:95")
    assert state["piles"]["A"][0].count(HELFER) == 1 and 95 in state["hands"][1]


def test_fessel_keeps_the_trick_on_the_table_until_the_last_trick():
    state = table({1: [FESSEL, 95], 2: [c("drache", "A5"), 96], 3: [97, 98], 0: [99, 100]})
    state, events = trick(state, [FESSEL, c("drache", "A5"), 97, 99])
    data = last_trick_event(events)
    assert data["dest"] == "fetter" and state["turn"] == 2
    assert state["fettered"] == [[FESSEL, c("drache", "A5"), 97, 99]]
    assert state["piles"] == {"V": [], "A": []}
    assert GAME.view(state, 3)["fettered"] == state["fettered"]


def test_vernio_or_sinhara_breaks_the_fessel():
    state = table({1: [FESSEL], 2: [SINHARA], 3: [97], 0: [99]})
    state, events = trick(state, [FESSEL, SINHARA, 97, 99])
    assert last_trick_event(events)["dest"] == "V" and state["fettered"] == []


def test_sinhara_cancelled_by_a_spion_does_not_break_the_fessel():
    """Source: the Spion "hebt die hoechste gelegte Karte des Gegners in ihrer Wirkung auf", so
    a cancelled Sinhara (or Vernio) has no effect and the Fessel holds; without the Spion the
    same Sinhara breaks it."""
    hands = {1: [FESSEL, 95], 2: [SINHARA, 96], 3: [SPION, 97], 0: [99, VERNIO]}
    state, events = trick(table(hands), [FESSEL, SINHARA, SPION, 99])
    data = last_trick_event(events)
    assert data["cancelled"] == [SINHARA]
    assert data["dest"] == "fetter" and state["fettered"] == [[FESSEL, SINHARA, SPION, 99]]

    hands = {1: [FESSEL, 95], 2: [SINHARA, 96], 3: [98, 97], 0: [99, VERNIO]}
    state, events = trick(table(hands), [FESSEL, SINHARA, 98, 99])
    data = last_trick_event(events)
    assert (data["winner"], data["dest"]) == (2, "V") and state["fettered"] == []


def test_tod_kills_every_mortal_card_in_the_trick_and_beats_sinhara():
    state = table({1: [c("drache", "A5")], 2: [SINHARA], 3: [TOD], 0: [WALDHERR]})
    state, events = trick(state, [c("drache", "A5"), SINHARA, TOD, WALDHERR])
    data = last_trick_event(events)
    assert (data["winner"], data["card"]) == (3, TOD)
    assert sorted(data["dead"]) == sorted([c("drache", "A5"), WALDHERR])
    assert state["piles"]["A"] == [[SINHARA, TOD]]
    assert sorted(state["dead"]) == sorted([c("drache", "A5"), WALDHERR])


def test_vernio_beats_tod_and_does_not_die():
    state = table({1: [TOD], 2: [95], 3: [96], 0: [VERNIO]})
    state, events = trick(state, [TOD, 95, 96, VERNIO])
    data = last_trick_event(events)
    assert (data["winner"], data["dest"]) == (0, "V")
    assert state["piles"]["V"] == [[TOD, VERNIO]]


def test_tod_kills_fettered_cards_on_the_table():
    """Tod and Fessel: the fettered cards lie face up, so a later Tod kills them."""
    state = table({1: [FESSEL, 95], 2: [c("drache", "A5"), 96], 3: [97, TOD], 0: [99, 100]})
    state, _ = trick(state, [FESSEL, c("drache", "A5"), 97, 99])
    assert state["fettered"]
    state, events = trick(state, [96, TOD, 100, 95])
    data = last_trick_event(events)
    assert data["winner"] == 3
    assert set(data["dead"]) == {96, 100, 95, FESSEL, c("drache", "A5"), 97, 99}
    assert state["fettered"] == [] and state["piles"]["A"] == [[TOD]]


def test_fessel_does_not_hold_the_tod():
    state = table({1: [FESSEL], 2: [95], 3: [TOD], 0: [96]})
    state, events = trick(state, [FESSEL, 95, TOD, 96])
    data = last_trick_event(events)
    assert data["dest"] == "A" and state["fettered"] == [] and FESSEL in data["dead"]


def test_gegenwirker_cards_on_the_table_die_to_a_following_tod():
    state = table({1: [GEGEN, 95], 2: [96, 97], 3: [98, TOD], 0: [99, 100]})
    state, _ = trick(state, [GEGEN, 96, 98, 99])
    assert state["turn"] == 1
    state, events = trick(state, [95, 97, TOD, 100])
    assert {GEGEN, 96, 98, 99} <= set(last_trick_event(events)["dead"])


def test_player_holding_vernio_and_sinhara_plays_alone():
    state = table({1: [VERNIO, SINHARA]})
    assert state["party"] == ["A", "V", "A", "A"]


def test_wrong_turn_and_foreign_cards_are_rejected_with_reasons():
    state = table({1: [95], 2: [96]})
    with pytest.raises(IllegalAction, match=r"It is not your turn\.") as error:
        GAME.apply(state, 2, "play:96")
    assert error.value.reason.de and error.value.reason.en
    with pytest.raises(IllegalAction, match=r"You do not hold that card\.") as error:
        GAME.apply(state, 1, "play:96")
    assert "hold" in error.value.reason.en


def test_vernio_taken_back_from_the_against_pile_does_not_change_parties():
    """An against-Vernio player may exchange for Vernio lying in the against pile; playing it
    wins the trick for the against party and does not make them a Vernio player."""
    state = table({1: [GEGEN, HELFER, SPION], 2: [95, 96], 3: [97, 98], 0: [VERNIO, 99]})
    state, _ = trick(state, [GEGEN, 95, 97, VERNIO])  # carried, seat 1 leads
    state, _ = trick(state, [HELFER, 96, 98, 99])  # forced against Vernio, Vernio included
    assert VERNIO in state["piles"]["A"][0]
    assert state["turn"] == 1  # the Helfer won the forced trick
    state, _ = GAME.apply(state, 1, f"swap:spion:{VERNIO}")
    state, _ = trick(state, [VERNIO])
    assert GAME.view(state, None)["revealed"][1] == "A" and state["party"][1] == "A"
