"""The conformance suite can fail: each broken Hochkarte breaks one promise and is caught.

Every variant below is a subclass of the test game that differs from it in one rule of the
engine contract (``games/core/contract.py``, checked by ``games/core/conformance.py``). None is
registered anywhere. The unbroken game passes the same playouts, so each failure is the broken
rule's doing; ``match=`` pins which check caught it.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from pydantic import BaseModel

from games.core import (
    CHANCE,
    Event,
    IllegalAction,
    Names,
    Result,
    State,
    Text,
    all_games,
    decode,
    encode,
)
from games.core.conformance import ConformanceError, checked_playout
from games.gelfdrakkar.engine import Gelfdrakkar
from games.scherbia.actions import FACTIONS, KIND_OF_WORD, kind_of
from games.scherbia.engine import Scherbia
from tests.games.highcard import Highcard

SEEDS = range(5)


def _playouts(game: Highcard, players: int = 3) -> None:
    options = game.parse_options(players)
    for seed in SEEDS:
        checked_playout(game, players, options, seed=seed)


def test_the_unbroken_game_passes_the_same_playouts() -> None:
    """Control: the test game keeps every rule, so the failures below are the variants' own."""
    for players in (2, 3, 4):
        _playouts(Highcard(), players)


# ----- views ---------------------------------------------------------------------------------


class LeakyView(Highcard):
    """Shows every hand to every seat."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "hands": state["hands"]}


def test_a_view_that_leaks_an_opponents_hand_is_caught() -> None:
    """Rule: a seat's view does not change when an opponent's hidden cards are dealt anew."""
    with pytest.raises(ConformanceError, match="changes when hidden cards are dealt anew"):
        _playouts(LeakyView())


class LeakyPublicView(Highcard):
    """Shows seat 0's hand on the public table."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        return {**view, "hand": state["hands"][0]} if seat is None else view


def test_a_public_view_that_shows_a_hand_is_caught() -> None:
    """Rule: nothing hidden reaches the public view (observer None)."""
    with pytest.raises(ConformanceError, match="view of None changes"):
        _playouts(LeakyPublicView())


class TupleView(Highcard):
    """Puts a tuple in the view, which JSON turns into a list."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "scores": tuple(state["scores"])}


def test_a_view_that_is_not_json_native_is_caught() -> None:
    """Rule: views serialise (a view is JSON-native)."""
    with pytest.raises(ConformanceError, match="is not JSON-native"):
        _playouts(TupleView())


class RenderWithoutNames(Highcard):
    """Says whose turn it is by seat number even when the players' names are given."""

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        return f"{super().render(view, lang, names)} {self.seat_name(1, lang)}"


def test_a_rendering_that_says_seat_numbers_though_names_were_given_is_caught() -> None:
    """Rule: where the players' names are known, players read names, never seat numbers."""
    with pytest.raises(ConformanceError, match="render says 'Platz 2' though names were given"):
        _playouts(RenderWithoutNames())


class RenderNamingSeat10(Highcard):
    """Mentions a tenth seat that a table of three does not have: not a seat of this table."""

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        return f"{super().render(view, lang, names)} {self.seat_name(9, lang)}"


def test_a_seat_number_that_only_starts_like_a_seats_fallback_is_not_taken_for_it() -> None:
    """Rule of the check: "Seat 10" is not "Seat 1" (the fallback is matched as a whole word)."""
    _playouts(RenderNamingSeat10())


# ----- menus and private events tell nothing hidden ------------------------------------------


class MenuCountsTheNextHand(Highcard):
    """Offers each card only while the next seat holds a higher one: the menu gives away
    something about another seat's hand although the view does not."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        codes = super().legal_actions(state, seat)
        if seat == CHANCE or state["phase"] != "play" or len(codes) < 2:
            return codes
        following = state["hands"][(seat + 1) % state["players"]]
        top = max(following, default=-1)
        kept = [code for code in codes if int(decode(code)[1][0]) < top]
        return kept or codes


def test_a_menu_that_depends_on_another_seats_hand_is_caught() -> None:
    """Rule: a seat's legal actions do not change when the others' hidden cards are dealt
    anew (the view alone would not show this leak)."""
    with pytest.raises(ConformanceError, match="legal actions of seat \\d change when hidden"):
        _playouts(MenuCountsTheNextHand())


class LabelsTheNextHand(Highcard):
    """Writes the next seat's lowest card into every button."""

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        following = state["hands"][(seat + 1) % state["players"]]
        return f"{super().action_label(state, seat, code, lang)} ({min(following, default=0)})"


def test_a_label_that_names_another_seats_card_is_caught() -> None:
    """Rule: the labels of a seat's actions do not change when the others' hidden cards are
    dealt anew."""
    with pytest.raises(ConformanceError, match="label of .* changes when hidden cards"):
        _playouts(LabelsTheNextHand())


class ReasonNamesTheHolder(Highcard):
    """Rejects a card the seat does not hold with a reason that says who holds it."""

    def explain_illegal(self, state: State, seat: int, code: str) -> Text:
        _verb, args = decode(code)
        holder = next(
            (s for s, hand in enumerate(state["hands"]) if args and args[0] in hand), None
        )
        return Text(f"Karte bei {holder}.", f"Card held by {holder}.")


def test_an_illegal_move_reason_that_tells_who_holds_a_card_is_caught() -> None:
    """Rule: the reason a seat's illegal move gets does not change when the others' hidden
    cards are dealt anew."""
    with pytest.raises(ConformanceError, match="the answer to seat \\d sending"):
        _playouts(ReasonNamesTheHolder(), players=2)


class WhispersTheNextHand(Highcard):
    """After each card played, tells the next seat privately how many high cards the seat
    after it holds."""

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        super()._apply(state, seat, code, events)
        if seat != CHANCE and decode(code)[0] == "play":
            players = state["players"]
            listener = (seat + 1) % players
            spied = state["hands"][(listener + 1) % players]
            events.append(Event("hint", {"high": sum(card > 5 for card in spied)}, to=listener))


def test_a_private_event_that_tells_about_another_seats_hand_is_caught() -> None:
    """Rule: the events addressed to a seat do not change when the others' hidden cards are
    dealt anew."""
    with pytest.raises(ConformanceError, match="events for seat \\d after seat \\d plays"):
        _playouts(WhispersTheNextHand())


class PartyMenuGelfdrakkar(Gelfdrakkar):
    """Gelfdrakkar as it was before issue 19: a point limit disappears only from the menus of
    the announcer's party-mates, so everybody else reads the announcer's party off their own
    buttons."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        codes = super().legal_actions(state, seat)
        if state["phase"] != "play" or seat != state["turn"] or state["played"][seat] > 1:
            return codes
        party = state["party"]
        again = {
            encode("limit", kind)
            for who, kind in state["announcements"]
            if kind != "reveal" and party[who] != party[seat]
        }
        return sorted(set(codes) | again)


@pytest.mark.slow(seconds=14)
def test_the_gelfdrakkar_announcement_leak_is_caught() -> None:
    """Rule (issue 19): a menu must not tell a hidden party. The old Gelfdrakkar menus, which
    offered an announced limit again to the other party only, are caught; the real game,
    whose limits are once per round for everyone, passes the same playouts."""
    broken = PartyMenuGelfdrakkar()
    with pytest.raises(ConformanceError, match="legal actions of seat \\d change when hidden"):
        for seed in range(10):
            checked_playout(broken, 4, broken.parse_options(4), seed=seed, probe_illegal=False)
    real = Gelfdrakkar()
    for seed in range(10):
        checked_playout(real, 4, real.parse_options(4), seed=seed, probe_illegal=False)


class VetoMenuScherbia(Scherbia):
    """Scherbia whose lay menu depends on a card another seat laid face down: the "pass"
    button disappears when the seat before laid a Hinterhalt."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        codes = super().legal_actions(state, seat)
        ask = state["ask"]
        if ask is None or ask["k"] != "lay" or not state["laid"]:
            return codes
        before = state["laid"][-1]
        if before["c"] is not None and kind_of(before["c"]) == KIND_OF_WORD["hinterhalt"]:
            return [code for code in codes if code != "pass"] or codes
        return codes


def test_a_scherbia_lay_menu_that_tells_a_face_down_action_card_is_caught() -> None:
    """Rule (issue 19, Aktionskarten): a menu must not tell which card another seat laid face
    down; the real game passes the same playouts with action cards on."""
    broken = VetoMenuScherbia()
    options = broken.parse_options(3, {"action_cards": True, "action_hand": 4})
    with pytest.raises(ConformanceError, match="legal actions of seat \\d change when hidden"):
        for seed in range(20):
            checked_playout(broken, 3, options, seed=seed, probe_illegal=False)
    real = Scherbia()
    for seed in range(20):
        checked_playout(real, 3, options, seed=seed, probe_illegal=False)


class FactionViewScherbia(Scherbia):
    """Scherbia with hidden factions whose view names every faction, as with open ones."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        if state["fac"]:
            view["factions"] = [FACTIONS[f].word for f in state["fac"]]
        return view


class SchutzMenuScherbia(Scherbia):
    """Scherbia with hidden factions whose lay menu lets Schutz show through: a seat cannot lay
    its own faction ability while the other team is Die Glaeubigen."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        codes = super().legal_actions(state, seat)
        if not state["fac"] or "faction" not in codes:
            return codes
        other = state["fac"][1 - seat % 2]
        if FACTIONS[other].word == "glaeubige":
            return [code for code in codes if code != "faction"]
        return codes


HIDDEN_FACTIONS = {"teams": "2v2", "factions": "hidden"}


@pytest.mark.parametrize(
    ("broken", "match"),
    [
        (FactionViewScherbia(), "view of (\\d|None) changes when hidden"),
        (SchutzMenuScherbia(), "legal actions of seat \\d change when hidden"),
    ],
    ids=["view", "menu"],
)
def test_a_hidden_faction_leaking_into_a_view_or_menu_is_caught(broken, match) -> None:
    """Rule (issue 19, hidden Fraktionen): neither a view nor a menu may tell the other team's
    faction before it shows itself; the real game passes the same playouts."""
    options = broken.parse_options(4, HIDDEN_FACTIONS)
    with pytest.raises(ConformanceError, match=match):
        for seed in range(10):
            checked_playout(broken, 4, options, seed=seed, probe_illegal=False)
    real = Scherbia()
    for seed in range(10):
        checked_playout(real, 4, options, seed=seed, probe_illegal=False)


# ----- turns and legal actions ---------------------------------------------------------------


class PlaysForWhoeverIsToAct(Highcard):
    """Checks a code against the moves of the seat to act, not the seat that sent it, and plays
    it for the seat to act: any seat can move for another."""

    def check(self, state: State, seat: int, code: str) -> None:
        acting = self.to_act(state)
        super().check(state, acting[0] if acting else seat, code)

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        acting = self.to_act(state)
        super()._apply(state, acting[0] if acting else seat, code, events)


def test_accepting_an_out_of_turn_move_is_caught() -> None:
    """Rule: a move from a seat not in to_act is rejected (out of turn)."""
    with pytest.raises(ConformanceError, match="could play illegal"):
        _playouts(PlaysForWhoeverIsToAct())


class PlaysAnyCardInTheGame(Highcard):
    """Accepts any card still in some hand and plays it from wherever it is: a code that was
    legal for another seat, or earlier, still works."""

    def check(self, state: State, seat: int, code: str) -> None:
        verb, args = decode(code)
        if seat == CHANCE or state["phase"] != "play" or verb != "play":
            super().check(state, seat, code)
        elif seat not in self.to_act(state):
            raise IllegalAction(Text("Nicht dran.", "Not your turn."))
        elif not any(args[0] in hand for hand in state["hands"]):
            raise IllegalAction(Text("Diese Karte gibt es nicht.", "No such card."))

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        verb, args = decode(code)
        if seat != CHANCE and state["phase"] == "play" and verb == "play":
            holder = next(s for s, hand in enumerate(state["hands"]) if args[0] in hand)
            state["hands"][holder].remove(args[0])
            state["hands"][seat].append(args[0])
        super()._apply(state, seat, code, events)


def test_a_code_from_another_state_that_is_accepted_is_caught() -> None:
    """Rule: codes from other states (stale buttons, another seat's moves) are rejected."""
    with pytest.raises(ConformanceError, match="could play illegal"):
        _playouts(PlaysAnyCardInTheGame(), players=2)


class LegalForEveryone(Highcard):
    """Lists a seat's cards as playable even when it is not that seat's turn."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat != CHANCE and state["phase"] == "play":
            return sorted(encode("play", card) for card in state["hands"][seat])
        return super().legal_actions(state, seat)


def test_legal_actions_for_a_seat_not_to_act_are_caught() -> None:
    """Rule: only seats in to_act have legal actions."""
    with pytest.raises(ConformanceError, match=r"in to_act=\[\d\] has \['play"):
        _playouts(LegalForEveryone())


class ForgetsTheTurn(Highcard):
    """Says the seat to act is done although it still holds cards: to_act and
    legal_actions disagree."""

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "play" and len(state["trick"]) == 1:
            return [(state["turn"] + 1) % state["players"]]
        return super().to_act(state)


def test_a_seat_in_to_act_without_legal_actions_is_caught() -> None:
    """Rule: every seat in to_act has legal actions (and only those seats)."""
    with pytest.raises(ConformanceError, match=r"seat \d in to_act"):
        _playouts(ForgetsTheTurn())


class ChanceWithPlayers(Highcard):
    """Lets chance roll while the next player may already play."""

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "roll":
            return [CHANCE, state["turn"]]
        return super().to_act(state)


def test_chance_acting_alongside_players_is_caught() -> None:
    """Rule: chance acts alone (to_act is [CHANCE] or player seats)."""
    with pytest.raises(ConformanceError, match="chance acts alongside players"):
        _playouts(ChanceWithPlayers())


class DealerSeat(Highcard):
    """Lets a dealer act beside the player to move, as seat n, which is no seat at the table."""

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "play":
            return [state["turn"], state["players"]]
        return super().to_act(state)


def test_to_act_naming_a_seat_that_does_not_exist_is_caught() -> None:
    """Rule: seats are numbered 0..n-1; to_act names only those (or CHANCE)."""
    with pytest.raises(ConformanceError, match="names an unknown seat"):
        _playouts(DealerSeat(), players=2)


class UnsortedActions(Highcard):
    """Lists its codes highest card first, twice."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        codes = super().legal_actions(state, seat)
        return sorted(codes, reverse=True) * 2 if len(codes) > 1 else codes


def test_unsorted_or_repeated_codes_are_caught() -> None:
    """Rule: action codes are unique (and listed in sorted order)."""
    with pytest.raises(ConformanceError, match="not sorted and unique"):
        _playouts(UnsortedActions())


# ----- codes ---------------------------------------------------------------------------------


class LongCodes(Highcard):
    """Pads its codes with a word that makes them longer than a button allows."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        codes = super().legal_actions(state, seat)
        if seat == CHANCE:
            return codes
        return [encode("play", decode(code)[1][0], "x" * 40) for code in codes]


def test_a_code_longer_than_40_characters_is_caught() -> None:
    """Rule: player action codes are at most 40 characters (they ride in a custom_id)."""
    with pytest.raises(ConformanceError, match="longer than 40"):
        _playouts(LongCodes())


class ZeroPaddedCodes(Highcard):
    """Writes its cards with two digits (``play:07``), which the code grammar does not allow."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat != CHANCE and state["phase"] == "play" and seat == state["turn"]:
            return sorted(f"play:{card:02d}" for card in state["hands"][seat])
        return super().legal_actions(state, seat)


def test_a_code_that_does_not_decode_back_is_caught() -> None:
    """Rule: action codes decode back (encode(*decode(code)) == code)."""
    with pytest.raises(ConformanceError, match="does not decode back"):
        _playouts(ZeroPaddedCodes())


class SpacedCodes(Highcard):
    """Puts a space in its codes, outside the code grammar."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return [code.replace(":", ": ") for code in super().legal_actions(state, seat)]


def test_a_code_outside_the_grammar_is_caught() -> None:
    """Rule: action codes decode back (a code outside the grammar does not decode at all)."""
    with pytest.raises(ConformanceError, match="does not decode back"):
        _playouts(SpacedCodes())


class BadLabels(Highcard):
    """Gives its buttons an empty German label."""

    def action_label(
        self, state: State, seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        return "" if lang == "de" else super().action_label(state, seat, code, lang)


def test_an_empty_action_label_is_caught() -> None:
    """Rule: every legal action has a human label in German and English."""
    with pytest.raises(ConformanceError, match="bad de label"):
        _playouts(BadLabels())


# ----- illegal moves change nothing --------------------------------------------------------


class RemembersAttempts(Highcard):
    """Notes every attempted code in the state it was given, even one it then rejects."""

    def check(self, state: State, seat: int, code: str) -> None:
        state["last_attempt"] = str(code)
        super().check(state, seat, code)


def test_a_check_that_mutates_before_rejecting_is_caught() -> None:
    """Rule: an illegal action is rejected and changes nothing."""
    with pytest.raises(ConformanceError, match="changed the state"):
        _playouts(RemembersAttempts())


class KeepsALookAtTheHands(Highcard):
    """Keeps a reference to the hands it last checked (a harmless cache: it changes nothing)."""

    def check(self, state: State, seat: int, code: str) -> None:
        self._last_hands = state["hands"]
        super().check(state, seat, code)


def test_holding_a_reference_to_the_state_is_not_mistaken_for_changing_it() -> None:
    """Rule: an illegal action changes nothing, judged by value (a checker that compared
    serialised bytes would see a change here, as marshal's bytes follow reference counts)."""
    _playouts(KeepsALookAtTheHands())


class DealsBeforeChecking(Highcard):
    """Gives seat 0 its cards before it validates the shuffle."""

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        if state["phase"] == "deal":
            state["hands"][0] = list(range(state["options"]["hand"]))
        super()._apply(state, seat, code, events)


class AppliesInPlace(Highcard):
    """Skips the copy in apply "for speed": it changes the state it was given."""

    def apply(
        self, state: State, seat: int, code: str, *, checked: bool = True
    ) -> tuple[State, list[Event]]:
        if checked:
            self.check(state, seat, code)
        events: list[Event] = []
        self._apply(state, seat, code, events)
        return state, events


def test_an_apply_that_changes_the_state_it_was_given_is_caught() -> None:
    """Rule: apply never modifies the state it is given (a stored state stays as stored)."""
    with pytest.raises(ConformanceError, match="changed the state it was given"):
        _playouts(AppliesInPlace())


class CrashesOnForeignCards(Highcard):
    """Trusts that a card code it is sent is in the hand, and crashes when it is not."""

    def check(self, state: State, seat: int, code: str) -> None:
        decode(code)
        if seat not in self.to_act(state):
            raise IllegalAction(Text("Nicht dran.", "Not your turn."))

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        verb, args = decode(code)
        if state["phase"] == "play" and verb == "play":
            state["hands"][seat].index(args[0])  # ValueError for a card not in the hand
        super()._apply(state, seat, code, events)


def test_an_illegal_action_that_crashes_instead_of_being_rejected_is_caught() -> None:
    """Rule: illegal actions are rejected with IllegalAction (a reason), not a crash."""
    with pytest.raises(ConformanceError, match="ValueError"):
        _playouts(CrashesOnForeignCards(), players=2)


def test_apply_gives_apply_a_private_copy_so_a_half_done_rejection_changes_nothing() -> None:
    """Rule: apply never modifies the state it is given; _apply works on a private copy, so
    even an _apply that mutates before it raises IllegalAction leaves the caller's state as it
    was (the suite then has nothing to catch, by design)."""
    game = DealsBeforeChecking()
    options = game.parse_options(2)
    state = game.initial_state(2, options)
    before = repr(state)
    with pytest.raises(IllegalAction, match=r"That is not a valid move\."):
        game.apply(state, CHANCE, "shuffle:0:1")
    assert repr(state) == before
    checked_playout(game, 2, options, seed=0)


class NoReason(Highcard):
    """Rejects a card it does not know with an empty reason."""

    def explain_illegal(self, state: State, seat: int, code: str) -> Text:
        return Text("", "")


def test_an_illegal_action_without_a_bilingual_reason_is_caught() -> None:
    """Rule: an illegal action says why, in German and English."""
    with pytest.raises(ConformanceError, match="without a reason"):
        _playouts(NoReason(), players=2)


# ----- state ---------------------------------------------------------------------------------


class TupleState(Highcard):
    """Remembers the last card played as a tuple, which JSON turns into a list."""

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        super()._apply(state, seat, code, events)
        if decode(code)[0] == "play":
            state["last_play"] = (seat, decode(code)[1][0])


def test_a_state_holding_a_tuple_is_caught() -> None:
    """Rule: the state survives a JSON round trip (JSON-native: lists, never tuples)."""
    with pytest.raises(ConformanceError, match="JSON round trip"):
        _playouts(TupleState())


class SetInState(Highcard):
    """Keeps the cards seen so far as a set, which JSON cannot write at all."""

    def initial_state(self, players: int, options: BaseModel) -> State:
        return {**super().initial_state(players, options), "seen": set()}


def test_a_state_holding_a_set_is_caught() -> None:
    """Rule: the state survives a JSON round trip (a set is not JSON)."""
    with pytest.raises(ConformanceError, match="JSON round trip"):
        _playouts(SetInState())


class IntKeys(Highcard):
    """Keeps the scores in a dict keyed by seat number, which JSON turns into strings."""

    def initial_state(self, players: int, options: BaseModel) -> State:
        state = super().initial_state(players, options)
        state["by_seat"] = {seat: 0 for seat in range(players)}
        return state


def test_a_state_with_int_keys_is_caught() -> None:
    """Rule: the state survives a JSON round trip (dict keys are strings)."""
    with pytest.raises(ConformanceError, match="JSON round trip"):
        _playouts(IntKeys())


# ----- length and result -------------------------------------------------------------------


class EndlessDeal(Highcard):
    """Deals again when the hands are empty, forever."""

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        super()._apply(state, seat, code, events)
        if state["phase"] == "over":
            state["phase"] = "deal"


def test_a_game_that_never_ends_within_its_bound_is_caught() -> None:
    """Rule: the game ends within its declared bound (max_decisions)."""
    with pytest.raises(ConformanceError, match="not over after its declared bound"):
        _playouts(EndlessDeal())


class Underestimates(Highcard):
    """Declares a bound that forgets the dice rolls."""

    def max_decisions(self, players: int, options: BaseModel) -> int:
        return 1 + options.hand * players  # type: ignore[attr-defined]


def test_a_bound_shorter_than_the_game_is_caught() -> None:
    """Rule: the declared upper bound on length holds for every game."""
    with pytest.raises(ConformanceError, match="declared bound"):
        _playouts(Underestimates())


class RanksEveryoneSecond(Highcard):
    """Gives every seat rank 2: nobody wins."""

    def result(self, state: State) -> Result | None:
        result = super().result(state)
        if result is None:
            return None
        return Result(scores=result.scores, ranks=[2] * len(result.ranks))


def test_a_result_without_a_first_place_is_caught() -> None:
    """Rule: results are well formed (somebody places first)."""
    with pytest.raises(ConformanceError, match="malformed result"):
        _playouts(RanksEveryoneSecond())


class ShortResult(Highcard):
    """Drops the last seat from the result."""

    def result(self, state: State) -> Result | None:
        result = super().result(state)
        if result is None:
            return None
        return Result.from_scores(result.scores[:-1])


def test_a_result_missing_a_seat_is_caught() -> None:
    """Rule: results are well formed (one score and one rank per seat)."""
    with pytest.raises(ConformanceError, match="malformed result"):
        _playouts(ShortResult())


class EarlyResult(Highcard):
    """Already reports a result while the cards are being played."""

    def result(self, state: State) -> Result | None:
        return Result.from_scores(state["scores"])


def test_a_result_before_the_end_is_caught() -> None:
    """Rule: a game has a result exactly when it is over."""
    with pytest.raises(ConformanceError, match="a result before the game is over"):
        _playouts(EarlyResult())


class NoResult(Highcard):
    """Forgets to say who won."""

    def result(self, state: State) -> Result | None:
        return None


def test_a_finished_game_without_a_result_is_caught() -> None:
    """Rule: a finished game has a result."""
    with pytest.raises(ConformanceError, match="over but has no result"):
        _playouts(NoResult())


# ----- replay --------------------------------------------------------------------------------


class StampsASerial(Highcard):
    """Numbers its games from a counter on the engine object, outside the state: the log
    alone no longer determines the state."""

    def __init__(self) -> None:
        self._serials = itertools.count()

    def initial_state(self, players: int, options: BaseModel) -> State:
        state = super().initial_state(players, options)
        state["serial"] = next(self._serials)
        return state


def test_a_state_that_depends_on_something_outside_the_log_is_caught() -> None:
    """Rule: replaying the log gives the same state."""
    with pytest.raises(ConformanceError, match="replaying the log"):
        _playouts(StampsASerial())


class RollsItsOwnDice(Highcard):
    """Ignores the logged roll and rolls a die of its own: chance outside the log."""

    def __init__(self) -> None:
        self._dice = random.Random(7)

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        if state["phase"] == "roll":
            code = encode("roll", self._dice.randint(1, 6))
        super()._apply(state, seat, code, events)


def test_chance_drawn_inside_the_engine_is_caught() -> None:
    """Rule: chance is a logged action sampled by the caller; replay then gives the same state."""
    with pytest.raises(ConformanceError, match="replaying the log"):
        _playouts(RollsItsOwnDice())


# ----- events ------------------------------------------------------------------------------


class MisaddressedEvents(Highcard):
    """Sends the dealt cards to a seat that does not exist."""

    def _apply(self, state: State, seat: int, code: str, events: list[Event]) -> None:
        super()._apply(state, seat, code, events)
        events[:] = [
            event._replace(to=state["players"]) if event.to is not None else event
            for event in events
        ]


def test_an_event_for_an_unknown_seat_is_caught() -> None:
    """Rule: events carry their audience, everyone or one existing seat."""
    with pytest.raises(ConformanceError, match="for unknown seat"):
        _playouts(MisaddressedEvents())


def test_an_engine_player_choosing_an_illegal_move_is_caught() -> None:
    """Rule: engine players (choosers) only pick from the legal actions."""

    def plays_its_lowest_card_plus_one(game, state, seat, rng) -> str:
        return encode("play", min(state["hands"][seat]) + 1)

    game = Highcard()
    with pytest.raises(ConformanceError, match="engine player chose illegal"):
        for seed in SEEDS:
            checked_playout(
                game, 2, game.parse_options(2), seed, [plays_its_lowest_card_plus_one] * 2
            )


def test_no_broken_variant_is_registered() -> None:
    """The broken variants are registered nowhere: only real games run in the suite."""
    broken = set(Highcard.__subclasses__()) | set(Gelfdrakkar.__subclasses__())
    assert not any(type(game) in broken for game in all_games())
