"""The rollout policy of the 21/27-card search (``search.py`` holds the
worlds, the light deal and the settlement): a cheap way for every player to
play a deal on, a few tens of microseconds a turn.

A hand is counts per kind (53: the printed joker last).  How it plays:

- **Worth of a card** (``throw_scores``): the copy that would go is the
  highest one held (a second 5♥ is judged among the second copies, a third
  among the third), so two copies of a run are two runs and a pair of runs
  is not thrown for one.  In its layer a natural card in a three-card pure
  run is worth 100, in a set (three suits of a rank) 60, plus 20 per card
  beside it in its suit, 10 per card two places away and 15 per other suit
  of its rank, minus its points; three copies (a tunnela) 100.  A second
  copy adds ``PAIR`` (a dublee: six of them pay only 2, eight are a show),
  and the whole of ``DUBLEE_RUN`` when the hand is on the dublee road (its
  pairs at ``DUBLEE_ROAD`` or more).  Wild cards (value cards too: they pay
  a bonus whoever wins) are never thrown.
- **The pile's card** (``wants``) is taken when it would be worth
  ``TAKE_WORTH`` (it completes a run, a set or a tunnela), or pairs a
  single on the dublee road, or it is the first upcard and wild.
- **Show** (``after_draw_steps``): the counted shows (tunnelas, dublees,
  wild cards held) are counted; show "pure" is asked of the exact
  evaluator only when the pure runs are there and a cheap count of the
  loose cards says the wild cards could cover them, and then only for the
  few least worth discards (it misses a rare show, found a turn later).
"""

from __future__ import annotations

from collections.abc import Generator

from game.ai.search.tables import ADJM, GAPM, NEARM, RUN3, SAMEM, bits
from game.ai.search.worlds import LastTurnCheck
from game.engine.cards import JOKER_KIND, card_points
from game.engine.family import family_of
from game.families.twentyone.cards import (
    ACE_OF_SPADES,
    TWO_OF_CLUBS,
    bonus_points,
    form_rules,
    runs_possible,
)
from game.families.twentyone.search_eval import Evaluator, take_melds

KINDS = 53
PAIR = 12  # a second copy: a dublee
PTS_W = 1  # worth lost per point a card counts
# a card's worth: in a pure run, in a set, per card beside it, two places
# away, of its rank in another suit
W_RUN, W_SET, W_ADJ, W_GAP, W_SAME = 100, 60, 20, 10, 15
DUBLEE_RUN = 110  # ... on the dublee road
TAKE_WORTH = 60  # the pile's card is taken when it is worth this much in the hand
SLACK = 2  # half wild cards the cheap test of a finished hand may be short by

# --------------------------------------------------------------- the tables

# the runs of three as masks, by the masks' values
RUN3M = tuple(tuple(sorted(bits(p) for p in RUN3[k])) for k in range(52))


class Table(LastTurnCheck):
    """What a deal's rules and cut fix for every rollout of one decision:
    the wild kinds, card points, the form's numbers, the settlement's
    terms."""

    __slots__ = ("rules", "wild", "w", "wild_kinds", "natural", "pts", "opts", "form",
                 "pure_needed", "show_dublees", "show_wilds", "road", "cap", "values", "scheme",
                 "may_throw_picked", "reshuffle", "size", "players", "drops",
                 "bonus_kinds", "two_marriages", "exact", "_bonus", "_turns", "_counts", "hits")

    def __init__(self, view) -> None:
        rules = view.rules
        fam = family_of(rules)
        fr = form_rules(rules.form)
        self.rules = rules
        self.wild = view.wild
        self.w = [k == JOKER_KIND or k in view.wild for k in range(KINDS)]
        self.wild_kinds = tuple(k for k in range(KINDS) if self.w[k])
        self.natural = sum(1 << k for k in range(52) if not self.w[k])
        self.pts = [0 if self.w[k] else card_points(k, rules.ace_points) for k in range(52)] + [0]
        self.opts = rules.solver_options(view.extra.values if view.extra is not None else ())
        self.exact = Evaluator(view.wild, self.opts)
        self.two_marriages = rules.two_marriage_show
        self.form = rules.form
        self.pure_needed = fr.pure_needed
        self.show_dublees = fr.show_dublees
        self.show_wilds = fr.show_wilds if rules.wild_show else 10 ** 6
        self.road = DUBLEE_ROAD[rules.form]
        self.cap = fr.cap
        self.values = view.extra.values if view.extra is not None else ()
        self.scheme = rules.bonus_scheme
        # the kinds a bonus depends on (adda52 also pays jokers, A♠ and 2♣)
        extra = (JOKER_KIND, ACE_OF_SPADES, TWO_OF_CLUBS) if self.scheme == "adda52" else ()
        self.bonus_kinds = tuple(dict.fromkeys((*self.values, *extra))) if self.values else ()
        self.may_throw_picked = rules.may_discard_picked
        self.reshuffle = rules.stock_empty == "reshuffle"
        self.size = rules.hand_size
        self.players = view.players
        self.drops = (fam.pack_cost(rules, True), fam.pack_cost(rules, False))
        self._bonus: dict[tuple[int, ...], int] = {}
        # the policy is deterministic: a hand met again (the same world
        # played for another candidate) gets the same answer
        self._turns: dict[tuple, tuple[bool, int]] = {}
        self._counts: dict[tuple[int, ...], int] = {}
        self.hits = [0, 0]

    # ---------------------------------------------------------- the policy
    def layers(self, c: list[int]) -> tuple[int, int, int]:
        """Bit masks of the natural kinds held at least once, twice, three
        times."""
        m1 = m2 = m3 = 0
        w = self.w
        for k in range(52):
            n = c[k]
            if n and not w[k]:
                b = 1 << k
                m1 |= b
                if n > 1:
                    m2 |= b
                    if n > 2:
                        m3 |= b
        return m1, m2, m3

    def dublees(self, c: list[int]) -> int:
        return sum(n // 2 for n in c)

    def throw_scores(self, c: list[int], layers: tuple[int, int, int] | None = None
                     ) -> dict[int, int]:
        """The policy's worth of the copy of each natural kind that would go
        (see the module)."""
        layers = layers if layers is not None else self.layers(c)
        road = self.dublees(c) >= self.road
        worth = self.worth
        out = {}
        rest = layers[0]
        while rest:
            low = rest & -rest
            rest ^= low
            k = low.bit_length() - 1
            out[k] = worth(c, k, layers, road)
        return out

    throw_worth = throw_scores  # the last turn's check reads the policy's own worth

    def worth(self, c: list[int], k: int, layers: tuple[int, int, int], road: bool) -> int:
        """The worth of the highest copy held of natural kind ``k``."""
        n = c[k]
        if n >= 3:
            return W_RUN + W_ADJ * (layers[2] & ADJM[k]).bit_count()
        m = layers[n - 1]
        score = 0
        for p in RUN3M[k]:
            if m & p == p:
                score = W_RUN
                break
        setn = (m & SAMEM[k]).bit_count()
        if setn >= 2 and score < W_SET:
            score = W_SET
        score += (W_ADJ * (m & ADJM[k]).bit_count() + W_GAP * (m & GAPM[k]).bit_count()
                  + W_SAME * setn - PTS_W * self.pts[k])
        if n == 2:
            score += DUBLEE_RUN if road else PAIR
        return score

    def throw(self, c: list[int], barred: int | None, scores: dict[int, int] | None = None
              ) -> int:
        """The kind the policy throws from a hand of counts ``c``."""
        if scores is None:
            scores = self.throw_scores(c)
        best, low = -1, 10 ** 6
        for k, s in scores.items():
            if k == barred and c[k] == 1:
                continue
            if s < low or (s == low and k > best):
                best, low = k, s
        if best < 0:  # only the barred card and wild cards: throw a wild card
            best = next(k for k in range(KINDS) if c[k] and k != barred)
        return best

    def wants(self, c: list[int], top: int, fresh: bool = False) -> bool:
        """Whether the policy takes ``top`` from the pile: it would be worth
        ``TAKE_WORTH`` in the hand (a wild card only as the first upcard:
        the rules allow no other)."""
        if self.w[top]:
            return fresh
        c[top] += 1
        layers = self.layers(c)
        worth = self.worth(c, top, layers, self.dublees(c) >= self.road)
        c[top] -= 1
        return worth >= TAKE_WORTH

    def after_draw(self, c: list[int], barred: int | None) -> tuple[bool, int]:
        """``after_draw_steps`` run to its end (for callers that need not
        slice it)."""
        steps = self.after_draw_steps(c, barred)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def after_draw_steps(self, c: list[int], barred: int | None
                         ) -> Generator[None, None, tuple[bool, int]]:
        """A hand one card over its size: (True, kind) to show throwing
        ``kind``, or (False, kind) to throw it (never ``barred``, the card
        just taken when the rules forbid throwing it back; a show does not
        check it: a rare inaccuracy); yields before each question to the
        exact evaluator."""
        key = (*c, barred)
        known = self._turns.get(key)
        if known is not None:
            self.hits[0] += 1
            return known
        self.hits[1] += 1
        layers = self.layers(c)
        scores = self.throw_scores(c, layers)
        throw = self.throw(c, barred, scores)
        wilds = 0
        for k in self.wild_kinds:
            wilds += c[k]
        out = False, throw
        if self.counted_show(c, throw, wilds):
            out = True, throw
        elif self.could_show(c, wilds):
            yield
            # which card goes does not change the settlement (a natural
            # card: the winner's bonus is the same), so one question
            # suffices: does some discard leave a show
            if (yield from self.exact.show_possible_steps(self.kinds(c))):
                out = True, throw
        self._turns[key] = out
        return out

    def counted_show(self, c: list[int], throw: int, wilds: int) -> bool:
        """Whether the hand left after throwing ``throw`` makes one of the
        counted shows: tunnelas, dublees, wild cards held."""
        n = c[throw]
        tunnelas = sum(x // 3 for x in c) - (n % 3 == 0)
        dublees = self.dublees(c) - (n % 2 == 0)
        return (tunnelas >= self.pure_needed or dublees >= self.show_dublees
                or wilds - self.w[throw] >= self.show_wilds or self.marriages(c))

    def marriages(self, c: list[int]) -> bool:
        """Show "marriages" (an option): two marriages held (among a hand one
        card over its size, a card outside them can always go)."""
        return (self.two_marriages and len(self.values) >= 3
                and min(c[v] for v in self.values) >= 2)

    def could_show(self, c: list[int], wilds: int) -> bool:
        """A cheap test of show "pure" on a hand one card over its size: the
        suits must allow enough pure runs (or tunnelas), and, natural melds
        taken greedily (tunnelas, the longest runs of each suit, then sets;
        or sets before runs), the wild cards must be able to meld the other
        cards but one (``wild_need``, with ``SLACK``)."""
        w = self.w
        want = self.pure_needed
        pure = 0
        for k in range(52):
            if c[k] >= 3:
                pure += 1
        for s in range(4):
            if pure >= want:
                break
            pure += runs_possible(bytes(c[s * 13:s * 13 + 13]), want)
        if pure < want:
            return False
        room = 2 * wilds + SLACK
        for runs_first in (True, False):
            rem = [0 if w[k] else c[k] for k in range(52)]
            take_melds(rem, runs_first)
            if self.wild_need(rem) <= room:
                return True
        return False

    @staticmethod
    def wild_need(rem: list[int]) -> int:
        """Half wild cards the cards left (``rem``) need to be melded, less
        the card thrown: half a wild card for a card beside (or of the rank
        of) another card left, two for a card alone."""
        m = 0
        for k in range(52):
            if rem[k]:
                m |= 1 << k
        need = 0
        most = 0
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            k = low.bit_length() - 1
            n = rem[k]
            each = 1 if m & NEARM[k] or n > 1 else 4
            need += each * n
            if each > most:
                most = each
        return need - most

    # ---------------------------------------------------------- settlement
    @staticmethod
    def kinds(c: list[int]) -> list[int]:
        out = []
        for k in range(KINDS):
            n = c[k]
            if n:
                out.extend([k] * n)
        return out

    def count_steps(self, c: list[int]) -> Generator[None, None, int]:
        """What the hand pays a winner (the evaluator's count, cap included,
        each search within its budget: ``search_eval``); yields between
        searches."""
        key = tuple(c)
        n = self._counts.get(key)
        if n is None:
            n = self._counts[key] = yield from self.exact.count_steps(self.kinds(c))
        return n

    def bonus(self, c: list[int]) -> int:
        """The hand's value-card bonus (from each other player in the deal)."""
        kinds = self.bonus_kinds
        if not kinds:
            return 0
        held = tuple(c[v] for v in kinds)
        b = self._bonus.get(held)
        if b is None:
            b = self._bonus[held] = bonus_points(
                [v for v, n in zip(kinds, held, strict=True) for _ in range(n)],
                self.values, self.scheme).points
        return b


# dublees from which the policy plays for the dublee show, by form (six
# dublees also make a losing hand pay only 2)
DUBLEE_ROAD = {21: 6, 27: 8}
