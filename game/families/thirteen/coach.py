"""How the coach sees a 13-card hand (RULES.md §2–§3; the framework is
``game.ai.coach``).

The exact solver gives the arrangement and the count, medium's judge
(``judge.Judge``: cards still to draw, less the chance that the next card
helps) the distance, and the packing model turns a position into points:
the chance of winning the deal from the cards still to draw, as measured
for the packing decision (``packing.py``: two-player Points deals of medium
against medium, raised to a power for more players), winning the typical
loser's count from each opponent and otherwise paying this hand's count:
``p·G − (1 − p)·L``.  One card more to draw early in a deal costs about 15
points by this model.  Every move of this game is one the framework knows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.ai.coach.lens import Layout, Lens, PackOdds, Standing, card_order, opponents
from game.ai.kinds import kinds_of
from game.ai.knowledge import know
from game.engine import Card, PlayerView
from game.families.thirteen.judge import Judge
from game.families.thirteen.packing import LOSER_PAYS, odds, win_chance


class ThirteenLens(Lens):
    """13-card rummy: the exact solver for the arrangement and the count,
    medium's judge for the distance, the packing model for points."""

    goal = "declaring"
    stock_words = "played out over likely hands, a fresh card does better"  # hard's search

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        self.judge = Judge(view, know(view))
        self._stand: dict[tuple[int, ...], Standing] = {}

    def layout(self, cards: Sequence[Card]) -> Layout:
        """The count's arrangement, then whatever else melds among its loose
        cards (a set beside a lone pure sequence counts nothing yet, but it
        is a meld the player keeps and should see)."""
        ev = self.family.evaluate(self.rules, self.view.decks, tuple(cards), self.view.wild)
        melds = [(m.name, m.cards) for m in ev.melds]
        loose = tuple(ev.deadwood)
        for _ in range(4):
            more = self.family.evaluate(self.rules, self.view.decks, loose, self.view.wild,
                                        loose=True)
            if not more.melds:
                break
            melds += [(m.name, m.cards) for m in more.melds]
            loose = tuple(more.deadwood)
        return Layout(tuple(melds), tuple(sorted(loose, key=card_order)))

    def count(self, cards: Sequence[Card]) -> int:
        got = self.family.count_kinds(self.rules, self.view.decks, kinds_of(cards),
                                      self.view.wild) or 0
        if self.rules.cap is not None:
            got = min(got, self.rules.cap)
        return got * self.family.deal_multiplier(self.rules, self.view.cut)

    def _stand_kinds(self, kinds: tuple[int, ...], sure: bool) -> Standing:
        key = kinds + ((-1,) if sure else ())
        got = self._stand.get(key)
        if got is None:
            judge = self.judge
            sh = judge.shape(kinds)
            need = judge.need(sh, kinds)
            chance = 0.0 if sure else judge.outs(sh) / judge.pool
            got = Standing(need, max(0.0, need - chance), self._count_kinds(kinds))
            self._stand[key] = got
        return got

    def _count_kinds(self, kinds: tuple[int, ...]) -> int:
        size = self.rules.hand_size
        if len(kinds) > size:  # the count of the best hand of the right size
            return min(self._count_kinds(kinds[:i] + kinds[i + 1:]) for i in range(len(kinds)))
        got = self.family.count_kinds(self.rules, self.view.decks, kinds, self.view.wild) or 0
        return got if self.rules.cap is None else min(got, self.rules.cap)

    def standing(self, cards: Sequence[Card]) -> Standing:
        return self._stand_kinds(kinds_of(cards), sure=False)

    def take(self, cards: Sequence[Card]) -> Standing:
        # the pile's card is in hand for sure; the next draw is a turn away
        kinds = kinds_of(cards)
        best = None
        for k in sorted(set(kinds)):
            i = kinds.index(k)
            st = self._stand_kinds(kinds[:i] + kinds[i + 1:], sure=True)
            if best is None or self.points(st) > self.points(best):
                best = st
        return best

    def stock(self, cards: Sequence[Card]) -> Standing:
        return self.standing(cards)  # its chance of a useful card is the stock's

    def win_chance(self, st: Standing) -> float:
        view = self.view
        n = opponents(view)
        turn = view.turns_taken[view.seat]
        lo = math.floor(st.draws)
        f = st.draws - lo
        return (1 - f) * win_chance(lo, turn, n) + f * win_chance(lo + 1, turn, n)

    def points(self, st: Standing) -> float:
        p = self.win_chance(st)
        gain = LOSER_PAYS[3] * opponents(self.view)
        return p * gain - (1 - p) * st.count

    def pack_odds(self) -> PackOdds:
        """The numbers medium's drop is decided by (``packing.odds``), unless
        the deciding bot gave its own."""
        if self.odds is not None:
            return self.odds
        return odds(self.view, self.stock(self.view.hand).need)

    def win_points(self) -> float:
        return float(LOSER_PAYS[3] * opponents(self.view))


# what the coach knows of this game (the registry reads it)
COACH = ThirteenLens
