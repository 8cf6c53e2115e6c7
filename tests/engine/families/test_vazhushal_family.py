"""Vazhushal (Wipe) as a playable family (RULES.md §7): rule set, the deal and
redeal, the negative joker, laying melds on the table, laying off and
rearranging, wipes, going out, the stock-out lay-down and its scoring, the
match.  Stacked deals; expected values are worked out by hand from RULES.md
in the comments.

Unless a test says otherwise the negative joker is 2♣: the wild cards are the
red twos 2♥ 2♦ and the printed jokers (§7 "same rank and opposite colour").
Two players share one deck + 2 jokers; seat 0 deals, play goes clockwise,
so seat 1 (the dealer's left) plays first.  Card values (§7): A K Q J 10 =
10, others face value; a wild card in a meld is worth the card it stands
for, one left in hand costs 20."""

from __future__ import annotations

import pytest

from game.ai.basic import GreedyBot
from game.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    IllegalAction,
    NextDeal,
    Pack,
    Phase,
    RuleError,
    check,
    check_invariants,
    legal_actions,
    new_match,
    parse_cards,
    parse_kind,
    view_for,
)
from game.engine.actions import DealStarted, MatchOver
from game.engine.stack import stacked_order
from game.families import family_of, preset
from game.families.vazhushal.actions import (
    Arrange,
    Finish,
    GoOut,
    LaidNothing,
    LayDown,
    LayMeld,
    LayOff,
    Position,
    Redealt,
    WentOut,
    Wipe,
)
from game.families.vazhushal.family import WipeRules
from game.families.vazhushal.laydown import go_out
from game.families.vazhushal.melds import (
    SEQUENCE,
    SET,
    TableMeld,
    check_meld,
    doubles_held,
    iter_wipe_plans,
    meld_reason,
    needs_redeal,
    negative_wilds,
    redeal_seats,
    wipe_plans,
)
from game.families.vazhushal.offers import possible_wipes, reading_for
from tests.engine.helpers import card, play


def deal(hands, upcard="7H", cut="2C", stock_top="", players=2, dealer=0, **options):
    rules = preset("vazhushal").with_options(**options) if options else preset("vazhushal")
    order = stacked_order(rules, players, dealer, hands, upcard, cut, stock_top)
    state, events = new_match(rules, players, seed=1, order=order, dealer=dealer)
    return state, events


def cards(state, seat, text):
    """Physical cards of the seat's hand, in the order named."""
    hand = list(state.hands[seat])
    out = []
    for t in text.split():
        c = next(x for x in hand if x.kind == parse_kind(t))
        hand.remove(c)
        out.append(c)
    return tuple(out)


def line(state, text):
    return next(c for c in state.discard if c.kind == parse_kind(text))


def reading(cs, stands: str, kind=SEQUENCE) -> TableMeld:
    return TableMeld(tuple(cs), kind, tuple(parse_kind(t) for t in stands.split()))


def best(state, cs, pure=False) -> TableMeld:
    got = check_meld(cs, state.wild, prefer_pure=pure)
    assert got is not None, cs
    return got


def kinds_of(meld) -> list[str]:
    return sorted(str(c) for c in meld.cards)


def refused(state, action, words: str):
    with pytest.raises(IllegalAction, match=words):
        check(state, action)


def table_ok(state):
    """Every meld on the table valid, each player's melds hold a pure one and
    no two identical ones, every card conserved (the family's invariants)."""
    check_invariants(state)
    for melds in state.extra.melds:
        for m in melds:
            assert meld_reason(m, state.wild, all_wild=state.rules.all_wild_melds) is None, m
        if melds:
            assert any(m.pure for m in melds)
        sigs = [m.signature for m in melds]
        assert len(sigs) == len(set(sigs))


# A hand for seat 1 that melds in many ways (2C cut: 2♥ 2♦ wild):
#   5♠ 6♠ 7♠ pure sequence; K♦ K♣ K♥ pure set; 3♣ JK 5♣ (JK = 4♣) impure.
MELDER = "5S 6S 7S KD KC KH 3C JK 5C TC JD QH 9S"


# ---------------------------------------------------------------- rules


def test_rule_set_defaults_and_options():
    r = preset("vazhushal")
    assert isinstance(r, WipeRules) and family_of(r).name == "vazhushal"
    assert (r.deck_rule, r.redeal_pairs, r.redeal_always, r.negative_joker_drawn) == (
        "catsatcards", "identical", False, True)
    assert (r.match, r.game_points, r.match_deals, r.direction) == (
        "first_to", 5, 5, "clockwise")
    assert r.hand_size == 13 and (r.min_players, r.max_players) == (2, 6)
    # catsatcards: 2-3 players one deck, 4-6 two; pagat: 2 one deck, 3+ two
    assert [r.decks_for(n) for n in range(2, 7)] == [1, 1, 2, 2, 2]
    pagat = r.with_options(deck_rule="pagat")
    assert [pagat.decks_for(n) for n in range(2, 7)] == [1, 2, 2, 2, 2]
    assert r.jokers_per_deck_in_play == 2  # 2 printed jokers a deck
    assert set(r.OPTIONS) == {"deck_rule", "redeal_pairs", "redeal_always",
                              "negative_joker_drawn", "all_wild_melds", "match", "game_points",
                              "match_deals"}
    assert r.all_wild_melds is False  # RULES.md §1: no meld of wild cards only by default


@pytest.mark.parametrize("options, words", [
    ({"deck_rule": "online"}, "deck_rule"),
    ({"redeal_pairs": "suits"}, "redeal_pairs"),
    ({"match": "pool"}, "match"),
    ({"game_points": 0}, "game_points"),
    ({"match_deals": 0}, "match_deals"),
    ({"direction": "counterclockwise"}, "not a rule option|fixed"),
    ({"cap": 80}, "not a rule option|fixed"),
])
def test_bad_options_are_refused(options, words):
    with pytest.raises(RuleError, match=words):
        preset("vazhushal").with_options(**options)


def test_players_two_to_six():
    with pytest.raises(RuleError):
        preset("vazhushal").check_players(7)
    with pytest.raises(RuleError):
        preset("vazhushal").check_players(1)


# ----------------------------------------------------------------- deal


def test_the_deal_negative_joker_and_the_line():
    s, events = deal({1: MELDER}, upcard="7H", cut="7D", stock_top="AD")
    # clockwise from dealer 0 with two players: seat 1 first
    assert s.turn == 1 and s.phase == Phase.DRAW
    assert [len(h) for h in s.hands] == [13, 13]
    # negative joker 7♦ (red): the black sevens are wild, plus printed jokers
    assert s.wild == frozenset({parse_kind("7S"), parse_kind("7C")})
    # it lies face up under the stock and is drawn last; every seat sees it
    assert s.cut is None and str(s.stock[0]) == "7D" and str(s.stock[-1]) == "AD"
    assert str(view_for(s, 0).cut) == "7D" and str(view_for(s, 1).cut) == "7D"
    # the line starts with the upcard; 54 - 26 - 1 = 27 cards in the stock
    assert [str(c) for c in s.discard] == ["7H"] and len(s.stock) == 27
    assert isinstance(events[0], DealStarted) and str(events[0].cut) == "7D"
    assert s.extra.upcard == s.discard[0] and s.extra.held == (13, 13)
    table_ok(s)


def test_negative_joker_out_of_play_option():
    s, _ = deal({1: MELDER}, cut="7D", negative_joker_drawn=False)
    assert str(s.cut) == "7D" and len(s.stock) == 26
    assert str(view_for(s, 1).cut) == "7D"
    check_invariants(s)


def test_a_printed_joker_cut_makes_only_the_jokers_wild():
    s, _ = deal({1: MELDER}, cut="JK")
    assert s.wild == frozenset()


def test_six_players_two_decks_clockwise():
    r = preset("vazhushal")
    s, _ = new_match(r, 6, seed=3, dealer=2)
    assert s.decks == 2 and len(s.all_cards()) == 108  # 2 x (52 + 2 jokers)
    assert s.turn == 1  # the dealer's left, clockwise
    order = [s.turn]
    for _ in range(5):
        order.append(s.next_seat(order[-1]))
    assert order == [1, 0, 5, 4, 3, 2]
    check_invariants(s)


# --------------------------------------------------------------- redeal

DOUBLES = "5S 5S 9H 9H KD KD 2S 3S 4C 6D 7D 8D TC"  # three doubles: 5♠ 5♠, 9♥ 9♥, K♦ K♦


def test_three_doubles_throw_the_deal_in():
    # four players, two decks: seat 3 (first to play) is dealt three doubles
    s, events = deal({3: DOUBLES}, players=4)
    kinds = [type(e).__name__ for e in events]
    assert kinds[0] == "DealStarted" and "Redealt" in kinds and kinds[-1] == "DealStarted"
    thrown = next(e for e in events if isinstance(e, Redealt))
    assert thrown.seats == (3,) and [str(c) for c in thrown.hands[0]] == DOUBLES.split()
    assert s.deal_no == 1 and s.extra.redeals == sum(isinstance(e, Redealt) for e in events)
    assert all(doubles_held(h) < 3 for h in s.hands)
    last = events[-1]
    assert last.upcard == s.discard[0] and last.cut == s.extra.negative
    table_ok(s)  # every card of the shoe once: the redeal conserves cards
    again, _ = deal({3: DOUBLES}, players=4)
    assert again.hands == s.hands and again.stock == s.stock  # seeded: the same redeal


def test_pairs_of_a_rank_option_and_two_players():
    rank_pairs = "5S 5H 9H 9C KD KC AS 3S 4C 6D 7D 8D TC"  # three pairs of a rank
    s, events = deal({1: rank_pairs})  # identical doubles only (one deck: none)
    assert not any(isinstance(e, Redealt) for e in events)
    s, events = deal({1: rank_pairs}, redeal_pairs="rank")  # 2 players: not enforced
    assert not any(isinstance(e, Redealt) for e in events)
    s, events = deal({1: rank_pairs}, redeal_pairs="rank", redeal_always=True)
    assert any(isinstance(e, Redealt) and e.seats[0] == 1 for e in events)
    check_invariants(s)
    s, events = deal({1: rank_pairs}, players=3, redeal_pairs="rank")  # 3 players: enforced
    assert any(isinstance(e, Redealt) for e in events)
    check_invariants(s)


# ------------------------------------------------------------ the offers


def test_what_legal_actions_offers():
    s, _ = deal({1: MELDER}, upcard="KS", stock_top="AD")
    legal = legal_actions(s)
    # K♠ on the line could join K♦ K♣ K♥: offered; no Pack, Declare or DrawDiscard
    assert DrawStock() in legal and Wipe(s.discard[0]) in legal
    assert not any(isinstance(a, (Pack, Declare, DrawDiscard)) for a in legal)
    refused(s, Pack(), "no such move")
    refused(s, DrawDiscard(), "no such move")
    refused(s, LayMeld(best(s, cards(s, 1, "5S 6S 7S"))), "draw a card first")
    s, _ = play(s, DrawStock())
    legal = legal_actions(s)
    # a discard of each card and a lay-down keeping each kind; no going out:
    # T♣ J♦ Q♥ 9♠ A♦ meld with nothing, so the offer would be refused
    assert {type(a).__name__ for a in legal} == {"Discard", "LayDown"}
    assert sum(isinstance(a, Discard) for a in legal) == 14
    assert sum(isinstance(a, LayDown) for a in legal) == 14  # 14 kinds held
    refused(s, GoOut(), "cannot meld every card but one")
    assert s.extra.held[1] == 14
    # a line card nothing could meld with is not offered (8♦ with this hand)
    t, _ = deal({1: "AS 3H 5D 7C 9S JH KD 4S 6H TC QS 2S 6C"}, upcard="8D")
    assert Wipe(t.discard[0]) not in legal_actions(t)


# ----------------------------------------------------------- laying melds


def _drawn(stock_top="AD", hand=MELDER, other="", upcard="AH", cut="2C"):
    """Seat 1 holds ``hand`` and has drawn ``stock_top``; seat 0 holds
    ``other`` (the rest of its hand is whatever the stacking leaves)."""
    s, _ = deal({1: hand, 0: other}, upcard=upcard, stock_top=stock_top, cut=cut)
    s, _ = play(s, DrawStock())
    return s


def test_first_meld_must_be_a_pure_sequence():
    s = _drawn()
    kings = best(s, cards(s, 1, "KD KC KH"))
    assert kings.kind == SET and kings.pure
    refused(s, LayMeld(kings), "first meld must be a pure sequence")
    impure = best(s, cards(s, 1, "3C JK 5C"))  # JK = 4♣: 3 + 4 + 5 = 12
    assert (impure.pure, impure.value) == (False, 12)
    refused(s, LayMeld(impure), "first meld must be a pure sequence")
    s, events = play(s, LayMeld(best(s, cards(s, 1, "5S 6S 7S"))))
    assert [kinds_of(m) for m in s.extra.melds[1]] == [["5S", "6S", "7S"]]
    assert len(s.hands[1]) == 11 and s.extra.held[1] == 14
    assert events[0].laid and len(events[0].laid) == 3
    # after a pure sequence any meld may follow
    s, _ = play(s, LayMeld(kings), LayMeld(impure))
    assert len(s.extra.melds[1]) == 3 and len(s.hands[1]) == 5
    table_ok(s)


@pytest.mark.parametrize("cards_, stands, kind, words", [
    ("TC JD QH", "TC JC QC", SEQUENCE, "not wild and can only stand for itself"),
    ("TC JD QH", "TC JD QH", SEQUENCE, "a sequence is one suit"),
    ("KD KC KH", "KD KC KH", SEQUENCE, "a sequence is one suit"),
    ("5S 6S", "5S 6S", SEQUENCE, "at least 3"),
    ("5S 6S 7S", "5S 6S 7S", SEQUENCE, None),  # a plain pure sequence is fine
])
def test_lay_meld_refusals(cards_, stands, kind, words):
    s = _drawn()
    action = LayMeld(reading(cards(s, 1, cards_), stands, kind))
    if words is None:
        check(s, action)
    else:
        refused(s, action, words)


def test_cards_not_in_hand_and_keep_one_card():
    s = _drawn(other="KS")
    refused(s, LayMeld(best(s, cards(s, 0, "KS") + cards(s, 1, "KD KC"))),
            "not all in your hand")
    # after three melds 8♦ 9♦ 10♦ J♦ Q♦ are left: laying all five as one run
    # would leave no card to discard (going out is the way to do that)
    hand = "5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JD"
    s = _drawn(stock_top="QD", hand=hand)
    for t in ("5S 6S 7S", "KD KC KH", "3C 4C 5C"):
        s, _ = play(s, LayMeld(best(s, cards(s, 1, t))))
    run = best(s, cards(s, 1, "8D 9D TD JD QD"))
    refused(s, LayMeld(run), "keep one card in your hand")
    s, _ = play(s, LayMeld(best(s, cards(s, 1, "8D 9D TD JD"))))
    assert [str(c) for c in s.hands[1]] == ["QD"]
    table_ok(s)


def test_identical_melds_are_refused():
    # four players, two decks: seat 3 holds 5♠ 6♠ 7♠ and another 5♠ 7♠ with a
    # joker (only two doubles: no redeal)
    s, _ = deal({3: "5S 6S 7S 5S 7S JK KD KC KH 3C 9D TD 4H"}, players=4, upcard="JH",
                stock_top="AD")
    s, _ = play(s, DrawStock())
    five, six, seven = (c for c in s.hands[3] if str(c) in ("5S", "6S", "7S") and c.deck == 0)
    five2, seven2 = (c for c in s.hands[3] if str(c) in ("5S", "7S") and c.deck == 1)
    jk = card(s, 3, "JK")
    s, _ = play(s, LayMeld(reading((five, six, seven), "5S 6S 7S")))
    # identical by what the cards stand for: 5♠ JK 7♠ with JK = 6♠ (RULES §7:
    # "the same number of cards and in the same ranks and suits")
    refused(s, LayMeld(reading((five2, jk, seven2), "5S 6S 7S")), "two identical melds")
    # read as 5♠ 7♠ 8♠... no: as 4♠? the joker must fill the gap: 5-6-7 only;
    # with the joker as 8♠ the cards 5♠ 7♠ are not consecutive
    refused(s, LayMeld(reading((five2, seven2, jk), "5S 7S 8S")), "consecutive")
    table_ok(s)


# ------------------------------------------------------ lay off, rearrange


def test_lay_off_keeps_every_meld_valid():
    hand = "5S 6S 7S 8S 4S JK 3C 4C 5C KD KC KH 9D"
    s = _drawn(stock_top="QD", hand=hand, other="AS")
    s, _ = play(s, LayMeld(best(s, cards(s, 1, "5S 6S 7S"))))
    s, _ = play(s, LayOff(card(s, 1, "8S"), 0), LayOff(card(s, 1, "4S"), 0))
    assert kinds_of(s.extra.melds[1][0]) == ["4S", "5S", "6S", "7S", "8S"]
    assert s.extra.melds[1][0].pure
    # a joker on the only pure meld would leave no pure meld (RULES §7)
    refused(s, LayOff(card(s, 1, "JK"), 0), "must stay pure")
    refused(s, LayOff(card(s, 1, "9D"), 0), "one suit in sequence, or one rank")
    refused(s, LayOff(card(s, 1, "9D"), 4), "no meld 5")
    refused(s, LayOff(card(s, 0, "AS"), 0), "not in your hand")
    # with a pure set beside it the joker may go on the run: 4-8♠ + JK = 9♠
    # (the engine reads it at the high end: worth 9 rather than 3)
    s, _ = play(s, LayMeld(best(s, cards(s, 1, "KD KC KH"))), LayOff(card(s, 1, "JK"), 0))
    run = s.extra.melds[1][0]
    assert not run.pure and run.value == 4 + 5 + 6 + 7 + 8 + 9
    table_ok(s)


def test_rearranging_to_absorb_cards():
    # table 4♠ 5♠ 6♠ 7♠; hand 7♦ 7♥: split off the 7♠ into a set of sevens
    hand = "4S 5S 6S 7S 7D 7H KD KC 9H 2S 3H TD QC"
    s = _drawn(stock_top="AD", hand=hand, other="7C")
    run = best(s, cards(s, 1, "4S 5S 6S 7S"))
    s, _ = play(s, LayMeld(run))
    four, five, six, seven = run.cards
    d7, h7 = cards(s, 1, "7D 7H")
    short = reading((four, five, six), "4S 5S 6S")
    sevens = reading((seven, d7, h7), "7S 7D 7H", SET)
    refused(s, Arrange((short,)), "must stay in your melds")  # the 7♠ left the table
    refused(s, Arrange((run,)), "changes nothing")
    refused(s, Arrange((short, reading((seven, d7, card(s, 0, "7C")), "7S 7D 7C", SET))),
            "not all yours")
    s, events = play(s, Arrange((short, sevens)))
    assert [kinds_of(m) for m in s.extra.melds[1]] == [["4S", "5S", "6S"], ["7D", "7H", "7S"]]
    assert events[0].laid == (d7, h7) and len(s.hands[1]) == 14 - 4 - 2
    table_ok(s)


def test_rearranging_may_not_lose_the_last_pure_meld():
    hand = "4S 5S 6S JK KD KC 9H 2S 3H TD QC 8C 6H"
    s = _drawn(stock_top="AD", hand=hand)
    s, _ = play(s, LayMeld(best(s, cards(s, 1, "4S 5S 6S"))))
    four, five, six = s.extra.melds[1][0].cards
    jk = card(s, 1, "JK")
    refused(s, Arrange((reading((four, five, six, jk), "4S 5S 6S 7S"),)), "must stay pure")


def test_lay_down_lays_the_best_and_keeps_the_discard():
    # 14 cards: 5-6-7♠ (18), K♦ K♣ K♥ (30), 3♣ JK 5♣ (12), keep 9♠ to throw
    s = _drawn(stock_top="4D")
    keep = card(s, 1, "9S")
    s, _ = play(s, LayDown(keep))
    laid = sorted(tuple(kinds_of(m)) for m in s.extra.melds[1])
    assert ("3C", "5C", "JK") in laid and ("5S", "6S", "7S") in laid
    assert ("KC", "KD", "KH") in laid and keep in s.hands[1]
    # again: nothing left raises the score (T♣ J♦ Q♥ 4♦ fit nowhere), so
    # the table stays as it is and the event says why; laying is optional
    again, events = play(s, LayDown(keep))
    assert again == s
    assert events == [LaidNothing(1, "nothing to lay down: your melds already are your "
                                     "best lay-down")]
    refused(s, LayDown(None), "name the card you keep")
    table_ok(s)


# ---------------------------------------------------------------- going out
def _one_card_left():
    """Seat 1 lays four melds and keeps only J♥; the line then ends J♦ J♣
    (seat 1 threw the J♦ it drew, seat 0 the J♣); 8♠ is the next stock card."""
    hand = "5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JH"
    s, _ = deal({1: hand}, upcard="AC", stock_top="JD JC 8S")
    s, _ = play(s, DrawStock())
    for t in ("5S 6S 7S", "KD KC KH", "3C 4C 5C", "8D 9D TD"):
        s, _ = play(s, LayMeld(best(s, cards(s, 1, t))))
    s, _ = play(s, Discard(card(s, 1, "JD")), DrawStock())
    s, _ = play(s, Discard(card(s, 0, "JC")))
    assert [str(c) for c in s.hands[1]] == ["JH"]
    return s




def test_going_out_by_discarding_the_last_card():
    s = _one_card_left()
    s, _ = play(s, DrawStock())  # 8♠
    s, _ = play(s, LayOff(card(s, 1, "8S"), 0))  # 5-6-7-8♠
    s, events = play(s, Discard(card(s, 1, "JH")))
    assert any(isinstance(e, WentOut) and e.seat == 1 for e in events)
    r = s.result
    assert r.winner == 1 and r.deltas == (0, 1) and s.scores == (0, 1)
    assert "went out" in r.seats[1].why and str(s.discard[-1]) == "JH"
    assert s.phase == Phase.DEAL_OVER
    check_invariants(s)


def test_go_out_action():
    s = _one_card_left()
    s, _ = play(s, DrawStock())  # 8♠: the engine lays it off and throws J♥
    assert GoOut() in legal_actions(s)
    s, events = play(s, GoOut())
    assert s.result.winner == 1 and str(s.discard[-1]) == "JH"
    assert any(isinstance(e, WentOut) for e in events)
    # a hand that cannot go out is refused
    t = _drawn()
    refused(t, GoOut(), "cannot meld every card but one")


def test_greedy_goes_out_when_the_engine_offers_it():
    # going out is this game's show (no Declare): greedy takes it at once
    # (Family.show_step) rather than throw one of 8S and JH and play on
    s = _one_card_left()
    s, _ = play(s, DrawStock())  # 8S lays off on 5-6-7S, JH is thrown
    assert GreedyBot(1).choose(view_for(s, 1)) == GoOut()


# ---------------------------------------------------------------- stock out


def _short_stock(s, keep_top: int):
    """Keep the negative joker and the top ``keep_top`` stock cards; the rest
    is set aside (still counted), so the stock runs out soon."""
    stock = s.stock
    return s.replace(stock=(stock[0],) + stock[len(stock) - keep_top:],
                     aside=stock[1:len(stock) - keep_top])


# -------------------------------------------------------------------- match


def test_first_to_n_game_points_ends_the_match():
    s = _one_card_left()
    s = s.replace(rules=s.rules.with_options(game_points=2), scores=(0, 1))
    s, _ = play(s, DrawStock(), GoOut())
    assert s.phase == Phase.MATCH_OVER and s.winners == (1,)
    refused(s, NextDeal(), "match is over")


def test_the_match_goes_on_while_the_leaders_are_level():
    one = "AS 3H 5D 7C 9S JH KD 4S 6H 8D TC QS 3D"
    zero = "AH 3S 5C 7D 9H JS KC 4H 6S 8C TD QH 3C"
    s, _ = deal({1: one, 0: zero}, upcard="AD", stock_top="KH", game_points=1)
    s = _short_stock(s, 1)
    s, _ = play(s, DrawStock())
    s, _ = play(s, Discard(card(s, 1, "KH")), DrawStock())
    s, events = play(s, Discard(card(s, 0, "2C")), Finish(True), Finish(True))
    assert s.scores == (1, 1) and s.phase == Phase.DEAL_OVER  # level at the top: play on
    assert not any(isinstance(e, MatchOver) for e in events)
    s, _ = play(s, NextDeal())
    assert s.deal_no == 2 and s.dealer == 1 and s.turn == 0  # the deal passes left


def test_a_set_number_of_deals():
    s = _one_card_left()
    s = s.replace(rules=s.rules.with_options(match="fixed_deals", match_deals=1))
    s, events = play(s, DrawStock(), GoOut())
    assert s.phase == Phase.MATCH_OVER and s.winners == (1,)
    assert any(isinstance(e, MatchOver) for e in events)


# ------------------------------------------- queries for the bots and the table


def test_possible_wipes_and_suggested_readings():
    # line [K♥]: with K♦ K♣ and the pure 5-6-7♠ in hand the wipe lays both
    hand = "8H 9H 5S 6S 7S KD KC 3C 4D TC JD QH 9S"
    s, _ = deal({1: hand}, upcard="KH")
    got = possible_wipes(Position.of_state(s))
    assert [(a, sorted(tuple(kinds_of(m)) for m in laid)) for a, laid in got] == [
        (Wipe(s.discard[0]), [("5S", "6S", "7S"), ("KC", "KD", "KH")])]
    s = _drawn(hand="2S 3S 4S KD KC KH 9C JD QH 9S 6H 8D TC", cut="2H")
    pos = Position.of_state(s)
    # 2♠ is wild (cut 2♥): no meld yet, so the pure 2-3-4♠ (9) is suggested;
    # a set first cannot be laid at all
    first = reading_for(pos, cards(s, 1, "2S 3S 4S"))
    assert first.is_pure_sequence and first.value == 9
    assert reading_for(pos, cards(s, 1, "KD KC KH")) is None
    s, _ = play(s, LayMeld(first))
    # with a meld down a set may follow: K♦ K♣ K♥ = 30
    pos = Position.of_state(s)
    assert reading_for(pos, cards(s, 1, "KD KC KH")).value == 30


def test_what_the_meld_modules_gained():
    # doubles: identical cards; 5♠ 5♠ 5♠ is one double, jokers none
    assert doubles_held(parse_cards("5S 5S 5S 9H 9H KD KD JK JK 2S")) == 3
    assert doubles_held(parse_cards("5S 5H 5D 9H 9C KD KC")) == 0
    three = parse_cards("5S 5S 9H 9H KD KD 2S")
    rank = parse_cards("5S 5H 9H 9C KD KC 2S")
    fine = parse_cards("AS 2H 3D 4C")
    assert needs_redeal([fine, three, fine], identical=True)
    assert not needs_redeal([fine, rank, fine], identical=True)
    assert needs_redeal([fine, rank, fine])  # the rank reading (the default there)
    assert not needs_redeal([fine, three], identical=True)  # two players
    assert redeal_seats([fine, three, rank], identical=True) == [1]
    assert redeal_seats([fine, three, rank]) == [1, 2]
    # the sliced wipe plans are the same plans
    wild = negative_wilds(parse_kind("2C"))
    hand = parse_cards("8H 9H 5S 6S 7S KD KC 3C 4D TC JD QH 9S")
    taken = parse_cards("7D KH 7H")
    for lowest in taken:
        rest = taken[taken.index(lowest):]
        gen = iter_wipe_plans(lowest, rest, hand, wild, (), False, every=1)
        steps = 0
        while True:
            try:
                next(gen)
                steps += 1
            except StopIteration as done:
                assert done.value == wipe_plans(lowest, rest, hand, wild)
                break
    # go_out with a node limit: None when cut short, the same way found within
    # any larger limit
    cards_ = parse_cards("5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JD JH")
    assert go_out(cards_, wild, node_limit=1) is None
    assert go_out(cards_, wild, node_limit=10_000) == go_out(cards_, wild)
