"""Medium: the best play for this turn alone.

It takes the face-up card only when that brings the hand closer to a
declaration, throws the card whose loss leaves the fastest hand (fewest
draws still needed, most live useful cards, fewest loose points), and packs a
hopeless first hand when the first drop is cheaper than playing it out
(``packing.py``: the model's numbers, and a first hand that looks hopeless).
When it packs it keeps the numbers it decided by (``pack_odds``) for the
table's announcement and the coach.
"""

from __future__ import annotations

from game.ai.base import LevelBot, PackOdds, Thought, card_points
from game.ai.common import ranked_discards
from game.ai.kinds import adding, kinds_of, without
from game.ai.knowledge import Knowledge, is_wild_kind, know
from game.engine import Discard, DrawDiscard, DrawStock, Pack, PlayerView
from game.families.thirteen.judge import Judge, Weights
from game.families.thirteen.packing import looks_hopeless, odds, pack_is_cheaper


class MediumBot(LevelBot):
    name = "medium"
    description = "Plays the best move for this turn: fast melds, few points."
    weights = Weights()
    pack_odds: PackOdds | None = None  # the numbers of its last drop, while it stands

    def judge(self, view: PlayerView) -> Judge:
        return Judge(view, self.knowledge(view), self.weights)

    def knowledge(self, view: PlayerView) -> Knowledge:
        return know(view)

    # ---------------------------------------------------------------- draw
    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        judge = self.judge(view)
        hand = kinds_of(view.hand)
        self.pack_odds = None
        if Pack() in legal and self.should_pack(view, judge, hand):
            self.pack_odds = odds(view, judge.need(judge.shape(hand), hand))
            return Pack()
        yield
        if DrawDiscard() in legal and (DrawStock() not in legal
                                       or self.wants_top(view, judge, hand)):
            return DrawDiscard()
        return DrawStock()

    def wants_top(self, view: PlayerView, judge: Judge, hand: tuple[int, ...]) -> bool:
        top = view.discard[-1].kind
        if is_wild_kind(top, view.wild):
            return True
        return judge.shape(adding(hand, top)).need < judge.need(judge.shape(hand), hand)

    def should_pack(self, view: PlayerView, judge: Judge, hand: tuple[int, ...]) -> bool:
        need = judge.need(judge.shape(hand), hand)
        return pack_is_cheaper(view, need) and looks_hopeless(view, need)

    # ------------------------------------------------------------- discard
    def discard(self, view: PlayerView) -> Thought:
        judge = self.judge(view)
        scored = yield from self.rank_discards(view, judge)
        return Discard(scored[0][2])

    def rank_discards(self, view: PlayerView, judge: Judge) -> Thought:
        """(value, tiebreak, card) for each distinct discard, best first."""
        hand = kinds_of(view.hand)
        return (yield from ranked_discards(
            view, lambda kind, card: (judge.value(without(hand, kind)), -card_points(card, view))))
