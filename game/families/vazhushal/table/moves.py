"""Vazhushal's moves as the table builds them from a person's taps and drags
(RULES.md §7).  No pygame: each function turns "these cards, there" into the
engine's actions, best first, and the table plays the first one the engine
accepts (``try_plan``), or the best with the engine's reason when it accepts
none.  The engine stays the judge; nothing here decides a rule.

- A new meld: cards from the hand (``LayMeld``), or with cards taken from
  the player's own melds (``Arrange``: those melds read again without them).
- Onto a meld: one card from the hand is a ``LayOff`` (the engine reads the
  meld); several cards, or cards moved from another meld, an ``Arrange``.
- A wipe: ``Wipe(card, meld, pure)`` from the engine's own plans
  (``wipe_plans``: every 3-card meld the wipe allows, most valuable first;
  longer ones when those are identical to the player's melds), or the meld
  made of the lowest card and the cards the player raised, or else an
  engine's plan holding the raised cards (it may add cards of the line).

Which reading of a meld is tried first: the reading the meld had (a lay-off
keeps a sequence a sequence, a pure meld pure), then the most valuable; a
player's first meld a pure sequence first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from game.engine import Action, Card
from game.families.vazhushal.actions import Arrange, LayMeld, LayOff, Position, Wipe
from game.families.vazhushal.melds import (
    TableMeld,
    WipePlan,
    pure_sequences_in,
    readings,
    reason_not_meld,
    wipe_plans,
)

MOST_TRIED = 24  # candidate actions tried at most for one move (each is one engine check)


@dataclass(frozen=True)
class Plan:
    """The actions that would make a move, best first; or why none can."""

    actions: tuple[Action, ...] = ()
    reason: str | None = None


def order_readings(options: Sequence[TableMeld], old: TableMeld | None = None,
                   first: bool = False) -> list[TableMeld]:
    """``options`` best first: like ``old`` (same kind, pure if it was), or a
    pure sequence for a first meld, then the most valuable."""
    if old is not None:
        return sorted(options, key=lambda r: (r.kind != old.kind, old.pure and not r.pure,
                                              -r.value))
    if first:
        return sorted(options, key=lambda r: (not r.is_pure_sequence, -r.value, not r.pure))
    return sorted(options, key=lambda r: (-r.value, not r.pure))


def meld_readings(cards: Sequence[Card], wild: frozenset[int], old: TableMeld | None = None,
                  first: bool = False, all_wild: bool = False) -> list[TableMeld]:
    """``readings`` best first (``all_wild``: the rule option allowing melds
    of wild cards only)."""
    return order_readings(readings(tuple(cards), wild, all_wild=all_wild), old, first)


def _why_not(cards: Sequence[Card], pos: Position) -> str:
    return (reason_not_meld(tuple(cards), pos.wild, all_wild=pos.all_wild)
            or "those cards make no meld")


def _restricted(meld: TableMeld, rest: Sequence[Card]) -> TableMeld:
    """``meld``'s own reading of the cards of it that stay (for the engine to
    judge, and say why not, when they make no meld)."""
    keep = set(rest)
    pairs = [(c, k) for c, k in zip(meld.cards, meld.stands_for, strict=True) if c in keep]
    return TableMeld(tuple(c for c, _ in pairs), meld.kind, tuple(k for _, k in pairs))


def _without(pos: Position, table_cards: Sequence[Card], keep: int | None = None):
    """The player's melds that lose some of ``table_cards``: a list of
    (index, readings of what is left, best first; [] when all of it moved).
    What is left that makes no meld keeps its old reading, so the engine
    refuses the move with its reason."""
    gone = set(table_cards)
    changed = []
    for i, m in enumerate(pos.melds):
        if i == keep or not gone & set(m.cards):
            continue
        rest = [c for c in m.cards if c not in gone]
        if not rest:
            changed.append((i, []))
            continue
        options = meld_readings(rest, pos.wild, old=m, all_wild=pos.all_wild)
        changed.append((i, options[:3] or [_restricted(m, rest)]))
    return changed


def _arrangements(pos: Position, changed, target: int | None, target_options,
                  new_options) -> tuple[Action, ...]:
    """Every combination of the changed melds' readings (best first), as
    ``Arrange`` actions; ``target`` is the meld that grows (its options), or
    a new meld is appended (``new_options``)."""
    slots = [opts or [None] for _, opts in changed]
    grow = target_options[:4] if target is not None else new_options[:4]
    combos = sorted(product(range(len(grow)), *(range(len(s)) for s in slots)),
                    key=lambda ix: (sum(ix), ix))
    out = []
    for ix in combos[:MOST_TRIED]:
        melds = list(pos.melds)
        for (i, _), opts, k in zip(changed, slots, ix[1:], strict=True):
            melds[i] = opts[k]
        if target is not None:
            melds[target] = grow[ix[0]]
            out.append(Arrange(tuple(m for m in melds if m is not None)))
        else:
            out.append(Arrange(tuple(m for m in melds if m is not None) + (grow[ix[0]],)))
    return tuple(out)


def new_meld(pos: Position, hand_cards: Sequence[Card], table_cards: Sequence[Card] = ()) -> Plan:
    """A new meld of ``hand_cards`` and ``table_cards`` (moved out of the
    player's own melds)."""
    cards = list(table_cards) + list(hand_cards)
    if not cards:
        return Plan(reason="raise the cards of the new meld first (tap them)")
    options = meld_readings(cards, pos.wild, first=not pos.melds, all_wild=pos.all_wild)
    if not options:
        return Plan(reason=_why_not(cards, pos))
    if not table_cards:
        return Plan(tuple(LayMeld(r) for r in options[:MOST_TRIED]))
    return Plan(_arrangements(pos, _without(pos, table_cards), None, [], options))


def onto_meld(pos: Position, index: int, hand_cards: Sequence[Card],
              table_cards: Sequence[Card] = ()) -> Plan:
    """``hand_cards`` laid off onto meld ``index`` and ``table_cards`` moved
    there from the player's other melds."""
    if not 0 <= index < len(pos.melds):
        return Plan(reason=f"you have no meld {index + 1}")
    table_cards = [c for c in table_cards if c not in pos.melds[index].cards]
    if not hand_cards and not table_cards:
        return Plan(reason="those cards are already in that meld")
    if len(hand_cards) == 1 and not table_cards:
        return Plan((LayOff(hand_cards[0], index),))  # the engine reads the meld
    old = pos.melds[index]
    cards = old.cards + tuple(table_cards) + tuple(hand_cards)
    options = meld_readings(cards, pos.wild, old=old, all_wild=pos.all_wild)
    if not options:
        return Plan(reason=_why_not(cards, pos))
    return Plan(_arrangements(pos, _without(pos, table_cards, keep=index), index, options, []))


def out_of_melds(pos: Position, table_cards: Sequence[Card]) -> Plan:
    """Table cards taken back to the hand: the engine refuses it (every
    melded card stays melded) and says so in its own words.  The melds they
    leave go whole, so that rule, not a short meld, is what it names."""
    gone = set(table_cards)
    return Plan((Arrange(tuple(m for m in pos.melds if not gone & set(m.cards))),))


# ------------------------------------------------------------------ wipes
def _wilds(meld: TableMeld) -> int:
    return sum(c.kind != k for c, k in zip(meld.cards, meld.stands_for, strict=True))


def _natural_for_wild(plan: WipePlan, pool: Sequence[Card]) -> WipePlan:
    """``plan`` with each wild card that stands in for a card the player
    holds (or takes) replaced by that natural card: the same meld, a wild
    card kept.  (The engine's plans are one per meld read, whichever cards
    made it first.)"""
    meld = plan.meld
    used = set(meld.cards) | (set(plan.pure_sequence.cards) if plan.pure_sequence else set())
    cards = list(meld.cards)
    for i, (c, k) in enumerate(zip(meld.cards, meld.stands_for, strict=True)):
        if c.kind != k:
            natural = next((x for x in pool if x.kind == k and x not in used), None)
            if natural is not None:
                used.add(natural)
                cards[i] = natural
    if cards == list(meld.cards):
        return plan
    return WipePlan(TableMeld(tuple(cards), meld.kind, meld.stands_for), plan.pure_sequence)


def wipe_plans_from(pos: Position, index: int) -> list[WipePlan]:
    """The engine's plans for wiping from line card ``index`` (its fewest-card
    melds holding that card); [] when it allows none.  Offered to a person
    plainest first: no pure sequence laid alongside, a pure meld, fewer wild
    cards spent (a natural card held stands for itself rather than a joker
    standing for it), then the most valuable (the engine alone takes the
    most valuable, which may spend a joker and lay more than the wipe needs)."""
    if not 0 <= index < len(pos.line):
        return []
    card = pos.line[index]
    taken = pos.line[index:]
    plans = wipe_plans(card, taken, pos.hand, pos.wild, pos.melds, pos.first_upcard_wild(index),
                       all_wild=pos.all_wild)
    pool = list(pos.hand) + list(taken)
    out, seen = [], set()
    for plan in [_natural_for_wild(p, pool) for p in plans] + plans:
        key = (tuple(c.uid for c in plan.meld.cards), plan.meld.stands_for,
               plan.pure_sequence.signature if plan.pure_sequence else None)
        if key not in seen:
            seen.add(key)
            out.append(plan)
    return sorted(out, key=lambda p: (p.pure_sequence is not None, not p.meld.pure,
                                      _wilds(p.meld), -p.meld.value))


def plan_wipe(plan: WipePlan, card: Card) -> Wipe:
    return Wipe(card, plan.meld, plan.pure_sequence)


def wipe_with(pos: Position, index: int, hand_cards: Sequence[Card]) -> Plan:
    """Wipe from ``index``, the lowest card going into a new meld with the
    raised ``hand_cards``; a player with no melds lays a pure sequence with
    it when that meld is not one.  When those melds may not be laid (say,
    identical to one of the player's), the engine's plans that hold every
    raised card come next: a card the meld needs may lie in the line, where
    a person cannot raise it (5♠ wiped under 9♠, 6-7-8♠ raised, beside the
    player's 5-6-7♠ and 5-6-7-8♠: only 5-9♠ may be laid)."""
    card = pos.line[index]
    raised = [c for c in hand_cards if c != card]
    cards = [card] + raised
    options = meld_readings(cards, pos.wild, first=not pos.melds, all_wild=pos.all_wild)
    out: list[Action] = []
    after = list(pos.hand) + list(pos.line[index:])
    for r in options[:6]:
        out.append(Wipe(card, r))
        if not pos.melds and not r.is_pure_sequence:
            rest = [c for c in after if c not in r.cards]
            out += [Wipe(card, r, p) for p in pure_sequences_in(rest, pos.wild)[:3]]
    longer = [Wipe(card, p.meld, p.pure_sequence) for p in
              (_holding(plan, raised) for plan in wipe_plans_from(pos, index)) if p]
    out += [w for w in longer if w not in out]
    if not out:
        return Plan(reason=f"the {card} and the cards you raised make no meld: "
                           + _why_not(cards, pos))
    return Plan(tuple(out[:MOST_TRIED]))


def _holding(plan: WipePlan, raised: Sequence[Card]) -> WipePlan | None:
    """``plan`` with the ``raised`` cards in its new meld, each in the place
    of a card of its kind (the engine's plans are one per meld read, whichever
    copies made it first), or None when the meld lacks one of their kinds."""
    cards = list(plan.meld.cards)
    pure = list(plan.pure_sequence.cards) if plan.pure_sequence else []
    for c in raised:
        if c in cards:
            continue
        i = next((j for j, x in enumerate(cards) if x.kind == c.kind and x not in raised), None)
        if i is None:
            return None
        if c in pure:  # the copy it replaces takes its place in the pure sequence
            pure[pure.index(c)] = cards[i]
        cards[i] = c
    meld = TableMeld(tuple(cards), plan.meld.kind, plan.meld.stands_for)
    seq = plan.pure_sequence
    return WipePlan(meld, None if seq is None else TableMeld(tuple(pure), seq.kind,
                                                             seq.stands_for))
