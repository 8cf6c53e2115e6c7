"""Possible worlds: guesses at another player's hand from public evidence.

Hard samples a few hands for the next player and asks, in each, whether a
card it might throw would bring that player closer to declaring.  A guess is
never uniform: every card that player picked from the pile and still holds is
in it, and the unseen cards are weighted by what the log says:

- a card that would have made a pile card useful to them, when they let that
  card pass or threw it, is less likely in their hand;
- a card that goes with a card they picked is more likely.

A guess also holds a few more cards than the hand, standing for the draws the
player has chosen from: judged with 13 slots, the guess is the best hand among
them, as structured as a hand that has been improved turn after turn.
"""

from __future__ import annotations

import random

from game.ai.knowledge import Knowledge, SeatMemory
from game.families.thirteen.shape import RUN_NEAR, SET_NEAR

PASSED = 0.2  # weight factor for a card that would have made a passed card useful
THREW = 0.3  # ... for a card that goes with one they threw
PICKED = 4.0  # ... for a card that goes with one they picked and hold


def _related(kind: int) -> int:
    return RUN_NEAR[kind] | SET_NEAR[kind] if kind < 52 else 0


def card_weights(mem: SeatMemory) -> list[float]:
    """Per kind: how much likelier than average the seat holds it."""
    w = [1.0] * 53
    for evidence, factor in ((mem.passed, PASSED), (mem.threw, THREW),
                             ([c.kind for c in mem.held], PICKED)):
        for kind in evidence:
            m = _related(kind)
            while m:
                low = m & -m
                w[low.bit_length() - 1] *= factor
                m ^= low
    return w


def sample_hand(knowledge: Knowledge, seat: int, size: int, rng: random.Random,
                extra: int = 0, weights: list[float] | None = None) -> tuple[int, ...]:
    """One guess at ``seat``'s hand (kinds, sorted): its known cards plus
    ``size - known + extra`` unseen cards drawn by weight, without replacement."""
    known = [c.kind for c in knowledge.seats[seat].held][:size]
    want = size - len(known) + extra
    keyed = []
    for kind, n in enumerate(knowledge.unseen):
        wk = weights[kind] if weights is not None else 1.0
        for _ in range(n):
            # Efraimidis-Spirakis: the largest u ** (1 / w) keys are a weighted sample
            keyed.append((rng.random() ** (1.0 / wk), kind))
    keyed.sort(reverse=True)
    return tuple(sorted(known + [k for _, k in keyed[:want]]))

