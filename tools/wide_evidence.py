"""How much likelier a card is in another player's hand when it goes with a
card that player let pass, threw or picked (21/27 cards): what the evidence
factors of ``families/twentyone/search.py`` (``PASSED``, ``THREW``,
``PICKED``) are measured against (game/ai/README.md, stop 33: the factors
are far stronger than these ratios, and set to them hard gained nothing
measurable).

    python tools/wide_evidence.py [--variant 21card] [--players 2] [--seeds 150]

Bots of one level (``--level``, medium by default) play the deals; at each
discard, for every other player still in the deal and every unseen natural
kind, the kind's evidence is counted: how many cards that player let pass,
threw, and picked and still holds go with it (beside it, two away or of its
rank: the search's own relations), each capped at 2.  Printed per evidence
cell: the share of the kind's unseen copies that sit in the hand, and its
ratio to the share with no evidence at all (the factor a sampler should
weigh such a kind by).  Measuring only: no bot ever sees another hand.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.knowledge import know  # noqa: E402
from game.engine import Discard, Phase, apply, new_match, view_for  # noqa: E402
from game.families import make_bot, preset  # noqa: E402
from game.families.twentyone.search_policy import ADJM, GAPM, SAMEM  # noqa: E402

CAP = 2  # evidence counts above this share a cell


def related(kind: int) -> list[int]:
    """The kinds the search's evidence weighs together with ``kind``."""
    m = ADJM[kind] | GAPM[kind] | SAMEM[kind]
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def measure(variant: str, players: int, seeds: int, level: str) -> dict[tuple, list[int]]:
    """(passed, threw, picked) evidence counts -> [copies in the hand, unseen copies]."""
    rules = preset(variant)
    cells: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    for seed in range(1, seeds + 1):
        state, _ = new_match(rules, players, seed)
        bots = [make_bot(level, seed * 31 + s) for s in range(players)]
        while state.to_act is not None and state.phase not in (Phase.DEAL_OVER,
                                                               Phase.MATCH_OVER):
            seat = state.to_act
            view = view_for(state, seat)
            action = bots[seat].choose(view)
            if isinstance(action, Discard) and view.turns_taken[seat] >= 2:
                _count(cells, view, state)
            state, _events = apply(state, action)
    return cells


def _count(cells, view, state) -> None:
    knowledge = know(view)
    for other, mem in knowledge.seats.items():
        if other == view.seat or view.status[other] != view.status[view.seat]:
            continue
        hidden = Counter(c.kind for c in state.hands[other])
        hidden.subtract(c.kind for c in mem.held)  # picked cards are known, not guessed
        near: dict[str, Counter] = {e: Counter() for e in "ptk"}
        for e, kinds in (("p", mem.passed), ("t", mem.threw), ("k", [c.kind for c in mem.held])):
            for kind in kinds:
                if kind < 52:
                    near[e].update(related(kind))
        for k in range(52):
            if k in view.wild or not knowledge.unseen[k]:
                continue
            cell = cells[tuple(min(near[e][k], CAP) for e in "ptk")]
            cell[0] += min(max(hidden[k], 0), knowledge.unseen[k])
            cell[1] += knowledge.unseen[k]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="21card")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seeds", type=int, default=150)
    ap.add_argument("--level", default="medium")
    args = ap.parse_args()
    cells = measure(args.variant, args.players, args.seeds, args.level)
    held, unseen = cells[(0, 0, 0)]
    base = held / unseen
    print(f"no evidence: {100 * base:.1f}% of {unseen} unseen copies in the hand")
    print("passed threw picked  in hand  ratio  copies")
    for key in sorted(cells):
        held, unseen = cells[key]
        if unseen >= 200:
            print(f"{key[0]:>6} {key[1]:>5} {key[2]:>6}  {100 * held / unseen:6.1f}%"
                  f"  {held / unseen / base:5.2f}  {unseen}")


if __name__ == "__main__":
    main()
