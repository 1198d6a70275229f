"""Who wins a trick and where its cards go: one pure function used by the engine and the strategy.

``resolve`` reads only the cards of the trick, the parties of the seats ("V" for Vernio, "A"
against) and a few facts of the table; the strategy calls it with the parties it believes in.
The order of the rules follows the ruling: Tod first (it kills the Spion and the Freund too),
then the Spione cancel, the Freund lifts an ally's card, the highest card wins unless a
combination beats it (a Helfer voids combinations of Drachen, Menschen and Gnome), then the
destination: Fessel, Waldherr, Gegenwirker (cancelled by an Unterstuetzer), Unterstuetzer, a
previous Gegenwirker's "against Vernio", else the winner's party.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from .cards import (
    FESSEL,
    GEGENWIRKER,
    KIND,
    RANK,
    SINHARA,
    TOD,
    UNTERSTUETZER,
    VERNIO,
    WALDHERR,
)

_DAME_OR_LORD = frozenset(("waldherr", "erste", "zweite", "letzte"))
_ELF_WINNERS = frozenset(("freund", "helfer"))


def _first_run(kinds: list[str | None], kind: str, length: int) -> int | None:
    """Index of the first card of the earliest run of ``length`` eligible ``kind`` cards.

    ``kinds`` holds one entry per played card in order: its kind if it may count, None for a
    card that breaks a run, and "null" for a Nullkarte (which never counts as a card between).
    """
    if kinds.count(kind) < length:
        return None  # too few of the kind for any run (the common case: no scan needed)
    start = None
    count = 0
    for index, entry in enumerate(kinds):
        if entry == "null":
            continue
        if entry == kind:
            if count == 0:
                start = index
            count += 1
            if count >= length:
                return start
        else:
            count = 0
    return None


_COMBO_TARGETS = frozenset(("waldherr", "erste", "zweite", "letzte", "freund", "helfer"))
_COMBO_TARGETS |= {"drache", "mensch", "zwerg"}
_COMBO_NEEDS: dict[str, tuple[tuple[str, int], ...]] = {
    **{kind: (("drache", 3),) for kind in _DAME_OR_LORD},
    **{kind: (("drache", 2),) for kind in _ELF_WINNERS},
    "drache": (("mensch", 4), ("zwerg", 4)),
    "mensch": (("zwerg", 3),),
    "zwerg": (("gnom", 3),),
}
"""Per best single card's kind (``_COMBO_TARGETS``), the runs ``_combination`` looks for: a
run needs at least that many cards of its kind in the trick, so a trick without enough of any
needs no look at all (nearly every trick)."""
assert set(_COMBO_NEEDS) == _COMBO_TARGETS
_card_of_play = itemgetter(1)
_DESTINERS = frozenset((FESSEL, *GEGENWIRKER, *UNTERSTUETZER))
"""The cards that may choose a trick's pile (``resolve``'s last pass)."""
_FESSEL_BREAKERS = frozenset((VERNIO, SINHARA))


def _combination(kinds: list[str], cancelled: list[bool], best_kind: str) -> tuple[int | None, str]:
    """The first card of a combination that beats the best single card, and its name."""
    # A cancelled card counts in no combination but still lies between; a cancelled Nullkarte
    # is still a Nullkarte, which never counts as a card between (the source).
    eligible: list[str | None] = (
        [None if cancelled[index] and kind != "null" else kind for index, kind in enumerate(kinds)]
        if True in cancelled
        else kinds  # type: ignore[assignment]  # read only
    )
    helfer = "helfer" in eligible
    if best_kind in _DAME_OR_LORD or best_kind in _ELF_WINNERS:
        need = 3 if best_kind in _DAME_OR_LORD else 2
        # The ruling: the Drachen too must follow one another (the source's Nullkarten example
        # says "2 Drachen direkt nacheinander"), like every other combination.
        start = None if helfer else _first_run(eligible, "drache", need)
        if start is not None:
            return start, f"dragons{need}"
    elif best_kind == "drache":
        runs = []
        if not helfer:
            runs.append((_first_run(eligible, "mensch", 4), "humans4"))
        runs.append((_first_run(eligible, "zwerg", 4), "dwarfs4"))
        found = [(start, name) for start, name in runs if start is not None]
        if found:
            return min(found)
    elif best_kind == "mensch":
        start = _first_run(eligible, "zwerg", 3)
        if start is not None:
            return start, "dwarfs3"
    elif best_kind == "zwerg" and not helfer:
        start = _first_run(eligible, "gnom", 3)
        if start is not None:
            return start, "gnomes3"
    return None, "rank"


def resolve(
    plays: list[list[int]],
    party: list[str],
    *,
    players: int,
    last: bool,
    forced_against: bool,
    partner: int | None,
) -> dict[str, Any]:
    """The outcome of a complete trick.

    ``plays`` is [[seat, card], ...] in play order; ``party`` gives each seat's party. Returns
    ``winner`` (seat), ``card`` (the winning card), ``dest`` ("V", "A", "carry" for a
    Gegenwirker, "fetter" for a Fessel), ``lead`` (who leads next), ``tod`` (the Tod struck),
    ``cancelled`` (cards a Spion cancelled), ``lifted`` (cards a Freund lifted) and ``how``
    (a word for the log: rank, tod, dragons3, dragons2, humans4, dwarfs4, dwarfs3, gnomes3,
    lead) and ``by`` (what chose the pile: winner, partner, waldherr, fessel, gegenwirker,
    unterstuetzer, forced).
    """
    cards = list(map(_card_of_play, plays))
    if TOD in cards:
        # Everything mortal dies, the Spion and the Freund included; only Vernio outranks Tod.
        index = cards.index(VERNIO) if VERNIO in cards else cards.index(TOD)
        winner = plays[index][0]
        dest, by = ("A", "forced") if forced_against else (party[winner], "winner")
        return {
            "winner": winner,
            "card": cards[index],
            "dest": dest,
            "lead": winner,
            "tod": True,
            "cancelled": [],
            "lifted": [],
            "how": "tod",
            "by": by,
        }
    count = len(plays)
    kinds = list(map(KIND.__getitem__, cards))
    cancelled = [False] * count
    spion = "spion" in kinds
    if spion:
        for index in range(count):
            if kinds[index] != "spion" or cancelled[index]:
                continue
            own = party[plays[index][0]]
            target = -1
            target_rank = -2
            for other in range(count):
                if other == index or cancelled[other] or party[plays[other][0]] == own:
                    continue
                if RANK[cards[other]] > target_rank:
                    target, target_rank = other, RANK[cards[other]]
            if target >= 0:
                cancelled[target] = True
    lifted = [False] * count
    freund = "freund" in kinds
    if freund:
        for index in range(count):
            if kinds[index] != "freund" or cancelled[index]:
                continue
            seat = plays[index][0]
            own = party[seat]
            ally = -1
            ally_rank = -1
            for other in range(count):
                other_seat = plays[other][0]
                if other_seat == seat or cancelled[other] or party[other_seat] != own:
                    continue
                if RANK[cards[other]] > ally_rank:
                    ally, ally_rank = other, RANK[cards[other]]
            if ally >= 0:
                lifted[ally] = True

    # The highest rank wins; among equal cards a lifted one, else the first played (a strict
    # comparison keeps the earliest). Cards without rank (-1) never qualify.
    ranks = list(map(RANK.__getitem__, cards))
    if spion and True in cancelled:
        best = -1
        best_rank = -1
        for index in range(count):
            rank = ranks[index]
            if rank > best_rank and not cancelled[index]:
                best, best_rank = index, rank
    else:
        best_rank = max(ranks)
        best = ranks.index(best_rank) if best_rank >= 0 else -1
    if best >= 0 and freund and not lifted[best]:
        for index in range(best + 1, count):
            if lifted[index] and ranks[index] == best_rank and not cancelled[index]:
                best = index
                break
    how = "rank"
    if best < 0:
        best, how = 0, "lead"  # nothing can win by rank: the lead keeps the trick
    else:
        needs = _COMBO_NEEDS.get(kinds[best])
        if needs is not None:
            for kind, length in needs:
                if kinds.count(kind) >= length:
                    combo, found = _combination(kinds, cancelled, kinds[best])
                    if combo is not None:
                        best, how = combo, found
                    break
    winner = plays[best][0]
    card = cards[best]
    lead = winner
    if min(cards) > GEGENWIRKER[-1]:
        # No special card in the trick: the pile is the winner's party's (or against Vernio
        # after a Gegenwirker).
        dest, by = ("A", "forced") if forced_against else (party[winner], "winner")
        return {
            "winner": winner,
            "card": card,
            "dest": dest,
            "lead": lead,
            "tod": False,
            "cancelled": [],
            "lifted": [cards[index] for index in range(count) if lifted[index]] if freund else [],
            "how": how,
            "by": by,
        }

    # The first Fessel, Gegenwirker and Unterstuetzer that no Spion cancelled, in one pass
    # (none lies in most tricks that reach here: asked in C first).
    fessel_at = counter = support_at = -1
    if not _DESTINERS.isdisjoint(cards):
        for index in range(count):
            played = cards[index]
            if played > GEGENWIRKER[-1] or cancelled[index]:
                continue
            if played == FESSEL:
                if fessel_at < 0:
                    fessel_at = index
            elif played in GEGENWIRKER:
                if counter < 0:
                    counter = index
            elif played in UNTERSTUETZER and support_at < 0:
                support_at = index
    # Vernio or Sinhara breaks the Fessel, unless a Spion cancelled its effect ("hebt ... in
    # ihrer Wirkung auf").
    fessel = fessel_at >= 0 and not any(
        cards[index] in _FESSEL_BREAKERS and not cancelled[index] for index in range(count)
    )
    support = support_at >= 0
    if fessel:
        dest, by = (party[winner], "winner") if last else ("fetter", "fessel")
    elif card == WALDHERR:
        if partner is not None:
            dest, by = party[partner], "partner"
        elif players >= 7:
            dest, by = "V", "waldherr"
        else:
            dest, by = party[winner], "winner"
    elif counter >= 0 and not support:
        dest, by = ("A" if last else "carry"), "gegenwirker"
        lead = plays[counter][0]
    elif support:
        dest, by = "V", "unterstuetzer"
    elif forced_against:
        dest, by = "A", "forced"
    else:
        dest, by = party[winner], "winner"
    return {
        "winner": winner,
        "card": card,
        "dest": dest,
        "lead": lead,
        "tod": False,
        "cancelled": [cards[index] for index in range(count) if cancelled[index]] if spion else [],
        "lifted": [cards[index] for index in range(count) if lifted[index]] if freund else [],
        "how": how,
        "by": by,
    }
