"""The core's action table (``game/engine/game.py``) where the rules tests
left it unchecked (the survivors of its mutation run, TESTING.md): what a
pack records, who is left standing, the offers of a pool decision, the
refusal of a move in the wrong phase in the player's words, and the small
queries the table and the bots share."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import (
    Answer,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    IllegalAction,
    NextDeal,
    Pack,
    Phase,
    check,
    declarable,
    legal_actions,
    new_match,
    parse_cards,
)
from game.engine.actions import CardDrawn, Declared, Packed
from game.engine.game import _Table, core_specs, invalid_reason, is_wild
from game.engine.state import LogEntry, Move
from game.families import preset
from tests.engine.helpers import card, deal, play

# a valid show once 2D is thrown (RULES.md §2): A-2-3♥ and 4-5-6♠ pure,
# 7-8-9♣ pure, 10♦ 10♥ 10♠ a set
SHOW = "AH 2H 3H 4S 5S 6S 7C 8C 9C TD TH TS 2D"
# no sequence at all
LOOSE = "QH QD 2C 5C 5D 8H 9S JS 4H 6H 7D 3S JD"


def test_a_first_pack_and_a_middle_pack_are_recorded_as_such():
    # Points, 3 players, dealer 0: seat 1 plays first, then 2, then 0
    s = deal("points", players=3)
    s, ev = play(s, Pack())  # seat 1 before its first draw: a first drop, 20
    assert ev[0] == Packed(1, 20)
    assert s.log[-1].seat == 1 and s.log[-1].kind == Move.PACK_FIRST
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(s.hands[2][0]), DrawStock())  # seat 2 has had a turn
    s, _ = play(s, Discard(s.hands[0][0]))
    s, ev = play(s, Pack())  # seat 2 after a turn: a middle drop, 40
    assert ev[0] == Packed(2, 40)
    assert any(e.seat == 2 and e.kind == Move.PACK_MIDDLE for e in s.log)


def test_the_last_player_in_wins_as_the_last_player_in():
    s = deal("points", players=2)  # seat 1 plays first
    s, _ = play(s, Pack())
    r = s.result
    assert r.winner == 0 and r.seats[0].why == "last player in"
    assert r.seats[1].why == "packed on the first turn"


def test_a_pool_decision_offers_yes_and_no():
    # pool 101, scores 0/90/30: seat 1's first drop takes it to 110, out,
    # and seat 2's leaves seat 0 alone; seat 1 may rejoin (RULES.md §3)
    s = deal("pool101", players=3, pool_rejoin=True).replace(scores=(0, 90, 30))
    s, _ = play(s, Pack(), Pack())
    assert s.phase == Phase.DECIDE and s.to_act == 1
    assert legal_actions(s) == [Answer(True), Answer(False)]


def refusal(state, action) -> str:
    with pytest.raises(IllegalAction) as refused:
        check(state, action)
    return str(refused.value)


def test_a_move_in_the_wrong_phase_is_refused_with_what_to_do():
    s = deal("points", players=3)
    assert s.phase == Phase.DRAW
    assert refusal(s, NextDeal()) == "the deal is still being played"
    assert refusal(s, Answer(True)) == "there is no offer to answer"
    assert refusal(s, Discard(s.hands[1][0])) == \
        "draw a card first, from the stock or the discard pile"
    drawn, _ = play(s, DrawStock())
    assert refusal(drawn, Pack()) == "you can pack only at the start of your turn, before drawing"
    assert refusal(drawn, DrawDiscard()) == "you have drawn: now discard a card, or declare"
    # pool: two packs leave one player and end the deal, the match goes on
    over, _ = play(deal("pool101", players=3), Pack(), Pack())
    assert over.phase == Phase.DEAL_OVER
    assert refusal(over, DrawStock()) == "the deal is over"


def test_a_family_phase_is_refused_in_the_family_s_words():
    # Marriage begins each deal with the players saying whether they expose
    s, _ = new_match(preset("marriage"), 3, seed=1)
    assert s.phase == Phase.FAMILY
    assert refusal(s, DrawStock()) == (
        "every player first says whether to expose tunnelas: expose one, or press Done")


def test_a_move_the_family_s_own_step_does_not_know_gets_the_family_s_words():
    # Vazhushal's lay-down step (the stock is out) offers no draw; the core
    # refuses one with the family's words for the step (RULES.md §7)
    s, _ = new_match(preset("vazhushal"), 3, seed=1)
    s = s.replace(phase=Phase.FAMILY)
    assert refusal(s, DrawStock()) == (
        "the stock is out: every player lays down what they can, then finishes")


def test_refuse_mode_turns_down_a_wrong_show_instead_of_charging_it():
    s = deal("points", players=2, hands={1: LOOSE}, stock_top="5H",
             invalid_declaration="refuse")
    s, _ = play(s, DrawStock())
    assert refusal(s, Declare(s.hands[1][0])).startswith("not a valid declaration: ")
    assert not [a for a in legal_actions(s) if isinstance(a, Declare)]


def test_the_table_s_queries():
    # cut K♣: every king is wild (RULES.md §2); TC drawn makes SHOW a show
    s = deal("points", players=2, hands={1: SHOW}, cut="KC", stock_top="TC")
    king, joker, ten = parse_cards("KH JK TH")
    assert is_wild(s, king) and is_wild(s, joker) and not is_wild(s, ten)
    s, _ = play(s, DrawStock())
    show = [c for c in s.hands[1] if str(c) != "2D"]
    assert declarable(s, show) and invalid_reason(s, show) == ""
    rest = [c for c in s.hands[1] if str(c) != "TC"]  # 2D kept: no set of tens
    assert not declarable(s, rest) and invalid_reason(s, rest) != ""


def test_the_show_queries_judge_the_player_to_act():
    # Marriage judges a show by what that player saw and laid (RULES.md §6):
    # nobody has seen the tiplu at the deal, so no dealt hand is a show yet
    s, _ = new_match(preset("marriage"), 3, seed=1)
    hand = s.hands[s.turn][:-1]
    assert not declarable(s, hand) and invalid_reason(s, hand) != ""


def test_a_show_is_logged_and_told_with_the_card_thrown():
    s = deal("points", players=2, hands={1: SHOW}, cut="KC", stock_top="TC")
    s, _ = play(s, DrawStock())
    thrown = next(c for c in s.hands[1] if str(c) == "2D")
    s, ev = play(s, Declare(thrown))
    assert s.result.winner == 1
    assert LogEntry(1, Move.DECLARE, thrown) in s.log
    assert ev[0] == Declared(1, True, thrown)


def test_a_card_taken_from_the_pile_is_logged_told_and_barred_from_a_show():
    # the upcard 9♦ taken by seat 1: everyone saw it, and (may_discard_picked
    # off, the default) it may be neither thrown nor thrown with a show.
    # Three players play with two decks: the hand holds Q♥ twice
    s = deal("points", players=3, upcard="9D", hands={1: LOOSE.replace("QD", "QH")})
    upcard = s.discard[-1]
    s, ev = play(s, DrawDiscard())
    assert ev == [CardDrawn(1, "discard", upcard)]
    assert s.log[-1] == LogEntry(1, Move.DRAW_DISCARD, upcard) and not s.upcard_fresh
    declares = [a for a in legal_actions(s) if isinstance(a, Declare)]
    assert Declare(upcard) not in declares
    # one declaration per kind of card: the 13 cards besides the 9♦ are of
    # 12 kinds (Q♥ twice)
    assert len(declares) == 12
    # a discard for each of those 13 cards, both Q♥ included, not the 9♦
    discards = [a.card for a in legal_actions(s) if isinstance(a, Discard)]
    assert sorted(c.uid for c in discards) == sorted(c.uid for c in s.hands[1] if c != upcard)
    assert len(discards) == 13


def test_offers_are_asked_card_by_card_unless_the_cores_own():
    # the core's discards and declarations are built to pass the core's
    # throw reason; a family that replaces the reason (or the offers) has
    # each offer asked again
    specs = core_specs()
    fussy = replace(specs[Discard], reason=lambda s, a: "only even kinds" if a.card.kind % 2
                    else None)
    same = replace(specs[Discard], handler=lambda s, a: None)  # a new handler only
    own = [(spec.action, checked) for spec, checked in _Table(specs).by_phase[Phase.DISCARD]]
    assert own == [(Discard, True), (Declare, True)]
    assert _Table({Discard: fussy}).by_phase[Phase.DISCARD] == ((fussy, False),)
    assert _Table({Discard: same}).by_phase[Phase.DISCARD] == ((same, True),)


def test_a_wrong_show_is_logged_and_told_with_its_reason():
    # LOOSE and the A♣ drawn hold no sequence at all
    s = deal("points", players=3, hands={1: LOOSE}, stock_top="AC")
    s, _ = play(s, DrawStock())
    thrown = card(s, 1, "QH")
    s, ev = play(s, Declare(thrown))
    assert ev[0] == Declared(1, False, thrown, "it needs a pure sequence")
    assert LogEntry(1, Move.WRONG_SHOW, thrown) in s.log


def test_the_deal_passes_to_the_next_player_in_the_order_of_play():
    # Deals, 3 players, dealer 0: seat 1 plays first (RULES.md §2: deal and
    # play rotate the same way), so seat 1 deals next
    s = deal("deals", players=3)
    assert s.turn == 1
    s, _ = play(s, Pack(), Pack())  # seats 1 and 2 drop: seat 0 wins the deal
    assert s.phase == Phase.DEAL_OVER
    s, _ = play(s, NextDeal())
    assert s.dealer == 1


def test_a_throw_is_judged_against_the_hand_of_the_position_asked():
    """``legal_actions`` keeps the last hand asked as a set: the next
    position's hand must be read afresh (a card seat 1 held is not seat 0's
    to throw; seat 0's own card is)."""
    s = deal()
    t, _ = play(s, DrawStock())
    thrown = t.hands[1][0]
    assert Discard(thrown) in legal_actions(t)
    u, _ = play(t, Discard(thrown))
    v, _ = play(u, DrawStock())
    assert thrown not in v.hands[0] and v.turn == 0
    assert Discard(thrown) not in legal_actions(v)
    with pytest.raises(IllegalAction, match="not in your hand"):
        check(v, Discard(t.hands[1][1]))
    check(v, Discard(v.hands[0][0]))
    legal_actions(t)  # back to seat 1's hand: its card is refused for seat 0 still
    with pytest.raises(IllegalAction, match="not in your hand"):
        check(v, Discard(t.hands[1][2]))
