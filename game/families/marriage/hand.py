"""Indian Marriage (RULES.md §6): dublees, seeing the tiplu and winning shows.

Pure Python (no pygame, numpy or threads) so it also runs in the browser.
The cards and melds are in ``melds.py``, the arrangement search in
``arrange.py``; this module names them too, for the callers that know a
hand's logic as one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from game.engine.cards import Card
from game.families.marriage.arrange import (
    best_arrangement,
    display_order,
    meld_all,
    natural_meld_value,
)
from game.families.marriage.melds import (
    DIRTY_SEQUENCE,
    DIRTY_TRIAL,
    NATURAL_PURE,
    NKINDS,
    PURE_SEQUENCE,
    ROUTES,
    TRIAL,
    TUNNELA,
    Arrangement,
    MarriageMeld,
    classify_meld,
    is_natural_pure,
    jhiplu,
    marriage_wilds,
    poplu,
    tiplu_kind,
)

__all__ = [
    "DIRTY_SEQUENCE", "DIRTY_TRIAL", "NATURAL_PURE", "NKINDS", "PURE_SEQUENCE", "ROUTES",
    "TRIAL", "TUNNELA", "Arrangement", "MarriageMeld", "SeeResult", "ShowResult",
    "best_arrangement", "can_see", "choose_pures", "classify_meld", "count_dublees",
    "display_order", "dublee_pairs", "has_natural_pures", "is_natural_pure", "jhiplu",
    "marriage_wilds", "meld_all", "pick", "poplu", "richest_show", "tiplu_kind",
    "tunnela_choices", "winning_show",
]


# ------------------------------------------------------------ dublees
def dublee_pairs(cards: Iterable[Card]) -> list[tuple[Card, Card]]:
    """Pairs of identical cards; three identical give one dublee (RULES §6).
    Two printed jokers are a dublee; a wild card pairs only as itself."""
    by_kind: dict[int, list[Card]] = {}
    for card in sorted(cards, key=lambda x: x.uid):
        by_kind.setdefault(card.kind, []).append(card)
    pairs = []
    for kind in sorted(by_kind):
        same = by_kind[kind]
        pairs.extend((same[i], same[i + 1]) for i in range(0, len(same) - 1, 2))
    return pairs


def count_dublees(cards: Iterable[Card]) -> int:
    return len(dublee_pairs(cards))


# ------------------------------------------------------------ seeing
@dataclass(frozen=True)
class SeeResult:
    """How a player may see the tiplu: the groups to lay down from the hand
    (3-card natural pure melds, or 2-card dublees) for ``route``."""

    route: str  # "sequences" or "dublees"
    groups: tuple[tuple[Card, ...], ...]


def _exposed(exposed: int | Sequence[Sequence[Card]]) -> tuple[int, list[tuple[Card, ...]]]:
    """Exposed tunnelas as (count, groups); a bare count carries no cards."""
    if isinstance(exposed, int):
        if exposed < 0:
            raise ValueError("a negative number of exposed tunnelas")
        return exposed, []
    groups = [tuple(g) for g in exposed]
    for g in groups:
        if classify_meld(g, frozenset()) != TUNNELA:
            raise ValueError(f"an exposed group is not a tunnela: {' '.join(map(str, g))}")
    return len(groups), groups


def _pure_melds(cards: Sequence[Card]) -> list[tuple[int, ...]]:
    """Every natural pure meld (as kinds) the cards can make."""
    c = [0] * NKINDS
    for card in cards:
        c[card.kind] += 1
    out = []
    for k in range(NKINDS):
        if c[k] >= 3:
            out.append((k, k, k))
        if k < 52:
            s, r = divmod(k, 13)
            if r <= 10 and c[k] and c[k + 1] and c[k + 2]:
                out.append((k, k + 1, k + 2))
            if r == 0 and c[k] and c[k + 11] and c[k + 12]:
                out.append((k, k + 11, k + 12))
    return out


def choose_pures(cards: Sequence[Card], need: int, limit: int = 400) -> list[list[tuple]]:
    """Distinct choices (by kind) of ``need`` disjoint natural pure melds."""
    melds = _pure_melds(cards)
    c = [0] * NKINDS
    for card in cards:
        c[card.kind] += 1
    found: list[list[tuple]] = []

    def rec(start: int, chosen: list[tuple]) -> None:
        if len(found) >= limit:
            return
        if len(chosen) == need:
            found.append(list(chosen))
            return
        for i in range(start, len(melds)):
            m = melds[i]
            if all(c[x] >= m.count(x) for x in m):
                for x in m:
                    c[x] -= 1
                chosen.append(m)
                rec(i, chosen)
                chosen.pop()
                for x in m:
                    c[x] += 1

    rec(0, [])
    return found


def has_natural_pures(cards: Sequence[Card], need: int) -> bool:
    """Whether ``cards`` hold ``need`` disjoint natural pure melds (tunnelas or
    pure sequences).  Cheap (it stops at the first choice found): the engine
    asks it to offer seeing in ``legal_actions``."""
    return need <= 0 or bool(choose_pures(cards, need, limit=1))


def pick(pool: list[Card], kinds: Sequence[int]) -> tuple[Card, ...]:
    """Remove and return physical cards of these kinds from ``pool``."""
    got = []
    for x in kinds:
        i = next(i for i, card in enumerate(pool) if card.kind == x)
        got.append(pool.pop(i))
    return tuple(got)


def can_see(cards: Sequence[Card], exposed: int | Sequence[Sequence[Card]] = 0,
            dublees: bool = True) -> SeeResult | None:
    """Whether an unseen player may see the tiplu now, and with what.

    Route "sequences": three natural pure melds (tunnela or pure sequence; no
    wild cards, the player does not know them), tunnelas exposed before the
    first turn counting toward the three.  Among several choices, the one
    that leaves the rest of the hand with the most cards in natural melds.
    Route "dublees" (only if ``dublees``; the engine applies the
    ``dublee_route`` option): seven dublees, each exposed tunnela counting as
    one (three identical cards give one dublee).  Sequences are tried first.
    """
    n_exp, _ = _exposed(exposed)
    need = max(0, 3 - n_exp)
    choices = choose_pures(cards, need)
    if choices:
        best_choice, best_v = None, -1
        for choice in choices:
            rest = list(cards)
            for m in choice:
                pick(rest, m)
            v = natural_meld_value(rest)
            if v > best_v:
                best_choice, best_v = choice, v
        pool = list(cards)
        groups = tuple(display_order(pick(pool, m)) for m in best_choice)
        return SeeResult("sequences", groups)
    if dublees:
        pairs = dublee_pairs(cards)
        need_d = max(0, 7 - n_exp)
        if len(pairs) >= need_d:
            return SeeResult("dublees", tuple(pairs[:need_d]))
    return None


# ------------------------------------------------------------ winning
@dataclass(frozen=True)
class ShowResult:
    """A valid winning show.  Route "sequences": ``melds`` are all seven (the
    laid-down and exposed ones first).  Route "dublees": ``dublees`` are the
    pairs (shown ones first) and ``free`` the other cards."""

    route: str
    melds: tuple[MarriageMeld, ...] = ()
    dublees: tuple[tuple[Card, ...], ...] = ()
    free: tuple[Card, ...] = ()

    @property
    def natural_pures(self) -> int:
        return sum(m.natural_pure for m in self.melds)


def winning_show(hand: Sequence[Card], wild: frozenset[int],
                 laid_down: Sequence[Sequence[Card]] = (),
                 exposed: int | Sequence[Sequence[Card]] = (),
                 route: str | None = "sequences", size: int = 21) -> ShowResult | None:
    """Judge a show on the player's cards alone, after the discard.

    ``hand``: the cards still in hand; ``laid_down``: the melds laid down to
    see (route "sequences") or the dublees shown (route "dublees");
    ``exposed``: the tunnelas exposed before the first turn (groups or a
    count); ``wild``: the player's wild kinds, empty if they have not seen.
    All together must be ``size`` (21) cards, else ValueError.

    "sequences": seven 3-card melds, at least three of them natural pure
    (laid-down and exposed ones count; the rest may come from the hand);
    the hand must meld exactly.  "dublees": eight dublees among all the
    cards (the shown ones, the hand, exposed tunnelas: three identical give
    one), the rest free.  ``route=None`` tries both, sequences first.
    """
    if route not in (*ROUTES, None):
        raise ValueError(f"unknown route {route!r}")
    laid, n_exp, exp_groups = _judged(hand, laid_down, exposed, size)
    if route in ("sequences", None):
        res = _show_sequences(hand, wild, laid, n_exp, exp_groups)
        if res is not None or route == "sequences":
            return res
    return _show_dublees(hand, laid, exp_groups, n_exp)


def _judged(hand, laid_down, exposed, size) -> tuple[list[tuple[Card, ...]], int, list]:
    """The laid-down groups, the exposed count and groups, once the cards
    are checked to number ``size``."""
    n_exp, exp_groups = _exposed(exposed)
    laid = [tuple(g) for g in laid_down]
    total = len(hand) + sum(len(g) for g in laid) + 3 * n_exp
    if total != size:
        raise ValueError(f"a show is judged on {size} cards, got {total}")
    return laid, n_exp, exp_groups


def _show_sequences(hand, wild, laid, n_exp, exp_groups, keep=()) -> ShowResult | None:
    """``keep``: tunnelas of the hand the show must hold (``richest_show``)."""
    table: list[MarriageMeld] = []
    for g in laid:
        name = classify_meld(g, wild)
        if name is None:
            if len(g) != 3:
                return None  # dublees shown: this player is on the dublee route
            raise ValueError(f"a laid-down group is no meld: {' '.join(map(str, g))}")
        table.append(MarriageMeld(g, name))
    table.extend(MarriageMeld(g, TUNNELA) for g in exp_groups)
    table.extend(MarriageMeld(tuple(g), TUNNELA) for g in keep)
    kept = {c.uid for g in keep for c in g}
    rest = [c for c in hand if c.uid not in kept]
    pures = sum(m.natural_pure for m in table) + n_exp - len(exp_groups)
    arr = meld_all(rest, wild, min_pure=max(0, 3 - pures))
    if arr is None:
        return None
    return ShowResult("sequences", melds=tuple(table) + arr.melds)


def tunnela_choices(hand: Sequence[Card]) -> list[tuple[tuple[Card, ...], ...]]:
    """Every choice of tunnelas the hand could show, as physical groups (the
    lowest-numbered copies first): none, each one alone, every mix.  Six
    printed jokers give up to two tunnelas of one kind."""
    by_kind: dict[int, list[Card]] = {}
    for card in sorted(hand, key=lambda x: x.uid):
        by_kind.setdefault(card.kind, []).append(card)
    per_kind = [[tuple(tuple(cs[3 * i:3 * i + 3]) for i in range(n))
                 for n in range(len(cs) // 3 + 1)]
                for _, cs in sorted(by_kind.items()) if len(cs) >= 3]
    return [tuple(g for part in mix for g in part) for mix in product(*per_kind)]


def richest_show(hand: Sequence[Card], wild: frozenset[int],
                 laid_down: Sequence[Sequence[Card]],
                 exposed: int | Sequence[Sequence[Card]],
                 worth: Callable[[tuple[tuple[Card, ...], ...]], int],
                 size: int = 21) -> ShowResult | None:
    """The valid "sequences" show whose tunnelas from the hand are worth
    most by ``worth`` (the settlement's maal when any tunnela shown earns
    the bonus, RULES §6), or None when the hand makes no show.

    Exact: every choice of tunnelas is ranked by its worth and the first
    one the rest of the hand melds around wins.  The show found may hold
    further tunnelas; that never lowers its worth as long as ``worth``
    never falls when a tunnela is added (maal keeps the split that pays
    most, so it does not), and a richer set would have been tried first.
    A search per choice: call it once per deal, never per move.
    """
    laid, n_exp, exp_groups = _judged(hand, laid_down, exposed, size)
    for keep in sorted(tunnela_choices(hand), key=worth, reverse=True):
        show = _show_sequences(hand, wild, laid, n_exp, exp_groups, keep)
        if show is not None:
            return show
    return None


def _show_dublees(hand, laid, exp_groups, n_exp) -> ShowResult | None:
    shown = [g for g in laid if len(g) == 2 and g[0].kind == g[1].kind]
    rest = [card for g in laid if g not in shown for card in g]
    pairs = dublee_pairs(list(hand) + rest + [card for g in exp_groups for card in g])
    if len(shown) + len(pairs) + (n_exp - len(exp_groups)) < 8:
        return None
    used = {card.uid for p in pairs for card in p}
    free = [card for card in list(hand) + rest + [x for g in exp_groups for x in g]
            if card.uid not in used]
    return ShowResult("dublees", dublees=tuple(shown) + tuple(pairs), free=tuple(free))
