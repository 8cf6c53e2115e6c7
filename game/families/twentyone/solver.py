"""Exact hand evaluator of 21- and 27-card rummy (RULES.md §4, §5).

Pure Python (no pygame, numpy or threads): it also runs in the browser.

What a hand pays as a non-winner, for the arrangement best for its owner:
  no pure sequence                      -> every card counts
  1..T-1 pure sequences (T = 3; 27: 4)  -> every card outside them counts
  T or more                             -> only the deadwood counts
  every card in a 3+-card meld, or 6+ dublees (27: 8+), or 7+ wild cards
  held (27: 9+)                         -> 2 points
capped at 120 (27: 150).  A tunnela (3 identical cards; 3 printed jokers)
counts as a pure sequence; a designated wild card standing as itself is a
natural card (``7H 8H 9H`` is pure when 8H is wild); melds of wild cards only
are allowed in this family.  The shows a winner may make are judged here too.

The search works on card kinds with counts, like ``solver.py``:
  * pure melds alone: a dynamic programme per suit (``suit_pure``) gives the
    best points of exactly j disjoint pure melds, combined over the suits:
    this is the middle rung, and says whether T pure melds exist at all;
  * tunnelas are chosen first (each subset of the kinds held three times);
  * then the lowest remaining kind puts one copy into a meld with higher
    kinds (and wild slots), or sends its copies to the deadwood (a
    designated wild kind: to the pool of wild cards).  Wild cards are
    fungible: a meld counts the slots it needs; a designated wild card is
    named only where its identity matters, as itself in a pure run.
  * a branch is cut when even melding every remaining card cannot beat the
    best found (less the isolated cards the wild cards left cannot reach),
    when the remaining cards make too few pure runs (a greedy count per
    suit), or when the same remaining counts, budget and pure melds were
    met before with at least as many points (transposition table).
A "meld everything" search (the 2-point rung, show (a)) stops at the first
arrangement found and cuts a branch at the first card left unmelded, or
when the loose natural cards need more wild cards than are left
(``wild_need.py``).
``count_21`` keeps what an exact count of a whole hand says of the hands one
card less (a bot weighing its discards asks the whole hand first; see
``_remember_children``), and the melds of a kind are shared by the hands
holding the same cards they read.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass
from functools import lru_cache

from game.engine.caches import keep_hash, trim
from game.engine.cards import JOKER_KIND, Card, card_points
from game.engine.family import run_steps
from game.engine.meldtypes import PURE, TANALA
from game.families.twentyone.cards import (
    WideMeld,
    clear_memos,
    dublee_pairs,
    form_rules,
    marriages_held,
    place_melds,
)
from game.families.twentyone.solver_search import (
    _MELDS,
    Hand,
    OutOfNodes,
    SlicedHand,
)
from game.families.twentyone.suit_order import prepare, unmap

SHOWS = ("pure", "tunnelas", "dublees", "wilds", "marriages")  # in order of preference
RUNGS = ("none", "pure", "melded", "complete")


@dataclass(frozen=True)
class WideOptions:
    """The rule options the evaluation depends on.  ``values``: the deal's
    value kinds (``value_kinds``), needed by the two-marriage show only;
    ``cap`` overrides the form's maximum count."""

    form: int = 21
    ace_points: int = 10
    wild_show: bool = True
    two_marriage_show: bool = False
    values: tuple[int, ...] = ()
    cap: int | None = None

    def __post_init__(self) -> None:
        form_rules(self.form)  # refuses a form other than 21 or 27

    def __hash__(self) -> int:  # every count cache key holds the options
        try:
            return self._hash  # type: ignore[has-type]
        except AttributeError:
            return keep_hash(self)

    @property
    def max_count(self) -> int:
        return self.cap if self.cap is not None else form_rules(self.form).cap


@dataclass(frozen=True)
class WideEvaluation:
    """A hand judged under §4/§5.

    ``count``: what it pays a winner (cap included, no half rate); ``rung``
    (one of ``RUNGS``) and ``why`` say which rule gave it; ``melds`` and
    ``deadwood`` are the arrangement behind it.  ``show``: the show the hand
    makes as a winner (one of ``SHOWS``, or None), ``show_melds`` its melds
    for show "pure".  ``loose_count`` (only when asked for): the points of
    the cards in no 3+-card meld at all, the pure-sequence rungs ignored."""

    count: int
    rung: str
    why: str
    show: str | None
    melds: tuple[WideMeld, ...]
    deadwood: tuple[Card, ...]
    dublees: tuple[tuple[Card, Card], ...]
    loose_count: int | None
    total: int  # points of every card
    pure_count: int  # pure melds in the arrangement behind ``count``
    wild_count: int
    show_melds: tuple[WideMeld, ...] = ()


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def _number(n: int) -> str:
    return _NUMBERS[n] if n < len(_NUMBERS) else str(n)


def _pure_words(melds) -> str:
    """"three pure sequences", naming the tunnelas among them (a player sees
    a tunnela labelled as such and counts it as a pure sequence by the rules)."""
    n = sum(m[0] in (PURE, TANALA) for m in melds)
    t = sum(m[0] == TANALA for m in melds)
    words = f"{_number(n)} pure sequence{'' if n == 1 else 's'}"
    if t:
        words += (" (a tunnela" if t == 1 else f" ({_number(t)} tunnelas") + " among them)" \
            if n > 1 else " (a tunnela)"
    return words


def _other_show(h: Hand, opts: WideOptions, kinds: tuple[int, ...]) -> str | None:
    """Shows (b) to (e): counted, not searched (``kinds`` as dealt)."""
    rules = h.rules
    if h.tunnela_count >= rules.pure_needed:
        return "tunnelas"
    if h.dublee_count >= rules.show_dublees:
        return "dublees"
    if opts.wild_show and h.nwild >= rules.show_wilds:
        return "wilds"
    if opts.two_marriage_show and marriages_held(kinds, opts.values) >= 2:
        return "marriages"
    return None


# ================================================================ public API


@lru_cache(maxsize=4096)
def _evaluate_kinds(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions,
                    loose: bool):
    h, order = prepare(kinds, wild, opts)
    rules, total = h.rules, h.total
    need = rules.pure_needed
    shown = h.search(must=True, min_pure=need) if h.maxpure >= need else None
    show = "pure" if shown is not None else _other_show(h, opts, kinds)
    melds: tuple = ()
    melded = 0  # the points melded behind the count (a floor for the loose search)
    keep = need if shown is not None else 0
    if h.nwild >= rules.flat_wilds:
        complete, why = shown, f"{h.nwild} wild cards held: 2 points"
    elif h.dublee_count >= rules.flat_dublees:
        complete, why = shown, f"{h.dublee_count} dublees: 2 points"
    else:
        complete = shown if shown is not None else h.search(must=True, min_pure=0)
        why = "every card in a meld: 2 points" if complete is not None else ""
    placed = complete is not None and bool(why)  # spare wild cards to place
    if why:
        rung, count = "complete", 2
        if complete is not None:
            melds, melded = tuple(complete[0]), total
    elif h.maxpure == 0:
        rung, count, why = "none", total, "no pure sequence: every card counts"
    else:
        melded, melds = h.best_pure()
        rung, why = "pure", f"{_pure_words(melds)}: cards outside " + (
            "it count" if len(melds) == 1 else "them count")
        if h.maxpure >= need:
            found = h.search(must=False, min_pure=need, floor=melded)
            if found is not None:
                melded, melds = found[0], tuple(found[1])
                rung = "melded"
                why = f"{_pure_words(melds)}: only the deadwood counts"
        count = total - melded
    if rung != "complete":
        why += f" ({count}, capped at {opts.max_count})" if count > opts.max_count \
            else f" ({count})"
        count = min(count, opts.max_count)
    loose_count = None
    if loose:
        found = h.search(must=False, min_pure=0, floor=melded) if melded < total else None
        loose_count = total - (found[0] if found is not None else melded)
    pure_count = sum(m[0] in (PURE, TANALA) for m in melds)
    return (count, rung, why, show, unmap(melds, order), placed, keep,
            unmap(shown[0], order) if shown else (), loose_count, total, pure_count, h.nwild)


def evaluate_21(cards: Iterable[Card], wild: frozenset[int],
                opts: WideOptions = WideOptions(), loose: bool = False) -> WideEvaluation:
    """Judge a hand of the 21/27-card family (as held after the discard; any
    size): what it pays, why, the arrangement behind it and the show it
    makes.  ``wild``: the designated wild kinds (``wild_kinds_21``); printed
    jokers are always wild.  ``loose`` also computes ``loose_count`` (one
    more search).  Results are cached by the sorted kinds."""
    cards = tuple(cards)
    wild = frozenset(wild)
    (count, rung, why, show, melds, complete, keep, show_melds, loose_count, total,
     pure_count, nwild) = _evaluate_kinds(tuple(sorted(c.kind for c in cards)), wild, opts,
                                          loose)
    out, deadwood = place_melds(cards, wild, melds, complete, keep)
    shown = ()
    if show == "pure":
        shown = out if show_melds == melds else place_melds(cards, wild, show_melds, True,
                                                            keep)[0]
    return WideEvaluation(count, rung, why, show, out, deadwood, dublee_pairs(cards),
                          loose_count, total, pure_count, nwild, shown)


def count_21(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions = WideOptions(),
             below: int | None = None) -> int | None:
    """``evaluate_21(...).count`` for a hand given as sorted kinds, without
    the show or the arrangement (bots that only compare counts).  With
    ``below``, only a count under it is wanted: None says the count is at
    least ``below``, and the search skips every arrangement that cannot get
    under it."""
    cap = opts.max_count
    lim = cap if below is None else min(below, cap)
    key = (kinds, wild, opts)
    known = _COUNT_FLOOR.get(key)
    if known is not None:
        exact, at_least = known
        if exact is not None:
            return exact if below is None or exact < below else None
        if at_least >= lim and lim < cap:
            return None
    if _flat(kinds, wild, opts):
        _COUNT_FLOOR[key] = (2, 2)
        if below is None:
            _keep_children(key, 2, {})
            # its count says nothing of the hands one card less, but a bot
            # weighing them asks whether each melds every card: one search
            # here answers for all of them when none does
            h, order = prepare(kinds, wild, opts)
            if _spared(h, kinds, wild, opts, order) is None:
                trim(_INCOMPLETE, _COUNT_KEPT)
                for i, b in enumerate(kinds):
                    if not i or kinds[i - 1] != b:
                        _INCOMPLETE[kinds[:i] + kinds[i + 1:], wild, opts] = None
        return 2 if below is None or 2 < below else None
    h, order = prepare(kinds, wild, opts)
    complete_possible = key not in _INCOMPLETE
    # an exact count asks whether a hand one card less melds every card
    # (for _remember_children): asked first, since when no card can be
    # spared the whole hand cannot meld every card either (no second search)
    spared = None if below is None else False
    if spared is None and complete_possible:
        spared = _spared(h, kinds, wild, opts, order) is not None
        complete_possible = spared
    count, melds, raw = _count_hand(h, lim, cap, complete_possible)
    trim(_COUNT_FLOOR, _COUNT_KEPT)
    trim(_INCOMPLETE, _COUNT_KEPT)
    if count is None:
        _COUNT_FLOOR[key] = (None, lim)
        return None
    _COUNT_FLOOR[key] = (count, count)
    if spared is None:
        spared = raw is not None and _spared(h, kinds, wild, opts, order) is not None
    if below is None:
        children = {}
        if raw is not None and not spared:
            children = _remember_children(kinds, wild, opts, raw,
                                          unmap(melds, order) if melds is not None else None)
        _keep_children(key, count, children)
    return count if below is None or count < below else None


def _keep_children(key: tuple, count: int, children: dict[int, int]) -> None:
    trim(_CHILDREN, _COUNT_KEPT)
    _CHILDREN[key] = (count, children)


def counts_without_21(kinds: tuple[int, ...], wild: frozenset[int],
                      opts: WideOptions = WideOptions()) -> tuple[int, dict[int, int]]:
    """``count_21`` of a hand, and the counts of the hands one card less
    that its exact count fixes with no search of their own
    (``_remember_children``: a loose natural card's loss, or a count at the
    cap), by the kind left out; none for a flat hand or one a card from
    melding every card.  The same for a hand however it was counted before:
    one whose count an earlier count made known is counted afresh."""
    key = (kinds, wild, opts)
    got = _CHILDREN.get(key)
    if got is None:
        _COUNT_FLOOR.pop(key, None)
        count_21(kinds, wild, opts)
        got = _CHILDREN[key]
    return got


def _spared(h: Hand, kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions,
            order: list[int]):
    """Whether the hand less some card melds every card (``h``'s search with
    one card spare): the arrangement, or None.  The hand less the card the
    arrangement leaves out melds every card, so its count is known: 2 (the
    "complete" rung, or flat)."""
    found = h.search(must=True, min_pure=0, spare=1)
    if found is None:
        return None
    # the card left out: a natural kind held more often than the melds hold
    # it (a wild kind's copies outside the melds are spare wild cards)
    left = bytearray(h.c)
    for meld in found[0]:
        for n in meld[1]:
            if n != JOKER_KIND:
                left[n] -= 1
    for x, n in enumerate(left):
        if n and not h.iswild[x]:
            x = order[x // 13] * 13 + x % 13
            i = kinds.index(x)
            trim(_COUNT_FLOOR, _COUNT_KEPT)
            _COUNT_FLOOR[kinds[:i] + kinds[i + 1:], wild, opts] = (2, 2)
            break
    return found


def known_count_21(kinds: tuple[int, ...], wild: frozenset[int],
                   opts: WideOptions = WideOptions()) -> int | None:
    """``count_21`` when an earlier count left it known exactly, else None
    (no search)."""
    known = _COUNT_FLOOR.get((kinds, wild, opts))
    return None if known is None else known[0]


def _flat(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions) -> bool:
    """Whether the hand pays 2 points for its wild cards or its dublees
    (``Hand``'s counts, without building it)."""
    rules = form_rules(opts.form)
    wilds = dublees = run = 0
    kinds = sorted(kinds)
    for i, k in enumerate(kinds):
        wilds += k == JOKER_KIND or k in wild
        run = run + 1 if i and kinds[i - 1] == k else 1
        dublees += run % 2 == 0  # each second copy of a kind (jokers too) makes a dublee
    return wilds >= rules.flat_wilds or dublees >= rules.flat_dublees


def _count_hand(h: Hand, lim: int, cap: int, complete_possible: bool):
    """(count, melds, raw): the count of the hand if under ``lim`` (or when
    it is known anyway), else None.  For a count made in the rungs below
    "complete" (not flat), ``raw`` is the count before the cap (at least it:
    the cap when the search only learnt that), ``melds`` the arrangement
    behind it when it is exact (None otherwise).  ``complete_possible``
    False: the hand is known not to meld every card (that search is
    skipped)."""
    rules = h.rules
    if h.nwild >= rules.flat_wilds or h.dublee_count >= rules.flat_dublees:
        return 2, None, None
    if lim <= 2:
        # a hand melding every card pays 2, not under ``lim``: that search
        # matters only when the rungs below get under it (a bot asks each
        # hand one card less of a flat hand whether it pays under 2)
        got = _rungs_count(h, lim, cap)
        if got[0] is None or not complete_possible:
            return got
        if got[0] >= lim:  # 2 or the rungs' count: at least ``lim`` either way
            return None, None, None
        if h.search(must=True, min_pure=0) is not None:
            return 2, None, None
        return got
    if complete_possible and h.search(must=True, min_pure=0) is not None:
        return 2, None, None
    return _rungs_count(h, lim, cap)


def _rungs_count(h: Hand, lim: int, cap: int):
    """``_count_hand`` in the rungs below "complete" alone."""
    rules, total = h.rules, h.total
    if h.maxpure == 0:
        return min(total, cap), (), total
    melded, melds = h.best_pure()
    if h.maxpure < rules.pure_needed:  # no arrangement beats the best pure melds
        return min(total - melded, cap), melds, total - melded
    floor = max(melded, total - lim)
    found = h.search(must=False, min_pure=rules.pure_needed, floor=floor)
    if found is not None:
        return total - found[0], tuple(found[1]), total - found[0]
    if floor == melded:
        return min(total - melded, cap), melds, total - melded
    if lim == cap:
        return cap, None, cap  # nothing melds enough to get under the cap
    return None, None, None


def _remember_children(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions,
                       raw: int, melds: tuple | None) -> dict[int, int]:
    """What a hand's count (``raw`` before the cap, made in the rungs below
    "complete", not flat, no hand of it one card less melding every card)
    says of each hand one card less: a bot weighing its discards asks the
    whole hand first, then each hand less one card, mostly whether it is
    lower than the best so far.  Such a hand less b is neither "complete"
    nor flat either, and its arrangement with b added as deadwood (a wild
    card: spare) stands in the same rung for the whole hand (RULES.md §4):
    raw(hand - b) >= raw(hand) - points(b).  When b is a natural card left
    in the deadwood of ``melds`` (the arrangement behind an exact ``raw``),
    that arrangement less b stands too: the count is known exactly.
    Returns those exact counts, by the kind left out."""
    cap = opts.max_count
    exact: dict[int, int] = {}
    in_melds: dict[int, int] = {}
    for meld in melds or ():
        for n in meld[1]:
            in_melds[n] = in_melds.get(n, 0) + 1
    for i, b in enumerate(kinds):
        if i and kinds[i - 1] == b:
            continue
        key = (kinds[:i] + kinds[i + 1:], wild, opts)
        _INCOMPLETE[key] = None
        natural = b != JOKER_KIND and b not in wild
        floor = min(raw - (card_points(b, opts.ace_points) if natural else 0), cap)
        if floor == cap or (melds is not None and natural
                            and kinds.count(b) > in_melds.get(b, 0)):
            _COUNT_FLOOR[key] = (floor, floor)
            exact[b] = floor
            continue
        known = _COUNT_FLOOR.get(key)
        if floor > 0 and (known is None or (known[0] is None and known[1] < floor)):
            _COUNT_FLOOR[key] = (None, floor)
    return exact


# (kinds, wild, opts) -> (exact count or None, a floor the count is known to reach)
_COUNT_FLOOR: dict[tuple, tuple[int | None, int]] = {}
# (kinds, wild, opts) -> an exact count and the counts it fixed of the hands
# one card less (``counts_without_21``)
_CHILDREN: dict[tuple, tuple[int, dict[int, int]]] = {}
# hands known not to meld every card (no search for the "complete" rung);
# a dict, not a set, so that trim forgets the oldest first
_INCOMPLETE: dict[tuple, None] = {}
_COUNT_KEPT = 50000


# (kinds, wild, opts) -> the show the hand makes / whether some discard
# leaves one: the answers of the searches below, sliced or not
_SHOWS: dict[tuple, str | None] = {}
_POSSIBLE: dict[tuple, bool] = {}
_SHOWS_KEPT = 4096
SLICE_NODES = 600  # nodes a slice of a sliced show question searches (2-4 ms)


def _hand_for(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions,
              nodes: int | None) -> Hand:
    """The hand ``_melds_whole`` searches with ``nodes`` nodes a slice."""
    return prepare(kinds, wild, opts, Hand if nodes is None else SlicedHand)[0]


def _melds_whole(kinds: tuple[int, ...], wild: frozenset[int], opts: WideOptions,
                 min_pure: int, spare: int, nodes: int | None,
                 h: Hand) -> Generator[None, None, bool]:
    """Whether the hand melds every card but ``spare`` with ``min_pure``
    pure melds (``Hand.search(must=True)``), ``nodes`` nodes a slice (None:
    at once), beginning with ``h`` (``_hand_for``'s, not yet searched).
    Each slice goes on from what the last proved: the states it searched to
    no avail stay in the memo, those it met in ``seen`` (a slice's nodes are
    states not met before: ``SlicedHand``), and the hand is made afresh (a
    stopped search leaves it half taken)."""
    memo: dict = {}
    seen: set = set()
    while True:
        h.left = nodes
        h.seen = seen
        try:
            return h.search(must=True, min_pure=min_pure, spare=spare, memo=memo) is not None
        except OutOfNodes:
            yield
        h = _hand_for(kinds, wild, opts, nodes)


def shows_steps(cards: Iterable[Card], wild: frozenset[int], opts: WideOptions = WideOptions(),
                nodes: int | None = SLICE_NODES) -> Generator[None, None, str | None]:
    """``shows``, a slice at a time (a 27-card hand's search can take tens of
    milliseconds)."""
    kinds = tuple(sorted(c.kind for c in cards))
    wild = frozenset(wild)
    key = (kinds, wild, opts)
    if key in _SHOWS:
        return _SHOWS[key]
    h = _hand_for(kinds, wild, opts, nodes)
    need = h.rules.pure_needed
    # a hand known not to meld every card (a count learnt it) makes no show "pure"
    if h.maxpure >= need and key not in _INCOMPLETE and (
            yield from _melds_whole(kinds, wild, opts, need, 0, nodes, h)):
        found = "pure"
    else:
        found = _other_show(h, opts, kinds)
    trim(_SHOWS, _SHOWS_KEPT)
    _SHOWS[key] = found
    return found


def shows(cards: Iterable[Card], wild: frozenset[int],
          opts: WideOptions = WideOptions()) -> str | None:
    """The show these cards (after the discard) make, or None: the first of
    "pure", "tunnelas", "dublees", "wilds", "marriages" that applies.  No
    count is worked out: cheaper than ``evaluate_21`` for asking which
    discards leave a valid show."""
    return run_steps(shows_steps(cards, wild, opts, None))


def show_possible_steps(cards: Iterable[Card], wild: frozenset[int],
                        opts: WideOptions = WideOptions(), nodes: int | None = SLICE_NODES
                        ) -> Generator[None, None, bool]:
    """``show_possible``, a slice at a time."""
    kinds = tuple(sorted(c.kind for c in cards))
    wild = frozenset(wild)
    key = (kinds, wild, opts)
    if key in _POSSIBLE:
        return _POSSIBLE[key]
    h = _hand_for(kinds, wild, opts, nodes)
    need = h.rules.pure_needed
    if _other_show(h, opts, kinds) is not None:
        found = True
    elif h.maxpure < need or all(
            (kinds[:i] + kinds[i + 1:], wild, opts) in _INCOMPLETE
            for i in range(len(kinds)) if not i or kinds[i - 1] != kinds[i]):
        found = False  # no hand one card less melds every card (a count learnt it)
    else:
        found = yield from _melds_whole(kinds, wild, opts, need, 1, nodes, h)
    trim(_POSSIBLE, _SHOWS_KEPT)
    _POSSIBLE[key] = found
    return found


def show_possible(cards: Iterable[Card], wild: frozenset[int],
                  opts: WideOptions = WideOptions()) -> bool:
    """Whether some discard from ``cards`` (a hand before its discard)
    leaves a show: the counted shows are counted (three tunnelas, eight
    dublees, eight wild cards or two marriages among 22 cards always leave a
    card outside them to throw); show "pure" is one search melding every
    card but one.  One call instead of one ``shows`` per card: the query
    behind ``iter_showable`` runs the per-card calls only when it is True."""
    return run_steps(show_possible_steps(cards, wild, opts, None))




def has_show(cards: Iterable[Card], wild: frozenset[int],
             opts: WideOptions = WideOptions()) -> bool:
    """Whether the cards make any show (the counted shows first)."""
    return shows(cards, wild, opts) is not None


def clear_caches() -> None:
    """Forget every cached result (benchmarks solve each hand from scratch)."""
    _evaluate_kinds.cache_clear()
    clear_memos()
    _SHOWS.clear()
    _POSSIBLE.clear()
    _COUNT_FLOOR.clear()
    _CHILDREN.clear()
    _INCOMPLETE.clear()
    _MELDS.clear()
