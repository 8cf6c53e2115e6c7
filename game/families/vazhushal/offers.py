"""What a Vazhushal player is offered (RULES.md §7): the moves
``legal_actions`` lists on every step, and the longer list
``PlayerView.moves()`` adds when a bot asks for it.

Every move either list holds is one ``check`` accepts: each is found with
the rules' own functions (``actions.py``: ``table_reason``,
``lay_off_meld``, the wipe and go-out resolutions).

``legal_actions`` runs on every step of every simulation and frame, so its
offers stay cheap:

- a ``Wipe(card)`` is offered for the line cards that pass a count of the
  cards that could share a meld with it (``wipe_could_meld``), and then only
  when the engine can make that wipe: a search over those few cards that
  stops at the first meld it may lay (``wipe_possible``);
- ``GoOut()`` when a search bounded by ``OFFER_NODES`` finds the way (a way
  found within a bound is found by any larger one, so it is never refused),
  after a count of the cards with two possible meld-mates rules most hands
  out (``_may_go_out``);
- ``LayDown(keep)`` for each kind held: it never fails (it lays nothing
  when nothing raises the score).

``more_actions`` (behind ``PlayerView.moves()``) lists what is too much for
every step, bounded and in a fixed order, by kinds (copies of a card make
one move, not one each):

- ``LayMeld``: every new meld of the hand's cards, each reading of it;
- ``LayOff(card, index)`` for the reading the engine chooses, and
  ``LayOff(card, index, meld)`` for every other reading;
- ``Wipe(card, meld, pure)`` for every plan of each possible wipe (its
  3-card melds; longer ones when those are identical to the player's)
  other than the one the engine lays for ``Wipe(card)``;
- ``GoOut()`` when only a search past ``OFFER_NODES`` finds it.

``Arrange`` is never listed (every rearrangement of a table is far too
many); ``LayDown``, ``GoOut`` and ``Finish(True)`` are the engine's own
rearrangements.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from itertools import combinations

from game.engine.actions import Action, Phase
from game.engine.cards import JOKER_KIND, Card
from game.families.vazhushal.actions import (
    ENGINE_NODES,
    GoOut,
    LayDown,
    LayMeld,
    LayOff,
    Position,
    Wipe,
    _cards_from,
    _run,
    _with,
    iter_resolve_wipe,
    lay_off_meld,
    memo,
    resolve_go_out,
    table_reason,
)
from game.families.vazhushal.melds import (
    TableMeld,
    check_table,
    is_wild,
    readings,
    wipe_exists,
    wipe_plans,
)

# The search behind an offered ``GoOut()``, bounded so that a frame's worst
# case stays at a few milliseconds: the bots' own bound (``bots.GO_OUT_NODES``),
# so that the bots, which go out only when their search finds the way, find
# it offered, and ask the very question ``legal_actions`` asked (``memo``).
# In bot-played positions every go-out the unbounded search found was found
# within it; ``more_actions`` lists the others.
OFFER_NODES = 250
MOST_MELDS = 160  # new melds listed at most by ``more_actions`` (a fixed order)


# ------------------------------------------------------------------ wipes
def wipe_could_meld(pos: Position, index: int) -> bool:
    """Cheap: whether wiping from ``index`` leaves two cards that could sit in
    a meld with the lowest one (wild cards, or natural cards of its rank or
    suit near it) and a card for the discard.  No readings, no search; a
    wipe that fails it is impossible."""
    kinds = [c.kind for c in pos.hand] + [c.kind for c in pos.line[index + 1:]]
    return _partners_enough(pos.line[index].kind, kinds, pos.wild)


def _partners_enough(k: int, kinds: list[int], wild: frozenset[int]) -> bool:
    if len(kinds) < 3:  # two for the meld, one to discard
        return False
    if is_wild(k, wild):
        return True
    near = _NEAR[k]
    partners = 0
    for x in kinds:
        if x in near or is_wild(x, wild):
            partners += 1
            if partners >= 2:
                return True
    return False


def _near(a: int, b: int) -> bool:
    if a % 13 == b % 13:
        return a != b
    if a // 13 != b // 13:
        return False
    ra, rb = a % 13 + 1, b % 13 + 1
    return any(0 < abs(x - y) <= 2 for x in (ra, 14 if ra == 1 else ra)
               for y in (rb, 14 if rb == 1 else rb))


# the natural kinds near each kind: its rank in the other suits, its suit
# within two places (the Ace beside both the 2 and the King)
_NEAR = tuple(frozenset(b for b in range(52) if _near(a, b)) for a in range(52))


def wipe_possible(pos: Position, index: int, checked: bool = False) -> bool:
    """Exactly whether ``Wipe(pos.line[index])`` (the engine laying the meld)
    would be accepted: the search of ``iter_resolve_wipe``, stopped at the
    first plan that leaves a card to discard and keeps the table valid
    (``checked``: ``wipe_could_meld`` already said yes)."""
    if not checked and not wipe_could_meld(pos, index):
        return False
    taken = pos.line[index:]
    spare = len(pos.hand) + len(taken)

    def accept(plan) -> bool:
        laid = tuple(m for m in (plan.pure_sequence, plan.meld) if m is not None)
        if spare - sum(len(m.cards) for m in laid) < 1:
            return False
        return check_table(pos.melds, pos.melds + laid, [c for m in laid for c in m.cards],
                           pos.wild, all_wild=pos.all_wild) is None
    return wipe_exists(pos.line[index], taken, pos.hand, pos.wild, pos.melds,
                       pos.first_upcard_wild(index), accept, all_wild=pos.all_wild)


def wipe_offers(pos: Position) -> list[Wipe]:
    """``Wipe(card)`` for every line card the engine can wipe from, deepest
    first (remembered per position: a table asks every frame)."""
    def compute():
        hand = [c.kind for c in pos.hand]
        line = [c.kind for c in pos.line]
        return [Wipe(c) for i, c in enumerate(pos.line)
                if _partners_enough(line[i], hand + line[i + 1:], pos.wild)
                and wipe_possible(pos, i, checked=True)]
    return memo(("wipes", pos.key()), compute)


def iter_possible_wipes(pos: Position, every: int = 48) -> Generator[None, None, list]:
    """Every wipe the player may make now, as (``Wipe(card)``, the melds the
    engine would lay), deepest line card first; a generator for bots and the
    table's hints (its value is the list).  Each line card that passes the
    cheap test is judged in full."""
    out = []
    for i in range(len(pos.line)):
        if not wipe_could_meld(pos, i):
            continue
        action = Wipe(pos.line[i])
        laid, _ = yield from iter_resolve_wipe(pos, action, every, explain=False)
        if laid is not None:
            out.append((action, laid))
    return out


def possible_wipes(pos: Position) -> list:
    return _run(iter_possible_wipes(pos, 0))


def wipe_moves(pos: Position) -> list[Wipe]:
    """Each possible wipe with every other plan (``wipe_plans``) named: the moves a
    player choosing the meld could make besides the engine's choice."""
    out: list[Wipe] = []
    for action, laid in possible_wipes(pos):
        i = pos.index_of(action.card)
        chosen = Wipe(action.card, laid[-1], laid[0] if len(laid) > 1 else None)
        for plan in wipe_plans(action.card, pos.line[i:], pos.hand, pos.wild, pos.melds,
                               pos.first_upcard_wild(i), all_wild=pos.all_wild):
            named = Wipe(action.card, plan.meld, plan.pure_sequence)
            if named != chosen and _run(iter_resolve_wipe(pos, named, 0, explain=False))[0]:
                out.append(named)
    return out


# ----------------------------------------------------------- laying down
def lay_down_offers(pos: Position) -> list[LayDown]:
    """``LayDown(keep)`` for each kind held (it lays nothing when nothing
    raises the score, so it is never refused)."""
    if len(pos.hand) < 2 or (len(pos.hand) < 4 and not pos.melds):
        return []
    seen, out = set(), []
    for c in pos.hand:
        if c.kind not in seen:
            seen.add(c.kind)
            out.append(LayDown(c))
    return out


def go_out_offers(pos: Position) -> list[GoOut]:
    """``GoOut()`` when a search of ``OFFER_NODES`` nodes finds the way."""
    if not _may_go_out(pos):
        return []
    return [GoOut()] if resolve_go_out(pos, OFFER_NODES)[0] is not None else []


def _may_go_out(pos: Position) -> bool:
    """Cheap, and never False when going out is possible: every card but one
    must be melded, and a natural card sits in a meld only beside two cards
    that are wild or near it (its rank in another suit, its suit within two
    places), in hand or among the player's melds, which may be rearranged."""
    if len(pos.hand) < 4 and not (len(pos.hand) >= 2 and pos.melds):
        return False
    counts = [0] * 52
    wilds = 0
    for c in (*pos.hand, *(c for m in pos.melds for c in m.cards)):
        if is_wild(c.kind, pos.wild):
            wilds += 1
        else:
            counts[c.kind] += 1
    short = 0
    for c in pos.hand:
        k = c.kind
        if not is_wild(k, pos.wild) and wilds + sum(counts[x] for x in _NEAR[k]) < 2:
            short += 1
            if short > 1:
                return False
    return True


# ------------------------------------------------------------ table moves
def lay_meld_reason(pos: Position, meld: TableMeld) -> str | None:
    """Why ``meld`` (cards from hand) may not be laid now; None when it may."""
    if not _cards_from(pos.hand, meld.cards):
        return "those cards are not all in your hand"
    return table_reason(pos, pos.melds + (meld,))


def lay_off_after(pos: Position, action: LayOff) -> tuple:
    """(the player's melds after the lay-off, None) or (None, why not): the
    reading named, or the one the engine chooses (``lay_off_meld``)."""
    if action.meld is not None:
        return _with(pos.melds, action.index, action.meld), None
    meld, reason = lay_off_meld(pos, action.card, action.index)
    return (None, reason) if meld is None else (_with(pos.melds, action.index, meld), None)


def lay_off_cheap_reason(pos: Position, action: LayOff) -> str | None:
    if action.card not in pos.hand:
        return f"{action.card} is not in your hand"
    if not 0 <= action.index < len(pos.melds):
        return f"you have no meld {action.index + 1} to lay off on"
    return None


def lay_off_reason(pos: Position, action: LayOff) -> str | None:
    """The lay-off's whole judgement (the reading found or checked)."""
    after, reason = lay_off_after(pos, action)
    if reason:
        return reason
    old, new = pos.melds[action.index], after[action.index]
    if sorted(new.cards) != sorted(old.cards + (action.card,)):
        return "a lay-off adds the one card to that meld"
    return table_reason(pos, after)


def lay_off_moves(pos: Position) -> list[LayOff]:
    """Every lay-off of one card of each kind held: the engine's reading as
    ``LayOff(card, index)``, each other valid reading named."""
    out: list[LayOff] = []
    for card in _one_of_each_kind(pos.hand):
        for index, old in enumerate(pos.melds):
            chosen, _ = lay_off_meld(pos, card, index)
            if chosen is None:
                continue
            out.append(LayOff(card, index))
            for r in readings(old.cards + (card,), pos.wild, all_wild=pos.all_wild):
                if r != chosen and table_reason(pos, _with(pos.melds, index, r)) is None:
                    out.append(LayOff(card, index, r))
    return out


def reading_for(pos: Position, cards) -> TableMeld | None:
    """The reading of ``cards`` (from hand) the engine suggests for a new
    meld: one the player's melds may take (a pure sequence while they have
    no meld, else the most valuable), or None when no reading may be laid."""
    options = readings(tuple(cards), pos.wild, all_wild=pos.all_wild)
    if pos.melds:
        options.sort(key=lambda r: (-r.value, not r.pure))
    else:
        options.sort(key=lambda r: (not r.is_pure_sequence, -r.value))
    for r in options:
        if table_reason(pos, pos.melds + (r,)) is None:
            return r
    return None


def meld_moves(pos: Position) -> list[LayMeld]:
    """Every new meld of the hand's cards the player may lay now, each
    reading, by kinds (the first cards of each kind are used), at most
    ``MOST_MELDS`` in a fixed order."""
    out: list[LayMeld] = []
    seen: set[tuple] = set()
    for cards in _meld_candidates(pos):
        for r in readings(cards, pos.wild, all_wild=pos.all_wild):
            key = (r.kind, r.stands_for, tuple(c.kind for c in r.cards))
            if key in seen or lay_meld_reason(pos, r) is not None:
                continue
            seen.add(key)
            out.append(LayMeld(r))
            if len(out) >= MOST_MELDS:
                return out
    return out


def _meld_candidates(pos: Position) -> Iterator[tuple[Card, ...]]:
    """Groups of hand cards that could be one meld, by kinds: some naturals
    of one suit that fit in one sequence, or of one rank in different suits,
    with any choice of the wild cards held that fills enough places.  A
    designated wild card may also stand as a natural card of its own kind.
    With the rule option ``all_wild_melds``, three or more wild cards alone
    too (after the rest)."""
    wilds = sorted((c for c in pos.hand if is_wild(c.kind, pos.wild)),
                   key=lambda c: (c.kind, c.uid))
    naturals = [c for c in _one_of_each_kind(pos.hand) if c.kind != JOKER_KIND]
    groups: list[tuple[tuple[Card, ...], int, int]] = []  # (naturals, least, most cards)
    for suit in range(4):
        of_suit = sorted((c for c in naturals if c.kind // 13 == suit), key=lambda c: c.kind)
        for n in range(1, len(of_suit) + 1):
            for g in combinations(of_suit, n):
                places = _places(g)
                if places <= 13:
                    groups.append((g, max(3, places), 13))
    for rank in range(13):
        of_rank = [c for c in naturals if c.kind % 13 == rank]
        groups += [(g, 3, 4) for n in range(2, min(4, len(of_rank)) + 1)
                   for g in combinations(of_rank, n)]
    choices: dict[tuple[Card, ...], list[tuple[Card, ...]]] = {}
    for group, least, most in groups:
        uids = {c.uid for c in group}
        free = tuple(w for w in wilds if w.uid not in uids)
        if free not in choices:
            choices[free] = _wild_choices(free)
        for ws in choices[free]:
            if least <= len(group) + len(ws) <= most:
                yield group + ws
    if pos.all_wild:
        yield from (ws for ws in _wild_choices(tuple(wilds)) if len(ws) >= 3)


def _places(group: tuple[Card, ...]) -> int:
    """The fewest places of one sequence holding these naturals of one suit
    (the Ace low or high, whichever is shorter)."""
    ranks = [c.kind % 13 + 1 for c in group]
    span = max(ranks) - min(ranks) + 1
    if 1 in ranks:
        high = [14 if r == 1 else r for r in ranks]
        span = min(span, max(high) - min(high) + 1)
    return span


def _wild_choices(wilds: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every choice of these wild cards, by kinds (the first copies), none first."""
    out: list[tuple[Card, ...]] = [()]
    seen: set[tuple[int, ...]] = {()}
    for n in range(1, len(wilds) + 1):
        for ws in combinations(wilds, n):
            key = tuple(c.kind for c in ws)
            if key not in seen:
                seen.add(key)
                out.append(ws)
    return out


def _one_of_each_kind(cards) -> list[Card]:
    seen, out = set(), []
    for c in cards:
        if c.kind not in seen:
            seen.add(c.kind)
            out.append(c)
    return out


# ----------------------------------------------------------- the view's
def more_moves(pos: Position, can_go_out: bool) -> list[Action]:
    """The moves ``legal_actions`` leaves out (see the module's docstring),
    for the player to act at ``pos``; ``can_go_out``: ``GoOut()`` is
    already offered."""
    if pos.phase == Phase.DRAW:
        return list(wipe_moves(pos))
    out: list[Action] = [*meld_moves(pos), *lay_off_moves(pos)]
    if (pos.phase == Phase.DISCARD and not can_go_out and _may_go_out(pos)
            and resolve_go_out(pos, ENGINE_NODES)[0] is not None):
        out.append(GoOut())
    return out
