"""What every seat pays when a deal of 21- or 27-card rummy ends (RULES.md §4, §5).

Two kinds of payment, each a line of the ledger (payer → payee, points, why):

1. **Penalties, to the winner.**  A dropped player pays the drop (30 on the
   first turn, 70 later, or 75 with ``middle_drop=75``); a player who showed
   wrongly pays 120 (27 cards: 150); every other player pays the count of
   their hand (``evaluate_21``: the arrangement best for them, the pure
   sequence rungs, 2 points for a melded hand, 6+ dublees or 7+ wild cards,
   capped at 120; 27: 150).  A player who had not yet had a turn when the
   show came pays half, **rounded up** (so at most 60; 27: 75).  RULES.md
   §4 gives no rounding; §2's first-turn rummy, which §4 is "played like",
   says "pay half, ..., rounded up", and the seed's maximum "60" is half of
   120 either way.
2. **Value-card bonuses, whoever wins.**  Each player still in the deal (not
   dropped) who holds value cards collects the hand's bonus
   (``bonus_points``: 10/30/50 per value kind, marriages 100/300/500, split
   the way that pays most) from every other player still in the deal: "paid
   by every other non-dropped player, to each holder"; the seed: "Players
   who have dropped ... do not subtract or add any additional points".  A
   payment between two players is halved when either had not had a turn
   when the show came ("collect/pay half bonuses"; bonuses are multiples of
   10, so halves are whole).  The winner's bonus counts on the hand after
   the discard.

Readings decided here (the sources are silent):
- A player who showed wrongly is out of the deal like a dropped player
  ("play continues without that player"): their hand is dead and set aside,
  so it neither collects nor pays bonuses; they pay only the 120 (150).
- The winner has had a turn (the show ends it), whatever their turn count.
- A void deal (the stock ran out, ``stock_empty=void``) pays nothing,
  bonuses and drops included (§2: "no one scores, packing points included").
- If every other player dropped or showed wrongly, the last one in wins
  without a show and collects the drops and wrong shows; nobody is left to
  exchange bonuses with.
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.actions import DealResult, SeatOutcome, SeatResult
from game.engine.cards import JOKER_KIND, Card
from game.engine.match import left_by, void_seats
from game.engine.state import ACTIVE, DEAD, OUT, PACKED, Move
from game.families.twentyone.cards import Bonus, bonus_points, card_name, dublee_pairs, form_rules
from game.families.twentyone.solver import SHOWS, WideEvaluation, evaluate_21

SHOW_NOTES = {
    "pure": "{n} pure sequences, every other card melded",
    "tunnelas": "{n} tunnelas",
    "dublees": "{d} dublees",
    "wilds": "{w} wild cards held",
    "marriages": "two marriages",
}


def half_up(points: int) -> int:
    """Half, rounded up (§2's "pay half ..., rounded up")."""
    return (points + 1) // 2


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


def _seats(seats: list[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


def settle(state, winner: int | None, how: str) -> DealResult:
    """``how``: "declare", "last_standing" or "void"."""
    rules = state.rules
    n = state.players
    deal_no = state.deal_no - 1
    values = state.extra.values
    fr = form_rules(rules.form)
    cut_note = _cut_note(state, values)
    if winner is None:
        seats = void_seats(state, "void deal: the stock ran out; no one pays, bonuses and "
                                  "drops included")
        return DealResult(deal_no, None, True, seats, (0,) * n, 1, ("void deal", cut_note))

    opts = rules.solver_options(values)
    status = state.status
    no_turn = [state.turns_taken[s] == 0 and s != winner for s in range(n)]
    ledger: list[tuple[int, int, int, str]] = []  # payer, payee, points, kind
    evals: dict[int, WideEvaluation] = {}
    pays = [0] * n
    counts = [0] * n
    penalty_why: dict[int, str] = {}

    # ------------------------------------------------------------ penalties
    for s in range(n):
        if s == winner or status[s] == OUT:
            continue
        if status[s] in (PACKED, DEAD):
            pays[s] = counts[s] = state.owed[s]
            penalty_why[s] = f"{_owed_why(state, s)}: pays {pays[s]} to seat {winner}"
        else:
            ev = evals[s] = evaluate_21(state.hands[s], state.wild, opts)
            counts[s] = _uncapped(state, s, ev, opts)
            pays[s] = half_up(ev.count) if no_turn[s] else ev.count
            why = ev.why
            if no_turn[s]:
                why += (f"; no turn yet when the show came: half of {ev.count} = {pays[s]} "
                        "(rounded up)")
            penalty_why[s] = f"{why}: pays {pays[s]} to seat {winner}"
        if pays[s]:
            ledger.append((s, winner, pays[s], "penalty"))

    # -------------------------------------------------------------- bonuses
    inside = [s for s in range(n) if status[s] == ACTIVE]
    bonuses: dict[int, Bonus] = {}
    for h in inside if len(inside) > 1 else ():
        b = bonus_points([c.kind for c in state.hands[h]], values, rules.bonus_scheme)
        if b.points:
            bonuses[h] = b
            for p in inside:
                if p != h:
                    half = no_turn[h] or no_turn[p]
                    ledger.append((p, h, half_up(b.points) if half else b.points,
                                   "bonus, half" if half else "bonus"))

    deltas = [0] * n
    for payer, payee, points, _kind in ledger:
        deltas[payer] -= points
        deltas[payee] += points
    assert sum(deltas) == 0

    # ---------------------------------------------------------------- words
    show = None
    if how == "declare":
        evals[winner] = evaluate_21(state.hands[winner], state.wild, opts)
        show = evals[winner].show
        assert show is not None, "settling a show the engine did not accept"
    results = []
    for s in range(n):
        results.append(_seat_result(state, s, winner, how, show, evals.get(s), pays, counts,
                                    penalty_why, bonuses, ledger, deltas, no_turn))
    notes = []
    if show is not None:
        ev = evals[winner]
        words = SHOW_NOTES[show].format(n=fr.pure_needed, d=len(ev.dublees), w=ev.wild_count)
        notes.append(f"seat {winner} shows: {words}")
    else:
        notes.append(f"seat {winner} is the last player in: every other hand dropped or "
                     "showed wrongly")
    notes.append(cut_note)
    half = [s for s in range(n) if no_turn[s] and status[s] == ACTIVE]
    if half and show is not None:
        notes.append(f"no turn yet when the show came (pay half, collect and pay half "
                     f"bonuses): {_seats(half)}")
    if ledger:
        notes.append("payments: " + "; ".join(
            f"seat {a} → seat {b} {p} ({k})" for a, b, p, k in ledger))
    notes.append("totals: " + ", ".join(f"seat {s} {_signed(d)}" for s, d in enumerate(deltas)))
    return DealResult(deal_no, winner, False, tuple(results), tuple(deltas), 1, tuple(notes))


def _cut_note(state, values) -> str:
    cut = state.cut
    wild = " ".join(card_name(k) for k in sorted(state.wild))
    vals = " ".join(card_name(k) for k in values)
    name = "a printed joker" if cut.kind == JOKER_KIND else card_name(cut.kind)
    return f"cut joker {name}: wild {wild} and the printed jokers; value cards {vals}"


_OWED_WHY = {Move.PACK_FIRST: "dropped on the first turn",
             Move.PACK_MIDDLE: "dropped after the first turn", Move.WRONG_SHOW: "wrong show"}


def _owed_why(state, seat: int) -> str:
    return _OWED_WHY.get(left_by(state.log, seat), "out")


def _uncapped(state, seat: int, ev: WideEvaluation, opts) -> int:
    """The count before the cap (``SeatResult.count``)."""
    if ev.count < opts.max_count or ev.rung == "complete":
        return ev.count
    return evaluate_21(state.hands[seat], state.wild, replace(opts, cap=10 ** 6)).count


def _bonus_words(s: int, bonuses: dict[int, Bonus], ledger) -> list[str]:
    out = []
    b = bonuses.get(s)
    if b is not None:
        parts = " + ".join(f"{label} {points}" for label, points in b.parts)
        got = [f"seat {a} {p}" + (" (half)" if "half" in k else "")
               for a, c, p, k in ledger if c == s and k.startswith("bonus")]
        out.append(f"value cards {parts} = {b.points} from each player in the deal: "
                   + ", ".join(got))
    paid = [f"seat {c} {p}" + (" (half)" if "half" in k else "")
            for a, c, p, k in ledger if a == s and k.startswith("bonus")]
    if paid:
        out.append("pays bonuses: " + ", ".join(paid))
    return out


def _seat_result(state, s, winner, how, show, ev, pays, counts, penalty_why, bonuses, ledger,
                 deltas, no_turn) -> SeatResult:
    status = state.status[s]
    if status == OUT:
        return SeatResult(s, SeatOutcome.OUT, 0, 0, "not in this deal")
    if s == winner:
        taken = [p for a, c, p, k in ledger if c == s and k == "penalty"]
        if show is not None:
            head = f"showed ({show})"
        else:
            head = "last player in"
        parts = [head]
        if taken:
            parts.append(f"collects {' + '.join(map(str, taken))} = {sum(taken)}"
                         if len(taken) > 1 else f"collects {taken[0]}")
        parts += _bonus_words(s, bonuses, ledger)
        parts.append(f"net {_signed(deltas[s])}")
        melds, names, dead = _show_groups(state, s, show, ev)
        return SeatResult(s, SeatOutcome.WINNER, 0, 0, "; ".join(parts), melds, names, dead)
    parts = [penalty_why[s]]
    parts += _bonus_words(s, bonuses, ledger)
    parts.append(f"net {_signed(deltas[s])}")
    kind = {PACKED: SeatOutcome.PACKED, DEAD: SeatOutcome.WRONG_SHOW}.get(status, SeatOutcome.LOST)
    if ev is None:
        return SeatResult(s, kind, pays[s], counts[s], "; ".join(parts))
    if ev.rung == "complete" and not ev.melds:
        melds, names, dead = _flat_groups(state, s, ev)
        return SeatResult(s, kind, pays[s], counts[s], "; ".join(parts), melds, names, dead)
    return SeatResult(s, kind, pays[s], counts[s], "; ".join(parts),
                      tuple(m.cards for m in ev.melds), tuple(m.name for m in ev.melds),
                      ev.deadwood)


def _flat_groups(state, s, ev: WideEvaluation) -> tuple[tuple, tuple, tuple[Card, ...]]:
    """A hand that pays 2 points for its wild cards or its dublees (no 3+-card
    melds behind it) laid out as those, so the scoring screen shows why; the
    wild-card rule is judged first, as in ``evaluate_21``."""
    hand = state.hands[s]
    fr = form_rules(state.rules.form)
    wild = tuple(c for c in hand if c.kind == JOKER_KIND or c.kind in state.wild)
    if len(wild) >= fr.flat_wilds:
        groups, name = (wild,), "wild cards"
    else:
        groups, name = tuple(tuple(p) for p in ev.dublees), "dublee"
    used = {c for g in groups for c in g}
    return groups, (name,) * len(groups), tuple(c for c in hand if c not in used)


def _show_groups(state, s, show, ev) -> tuple[tuple, tuple, tuple[Card, ...]]:
    """The winner's cards as shown: the melds of show "pure"; the tunnelas,
    dublees, wild cards or marriages of a counted show, the rest loose."""
    hand = state.hands[s]
    if show is None or ev is None:
        return (), (), ()
    if show == "pure":
        return tuple(m.cards for m in ev.show_melds), tuple(m.name for m in ev.show_melds), ()
    groups: list[tuple[Card, ...]] = []
    if show == "tunnelas":
        by_kind: dict[int, list[Card]] = {}
        for c in sorted(hand):
            by_kind.setdefault(c.kind, []).append(c)
        groups = [tuple(v[i:i + 3]) for v in by_kind.values() for i in range(0, len(v) - 2, 3)]
        name = "tunnela"
    elif show == "dublees":
        groups = [tuple(p) for p in dublee_pairs(hand)]
        name = "dublee"
    elif show == "wilds":
        groups = [tuple(c for c in hand if c.kind == JOKER_KIND or c.kind in state.wild)]
        name = "wild cards"
    else:
        values = state.extra.values
        pool = sorted(hand)
        for _ in range(2):
            group = []
            for v in values:
                card = next(c for c in pool if c.kind == v)
                pool.remove(card)
                group.append(card)
            groups.append(tuple(group))
        name = "marriage"
    used = {c for g in groups for c in g}
    return tuple(groups), (name,) * len(groups), tuple(c for c in hand if c not in used)


assert SHOWS == tuple(SHOW_NOTES)
