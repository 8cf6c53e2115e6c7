"""Two simple bots the simulator can always use: random (any move of the
game) and greedy."""

from __future__ import annotations

import random
from typing import NamedTuple

from game.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    PlayerView,
    ShowDealtHand,
)
from game.engine.actions import Action, Answer
from game.engine.cards import card_points
from game.engine.family import family_of
from game.engine.shows import valid_declarations


class _Plan(NamedTuple):
    """A discard turn's choice: the discard, the count it leaves (None when
    no discard is offered), and the least count any discard may leave."""

    action: Action
    left: int | None
    least: int | None


class RandomBot:
    """Any move the seat may make, uniformly, from every move of its game
    (``view.moves()``: the legal list and the family's melds, lay-offs and
    chosen groups), with two exceptions that keep a random game a game: a
    valid show (or a dealt hand rummy) is always made, since a random
    declaration is almost never valid and would end in a penalty, and a
    pack is chosen on purpose only one time in twenty (uniform packing
    would end most deals at the first turn)."""

    name = "random"
    description = "Plays any legal move at random."

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        moves = [a for a in view.moves() if not isinstance(a, Declare)]
        declares = [a for a in moves if isinstance(a, ShowDealtHand)] + valid_declarations(view)
        if declares:
            return declares[0]
        calm = [a for a in moves if not isinstance(a, Pack)]
        if calm and self.rng.random() > 0.05:
            return self.rng.choice(calm)
        return self.rng.choice(moves)


class GreedyBot:
    """Keeps its best melds and throws the loose card whose loss leaves the
    lowest count; takes the face-up card when the hand with it, less such a
    card, counts less than the hand now; declares when it can, and takes at
    once a game's own show, or the step it asks before one
    (``Family.show_step``).

    The discards it weighs are those whose counts an exact count of the
    whole hand fixes (``Family.counts_without``: a loose card's loss, in 13
    and 21/27 cards), so one search prices them all; where the family names
    none, it weighs every discard by the count it leaves.  Among equal
    counts the first in legal order goes."""

    name = "greedy"
    description = "Keeps its best melds and throws the costliest loose card."

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def _count(self, view: PlayerView, kinds: tuple[int, ...],
               below: int | None = None) -> int | None:
        return family_of(view.rules).count_kinds(view.rules, view.decks, kinds, view.wild,
                                                 below)

    def _known(self, view: PlayerView, kinds: tuple[int, ...]) -> int | None:
        return family_of(view.rules).known_count(view.rules, view.decks, kinds, view.wild)

    def _named(self, view: PlayerView,
               kinds: tuple[int, ...]) -> tuple[int, dict[int, int]] | None:
        return family_of(view.rules).counts_without(view.rules, view.decks, kinds, view.wild)

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        kinds_offered = {type(a) for a in legal}  # one pass instead of one a question
        if ShowDealtHand in kinds_offered:
            return next(a for a in legal if isinstance(a, ShowDealtHand))
        drawing = DrawStock in kinds_offered or DrawDiscard in kinds_offered
        waiting = NextDeal in kinds_offered or Answer in kinds_offered
        if Discard in kinds_offered and not (drawing or waiting):
            # the whole hand's count, asked below anyway, asked first: an
            # evaluator may keep what its search learns of the hands one card
            # less (which cannot meld every card) for the show questions
            # asked next
            self._count(view, tuple(sorted([c.kind for c in view.hand])))
        family = family_of(view.rules)
        planned: _Plan | None = None
        if Declare in kinds_offered:
            if family.shows_count_zero and not (drawing or waiting):
                # a show leaves a count of 0: when no discard can leave 0,
                # the show question (a search per discard) need not be asked
                planned = self._plan_discard(view, legal)
            if planned is None or planned.least is None or planned.least <= 0:
                if planned is not None and planned.left == 0:
                    # the discard chosen leaves nothing: declared with when
                    # that is a show (one question, not one per card)
                    k = planned.action.card.kind
                    declare = next((a for a in legal if isinstance(a, Declare)
                                    and a.card.kind == k), None)
                    if declare is not None and family.leaves_show(
                            view.rules, view.decks, tuple(view.hand), view.wild, view.extra, k):
                        return declare
                declares = valid_declarations(view)
                if declares:
                    return declares[0]
        if waiting:
            return legal[0]
        if drawing:
            take = DrawDiscard in kinds_offered and self._gain_from(view, view.discard[-1])
            return DrawDiscard() if take or DrawStock not in kinds_offered else DrawStock()
        step = family.show_step(view)
        if step is not None:
            return step
        if planned is None:
            planned = self._plan_discard(view, legal)
        return planned.action

    def _plan_discard(self, view: PlayerView, legal) -> _Plan:
        """The discard, the count it leaves, and the least count any discard
        may leave.  Of the discards the family prices
        (``Family.counts_without``), the first in legal order of the lowest;
        no discard then leaves less than the count less the points of the
        costliest card offered (a card less lowers a count by its points at
        most).  Otherwise the least costly discard, counted."""
        kinds = tuple(sorted([c.kind for c in view.hand]))
        named = self._named(view, kinds)
        if named is not None:
            count, without = named
            order = list(dict.fromkeys([a.card.kind for a in legal if isinstance(a, Discard)]))
            candidates = [k for k in order if k in without]
            if candidates:
                k = min(candidates, key=without.__getitem__)  # the first of the lowest
                action = next(a for a in legal if isinstance(a, Discard) and a.card.kind == k)
                costliest = max(self._points(view, o) for o in order)
                return _Plan(action, without[k], count - costliest)
        left, action = self._least_costly_discard(view, legal)
        return _Plan(action, left, left)

    def _least_costly_discard(self, view: PlayerView, legal) -> tuple[int | None, Action]:
        """The first discard (in legal order) whose loss leaves the lowest
        count, with that count (None when no discard is offered).  The same
        kind leaves the same hand, so each kind is counted once: first the
        counts the evaluator knows already, then the costly cards (throwing
        one usually leaves the lowest count), each asked only whether it is
        lower than the best so far (a bounded search), or at most as low
        when it comes before the best in legal order (it would take the
        best's place)."""
        kinds = tuple(sorted([c.kind for c in view.hand]))
        # kinds in legal order
        order = list(dict.fromkeys([a.card.kind for a in legal if isinstance(a, Discard)]))
        if not order:
            return None, legal[0]
        points = self._points
        pts = {k: points(view, k) for k in order}
        hands = {k: _without(kinds, k) for k in order}
        # the whole hand first: an evaluator that keeps it bounds each count
        # below by it (a card less lowers a count by its points at most) and
        # may know some exactly (a loose card's loss), which bound every
        # search from the start; a loose card's loss leaves at most the
        # whole hand's count, so even the first count is asked under it,
        # sparing an exact search when the costliest card sits in a meld
        whole = self._count(view, kinds)
        place = {k: i for i, k in enumerate(order)}
        # (count, place in legal order) of the best discard so far
        best: tuple[int, int] | None = None
        known: set[int] = set()  # kinds whose loss the evaluator knows exactly
        for k, i in place.items():
            got = self._known(view, hands[k])
            if got is not None:
                known.add(k)
                if best is None or (got, i) < best:
                    best = (got, i)
        for k in sorted(order, key=pts.__getitem__, reverse=True):
            if k in known:
                continue
            i = place[k]
            if best is None:
                lim = whole + 1
            else:  # lower than the best, or as low before it in legal order
                lim = best[0] + 1 if i < best[1] else best[0]
            got = self._count(view, hands[k], lim)
            if got is not None:
                best = (got, i)
        if best is None:  # every discard leaves more than the whole hand
            best = min((self._count(view, hands[k]), i) for k, i in place.items())
        k = order[best[1]]
        return best[0], next(a for a in legal if isinstance(a, Discard) and a.card.kind == k)

    def _gain_from(self, view: PlayerView, card) -> bool:
        kinds = sorted([c.kind for c in view.hand])
        now = self._count(view, tuple(kinds))
        kinds.append(card.kind)
        with_card = tuple(sorted(kinds))
        points = self._points
        named = self._named(view, with_card)
        if named is not None:
            # throwing the card itself leaves the hand as it is (``now``)
            others = [n for k, n in named[1].items() if k != card.kind]
            if others:
                return min(others) < now
        self._count(view, with_card)  # the bound of each count below (as above)
        # any order gives the same answer: first the counts that one made
        # known (a loose card's loss; a hand melding every card), then
        # costly cards, since a costly loose card is the likeliest to leave
        # a lower count
        # (the card itself leaves the hand as it is: its count is ``now``)
        hands = {k: _without(with_card, k) for k in with_card if k != card.kind}
        unknown = {}
        for k, hand in hands.items():
            got = self._known(view, hand)
            if got is None:
                unknown[k] = points(view, k)
            elif got < now:
                return True
        for k in sorted(unknown, key=unknown.__getitem__, reverse=True):
            if self._count(view, hands[k], now) is not None:
                return True
        return False

    @staticmethod
    def _points(view: PlayerView, kind: int) -> int:
        return 0 if kind in view.wild else card_points(kind, view.rules.ace_points)


def _without(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """Sorted kinds less one copy of ``kind``."""
    i = kinds.index(kind)
    return kinds[:i] + kinds[i + 1:]
