"""Maal (points for wild cards held and tunnelas exposed) and the settlement
of a deal of Indian Marriage (RULES.md §6).  Pure Python.

Maal is counted per opponent: in the exchange player i nets n·Sᵢ − T against
the field (T = everyone's maal), which is the sum over every other player j of
Sᵢ − Sⱼ, so the payments always sum to zero.

Readings decided here (see the seed 000_… and RULES §6):
- The tiplu card is set aside, out of play (seed: "a total of 17 possible wild
  cards in play (not counting the actual wild card designator which is not
  part of play)"), so at most two cards of the tiplu's exact rank and suit can
  be held and no tiplu tunnela can be exposed: a count of three is refused.
- A tunnela of the tiplu's rank in another suit is a tunnela of "ordinary
  jokers" (10); a tunnela of printed jokers counts like one (10).
- Cards of a tunnela scored as a tunnela score nothing else (seed: three poplu
  score 10 "and not part of a tunnela initially laid down"); a tunnela whose
  bonus does not apply (option, or worth less) gives its cards back to the
  held categories.  Every split is tried and the best kept.
- "Double marriage (having exactly two tiplus, two poplus and two jhiplus)":
  two of each make the double marriage; a third poplu or jhiplu scores on
  its own beside it.
- With ``unseen_maal="normal"`` an unseen player keeps all of their maal,
  exposed tunnelas included.
- The house table replaces only what RULES lists (tiplu, marriage, alter,
  man); poplu, jhiplu and the tunnela bonuses stay as in the pagat table.
- ``dublee_seer_pays=False`` exempts a loser who saw by dublees from the seen
  loser's points only; the dublee finish points are still due (the
  MarriageCalculator spec adds them to the winner's maal, paid by everyone).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields

from game.engine.cards import JOKER_KIND, Card
from game.families.marriage.hand import jhiplu, poplu, tiplu_kind

_CHOICES = {
    "unseen_maal": ("murder", "kidnap", "normal"),
    "maal_table": ("pagat", "house"),
    "double_marriage": (30, 20),
    "tunnela_bonus": ("exposed", "any", "none"),
    "dublee_route": ("always", "four_plus"),
}
_BOOLS = ("unseen_may_pick", "dublee_seer_pays", "printed_jokers")
_POINTS = ("seen_loser_points", "unseen_loser_points", "dublee_win_points")


@dataclass(frozen=True)
class MarriageOptions:
    """Every rule option of RULES §6; defaults first in RULES."""

    unseen_maal: str = "murder"  # murder | kidnap | normal
    maal_table: str = "pagat"  # pagat | house
    double_marriage: int = 30  # pagat table: 30 | 20 (catsatcards)
    tunnela_bonus: str = "exposed"  # exposed (before the first turn) | any (shown) | none
    unseen_may_pick: bool = True  # an unseen player may take a discard
    dublee_route: str = "always"  # always | four_plus (players)
    seen_loser_points: int = 3
    unseen_loser_points: int = 10
    dublee_win_points: int = 5
    dublee_seer_pays: bool = True  # False: a loser who saw by dublees pays no seen points
    printed_jokers: bool = False

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed or isinstance(value, bool):
                raise ValueError(f"{name} must be one of {allowed}, not {value!r}")
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}")
        for name in _POINTS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")

    def dublee_route_open(self, players: int) -> bool:
        """May players see and win by dublees at this table size?"""
        return self.dublee_route == "always" or players >= 4

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))


# ------------------------------------------------------------ tables
# points for 1, 2, 3 held (more: whole groups of the last tier plus the rest)
PAGAT = {"tiplu": (3, 7), "poplu": (2, 5, 10), "jhiplu": (2, 5, 10),
         "marriage": (10, 30), "alter": (), "man": ()}
HOUSE = {"tiplu": (3, 8), "poplu": (2, 5, 10), "jhiplu": (2, 5, 10),
         "marriage": (10, 25, 50), "alter": (5, 15, 30), "man": (5, 15, 30)}
TUNNELA_POINTS = {"tunnela": 5, "tunnela of jokers": 10,
                  "tunnela of poplu": 20, "tunnela of jhiplu": 20}


def _tier(points: tuple[int, ...], n: int) -> int:
    if n <= 0 or not points:
        return 0
    size = len(points)
    whole, rest = divmod(n, size)
    return whole * points[-1] + (points[rest - 1] if rest else 0)


def _table(opts: MarriageOptions) -> dict[str, tuple[int, ...]]:
    if opts.maal_table == "house":
        return HOUSE
    return dict(PAGAT, marriage=(10, opts.double_marriage))


def alter_kind(tiplu: int | Card) -> int:
    """Same rank and colour as the tiplu, the other suit (♠↔♣, ♥↔♦)."""
    s, r = divmod(tiplu_kind(tiplu), 13)
    return (3 - s) * 13 + r


@dataclass(frozen=True)
class MaalPart:
    label: str  # "marriage", "tiplu", "tunnela of poplu", …
    points: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Maal:
    """``raw``: the maal as counted for a player who has seen (what the
    settlement takes); ``points``: what this player is credited with under
    ``unseen_maal`` (0 for an unseen player under murder or kidnap)."""

    points: int
    raw: int
    parts: tuple[MaalPart, ...]
    seen: bool

    @property
    def forfeited(self) -> bool:
        return self.points != self.raw


def _tunnela_label(kind: int, t: int, p: int, j: int) -> str:
    if kind == JOKER_KIND or kind % 13 == t % 13:
        return "tunnela of jokers"
    if kind == p:
        return "tunnela of poplu"
    if kind == j:
        return "tunnela of jhiplu"
    return "tunnela"


def _held(cards: Sequence[Card], t: int, p: int, j: int, a: int,
          table: dict[str, tuple[int, ...]]) -> list[MaalPart]:
    """Held cards by category, with the number of marriages that pays most."""
    by = {name: [c for c in cards if c.kind == kind]
          for name, kind in (("tiplu", t), ("poplu", p), ("jhiplu", j), ("alter", a),
                             ("man", JOKER_KIND))}
    best: list[MaalPart] = []
    best_pts = -1
    for m in range(min(len(by["tiplu"]), len(by["poplu"]), len(by["jhiplu"])), -1, -1):
        parts = []
        if m:
            label = "marriage" if m == 1 else "double marriage" if m == 2 else f"{m} marriages"
            group = tuple(x for name in ("jhiplu", "tiplu", "poplu") for x in by[name][:m])
            parts.append(MaalPart(label, _tier(table["marriage"], m), group))
        for name in ("tiplu", "poplu", "jhiplu"):
            rest = tuple(by[name][m:])
            if rest and _tier(table[name], len(rest)):
                parts.append(MaalPart(name, _tier(table[name], len(rest)), rest))
        pts = sum(x.points for x in parts)
        if pts > best_pts:
            best, best_pts = parts, pts
    for name in ("alter", "man"):
        pts = _tier(table[name], len(by[name]))
        if pts:
            best.append(MaalPart(name, pts, tuple(by[name])))
    return best


def maal(cards_held: Iterable[Card], exposed_tunnelas: Iterable[Sequence[Card]],
         tiplu: int | Card, seen: bool, opts: MarriageOptions = MarriageOptions(),
         shown_tunnelas: Iterable[Sequence[Card]] = ()) -> Maal:
    """A player's maal at the end of a deal.

    ``cards_held``: every card the player has (hand and melds laid down; the
    cards of exposed tunnelas may be included or not); ``exposed_tunnelas``:
    tunnelas exposed before the first turn; ``shown_tunnelas``: other
    tunnelas the player laid down (they earn the bonus only with
    ``tunnela_bonus="any"``).  The split that pays most is kept.
    """
    t = tiplu_kind(tiplu)
    p, j, a = poplu(t), jhiplu(t), alter_kind(t)
    table = _table(opts)
    exposed = [tuple(g) for g in exposed_tunnelas]
    shown = [tuple(g) for g in shown_tunnelas]
    for g in exposed + shown:
        if len(g) != 3 or len({c.kind for c in g}) != 1:
            raise ValueError(f"not a tunnela: {' '.join(map(str, g))}")
    everything: dict[int, Card] = {c.uid: c for c in cards_held}
    for g in exposed + shown:
        everything.update((c.uid, c) for c in g)
    if sum(c.kind == t for c in everything.values()) > 2:
        raise ValueError("at most two tiplu cards are in play: the third is set aside")
    bonus = {"exposed": exposed, "any": exposed + shown, "none": []}[opts.tunnela_bonus]
    best: list[MaalPart] = []
    best_pts = -1
    for mask in range((1 << len(bonus)) - 1, -1, -1):
        parts, used = [], set()
        for i, g in enumerate(bonus):
            if mask >> i & 1:
                label = _tunnela_label(g[0].kind, t, p, j)
                parts.append(MaalPart(label, TUNNELA_POINTS[label], g))
                used.update(c.uid for c in g)
        rest = sorted((c for uid, c in everything.items() if uid not in used),
                      key=lambda c: c.uid)
        parts += _held(rest, t, p, j, a, table)
        pts = sum(x.points for x in parts)
        if pts > best_pts:
            best, best_pts = parts, pts
    raw = best_pts
    points = raw if seen or opts.unseen_maal == "normal" else 0
    return Maal(points, raw, tuple(best), seen)


# ------------------------------------------------------------ settlement
@dataclass(frozen=True)
class MarriageSettlement:
    """The arithmetic of one deal, per seat.  ``net = game + exchange``."""

    net: tuple[int, ...]
    game: tuple[int, ...]  # game points: the winner's takings, each loser's payment
    exchange: tuple[int, ...]  # n·Sᵢ − T
    maal: tuple[int, ...]  # Sᵢ after the unseen_maal rule
    total: int  # T
    kidnapped: int  # maal moved from unseen players to the winner


def settle_marriage_parts(n: int, winner: int, seen: Sequence[bool],
                          maal: Sequence[int | Maal], dublee_win: bool,
                          opts: MarriageOptions = MarriageOptions(),
                          saw_by: Sequence[str | None] | None = None) -> MarriageSettlement:
    """Settle a deal.  ``maal``: each seat's raw maal (or its ``Maal``);
    ``seen``: who saw the tiplu (the winner must have); ``saw_by``: how each
    saw, "sequences" or "dublees" (only matters with
    ``dublee_seer_pays=False``)."""
    if n < 2 or len(seen) != n or len(maal) != n:
        raise ValueError("need n >= 2 and one seen flag and one maal per seat")
    if not 0 <= winner < n:
        raise ValueError(f"no seat {winner}")
    if not seen[winner]:
        raise ValueError("the winner must have seen the tiplu")
    if saw_by is None:
        saw_by = ["sequences" if s else None for s in seen]
    if len(saw_by) != n or any(s not in ("sequences", "dublees", None) for s in saw_by):
        raise ValueError("saw_by: one of 'sequences', 'dublees' or None per seat")
    raw = [m.raw if isinstance(m, Maal) else int(m) for m in maal]
    game = [0] * n
    for i in range(n):
        if i == winner:
            continue
        if not seen[i]:
            pay = opts.unseen_loser_points
        elif saw_by[i] == "dublees" and not opts.dublee_seer_pays:
            pay = 0
        else:
            pay = opts.seen_loser_points
        if dublee_win:
            pay += opts.dublee_win_points
        game[i] -= pay
        game[winner] += pay
    s = list(raw)
    kidnapped = 0
    if opts.unseen_maal != "normal":
        for i in range(n):
            if not seen[i]:
                if opts.unseen_maal == "kidnap":
                    kidnapped += s[i]
                s[i] = 0
        s[winner] += kidnapped
    total = sum(s)
    exchange = [n * x - total for x in s]
    net = [g + e for g, e in zip(game, exchange, strict=True)]
    assert sum(net) == 0
    return MarriageSettlement(tuple(net), tuple(game), tuple(exchange), tuple(s), total,
                              kidnapped)


def settle_marriage(n: int, winner: int, seen: Sequence[bool], maal: Sequence[int | Maal],
                    dublee_win: bool, opts: MarriageOptions = MarriageOptions(),
                    saw_by: Sequence[str | None] | None = None) -> list[int]:
    """Net change per seat (sums to zero); see ``settle_marriage_parts``."""
    return list(settle_marriage_parts(n, winner, seen, maal, dublee_win, opts, saw_by).net)
