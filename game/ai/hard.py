"""Hard: medium's judgement plus memory, reading the next player, and worlds.

- Memory: everything the log shows (who picked what from the pile and still
  holds it, what each player threw or let pass) and which cards are still
  live, rebuilt from the view at every decision.
- Reading the next player: for the discards that are nearly as good for its
  own hand, it samples possible hands for the next player (``worlds.py``: the
  cards that player is known to hold, the rest weighted by the log) and counts
  in how many of those worlds the card would bring them closer to declaring,
  or let them declare at once.  The card it throws balances its own hand
  against that danger.
- Sliceable: it yields after every sampled hand and every card tried in it.
"""

from __future__ import annotations

from ..engine import Discard, PlayerView
from .base import Thought
from .judge import Judge
from .knowledge import is_wild_kind
from .medium import MediumBot
from .shape import need_of
from .worlds import card_weights, sample_hand

WORLDS = 10  # sampled hands of the next player per discard decision
TRIES = 2  # draws per world allowed to find a hand that agrees with the log
MARGIN = 0.6  # consider discards whose own value is within this of the best
MAX_CANDIDATES = 4
CHECK = 1  # how many of the latest throws and passes a sampled hand must agree with
MAX_EXTRA = 3  # stock draws a sampled hand has "chosen" from
DANGER = 1.0  # own-value units lost when the next player surely wants the card
FINISH = 2.0  # ... more when the card surely lets them declare at once
SURE = 0.5  # danger below this share of worlds is ignored (the guesses are rough)


class HardBot(MediumBot):
    name = "hard"
    description = "Remembers the pile, reads the next player and thinks ahead."

    def discard(self, view: PlayerView) -> Thought:
        judge = self.judge(view)
        scored = yield from self.rank_discards(view, judge)
        nxt = judge.know.next_seat
        best = scored[0][0]
        cands = [t for t in scored if t[0] <= best + MARGIN][:MAX_CANDIDATES]
        if nxt is None or len(cands) == 1:
            return Discard(cands[0][2])
        danger = yield from self.danger(view, judge, nxt, [t[2].kind for t in cands])

        def total(t) -> float:
            want, finish = danger[t[2].kind]
            return t[0] + DANGER * max(0.0, want - SURE) + FINISH * finish

        final = sorted(cands, key=lambda t: (total(t), t[1], t[2].uid))
        return Discard(final[0][2])

    def danger(self, view: PlayerView, judge: Judge, seat: int, kinds: list[int]) -> Thought:
        """Per kind: (share of sampled worlds where ``seat`` would take it,
        share where it would let them declare)."""
        know = judge.know
        rng = self.rng(view)
        size = view.hand_sizes[seat]
        live = their_live(view)
        slots = view.rules.hand_size
        wild = view.wild
        plain = [k for k in kinds if not is_wild_kind(k, wild)]
        mem = know.seats[seat]
        extra = max(0, min(MAX_EXTRA, len(mem.threw) - mem.picks))
        weights = card_weights(mem)
        # the hand they hold now did not want the card they just threw or passed
        recent = [k for k in mem.threw[-CHECK:] + mem.passed[-CHECK:] if not is_wild_kind(k, wild)]
        hits = dict.fromkeys(plain, 0)
        ends = dict.fromkeys(plain, 0)
        worlds = 0
        for attempt in range(WORLDS * TRIES):
            if worlds == WORLDS:
                break
            hand = sample_hand(know, seat, size, rng, extra, weights)
            before = need_of(hand, wild, slots, live)
            yield
            last_chance = WORLDS * TRIES - attempt <= WORLDS - worlds
            if not last_chance and any(
                    need_of(_add(hand, k), wild, slots, live) < before for k in recent):
                yield
                continue
            worlds += 1
            for kind in plain:
                after = need_of(_add(hand, kind), wild, slots, live)
                if after < before:
                    hits[kind] += 1
                    ends[kind] += after == 0
                yield
        n = max(1, worlds)
        return {k: (1.0, 0.0) if k not in hits else (hits[k] / n, ends[k] / n) for k in kinds}


def _add(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return tuple(sorted(hand + (kind,)))


def their_live(view: PlayerView) -> int:
    """Kinds another player may still hope to draw: not every copy face up."""
    gone = [0] * 53
    for c in view.discard:
        gone[c.kind] += 1
    if view.cut is not None:
        gone[view.cut.kind] += 1
    jokers = view.decks * (0 if view.rules.cut_mode == "no_jokers" else view.rules.jokers_per_deck)
    live = 0
    for k in range(53):
        if gone[k] < (view.decks if k < 52 else jokers):
            live |= 1 << k
    return live
