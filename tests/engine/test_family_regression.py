"""Seeded matches of every family play exactly as they did before the tree
was reorganised into one folder per game (issue 22): the action sequence
(hashed), the winners and the scores were recorded on commit 11f2f86, before
any file moved.  A refactor that changes a move, a deal or a payment fails
here.  Entries with a ``hard`` seat are re-recorded when hard's play changes
on purpose (the engine must not).

Re-recorded since: the Marriage entry with a ``random`` seat (issue 22, every
move discoverable).  The random bot now picks from ``view.moves()``, which
adds ``SeeTiplu(route, groups)`` for every choice of groups to see the tiplu
with: after the first 111 actions, played as recorded, its seat saw the tiplu
with groups it named where it had made another move, and the match went
another way from there.  No other entry has a random seat in Marriage or
Vazhushal, whose lists grew; the other families' lists are as they were.

The entries with a ``hard`` seat in 21/27-card and Vazhushal were re-recorded
when hard became a search over the hidden hands in those games (issue 23);
the engine did not change.  The 21/27-card entries with easy and medium
seats were re-recorded when those levels stopped dropping a first hand that
is not hopeless (issue 23, packing like a person).  The two 21/27-card
entries with a hard seat again when hard's rollouts gave the search for a
losing hand melded whole fewer nodes (``COMPLETE_NODES``) and 27-card hard
fewer rollouts (``LONG_HAND_SHARE``), to keep a decision under 60 ms: with
both set back to their old values every entry plays as recorded.  The
27-card entry with a hard seat once more when 27-card hard got 0.8 of the
budget with two players in the deal (``LONG_HAND_SHARE_TWO``, was 0.65):
with 0.65 it plays as recorded; and the 21-card one when 21-card hard got
1.5 times the budget there (``TWO_PLAYER_SHARE``): with 1.0 it plays as
recorded; and again when 21-card hard at two players searched a close discard
on (``CLOSE_EXTRA``): with 0 it plays as recorded.  The Marriage entry with
a ``greedy`` seat when greedy began to see the tiplu (``Family.show_step``;
before, it never saw, so it never showed and every greedy-only deal ended
void): with the family's hook returning None it plays as recorded.  The
Marriage entry with a ``hard`` seat when Marriage hard looked ahead at more
discards with a lighter fear of feeding (``HardMarriage``'s ``margin``,
``max_candidates``, ``feed``): with the look-ahead's 1.0, 4 and 0.6 it plays
as recorded.  The 21/27-card entries with a ``greedy`` seat when greedy
began to weigh only the discards an exact count of the whole hand prices
(``Family.counts_without``): the greedy of before plays them as recorded on
the same engine."""

import hashlib

import pytest

from game.engine import NextDeal, Phase, apply, new_match, view_for
from game.families import make_bot, preset

RECORDED = [
    ("21card", 4, 3, ["easy", "medium", "greedy", "random"], 3, "b9f140bf8fc4dced",
     [2, 1, 2], [-86, 102, 206, -222]),
    ("21card", 2, 8, ["hard", "medium"], 2, "40463ad36a687c6b", [0, 1], [-20, 20]),
    ("27card", 3, 5, ["medium", "easy", "greedy"], 2, "625971bd968410fe", [0, 2],
     [-25, -143, 168]),
    ("27card", 2, 6, ["hard", "easy"], 2, "45e9d0ff21c5bff7", [0, 1], [50, -50]),
    ("marriage", 4, 2, ["medium", "easy", "greedy", "random"], 3, "2d19225d412765a2",
     [0, 2, 0], [35, 14, 7, -56]),
    ("marriage", 2, 9, ["hard", "medium"], 3, "264b16f8ae317b6d", [0, 0], [28, -28]),
    ("marriage", 5, 4, ["easy", "medium"], 2, "d4025b515d5bc782", [4, 4],
     [-50, -18, -43, -28, 139]),
    ("vazhushal", 4, 7, ["medium", "easy", "greedy"], 3, "99ce7d2aec851dfe", [1, 1, 1],
     [0, 3, 0, 0]),
    ("vazhushal", 2, 12, ["hard", "medium"], 3, "2809cda6a5256202", [1, 0, 1], [1, 2]),
    ("vazhushal", 3, 1, ["easy", "medium", "hard"], 2, "226fe7fe5370c5de", [1, 1], [0, 2, 0]),
    ("points", 6, 13, ["random", "greedy", "easy"], 2, "02faf970161e738e", [2],
     [-51, -12, 219, -80, -18, -58]),
]


def play(variant, players, seed, specs, deals):
    """(hash of the actions, winners, scores) of a seeded bot match."""
    bots = [make_bot(specs[i % len(specs)], seed * 1000 + i) for i in range(players)]
    state, _ = new_match(preset(variant), players, seed)
    digest = hashlib.sha256()
    winners = []
    while len(winners) < deals:
        seat = state.to_act
        if seat is None:
            if state.phase == Phase.MATCH_OVER:
                break
            action = NextDeal()
        else:
            action = bots[seat].choose(view_for(state, seat))
        digest.update(repr(action).encode())
        state, events = apply(state, action)
        winners += [ev.result.winner for ev in events if getattr(ev, "result", None)]
    return digest.hexdigest()[:16], winners, list(state.scores)


@pytest.mark.parametrize("variant,players,seed,specs,deals,digest,winners,scores", RECORDED)
def test_family_match_plays_as_recorded(variant, players, seed, specs, deals, digest, winners,
                                        scores):
    assert play(variant, players, seed, specs, deals) == (digest, winners, scores)
