"""Settlement of 21- and 27-card rummy (RULES.md §4, §5) on stacked deals:
every payment case, worked out by hand in the comments.

Every deal cuts 5♣ (21 cards: wild 5♣ 6♣ 4♣, value cards 5♣ cut, 6♣ upper,
4♣ lower; 27 cards: also 7♣ and 3♣).  Card points (RULES §1): A K Q J 10 =
10, 2-9 face value, wild cards 0.  Seat 0 deals counter-clockwise: seat 1
plays first, then 2, (3,) and 0."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import Declare, DrawStock, Pack, new_match
from game.engine.stack import stacked_order
from game.families import preset
from game.families.twentyone.settle import half_up
from tests.engine.families.test_twentyone_family import HIGH, SHOW, pass_turn
from tests.engine.helpers import card, play

# 21 cards, one pure run 7-8-9♦; everything else counts: spades 2+2+4+6+8+9 =
# 31, hearts 10+10+5+7+9 = 41, diamonds 2+2+4+5+10 = 23, clubs 3+3 = 6 -> 101
ONE = "7D 8D 9D 2S 2S 4S 6S 8S 9S TH TH 5H 7H 9H 2D 2D 4D 5D JD 3C 3C"
# three pure runs (7-8-9♣, J-Q-K♥, 10-J-Q♠), sets of kings and aces; the
# deadwood 2♣ 8♥ 6♠ 4♥ Q♣ 3♦ = 2+8+6+4+10+3 = 33
MELD3 = "7C 8C 9C JH QH KH TS JS QS KS KH KD AS AD AC 2C 8H 6S 4H QC 3D"
# SHOW with 4-5-6♣ (the three value cards, standing as themselves: a pure
# run) for 2-3-4♥: a show holding a marriage (100)
SHOW_V = SHOW.replace("2H 3H 4H", "4C 5C 6C")
# 27 cards: SHOW and 7-8-9♠ and the eights: five pure runs, all melded
SHOW27 = SHOW + " 7S 8S 9S 8C 8D 8H"
# 27 cards: HIGH (156) + K♠ K♥ Q♦ Q♣ J♠ J♥ (60): no pure run, 216
HIGH27 = HIGH + " KS KH QD QC JS JH"


def deal(hands, players=4, variant="21card", stock_top="", upcard="9D", **options):
    rules = preset(variant).with_options(**options) if options else preset(variant)
    order = stacked_order(rules, players, 0, hands, upcard, "5C", stock_top)
    state, _ = new_match(rules, players, seed=1, order=order, dealer=0)
    return state


def show(state, seat, drawn):
    """``seat`` draws ``drawn`` (the stock's top card) and shows, throwing it."""
    assert str(state.stock[-1]) == drawn and state.turn == seat
    state, _ = play(state, DrawStock())
    state, events = play(state, Declare(card(state, seat, drawn)))
    assert events[0].valid, events[0].reason
    return state.result


def seat_why(result, seat):
    return result.seats[seat].why


# ---------------------------------------------------------------- penalties


def test_every_rung_at_full_rate():
    # seats 1, 2, 3, 0 each pass a turn; seat 1 then shows
    s = deal({1: SHOW, 2: HIGH, 3: ONE, 0: MELD3}, stock_top="8S 6H JC 7S 9H")
    for _ in range(4):
        s = pass_turn(s)
    r = show(s, 1, "9H")
    # HIGH 156 capped at 120; ONE 101; MELD3 33: 120 + 101 + 33 = 254
    assert [x.pays for x in r.seats] == [33, 0, 120, 101]
    assert [x.count for x in r.seats] == [33, 0, 156, 101]  # before the cap
    assert r.deltas == (-33, 254, -120, -101)
    assert seat_why(r, 2).startswith(
        "no pure sequence: every card counts (156, capped at 120): pays 120 to seat 1")
    assert seat_why(r, 3).startswith("one pure sequence: cards outside it count (101)")
    assert seat_why(r, 0).startswith("three pure sequences: only the deadwood counts (33)")
    assert seat_why(r, 1) == "showed (pure); collects 33 + 120 + 101 = 254; net +254"
    assert r.notes[0] == "seat 1 shows: 3 pure sequences, every other card melded"
    assert [x.status for x in r.seats] == ["lost", "winner", "lost", "lost"]
    assert len(r.seats[1].melds) == 7 and r.seats[1].deadwood == ()


def test_a_show_at_the_first_turn_halves_every_payment_rounded_up():
    # seat 1 shows at once: seats 2, 3 and 0 have had no turn.
    # HIGH 120 -> 60; ONE 101 -> 50.5 -> 51 (rounded up); MELD3 33 -> 17
    s = deal({1: SHOW, 2: HIGH, 3: ONE, 0: MELD3}, stock_top="9H")
    r = show(s, 1, "9H")
    assert [x.pays for x in r.seats] == [17, 0, 60, 51]
    assert r.deltas == (-17, 128, -60, -51)
    assert "half of 101 = 51 (rounded up)" in seat_why(r, 3)
    assert r.notes[2] == ("no turn yet when the show came (pay half, collect and pay half "
                          "bonuses): seat 0, seat 2, seat 3")


def test_only_players_who_had_no_turn_pay_half():
    # seat 3 shows at its first turn: seats 1 and 2 have played (full
    # rate), seat 0 has not (half): ONE 101, HIGH 120, MELD3 33 -> 17
    s = deal({3: SHOW, 1: ONE, 2: HIGH, 0: MELD3}, stock_top="8S 6H 9H")
    s = pass_turn(pass_turn(s))
    r = show(s, 3, "9H")
    assert [x.pays for x in r.seats] == [17, 101, 120, 0]
    assert r.deltas == (-17, -101, -120, 238)


def test_half_rounding():
    assert [half_up(x) for x in (2, 33, 101, 120, 150)] == [1, 17, 51, 60, 75]


@pytest.mark.parametrize("passes, stock, pays", [(0, "9H", 75), (1, "2S 3H 9H", 150)])
def test_27_card_cap_150_and_half_75(passes, stock, pays):
    # HIGH27 counts 216: capped at 150; half (no turn yet) 75
    s = deal({1: SHOW27, 0: HIGH27}, players=2, variant="27card", stock_top=stock)
    for _ in range(2 * passes):
        s = pass_turn(s)
    r = show(s, 1, "9H")
    assert r.seats[0].pays == pays and r.seats[0].count == 216
    assert r.deltas == (-pays, pays)


# ------------------------------------------------------ drops and wrong shows


def test_drops_and_a_wrong_show_pay_the_winner_and_play_goes_on():
    # five players, seat 1 first: seat 1 drops at once (30); seat 2 shows
    # HIGH wrongly (120); seats 3, 4, 0 pass; seat 3 drops later (70); seat
    # 4 passes again; seat 0 shows.  Seat 4 (ONE) pays 101.
    s = deal({2: HIGH, 3: MELD3, 4: ONE, 0: SHOW}, players=5,
             stock_top="2H 6H 8S JC 7S 9H")
    s, _ = play(s, Pack())
    s, _ = play(s, DrawStock())
    s, events = play(s, Declare(card(s, 2, "2H")))
    assert not events[0].valid and s.status[2] == "dead"
    s = pass_turn(pass_turn(pass_turn(s)))
    s, _ = play(s, Pack())
    s = pass_turn(s)
    r = show(s, 0, "9H")
    # 30 + 120 + 70 + 101 = 321
    assert [x.pays for x in r.seats] == [0, 30, 120, 70, 101]
    assert r.deltas == (321, -30, -120, -70, -101)
    assert [x.status for x in r.seats] == ["winner", "packed", "wrong_show", "packed", "lost"]
    assert seat_why(r, 1) == "dropped on the first turn: pays 30 to seat 0; net −30"
    assert seat_why(r, 2) == "wrong show: pays 120 to seat 0; net −120"
    assert seat_why(r, 3) == "dropped after the first turn: pays 70 to seat 0; net −70"


def test_wrong_show_150_in_27_card():
    # two players: seat 1 shows HIGH27 wrongly (150); seat 0 is the last in
    s = deal({1: HIGH27}, players=2, variant="27card", stock_top="2H")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 1, "2H")))
    r = s.result
    assert r.winner == 0 and r.deltas == (150, -150)
    assert r.seats[1].status == "wrong_show" and seat_why(r, 1).startswith("wrong show: pays 150")


def test_the_last_player_in_collects_the_drops():
    # seat 1 drops (30), seat 2 drops (30); seat 0 is the last one in, even
    # holding a marriage nobody is left to pay
    s = deal({0: SHOW_V}, players=3)
    s, _ = play(s, Pack(), Pack())
    r = s.result
    assert r.winner == 0 and r.deltas == (60, -30, -30)
    assert seat_why(r, 0) == "last player in; collects 30 + 30 = 60; net +60"
    assert r.notes[0].startswith("seat 0 is the last player in")


def test_a_void_deal_pays_nothing_bonuses_included():
    s = deal({1: SHOW_V, 0: UPPERS}, players=2)
    s = s.replace(stock=s.stock[-1:], aside=s.aside + s.stock[:-1])
    s = pass_turn(s)  # the stock is empty: void (stock_empty=void)
    r = s.result
    assert r.void and r.deltas == (0, 0) and r.winner is None
    assert "no one pays, bonuses and drops included" in seat_why(r, 1)


# ------------------------------------------------------------------ bonuses

# a loser with two upper jokers 6♣ 6♣ (§4: 2 held = 30) and no other value card.
# Its best arrangement: three pure runs 2-3-4♦, 7-8-9-10♥, J-Q-K♦ (so only the
# deadwood counts), the sets K♣ K♥ K♠ and 8♠ 8♦ 8♣, and 9♠ with both 6♣ standing
# in (9-10-J♠); left: 2♣ 3♣, count 5.  (2♣ 3♣ with a 6♣ instead leaves 9♠, 9.)
UPPERS = "6C 6C 2D 3D 4D 7H 8H 9H KC KH KS 2C 3C JD QD KD 8S 8D 8C TH 9S"
UPPERS_COUNT = 5


def test_value_cards_are_paid_by_every_player_still_in_the_deal_whoever_wins():
    # seat 1 shows SHOW_V (a marriage: 100); seat 2 holds 6♣ 6♣ (30); seat 0
    # holds none.  Everyone has had a turn.  Penalties: seat 2 and seat 0 pay
    # their counts to seat 1.  Bonuses: seat 1 collects 100 from seat 2 and
    # 100 from seat 0; seat 2 collects 30 from seat 1 and 30 from seat 0.
    s = deal({1: SHOW_V, 2: UPPERS, 0: ONE}, players=3, stock_top="2H 6H 7S 9H")
    for _ in range(3):
        s = pass_turn(s)
    r = show(s, 1, "9H")
    assert [x.pays for x in r.seats] == [101, 0, UPPERS_COUNT]
    # seat 0: -101 - 100 - 30; seat 1: 101 + 5 + 100 + 100 - 30; seat 2: -5 - 100 + 30 + 30
    assert r.deltas == (-231, 276, -45)
    assert "value cards marriage 100 = 100 from each player in the deal: seat 0 100, " \
           "seat 2 100" in seat_why(r, 1)
    assert "value cards value 6♣ ×2 30 = 30 from each player in the deal: seat 0 30, " \
           "seat 1 30" in seat_why(r, 2)
    assert "pays bonuses: seat 1 100, seat 2 30" in seat_why(r, 0)
    assert "seat 0 → seat 2 30 (bonus)" in r.notes[-2]


def test_dropped_and_dead_players_neither_pay_nor_collect_bonuses():
    # seat 1 holds a marriage but drops; seat 2 holds 6♣ 6♣ but shows
    # wrongly; seat 3 (ONE) plays on; seat 0 shows SHOW with
    # no value card.  Only seats 3 and 0 are still in: neither holds value
    # cards, so no bonus moves: 30 + 120 + 101 to seat 0.
    marriage = "4C 5C 6C " + HIGH[9:]  # HIGH without K♠ J♠ 9♠
    dead = "6C 6C KS JS 9S 7S KH JH 9H 7H QD TD 8D 6D QC TC 8C AS AH AD 3D"
    s = deal({1: marriage, 2: dead, 3: ONE, 0: SHOW}, stock_top="2H 8S QC")
    s, _ = play(s, Pack())
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 2, "2H")))
    s = pass_turn(s)  # seat 3
    r = show(s, 0, "QC")
    assert [x.pays for x in r.seats] == [0, 30, 120, 101]
    assert r.deltas == (251, -30, -120, -101)
    assert not any("bonus" in note for note in r.notes)


def test_a_player_who_had_no_turn_collects_and_pays_half_bonuses():
    # seat 1 shows SHOW_V at once: seats 2 and 0 had no turn.  Bonuses
    # between seat 1 and them are halved (100 -> 50), and so are those
    # between seats 2 and 0 (30 -> 15).  Penalties are halved too: ONE
    # 101 -> 51; UPPERS 5 -> 3.
    s = deal({1: SHOW_V, 2: UPPERS, 0: ONE}, players=3, stock_top="9H")
    r = show(s, 1, "9H")
    assert [x.pays for x in r.seats] == [51, 0, 3]
    # seat 0: -51 - 50 (to 1) - 15 (to 2); seat 2: -3 - 50 + 15 + 15;
    # seat 1: 51 + 3 + 50 + 50 - 15
    assert r.deltas == (-116, 139, -23)
    assert "seat 0 50 (half)" in seat_why(r, 1)


@pytest.mark.parametrize("scheme, winner_bonus, upper_bonus", [
    # standard: marriage 100; two upper jokers 30
    ("standard", 100, 30),
    # flat: 20 each, a marriage 100; two upper jokers 40
    ("flat", 100, 40),
    # adda52: the marriage (100) beats 30 + 20 + 20 = 70, and SHOW_V holds
    # A♠ (20): 120; two upper jokers 20 each and UPPERS' 2♣ 20: 60
    ("adda52", 120, 60),
])
def test_bonus_schemes(scheme, winner_bonus, upper_bonus):
    s = deal({1: SHOW_V, 2: UPPERS, 0: ONE}, players=3, stock_top="2H 6H 7S 9H",
             bonus_scheme=scheme)
    for _ in range(3):
        s = pass_turn(s)
    r = show(s, 1, "9H")
    assert r.seats[2].pays == UPPERS_COUNT
    assert r.deltas[1] == 5 + 101 + 2 * winner_bonus - upper_bonus
    assert r.deltas[2] == -5 - winner_bonus + 2 * upper_bonus
    assert r.deltas[0] == -101 - winner_bonus - upper_bonus


def test_the_winners_bonus_counts_on_the_hand_after_the_discard():
    # SHOW_V + 5♣ drawn: with it the hand holds a marriage and one more cut
    # card (110), but it shows throwing the 5♣: only the marriage (100)
    s = deal({1: SHOW_V, 0: ONE}, players=2, stock_top="5C")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 1, "5C")))
    r = s.result
    # seat 0 had no turn: half bonus 50, half count 51
    assert r.deltas == (-101, 101)
    assert "marriage 100 = 100" in seat_why(r, 1)


def test_27_card_marriage_is_five_cards():
    # 27 cards, cut 5♣: value cards 5♣ 6♣ 4♣ 7♣ 3♣.  SHOW and the pure run
    # 3♣-8♣ (the five value cards standing as themselves): one marriage,
    # 100.  Seat 0 (HIGH27) holds no value card and had no turn: it pays
    # half of 100
    hand = SHOW + " 3C 4C 5C 6C 7C 8C"
    s = deal({1: hand, 0: HIGH27}, players=2, variant="27card", stock_top="9H")
    r = show(s, 1, "9H")
    assert "marriage 100 = 100" in seat_why(r, 1)
    # seat 0 had no turn: half of its 216 capped at 150 (75), half of the 100
    assert r.deltas == (-125, 125)


# ------------------------------------------------------------- each show type


# the loser of these deals is dealt what the stacked shoe leaves (its own
# count, halved: it had no turn), so only the show is checked here
@pytest.mark.parametrize("hand, options, note, groups, name", [
    ("7D 7D 7D 9S 9S 9S KH KH KH 2S 4S 6S 8S TS QS 3H 5H 7H 9H JH 2D", {},
     "3 tunnelas", "7D 7D 7D | 9S 9S 9S | KH KH KH", "tunnela"),
    ("2S 2S 4H 4H 6D 6D 8C 8C TS TS QH QH KD KD 3C 3C 5S 7H 9D JC AS", {},
     "8 dublees", "2S 2S | 4H 4H | 6D 6D | 8C 8C | TS TS | QH QH | KD KD | 3C 3C", "dublee"),
    ("JK JK 5C 5C 6C 6C 4C 4C 2S 4S 6S 8S TS QS 3H 5H 7H 9H JH 2D 4D", {},
     "8 wild cards held", "JK JK 5C 5C 6C 6C 4C 4C", "wild cards"),
    ("5C 6C 4C 5C 6C 4C 2S 4S 6S 8S TS QS 3H 5H 7H 9H JH 2D 4D KD AD",
     {"two_marriage_show": True}, "two marriages", "5C 6C 4C | 5C 6C 4C", "marriage"),
])
def test_counted_shows_settle_like_any_show(hand, options, note, groups, name):
    s = deal({1: hand}, players=2, stock_top="9H", **options)
    r = show(s, 1, "9H")
    assert r.notes[0] == f"seat 1 shows: {note}"
    w = r.seats[1]
    # the groups shown are those the show counts; every other card is loose
    shown = [sorted(g.split()) for g in groups.split(" | ")]
    assert sorted(sorted(str(c) for c in m) for m in w.melds) == sorted(shown)
    assert set(w.meld_names) == {name} and len(w.meld_names) == len(shown)
    loose = Counter(hand.split()) - Counter(groups.replace("|", "").split())
    assert sorted(str(c) for c in w.deadwood) == sorted(loose.elements())
    assert r.seats[0].pays == half_up(min(120, r.seats[0].count))
    assert sum(r.deltas) == 0


# six dublees (2♠ 9♥ K♦ 7♠ J♥ 3♦ twice each) and nine loose cards that make no
# meld with them: 21-card's flat rule, 2 points (half, 1, at the first turn)
DUBLEES6 = "2S 2S 9H 9H KD KD 7S 7S JH JH 3D 3D AS 4H 6D 8C TC QS 5H 9D QD"


def test_a_hand_paying_two_points_for_its_dublees_is_laid_out_as_dublees():
    s = deal({1: SHOW, 0: DUBLEES6}, players=2, stock_top="8H")
    r = show(s, 1, "8H")
    loser = r.seats[0]
    assert loser.pays == 1 and loser.count == 2
    assert loser.meld_names == ("dublee",) * 6
    assert sorted(str(c) for m in loser.melds for c in m) == sorted(DUBLEES6.split()[:12])
    assert all(str(m[0]) == str(m[1]) for m in loser.melds)
    assert sorted(str(c) for c in loser.deadwood) == sorted(DUBLEES6.split()[12:])
