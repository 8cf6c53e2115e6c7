"""The whole result of a 21- or 27-card deal (RULES.md §4, §5), every field:
the deal's number, void flag and multiplier, the notes (the show, the cut,
who paid half, each payment, the totals), each seat's outcome and words, and
the cards laid out on the scores.  The hands and the cut (5♣: wild 4♣ 5♣ 6♣)
are those of ``test_twentyone_settle``; what each pays is worked out there
and in the comments here.  A result's ``deal_no`` counts from 0."""

from __future__ import annotations

from game.engine import Pack, new_match
from game.engine.actions import SeatOutcome, SeatResult
from game.engine.stack import stacked_order
from game.engine.state import ACTIVE, OUT
from game.families import preset
from game.families.twentyone.settle import settle
from tests.engine.families.test_twentyone_family import SHOW, pass_turn
from tests.engine.families.test_twentyone_settle import (
    DUBLEES6,
    HIGH27,
    MELD3,
    ONE,
    SHOW27,
    SHOW_V,
    UPPERS,
    deal,
    show,
)
from tests.engine.helpers import play

CUT_NOTE = "cut joker 5♣: wild 4♣ 5♣ 6♣ and the printed jokers; value cards 5♣ 6♣ 4♣"
# seven wild cards (two printed jokers, 5♣ 5♣ 6♣ 6♣ 4♣) and fourteen cards in
# no meld with each other: not a show (that takes eight), but 7+ wild cards
# held pay the flat 2 points (§4)
SEVEN_WILD = "JK JK 5C 5C 6C 6C 4C 2S 4S 6S 8S TS QS 3H 5H 7H 9H JH 2D 4D 6D"


def cards(seq) -> list[str]:
    return sorted(str(c) for c in seq)


def test_a_show_paid_one_point_every_note_and_word():
    # DUBLEES6 pays 2 points for six dublees, halved (no turn yet) to 1;
    # neither hand holds a value card: one payment, totals -1 / +1
    s = deal({1: SHOW, 0: DUBLEES6}, players=2, stock_top="8H")
    r = show(s, 1, "8H")
    assert (r.deal_no, r.winner, r.void, r.multiplier) == (0, 1, False, 1)
    assert r.notes == (
        "seat 1 shows: 3 pure sequences, every other card melded",
        CUT_NOTE,
        "no turn yet when the show came (pay half, collect and pay half bonuses): seat 0",
        "payments: seat 0 → seat 1 1 (penalty)",
        "totals: seat 0 −1, seat 1 +1",
    )
    loser, winner = r.seats
    assert (loser.seat, loser.status, loser.pays, loser.count) == (0, SeatOutcome.LOST, 1, 2)
    assert loser.why == ("6 dublees: 2 points; no turn yet when the show came: half of 2 = 1 "
                         "(rounded up): pays 1 to seat 1; net −1")
    assert (winner.seat, winner.status, winner.pays, winner.count) == \
        (1, SeatOutcome.WINNER, 0, 0)
    assert winner.why == "showed (pure); collects 1; net +1"


def test_a_loser_with_three_pure_runs_shows_its_melds_and_deadwood():
    # MELD3: runs 7-8-9♣ J-Q-K♥ 10-J-Q♠, K♠ K♥ K♦ and A♠ A♦ A♣; deadwood
    # 2♣ 8♥ 6♠ 4♥ Q♣ 3♦ (33); seat 0 had no turn: half, 17
    s = deal({1: SHOW, 0: MELD3}, players=2, stock_top="9H")
    r = show(s, 1, "9H")
    loser = r.seats[0]
    assert (loser.seat, loser.status, loser.pays, loser.count) == (0, SeatOutcome.LOST, 17, 33)
    assert cards(loser.deadwood) == cards("2C 8H 6S 4H QC 3D".split())
    assert sorted(cards(m) for m in loser.melds) == sorted(
        cards(m.split()) for m in ("7C 8C 9C", "JH QH KH", "TS JS QS", "KS KH KD", "AS AD AC"))
    assert sorted(loser.meld_names) == ["pure sequence"] * 3 + ["set"] * 2


def test_seven_wild_cards_are_laid_out_as_the_reason_for_two_points():
    s = deal({1: SHOW, 0: SEVEN_WILD}, players=2, stock_top="9H")
    r = show(s, 1, "9H")
    loser = r.seats[0]
    assert (loser.seat, loser.status, loser.pays, loser.count) == (0, SeatOutcome.LOST, 1, 2)
    assert loser.why.startswith("7 wild cards held: 2 points; no turn yet")
    assert loser.meld_names == ("wild cards",)
    assert [cards(m) for m in loser.melds] == [cards("JK JK 5C 5C 6C 6C 4C".split())]
    assert cards(loser.deadwood) == cards(SEVEN_WILD.split()[7:])


def test_a_hand_in_no_meld_shows_no_groups_even_with_pairs_in_it():
    # HIGH27 holds six pairs (K♠ K♥ Q♦ Q♣ J♠ J♥ twice) but no meld: every
    # card counts and nothing is laid out as dublees (six pay nothing in 27)
    s = deal({1: SHOW27, 0: HIGH27}, players=2, variant="27card", stock_top="9H")
    r = show(s, 1, "9H")
    loser = r.seats[0]
    assert (loser.pays, loser.count) == (75, 216)
    assert loser.melds == () and loser.meld_names == ()
    assert cards(loser.deadwood) == cards(HIGH27.split())


def test_the_winner_collects_penalties_and_bonuses_in_words():
    # the deal of test_value_cards_are_paid...: seat 1 collects 101 (seat 0)
    # and 5 (seat 2) in penalties, 100 from each for its marriage, pays 30
    # for seat 2's two upper jokers
    s = deal({1: SHOW_V, 2: UPPERS, 0: ONE}, players=3, stock_top="2H 6H 7S 9H")
    for _ in range(3):
        s = pass_turn(s)
    r = show(s, 1, "9H")
    assert r.seats[1].why == (
        "showed (pure); collects 101 + 5 = 106; value cards marriage 100 = 100 from each "
        "player in the deal: seat 0 100, seat 2 100; pays bonuses: seat 2 30; net +276")
    assert r.notes[2:] == (
        "payments: seat 0 → seat 1 101 (penalty); seat 2 → seat 1 5 (penalty); "
        "seat 0 → seat 1 100 (bonus); seat 2 → seat 1 100 (bonus); "
        "seat 0 → seat 2 30 (bonus); seat 1 → seat 2 30 (bonus)",
        "totals: seat 0 −231, seat 1 +276, seat 2 −45",
    )


def test_half_bonuses_are_marked_on_the_paying_side_too():
    # as test_a_player_who_had_no_turn...: seat 0 pays seat 1 50 and seat 2
    # 15, both halved
    s = deal({1: SHOW_V, 2: UPPERS, 0: ONE}, players=3, stock_top="9H")
    r = show(s, 1, "9H")
    assert r.seats[0].why.endswith("; pays bonuses: seat 1 50 (half), seat 2 15 (half); net −116")


def test_the_last_player_in_and_the_drops_every_field():
    s = deal({0: SHOW_V}, players=3)
    s, _ = play(s, Pack(), Pack())
    r = s.result
    assert r.notes == (
        "seat 0 is the last player in: every other hand dropped or showed wrongly",
        CUT_NOTE,
        "payments: seat 1 → seat 0 30 (penalty); seat 2 → seat 0 30 (penalty)",
        "totals: seat 0 +60, seat 1 −30, seat 2 −30",
    )
    assert r.seats[1] == SeatResult(1, SeatOutcome.PACKED, 30, 30,
                                    "dropped on the first turn: pays 30 to seat 0; net −30")
    assert (r.seats[0].melds, r.seats[0].deadwood) == ((), ())


def test_a_seat_not_in_the_deal_pays_nothing_and_nets_zero():
    # seat 2 is out of this deal: seat 1 shows SHOW (the 21 cards it holds
    # after a turn each), seat 0 (MELD3) pays 33 at full rate
    s = deal({1: SHOW, 0: MELD3}, players=3, stock_top="2S 3S 4S")
    s = pass_turn(pass_turn(pass_turn(s)))
    s = s.replace(status=(ACTIVE, ACTIVE, OUT))
    r = settle(s, 1, "declare")
    assert r.seats[2] == SeatResult(2, SeatOutcome.OUT, 0, 0, "not in this deal")
    assert r.notes[-1] == "totals: seat 0 −33, seat 1 +33, seat 2 0"


def test_a_void_deal_every_field():
    s = deal({1: SHOW_V, 0: UPPERS}, players=2)
    s = s.replace(stock=s.stock[-1:], aside=s.aside + s.stock[:-1])
    s = pass_turn(s)
    r = s.result
    assert (r.deal_no, r.winner, r.void, r.multiplier) == (0, None, True, 1)
    assert r.notes == ("void deal", CUT_NOTE)
    why = "void deal: the stock ran out; no one pays, bonuses and drops included"
    assert r.seats == (SeatResult(0, SeatOutcome.VOID, 0, 0, why),
                       SeatResult(1, SeatOutcome.VOID, 0, 0, why))


def test_a_printed_joker_cut_is_named_so():
    # §4: a printed-joker cut makes the printed jokers, every ace, 2♠ and K♠
    # wild; only A♠ is a value card
    rules = preset("21card")
    order = stacked_order(rules, 2, 0, {1: SHOW_V, 0: UPPERS}, "9D", "JK", "")
    s, _ = new_match(rules, 2, seed=1, order=order, dealer=0)
    s = s.replace(stock=s.stock[-1:], aside=s.aside + s.stock[:-1])
    r = pass_turn(s).result
    assert r.notes[1] == ("cut joker a printed joker: wild A♠ 2♠ K♠ A♥ A♦ A♣ and the printed "
                          "jokers; value cards A♠")


def test_a_bonus_of_several_parts_is_spelled_out():
    # UPPERS with 4♣ for 9♠: two upper jokers (30) and a lower joker (10),
    # no cut card, so no marriage: 40 from each other player
    hand = UPPERS.replace("9S", "4C")
    s = deal({1: SHOW, 0: hand}, players=2, stock_top="2S 3S 9H")
    s = pass_turn(pass_turn(s))
    r = show(s, 1, "9H")
    assert "value cards value 6♣ ×2 30 + value 4♣ ×1 10 = 40 from each player in the deal: " \
           "seat 1 40" in r.seats[0].why
