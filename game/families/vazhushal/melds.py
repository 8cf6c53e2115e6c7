"""Vazhushal (Wipe), RULES.md §7: melds, the rules over a player's table
melds, and the wipe's conditions.  Pure Python (it also runs in the browser
build).

A meld on the table is a :class:`TableMeld` (its cards and what each
stands for); what cards make one meld, and each reading of them, is in
``readings.py``; which cards are wild, their values and the redeal rule in
``cards.py`` (all named here too, for this module's callers); the lay-down
search (stock-out scoring, going out) in ``laydown.py``.

Rule readings decided here (the seed is ``seeds/000_…`` , catsatcards):
  * Identical melds ("both melds containing the same number of cards and in
    the same ranks and suits") compare the kinds the cards *stand for*, so
    ``5S 6S 7S`` and ``5S JK 7S`` (joker as 6♠) are identical.
  * "at least one pure meld must always remain": any pure meld, sequence or
    set, as written ("the player must retain at least one pure meld"); the
    *first* meld must be a pure sequence.
  * Wipes (see :func:`wipe_plans`): the "new meld" holding the lowest card
    taken is made from the hand after the wipe, no table card in it; the pure
    sequence a player with no melds lays "while" wiping may use any card of
    the hand after the wipe outside that meld; "already has a pure sequence"
    (for a wild first upcard) means in hand before the wipe, or a pure
    sequence among the player's table melds.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from game.engine.cards import JOKER_KIND, Card
from game.engine.family import run_steps
from game.families.vazhushal.cards import (
    THREE_IN_A_ROW,
    WILD_LEFT_PENALTY,
    doubles_held,
    is_wild,
    kind_value,
    left_value,
    needs_redeal,
    negative_wilds,
    pairs_held,
    pos_kind,
    position_value,
    redeal_seats,
)
from game.families.vazhushal.readings import (
    SEQUENCE,
    SET,
    MeldReading,
    TableMeld,
    check_meld,
    meld_reason,
    pure_sequence_reading,
    readings,
    reason_not_meld,
)

__all__ = [
    "SEQUENCE", "SET", "THREE_IN_A_ROW", "WILD_LEFT_PENALTY", "MeldReading", "PureSequences",
    "TableMeld",
    "WipePlan", "check_meld", "check_table", "conservation_reason", "doubles_held",
    "find_wipe", "first_meld_reason", "has_pure_sequence", "identical_reason",
    "is_new_meld", "is_wild", "iter_wipe_plans", "kind_value", "left_value",
    "meld_reason", "needs_redeal", "negative_wilds", "pairs_held", "pos_kind",
    "position_value", "pure_kept_reason", "pure_sequence_in", "pure_sequence_reading",
    "pure_sequences_in", "readings", "reason_not_meld", "redeal_seats", "wipe_exists",
    "wipe_ok", "wipe_plans",
]

# --------------------------------------------------------- a player's melds


def has_pure_sequence(cards: Iterable[Card], wild: frozenset[int]) -> bool:
    """Whether the cards hold a pure sequence (three naturals in a row)."""
    return pure_sequence_in(cards, wild) is not None


def pure_sequence_in(cards: Iterable[Card], wild: frozenset[int]) -> TableMeld | None:
    """The most valuable 3-card pure sequence in ``cards`` (wild kinds used as
    themselves), or None."""
    found = pure_sequences_in(cards, wild)
    return found[0] if found else None


def pure_sequences_in(cards: Iterable[Card], wild: frozenset[int]) -> list[TableMeld]:
    """Every 3-card pure sequence the cards hold (one per window), most
    valuable first."""
    return list(PureSequences(cards).without(()))


class PureSequences:
    """The 3-card pure sequences of some cards, found once; ``without``
    lists those left when a few of the cards are taken away, as
    :func:`pure_sequences_in` would list them for the rest (a wipe tries
    many melds against the same hand)."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.by_kind: dict[int, list[Card]] = {}
        for c in cards:
            k = c.kind
            if k != JOKER_KIND:
                self.by_kind.setdefault(k, []).append(c)
        held = self.by_kind
        self.windows = [ks for ks in THREE_IN_A_ROW
                        if ks[0] in held and ks[1] in held and ks[2] in held]

    def without(self, gone: Iterable[Card]) -> Iterator[TableMeld]:
        """The sequences left without the cards ``gone``, most valuable first
        (each made of the first cards of its kinds still there)."""
        gone = set(gone)
        for ks in self.windows:
            picked = []
            for k in ks:
                card = next((c for c in self.by_kind[k] if c not in gone), None)
                if card is None:
                    break
                picked.append(card)
            else:
                yield TableMeld(tuple(picked), SEQUENCE, ks)


def first_meld_reason(before: Sequence[TableMeld], after: Sequence[TableMeld]) -> str | None:
    """A player's first meld must be a pure sequence: when they had no melds,
    what they lay must include one (it counts as laid first)."""
    if before or not after:
        return None
    if any(m.is_pure_sequence for m in after):
        return None
    return "your first meld must be a pure sequence"


def pure_kept_reason(after: Sequence[TableMeld]) -> str | None:
    """At least one pure meld must always remain among a player's melds."""
    if not after or any(m.pure for m in after):
        return None
    return "at least one of your melds must stay pure"


def identical_reason(melds: Sequence[TableMeld]) -> str | None:
    """No two identical melds (same kinds represented) for one player."""
    seen = set()
    for m in melds:
        if m.signature in seen:
            return "you may not have two identical melds"
        seen.add(m.signature)
    return None


def conservation_reason(before: Sequence[TableMeld], after: Sequence[TableMeld],
                        hand_used: Iterable[Card]) -> str | None:
    """After a turn the player's melds hold exactly the cards they held before
    plus the cards laid from hand, each once."""
    placed: list[Card] = [c for m in after for c in m.cards]
    if len(set(placed)) != len(placed):
        return "a card cannot be in two melds"
    had = {c for m in before for c in m.cards}
    used = list(hand_used)
    if len(set(used)) != len(used):
        return "a card from hand was laid twice"
    if had & set(used):
        return "a card on the table cannot also come from the hand"
    missing = had - set(placed)
    if missing:
        return "every card already melded must stay in your melds"
    if set(placed) != had | set(used):
        return "the melds must hold exactly your melded cards and the cards laid from hand"
    return None


def check_table(before: Sequence[TableMeld], after: Sequence[TableMeld],
                hand_used: Iterable[Card], wild: frozenset[int], *,
                all_wild: bool = False) -> str | None:
    """Validate a player's melds after laying and rearranging (RULES.md §7):
    every meld valid, no card lost or doubled, first meld a pure sequence,
    one pure meld kept, no identical melds.  None when fine, else why not.
    ``all_wild``: melds of wild cards only are allowed (the rule option;
    the first meld is still a pure sequence and one pure meld still kept)."""
    for m in after:
        reason = meld_reason(m, wild, all_wild=all_wild)
        if reason:
            return reason
    return (conservation_reason(before, after, hand_used)
            or first_meld_reason(before, after)
            or pure_kept_reason(after)
            or identical_reason(after))


def is_new_meld(meld: TableMeld, before: Sequence[TableMeld]) -> bool:
    """A meld made this turn: none of its cards was on the table before."""
    had = {c for m in before for c in m.cards}
    return not any(c in had for c in meld.cards)


# --------------------------------------------------------------------- wipe


@dataclass(frozen=True)
class WipePlan:
    """A new meld holding the lowest card taken, and the pure sequence laid
    with it when the player has not melded yet and the meld is not one."""

    meld: TableMeld
    pure_sequence: TableMeld | None = None


def _related(a: int, b: int, reach: int = 2) -> bool:
    """Two natural kinds that can share a meld of reach+1 cards."""
    if a % 13 == b % 13:
        return a != b
    if a // 13 != b // 13:
        return False
    ra, rb = a % 13 + 1, b % 13 + 1
    return any(0 < abs(x - y) <= reach for x in (ra, 14 if ra == 1 else ra)
               for y in (rb, 14 if rb == 1 else rb))


LONGEST = 13  # the longest meld: a sequence of every rank


def wipe_plans(lowest: Card, taken: Sequence[Card], hand: Sequence[Card], wild: frozenset[int],
               table: Sequence[TableMeld] = (), first_upcard_wild: bool = False, *,
               all_wild: bool = False) -> list[WipePlan]:
    """Every way (up to equivalent cards) to satisfy a wipe's conditions with a
    new meld of the fewest cards holding ``lowest`` (three, unless every such
    meld is identical to one of the player's), most valuable first.

    ``hand`` is the hand before the wipe, ``taken`` the cards wiped (``lowest``
    among them), ``table`` the player's melds.  Conditions (RULES.md §7):
      * the lowest card taken goes into a new meld this turn, made of cards
        from the hand after the wipe (a meld that takes no table card);
      * a player with no melds may wipe only to make a pure sequence, or
        while also laying a pure sequence (from the hand after the wipe,
        apart from that meld): the pure sequence is their first meld;
      * the first upcard, if wild, only to use it as itself in a pure
        sequence, or by a player who already has a pure sequence in hand
        (before the wipe) or on the table.
    A 3-card meld is enough to decide: any meld holding the card contains a
    3-card one that meets the same conditions (a pure sequence's 3 cards
    around it; a natural card with a wild one beside it), leaving more cards
    for the pure sequence.  Identical melds are checked against the table:
    when every meld of one size is identical to one of the player's, the
    next size is tried (a meld of n+1 cards holds one of n that meets the
    other conditions, so no size is skipped).  ``all_wild``: melds of wild
    cards only are allowed (the rule option)."""
    return run_steps(iter_wipe_plans(lowest, taken, hand, wild, table, first_upcard_wild,
                                     all_wild=all_wild))


def iter_wipe_plans(lowest: Card, taken: Sequence[Card], hand: Sequence[Card],
                    wild: frozenset[int], table: Sequence[TableMeld] = (),
                    first_upcard_wild: bool = False, every: int = 48, *,
                    all_wild: bool = False) -> Generator[None, None, list[WipePlan]]:
    """:func:`wipe_plans` as a generator that yields after every ``every``
    candidate melds (bots slice their thinking with it); the plans are its
    return value, the same list :func:`wipe_plans` gives."""
    holds_pure = has_pure_sequence(hand, wild) or any(m.is_pure_sequence for m in table)
    return (yield from _wipe_plans(lowest, list(hand) + list(taken), wild, bool(table),
                                   {m.signature for m in table},
                                   first_upcard_wild and not holds_pure, every,
                                   all_wild=all_wild))


def wipe_exists(lowest: Card, taken: Sequence[Card], hand: Sequence[Card],
                wild: frozenset[int], table: Sequence[TableMeld],
                first_upcard_wild: bool, accept: Callable[[WipePlan], bool], *,
                all_wild: bool = False) -> bool:
    """Whether some plan of :func:`wipe_plans` passes ``accept``, found by the
    same search stopped at the first such plan.  A player with no melds
    needs a pure sequence among the cards (the new meld, or the one laid
    with it): without one the search is not even started."""
    after = list(hand) + list(taken)
    if not table and not PureSequences(after).windows:
        return False
    holds_pure = has_pure_sequence(hand, wild) or any(m.is_pure_sequence for m in table)
    return bool(run_steps(_wipe_plans(lowest, after, wild, bool(table),
                                    {m.signature for m in table},
                                    first_upcard_wild and not holds_pure, 0, accept,
                                    all_wild=all_wild)))


def _wipe_plans(lowest: Card, after: list[Card], wild: frozenset[int], melded: bool,
                table_sigs: set, upcard_as_itself: bool, every: int = 0,
                accept: Callable[[WipePlan], bool] | None = None, *, all_wild: bool = False):
    """``upcard_as_itself``: the card may only be used as itself in a pure
    sequence.  Three cards are tried; one more only while every meld of the
    size tried was refused for being identical to another meld (a longer one
    may differ: 5-6-7-8-9♠ beside the player's 5-6-7♠ and 5-6-7-8♠), so the
    longer sizes cost nothing in the usual case.  A generator (yielding every
    ``every`` candidates; 0: never) returning the plans.  With ``accept`` the
    search stops at the first plan it accepts and returns only that one ([]
    when it accepts none): an existence test that follows the same steps."""
    plans: dict[tuple, WipePlan] = {}
    for size in range(3, min(LONGEST, len(after)) + 1):
        clash, found = yield from _wipe_melds(lowest, after, wild, melded, table_sigs,
                                              upcard_as_itself, size, plans, every, accept,
                                              all_wild)
        if found is not None:
            return [found]
        if plans or not clash:
            break
    if accept is not None:
        return []
    return sorted(plans.values(), key=lambda p: (-p.meld.value, not p.meld.pure))


def _wipe_melds(lowest, after, wild, melded, table_sigs, upcard_as_itself, size,
                plans, every=0, accept=None, all_wild=False):
    """Add the plans whose new meld has ``size`` cards.  Returns (True when
    some meld was refused only for being identical to another, the first
    plan ``accept`` took, if it took one: the search stops there)."""
    slots: list[Card] = []
    count: dict[int, int] = {}
    low, low_kind = lowest.uid, lowest.kind
    # a natural lowest card shares the meld only with wild cards and cards
    # related to it (of its suit alone past four cards: no set is that
    # long): the rest could never pass the test below, so leaving them out
    # keeps the same candidates in the same order, far fewer tried.  One
    # card of a natural kind is enough (a meld never holds two), up to
    # size-1 of a wild one; later copies only repeated candidates, the first
    # cards kept, so the candidates and their order are the same.
    low_wild = is_wild(low_kind, wild)
    for card in after:
        k = card.kind
        k_wild = is_wild(k, wild)
        if card.uid != low and count.get(k, 0) < (size - 1 if k_wild else 1):
            count[k] = count.get(k, 0) + 1
            if low_wild or k_wild or (_related(low_kind, k, size - 1)
                                      and (size <= 4 or k // 13 == low_kind // 13)):
                slots.append(card)
    clash = False
    seen: set[tuple[int, ...]] = set()
    tried = 0
    pures = None if melded else PureSequences(after)
    low_fixed = () if is_wild(lowest.kind, wild) else (lowest.kind,)
    slot_kinds = [c.kind for c in slots]
    slot_fixed = [not is_wild(k, wild) for k in slot_kinds]
    for idx in combinations(range(len(slots)), size - 1):
        key = tuple(sorted(slot_kinds[i] for i in idx))
        if key in seen:
            continue
        seen.add(key)
        fixed = low_fixed + tuple(slot_kinds[i] for i in idx if slot_fixed[i])
        if not all(_related(a, b, size - 1) for a, b in combinations(fixed, 2)):
            continue  # cannot be one meld: skip the readings
        cards = (lowest, *(slots[i] for i in idx))
        tried += 1
        if every and tried % every == 0:
            yield
        rest = None
        for r in readings(cards, wild, all_wild=all_wild):
            pure_seq = r.is_pure_sequence
            if upcard_as_itself and not pure_seq:
                continue
            if r.signature in table_sigs:
                clash = True
                continue
            extra = None
            if not melded and not pure_seq:
                if rest is None:
                    rest = list(pures.without(cards))
                if not rest:
                    continue
                extra = next((p for p in rest if p.signature != r.signature), None)
                if extra is None:
                    clash = True
                    continue
            plan_key = (r.signature, r.pure, extra.signature if extra else None)
            if plan_key not in plans:
                plan = plans[plan_key] = WipePlan(r, extra)
                if accept is not None and accept(plan):
                    return clash, plan
    return clash, None


def find_wipe(lowest: Card, taken: Sequence[Card], hand: Sequence[Card], wild: frozenset[int],
              table: Sequence[TableMeld] = (), first_upcard_wild: bool = False, *,
              all_wild: bool = False) -> WipePlan | None:
    """The most valuable plan of :func:`wipe_plans`, or None when the wipe is illegal."""
    plans = wipe_plans(lowest, taken, hand, wild, table, first_upcard_wild, all_wild=all_wild)
    return plans[0] if plans else None


def wipe_ok(lowest: Card, taken: Sequence[Card], hand: Sequence[Card], wild: frozenset[int],
            table: Sequence[TableMeld] = (), first_upcard_wild: bool = False, *,
            all_wild: bool = False) -> str | None:
    """None when the wipe is legal, else why not (for the player)."""
    if lowest not in taken:
        return "the lowest card taken must be one of the cards wiped"
    if wipe_plans(lowest, taken, hand, wild, table, first_upcard_wild, all_wild=all_wild):
        return None
    # name the condition that fails first
    after = list(hand) + list(taken)
    if not run_steps(_wipe_plans(lowest, after, wild, True, set(), False, all_wild=all_wild)):
        return f"the {lowest} you take must go into a new meld this turn, and it makes none"
    holds_pure = has_pure_sequence(hand, wild) or any(m.is_pure_sequence for m in table)
    if (first_upcard_wild and not holds_pure
            and not run_steps(_wipe_plans(lowest, after, wild, True, set(), True,
                                          all_wild=all_wild))):
        return ("the first upcard is wild: take it only to use it as itself in a pure "
                "sequence, or once you have a pure sequence")
    if not table:
        return ("before your first meld you may wipe only to make a pure sequence, "
                "or while also laying a pure sequence")
    return "the only meld it makes would be identical to one of yours"
