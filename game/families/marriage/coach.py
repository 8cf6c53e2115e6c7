"""How the coach sees an Indian Marriage hand, and what it says of this
game's own moves (RULES.md §6; the framework is ``game.ai.coach``).

The hand search (``best_arrangement``, or the dublees when they leave fewer
cards over) gives the arrangement; medium's judge the cards still to draw
(to see the tiplu, then to show); the maal a seen player holds the bonus.
What a hand pays now is the game points a loser pays the winner: 3 once
seen, 10 before (the rule set's ``seen_loser_points`` and
``unseen_loser_points``).  Points: each card still to draw costs
``PER_CARD`` (an estimate: a winner collects 3–10 game points from each
loser, and a card nearer raises the chance of winning by about a sixth, as
for 13 cards), and a point of maal is worth one point from each other
player (the n·S − T exchange).

This game's own moves: exposing a tunnela is worth the bonus it pays once
seen (5 from each other player, unless the rule set pays none); seeing the
tiplu is the best throw that follows plus what a seen loser saves (10 − 3).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence

from game.ai.coach.advice import best_discard_points
from game.ai.coach.lens import Layout, Lens, Standing, card_order, opponents
from game.ai.coach.reasons import SHARED, line, what_it_joins
from game.ai.coach.words import card_words, cards_words
from game.ai.kinds import kinds_of
from game.engine import Card, DrawDiscard, PlayerView
from game.engine.state import SeatStatus
from game.families.marriage.actions import (
    DUBLEES,
    SEQUENCES,
    DoneExposing,
    ExposeTunnela,
    SeeTiplu,
)
from game.families.marriage.hand import (
    best_arrangement,
    can_see,
    dublee_pairs,
    winning_show,
)
from game.families.marriage.judge import Judge
from game.families.marriage.maal import maal

SEE_SEQUENCES = "three pure sequences (to see the tiplu)"
SEE_DUBLEES = "seven dublees (to see the tiplu)"
PER_CARD = 3.0  # points a card still to draw costs (module docstring)
TUNNELA_BONUS = 5.0  # what an exposed tunnela collects from each other player once seen


# ------------------------------------------------------------- its moves
def _expose(lens: MarriageLens, action: ExposeTunnela) -> str:
    clauses = ["it counts toward the three pure melds you need to see the tiplu"]
    if lens.rules.tunnela_bonus != "none":
        clauses.append("it pays a bonus once you have seen")
    return line(f"Expose the tunnela {cards_words(action.cards)}", clauses)


def _take(lens: MarriageLens, action: DrawDiscard) -> str:
    """The shared reason, but a take that lets an unseen hand see the tiplu
    says so: seeing, not a show, is what the hand is then ready for."""
    view = lens.view
    after = view.hand + (view.discard[-1],)
    if lens.seen or lens.is_wild(view.discard[-1]) or lens.take(after).need > 0:
        return SHARED[DrawDiscard](lens, action)
    head = f"Take {card_words(view.discard[-1])} from the pile"
    return line(head, [what_it_joins(lens, view.discard[-1], after),
                       "then you can see the tiplu"])


def _done_exposing(lens: MarriageLens, action: DoneExposing) -> str:
    return "Go on: you hold no tunnela to expose."


def _see(lens: MarriageLens, action: SeeTiplu) -> str:
    view = lens.view
    groups = action.groups
    if not groups:
        got = can_see(view.hand, view.extra.exposed[view.seat], dublees=action.route == DUBLEES)
        groups = got.groups if got is not None and got.route == action.route else ()
    what = " | ".join(lens.words(g) for g in groups) or (
        "three pure sequences" if action.route == SEQUENCES else "seven dublees")
    r = lens.rules
    return line(f"Lay down {what} and see the tiplu",
                ["the wild cards then work for you",
                 f"a loser who has seen pays {r.seen_loser_points}, "
                 f"not {r.unseen_loser_points}"])


def _see_value(lens: MarriageLens, action: SeeTiplu) -> float:
    # the turn goes on: the best throw, then a seen hand
    return best_discard_points(lens) + lens.see_gain()


def _expose_value(lens: MarriageLens, action: ExposeTunnela) -> float:
    return TUNNELA_BONUS * opponents(lens.view) if lens.rules.tunnela_bonus != "none" else 0.0


def _done_value(lens: MarriageLens, action: DoneExposing) -> float:
    return 0.0


# --------------------------------------------------------------- the lens
class MarriageLens(Lens):
    goal = "a show"
    twins = "a dublee"
    reasons = {ExposeTunnela: _expose, DoneExposing: _done_exposing, SeeTiplu: _see,
               DrawDiscard: _take}
    values = {SeeTiplu: _see_value, ExposeTunnela: _expose_value, DoneExposing: _done_value}

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        self.judge = Judge(view, True)
        ex = view.extra
        self.seen = bool(ex is not None and ex.i_have_seen)
        self.route = ex.my_route if ex is not None else None
        # the distance to each way of seeing, measured apart so that the words
        # name the route the distance is on: the sequences alone (the judge's
        # tiebreak for loose cards kept, as it weighs the routes, and left out,
        # to count the cards), the dublees through the judge's own measure
        self._seq = copy.copy(self.judge)
        self._seq.dublees_open = False
        self._seq_cards = copy.copy(self._seq)
        self._seq_cards.rest_weight = 0.0

    def layout(self, cards: Sequence[Card]) -> Layout:
        pairs = dublee_pairs(cards)
        arr = best_arrangement(tuple(cards), self.view.wild)
        by_dublees = self.route == DUBLEES or (
            not self.seen and len(pairs) >= 5 and len(cards) - 2 * len(pairs) < len(arr.leftovers))
        if by_dublees:
            used = {c for p in pairs for c in p}
            return Layout(tuple(("dublee", tuple(p)) for p in pairs),
                          tuple(sorted((c for c in cards if c not in used), key=card_order)))
        return Layout(tuple((m.name, m.cards) for m in arr.melds),
                      tuple(sorted(arr.leftovers, key=card_order)))

    def count(self, cards: Sequence[Card]) -> int:
        r = self.rules
        return r.seen_loser_points if self.seen else r.unseen_loser_points

    def _maal(self, cards: Sequence[Card]) -> int:
        ex = self.view.extra
        if not self.seen or ex is None or ex.tiplu is None:
            return 0
        seat = self.view.seat
        laid = [c for g in ex.laid[seat] for c in g]
        try:
            return maal(tuple(cards) + tuple(laid), ex.exposed[seat], ex.tiplu, True,
                        self.rules.marriage_options).raw
        except ValueError:  # a hand the maal count cannot read: no bonus said
            return 0

    def _stand(self, kinds: tuple[int, ...], cards: Sequence[Card]) -> Standing:
        value = self.judge.value(kinds)  # the draws the points are priced on
        need, route = self._need(kinds, value)
        return Standing(need, max(0.0, value), self.count(cards), self._maal(cards), route)

    def _need(self, kinds: tuple[int, ...], value: float) -> tuple[int, str]:
        """Cards still to draw and the finish they are counted to: once seen,
        the show (or the eighth dublee); before, the way of seeing the
        judge finds nearer (the dublees only when they are open and nearer
        by more than its bias for sequences, as the bots weigh them)."""
        if self.seen:
            route = "the eighth dublee" if self.route == DUBLEES else "a show"
            return max(0, math.ceil(value - 1e-6)), route
        seq = self._seq_cards.value(kinds)
        if self.judge.dublees_open:
            judge = self.judge
            # the judge's private measure: the one the bots' weighing uses
            dub = judge._dublee_value(kinds, 7 - judge.exposed)
            if dub + judge.dublee_bias < self._seq.value(kinds):
                return max(0, math.ceil(dub - 1e-6)), SEE_DUBLEES
        return max(0, math.ceil(seq - 1e-6)), SEE_SEQUENCES

    def standing(self, cards: Sequence[Card]) -> Standing:
        return self._stand(kinds_of(cards), cards)

    def take(self, cards: Sequence[Card]) -> Standing:
        # the judge reads a hand one over size as a whole (its worst card to go)
        return self._stand(kinds_of(cards), cards)

    def points(self, st: Standing) -> float:
        return -PER_CARD * st.draws + st.bonus * opponents(self.view)

    def win_points(self) -> float:
        view, r = self.view, self.rules
        ex = view.extra
        total = 0
        for s, status in enumerate(view.status):
            if s != view.seat and status == SeatStatus.ACTIVE:
                seen = ex is not None and ex.seen[s]
                total += r.seen_loser_points if seen else r.unseen_loser_points
        return float(total)

    def see_gain(self) -> float:
        """Seeing the tiplu: a loser who has seen pays 3 instead of 10."""
        r = self.rules
        return float(r.unseen_loser_points - r.seen_loser_points)

    def need_words(self, st: Standing) -> str:
        if st.need <= 0:
            if st.route in (SEE_SEQUENCES, SEE_DUBLEES):
                return "ready to see the tiplu"
            return f"ready for {st.route}"
        unit = "card" if st.need == 1 else "cards"
        return f"about {st.need} {unit} from {st.route}"

    def finish_words(self, rest: Sequence[Card]) -> str:
        ex = self.view.extra
        seat = self.view.seat
        try:
            show = winning_show(tuple(rest), self.view.wild, ex.laid[seat], ex.exposed[seat],
                                route=self.route or SEQUENCES, size=self.rules.hand_size)
        except ValueError:
            show = None
        if show is None:
            return super().finish_words(rest)
        if show.dublees:
            return f"{len(show.dublees)} dublees"
        return f"seven melds with {show.natural_pures} natural pure ones"


# what the coach knows of this game (the registry reads it)
COACH = MarriageLens
