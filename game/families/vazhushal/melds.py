"""Vazhushal (Wipe), RULES.md §7: cards, melds and the rules over a player's
table melds.  Pure Python (it also runs in the browser build).

Wild cards.  The *negative joker* is the card cut after the deal; every card
of its rank in the opposite colour is wild, and printed jokers are always
wild.  A ``wild`` argument everywhere is the frozenset of *designated* wild
kinds (0..51) from :func:`negative_wilds`; printed jokers (``JOKER_KIND``) are
wild whatever it holds, as in the 13-card solver.

Melds live on the table, so a meld is a concrete object: :class:`TableMeld`
holds the physical cards and, card by card, the kind each one *stands for*
(its own kind for a natural card).  The value of a meld at a stock-out and its
purity both depend on that reading, so the reading is part of the meld rather
than recomputed: ``2S 3S 4S`` with 2♠ wild is a pure sequence worth 9 read as
itself, or an impure 3-4-5 worth 12 with the 2♠ standing for 5♠, and the
player (or the search) picks one.

The lay-down search (stock-out scoring, going out) is in
``vazhushal_laydown``; this module holds the meld rules, the rules over a
player's melds, the wipe conditions and the redeal rule.

Rule readings decided here (the seed is ``seeds/000_…`` , catsatcards):
  * A printed joker cut as the negative joker makes no designated wild card:
    "All cards in the deck, which are of the same rank, but of opposite color
    are considered wild" -- a printed joker has neither rank nor colour, so
    only the printed jokers are wild in that deal.
  * "at least one card in every meld stands as itself": a designated wild card
    used as itself counts ("if one of the cards in the meld is a wild card
    (not an actual printed Joker) that is used to represent itself ..., that
    card is considered a natural card"), so ``7S JK JK`` with 7♠ wild is a
    valid (impure) meld when the 7♠ is read as 7♠.
  * Identical melds ("both melds containing the same number of cards and in
    the same ranks and suits") compare the kinds the cards *stand for*, so
    ``5S 6S 7S`` and ``5S JK 7S`` (joker as 6♠) are identical.
  * "at least one pure meld must always remain": any pure meld, sequence or
    set, as written ("the player must retain at least one pure meld"); the
    *first* meld must be a pure sequence.
  * Three pairs: a rank held n times gives n // 2 pairs (four 7s are two
    pairs, three 7s one); printed jokers have no rank and make no pair.
    ``doubles_held`` counts pagat's "doubles" (identical cards) the same way;
    the family's ``redeal_pairs`` option chooses (``vazhushal.py``).
  * Wipes (see :func:`wipe_plans`): the "new meld" holding the lowest card
    taken is made from the hand after the wipe, no table card in it; the pure
    sequence a player with no melds lays "while" wiping may use any card of
    the hand after the wipe outside that meld; "already has a pure sequence"
    (for a wild first upcard) means in hand before the wipe, or a pure
    sequence among the player's table melds.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from game.engine.cards import JOKER_KIND, Card, kind_text

SEQUENCE = "sequence"
SET = "set"
WILD_LEFT_PENALTY = 20  # a wild card left in hand at a stock-out, whatever its face


# ------------------------------------------------------------------ wild cards


def negative_wilds(cut_kind: int) -> frozenset[int]:
    """Designated wild kinds for a negative joker of kind ``cut_kind``: its rank
    in the two suits of the other colour (cut 7♥ -> 7♠ and 7♣).  A printed
    joker cut gives none (only the printed jokers are wild then).  The cut
    card's own kind is not wild: it lies under the stock, and a second deck's
    copy of it is a plain card."""
    if cut_kind == JOKER_KIND:
        return frozenset()
    red = cut_kind // 13 in (1, 2)  # hearts, diamonds
    suits = (0, 3) if red else (1, 2)
    return frozenset(s * 13 + cut_kind % 13 for s in suits)


def is_wild(kind: int, wild: frozenset[int]) -> bool:
    """A printed joker, or a designated wild kind."""
    return kind == JOKER_KIND or kind in wild


# ---------------------------------------------------------------------- values


def kind_value(kind: int) -> int:
    """Stock-out value of a card standing as ``kind``: A K Q J 10 = 10, others
    face value."""
    rank = kind % 13 + 1
    return 10 if rank == 1 or rank >= 10 else rank


def position_value(pos: int) -> int:
    """Value of a sequence position 1..14 (1 = Ace low, 14 = Ace high)."""
    return 10 if pos == 1 or pos >= 10 else pos


def left_value(card: Card, wild: frozenset[int]) -> int:
    """What a card left in hand costs at a stock-out: 20 for any wild card
    (printed or designated, whatever its face), else its value."""
    if is_wild(card.kind, wild):
        return WILD_LEFT_PENALTY
    return kind_value(card.kind)


def pos_kind(suit: int, pos: int) -> int:
    """Kind of sequence position ``pos`` (1..14) in ``suit``."""
    return suit * 13 + (0 if pos == 14 else pos - 1)


# ----------------------------------------------------------------------- melds


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: physical cards and, for each, the kind it stands
    for (its own kind when it is natural).  Also the reading returned by
    :func:`check_meld`."""

    cards: tuple[Card, ...]
    kind: str  # SEQUENCE or SET
    stands_for: tuple[int, ...]

    @property
    def pure(self) -> bool:
        """No card stands in for another (a wild card used as itself is natural)."""
        return all(c.kind == k for c, k in zip(self.cards, self.stands_for, strict=True))

    @property
    def value(self) -> int:
        """Stock-out value: every card is worth what it stands for."""
        return sum(kind_value(k) for k in self.stands_for)

    @property
    def signature(self) -> tuple:
        """What makes two melds identical: the same kinds represented."""
        return (self.kind, tuple(sorted(self.stands_for)))

    @property
    def is_pure_sequence(self) -> bool:
        return self.kind == SEQUENCE and self.pure

    def __str__(self) -> str:
        parts = []
        for c, k in zip(self.cards, self.stands_for, strict=True):
            parts.append(str(c) if c.kind == k else f"{c}={kind_text(k)}")
        return ("pure " if self.pure else "") + f"{self.kind} [" + " ".join(parts) + "]"


MeldReading = TableMeld  # a reading of some cards is the meld they make


def _roles(cards: Sequence[Card], wild: frozenset[int]):
    """Every choice of which designated wild cards stand as themselves:
    yields (natural indices, wild indices)."""
    flex = [i for i, c in enumerate(cards) if c.kind != JOKER_KIND and c.kind in wild]
    fixed = [i for i, c in enumerate(cards) if c.kind != JOKER_KIND and c.kind not in wild]
    jokers = [i for i, c in enumerate(cards) if c.kind == JOKER_KIND]
    for roles in product((True, False), repeat=len(flex)):
        nat = sorted(fixed + [i for i, r in zip(flex, roles, strict=True) if r])
        wl = sorted(jokers + [i for i, r in zip(flex, roles, strict=True) if not r])
        yield nat, wl


def _sequence_windows(kinds: list[int], n: int):
    """Windows (suit, lo, hi) of n positions holding all these natural kinds."""
    suits = {k // 13 for k in kinds}
    if len(suits) != 1 or n > 13:
        return
    suit = suits.pop()
    ranks = [k % 13 + 1 for k in kinds]
    if len(set(ranks)) != len(ranks):
        return
    seen = set()
    for ace in (1, 14) if 1 in ranks else (1,):
        pos = [ace if r == 1 else r for r in ranks]
        lo_min = max(1, max(pos) - n + 1)
        lo_max = min(min(pos), 15 - n)
        for lo in range(lo_min, lo_max + 1):
            hi = lo + n - 1
            if (lo == 1 and hi == 14) or (lo, hi) in seen:
                continue
            seen.add((lo, hi))
            yield suit, lo, hi


def readings(cards: Sequence[Card], wild: frozenset[int]) -> list[TableMeld]:
    """Every valid reading of ``cards`` as one meld (one per distinct
    assignment of what the wild cards stand for; wild cards take the free
    places in the order given)."""
    cards = tuple(cards)
    n = len(cards)
    out: list[TableMeld] = []
    if n < 3:
        return out
    seen = set()
    for nat, wl in _roles(cards, wild):
        if not nat:
            continue  # never a meld of wild cards only
        kinds = [cards[i].kind for i in nat]
        for suit, lo, hi in _sequence_windows(kinds, n):
            own = {}
            for i in nat:
                r = cards[i].kind % 13 + 1
                own[14 if r == 1 and hi == 14 else r] = i
            free = [p for p in range(lo, hi + 1) if p not in own]
            sf = [0] * n
            for i in own.values():
                sf[i] = cards[i].kind
            for i, p in zip(wl, free, strict=True):
                sf[i] = pos_kind(suit, p)
            _add(out, seen, cards, SEQUENCE, sf)
        ranks = {k % 13 for k in kinds}
        suits = [k // 13 for k in kinds]
        if n <= 4 and len(ranks) == 1 and len(set(suits)) == len(suits):
            r0 = ranks.pop()
            missing = [s for s in range(4) if s not in suits]
            for chosen in combinations(missing, len(wl)):
                sf = [0] * n
                for i in nat:
                    sf[i] = cards[i].kind
                for i, s in zip(wl, chosen, strict=True):
                    sf[i] = s * 13 + r0
                _add(out, seen, cards, SET, sf)
    return out


def _add(out, seen, cards, kind, sf) -> None:
    key = (kind, tuple(sf))
    if key not in seen:
        seen.add(key)
        out.append(TableMeld(cards, kind, tuple(sf)))


def check_meld(cards: Sequence[Card], wild: frozenset[int],
               prefer_pure: bool = False) -> TableMeld | None:
    """The reading of ``cards`` worth most (ties: pure, then sequence), or
    None when they make no meld.  ``prefer_pure`` takes a pure reading when
    there is one, whatever it is worth (a first meld, or the pure meld a
    player must keep): ``2S 3S 4S`` with 2♠ wild is 3-4-5 (12) by default,
    the pure 2-3-4 (9) with ``prefer_pure``."""
    best = None
    best_key = None
    for r in readings(cards, wild):
        key = (r.value, r.pure, r.kind == SEQUENCE)
        if prefer_pure:
            key = (r.pure, *key)
        if best_key is None or key > best_key:
            best, best_key = r, key
    return best


def pure_sequence_reading(cards: Sequence[Card], wild: frozenset[int]) -> TableMeld | None:
    """The cards read as a pure sequence (every card as itself), or None."""
    for r in readings(cards, wild):
        if r.is_pure_sequence:
            return r
    return None


def reason_not_meld(cards: Sequence[Card], wild: frozenset[int]) -> str | None:
    """Why ``cards`` make no meld (None when they do), for the player."""
    cards = tuple(cards)
    if check_meld(cards, wild) is not None:
        return None
    n = len(cards)
    if n < 3:
        return "a meld needs at least 3 cards"
    fixed = [c.kind for c in cards if not is_wild(c.kind, wild)]
    if not fixed:
        return "a meld needs at least one card standing as itself, not wild cards only"
    ranks = [k % 13 + 1 for k in fixed]
    suits = [k // 13 for k in fixed]
    if len(set(ranks)) == 1:
        if n > 4 and len(set(suits)) == 1 and len(fixed) > 1:
            return "a set has at most 4 cards, and a sequence cannot repeat a rank"
        if n > 4:
            return "a set has at most 4 cards"
        return "a set needs different suits"
    if len(set(suits)) != 1:
        return "a meld is one suit in sequence, or one rank in different suits"
    if len(set(ranks)) != len(ranks):
        return "a sequence cannot hold the same rank twice"
    if n > 13:
        return "a sequence has at most 13 cards"
    others = [r for r in ranks if r != 1]
    if 1 in ranks and any(r <= n for r in others) and any(r >= 15 - n for r in others):
        # it would fit only around the corner, e.g. K-A-2 or Q-JK-A-2
        return "the Ace may not sit in the middle of a sequence (no K-A-2)"
    return "not enough wild cards to fill the gaps of the sequence"


def meld_reason(meld: TableMeld, wild: frozenset[int]) -> str | None:
    """Why a concrete meld (cards and reading) is not valid, or None."""
    cards, sf = meld.cards, meld.stands_for
    if len(cards) != len(sf):
        return "every card of a meld needs a reading"
    if len(cards) < 3:
        return "a meld needs at least 3 cards"
    for c, k in zip(cards, sf, strict=True):
        if not 0 <= k < 52:
            return f"{c} must stand for a card"
        if k != c.kind and not is_wild(c.kind, wild):
            return f"{c} is not wild and can only stand for itself"
    if not any(c.kind == k for c, k in zip(cards, sf, strict=True)):
        return "a meld needs at least one card standing as itself, not wild cards only"
    ranks = [k % 13 + 1 for k in sf]
    suits = [k // 13 for k in sf]
    if meld.kind == SET:
        if len(set(ranks)) != 1:
            return "a set is one rank"
        if len(cards) > 4:
            return "a set has at most 4 cards"
        if len(set(suits)) != len(suits):
            return "a set needs different suits"
        return None
    if meld.kind != SEQUENCE:
        return f"no such meld kind: {meld.kind!r}"
    if len(set(suits)) != 1:
        return "a sequence is one suit"
    if len(set(ranks)) != len(ranks):
        return "a sequence cannot hold the same rank twice"
    for ace in (1, 14):
        pos = sorted(ace if r == 1 else r for r in ranks)
        if pos[-1] - pos[0] + 1 == len(pos):
            return None
    if 1 in ranks and 2 in ranks and 13 in ranks:
        return "the Ace may not sit in the middle of a sequence (no K-A-2)"
    return "a sequence is consecutive ranks"


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
    by_kind: dict[int, Card] = {}
    for c in cards:
        if c.kind != JOKER_KIND:
            by_kind.setdefault(c.kind, c)
    found = []
    for suit in range(4):
        for lo in range(1, 13):
            ks = [pos_kind(suit, p) for p in range(lo, lo + 3)]
            if all(k in by_kind for k in ks):
                value = sum(position_value(p) for p in range(lo, lo + 3))
                found.append((-value, suit, lo, ks))
    found.sort()
    return [TableMeld(tuple(by_kind[k] for k in ks), SEQUENCE, tuple(ks))
            for _, _, _, ks in found]


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
                hand_used: Iterable[Card], wild: frozenset[int]) -> str | None:
    """Validate a player's melds after laying and rearranging (RULES.md §7):
    every meld valid, no card lost or doubled, first meld a pure sequence,
    one pure meld kept, no identical melds.  None when fine, else why not."""
    for m in after:
        reason = meld_reason(m, wild)
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


def wipe_plans(lowest: Card, taken: Sequence[Card], hand: Sequence[Card], wild: frozenset[int],
               table: Sequence[TableMeld] = (), first_upcard_wild: bool = False) -> list[WipePlan]:
    """Every way (up to equivalent cards) to satisfy a wipe's conditions with a
    3-card new meld holding ``lowest``, most valuable first.

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
    for the pure sequence.  Identical melds are checked against the table."""
    return _finish(iter_wipe_plans(lowest, taken, hand, wild, table, first_upcard_wild))


def iter_wipe_plans(lowest: Card, taken: Sequence[Card], hand: Sequence[Card],
                    wild: frozenset[int], table: Sequence[TableMeld] = (),
                    first_upcard_wild: bool = False,
                    every: int = 48) -> Generator[None, None, list[WipePlan]]:
    """:func:`wipe_plans` as a generator that yields after every ``every``
    candidate melds (bots slice their thinking with it); the plans are its
    return value, the same list :func:`wipe_plans` gives."""
    holds_pure = has_pure_sequence(hand, wild) or any(m.is_pure_sequence for m in table)
    return (yield from _wipe_plans(lowest, list(hand) + list(taken), wild, bool(table),
                                   {m.signature for m in table},
                                   first_upcard_wild and not holds_pure, every))


def _finish(gen: Generator):
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value


def _wipe_plans(lowest: Card, after: list[Card], wild: frozenset[int], melded: bool,
                table_sigs: set, upcard_as_itself: bool, every: int = 0):
    """``upcard_as_itself``: the card may only be used as itself in a pure
    sequence.  Three cards are tried; four only when every 3-card meld found
    was refused for being identical to another meld (a longer one may differ).
    A generator (yielding every ``every`` candidates; 0: never) returning the
    plans."""
    plans: dict[tuple, WipePlan] = {}
    for size in (3, 4):
        clash = yield from _wipe_melds(lowest, after, wild, melded, table_sigs,
                                       upcard_as_itself, size, plans, every)
        if plans or not clash:
            break
    return sorted(plans.values(), key=lambda p: (-p.meld.value, not p.meld.pure))


def _wipe_melds(lowest, after, wild, melded, table_sigs, upcard_as_itself, size,
                plans, every=0):
    """Add the plans whose new meld has ``size`` cards; True when some meld
    was refused only for being identical to another."""
    slots: list[Card] = []  # up to size-1 cards of each kind are enough
    count: dict[int, int] = {}
    for card in after:
        if card != lowest and count.get(card.kind, 0) < size - 1:
            count[card.kind] = count.get(card.kind, 0) + 1
            slots.append(card)
    clash = False
    seen: set[tuple[int, ...]] = set()
    tried = 0
    for others in combinations(slots, size - 1):
        key = tuple(sorted(c.kind for c in others))
        if key in seen:
            continue
        seen.add(key)
        cards = (lowest, *others)
        fixed = [c.kind for c in cards if not is_wild(c.kind, wild)]
        if not all(_related(a, b, size - 1) for a, b in combinations(fixed, 2)):
            continue  # cannot be one meld: skip the readings
        tried += 1
        if every and tried % every == 0:
            yield
        rest = None
        for r in readings(cards, wild):
            pure_seq = r.is_pure_sequence
            if upcard_as_itself and not pure_seq:
                continue
            if r.signature in table_sigs:
                clash = True
                continue
            extra = None
            if not melded and not pure_seq:
                if rest is None:
                    rest = pure_sequences_in([c for c in after if c not in cards], wild)
                if not rest:
                    continue
                extra = next((p for p in rest if p.signature != r.signature), None)
                if extra is None:
                    clash = True
                    continue
            plan_key = (r.signature, r.pure, extra.signature if extra else None)
            if plan_key not in plans:
                plans[plan_key] = WipePlan(r, extra)
    return clash


def find_wipe(lowest: Card, taken: Sequence[Card], hand: Sequence[Card], wild: frozenset[int],
              table: Sequence[TableMeld] = (), first_upcard_wild: bool = False) -> WipePlan | None:
    """The most valuable plan of :func:`wipe_plans`, or None when the wipe is illegal."""
    plans = wipe_plans(lowest, taken, hand, wild, table, first_upcard_wild)
    return plans[0] if plans else None


def wipe_ok(lowest: Card, taken: Sequence[Card], hand: Sequence[Card], wild: frozenset[int],
            table: Sequence[TableMeld] = (), first_upcard_wild: bool = False) -> str | None:
    """None when the wipe is legal, else why not (for the player)."""
    if lowest not in taken:
        return "the lowest card taken must be one of the cards wiped"
    if wipe_plans(lowest, taken, hand, wild, table, first_upcard_wild):
        return None
    # name the condition that fails first
    after = list(hand) + list(taken)
    if not _finish(_wipe_plans(lowest, after, wild, True, set(), False)):
        return f"the {lowest} you take must go into a new meld this turn, and it makes none"
    holds_pure = has_pure_sequence(hand, wild) or any(m.is_pure_sequence for m in table)
    if (first_upcard_wild and not holds_pure
            and not _finish(_wipe_plans(lowest, after, wild, True, set(), True))):
        return ("the first upcard is wild: take it only to use it as itself in a pure "
                "sequence, or once you have a pure sequence")
    if not table:
        return ("before your first meld you may wipe only to make a pure sequence, "
                "or while also laying a pure sequence")
    return "the only meld it makes would be identical to one of yours"


# ------------------------------------------------------------------ redeal


def pairs_held(hand: Iterable[Card]) -> int:
    """Pairs of the same rank: a rank held n times gives n // 2 pairs; printed
    jokers have no rank."""
    counts: dict[int, int] = {}
    for c in hand:
        if c.kind != JOKER_KIND:
            counts[c.rank] = counts.get(c.rank, 0) + 1
    return sum(n // 2 for n in counts.values())


def doubles_held(hand: Iterable[Card]) -> int:
    """Doubles: pairs of *identical* cards (same rank and suit, from two
    decks), pagat's reading: a kind held n times gives n // 2; printed jokers
    make none (they have no rank or suit)."""
    counts: dict[int, int] = {}
    for c in hand:
        if c.kind != JOKER_KIND:
            counts[c.kind] = counts.get(c.kind, 0) + 1
    return sum(n // 2 for n in counts.values())


def needs_redeal(hands: Sequence[Iterable[Card]], players: int | None = None,
                 always: bool = False, identical: bool = False) -> bool:
    """Throw the deal in when a player holds three or more pairs; enforced with
    3+ players only, unless ``always`` (the rule option).  ``identical``
    counts pairs of identical cards (``doubles_held``) instead of pairs of a
    rank (``pairs_held``)."""
    players = len(hands) if players is None else players
    if players < 3 and not always:
        return False
    count = doubles_held if identical else pairs_held
    return any(count(h) >= 3 for h in hands)


def redeal_seats(hands: Sequence[Iterable[Card]], identical: bool = False) -> list[int]:
    """The seats whose hands hold three or more pairs (who must show them)."""
    count = doubles_held if identical else pairs_held
    return [s for s, h in enumerate(hands) if count(h) >= 3]
