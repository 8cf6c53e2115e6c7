"""How the coach sees a Vazhushal hand, and what it says of this game's own
moves (RULES.md §7; the framework is ``game.ai.coach``).

The exact lay-down search gives the arrangement; medium's judge (``Judge``:
turns to go out, the stock-out score a little) the distance.  What a hand
"pays" is the value of the cards its best lay-down leaves in hand (what
counts against it if the stock runs out; a wild card 20).  Points: each
turn more to go out costs ``PER_TURN`` card points (an estimate: about one
card a turn is melded rather than left in hand, and an average card is
worth 7).  The whole line stays open (a card let pass may be wiped later),
so what the next player let pass says nothing here.

This game's own moves: a wipe is priced by the position after it (the
engine's meld laid, this turn's discard still to come), going out as the
best a position can be.  Rearranging melds on the table mid-turn is not
priced, so the review leaves it out.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.base import finish
from game.ai.coach.advice import after_discard
from game.ai.coach.lens import Layout, Lens, Standing, card_order
from game.ai.coach.reasons import line
from game.ai.coach.words import card_words
from game.engine import Action, Card, Discard, DrawStock, PlayerView
from game.families.vazhushal.actions import (
    Finish,
    GoOut,
    Position,
    Wipe,
    resolve_go_out,
    resolve_wipe,
)
from game.families.vazhushal.bots import Judge
from game.families.vazhushal.laydown import best_laydown
from game.families.vazhushal.melds import left_value
from game.families.vazhushal.readings import SEQUENCE, TableMeld

PER_TURN = 7.0  # card points a turn more to go out costs (module docstring)
NODES = 20_000  # the arrangement search's bound for a hint (exact for any real hand)


def in_order(meld: TableMeld) -> tuple[Card, ...]:
    """A meld's cards in the order the table shows them (the table's
    ``draw.shown``, which this engine-side module cannot import: it draws): a
    sequence low to high by what each card stands for (Q K A when the Ace
    is high), a set by suit.  The engine keeps the order they were laid in,
    which reads as "5♠ 7♠ 6♠"."""
    pairs = list(zip(meld.cards, meld.stands_for, strict=True))
    if meld.kind == SEQUENCE:
        high = any(k % 13 == 12 for k in meld.stands_for)  # a King: an Ace is high
        pairs.sort(key=lambda p: 14 if high and p[1] % 13 == 0 else p[1] % 13)
    else:
        pairs.sort(key=lambda p: p[1] // 13)
    return tuple(c for c, _ in pairs)


# ------------------------------------------------------------- its moves
def _stock(lens: WipeLens, action: DrawStock) -> str:
    view = lens.view
    head = "Draw from the stock"
    if not view.discard:
        return head + "."
    if any(isinstance(a, Wipe) for a in view.legal):
        return line(head, ["no wipe brings you closer to going out than a fresh card",
                           "the hand is " + lens.need_words(lens.stock(view.hand))])
    return line(head, ["nothing on the line can be wiped into a new meld now"])


def _wipe(lens: WipeLens, action: Wipe) -> str:
    view = lens.view
    pos = Position.of_view(view)
    laid, _ = resolve_wipe(pos, action)
    taken = len(pos.line) - pos.index_of(action.card)
    clauses = [f"it takes {taken} card{'s' if taken != 1 else ''}"]
    if laid:
        clauses[0] += " and lays " + ", ".join(lens.words(in_order(m)) for m in laid)
    after = lens.wipe(action)
    now = lens.standing(view.hand)
    # the cards a wipe takes come into the hand: say the count only when it
    # falls (issue 21: "9 loose cards left, against 7 now" read as a loss)
    if after is not None and after.need < now.need:
        clauses.append(f"{after.need} loose cards left to meld, against {now.need} now")
    return line(f"Wipe from {card_words(action.card)}", clauses)


def _go_out(lens: WipeLens, action: GoOut) -> str:
    done, _ = resolve_go_out(Position.of_view(lens.view))
    if done is None:
        return "Go out."
    melds, discard = done
    return line("Go out", [f"every card but {card_words(discard)} melds: "
                           + ", ".join(lens.words(in_order(m)) for m in melds)])


def _finish(lens: WipeLens, action: Finish) -> str:
    if not action.lay_best:
        return "Finish laying down."
    lay = lens.layout(lens.view.hand)
    left = lens.count(lens.view.hand)
    return line("The stock is out: lay down your best",
                [lay.words() or "nothing more melds",
                 f"{left} points stay in hand"])


def _wipe_value(lens: WipeLens, action: Wipe) -> float | None:
    st = lens.wipe(action)
    return None if st is None else lens.points(st)


def _go_out_value(lens: WipeLens, action: GoOut) -> float:
    return lens.win_points()


# --------------------------------------------------------------- the lens
class WipeLens(Lens):
    goal = "going out"
    reads_passes = False  # the whole line stays open: a card let pass may be wiped later
    reasons = {DrawStock: _stock, Wipe: _wipe, GoOut: _go_out, Finish: _finish}
    values = {Wipe: _wipe_value, GoOut: _go_out_value}

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        self.judge = Judge(view, True, True)
        ex = view.extra
        self.table = tuple(ex.melds[view.seat]) if ex is not None else ()

    def _laydown(self, cards: Sequence[Card]):
        pure = any(m.is_pure_sequence for m in self.table)
        return best_laydown(tuple(cards), self.view.wild, (), has_pure_on_table=pure,
                            node_limit=NODES, all_wild=self.view.rules.all_wild_melds)

    def layout(self, cards: Sequence[Card]) -> Layout:
        lay = self._laydown(cards)
        return Layout(tuple((_meld_name(m), in_order(m)) for m in lay.melds),
                      tuple(sorted(lay.left, key=card_order)))

    def count(self, cards: Sequence[Card]) -> int:
        return sum(left_value(c, self.view.wild) for c in self._laydown(cards).left)

    def standing(self, cards: Sequence[Card]) -> Standing:
        judge = self.judge
        shape = judge.shape(list(cards))
        turns = judge.turns_after(shape, shape.loose)
        left = sum(left_value(c, self.view.wild) for c in shape.loose)
        return Standing(len(shape.loose) + shape.pure_gap,
                        turns - judge.score_weight * shape.score, left)

    def _after_draw(self, value: float, cards: Sequence[Card]) -> Standing:
        now = self.standing(cards)
        return Standing(now.need, -value, now.count)

    def stock(self, cards: Sequence[Card]) -> Standing:
        return self._after_draw(finish(self.judge.stock_value(list(cards))), cards)

    def wipe(self, action: Wipe) -> Standing | None:
        """The position after a wipe (the engine's meld laid), this turn's
        discard still to come; None when the engine would refuse it."""
        pos = Position.of_view(self.view)
        laid, _ = resolve_wipe(pos, action)
        if laid is None:
            return None
        i = pos.index_of(action.card)
        used = {c.uid for m in laid for c in m.cards}
        hand = [c for c in pos.hand + pos.line[i:] if c.uid not in used]
        value = finish(self.judge.turn_value(hand, pos.melds + laid))
        return self._after_draw(value, hand)

    def points(self, st: Standing) -> float:
        return -PER_TURN * st.draws

    def win_points(self) -> float:
        return 0.0  # nothing left to play: the best a position can be

    def cost_words(self, played: Action, better: Action, cost: float) -> str:
        """The review's size of a mistake, in this lens's own unit: the
        turns to go out its points were priced from (``PER_TURN`` card
        points a turn; the game scores won deals, never these points).  When
        both throws leave the same cards to go, or the coach's more, the
        turns come from the draws that help, and the words say so rather
        than claim a nearness the distances deny."""
        turns = cost / PER_TURN
        n = f"{turns:.1f}".removesuffix(".0")
        words = f"out about {n} turn{'' if n == '1' else 's'} sooner"
        if not (isinstance(played, Discard) and isinstance(better, Discard)):
            return words
        hand = self.view.hand
        ours = after_discard(self, hand, better.card).need
        theirs = after_discard(self, hand, played.card).need
        if ours == theirs:
            return f"{words}: the same {ours} cards to go, more stock cards that help"
        if ours > theirs:
            return (f"{words} by the coach's count: more stock cards help, though "
                    f"{ours} cards are left to go against {theirs}")
        return words

    def need_words(self, st: Standing) -> str:
        if st.need <= 1:
            return "one card from going out"
        return f"{st.need} cards from going out"


def _meld_name(meld) -> str:
    if meld.is_pure_sequence:
        return "pure sequence"
    return "sequence" if meld.kind == "sequence" else meld.kind


# what the coach knows of this game (the registry reads it)
COACH = WipeLens
