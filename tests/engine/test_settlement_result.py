"""The whole result of a 13-card deal (RULES.md §2, §3), every field checked:
the deal's number, winner, void flag, multiplier and notes; each seat's
outcome, payment, count, the words that explain it and the arrangement
shown.  Expected values are worked out by hand in the comments.

Cut K♣ makes the kings wild (with the printed jokers); no hand below holds a
king or a joker.  Card points (§1): A K Q J 10 = 10, 2-9 face value.  Dealer
0, counter-clockwise: seat 1 plays first.  A result's ``deal_no`` counts
from 0: the first deal's is 0."""

from game.engine import Declare, Discard, DrawStock, Pack, Phase, ShowDealtHand
from game.engine.actions import SeatOutcome, SeatResult
from game.engine.state import ACTIVE, OUT
from game.families.thirteen.settle import settle
from tests.engine.helpers import card, deal, play
from tests.engine.test_settlement import HAND_RUMMY, LOSER, WINNER

# WINNER + T♣, throwing 2♦: A-2-3♥ 4-5-6♠ 7-8-9♣ (pure), 10♦ 10♥ 10♠ 10♣ (set)
WINNER_MELDS = {("pure sequence", "2H 3H AH"), ("pure sequence", "4S 5S 6S"),
                ("pure sequence", "7C 8C 9C"), ("set", "TC TD TH TS")}
# WINNER as dealt with T♣ for 2♦: a hand rummy of the same four melds
SHOWN_13 = "AH 2H 3H 4S 5S 6S 7C 8C 9C TD TH TS TC"
# no meld at all, no pure sequence: 10+10+2+5+5+6+2+10+4+6+7+3+10 = 80
LOSER_80 = "QH QD 2C 5C 5D 6C 2S JS 4H 6H 7D 3S JD"
# Q♥ Q♦ Q♣ is a set but there is no pure sequence: every card counts,
# 10+10+10+5+5+8+9+10+4+6+7+3+10 = 97; the cards in no meld at all, 97 - 30 = 67
LOSER_SET = "QH QD QC 5C 5D 8H 9S JS 4H 6H 7D 3S JD"
NO_MELD_89 = "no pure sequence: every card counts (89)"


def cards(seq) -> list[str]:
    return sorted(str(c) for c in seq)


def melds_of(seat: SeatResult) -> set[tuple[str, str]]:
    """Each meld shown, by name and cards (in any order)."""
    return {(name, " ".join(cards(meld)))
            for name, meld in zip(seat.meld_names, seat.melds, strict=True)}


def declare_after_a_turn_each(variant="paplu", loser=LOSER, **options):
    """Seat 1 (WINNER) and seat 0 (``loser``) each throw what they draw; seat
    1 then draws T♣ and declares, throwing 2♦."""
    s = deal(variant, hands={1: WINNER, 0: loser}, cut="KC", stock_top="5H 6D TC", **options)
    for seat, throw in ((1, "5H"), (0, "6D")):
        s, _ = play(s, DrawStock())
        s, _ = play(s, Discard(card(s, seat, throw)))
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 1, "2D")))
    return s.result


def check_winner(seat: SeatResult, number: int, why: str) -> None:
    assert (seat.seat, seat.status, seat.pays, seat.count, seat.why) == \
        (number, SeatOutcome.WINNER, 0, 0, why)
    assert melds_of(seat) == WINNER_MELDS and seat.deadwood == ()


def test_a_declaration_after_play_every_field():
    # paplu, no cap: the loser pays its 89; nothing special to note
    r = declare_after_a_turn_each()
    assert (r.deal_no, r.winner, r.void, r.multiplier, r.notes) == (0, 1, False, 1, ())
    assert r.deltas == (-89, 89)
    check_winner(r.seats[1], 1, "declared")
    loser = r.seats[0]
    assert (loser.seat, loser.status, loser.pays, loser.count, loser.why) == \
        (0, SeatOutcome.LOST, 89, 89, NO_MELD_89)
    assert loser.melds == () and loser.meld_names == ()
    assert cards(loser.deadwood) == cards(LOSER.split())


def test_the_points_cap_and_a_count_at_the_cap():
    # points caps a count at 80: 89 is capped, 80 itself is not
    r = declare_after_a_turn_each("points")
    assert (r.seats[0].pays, r.seats[0].count) == (80, 89)
    assert r.seats[0].why == NO_MELD_89 + ", capped at 80"
    assert r.deltas == (-80, 80) and r.notes == ()
    r = declare_after_a_turn_each("points", loser=LOSER_80)
    assert (r.seats[0].pays, r.seats[0].count) == (80, 80)
    assert r.seats[0].why == "no pure sequence: every card counts (80)"


def test_first_turn_rummy_counts_only_cards_in_no_meld():
    # seat 1 declares at its first turn; seat 0 had no turn: half of the 67
    # points in no meld (the set of queens is free, no life needed), 34
    s = deal(hands={1: WINNER, 0: LOSER_SET}, cut="KC", stock_top="TC")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 1, "2D")))
    r = s.result
    assert r.notes == ("first-turn rummy: players who had no turn pay half",)
    loser = r.seats[0]
    assert (loser.pays, loser.count) == (34, 97)
    assert loser.why == "first-turn rummy: half of loose cards (67) = 34"
    assert melds_of(loser) == {("set", "QC QD QH")}
    assert r.deltas == (-34, 34)
    check_winner(r.seats[1], 1, "declared")


def test_hand_rummy_notes_and_doubles():
    # pagat: seat 1 played a turn (89 doubled, 178), seat 2 packed (10);
    # seat 0 shows the hand it was dealt: 188
    s = deal(players=3, hands={0: HAND_RUMMY, 1: LOSER}, cut="KC", stock_top="5H")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "5H")), Pack())
    s, _ = play(s, ShowDealtHand())
    r = s.result
    assert r.notes == ("hand rummy: shown as dealt",) and r.multiplier == 1
    assert r.deltas == (188, -178, -10)
    assert (r.seats[0].status, r.seats[0].why) == (SeatOutcome.WINNER, "declared")
    assert (r.seats[1].pays, r.seats[1].count) == (178, 89)
    assert r.seats[1].why == NO_MELD_89 + ", doubled for hand rummy"
    assert r.seats[2] == SeatResult(2, SeatOutcome.PACKED, 10, 10, "packed on the first turn")


def test_a_printed_joker_cut_doubles_every_payment():
    # cut JK with the option on: only printed jokers are wild, payments x2:
    # the loser's 89 becomes 178
    s = deal(hands={1: WINNER, 0: LOSER}, cut="JK", stock_top="5H 6D TC",
             double_on_joker_cut=True)
    for seat, throw in ((1, "5H"), (0, "6D")):
        s, _ = play(s, DrawStock())
        s, _ = play(s, Discard(card(s, seat, throw)))
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 1, "2D")))
    r = s.result
    assert r.multiplier == 2 and r.notes == ("printed joker cut: every payment doubled",)
    assert (r.seats[0].pays, r.seats[0].count, r.seats[0].why) == (178, 89, NO_MELD_89)
    assert r.deltas == (-178, 178)


def test_packed_and_wrong_show_seats_and_the_last_player_in():
    # seat 1 shows wrongly (80), seat 2 packs at its first turn (10): seat 0
    # is the last player in and collects 90
    s = deal(players=3, hands={1: LOSER}, cut="KC", stock_top="5H")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 1, "5H")))
    s, _ = play(s, Pack())
    r = s.result
    assert (r.winner, r.void, r.notes, r.deltas) == (0, False, (), (90, -80, -10))
    assert r.seats[1] == SeatResult(1, SeatOutcome.WRONG_SHOW, 80, 80, "wrong show")
    assert r.seats[2] == SeatResult(2, SeatOutcome.PACKED, 10, 10, "packed on the first turn")
    assert (r.seats[0].status, r.seats[0].pays, r.seats[0].count, r.seats[0].why) == \
        (SeatOutcome.WINNER, 0, 0, "last player in")


def test_a_seat_not_dealt_in_pays_nothing_and_the_seats_after_it_settle():
    # seat 1 is out of the match (a pool's eliminated player): seat 2 shows
    # the 13 cards it holds, seat 0 (LOSER) pays 89; turns_taken are all 0
    # but first-turn rummy's half rate is off
    s = deal(players=3, hands={2: SHOWN_13, 0: LOSER}, cut="KC", first_turn_rummy_half=False)
    s = s.replace(status=(ACTIVE, OUT, ACTIVE))
    r = settle(s, 2, "declare")
    assert r.seats[1] == SeatResult(1, SeatOutcome.OUT, 0, 0, "not in this deal")
    check_winner(r.seats[2], 2, "declared")
    assert (r.seats[0].status, r.seats[0].pays) == (SeatOutcome.LOST, 89)
    assert r.deltas == (-89, 0, 89) and r.notes == ()


def test_a_void_deal_says_so_for_every_seat():
    s = deal(players=3)
    s, _ = play(s, Pack())  # seat 1 would owe 10, but the deal is void
    while s.phase == Phase.DRAW:
        s, _ = play(s, DrawStock())
        s, _ = play(s, Discard(s.hands[s.turn][-1]))
    r = s.result
    assert (r.deal_no, r.winner, r.void, r.multiplier, r.notes) == (0, None, True, 1,
                                                                    ("void deal",))
    assert r.seats == tuple(SeatResult(seat, SeatOutcome.VOID, 0, 0, "void deal: no one pays")
                            for seat in range(3))


def test_first_turn_rummy_half_of_an_even_loose_count_is_exact():
    # LOSER with 3♣ for 2♣: still no meld, loose cards 89 - 2 + 3 = 90; seat 0
    # had no turn when seat 1 declared, so it pays half: 45 (nothing to round)
    s = deal("paplu", hands={1: WINNER, 0: LOSER.replace("2C", "3C")}, cut="KC", stock_top="TC")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 1, "2D")))
    assert s.result.seats[0].pays == 45 and s.result.deltas == (-45, 45)
