"""The coach's lenses for Indian Marriage and Vazhushal (see ``coach_lens``).

- Marriage (RULES.md §6): the hand search (``best_arrangement``, or the
  dublees when they leave fewer cards over) for the arrangement; medium's
  judge for the cards still to draw (to see the tiplu, then to show); the
  maal a seen player holds for the bonus.  What a hand pays now is the
  game points a loser pays the winner: 3 once seen, 10 before (the rule
  set's ``seen_loser_points`` and ``unseen_loser_points``).  Points: each
  card still to draw costs ``MARRIAGE_PER_CARD`` (an estimate: a winner
  collects 3–10 game points from each loser, and a card nearer raises the
  chance of winning by about a sixth, as for 13 cards), and a point of maal
  is worth one point from each other player (the n·S − T exchange).
- Vazhushal (RULES.md §7): the exact lay-down search for the arrangement;
  medium's judge (``Judge``: turns to go out, the stock-out score a little)
  for the distance.  What a hand "pays" is the value of the cards its best
  lay-down leaves in hand (what counts against it if the stock runs out; a
  wild card 20).  Points: each turn more to go out costs
  ``WIPE_PER_TURN`` card points (an estimate: about one card a turn is
  melded rather than left in hand, and an average card is worth 7).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.ai.base import finish
from game.app.coach_lens import Layout, Lens, Standing, _order, kinds_of, opponents
from game.engine import Card, PlayerView
from game.engine.state import SeatStatus

MARRIAGE_PER_CARD = 3.0  # points a card still to draw costs (module docstring)
WIPE_PER_TURN = 7.0  # card points a turn more to go out costs (module docstring)
WIPE_NODES = 20_000  # the arrangement search's bound for a hint (exact for any real hand)


class MarriageLens(Lens):
    goal = "a show"
    dublees = True

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        from game.families.marriage.bots import Judge

        self.judge = Judge(view, True)
        ex = view.extra
        self.seen = bool(ex is not None and ex.i_have_seen)
        self.route = ex.my_route if ex is not None else None

    def layout(self, cards):
        from game.families.marriage.actions import DUBLEES
        from game.families.marriage.hand import best_arrangement, dublee_pairs

        pairs = dublee_pairs(cards)
        arr = best_arrangement(tuple(cards), self.view.wild)
        by_dublees = self.route == DUBLEES or (
            not self.seen and len(pairs) >= 5 and len(cards) - 2 * len(pairs) < len(arr.leftovers))
        if by_dublees:
            used = {c for p in pairs for c in p}
            return Layout(tuple(("dublee", tuple(p)) for p in pairs),
                          tuple(sorted((c for c in cards if c not in used), key=_order)))
        return Layout(tuple((m.name, m.cards) for m in arr.melds),
                      tuple(sorted(arr.leftovers, key=_order)))

    def count(self, cards):
        r = self.rules
        return r.seen_loser_points if self.seen else r.unseen_loser_points

    def _maal(self, cards: Sequence[Card]) -> int:
        from game.families.marriage.maal import maal

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

    def _route(self, cards: Sequence[Card]) -> str:
        from game.families.marriage.actions import DUBLEES
        from game.families.marriage.hand import count_dublees

        if self.seen:
            return "the eighth dublee" if self.route == DUBLEES else "a show"
        ex = self.view.extra
        exposed = len(ex.exposed[self.view.seat]) if ex is not None else 0
        if self.judge.dublees_open and count_dublees(cards) + exposed >= 5:
            return "seven dublees (to see the tiplu)"
        return "three pure sequences (to see the tiplu)"

    def _stand(self, kinds: tuple[int, ...], cards: Sequence[Card]) -> Standing:
        value = self.judge.value(kinds)
        need = max(0, math.ceil(value - 1e-6))
        return Standing(need, max(0.0, value), self.count(cards), self._maal(cards),
                        self._route(cards))

    def standing(self, cards):
        return self._stand(kinds_of(cards), cards)

    def take(self, cards):
        # the judge reads a hand one over size as a whole (its worst card to go)
        return self._stand(kinds_of(cards), cards)

    def points(self, st):
        return -MARRIAGE_PER_CARD * st.draws + st.bonus * opponents(self.view)

    def win_points(self):
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

    def need_words(self, st):
        if st.need <= 0:
            return f"ready for {st.route}"
        unit = "card" if st.need == 1 else "cards"
        return f"about {st.need} {unit} from {st.route}"

    def finish_words(self, rest):
        from game.families.marriage.hand import winning_show

        ex = self.view.extra
        seat = self.view.seat
        try:
            show = winning_show(tuple(rest), self.view.wild, ex.laid[seat], ex.exposed[seat],
                                route=self.route or "sequences", size=self.rules.hand_size)
        except ValueError:
            show = None
        if show is None:
            return super().finish_words(rest)
        if show.dublees:
            return f"{len(show.dublees)} dublees"
        return f"seven melds with {show.natural_pures} natural pure ones"


class WipeLens(Lens):
    goal = "going out"
    reads_passes = False  # the whole line stays open: a card let pass may be wiped later

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        from game.families.vazhushal.bots import Judge

        self.judge = Judge(view, True, True)
        ex = view.extra
        self.table = tuple(ex.melds[view.seat]) if ex is not None else ()

    def _laydown(self, cards: Sequence[Card]):
        from game.families.vazhushal.laydown import best_laydown

        pure = any(m.is_pure_sequence for m in self.table)
        return best_laydown(tuple(cards), self.view.wild, (), has_pure_on_table=pure,
                            node_limit=WIPE_NODES)

    def layout(self, cards):
        lay = self._laydown(cards)
        return Layout(tuple((_meld_name(m), m.cards) for m in lay.melds),
                      tuple(sorted(lay.left, key=_order)))

    def count(self, cards):
        from game.families.vazhushal.melds import left_value

        return sum(left_value(c, self.view.wild) for c in self._laydown(cards).left)

    def standing(self, cards):
        from game.families.vazhushal.melds import left_value

        judge = self.judge
        shape = judge.shape(list(cards))
        turns = judge.turns_after(shape, shape.loose)
        left = sum(left_value(c, self.view.wild) for c in shape.loose)
        return Standing(len(shape.loose) + shape.pure_gap,
                        turns - judge.score_weight * shape.score, left)

    def _after_draw(self, value: float, cards: Sequence[Card]) -> Standing:
        now = self.standing(cards)
        return Standing(now.need, -value, now.count)

    def stock(self, cards):
        return self._after_draw(finish(self.judge.stock_value(list(cards))), cards)

    def wipe(self, action) -> Standing | None:
        """The position after a wipe (the engine's meld laid), this turn's
        discard still to come; None when the engine would refuse it."""
        from game.families.vazhushal.actions import Position, resolve_wipe

        pos = Position.of_view(self.view)
        laid, _ = resolve_wipe(pos, action)
        if laid is None:
            return None
        i = pos.index_of(action.card)
        used = {c.uid for m in laid for c in m.cards}
        hand = [c for c in pos.hand + pos.line[i:] if c.uid not in used]
        value = finish(self.judge.turn_value(hand, pos.melds + laid))
        return self._after_draw(value, hand)

    def points(self, st):
        return -WIPE_PER_TURN * st.draws

    def win_points(self):
        return 0.0  # nothing left to play: the best a position can be

    def need_words(self, st):
        if st.need <= 1:
            return "one card from going out"
        return f"{st.need} cards from going out"


def _meld_name(meld) -> str:
    if meld.is_pure_sequence:
        return "pure sequence"
    return "sequence" if meld.kind == "sequence" else meld.kind
