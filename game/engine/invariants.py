"""Facts that hold after every action; the simulator and tests check them.

``check_invariants(state)`` is the full check: every physical card of the shoe
is somewhere exactly once.  ``check_cheap(state)`` counts cards and checks hand
sizes without rebuilding the shoe; the simulator runs it after every action and
the full check at deal boundaries and on sampled turns (``--check full`` runs
the full one after every action).  ``check_offers(state)`` judges every
action ``legal_actions`` offers in full: each must be accepted."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from game.engine.actions import IllegalAction, Phase
from game.engine.family import family_of
from game.engine.game import check, legal_actions, shoe_for
from game.engine.rules import RuleSet
from game.engine.state import ACTIVE, GameState


class InvariantError(AssertionError):
    pass


@lru_cache(maxsize=64)
def _shoe_uids(rules: RuleSet, players: int) -> tuple[int, ...]:
    return tuple(sorted(c.uid for c in shoe_for(rules, players)))


def check_invariants(state: GameState) -> None:
    cards = state.all_cards()
    shoe = _shoe_uids(state.rules, state.players)
    if sorted(c.uid for c in cards) != list(shoe):
        dup = [c for c, n in Counter(cards).items() if n > 1]
        raise InvariantError(
            f"cards not conserved: {len(cards)} in play vs {len(shoe)} in the shoe"
            + (f", duplicated {dup[:5]}" if dup else ""))
    _check_seats(state)


def check_cheap(state: GameState) -> None:
    """Card count and hand sizes: O(players), no shoe rebuilt."""
    total = state.card_total
    want = len(_shoe_uids(state.rules, state.players))
    if total != want:
        raise InvariantError(f"cards not conserved: {total} in play vs {want} in the shoe")
    _check_seats(state)


def _check_seats(state: GameState) -> None:
    if state.phase not in (Phase.DRAW, Phase.DISCARD):
        return
    fam = family_of(state.rules)
    for s in range(state.players):
        error = fam.hand_size_error(state, s)
        if error:
            raise InvariantError(error)
    if state.status[state.turn] != ACTIVE:
        raise InvariantError(f"seat {state.turn} to act is {state.status[state.turn]}")
    if not state.discard and state.phase == Phase.DRAW and not state.stock:
        raise InvariantError("nothing to draw")


def check_offers(state: GameState) -> None:
    """Every action ``legal_actions`` offers is one ``check`` accepts (a bot
    that plays any of them never makes an illegal move).  Costlier than the
    others (every offer is judged in full): tests and ``--check full``."""
    for action in legal_actions(state):
        try:
            check(state, action)
        except IllegalAction as exc:
            raise InvariantError(f"offered but refused: {action.describe()}: {exc}") from None
