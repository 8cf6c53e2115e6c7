"""The hand arrangement stays a faithful copy of the engine's hand."""

from collections import Counter

import pytest

from game.app.hand import HandArrangement, HandError
from game.engine import parse_cards
from game.families import family_of, preset


def assert_same_cards(arr: HandArrangement, hand) -> None:
    cards = arr.cards()
    assert Counter(cards) == Counter(hand)
    assert len(cards) == len(set(cards)), "a card is duplicated"


def test_sync_puts_a_drawn_card_in_its_own_group_and_drops_discard():
    hand = parse_cards("AS 2S 3S 7H 8H")
    arr = HandArrangement([hand[:3], hand[3:]])
    new = parse_cards("KD")[0]
    added = arr.sync(hand + [new])
    assert added == [new]
    assert arr.groups == [hand[:3], hand[3:], [new]]
    arr.sync(hand[1:] + [new])  # the ace was discarded
    assert arr.groups[0] == hand[1:3]
    assert_same_cards(arr, hand[1:] + [new])


def test_a_drawn_card_never_breaks_a_finished_meld():
    # issue 15: a clubs sequence became "Invalid · 42" after drawing A♣
    rules = preset("points")
    seq = parse_cards("TC JC QC KC")
    arr = HandArrangement([parse_cards("2H 3H 4H"), seq])
    ace = parse_cards("AC")[0]
    arr.sync(arr.cards() + [ace])
    labels = arr.labels(rules, 2, frozenset())
    assert arr.groups[1] == seq and labels[1].valid and labels[1].title == "Pure sequence"
    assert arr.groups[-1] == [ace]


def test_drawn_cards_left_alone_keep_their_own_slots():
    # issue 21: a 4♣ left alone ended in a spade group when the next card came
    spades, hearts = parse_cards("5S 6S 7S"), parse_cards("9H TH")
    arr = HandArrangement([spades, hearts])
    eight_s, four_c, king_d = parse_cards("8S 4C KD")
    arr.sync(spades + hearts + [eight_s])  # drew 8♠: a slot of its own at the right
    arr.sync(spades + hearts[1:] + [eight_s])  # threw 9♥; the 8♠ is left where it landed
    arr.sync(spades + hearts[1:] + [eight_s, four_c])  # drew 4♣
    assert arr.groups == [spades, hearts[1:], [eight_s], [four_c]]
    arr.sync(spades + [eight_s, four_c])  # threw T♥: its group goes, nothing else moves
    arr.sync(spades + [eight_s, four_c, king_d])  # drew K♦
    assert arr.groups == [spades, [eight_s], [four_c], [king_d]]


def test_marriage_tiplu_and_poplu_left_alone_are_not_glued_to_the_next_card():
    # issue 21: the tiplu and poplu, drawn and left alone, became a "dirty
    # sequence" with a 9♣ that came after them, spending the player's marriage
    held = parse_cards("2S 3S 4S 7D 7D 7D")
    tiplu, poplu, nine_c = parse_cards("5H 6H 9C")
    arr = HandArrangement([held[:3], held[3:]])
    arr.sync(held + [tiplu])
    arr.sync(held + [tiplu, poplu])
    arr.sync(held + [tiplu, poplu, nine_c])
    assert arr.groups == [held[:3], held[3:], [tiplu], [poplu], [nine_c]]
    assert not any(nine_c in g and len(g) > 1 for g in arr.groups)


def test_a_card_the_player_placed_stays_until_they_arrange():
    hand = parse_cards("AS 2S 3S 7H 8H")
    arr = HandArrangement([hand[:3], hand[3:]])
    nine_h, six_c = parse_cards("9H 6C")
    arr.sync(hand + [nine_h])
    arr.move(nine_h, 1, 2)  # the player puts 9♥ after 7♥ 8♥
    arr.sync(hand[1:] + [nine_h])  # threw A♠
    arr.sync(hand[1:] + [nine_h, six_c])  # drew 6♣
    assert arr.groups == [hand[1:3], [*hand[3:], nine_h], [six_c]]
    arr.sort_by_suit()  # only a new order asked for regroups: spades, hearts, clubs
    assert arr.groups == [hand[1:3], [*hand[3:], nine_h], [six_c]]
    arr.sort_by_rank()  # 2 3 6 7 8 9: six ranks, one group each
    assert [len(g) for g in arr.groups] == [1] * 6


def test_identical_cards_of_two_decks_stay_distinct():
    a, b = parse_cards("7C 7C")  # two physical sevens of clubs
    assert a != b and a.kind == b.kind
    arr = HandArrangement([[a], [b]])
    arr.sync([b])  # the first deck's seven left the hand
    assert arr.cards() == [b]


def test_sync_removes_duplicates_from_corrupt_groups():
    a, b, c = parse_cards("AS 2S 3S")
    arr = HandArrangement([[a, b, a], [c, b]])
    arr.sync([a, b, c])
    assert arr.groups == [[a, b], [c]]


def test_move_within_and_across_groups():
    a, b, c, d = parse_cards("AS 2S 3S 4H")
    arr = HandArrangement([[a, b, c], [d]])
    arr.move(a, 0, 3)  # to the end of its own group
    assert arr.groups == [[b, c, a], [d]]
    arr.move(d, 0, 1)  # the lone card joins group 0; its empty group vanishes
    assert arr.groups == [[b, d, c, a]]
    with pytest.raises(ValueError):
        arr.move(parse_cards("KD")[0], 0, 0)


def test_new_group_positions():
    a, b, c, d = parse_cards("AS 2S 3S 4H")
    arr = HandArrangement([[a, b], [c, d]])
    arr.new_group(b, 0)
    assert arr.groups == [[b], [a], [c, d]]
    arr.new_group(b, 3)  # to the end: its old empty group no longer counts
    assert arr.groups == [[a], [c, d], [b]]
    assert_same_cards(arr, [a, b, c, d])


def test_group_selected_cards_where_the_first_was():
    a, b, c, d, e = parse_cards("AS 9H 2S 3S KD")
    arr = HandArrangement([[a, b], [c, d, e]])
    arr.group_cards([d, a, c])
    assert arr.groups == [[a, c, d], [b], [e]]


def test_sort_by_suit_makes_suit_groups_with_jokers_last():
    hand = parse_cards("KD 2S JK AS 9H 3D")
    arr = HandArrangement([hand])
    arr.sort_by_suit()
    assert [[str(c) for c in g] for g in arr.groups] == [
        ["AS", "2S"], ["9H"], ["3D", "KD"], ["JK"]]


def test_sort_by_rank_keeps_equal_ranks_together():
    hand = parse_cards("KD 2S 2H AS 9H KC")
    arr = HandArrangement([hand])
    arr.sort_by_rank()
    flat = [str(c) for c in arr.cards()]
    assert flat == ["AS", "2S", "2H", "9H", "KD", "KC"]
    assert [len(g) for g in arr.groups] == [1, 2, 1, 2]


def test_arrange_uses_evaluator_melds_and_keeps_every_card():
    rules = preset("paplu")
    hand = parse_cards("TH JH QH KH 7S 8S 8D 4C 4D 4S 4S 2D 2D")
    ev = family_of(rules).evaluate(rules, 2, hand, frozenset())
    arr = HandArrangement([hand])
    arr.arrange([m.cards for m in ev.melds], ev.deadwood)
    assert_same_cards(arr, hand)
    assert sorted(str(c) for c in arr.groups[0]) == sorted(["TH", "JH", "QH", "KH"])


def test_labels_name_groups_and_count_invalid_ones():
    rules = preset("paplu")
    run = parse_cards("TH JH QH")
    trio = parse_cards("4C 4D 4S")
    junk = parse_cards("9S KD 2C")
    pair = parse_cards("5C 6C")
    arr = HandArrangement([run, trio, junk, pair])
    labels = arr.labels(rules, 1, frozenset())
    assert [lb.name for lb in labels] == ["pure sequence", "set", "invalid", "invalid"]
    assert labels[2].points == 9 + 10 + 2
    assert labels[3].points == 11
    assert labels[0].points == 0 and labels[0].valid
    # one wording for every group that is not a meld, two cards or ten (issue 15, item 10)
    assert [lb.title for lb in labels] == ["Pure sequence", "Set", "Invalid · 21",
                                           "Invalid · 11"]
    # a group too narrow for its title (a lone card on a phone) keeps what
    # matters whole: the points it counts, or what meld it is
    assert [lb.short for lb in labels] == ["Pure", "Set", "21 pts", "11 pts"]


def test_arrange_keeps_the_leftovers_in_small_groups_by_suit():
    rules = preset("paplu")
    hand = parse_cards("TH JH QH KH 7S 9S 8D 4C KD 2S 5C 6D JK")
    ev = family_of(rules).evaluate(rules, 1, hand, frozenset())
    arr = HandArrangement([hand])
    arr.arrange([m.cards for m in ev.melds], ev.deadwood)
    assert_same_cards(arr, hand)
    melds = len(ev.melds)
    loose = arr.groups[melds:]
    assert len(loose) >= 2, "the leftovers are not one mixed group"
    for group in loose:
        suits = {c.suit for c in group if not c.is_joker}
        assert len(suits) <= 1 or len(arr.groups) == 8, group
        ranks = [c.rank for c in group if not c.is_joker]
        assert ranks == sorted(ranks)


def test_wild_card_makes_impure_sequence_label():
    rules = preset("paplu")
    cards = parse_cards("7S 8S 5D")  # fives wild
    wild = frozenset({c for c in range(52) if c % 13 == 4})
    labels = HandArrangement([cards]).labels(rules, 1, wild)
    assert labels[0].name == "sequence"


def test_json_roundtrip_and_garbage():
    hand = parse_cards("AS 2S 3S 4H")
    arr = HandArrangement([hand[:2], hand[2:]])
    again = HandArrangement.from_json(arr.to_json())
    assert again.groups == arr.groups
    assert HandArrangement.from_json("nonsense").groups == []
    assert HandArrangement.from_json([[1, "x"], [2]]).groups == [[parse_cards("3S")[0]]]


def test_group_count_is_capped_with_a_message():
    from game.app.hand import MAX_GROUPS, HandError

    cards = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")
    arr = HandArrangement([[c] for c in cards[:MAX_GROUPS - 1]] + [cards[MAX_GROUPS - 1:]])
    assert len(arr.groups) == MAX_GROUPS
    with pytest.raises(HandError):
        arr.new_group(cards[-1], 0)
    with pytest.raises(HandError):
        arr.group_cards(cards[-2:-1])
    arr.new_group(cards[0], 5)  # a lone card moving keeps the count
    assert len(arr.groups) == MAX_GROUPS
    extra = parse_cards("KD")[0]
    arr.sync(cards + [extra])  # full: the drawn card still gets a slot of its own
    assert arr.groups[-1] == [extra] and len(arr.groups) == MAX_GROUPS + 1
    assert_same_cards(arr, cards + [extra])


def test_several_cards_placed_together_into_a_group_or_a_gap():
    a = parse_cards("AS 2S 3S")
    b = parse_cards("7H 8H 9H")
    c = parse_cards("KD KC")
    arr = HandArrangement([a, b, c])
    # 2S and KC into the hearts, after 7H (index counted without the cards moved)
    arr.place([a[1], c[1]], ("group", 1, 1))
    assert arr.groups == [[a[0], a[2]], [b[0], a[1], c[1], b[1], b[2]], [c[0]]]
    # then 7H and KD as a group of their own before the first group
    arr.place([b[0], c[0]], ("new", 0))
    assert arr.groups == [[b[0], c[0]], [a[0], a[2]], [a[1], c[1], b[1], b[2]]]
    # a group emptied by the move goes; the new group lands where the drop was
    arr.place([b[0], c[0]], ("new", 3))
    assert arr.groups == [[a[0], a[2]], [a[1], c[1], b[1], b[2]], [b[0], c[0]]]
    assert_same_cards(arr, a + b + c)


def test_placing_cards_that_cannot_go_changes_nothing():
    hand = parse_cards("AS 2S 3S 7H 8H 9H KD KC")
    arr = HandArrangement([hand[:3], hand[3:6], hand[6:7], hand[7:]])
    arr.most = 4
    before = [list(g) for g in arr.groups]
    with pytest.raises(HandError):  # a fifth group: 2S and 8H leave no group empty
        arr.place([hand[1], hand[4]], ("new", 0))
    with pytest.raises(ValueError):  # a card not held
        arr.place([parse_cards("QH")[0]], ("group", 0, 0))
    with pytest.raises(ValueError):  # one card twice
        arr.place([hand[0], hand[0]], ("group", 1, 0))
    assert arr.groups == before
