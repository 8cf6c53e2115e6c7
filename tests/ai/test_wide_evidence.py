"""tools/wide_evidence.py: the relations it counts evidence by are the
search's own, and what it counts stays within the unseen copies."""

from __future__ import annotations

import importlib.util
from collections import defaultdict
from pathlib import Path

from game.ai.knowledge import know
from game.engine import DrawStock, apply, new_match, view_for
from game.engine.cards import kind_text, parse_kind
from game.families import preset

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("wide_evidence",
                                               ROOT / "tools" / "wide_evidence.py")
wide_evidence = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wide_evidence)


def _related(text: str) -> list[str]:
    return sorted(kind_text(k) for k in wide_evidence.related(parse_kind(text)))


def test_a_kind_goes_with_its_neighbours_two_away_and_its_rank():
    # beside: 4H 6H; two away: 3H 7H; the same rank in the other suits
    assert _related("5H") == ["3H", "4H", "5C", "5D", "5S", "6H", "7H"]
    # the Ace sits beside the 2 and the King (and two from the 3 and the Queen)
    assert _related("AS") == ["2S", "3S", "AC", "AD", "AH", "KS", "QS"]


def test_a_first_discard_counts_the_other_hand_with_no_evidence():
    # seat 0's first discard: the other player has not played, so every kind
    # has no evidence; the copies in its hand are its natural cards that are
    # not wild, out of every unseen copy of such kinds
    state, _ = new_match(preset("21card"), 2, 5)
    seat = state.to_act
    state, _ = apply(state, DrawStock())
    view = view_for(state, seat)
    cells: dict = defaultdict(lambda: [0, 0])
    wide_evidence._count(cells, view, state)
    other = 1 - seat
    natural = [c.kind for c in state.hands[other] if c.kind < 52 and c.kind not in view.wild]
    unseen = know(view).unseen
    assert list(cells) == [(0, 0, 0)]
    assert cells[(0, 0, 0)] == [len(natural),
                                sum(unseen[k] for k in range(52) if k not in view.wild)]


def test_the_cells_count_no_more_copies_in_hand_than_unseen():
    cells = wide_evidence.measure("21card", 2, 2, "easy")
    assert (0, 0, 0) in cells
    for key, (held, unseen) in cells.items():
        assert all(0 <= n <= wide_evidence.CAP for n in key)
        assert 0 <= held <= unseen
    # some unseen copies sit in the other hand, most do not (21 cards of ~60)
    held = sum(h for h, _ in cells.values())
    unseen = sum(u for _, u in cells.values())
    assert 0.05 < held / unseen < 0.5
