"""The 13-card rollout policy of the search (``thirteen.py`` holds the
worlds, the light deal and the settlement).

How it plays (``keep_scores``, ``wants``, ``throw``, ``after_draw``):
a card's worth is local: in a natural three-card run
(pure) 100, in a natural set 60, plus 20 per card beside it in its suit,
10 per card two places away and 15 per other suit of its rank, minus its
points; a second copy of a kind counts only its points.  Wild cards are
never thrown.  The pile's top card is taken when it is wild or would sit
in a natural run or set.  A player declares when the exact evaluator says
a discard leaves a valid show; it is asked only when the card just drawn
has a neighbour, a pure run is held and a cheap count of loose and wild
cards allows a show (it misses about one show in six, found a turn
later).  As a bot this policy wins 45% of two-player Points deals against
medium.
"""

from __future__ import annotations

from collections.abc import Generator

from game.ai.search.tables import ADJM, GAPM, NEARM, RUN3, SAMEM, bits
from game.ai.search.worlds import LastTurnCheck
from game.engine.cards import JOKER_KIND
from game.engine.family import family_of
from game.families.thirteen.solver import _declarable_kinds, paid_count

KINDS = 53
TRIES_SHOW = 5  # discards the exact evaluator is asked about, at most
SLACK = 2  # half wild cards the cheap test of a finished hand may be short by


# --------------------------------------------------------------- the tables

# the runs of three as masks, in the order of the pairs (``tables.RUN3``)
RUN3M = tuple(tuple(bits(p) for p in RUN3[k]) for k in range(52))


class Table(LastTurnCheck):
    """What a deal's rules and cut fix for every rollout of one decision."""

    __slots__ = ("rules", "wild", "w", "wild_kinds", "natural", "pts", "opts", "cap", "mult",
                 "may_throw_picked", "wild_pickup", "reshuffle", "slots", "players", "match",
                 "drops")

    def __init__(self, view) -> None:
        rules = view.rules
        fam = family_of(rules)
        self.rules = rules
        self.wild = view.wild
        self.w = [k == JOKER_KIND or k in view.wild for k in range(KINDS)]
        self.wild_kinds = tuple(k for k in range(KINDS) if self.w[k])
        self.natural = sum(1 << k for k in range(52) if not self.w[k])
        ace = rules.ace_points
        self.pts = [0 if self.w[k] else (ace if k % 13 == 0 else min(10, k % 13 + 1))
                    for k in range(52)] + [0]
        self.opts = fam.meld_options(rules, view.decks)
        self.cap = rules.cap
        self.mult = fam.deal_multiplier(rules, view.cut)
        self.may_throw_picked = rules.may_discard_picked
        self.wild_pickup = rules.joker_pickup
        self.reshuffle = rules.stock_empty == "reshuffle"
        self.slots = rules.hand_size
        self.players = view.players
        self.match = rules.match
        self.drops = (fam.pack_cost(rules, True), fam.pack_cost(rules, False))

    # ---------------------------------------------------------- the policy
    def mask(self, c: list[int]) -> int:
        """Bit mask of the natural kinds held."""
        m = 0
        for k in range(52):
            if c[k]:
                m |= 1 << k
        return m & self.natural

    def keep_scores(self, c: list[int], m: int) -> dict[int, int]:
        """The rollout policy's worth of each natural kind held (see the
        module); ``m`` is ``mask(c)``."""
        pts = self.pts
        out = {}
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            k = low.bit_length() - 1
            score = 0
            for p in RUN3M[k]:
                if m & p == p:
                    score = 100
                    break
            setn = (m & SAMEM[k]).bit_count()
            if setn >= 2 and score < 60:
                score = 60
            out[k] = (score + 20 * (m & ADJM[k]).bit_count() + 10 * (m & GAPM[k]).bit_count()
                      + 15 * setn - pts[k])
        return out

    def throw(self, c: list[int], barred: int | None, scores: dict[int, int] | None = None
              ) -> int:
        """The kind the policy throws from a hand of counts ``c``."""
        if scores is None:
            scores = self.keep_scores(c, self.mask(c))
        best, low = -1, 10 ** 6
        pts = self.pts
        for k, s in scores.items():
            if k == barred and c[k] == 1:
                continue
            if c[k] >= 2:
                s = min(s, 5 - pts[k])  # the second copy of a kind
            if s < low or (s == low and k > best):
                best, low = k, s
        if best < 0:  # only the barred card and wild cards: throw a wild card
            best = next(k for k in range(KINDS) if c[k] and k != barred)
        return best

    def wants(self, c: list[int], top: int, m: int | None = None) -> bool:
        """Whether the policy takes ``top`` from the pile."""
        if self.w[top]:
            return self.wild_pickup
        if c[top]:
            return False
        if m is None:
            m = self.mask(c)
        for p in RUN3M[top]:
            if m & p == p:
                return True
        return (m & SAMEM[top]).bit_count() >= 2

    def after_draw(self, c: list[int], barred: int | None, new: int | None = None
                   ) -> tuple[bool, int]:
        """``after_draw_steps`` run to its end (for callers that need not
        slice it)."""
        steps = self.after_draw_steps(c, barred, new)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def after_draw_steps(self, c: list[int], barred: int | None, new: int | None = None
                         ) -> Generator[None, None, tuple[bool, int]]:
        """A hand of 14 cards: (True, kind) to declare throwing ``kind``, or
        (False, kind) to throw it (a plain throw is never ``barred``, the
        card just taken from the pile when the rules forbid throwing it; a
        show does not check it: a rare inaccuracy).  ``new`` is the card just
        drawn: a hand that did not show last turn can show now only with it
        in a meld, so a natural card with no neighbour in the hand leaves
        nothing to check (two wild cards could still meld it: rare, and
        ignored).  Otherwise the exact evaluator is asked, only when a pure
        run is held and the loose cards could be covered by the wild cards;
        a generator that yields before each question (one can take a few
        milliseconds)."""
        m = self.mask(c)
        scores = self.keep_scores(c, m)
        wilds = 0
        for k in self.wild_kinds:
            wilds += c[k]
        if new is not None and not self.w[new] and not m & NEARM[new]:
            return False, self.throw(c, barred, scores)
        # in half wild cards: a loose card alone needs two wild cards to
        # make a meld, one beside another loose card half of one
        need = 0
        loose = 0
        for k, s in scores.items():
            extra = c[k] - 1 if s >= 60 else c[k]
            if extra > 0:
                loose |= 1 << k
                need += extra
        if need <= 2 * wilds + SLACK + 4:
            alone = []
            rest = loose
            while rest:
                low = rest & -rest
                rest ^= low
                k = low.bit_length() - 1
                if not loose & NEARM[k]:
                    alone.append(k)
                    need += 3
            need -= 4 if alone else 1 if loose else 0  # the card thrown
            if need <= 2 * wilds + SLACK and self.has_pure(m):
                finish = yield from self._finishing(c, scores, alone, loose)
                if finish is not None:
                    return True, finish
        return False, self.throw(c, barred, scores)

    def throw_worth(self, c: list[int]) -> dict[int, int]:
        """What keeping each kind is worth as the policy throws (a kind held
        twice: at most what the pair is worth less its points)."""
        scores = self.keep_scores(c, self.mask(c))
        pts = self.pts
        return {k: min(sc, 5 - pts[k]) if c[k] >= 2 else sc for k, sc in scores.items()}

    @staticmethod
    def has_pure(m: int) -> bool:
        """Whether the natural cards ``m`` hold a three-card pure run."""
        for s in range(4):
            b = m >> (13 * s) & 0x1FFF
            b |= (b & 1) << 13  # the ace above the king
            if b & (b >> 1) & (b >> 2):
                return True
        return False

    def _finishing(self, c, scores, alone, loose) -> int | None:
        kinds = []
        for k in range(KINDS):
            if c[k]:
                kinds.extend([k] * c[k])
        order = sorted(alone, key=lambda k: -self.pts[k])
        order += sorted((k for k in scores if loose >> k & 1 and k not in alone),
                        key=lambda k: scores[k])
        order += sorted((k for k in scores if not loose >> k & 1 and scores[k] < 100),
                        key=lambda k: scores[k])
        for k in order[:TRIES_SHOW]:
            yield
            i = kinds.index(k)
            if _declarable_kinds(tuple(kinds[:i] + kinds[i + 1:]), self.wild, self.opts):
                return k
        return None

    def count(self, c: list[int]) -> int:
        """What a losing hand pays in points, the cap included."""
        kinds = []
        for k in range(KINDS):
            if c[k]:
                kinds.extend([k] * c[k])
        return paid_count(tuple(kinds), self.wild, self.opts, self.cap)
