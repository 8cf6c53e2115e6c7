"""The Marriage rollout policy of the search (``search.py`` holds the worlds,
the light deal and the settlement): how every seat plays a deal out, fast,
on hands held as counts per kind.

How it plays (RULES.md §6), by where a seat stands:

- **Not seen**: it works toward three natural pure melds (tunnelas, pure
  runs; exposed tunnelas count) and, on the dublee route, seven dublees.
  A card's worth (``unseen_costs``): in a complete pure meld 100 (a
  tunnela's copy 90), else 25 per card beside it in its suit and 10 per
  card two places away; a copy of a pair the pair's worth (``PAIR``, more
  when the hand leans to dublees: ``DUBLEE_LEAN`` pairs or more).  The
  pile's card is taken when it completes a pure meld (or a dublee, leaning
  so).  It sees as soon as it can after a draw (by dublees when both routes
  are open, as the bots do).
- **Seen by sequences**: every card in hand must go into 3-card melds, wild
  cards filling (``seen_costs``): a card in a natural meld (pure run,
  tunnela, trial) 100, else 20 per card beside it in its suit, 10 two
  places away, 15 per other suit of its rank; wild cards are never thrown.
  It takes the pile's card when it completes a natural meld (never a wild
  card: the rules forbid it).  It declares when the exact search
  (``can_meld``) finds that a discard leaves every card melded; it asks only
  when a cheap count of loose cards against wild cards allows a show.
- **Seen by dublees**: one more dublee wins; it throws a single card that
  is no maal and takes the pile's card only to finish.
"""

from __future__ import annotations

from game.ai.search.tables import ADJM, GAPM, NEARM, RUN3, SAMEM, bits

KINDS = 53
JOKER = 52
PAIR = 30  # a pair's worth to a seat that has not seen (a tunnela half made)
DUBLEE_LEAN = 5  # pairs (exposed tunnelas included) from which a hand leans to dublees
DUBLEE_PAIR = 70  # a pair's worth more, leaning to dublees


WANT_EXACT = False  # a seen seat takes a card that leaves fewer groups after the best throw
EXACT_SEEN = False  # a seen seat throws the card that leaves its natural cards fewest groups

# --------------------------------------------------------------- the tables

# the runs of three as masks, in the order of the pairs (``tables.RUN3``)
RUN3M = tuple(tuple(bits(p) for p in RUN3[k]) for k in range(52))
NATURAL = (1 << 52) - 1


def mask_of(c: list[int]) -> int:
    """Bit mask of the natural kinds held."""
    m = 0
    for k in range(52):
        if c[k]:
            m |= 1 << k
    return m


# ------------------------------------------------------- pure melds, seeing


def pure_melds(c: list[int], m: int) -> list[tuple[int, ...]]:
    """Every natural pure meld (tunnela, pure run) the counts can make, as
    kinds, each once."""
    out = []
    rest = m
    while rest:
        low = rest & -rest
        rest ^= low
        k = low.bit_length() - 1
        if c[k] >= 3:
            out.append((k, k, k))
        r = k % 13
        if r <= 10 and m >> (k + 1) & 1 and m >> (k + 2) & 1:
            out.append((k, k + 1, k + 2))
        if r == 0 and m >> (k + 11) & 1 and m >> (k + 12) & 1:
            out.append((k, k + 11, k + 12))
    if c[JOKER] >= 3:
        out.append((JOKER, JOKER, JOKER))
    return out


def choose_pures(c: list[int], need: int) -> list[tuple[int, ...]] | None:
    """``need`` disjoint natural pure melds of the counts ``c`` (the first
    choice found), or None."""
    if need <= 0:
        return []
    melds = pure_melds(c, mask_of(c))
    if len(melds) < need:
        return None
    chosen: list[tuple[int, ...]] = []

    def rec(start: int) -> bool:
        if len(chosen) == need:
            return True
        for i in range(start, len(melds)):
            g = melds[i]
            if all(c[x] >= g.count(x) for x in g):
                for x in g:
                    c[x] -= 1
                chosen.append(g)
                ok = rec(i)
                for x in g:
                    c[x] += 1
                if ok:
                    return True
                chosen.pop()
        return False

    return chosen if rec(0) else None


def pairs_of(c: list[int]) -> int:
    """Dublees in the counts (three identical cards give one)."""
    n = 0
    for x in c:
        if x >= 2:
            n += 1
    return n


# ------------------------------------------------------------ exact melding


def can_meld(c: list[int], w: list[bool], memo: dict) -> bool:
    """Whether the cards ``c`` (counts per kind) split exactly into 3-card
    melds (RULES §6) for a player whose wild kinds are flagged in ``w``.

    A wild card standing as itself is never worth more than as a wild card
    (it could fill its own place), so wild cards count as wild, and a hand
    of ``3m`` cards melds exactly when its natural cards go into at most
    ``m`` groups, each a natural meld, two cards one wild card completes
    (two of a suit at most two apart, or of a rank in different suits; never
    two identical cards) or one card: the groups take ``3·groups − natural``
    wild cards and the rest make melds of three wild cards.  ``memo``: the
    groups' search memo (it does not depend on the wild cards)."""
    state, total = _natural(c, w)
    return _groups(state, 0, memo)[0] * 3 <= total


def show_throw(c: list[int], w: list[bool], memo: dict, barred: int | None,
               keep: frozenset[int] = frozenset()) -> int | None:
    """The kind to throw so that the rest of ``c`` melds exactly (one search
    for every natural throw at once), or None: a natural card when one will
    do, else a wild card, one of ``keep`` (maal) last; never the ``barred``
    card when it is the only copy."""
    state, total = _natural(c, w)
    rest = total - 1
    groups, left = _groups(state, 1, memo)
    if groups * 3 <= rest and left >= 0:
        if left != barred or c[left] > 1:
            return left
        other = _other_throw(state, barred, rest, memo)
        if other is not None:
            return other
    if _groups(state, 0, memo)[0] * 3 <= rest:
        wilds = [x for x in range(KINDS) if c[x] and w[x] and x != barred]
        if wilds:
            return min(wilds, key=lambda x: (x in keep, x))
    return None


def _other_throw(state: int, barred: int, rest: int, memo: dict) -> int | None:
    """A show's throw other than the ``barred`` kind (rare: searched one by one)."""
    k = 0
    s = state
    while s:
        if s & 3 and k != barred:
            if _groups(state - (1 << 2 * k), 0, memo)[0] * 3 <= rest:
                return k
        s >>= 2
        k += 1
    return None


def _natural(c: list[int], w: list[bool]) -> tuple[int, int]:
    """The natural cards' counts packed two bits a kind, and all cards."""
    state = 0
    total = 0
    for k in range(KINDS):
        n = c[k]
        if n:
            total += n
            if not w[k]:
                state |= n << (2 * k)
    return state, total


def _groups(state: int, skip: int, memo: dict) -> tuple[int, int]:
    """The fewest groups (see ``can_meld``) that hold every card of
    ``state`` but, with ``skip``, one left out; and the kind left out (-1:
    none)."""
    if not state:
        return 0, -1
    key = state << 1 | skip
    got = memo.get(key)
    if got is not None:
        return got
    k = ((state & -state).bit_length() - 1) >> 1
    one = state - (1 << 2 * k)
    cards = 0
    s = state
    while s:
        cards += s & 3
        s >>= 2
    floor = (cards - skip + 2) // 3  # three cards a group at most
    best = _groups(one, skip, memo)
    best = (best[0] + 1, best[1])  # k alone, two wild cards beside it
    if skip and best[0] > floor:
        g, _ = _groups(one, 0, memo)
        if g < best[0]:
            best = (g, k)
    if best[0] > floor and state >> 2 * k & 3 == 3:
        g, left = _groups(one - (2 << 2 * k), skip, memo)
        if g + 1 < best[0]:
            best = (g + 1, left)
    if best[0] > floor and k < 52:
        for trio in TRIOS[k]:
            if best[0] <= floor:
                break
            if all(state >> 2 * x & 3 for x in trio):
                g, left = _groups(one - (1 << 2 * trio[0]) - (1 << 2 * trio[1]), skip, memo)
                if g + 1 < best[0]:
                    best = (g + 1, left)
        for x in PARTNERS[k]:
            if best[0] <= floor:
                break
            if state >> 2 * x & 3:
                g, left = _groups(one - (1 << 2 * x), skip, memo)
                if g + 1 < best[0]:
                    best = (g + 1, left)
    memo[key] = best
    return best


def _higher_tables():
    """Per natural kind: the pairs of higher kinds that make a natural meld
    with it (runs, trials), and the higher kinds one wild card joins it to."""
    trios, partners = [], []
    for k in range(52):
        s, r = divmod(k, 13)
        t = []
        if r <= 10:
            t.append((k + 1, k + 2))
        if r == 0:
            t.append((k + 11, k + 12))  # Q-K-A
        others = [x for x in range(k + 13, 52, 13)]
        t += [(a, b) for i, a in enumerate(others) for b in others[i + 1:]]
        p = [k + d for d in (1, 2) if r + d <= 12]
        if r == 0:
            p += [k + 11, k + 12]
        p += others
        trios.append(tuple(t))
        partners.append(tuple(p))
    return tuple(trios), tuple(partners)


TRIOS, PARTNERS = _higher_tables()


# -------------------------------------------------------------- the policy


def unseen_costs(c: list[int], m: int, lean: bool) -> dict[int, int]:
    """What throwing one copy of each kind held costs a seat that has not
    seen (see the module docstring); ``m`` is ``mask_of(c)``."""
    pair = PAIR + (DUBLEE_PAIR if lean else 0)
    out = {}
    rest = m
    while rest:
        low = rest & -rest
        rest ^= low
        k = low.bit_length() - 1
        n = c[k]
        if n >= 3:
            out[k] = 90
            continue
        if n == 2:
            out[k] = pair
            continue
        run = 0
        for p in RUN3M[k]:
            if m & p == p:
                run = 100
                break
        if not run:
            run = 25 * (m & ADJM[k]).bit_count() + 10 * (m & GAPM[k]).bit_count()
        out[k] = run
    if c[JOKER]:
        out[JOKER] = 90 if c[JOKER] >= 3 else pair if c[JOKER] == 2 else 0
    return out


def seen_costs(c: list[int], m: int) -> dict[int, int]:
    """What throwing one copy of each natural kind costs a seat that saw by
    sequences (``m``: its natural kinds that are not wild)."""
    out = {}
    rest = m
    while rest:
        low = rest & -rest
        rest ^= low
        k = low.bit_length() - 1
        n = c[k]
        if n >= 3:
            out[k] = 100
            continue
        same = (m & SAMEM[k]).bit_count()
        score = 0
        for p in RUN3M[k]:
            if m & p == p:
                score = 100
                break
        if not score and same >= 2:
            score = 100
        if not score:
            score = (20 * (m & ADJM[k]).bit_count() + 10 * (m & GAPM[k]).bit_count()
                     + 15 * same)
        out[k] = 5 if n == 2 else score  # two identical cards make no meld with a wild one
    return out


def cheapest(costs: dict[int, int], c: list[int], barred: int | None) -> int | None:
    """The kind whose copy costs least to throw (ties: the higher kind), not
    the ``barred`` card when it is the only copy; None if none is left."""
    best, low = None, 10 ** 6
    for k, s in costs.items():
        if k == barred and c[k] == 1:
            continue
        if s < low or (s == low and best is not None and k > best):
            best, low = k, s
    return best



def wild_floor(c: list[int], m: int) -> tuple[int, int]:
    """A floor, in halves of a wild card, on the wild cards that melding
    every natural card of a seen hand takes, and the most one card adds to
    it (the card thrown before a show).  ``m``: the natural kinds held that
    are not wild.  A card that can be in no natural meld of the hand needs
    at least half a wild card, one with no partner at all two (a wild card
    standing as itself is never worth more than as a wild card, so wild
    cards count as wild)."""
    need = most = 0
    rest = m
    while rest:
        low = rest & -rest
        rest ^= low
        k = low.bit_length() - 1
        n = c[k]
        if n >= 3 or (m & SAMEM[k]).bit_count() >= 2:
            continue
        if any(m & p == p for p in RUN3M[k]):
            continue
        each = 1 if m & NEARM[k] else 4
        need += each * n
        if each > most:
            most = each
    return need, most


class Policy:
    """How every seat plays in a rollout (the module docstring), with what
    the deal's rules fix; works on a ``search.Deal``."""

    __slots__ = ("dublees_open", "unseen_may_pick", "may_throw_picked", "reshuffle", "memo")

    def __init__(self, view) -> None:
        rules = view.rules
        opts = rules.marriage_options
        self.dublees_open = opts.dublee_route_open(view.players)
        self.unseen_may_pick = opts.unseen_may_pick
        self.may_throw_picked = rules.may_discard_picked
        self.reshuffle = rules.stock_empty == "reshuffle"
        self.memo: dict[int, tuple[int, int]] = {}  # the show search's

    def leans(self, c: list[int], exposed: int) -> bool:
        """Whether a seat that has not seen leans to the dublee route."""
        return self.dublees_open and pairs_of(c) + exposed >= DUBLEE_LEAN

    def wants(self, deal, seat: int, top: int) -> bool:
        """Whether ``seat`` takes ``top`` from the pile."""
        c = deal.hands[seat]
        route = deal.route[seat]
        if route is None:
            if not self.unseen_may_pick:
                return False
            if c[top] >= 2:
                return True
            if top != JOKER:
                m = mask_of(c)
                for p in RUN3M[top]:
                    if m & p == p:
                        return True
            return bool(c[top]) and self.leans(c, deal.exposed[seat])
        if deal.w[top]:
            return False  # a seen player may not take a wild card
        if route == "dublees":
            return c[top] == 1
        if c[top] >= 2:
            return True
        m = mask_of(c) & ~deal.wmask
        if (m & SAMEM[top]).bit_count() >= 2:
            return True
        for p in RUN3M[top]:
            if m & p == p:
                return True
        if WANT_EXACT and m & NEARM[top]:
            # it joins a card of the hand: worth it when the natural cards
            # then go into fewer groups after the best throw
            state, _ = _natural(c, deal.w)
            memo = self.memo
            now = _groups(state, 0, memo)[0]
            state += 1 << 2 * top
            rest = state
            k = 0
            while rest:
                if rest & 3 and k != top and _groups(state - (1 << 2 * k), 0, memo)[0] < now:
                    return True
                rest >>= 2
                k += 1
        return False

    def after_draw(self, deal, seat: int, new: int | None, barred: int | None
                   ) -> tuple[bool, int]:
        """``seat`` has drawn ``new``: see the tiplu if it can (laying the
        cards down in ``deal``), then (True, kind) to show throwing ``kind``
        or (False, kind) to throw it."""
        c = deal.hands[seat]
        if deal.route[seat] is None:
            if seat in deal.fresh:  # its first turn here: nothing is known of its hand
                deal.fresh.discard(seat)
                new = None
            self.see(deal, seat, new)
        route = deal.route[seat]
        if route is None:
            costs = unseen_costs(c, mask_of(c), self.leans(c, deal.exposed[seat]))
            return False, self._throw(c, costs, barred, deal)
        if route == "dublees":
            return self._dublee_turn(deal, c, barred)
        w = deal.w
        costs = seen_costs(c, mask_of(c) & ~deal.wmask)
        wilds = 0
        for k in deal.wild_kinds:
            wilds += c[k]
        need, most = wild_floor(c, mask_of(c) & ~deal.wmask)
        if need - most <= 2 * wilds:
            k = show_throw(c, w, self.memo, barred, deal.maal_kinds)
            if k is not None:
                return True, k
        if EXACT_SEEN:
            state, _ = _natural(c, w)
            memo = self.memo
            best, low = None, None
            for k, cost in costs.items():
                if k == barred and c[k] == 1:
                    continue
                key = (_groups(state - (1 << 2 * k), 0, memo)[0], cost, -k)
                if low is None or key < low:
                    best, low = k, key
            if best is not None:
                return False, best
        return False, self._throw(c, costs, barred, deal)

    def see(self, deal, seat: int, new: int | None) -> None:
        """Lay down and see, when the hand holds what it takes: a new card
        can only help when it makes a pair or joins a pure run (``new``
        None: check everything)."""
        c = deal.hands[seat]
        e = deal.exposed[seat]
        if self.dublees_open and (new is None or c[new] == 2) and pairs_of(c) + e >= 7:
            pairs = [k for k in range(KINDS) if c[k] >= 2][:max(0, 7 - e)]
            for k in pairs:
                c[k] -= 2
            deal.laid[seat].extend(k for k in pairs for _ in range(2))
            deal.route[seat] = "dublees"
            return
        if new is not None and c[new] < 3:
            if new == JOKER:
                return
            m = mask_of(c)
            if not any(m & p == p for p in RUN3M[new]):
                return
        groups = choose_pures(c, 3 - e)
        if groups is None:
            return
        for g in groups:
            for k in g:
                c[k] -= 1
            deal.laid[seat].extend(g)
            if g[0] == g[1]:
                deal.tunnelas[seat].append(g[0])
        deal.route[seat] = "sequences"

    def _dublee_turn(self, deal, c: list[int], barred: int | None) -> tuple[bool, int]:
        """Seen by dublees: show with one more dublee, else throw a single
        card that is no maal."""
        maal = deal.maal_kinds
        costs = {}
        for k in range(KINDS):
            if c[k]:
                costs[k] = 100 if c[k] >= 2 else 50 if k in maal else 0
        if any(c[k] >= 2 for k in costs):
            # keep one dublee: throw a single, else a copy of another kind
            pairs = [k for k in costs if c[k] >= 2]
            keep = pairs[0]
            spare = [k for k in costs if k != keep and k != barred]
            if not spare and c[keep] >= 3:
                spare = [keep]
            if spare:
                return True, min(spare, key=lambda k: (costs[k], -k))
        return False, self._throw(c, costs, barred, deal)

    @staticmethod
    def _throw(c: list[int], costs: dict[int, int], barred: int | None, deal) -> int:
        k = cheapest(costs, c, barred)
        if k is None:  # only wild cards (and the barred card) left: a wild card
            k = next(x for x in range(KINDS) if c[x] and (x != barred or c[x] > 1))
        return k
