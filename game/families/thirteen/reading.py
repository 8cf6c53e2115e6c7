"""Reading another player from the public log: for every kind, the chance
that the player would take it from the pile if it were thrown now.

A logistic model over what can be counted about the kind's neighbours (the
cards one and two places away in its suit, and its rank in other suits):

- how many copies of them are still unseen (the more, the likelier the
  player holds some of them);
- how many of them the player picked from the pile and still holds (a pick
  says the player builds there);
- how many of them, and of the kind itself, the player threw or let pass
  (the player had no use for that corner of the deck).

The weights were fitted by ``tools/fit_reading.py`` on 4,575 positions from
1,200 two-player Points deals, each a choice between nearly equal discards
where the next player (a medium bot) would have taken some and not others.
On held-out positions, the discard this model ranks safest is one the next
player does not want 73% of the time; medium's own choice 54%, a random one
59%.  Sampled
hands (``worlds.py``) add a little on top of it; a model that knew the hand
exactly would be right every time, and would win about 61% of the deals
against medium (``ceiling.py``): reading hands is worth that much at most.
"""

from __future__ import annotations

import math

from game.ai.kinds import relation
from game.ai.knowledge import Knowledge, is_wild_kind
from game.engine import PlayerView

RELATIONS = ("r1", "r2", "set")  # one place away in the suit, two places, same rank
FEATURES = ("turn", "picks",
            *(f"{name}_{rel}" for name in ("unseen", "held", "threw", "passed")
              for rel in RELATIONS),
            "refused")

# fitted weights (tools/fit_reading.py)
BIAS = -2.152
UNSEEN = {"r1": 0.564, "r2": 0.275, "set": 0.246}
HELD = {"r1": 1.657, "r2": 1.207, "set": 0.632}
THREW = {"r1": -0.473, "r2": -0.350, "set": -0.236}
PASSED = {"r1": -0.259, "r2": -0.160, "set": -0.375}
REFUSED = -3.211  # per copy of the kind itself the player threw or let pass
TURN = 0.104  # per turn the player has taken
PICKS = -0.210  # per card the player has picked from the pile this deal


# per kind: its neighbours by relation (kinds 0..51)
NEIGHBOURS: list[dict[str, tuple[int, ...]]] = [
    {rel: tuple(j for j in range(52) if relation(k, j) == rel) for rel in RELATIONS}
    for k in range(52)
]


def features(view: PlayerView, know: Knowledge, seat: int, kind: int) -> dict[str, float]:
    """The model's inputs (``FEATURES``, by name) for ``kind`` and the
    player in ``seat``."""
    mem = know.seats[seat]
    f: dict[str, float] = {"turn": view.turns_taken[seat], "picks": mem.picks}
    near = NEIGHBOURS[kind] if kind < 52 else dict.fromkeys(RELATIONS, ())
    for rel in RELATIONS:
        f["unseen_" + rel] = sum(know.unseen[j] for j in near[rel])
    f["refused"] = 0
    for name, kinds in (("held", [c.kind for c in mem.held]), ("threw", mem.threw),
                        ("passed", mem.passed)):
        for rel in RELATIONS:
            f[f"{name}_{rel}"] = 0
        for j in kinds:
            rel = relation(kind, j) if j < 52 and kind < 52 else None
            if rel == "same":
                f["refused"] += name != "held"
            elif rel is not None:
                f[f"{name}_{rel}"] += 1
    return f


def score(f: dict[str, float]) -> float:
    """The model's log-odds for one set of features."""
    z = BIAS + TURN * f["turn"] + PICKS * f["picks"]
    for rel in RELATIONS:
        z += (UNSEEN[rel] * f["unseen_" + rel] + HELD[rel] * f["held_" + rel]
              + THREW[rel] * f["threw_" + rel] + PASSED[rel] * f["passed_" + rel])
    return z + REFUSED * f["refused"]


def take_chance(view: PlayerView, know: Knowledge, seat: int, kind: int) -> float:
    """The chance that ``seat`` would take ``kind`` from the pile now (a wild
    card: always)."""
    if is_wild_kind(kind, view.wild):
        return 1.0
    return 1.0 / (1.0 + math.exp(-score(features(view, know, seat, kind))))
