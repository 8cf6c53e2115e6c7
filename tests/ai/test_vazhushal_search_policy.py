"""Vazhushal's rollout policy (``search_policy.py``): the greedy split of a
hand on kind counts, going out, the discard and the wipe, each on hands
worked out by hand from RULES.md §7.

Cut 2♣ unless a test says otherwise: the wild cards are 2♥, 2♦ (its rank in
the other colour) and the printed jokers."""

from game.engine import parse_kind
from game.families.vazhushal.melds import negative_wilds
from game.families.vazhushal.search_policy import Table
from game.families.vazhushal.split import KINDS, lays_off, meld_of, meld_value

TABLE = Table(negative_wilds(parse_kind("2C")))


def counts(text: str) -> list[int]:
    c = [0] * KINDS
    for t in text.split():
        c[parse_kind(t)] += 1
    return c


def k(text: str) -> int:
    return parse_kind(text)


def test_a_hand_splits_into_runs_sets_groups_and_singles():
    s = TABLE.split(counts("5S 6S 7S KD KC KH 9H TH 4C 4D QS"), (), False)
    assert sorted(s.melds) == [("q", 0, 5, 7), ("t", 12, (1, 2, 3))]
    # 9♥ 10♥ side by side, 4♦ 4♣ two suits of a rank: one wild card each
    assert sorted((g[0], g[1]) for g in s.groups) == sorted([((k("9H"), k("TH")), 1),
                                                           ((k("4D"), k("4C")), 1)])
    assert s.singles == [k("QS")] and s.near == []
    assert s.cost == 2 + 2 and s.pure and s.wilds == 0


def test_a_suit_is_cut_into_the_runs_wild_cards_fill_most_cheaply():
    # 5♥ 7♥ 8♥: one wild card (the 6) melds all three; Q♣ alone two more
    s = TABLE.split(counts("5H 7H 8H QC"), (("q", 0, 5, 7),), True)
    assert [(g[0], g[1], g[2]) for g in s.groups] == [((k("5H"), k("7H"), k("8H")), 1,
                                                        ("q", 1, 5, 8))]
    assert s.singles == [k("QC")] and s.cost == 3
    # with 3♥ too: 3-(4)-5♥ and 7-8-(9)♥, two wild cards for all four
    s = TABLE.split(counts("3H 5H 7H 8H"), (("q", 0, 5, 7),), True)
    assert s.cost == 2 and not s.singles
    # 3 5 7 9 of clubs: two pairs one apart (two wild cards), not one long run
    s = TABLE.split(counts("3C 5C 7C 9C"), (), True)
    assert s.cost == 2 and len(s.groups) == 2


def test_the_split_that_leaves_less_to_fill_wins():
    # runs first: 7-10♠ and 9♥ 9♦ left (a pair of a rank); sets first:
    # 9♠ 9♥ 9♦ and 7♠ 8♠ 10♠ (one wild card for the 9): both cost one, and
    # runs first is kept on a tie
    s = TABLE.split(counts("7S 8S 9S TS 9H 9D"), (), True)
    assert s.melds == [("q", 0, 7, 10)] and len(s.groups) == 1 and s.cost == 1
    # a set that costs the run nothing: 5♠ 6♠ 7♠ 8♠ and 7♥ 7♦ 7♣ both kept
    s = TABLE.split(counts("5S 6S 7S 7H 7D 7C 8S"), (), True)
    assert s.cost == 0


def test_a_card_lays_off_on_the_players_table_meld():
    table = (("q", 0, 5, 7),)  # 5-6-7♠ on the table
    s = TABLE.split(counts("8S 9S KH"), table, True)
    assert s.singles == [k("KH")] and not s.groups and not s.near
    assert s.spare == [k("9S")]  # 9♠ ends 5-9♠: it may go again
    # the Ace goes above the King, never around the corner
    assert lays_off(("q", 0, 11, 13), k("AS")) == ("q", 0, 11, 14)
    assert lays_off(("q", 0, 12, 14), k("2S")) is None
    assert lays_off(("t", 6, (0, 1, 2)), k("7C")) == ("t", 6, (0, 1, 2, 3))


def test_goes_out_when_all_but_one_card_melds():
    # 5-6-7♠, K♦ K♣ K♥, 3-4-5♣, 8-9-10-J♦ and J♥ to throw (14 cards)
    hand = counts("5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JD JH")
    s = TABLE.split(hand, (), False)
    assert TABLE.goes_out(s, 14, False)
    assert TABLE.throw(hand, s, False)[0] == k("JH")
    # two loose cards and no wild card: not out
    hand = counts("5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JH QS")
    assert not TABLE.goes_out(TABLE.split(hand, (), False), 14, False)
    # 13 cards: J♠ Q♠ and the joker make a run, 9♥ is thrown
    hand = counts("5S 6S 7S KD KC KH 3C 4C 5C JS QS JK 9H")
    s = TABLE.split(hand, (), False)
    assert TABLE.goes_out(s, 13, False) and TABLE.throw(hand, s, False)[0] == k("9H")
    # 14 cards with the same joker: J♠ Q♠ joker and 9♦ 10♦ left, one card
    # too many to meld (no four-card meld to spare one from)
    hand = counts("5S 6S 7S KD KC KH 3C 4C 5C 9D TD JS QS JK")
    assert not TABLE.goes_out(TABLE.split(hand, (), False), 14, False)
    # ... but with 8♦ 9♦ 10♦ J♦ the J♦ can go: out
    hand = counts("5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JD JS QS JK")
    s = TABLE.split(hand, (), False)
    assert TABLE.goes_out(s, 16, False) and TABLE.throw(hand, s, False)[0] == k("JD")


def test_a_card_laid_off_on_the_table_may_be_the_one_thrown():
    # 5-6-7♣ on the table; the hand: A-2-3♠, J♥ J♦ J♣ and 4♣, which lays off
    # on the table's run: everything melds, and the 4♣ goes
    hand = counts("AS 2S 3S JH JD JC 4C")
    table = (("q", 3, 5, 7),)
    s = TABLE.split(hand, table, True)
    assert s.cost == 0 and s.spare == [k("4C")]
    assert TABLE.goes_out(s, 7, True) and TABLE.throw(hand, s, True) == (k("4C"), 0)


def test_a_player_with_no_melds_needs_a_natural_run_to_go_out():
    # K♦ K♣ K♥, 5♥ 5♦ 5♣ (sets), 9♠ 9♥ 9♦, 4♠ 4♥ 4♦ and Q♣: no run, no table
    hand = counts("KD KC KH 5H 5D 5C 9S 9H 9D 4S 4H 4D QC")
    s = TABLE.split(hand, (), False)
    assert s.cost == 2 and not s.pure
    assert not TABLE.goes_out(s, 13, False)
    # the same hand beside a table meld goes out (any meld may be laid)
    assert TABLE.goes_out(TABLE.split(hand, (("q", 0, 5, 7),), True), 13, True)


def test_the_discard_is_the_costliest_single_and_never_a_wild_card():
    # 2♥ is wild (cut 2♣): the singles are K♠ and 9♣; K♠ is worth more
    hand = counts("5S 6S 7S KS 9C 2H 3D 4D")
    s = TABLE.split(hand, (), False)
    assert TABLE.throw(hand, s, False)[0] == k("KS")
    # groups only: the card whose loss costs least, the costliest of those:
    # 3♣ or 5♣ of 3-5♣ leave a single (one wild card more), as does 9♥ or
    # 10♥; the 10♥ is worth most
    hand = counts("5S 6S 7S 9H TH 3C 5C")
    s = TABLE.split(hand, (), False)
    assert TABLE.throw(hand, s, False) == (k("TH"), 3)
    # only wild cards beside the melds: a wild card goes
    hand = counts("5S 6S 7S JK")
    assert TABLE.throw(hand, TABLE.split(hand, (), False), False)[0] == k("JK")


def test_the_policy_wipes_the_card_that_makes_a_natural_run():
    # the line: K♣ (lowest) then 7♥ on top; 8♥ 9♥ in hand make 7-8-9♥
    hand = counts("8H 9H KS QD 5C 3S 4H JC TS 6D AC 9C 4D")
    line = [k("KC"), k("7H")]
    got = TABLE.best_wipe(hand, line, (), False, False, None)
    assert got is not None
    i, after, laid, _ = got
    assert i == 1 and laid == (("q", 1, 7, 9),)
    assert sum(after) == 13 - 2  # 8♥ 9♥ laid with the 7♥ taken
    # the same line with no partner for 7♥: the stock
    hand = counts("KS QD 5C 3S 4H JC TS 6D AC 9C 4D 8S 3C")
    assert TABLE.best_wipe(hand, line, (), False, False, None) is None


def test_a_player_with_no_melds_does_not_wipe_into_a_set_alone():
    # 7♠ 7♦ in hand and 7♥ on the line make a set, but no natural run is
    # held: before its first meld a player may wipe only for a pure sequence
    hand = counts("7S 7D KS QD 5C 3S JC TS 6D AC 9C 4D 8H")
    assert TABLE.best_wipe(hand, [k("7H")], (), False, False, None) is None
    # once it has a meld on the table the set may be laid
    got = TABLE.best_wipe(hand, [k("7H")], (("q", 2, 9, 11),), True, False, None)
    assert got is not None and got[2] == (("t", 6, (0, 1, 2)),)


def test_table_melds_read_as_the_policy_keeps_them():
    assert meld_of("sequence", (k("QS"), k("KS"), k("AS"))) == ("q", 0, 12, 14)
    assert meld_of("sequence", (k("AS"), k("2S"), k("3S"))) == ("q", 0, 1, 3)
    assert meld_of("set", (k("7H"), k("7S"), k("7C"))) == ("t", 6, (0, 1, 3))
    # stock-out values: Q K A = 30, 7 7 7 = 21
    assert meld_value(("q", 0, 12, 14)) == 30 and meld_value(("t", 6, (0, 1, 3))) == 21
