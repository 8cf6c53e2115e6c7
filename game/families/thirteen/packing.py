"""When to pack: compare what packing costs now with what playing on is
expected to cost, from the hand's distance to a declaration.

The chances below were measured over 800 two-player Points deals of medium
against medium (``need`` = cards still to draw, at the start of a turn):
with three still to draw on the first turn a hand wins about half its deals,
with five about one in five.  With more players the two-player chance is
raised to the power 1 + (opponents - 1) / 2, which matches 3- and 4-player
measurements of the same kind within a few points.

The model alone dropped too many first hands for a table of people (issue
23: over a quarter of medium's first turns at four players, over a third at
six, and hands with a pure sequence and a wild card among them).  A player
who is not searching drops a first hand only when it is plainly bad, so
medium's first drop also needs the hand to look hopeless
(``looks_hopeless``), and no level drops a first hand that holds a pure
sequence and a wild card (``keeps_first_hand``).  Measured on all-medium
Points tables played on without a drop (786 first hands at four players),
a hand four cards from declaring with neither a pure sequence nor a wild
card lost 54 points on average and one five or more cards away 46, against
a first drop of 20; those are about 18% of first hands.
"""

from __future__ import annotations

from game.ai.base import PackOdds
from game.ai.kinds import kinds_of
from game.ai.knowledge import is_wild_kind
from game.engine import PlayerView
from game.engine.cards import JOKER_KIND
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
HOPELESS = 5  # cards to draw that make any first hand look hopeless
BARE = 4  # ... or this many, with neither a pure sequence nor a wild card


def win_chance(need: int, turn: int, opponents: int) -> float:
    row = WIN_CHANCE[min(turn, len(WIN_CHANCE) - 1)]
    p = row[min(need, len(row) - 1)]
    return p ** (1 + (max(1, opponents) - 1) / 2)


def odds(view: PlayerView, need: int) -> PackOdds:
    """The drop against playing on, in points: what the drop costs now,
    what playing on is expected to cost (its expected score change,
    negated) and how often a hand ``need`` cards from declaring wins.  In
    pool a won deal adds nothing to one's own score, but it adds the
    losers' counts to everyone else's, which is worth the same as points
    won in a race to stay under the limit."""
    rules = view.rules
    turn = view.turns_taken[view.seat]
    cost, _ = pack_cost(view, view.seat)
    opponents = sum(1 for s, st in enumerate(view.status)
                    if st == SeatStatus.ACTIVE and s != view.seat)
    p = win_chance(need, turn, opponents)
    loss = LOSER_PAYS[min(need, len(LOSER_PAYS) - 1)]
    if rules.cap is not None:
        loss = min(loss, rules.cap)
    gain = LOSER_PAYS[3] * max(1, opponents)
    return PackOdds(float(cost), -(p * gain - (1 - p) * loss), p)


def pack_is_cheaper(view: PlayerView, need: int) -> bool:
    """Whether the model expects playing on to cost clearly more than the drop."""
    o = odds(view, need)
    return o.play > o.drop + MARGIN


def pure_runs(view: PlayerView) -> list[tuple[int, int, int]]:
    """Every three natural cards of the hand that make a pure sequence
    (kinds; a designated wild card standing as itself)."""
    held = set(kinds_of(view.hand)) - {JOKER_KIND}
    runs = []
    for suit in range(4):
        for r in range(12):  # A-2-3 .. Q-K-A (12: the Ace above the King)
            run = tuple(suit * 13 + (x % 13) for x in (r, r + 1, r + 2))
            if all(k in held for k in run):
                runs.append(run)
    return runs


def pure_and_wild(view: PlayerView) -> bool:
    """Whether the hand holds a pure sequence and a wild card besides."""
    wild = view.wild
    wilds = sum(1 for k in kinds_of(view.hand) if is_wild_kind(k, wild))
    return any(wilds > sum(1 for k in run if is_wild_kind(k, wild)) for run in pure_runs(view))


def keeps_first_hand(view: PlayerView) -> bool:
    """No level drops a first hand with a pure sequence and a wild card:
    the first meld a declaration needs is there, and the wild card makes a
    second (no regular player throws that in)."""
    return view.turns_taken[view.seat] == 0 and pure_and_wild(view)


def looks_hopeless(view: PlayerView, need: int) -> bool:
    """A first hand a player drops by sight: ``HOPELESS`` cards or more
    from declaring, or ``BARE`` with neither a pure sequence nor a wild card.
    Later turns are left to the model."""
    if view.turns_taken[view.seat] > 0:
        return True
    if keeps_first_hand(view):
        return False
    if need >= HOPELESS:
        return True
    return need >= BARE and not any(is_wild_kind(k, view.wild) for k in kinds_of(view.hand)) \
        and not pure_runs(view)
