"""Facts that hold after every action; the simulator and tests check them."""

from __future__ import annotations

from collections import Counter

from .actions import Phase
from .game import shoe_for
from .state import ACTIVE, GameState


class InvariantError(AssertionError):
    pass


def check_invariants(state: GameState) -> None:
    cards = state.all_cards()
    shoe = shoe_for(state.rules, state.players)
    if sorted(c.uid for c in cards) != [c.uid for c in shoe]:
        dup = [c for c, n in Counter(cards).items() if n > 1]
        raise InvariantError(
            f"cards not conserved: {len(cards)} in play vs {len(shoe)} in the shoe"
            + (f", duplicated {dup[:5]}" if dup else ""))
    if state.phase in (Phase.DRAW, Phase.DISCARD):
        size = state.rules.hand_size
        for s in range(state.players):
            n = len(state.hands[s])
            if state.status[s] == ACTIVE:
                want = size + 1 if (state.phase == Phase.DISCARD and s == state.turn) else size
                if n != want:
                    raise InvariantError(f"seat {s} holds {n} cards, expected {want}")
            elif n:
                raise InvariantError(f"seat {s} is {state.status[s]} but holds {n} cards")
        if state.status[state.turn] != ACTIVE:
            raise InvariantError(f"seat {state.turn} to act is {state.status[state.turn]}")
        if not state.discard and state.phase == Phase.DRAW and not state.stock:
            raise InvariantError("nothing to draw")
