"""What every seat pays when a 13-card deal ends (RULES.md §2 settlement, §3 penalties)."""

from __future__ import annotations

from game.engine.actions import DealResult, SeatOutcome, SeatResult
from game.engine.family import family_of
from game.engine.match import left_by, score_deltas, void_seats
from game.engine.meldtypes import Evaluation
from game.engine.state import ACTIVE, DEAD, OUT, PACKED, GameState, Move

TIER_WHY = {
    "none": "no pure sequence: every card counts",
    "pure": "pure sequence but no second: cards outside it count",
    "lives": "pure + second sequence: deadwood counts",
}


def evaluate_hand(state: GameState, hand, loose: bool = False) -> Evaluation:
    return family_of(state.rules).evaluate(state.rules, state.decks, hand, state.wild, loose)


_OWED_WHY = {Move.PACK_FIRST: "packed on the first turn",
             Move.PACK_MIDDLE: "packed after the first turn", Move.WRONG_SHOW: "wrong show"}


def _owed_why(state: GameState, seat: int) -> str:
    return _OWED_WHY.get(left_by(state.log, seat), "out")


def _meld_fields(ev: Evaluation) -> dict:
    return dict(
        melds=tuple(m.cards for m in ev.melds),
        meld_names=tuple(m.name for m in ev.melds),
        deadwood=ev.deadwood,
    )


def settle(state: GameState, winner: int | None, how: str) -> DealResult:
    """``how`` is "declare", "hand_rummy", "last_standing" or "void"."""
    rules = state.rules
    fam = family_of(rules)
    n = state.players
    if winner is None:
        seats = void_seats(state, "void deal: no one pays")
        return DealResult(state.deal_no - 1, None, True, seats, (0,) * n, 1, ("void deal",))
    mult = fam.deal_multiplier(rules, state.cut)
    first_turn = how == "declare" and state.turns_taken[winner] == 0
    notes = []
    if mult > 1:
        notes.append("printed joker cut: every payment doubled")
    if how == "hand_rummy":
        notes.append("hand rummy: shown as dealt")
    elif first_turn and rules.first_turn_rummy_half:
        notes.append("first-turn rummy: players who had no turn pay half")
    results = []
    for s in range(n):
        st = state.status[s]
        if s == winner:
            ev = evaluate_hand(state, state.hands[s])
            why = "declared" if how != "last_standing" else "last player in"
            results.append(SeatResult(s, SeatOutcome.WINNER, 0, 0, why, **_meld_fields(ev)))
            continue
        if st == OUT:
            results.append(SeatResult(s, SeatOutcome.OUT, 0, 0, "not in this deal"))
            continue
        if st in (PACKED, DEAD):
            pays = state.owed[s] * mult
            outcome = SeatOutcome.PACKED if st == PACKED else SeatOutcome.WRONG_SHOW
            results.append(SeatResult(s, outcome, pays, state.owed[s], _owed_why(state, s)))
            continue
        assert st == ACTIVE
        had_turn = state.turns_taken[s] > 0
        half = first_turn and rules.first_turn_rummy_half and not had_turn
        ev = evaluate_hand(state, state.hands[s], loose=half)
        count = ev.count
        why = TIER_WHY[ev.tier] + f" ({count})"
        pays = count
        if half:
            pays = (ev.loose_count + 1) // 2
            why = f"first-turn rummy: half of loose cards ({ev.loose_count}) = {pays}"
        elif how == "hand_rummy":
            double = {"pagat": had_turn, "catsatcards": not had_turn}.get(rules.hand_rummy,
                                                                            False)
            if double:
                pays = count * 2
                why += ", doubled for hand rummy"
        if rules.cap is not None and pays > rules.cap:
            pays = rules.cap
            why += f", capped at {rules.cap}"
        pays *= mult
        results.append(SeatResult(s, SeatOutcome.LOST, pays, count, why, **_meld_fields(ev)))
    pays = [r.pays for r in results]
    deltas = score_deltas(state, winner, pays)
    return DealResult(state.deal_no - 1, winner, False, tuple(results), deltas, mult,
                      tuple(notes))
