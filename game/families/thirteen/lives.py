"""The lives so far, as the 13-card search sees them (RULES.md §2): a summary
of the melds made that keeps only what the lives ask (how many pure runs,
tanalas and impure runs, whether one has four cards), how each meld changes
it, whether a summary with some spare wild cards makes valid lives, and the
summaries no further melds can tell apart, merged (``life_table``); and
which melds of a hand laid out by its owner still count (``melds_that_count``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.engine.meldtypes import IMPURE, PURE, TANALA, MeldOptions

# The melds so far, as far as the lives care (see lives_ok): pure runs,
# tanalas and impure runs, each counted up to 2, and whether a pure or an
# impure run has 4+ cards: life = pr + 3 ta + 9 im + 27 long_pure + 54
# long_impure.  A meld changes it by its column: 2 * type + (4+ cards).
LIVES = 108
TANALA_COLUMN = 2 * TANALA
NO_LIVES = [[0] * 10] * LIVES  # searches without lives keep life 0


def life_column(t: int, length: int) -> int:
    return 2 * t + (length >= 4)


def next_life(life: int, col: int) -> int:
    t, long = divmod(col, 2)
    pr, ta, im = life % 3, life // 3 % 3, life // 9 % 3
    lp, li = life // 27 % 2, life // 54
    if t == PURE:
        pr = min(pr + 1, 2)
        lp = lp or long
    elif t == IMPURE:
        im = min(im + 1, 2)
        li = li or long
    elif t == TANALA:
        ta = min(ta + 1, 2)
    return pr + 3 * ta + 9 * im + 27 * lp + 54 * li


LIFE_NEXT = [[next_life(life, col) for col in range(10)] for life in range(LIVES)]


def lives_ok(life: int, left: int, opts: MeldOptions) -> bool:
    """Whether melds with this summary, and ``left`` spare wild cards, make
    valid lives (RULES.md §2; the options of §2 as in MeldOptions)."""
    pure_runs, tanalas, impure = life % 3, life // 3 % 3, life // 9 % 3
    long_pure, long_impure = life // 27 % 2, life // 54
    pures = pure_runs + tanalas
    if pures == 0:
        return False
    seqs = pures + impure
    all_wild = opts.all_wild_melds and left >= 3
    if seqs < 2 and not all_wild:
        return False
    if not opts.four_card_life:
        return True
    if long_pure or long_impure:
        return True
    if left >= 1:
        if impure and not opts.one_wild_per_impure:
            return True
        if pure_runs and pures >= 2:
            return True
    return opts.all_wild_melds and left >= 4


@lru_cache(maxsize=16)
def life_table(opts: MeldOptions) -> list[list[int]]:
    """LIFE_NEXT with equivalent summaries merged: two are equivalent when
    every sequence of further melds and every count of spare wild cards
    (0..4: lives_ok only asks for 1, 3 or 4 or more) makes both valid lives
    or neither (the coarsest such partition, found by refinement).  Each
    class is named by its least member, so 0 (no melds) names its own; the
    states of the search that differ only by equivalent summaries then
    share their entries in the transposition table.  (With the default
    options four classes are left: nothing, one impure run, one pure
    sequence, valid lives.)"""
    sig = [tuple(lives_ok(life, left, opts) for left in range(5)) for life in range(LIVES)]
    cls = sig
    while True:
        ids: dict = {}
        new = [ids.setdefault((sig[life], tuple(cls[n] for n in LIFE_NEXT[life])), len(ids))
               for life in range(LIVES)]
        if len(ids) == len(set(cls)):
            break
        cls = new
    rep: dict = {}
    for life in range(LIVES):
        rep.setdefault(new[life], life)
    return [[rep[new[n]] for n in LIFE_NEXT[life]] for life in range(LIVES)]


def melds_that_count(melds: Sequence[tuple[int | None, int, int]], spare: int,
                     opts: MeldOptions) -> list[bool]:
    """Which groups of a hand, as its owner laid it out, count all the same
    (RULES.md §2, settlement): ``melds`` has (meld type or None, cards,
    points) per group, ``spare`` the wild cards in no meld.  With valid
    lives no meld counts; with a pure sequence but no second, every meld but
    the pure sequence worth most (as the count frees it); with no pure
    sequence, every meld."""
    life = 0
    for t, n, _p in melds:
        if t is not None:
            life = LIFE_NEXT[life][life_column(t, n)]
    if lives_ok(life, spare, opts):
        return [False] * len(melds)
    pures = [i for i, (t, _n, _p) in enumerate(melds) if t in (PURE, TANALA)]
    free = max(pures, key=lambda i: melds[i][2]) if pures else None
    return [t is not None and i != free for i, (t, _n, _p) in enumerate(melds)]
