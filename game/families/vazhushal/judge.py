"""Vazhushal (RULES.md §7): what a seat knows of the deal from its view,
and medium's judgement of a position (``Judge``), which every level and the
coach use.

- ``line_history``: the cards each other player wiped and has not laid or
  thrown since (the log shows every wipe and every card thrown);
- ``unseen_counts``: copies of each kind not in sight;
- ``Judge``: the turns a position still needs to go out (the race that
  decides most deals), and a little of its stock-out score.  From a hand
  held after the discard with ``L`` cards still to meld (the loose cards of
  the best lay-down beside the table, and the cards a pure sequence still
  needs), a stock card helps with chance ``p`` (it completes two loose
  cards, lays off on a meld, or is wild: unseen copies counted), so about
  ``L / p`` turns.  The stock-out score weighs more as the stock runs down.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import lru_cache

from game.ai.knowledge import unseen_copies
from game.engine import PlayerView
from game.engine.caches import Memo
from game.engine.cards import JOKER_KIND, Card
from game.engine.state import Move
from game.families.vazhushal.actions import WipeDeal, WipeMove
from game.families.vazhushal.laydown import best_laydown
from game.families.vazhushal.melds import check_meld, is_wild, left_value

SEARCH_NODES = 200  # one lay-down search of a bot: a few milliseconds at most




# --------------------------------------------------------------- knowledge
def line_history(view: PlayerView) -> dict[int, list[Card]]:
    """Replay the log: per other seat, the cards it took by wiping and has
    not laid or thrown since (as far as the public record shows)."""
    ex: WipeDeal = view.extra
    line: list[Card] = [ex.upcard]
    took: dict[int, list[Card]] = {s: [] for s in range(view.players)}
    for seat, what, card in view.log:
        if what in (Move.DISCARD, WipeMove.GO_OUT) and card is not None:
            line.append(card)
            if card in took[seat]:
                took[seat].remove(card)
        elif what == WipeMove.WIPE and card is not None and card in line:
            i = line.index(card)
            took[seat] += line[i:]
            del line[i:]
    for s in range(view.players):
        on_table = {c for m in ex.melds[s] for c in m.cards}
        took[s] = [c for c in took[s] if c not in on_table]
    took.pop(view.seat, None)
    return took


def unseen_counts(view: PlayerView, known_held: dict[int, list[Card]]) -> list[int]:
    """Copies of each kind (52 = printed joker) not in sight: not in my hand,
    the line, any table, known to be held, nor the negative joker while it
    lies under the stock."""
    ex: WipeDeal = view.extra
    in_sight = [*view.hand, *view.discard]
    in_sight += [c for seat in ex.melds for m in seat for c in m.cards]
    in_sight += [c for cards in known_held.values() for c in cards]
    if view.stock_size > 0 and view.cut is not None and view.cut not in view.hand:
        in_sight.append(view.cut)
    return unseen_copies(view, in_sight)


def neighbours(kind: int) -> list[int]:
    """Kinds that can sit in a meld of three with ``kind`` beside it: its
    rank in the other suits, and its suit one or two places away."""
    if kind == JOKER_KIND:
        return []
    s, r0 = divmod(kind, 13)
    out = [t * 13 + r0 for t in range(4) if t != s]
    r = r0 + 1
    for pos in ((r, 14) if r == 1 else (r,)):
        for d in (-2, -1, 1, 2):
            q = pos + d
            if 1 <= q <= 14:
                k = s * 13 + (0 if q == 14 else q - 1)
                if k != kind and k not in out:
                    out.append(k)
    return out


# ------------------------------------------------------------------- judge
@lru_cache(maxsize=4096)
def extension_kinds(meld) -> tuple[int, ...]:
    """Kinds that would lay off on a meld: a sequence's two ends, a set's
    missing suits."""
    kinds = meld.stands_for
    if meld.kind == "set":
        if len(kinds) >= 4:
            return ()
        r0 = kinds[0] % 13
        return tuple(t * 13 + r0 for t in range(4) if t * 13 + r0 not in kinds)
    suit = kinds[0] // 13
    pos = sorted(14 if k % 13 == 0 and any(x % 13 == 12 for x in kinds) else k % 13 + 1
                 for k in kinds)
    out = []
    lo, hi = pos[0], pos[-1]
    if lo > 1 and not (lo == 2 and hi == 14):
        out.append(suit * 13 + lo - 2)
    if hi < 14 and not (hi == 13 and lo == 1):
        out.append(suit * 13 + (0 if hi == 13 else hi))
    return tuple(out)


_COMPLETING: Memo = Memo(8192)  # a * 64 + b: completing_kinds(a, b)


def completing_kinds(a: int, b: int) -> tuple[int, ...]:
    """Kinds that make a meld of three with the natural kinds ``a`` and ``b``."""
    key = a * 64 + b
    found = _COMPLETING.get(key)
    if found is None:
        found = _COMPLETING.keep(key, _completing(a, b))
    return found


def _completing(a: int, b: int) -> tuple[int, ...]:
    sa, ra = divmod(a, 13)
    sb, rb = divmod(b, 13)
    if ra == rb and sa != sb:
        return tuple(t * 13 + ra for t in range(4) if t not in (sa, sb))
    if sa != sb or ra == rb:
        return ()
    out = []
    for pa in ((ra + 1, 14) if ra == 0 else (ra + 1,)):
        for pb in ((rb + 1, 14) if rb == 0 else (rb + 1,)):
            lo, hi = min(pa, pb), max(pa, pb)
            if hi - lo == 1:
                cand = [lo - 1, hi + 1]
            elif hi - lo == 2:
                cand = [lo + 1]
            else:
                continue
            for q in cand:
                if 1 <= q <= 14 and not (q == 1 and hi == 14) and not (q == 14 and lo == 1):
                    k = sa * 13 + (0 if q == 14 else q - 1)
                    if k not in out:
                        out.append(k)
    return tuple(out)


class Shape:
    """A hand laid down beside the table: every meld (the table's and the
    hand's), the loose cards, the stock-out score, and how many cards a pure
    sequence still needs (0 once there is one)."""

    __slots__ = ("score", "melds", "loose", "pure_gap", "pure_outs")

    def __init__(self, score, melds, loose, pure_gap=0, pure_outs=()):
        self.score, self.melds, self.loose = score, melds, loose
        self.pure_gap, self.pure_outs = pure_gap, pure_outs


def pure_partials(hand, wild) -> tuple[int, list[int]]:
    """(cards a pure sequence still needs: 1 or 2, the kinds that would
    complete one from two natural cards of a suit one or two apart)."""
    kinds = {c.kind for c in hand if c.kind != JOKER_KIND}
    outs: list[int] = []
    for k in kinds:
        for k2 in kinds:
            if k < k2 and k // 13 == k2 // 13:
                outs += [x for x in completing_kinds(k, k2) if x not in outs]
    return (1 if outs else 2), outs


class Judge:
    """How many turns a position needs to go out (the race that decides
    most deals), and what it scores if the stock runs out first.

    From a hand held after the discard with ``L`` loose cards, a stock card
    helps with chance ``p`` (it completes two loose cards, lays off on a
    meld, or is wild); each helpful card lets one more loose card go, so the
    deal takes about ``L / p`` more turns (one when nothing is loose).  A
    hand with no pure sequence (none on the table either) can lay nothing:
    it is judged as if it had one, with the cards the pure sequence still
    needs counted as loose.  ``p`` counts the unseen copies of the helpful
    kinds (easy: every copy not in its own hand)."""

    def __init__(self, view: PlayerView, counting: bool, rearranges: bool = False):
        self.view = view
        self.rearranges = rearranges  # judge the table as rearrangeable with the hand
        self.wild = view.wild
        self.all_wild = view.rules.all_wild_melds  # melds of wild cards only allowed
        ex: WipeDeal = view.extra
        self.table = ex.melds[view.seat]
        self.known = line_history(view) if counting else {}
        if counting:
            self.unseen = unseen_counts(view, self.known)
        else:
            self.unseen = unseen_copies(view, view.hand)
        self.total = max(1, sum(self.unseen))
        self.wild_unseen = self.unseen[JOKER_KIND] + sum(self.unseen[k] for k in view.wild)
        stock = max(0, view.stock_size)
        full = max(1, view.decks * 54 - 13 * len(view.status) - 1)
        self.stage = min(1.0, stock / full)  # 1 at the start, 0 when the stock is gone

    def shape(self, hand, table=None, nodes: int = SEARCH_NODES) -> Shape:
        """The hand's best lay-down beside the table (which stays as it is;
        loose cards that fit a meld are laid off on it)."""
        table = self.table if table is None else table
        if table and self.rearranges:
            try:
                got = best_laydown(tuple(hand), self.wild, tuple(table), node_limit=nodes,
                                   all_wild=self.all_wild)
            except ValueError:  # the limit came before any arrangement: keep the table
                got = None
            if got is not None:
                return Shape(got.score, list(got.melds), list(got.left))
        got = best_laydown(tuple(hand), self.wild, (), has_pure_on_table=True,
                           node_limit=nodes, all_wild=self.all_wild)
        score = got.score + sum(m.value for m in table)
        melds = list(table) + list(got.melds)
        loose = list(got.left)
        if loose and melds:
            kept = []
            for c in loose:
                wild = is_wild(c.kind, self.wild)
                for i, m in enumerate(melds):
                    if len(m.cards) < 13 and (wild or c.kind in extension_kinds(m)):
                        grown = check_meld(m.cards + (c,), self.wild, all_wild=self.all_wild)
                        if grown is not None:
                            melds[i] = grown
                            score += grown.value - m.value + left_value(c, self.wild)
                            break
                else:
                    kept.append(c)
            loose = kept
        if any(m.pure for m in table) or any(m.is_pure_sequence for m in got.melds):
            return Shape(score, melds, loose)
        gap, outs = pure_partials(hand, self.wild)
        return Shape(score, melds, loose, gap, outs)

    def chance(self, shape: Shape, loose) -> float:
        """The chance that a stock card helps this position."""
        useful = self._meld_outs(shape)
        naturals = [c.kind for c in loose if not is_wild(c.kind, self.wild)]
        for i, a in enumerate(naturals):
            for b in naturals[i + 1:]:
                useful.update(completing_kinds(a, b))
        return self._chance_of(shape, useful, len(naturals))

    def _meld_outs(self, shape: Shape) -> set[int]:
        """The kinds that help whatever is loose: they lay off on a meld or
        complete a pure sequence."""
        useful: set[int] = set(shape.pure_outs)
        for m in shape.melds:
            useful.update(extension_kinds(m))
        return useful

    def _chance_of(self, shape: Shape, useful: set[int], naturals: int) -> float:
        """``chance`` from the helpful kinds and the count of natural loose cards."""
        n = sum(self.unseen[k] for k in useful if k not in self.wild)
        if shape.melds or naturals >= 2:
            n += self.wild_unseen
        return max(0.02, n / self.total)

    def turns_after(self, shape: Shape, loose) -> float:
        """Turns still needed to go out from a position held after the discard."""
        return _turns(len(loose) + shape.pure_gap, self.chance(shape, loose))

    def throw(self, shape: Shape, danger=None) -> Card | None:
        """The loose card to discard: the one whose loss keeps the most
        chance (then the costliest, then the least useful to others)."""
        ranked = self.ranked_throws(shape, danger)
        return ranked[0][1] if ranked else None

    def ranked_throws(self, shape: Shape, danger=None) -> list[tuple[tuple, Card]]:
        """Every natural loose card with its key (the chance kept without it
        in percent, a little of its stock-out cost, less ``danger``), best
        throw first."""
        naturals = [c for c in shape.loose if not is_wild(c.kind, self.wild)]
        # ``chance`` without each card in turn: the melds' kinds and each
        # pair's are worked out once, not once per card
        outs = self._meld_outs(shape)
        pairs = [(a, b, completing_kinds(a.kind, b.kind))
                 for i, a in enumerate(naturals) for b in naturals[i + 1:]]
        out = []
        for c in naturals:
            useful = set(outs)
            for a, b, kinds in pairs:
                if a is not c and b is not c:
                    useful.update(kinds)
            key = self._chance_of(shape, useful, len(naturals) - 1) * 100 + 0.02 * left_value(
                c, self.wild) * (1.5 - self.stage)
            if danger is not None:
                key -= danger(c)
            out.append(((key, left_value(c, self.wild), -c.uid), c))
        out.sort(key=lambda t: t[0], reverse=True)
        return out

    def turn_value(self, hand, table=None) -> Generator[None, None, float]:
        """A hand just drawn to (this turn's discard still to come): minus the
        turns to go out, this one included, and a little of the stock-out
        score (it counts only if the stock runs out first).  A generator: it
        yields between the search and the rest."""
        shape = self.shape(hand, table)
        yield
        if len(shape.loose) <= 1 and not shape.pure_gap:
            turns = 1.0  # out now
        else:
            d = self.throw(shape) or (shape.loose[0] if shape.loose else None)
            rest = [c for c in shape.loose if c is not d]
            turns = 1.0 + self.turns_after(shape, rest)
        return -turns + self.score_weight * shape.score

    @property
    def score_weight(self) -> float:
        return 0.002 + 0.03 * (1.0 - self.stage) ** 2

    def stock_value(self, hand) -> Generator[None, None, float]:
        """Drawing from the stock: helpful with chance p (then one card fewer
        to meld), else the same hand."""
        shape = self.shape(hand)
        yield
        p = self.chance(shape, shape.loose)
        need = len(shape.loose) + shape.pure_gap
        if need <= 1:  # a helpful card goes out now
            turns = 1.0 + (1 - p) * _turns(need, p)
        else:
            turns = 1.0 + p * _turns(need - 1, p) + (1 - p) * _turns(need, p)
        return -turns + self.score_weight * shape.score


def _turns(need: int, p: float) -> float:
    """Turns to go out holding ``need`` cards still to meld, each helpful
    stock card (chance ``p``) melding one: one turn when nothing is left."""
    return 1.0 if need <= 0 else need / p
