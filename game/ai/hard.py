"""Hard: medium's judgement plus memory, reading the next player, and worlds.

- Memory: everything the log shows (who picked what from the pile and still
  holds it, what each player threw or let pass) and which cards are still
  live, rebuilt from the view at every decision.
- Reading the next player: among the discards nearly as good for its own
  hand, it estimates for each the chance that the next player would take it
  (``reading.py``, a model of the evidence in the log) and blends in a look
  ahead: hands sampled for that player (``worlds.py``: the cards they are
  known to hold, the rest weighted by the log), counting in how many the card
  would bring them closer to declaring.  It throws the card that balances its
  own hand against feeding them.
- Sliceable: it yields after every sampled hand and every card tried in it.
"""

from __future__ import annotations

from ..engine import Discard, PlayerView
from .base import Thought
from .judge import Judge, adding
from .knowledge import is_wild_kind
from .medium import MediumBot
from .reading import take_chance
from .shape import need_of
from .worlds import card_weights, sample_hand

WORLDS = 10  # sampled hands of the next player per discard decision
TRIES = 2  # draws per world allowed to find a hand that agrees with the log
MARGIN = 0.3  # consider discards whose own value is within this of the best
MAX_CANDIDATES = 5
CHECK = 1  # how many of the latest throws and passes a sampled hand must agree with
MAX_EXTRA = 3  # stock draws a sampled hand has "chosen" from
FEED = 0.4  # own-value units lost when the next player surely takes the card
WORLD_SHARE = 0.2  # weight of the sampled hands against the reading model


class HardBot(MediumBot):
    name = "hard"
    description = "Remembers the pile, reads the next player and thinks ahead."

    def discard(self, view: PlayerView) -> Thought:
        judge = self.judge(view)
        cands = yield from self.candidates(view, judge)
        nxt = judge.know.next_seat
        if nxt is None or len(cands) == 1:
            return Discard(cands[0][2])
        card = yield from self.least_feeding(view, judge, nxt, cands)
        return Discard(card)

    def candidates(self, view: PlayerView, judge: Judge) -> Thought:
        """medium's (value, tiebreak, card) for the discards nearly as good
        as its best, best first."""
        scored = yield from self.rank_discards(view, judge)
        best = scored[0][0]
        return [t for t in scored if t[0] <= best + MARGIN][:MAX_CANDIDATES]

    def least_feeding(self, view: PlayerView, judge: Judge, nxt: int, cands: list) -> Thought:
        """The candidate card that best balances own value against the
        chance that player ``nxt`` takes it."""
        kinds = [t[2].kind for t in cands]
        worlds = yield from self.danger(view, judge, nxt, kinds)
        feed = {k: (1 - WORLD_SHARE) * take_chance(view, judge.know, nxt, k)
                + WORLD_SHARE * worlds[k] for k in kinds}
        return min(cands, key=lambda t: (t[0] + FEED * feed[t[2].kind], t[1], t[2].uid))[2]

    def danger(self, view: PlayerView, judge: Judge, seat: int, kinds: list[int]) -> Thought:
        """Per kind: the share of sampled worlds where ``seat`` would take it
        (wild cards: always)."""
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
        worlds = 0
        for attempt in range(WORLDS * TRIES):
            if worlds == WORLDS:
                break
            hand = sample_hand(know, seat, size, rng, extra, weights)
            before = need_of(hand, wild, slots, live)
            yield
            last_chance = WORLDS * TRIES - attempt <= WORLDS - worlds
            if not last_chance and any(
                    need_of(adding(hand, k), wild, slots, live) < before for k in recent):
                yield
                continue
            worlds += 1
            for kind in plain:
                after = need_of(adding(hand, kind), wild, slots, live)
                hits[kind] += after < before
                yield
        n = max(1, worlds)
        return {k: hits[k] / n if k in hits else 1.0 for k in kinds}


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
