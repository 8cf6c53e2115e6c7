"""The exact evaluator's two questions a rollout asks, each within a budget
of search nodes, so that one question never outlasts a slice of thinking:
does some discard leave show "pure" (``Evaluator.show_possible``), and what
does a losing hand pay (``Evaluator.count``).

Both walk the family's own search (``solver_search.Hand``: the same melds,
the same rules as ``solver.show_possible`` and ``solver.count_21``), with
one difference: a search that has visited ``NODES`` nodes stops.  A show
not found by then counts as none (its owner shows a turn later, or not);
a count not finished is the best arrangement found by then (never less
than the exact count).  On hands met in rollouts the budget binds on about
one show question in a hundred at 21 cards and a few in a hundred at 27,
and the suits are renumbered as the solver does (the suit with the wild
kinds first), which keeps most searches short.
"""

from __future__ import annotations

from collections.abc import Generator

from game.engine.family import run_steps
from game.families.twentyone.cards import form_rules
from game.families.twentyone.solver import WideOptions
from game.families.twentyone.solver_search import BoundedHand, OutOfNodes
from game.families.twentyone.suit_order import suit_renaming

NODES = 900  # search nodes one search of a count may visit (27-card hard's
# rollouts, stop 44: a search 1.4 ms median, 3.6 ms p99; about 2.4 µs a node)
# ... the search for a show: one that exists is found in a few dozen nodes
# (nine in ten within 250 at 21 cards; at 27 within 1,400), and the search
# for one that does not is the costly one
SHOW_NODES = 300
# ... the search for a losing hand with every card in a meld (it pays 2):
# nine in ten of those that exist are found within 600 nodes at 27 cards,
# within 150 at 21; the one that finds none is the costly one (measured on
# hard's rollouts at four players, where this search was half of all
# nodes).  One stopped leaves the count to the second search, which still
# sees a hand it melds whole.
COMPLETE_NODES = 300


class Evaluator:
    """One deal's bounded questions (its wild kinds and options fixed)."""

    def __init__(self, wild: frozenset[int], opts: WideOptions, nodes: int = NODES,
                 show_nodes: int = SHOW_NODES, complete_nodes: int = COMPLETE_NODES) -> None:
        self.opts = opts
        self.nodes = nodes
        self.show_nodes = show_nodes
        self.complete_nodes = complete_nodes
        self.rules = form_rules(opts.form)
        held = [0] * 4
        for k in wild:
            held[k // 13] += 1
        # prepare's renaming, by the deal's wild kinds rather than those a
        # hand holds: one renaming for every hand of the deal
        _order, self.to = suit_renaming(held)
        self.wild = frozenset(self.to[k] for k in wild)

    def hand(self, kinds: list[int], nodes: int) -> BoundedHand:
        to = self.to
        h = BoundedHand(tuple(sorted([to[k] for k in kinds])), self.wild, self.opts)
        h.nodes = nodes
        return h

    def show_possible_steps(self, kinds: list[int]) -> Generator[None, None, bool]:
        """Whether throwing some card of ``kinds`` (a hand one card over its
        size) leaves show "pure" (the counted shows are the caller's); a
        generator that yields between making the hand and searching it (a
        long suit met for the first time costs its pure melds a few
        milliseconds, the search as much again)."""
        h = self.hand(kinds, self.show_nodes)
        need = self.rules.pure_needed
        if h.maxpure < need:
            return False
        yield
        try:
            return h.search(must=True, min_pure=need, spare=1) is not None
        except OutOfNodes:
            return False

    def show_possible(self, kinds: list[int]) -> bool:
        """``show_possible_steps`` run to its end."""
        return run_steps(self.show_possible_steps(kinds))

    def count_steps(self, kinds: list[int]) -> Generator[None, None, int]:
        """What a losing hand pays the winner (``solver.count_21``: the cap,
        2 points for a hand all in melds, 6+ dublees or 7+ wild cards); a
        generator that yields before each of its two searches (the first, for
        a hand all in melds, has ``complete_nodes``; the second ``nodes``)."""
        rules = self.rules
        cap = self.opts.max_count
        h = self.hand(kinds, self.complete_nodes)
        if h.nwild >= rules.flat_wilds or h.dublee_count >= rules.flat_dublees:
            return 2
        yield  # the hand made (its suits' pure melds), then its first search
        unsure = False
        try:
            if h.search(must=True, min_pure=0) is not None:
                return 2
        except OutOfNodes:
            unsure = True
        total = h.total
        if h.maxpure == 0:
            return min(total, cap)
        yield
        h = self.hand(kinds, self.nodes)  # a fresh hand (a search stopped leaves it half taken)
        melded, _melds = h.best_pure()
        if h.maxpure >= rules.pure_needed:
            # the natural melds taken greedily, when they hold the pure
            # melds wanted, are an arrangement the search must beat: a
            # high floor cuts most of it
            for runs_first in (True, False):
                rem = [0 if h.iswild[k] else h.c[k] for k in range(52)]
                if take_melds(rem, runs_first) >= rules.pure_needed:
                    melded = max(melded, total - sum(h.pts[k] * rem[k] for k in range(52)))
            floor = max(melded, total - cap)
            try:
                found = h.search(must=False, min_pure=rules.pure_needed, floor=floor)
            except OutOfNodes:
                found = (h.best, None) if h.best_melds is not None else None
            if found is not None:
                melded = max(melded, found[0])
        if melded == total and unsure:
            return 2  # every card melded: the complete hand the first search missed
        return min(total - melded, cap)

    def count(self, kinds: list[int]) -> int:
        """``count_steps`` run to its end."""
        return run_steps(self.count_steps(kinds))


# ------------------------------------------------------- greedy natural melds


def take_melds(rem: list[int], runs_first: bool) -> int:
    """Take natural melds out of the counts ``rem`` (52 kinds, wild kinds
    left out by the caller): tunnelas, then the longest runs of each suit and
    sets, in the order asked; the pure melds taken (tunnelas and runs)."""
    pure = 0
    for k in range(52):
        if rem[k] >= 3:
            rem[k] -= 3
            pure += 1
    if runs_first:
        pure += _take_runs(rem)
        _take_sets(rem)
    else:
        _take_sets(rem)
        pure += _take_runs(rem)
    return pure


def _take_runs(rem: list[int]) -> int:
    """Take the longest natural runs of every suit out of ``rem`` (positions
    1..14, the Ace low or high); how many."""
    runs = 0
    for s in range(4):
        base = 13 * s
        while True:
            best_lo, best_len = 0, 0
            lo, n = 0, 0
            for p in range(1, 15):
                if rem[base + (p - 1) % 13] and not (p == 14 and lo == 1 and n == 13):
                    if not n:
                        lo = p
                    n += 1
                    if n > best_len:
                        best_lo, best_len = lo, n
                else:
                    n = 0
            if best_len < 3:
                break
            for p in range(best_lo, best_lo + min(best_len, 13)):
                rem[base + (p - 1) % 13] -= 1
            runs += 1
    return runs


def _take_sets(rem: list[int]) -> None:
    """Take sets (three or four suits of a rank) out of ``rem``."""
    for r in range(13):
        while True:
            suits = [s * 13 + r for s in range(4) if rem[s * 13 + r]]
            if len(suits) < 3:
                break
            for k in suits:
                rem[k] -= 1
