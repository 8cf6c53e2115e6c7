"""Tiny rummy's rules through the engine's hooks: a hidden card and wild
cards only for whoever peeked, melds laid on the table (offered, one a turn,
every card still counted), its own show and settlement, no Pack."""

import pytest

from game.engine import (
    Declare,
    Discard,
    DrawStock,
    IllegalAction,
    Pack,
    apply,
    check_invariants,
    legal_actions,
    new_match,
    view_for,
)
from game.engine.stack import stacked_order
from game.families import preset
from tests.families.tiny.family import LayDown, Peek


def deal(seat1="5S 6S 7S 9D 9H KD", seat0="2C 3D 4H 8S JD QH", stock_top="KS 2S"):
    """Seat 1 plays first when seat 0 deals (counter-clockwise); the secret is 9S."""
    rules = preset("tiny")
    order = stacked_order(rules, 2, 0, {1: seat1, 0: seat0}, upcard="TC", cut="9S",
                          stock_top=stock_top)
    state, _ = new_match(rules, 2, seed=1, order=order, dealer=0)
    return state


def cards(state, seat, text):
    wanted = text.split()
    return tuple(next(c for c in state.hands[seat] if str(c) == t) for t in wanted)


def test_the_secret_and_its_wild_cards_only_for_who_peeked():
    s = deal()
    assert s.turn == 1 and str(s.cut) == "9S"
    assert view_for(s, 1).cut is None and view_for(s, 1).wild == frozenset()
    assert Peek() in legal_actions(s) and Pack() not in legal_actions(s)
    s, _ = apply(s, Peek())
    assert str(view_for(s, 1).cut) == "9S" and len(view_for(s, 1).wild) == 4  # the four 9s
    assert view_for(s, 0).cut is None and view_for(s, 0).wild == frozenset()
    with pytest.raises(IllegalAction, match="already peeked"):
        apply(s, Peek())
    with pytest.raises(IllegalAction, match="no such move"):
        apply(s, Pack())


def test_every_meld_in_hand_is_offered_and_one_may_be_laid_a_turn():
    s, _ = apply(deal(), DrawStock())  # KS: hand 5S 6S 7S 9D 9H KD KS
    offered = [a for a in legal_actions(s) if isinstance(a, LayDown)]
    # by hand: the only meld of three without wild cards is the run 5S 6S 7S
    # (9D 9H and KD KS are pairs)
    assert [sorted(map(str, a.cards)) for a in offered] == [["5S", "6S", "7S"]]
    s, _ = apply(s, offered[0])
    check_invariants(s)  # the run is on the table, still counted
    assert len(s.hands[1]) == 4 and len(view_for(s, 0).extra[1][1]) == 3
    assert not any(isinstance(a, LayDown) for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="laid a meld this turn"):
        apply(s, LayDown(cards(s, 1, "9D 9H KD")))


def test_a_meld_that_is_not_one_is_refused_and_changes_nothing():
    s, _ = apply(deal(), DrawStock())
    with pytest.raises(IllegalAction, match="set or run of three"):
        apply(s, LayDown(cards(s, 1, "9D KD KS")))


def test_a_peeked_wild_card_completes_a_meld_for_that_seat_only():
    s, _ = apply(deal(), Peek())
    s, _ = apply(s, DrawStock())  # KS; 9s are wild for seat 1
    offered = {tuple(sorted(map(str, a.cards))) for a in legal_actions(s)
               if isinstance(a, LayDown)}
    # K D + K S + a wild 9 is a set; 9 D 9 H + K is a set with a wild card too
    assert ("9D", "KD", "KS") in offered and ("5S", "6S", "7S") in offered


def test_a_show_needs_every_card_left_in_melds_of_three_and_pays_a_point_a_card():
    # seat 1 lays 5S 6S 7S and holds 9D 9H KD KS; throwing KS leaves 9D 9H KD:
    # not a meld, so a wrong show (no wild card: seat 1 never peeked)
    s, _ = apply(deal(), DrawStock())
    s, _ = apply(s, LayDown(cards(s, 1, "5S 6S 7S")))
    after, events = apply(s, Declare(cards(s, 1, "KS")[0]))
    assert not events[0].valid and after.status[1] == "dead"
    check_invariants(after)
    # with 9D 9H 9C in hand instead, throwing the KS drawn leaves a set of 9s
    s2, _ = apply(deal(seat1="5S 6S 7S 9D 9H 9C", stock_top="KS"), DrawStock())
    s2, _ = apply(s2, LayDown(cards(s2, 1, "5S 6S 7S")))
    s2, events = apply(s2, Declare(cards(s2, 1, "KS")[0]))
    result = s2.result
    assert result.winner == 1
    # seat 0 still holds its six dealt cards: it pays 6, the winner 0
    assert [r.pays for r in result.seats] == [6, 0]
    assert result.deltas == (-6, 6)


def test_discarding_ends_the_turn_and_the_next_player_may_lay_again():
    s, _ = apply(deal(), DrawStock())
    s, _ = apply(s, LayDown(cards(s, 1, "5S 6S 7S")))
    s, _ = apply(s, Discard(cards(s, 1, "KD")[0]))
    assert s.turn == 0 and not s.extra.laid_this_turn
