"""The ruling's balance check of the reconstructed deck, from finished matches.

The ruling asks that in self-play between the strategy players (at least 1,000 games) at most
10% of the games end drawn, the first player of a game wins 45-55% of the decided games with the
whole 95% interval inside those bounds, and no card design sits in more than 80% of the winners'
Domains. ``balance_report`` takes finished
playouts (match states, or anything with a ``.state`` such as the conformance suite's
``Playout``) and computes both; ``self_play`` produces such playouts with the engine players.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.core import CHANCE, get_game

from .cards import DESIGN_OF, DESIGNS

FIRST_PLAYER_RANGE = (0.45, 0.55)
MAX_CARD_SHARE = 0.80
MAX_DRAW_RATE = 0.10
MIN_GAMES = 1000
Z95 = 1.96


@dataclass
class BalanceReport:
    """The figures of the balance check; ``ok`` says whether the ruling's bounds hold."""

    games: int
    decided: int
    first_player_wins: int
    card_share: dict[str, float] = field(default_factory=dict)

    @property
    def draws(self) -> int:
        """Games that ended on an empty Trumpet."""
        return self.games - self.decided

    @property
    def first_player_rate(self) -> float:
        """The first player's share of the decided games."""
        return self.first_player_wins / self.decided if self.decided else 0.0

    @property
    def standard_error(self) -> float:
        """The sampling error of ``first_player_rate`` (a sample of 400 matches gives ~1.6%)."""
        if not self.decided:
            return 0.0
        rate = self.first_player_rate
        return (rate * (1 - rate) / self.decided) ** 0.5

    @property
    def draw_rate(self) -> float:
        """The share of games that ended drawn."""
        return self.draws / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of ``first_player_rate`` (normal approximation)."""
        rate, error = self.first_player_rate, self.standard_error
        return rate - Z95 * error, rate + Z95 * error

    @property
    def top_card(self) -> tuple[str, float]:
        """The design seen most often in winners' Domains and its share."""
        if not self.card_share:
            return ("-", 0.0)
        name = max(self.card_share, key=lambda key: self.card_share[key])
        return name, self.card_share[name]

    @property
    def ok(self) -> bool:
        """Whether the ruling's bounds hold."""
        low, high = FIRST_PLAYER_RANGE
        lower, upper = self.interval
        return (
            self.decided > 0
            and low <= lower
            and upper <= high
            and self.draw_rate <= MAX_DRAW_RATE
            and (self.top_card[1] <= MAX_CARD_SHARE)
        )

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-native data."""
        return {
            "games": self.games,
            "decided": self.decided,
            "draws": self.draws,
            "first_player_wins": self.first_player_wins,
            "draw_rate": round(self.draw_rate, 4),
            "first_player_rate": round(self.first_player_rate, 4),
            "interval": [round(bound, 4) for bound in self.interval],
            "standard_error": round(self.standard_error, 4),
            "card_share": {key: round(value, 4) for key, value in self.card_share.items()},
            "ok": self.ok,
        }

    def text(self, lang: str = "en") -> str:
        """The report for a terminal, in German or English."""
        name, share = self.top_card
        low, high = FIRST_PLAYER_RANGE
        if lang == "de":
            lines = [
                f"Spiele: {self.games}, entschieden: {self.decided}, unentschieden: {self.draws}",
                f"Unentschieden: {self.draw_rate:.1%} (höchstens {MAX_DRAW_RATE:.0%})",
                (
                    f"Startspieler gewinnt: {self.first_player_rate:.1%}, 95%-Intervall "
                    f"{self.interval[0]:.1%}-{self.interval[1]:.1%} (Soll {low:.0%}-{high:.0%})"
                ),
                (
                    f"Häufigste Karte im Reich der Sieger: {name} {share:.1%} "
                    f"(höchstens {MAX_CARD_SHARE:.0%})"
                ),
                "Balance: " + ("in Ordnung" if self.ok else "VERLETZT"),
                "Anteil je Karte im Reich der Sieger:",
            ]
        else:
            lines = [
                f"Games: {self.games}, decided: {self.decided}, drawn: {self.draws}",
                f"Drawn: {self.draw_rate:.1%} (at most {MAX_DRAW_RATE:.0%})",
                (
                    f"First player wins: {self.first_player_rate:.1%}, 95% interval "
                    f"{self.interval[0]:.1%}-{self.interval[1]:.1%} (bounds {low:.0%}-{high:.0%})"
                ),
                (
                    f"Card most often in a winner's Domain: {name} {share:.1%} "
                    f"(at most {MAX_CARD_SHARE:.0%})"
                ),
                "Balance: " + ("holds" if self.ok else "VIOLATED"),
                "Share of winners' Domains holding each card:",
            ]
        for key, value in sorted(self.card_share.items(), key=lambda item: -item[1]):
            lines.append(f"  {value:6.1%}  {key}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text("en")


def balance_report(playouts: Iterable[Any]) -> BalanceReport:
    """The balance figures over every game of the given finished matches.

    Each item is a finished Coppertwaddle state (a dict) or has one as ``.state``.
    """
    games = decided = first_wins = 0
    seen: Counter[str] = Counter()
    for playout in playouts:
        state = playout if isinstance(playout, dict) else playout.state
        for game in state["history"]:
            games += 1
            if game["winner"] < 0:
                continue
            decided += 1
            first_wins += game["winner"] == game["first"]
            seen.update({DESIGNS[DESIGN_OF[card]].name for card in game["domain"] if card >= 0})
    share = {
        card.name: (seen[card.name] / decided if decided else 0.0)
        for card in DESIGNS
        if card.kind == "rank"
    }
    return BalanceReport(games, decided, first_wins, share)


def self_play(
    matches: int, seed: int = 0, players: tuple[str, str] = ("strategy", "strategy")
) -> list[dict[str, Any]]:
    """Finished matches between two engine players (the bare loop, no checks)."""
    # Looked up, not imported: the engine's balance report imports this module.
    game = get_game("coppertwaddle")
    engine = game.engine_players()
    finished = []
    for index in range(matches):
        rng = random.Random(seed + index)
        state = game.initial_state(2, game.parse_options(2))
        while seats := game.to_act(state):
            seat = seats[0]
            if seat == CHANCE:
                code = game.sample_chance(state, rng)
            else:
                code = engine[players[seat]].choose(game, state, seat, rng)
            state, _events = game.apply(state, seat, code, checked=False)
        finished.append(state)
    return finished
