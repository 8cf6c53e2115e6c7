"""Sliced thinking, asserted: in every family, each level's ``think()`` is a
generator that hands control back more than once on the decisions that take
work (weighing a full hand, checking a show, searching the hidden hands), and
the move it ends on is the move ``choose()`` makes of the same view.

Only the public interface is used (``make_bot(level).think(view)`` and
``.choose(view)``), so the tests hold whatever a level's strategy is.  No
time is measured: how long a slice takes is the bench's business
(``python -m game.bench``); here only the count of slices matters, so a
``think()`` that runs the decision to its end before its first ``yield``
fails every case."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.engine import NextDeal, Phase, PlayerView, apply, new_match, view_for
from game.families import make_bot, preset

LEVELS = ("easy", "medium", "hard")
# one preset of each family
VARIANTS = ("points", "21card", "marriage", "vazhushal")
PLAYERS = 3
# several sliced decisions, so that one odd path that happens to yield
# cannot carry the case alone
SLICED_NEEDED = 3
# decisions walked at most before giving up: the 13-card easy level slices
# only when its hand is near a show (about one discard in fifteen); hard
# searches on every turn but takes a fraction of a second for each
MAX_DECISIONS = {"easy": 400, "medium": 400, "hard": 40}


def count_slices(thought) -> tuple[int, object]:
    """Run ``thought`` to its end: how many times it yielded, and its move."""
    slices = 0
    while True:
        try:
            next(thought)
        except StopIteration as done:
            return slices, done.value
        slices += 1


def views(variant: str, first_seed: int) -> Iterator[PlayerView]:
    """The decisions of matches from ``first_seed`` on, one view at a time;
    the caller's move (sent back into the generator) is what is played."""
    seed = first_seed
    while True:
        state, _ = new_match(preset(variant), PLAYERS, seed=seed)
        while state.phase != Phase.MATCH_OVER:
            if state.to_act is None:
                state, _ = apply(state, NextDeal())
                continue
            action = yield view_for(state, state.to_act)
            state, _ = apply(state, action)
        seed += 1


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_think_yields_several_times_and_ends_on_the_move_choose_makes(variant, level):
    # one bot per seat that thinks in slices, and its twin that is asked to
    # choose at once: both see the same views in the same order
    sliced_bots = [make_bot(level, 40 + seat) for seat in range(PLAYERS)]
    whole_bots = [make_bot(level, 40 + seat) for seat in range(PLAYERS)]
    walk = views(variant, first_seed=2401)
    view = next(walk)
    sliced, decisions, most = 0, 0, 0
    while sliced < SLICED_NEEDED and decisions < MAX_DECISIONS[level]:
        slices, action = count_slices(sliced_bots[view.seat].think(view))
        assert action == whole_bots[view.seat].choose(view), (
            f"decision {decisions} ({view.phase.name}): the sliced thought and choose() differ")
        decisions += 1
        most = max(most, slices)
        sliced += slices > 1
        view = walk.send(action)
    assert sliced >= SLICED_NEEDED, (
        f"{variant} {level}: {sliced} of {decisions} decisions thought in more than one "
        f"slice (most slices in one decision: {most})")
