"""When to pack: compare what packing costs now with what playing on is
expected to cost, from the hand's distance to a declaration.

The chances below were measured over 800 two-player Points deals of medium
against medium (``need`` = cards still to draw, at the start of a turn):
with three still to draw on the first turn a hand wins about half its deals,
with five about one in five.  With more players the two-player chance is
raised to the power 1 + (opponents - 1) / 2, which matches 3- and 4-player
measurements of the same kind within a few points.
"""

from __future__ import annotations

from game.engine import PlayerView
from game.engine.game import pack_cost
from game.engine.state import SeatStatus

# WIN_CHANCE[turn][need]: two players, turn = turns this seat has taken (3 = later)
WIN_CHANCE = (
    (1.0, 0.95, 0.73, 0.54, 0.34, 0.21, 0.12),
    (1.0, 0.85, 0.63, 0.39, 0.21, 0.15, 0.10),
    (1.0, 0.76, 0.51, 0.26, 0.20, 0.10, 0.06),
    (1.0, 0.70, 0.41, 0.18, 0.12, 0.06, 0.04),
)
LOSER_PAYS = (0, 31, 36, 40, 45, 51, 58)  # mean count of a losing hand by need
MARGIN = 2.0  # pack only when it is clearly cheaper


def win_chance(need: int, turn: int, opponents: int) -> float:
    row = WIN_CHANCE[min(turn, len(WIN_CHANCE) - 1)]
    p = row[min(need, len(row) - 1)]
    return p ** (1 + (max(1, opponents) - 1) / 2)


def pack_is_cheaper(view: PlayerView, need: int) -> bool:
    """Expected score change of playing on versus the drop.  In pool a won
    deal adds nothing to one's own score, but it adds the losers' counts to
    everyone else's, which is worth the same as points won in a race to
    stay under the limit."""
    rules = view.rules
    turn = view.turns_taken[view.seat]
    cost, _ = pack_cost(view, view.seat)
    opponents = sum(1 for s, st in enumerate(view.status)
                    if st == SeatStatus.ACTIVE and s != view.seat)
    p = win_chance(need, turn, opponents)
    loss = LOSER_PAYS[min(need, len(LOSER_PAYS) - 1)]
    if rules.cap is not None:
        loss = min(loss, rules.cap)
    gain = LOSER_PAYS[3] * opponents
    play = p * gain - (1 - p) * loss
    return -cost > play + MARGIN
