"""Saves written before the reorganisation (issue 22) still load: each
fixture is a whole save document made by commit 11f2f86 with a match in
progress, one per family, and restoring it replays to the same position
(hands, stock, pile, phase, turn, scores and deal, hashed by card id)."""

import hashlib
import json
from pathlib import Path

import pytest

from game.app import savegame

FIXTURES = json.loads((Path(__file__).parents[1] / "fixtures" / "saves_before_issue22.json")
                      .read_text())


def position_key(state) -> str:
    doc = [[[c.uid for c in h] for h in state.hands], [c.uid for c in state.stock],
           [c.uid for c in state.discard], str(state.phase.value), state.turn,
           list(state.scores), state.deal_no]
    return hashlib.sha256(json.dumps(doc).encode()).hexdigest()[:16]


@pytest.mark.parametrize("variant", sorted(FIXTURES))
def test_a_save_from_before_restores_the_same_position(variant):
    fixture = FIXTURES[variant]
    loaded = savegame.loads(json.dumps(fixture["save"]))
    assert loaded.problem == ""
    assert loaded.session is not None
    assert len(loaded.session.actions) == fixture["moves"]
    assert position_key(loaded.session.state) == fixture["state"]
