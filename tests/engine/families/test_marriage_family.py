"""Indian Marriage as a game family (RULES.md §6): the deal, exposing
tunnelas, seeing the tiplu, discard restrictions, winning by both routes,
false shows, the match.  Stacked deals; expected values worked out by hand
from RULES.md in the comments.

Seats: with dealer 0 and play clockwise (the default), the first player is
the seat before the dealer: 1 of 2, 2 of 3 (then 1, then 0)."""

from itertools import combinations, product

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
    apply,
    check,
    check_invariants,
    declarable,
    legal_actions,
    new_match,
    parse_kind,
    view_for,
)
from game.engine.actions import DealStarted, Declared
from game.engine.stack import stacked_order
from game.families import FAMILIES, preset
from game.families.marriage.actions import (
    DoneExposing,
    ExposeTunnela,
    SeeTiplu,
    TipluSeen,
    TunnelaExposed,
)
from game.families.marriage.family import MarriageRules
from tests.engine.helpers import card, play

FAM = FAMILIES["marriage"]

# Tiplu 7H: wild for a player who has seen are every 7, the poplu 8H and the
# jhiplu 6H.
PURES = "2S 3S 4S 9D TD JD 4C 5C 6C"  # three natural pure sequences
# four melds for a seen player (7C and 7D wild), 9S thrown at the show:
# KS KD KC trial | 6H 7H 8H marriage (a pure run) | 2H 3H 7C dirty run |
# QC QD + 7D (drawn) dirty trial
WINNER = PURES + " KS KD KC 6H 7H 8H 2H 3H 7C QC QD 9S"
# twenty-one cards with no pure sequence, no tunnela, no two alike
NOTHING = "AS 3S 5S 8S TS QS AH 4H 9H JH KH 2D 4D 6D 8D QD 2C 5C 8C TC KC"


def deal(players=2, hands=None, upcard="5D", tiplu="7H", stock_top="", dealer=0, **opts):
    rules = preset("marriage").with_options(**opts) if opts else preset("marriage")
    order = stacked_order(rules, players, dealer, hands or {}, upcard, tiplu, stock_top)
    state, events = new_match(rules, players, seed=1, order=order, dealer=dealer)
    return state, events


def start(players=2, **kw):
    """Deal, and let every seat expose nothing: the first turn begins."""
    state, _ = deal(players, **kw)
    while state.phase == Phase.FAMILY:
        state, _ = apply(state, DoneExposing())
    return state


def cards(state, seat, text):
    """Those physical cards of the seat's hand (identical ones distinct)."""
    hand = list(state.hands[seat])
    out = []
    for token in text.split():
        kind = parse_kind(token)
        c = next(c for c in hand if c.kind == kind)
        hand.remove(c)
        out.append(c)
    return tuple(out)


def groups(state, seat, *texts):
    return tuple(cards(state, seat, t) for t in texts)


# ------------------------------------------------------------------ rules
def test_preset_and_options():
    r = preset("marriage")
    assert isinstance(r, MarriageRules) and r.hand_size == 21
    assert (r.min_players, r.max_players, r.decks_for(5)) == (2, 5, 3)
    assert r.direction == "clockwise" and not r.printed_jokers
    assert r.jokers_per_deck_in_play == 0
    assert r.with_options(printed_jokers=True).jokers_per_deck_in_play == 2
    # every §6 option is settable, with the defaults of marriage_maal
    opts = r.marriage_options
    assert (opts.unseen_maal, opts.maal_table, opts.double_marriage) == ("murder", "pagat", 30)
    assert (opts.seen_loser_points, opts.unseen_loser_points, opts.dublee_win_points) == (
        3, 10, 5)
    r2 = r.with_text_options(["unseen_maal=kidnap", "double_marriage=20",
                              "dublee_route=four_plus", "unseen_may_pick=no",
                              "tunnela_bonus=any", "maal_table=house",
                              "dublee_seer_pays=false", "direction=counterclockwise"])
    assert r2.marriage_options.unseen_maal == "kidnap" and not r2.unseen_may_pick
    with pytest.raises(RuleError, match="double_marriage"):
        r.with_options(double_marriage=25)
    with pytest.raises(RuleError, match="unseen_maal"):
        r.with_options(unseen_maal="theft")
    with pytest.raises(RuleError, match="match"):
        r.with_options(match="pool")
    with pytest.raises(RuleError, match="fixed by the variant"):
        r.with_options(hand_size=13)
    with pytest.raises(RuleError, match="2-5 players"):
        new_match(r, 6, seed=1)


# ------------------------------------------------------------------ deal
def test_the_deal_sets_the_tiplu_aside_face_down():
    s, events = deal(players=3, upcard="5D", tiplu="7H")
    # 156 cards: 3·21 dealt, the upcard, the tiplu set aside, 91 in the stock
    assert [len(h) for h in s.hands] == [21, 21, 21]
    assert len(s.stock) == 156 - 63 - 2 and str(s.discard[-1]) == "5D"
    assert str(s.extra.tiplu) == "7H" and s.extra.tiplu not in s.stock
    assert s.cut is None and s.wild == frozenset()  # the core never holds it
    start_event = next(e for e in events if isinstance(e, DealStarted))
    assert start_event.cut is None and start_event.wild == frozenset()
    assert s.phase == Phase.FAMILY and s.to_act == 2  # the first player
    check_invariants(s)  # the tiplu is counted through table_cards
    for seat in range(3):
        v = view_for(s, seat)
        assert v.cut is None and v.wild == frozenset() and v.extra.tiplu is None


def test_a_printed_joker_is_never_the_tiplu():
    # with printed jokers the card after the upcard is a joker: passed over,
    # the next card (QC) is the tiplu and the joker stays in the stock
    s, _ = deal(upcard="5D", tiplu="JK", stock_top="QC", printed_jokers=True)
    assert str(s.extra.tiplu) == "QC"
    assert str(s.stock[-1]) == "JK" and len(s.stock) == 3 * 54 - 42 - 2
    check_invariants(s)
    assert parse_kind("JK") in s.extra.wild  # printed jokers are wild once seen


# -------------------------------------------------------------- exposing
def test_exposing_tunnelas_before_the_first_turn():
    hand = "8H 8H 8H 3C 3C 3C " + " ".join(NOTHING.split()[:15])
    s, _ = deal(players=3, hands={2: hand, 1: NOTHING})
    assert s.to_act == 2
    legal = legal_actions(s)
    assert DoneExposing() in legal and len(legal) == 3  # two tunnelas or done
    with pytest.raises(IllegalAction, match="first says whether to expose"):
        check(s, DrawStock())  # nobody draws before every seat has answered
    assert DrawStock() not in legal
    s, ev = play(s, ExposeTunnela(cards(s, 2, "8H 8H 8H")))
    assert isinstance(ev[0], TunnelaExposed) and len(s.hands[2]) == 18
    assert s.to_act == 2  # the same seat may expose another
    with pytest.raises(IllegalAction, match="three identical"):
        check(s, ExposeTunnela(cards(s, 2, "3C 3C 5S")))
    s, _ = play(s, ExposeTunnela(cards(s, 2, "3C 3C 3C")), DoneExposing())
    check_invariants(s)
    # seat 1 holds no tunnela: it is asked too (nobody learns who holds one)
    assert s.to_act == 1 and legal_actions(s) == [DoneExposing()]
    s, _ = play(s, DoneExposing(), DoneExposing())
    assert s.phase == Phase.DRAW and s.turn == 2
    assert [len(g) for g in view_for(s, 0).extra.exposed[2]] == [3, 3]
    with pytest.raises(IllegalAction):
        check(s, ExposeTunnela(cards(s, 1, "AS 3S 5S")))  # too late


# ---------------------------------------------------------------- seeing
def test_seeing_by_three_pure_sequences():
    s = start(hands={1: WINNER, 0: NOTHING}, stock_top="7D")
    assert not any(isinstance(a, SeeTiplu) for a in legal_actions(s))  # draw first
    with pytest.raises(IllegalAction, match="draw a card first"):
        check(s, SeeTiplu("sequences"))
    s, _ = play(s, DrawStock())
    assert SeeTiplu("sequences") in legal_actions(s)
    named = groups(s, 1, "2S 3S 4S", "9D TD JD", "4C 5C 6C")
    s, ev = play(s, SeeTiplu("sequences", named))
    assert isinstance(ev[0], TipluSeen) and ev[0].groups == named
    assert "7H" not in repr(ev)  # the event never shows the tiplu
    assert len(s.hands[1]) == 13 and s.extra.laid[1] == named
    check_invariants(s)
    me, other = view_for(s, 1), view_for(s, 0)
    assert str(me.cut) == "7H" and me.wild == s.extra.wild and str(me.extra.tiplu) == "7H"
    # 7S 7H 7D 7C, poplu 8H, jhiplu 6H
    assert {str(c) for c in (FAM_cards(me.wild))} == {"7S", "7H", "7D", "7C", "8H", "6H"}
    assert other.cut is None and other.wild == frozenset() and other.extra.tiplu is None
    assert other.extra.seen == (False, True)  # that seat 1 has seen is public
    with pytest.raises(IllegalAction, match="already seen"):
        check(s, SeeTiplu("sequences"))


def test_greedy_sees_the_tiplu_then_shows():
    # no show before the tiplu is seen (RULES.md §6): greedy, asked after
    # drawing 7D with three pure sequences in hand, lays them down to see;
    # then 7C and 7D are wild for it and it shows, throwing 9S, the one card
    # outside KS KD KC | 6H 7H 8H | 2H 3H 7C | QC QD 7D
    s = start(hands={1: WINNER, 0: NOTHING}, stock_top="7D")
    s, _ = play(s, DrawStock())
    bot = GreedyBot(1)
    see = bot.choose(view_for(s, 1))
    assert see == SeeTiplu("sequences")
    s, _ = play(s, see)
    show = bot.choose(view_for(s, 1))
    assert isinstance(show, Declare) and str(show.card) == "9S"


def FAM_cards(kinds):
    from game.engine.cards import make_card

    return [make_card(k) for k in kinds]


def test_exposed_tunnelas_count_toward_the_three():
    # one exposed tunnela: two pure runs in hand are enough to see
    hand = "8S 8S 8S 2S 3S 4S 9D TD JD " + " ".join(NOTHING.split()[9:21])
    s, _ = deal(hands={1: hand}, stock_top="KD")
    s, _ = play(s, ExposeTunnela(cards(s, 1, "8S 8S 8S")), DoneExposing(), DoneExposing(),
                DrawStock())
    with pytest.raises(IllegalAction, match="exactly 2 group"):
        check(s, SeeTiplu("sequences", groups(s, 1, "2S 3S 4S", "9D TD JD", "9D TD JD")))
    s, _ = play(s, SeeTiplu("sequences"))
    assert len(s.extra.laid[1]) == 2 and len(s.hands[1]) == 22 - 3 - 6
    check_invariants(s)


def test_seeing_refused_with_the_reason():
    s = start(hands={1: NOTHING, 0: NOTHING}, stock_top="KD")
    s, _ = play(s, DrawStock())
    assert not any(isinstance(a, SeeTiplu) for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="three pure sequences or tunnelas"):
        check(s, SeeTiplu("sequences"))
    with pytest.raises(IllegalAction, match="seven dublees.*you have 0"):
        check(s, SeeTiplu("dublees"))
    with pytest.raises(IllegalAction, match="see by sequences or dublees"):
        check(s, SeeTiplu("tunnelas"))
    s = start(hands={1: WINNER, 0: NOTHING}, stock_top="7D")
    s, _ = play(s, DrawStock())
    # a dirty group (7C stands in for 4H) is not natural
    with pytest.raises(IllegalAction, match="no wild cards"):
        check(s, SeeTiplu("sequences", groups(s, 1, "2S 3S 4S", "9D TD JD", "2H 3H 7C")))
    with pytest.raises(IllegalAction, match="not all in your hand"):
        check(s, SeeTiplu("sequences", groups(s, 0, "AS 3S 5S", "8S TS QS", "AH 4H 9H")))


SEVEN_DUBLEES = "2S 2S 5H 5H 9D 9D JC JC KS KS 3D 3D AH AH 4C 6S 8D TH QC KD 2C"


def test_seeing_by_seven_dublees_and_the_dublee_route_option():
    s = start(hands={1: SEVEN_DUBLEES, 0: NOTHING}, stock_top="KD")
    s, _ = play(s, DrawStock())
    assert SeeTiplu("dublees") in legal_actions(s)
    assert SeeTiplu("sequences") not in legal_actions(s)
    s, ev = play(s, SeeTiplu("dublees"))
    # seven pairs on the table, 22 - 14 = 8 cards in hand (KD KD: an eighth)
    assert len(s.extra.laid[1]) == 7 and len(s.hands[1]) == 8
    assert s.extra.saw_by[1] == "dublees" and str(view_for(s, 1).cut) == "7H"
    check_invariants(s)
    # with dublee_route=four_plus two players may not see by dublees
    s = start(hands={1: SEVEN_DUBLEES, 0: NOTHING}, stock_top="KD", dublee_route="four_plus")
    s, _ = play(s, DrawStock())
    assert SeeTiplu("dublees") not in legal_actions(s)
    with pytest.raises(IllegalAction, match="4 or more players"):
        check(s, SeeTiplu("dublees"))
    with pytest.raises(IllegalAction, match="two identical"):
        s2 = start(hands={1: SEVEN_DUBLEES, 0: NOTHING}, stock_top="KD")
        s2, _ = play(s2, DrawStock())
        bad = groups(s2, 1, "2S 2S", "5H 5H", "9D 9D", "JC JC", "KS KS", "3D 3D", "4C 6S")
        check(s2, SeeTiplu("dublees", bad))


# ------------------------------------------- every choice of groups listed
def _named_sees(state, seat=1):
    """What ``view.moves()`` adds to ``view.legal``: seeing with groups named,
    each accepted by ``check``."""
    view = view_for(state, seat)
    more = view.moves()[len(view.legal):]
    for a in more:
        check(state, a)
    return more


def test_every_choice_of_pure_sequences_to_see_with_is_listed():
    # WINNER and 7D hold, to a player who has not seen (no card is wild yet),
    # these natural pure runs and no tunnela (no card twice):
    #   ♠ 2-3-4   ♥ 6-7-8   ♦ 9-T-J, T-J-Q, J-Q-K   ♣ 4-5-6, 5-6-7
    # The runs of one suit share cards, so a choice of three takes three
    # suits: ♠♦♣ 1·3·2 = 6, ♠♦♥ 3, ♠♣♥ 2, ♦♣♥ 3·2 = 6: seventeen choices.
    s = start(hands={1: WINNER, 0: NOTHING}, stock_top="7D")
    s, _ = play(s, DrawStock())
    assert SeeTiplu("sequences") in legal_actions(s)  # the engine's choice
    more = _named_sees(s)
    suits = [["2S 3S 4S"], ["6H 7H 8H"], ["9D TD JD", "TD JD QD", "JD QD KD"],
             ["4C 5C 6C", "5C 6C 7C"]]
    expected = {frozenset(pick) for three in combinations(suits, 3)
                for pick in product(*three)}
    assert len(expected) == 17
    chosen = [frozenset(" ".join(str(c) for c in g) for g in a.groups) for a in more]
    assert all(a.route == "sequences" for a in more)
    assert len(chosen) == 17 and set(chosen) == expected


def test_every_choice_of_seven_dublees_is_listed():
    # SEVEN_DUBLEES and K♦: eight dublees (K♦ K♦ the eighth); seeing lays
    # seven of them, so each choice leaves one out: eight choices
    s = start(hands={1: SEVEN_DUBLEES, 0: NOTHING}, stock_top="KD")
    s, _ = play(s, DrawStock())
    more = _named_sees(s)
    assert len(more) == 8 and all(a.route == "dublees" for a in more)
    left_out = {frozenset(str(c) for g in a.groups for c in g) for a in more}
    assert len(left_out) == 8
    s, events = play(s, more[0])
    assert s.extra.seen[1] and len(s.extra.laid[1]) == 7


# ------------------------------------------------------- no wild unseen
def test_no_wild_cards_and_no_show_before_seeing():
    s = start(hands={1: WINNER, 0: NOTHING}, stock_top="7D")
    s, _ = play(s, DrawStock())
    throw = card(s, 1, "9S")
    assert not any(isinstance(a, Declare) for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="see the tiplu first"):
        check(s, Declare(throw))
    # judged on the hand alone, the same cards are no show for a player who
    # has not seen: 2H 3H 7C and QC QD 7D need wild cards
    rest = tuple(c for c in s.hands[1] if c != throw)
    assert FAM.show_reason(s, 1, rest) is not None
    s, _ = play(s, SeeTiplu("sequences", groups(s, 1, "2S 3S 4S", "9D TD JD", "4C 5C 6C")))
    assert declarable(s, tuple(c for c in s.hands[1] if c != throw))


# --------------------------------------------------------------- discards
def _seen_seat_1(hand=WINNER, top="5D", **opts):
    """Seat 1 draws, sees, throws; seat 0 throws ``top`` onto the pile."""
    s = start(hands={1: hand, 0: NOTHING.replace("QD", top, 1) if top != "5D" else NOTHING},
              stock_top="KH 4S", **opts)
    s, _ = play(s, DrawStock())
    if hand == WINNER:
        s, _ = play(s, SeeTiplu("sequences", groups(s, 1, "2S 3S 4S", "9D TD JD", "4C 5C 6C")))
        s, _ = play(s, Discard(card(s, 1, "KH")))
    else:
        s, _ = play(s, SeeTiplu("dublees"), Discard(card(s, 1, "KH")))
    s, _ = play(s, DrawStock(), Discard(card(s, 0, top)))
    return s


def test_who_has_seen_may_not_take_a_wild_card():
    s = _seen_seat_1(top="7S")  # a seven: wild for seat 1
    assert DrawDiscard() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="wild card may not be taken"):
        check(s, DrawDiscard())
    s = _seen_seat_1(top="9C")  # an ordinary card may be taken
    assert DrawDiscard() in legal_actions(s)


def test_an_unseen_player_may_take_a_wild_card_unless_the_option_says_no():
    s = start(hands={1: NOTHING, 0: NOTHING}, upcard="7S")
    assert DrawDiscard() in legal_actions(s)  # seat 1 does not know 7S is wild
    s = start(hands={1: NOTHING, 0: NOTHING}, upcard="7S", unseen_may_pick=False)
    with pytest.raises(IllegalAction, match="see the tiplu before taking"):
        check(s, DrawDiscard())


def test_a_dublee_player_takes_a_discard_only_for_the_eighth_dublee():
    # seat 1 saw by dublees and holds 8 cards, one of them a 4C
    hand = SEVEN_DUBLEES.replace("KD", "9H")
    s = _seen_seat_1(hand=hand, top="TS")
    assert not s.extra.laid[0] and s.extra.saw_by[1] == "dublees"
    with pytest.raises(IllegalAction, match="only to complete the eighth dublee"):
        check(s, DrawDiscard())  # TS pairs nothing in seat 1's hand
    s = _seen_seat_1(hand=hand, top="4C")
    assert DrawDiscard() in legal_actions(s)  # 4C 4C: the eighth dublee
    s, _ = play(s, DrawDiscard())
    assert any(isinstance(a, Declare) for a in legal_actions(s))


# ---------------------------------------------------------------- winning
def test_winning_by_sequences_seeing_and_showing_in_one_turn():
    # seat 0 unseen, holding two poplu (8H 8H: 5 maal, murdered)
    loser = "8H 8H " + " ".join(NOTHING.split()[2:])
    s = start(hands={1: WINNER, 0: loser}, stock_top="7D")
    s, _ = play(s, DrawStock(),
                SeeTiplu("sequences", groups(s, 1, "2S 3S 4S", "9D TD JD", "4C 5C 6C")))
    s, ev = play(s, Declare(card(s, 1, "9S")))
    assert any(isinstance(e, Declared) and e.valid for e in ev)
    r = s.result
    assert r.winner == 1 and sum(r.deltas) == 0
    # seat 1: game 10 (seat 0 had not seen); maal: marriage 6H 7H 8H = 10
    #   (7C 7D are ordinary jokers: nothing).  seat 0: 8H 8H = 5, murdered.
    # T = 10; seat 1: 2·10 − 10 = +10; seat 0: 2·0 − 10 = −10
    assert r.deltas == (-20, 20)
    assert [x.pays for x in r.seats] == [10, 0] and [x.count for x in r.seats] == [0, 10]
    assert r.seats[1].why == ("won (sequences): collects 10; maal 10 (marriage 10) → "
                              "2·10 − 10 = +10; net +20")
    assert r.seats[0].why == ("not seen: pays 10; maal 5 (poplu 5) not counted (murder) → "
                              "2·0 − 10 = −10; net −20")
    assert any("T = 10" in note for note in r.notes)
    assert len(r.seats[1].melds) == 7 and not r.seats[1].deadwood
    check_invariants(s)
    assert view_for(s, 0).cut is not None  # the deal is over: the tiplu is shown


def test_winning_by_eight_dublees():
    s = start(hands={1: SEVEN_DUBLEES, 0: NOTHING}, stock_top="KD")
    s, _ = play(s, DrawStock(), SeeTiplu("dublees"))
    # hand: KD KD and six single cards: throw one and show eight dublees
    s, ev = play(s, Declare(card(s, 1, "4C")))
    r = s.result
    assert r.winner == 1
    # game: 10 (unseen) + 5 (dublee finish); no maal anywhere (no 6H 7H 8H held)
    assert r.deltas == (-15, 15) and r.seats[0].pays == 15
    assert any("eight dublees" in n for n in r.notes)
    assert r.seats[1].meld_names.count("dublee") == 8


def test_a_false_show_is_refused_by_default():
    # drawing 5S and throwing the wild 7C leaves three wild cards (6H 7H 8H)
    # for four gaps: 2H 3H, QC QD (one each), 9S and 5S (two each)
    s = start(hands={1: WINNER, 0: NOTHING}, stock_top="5S")
    s, _ = play(s, DrawStock(),
                SeeTiplu("sequences", groups(s, 1, "2S 3S 4S", "9D TD JD", "4C 5C 6C")))
    # a refused declaration is never offered: only the valid one is
    assert Declare(card(s, 1, "7C")) not in legal_actions(s)
    assert Declare(card(s, 1, "9S")) in legal_actions(s)
    with pytest.raises(IllegalAction, match="not a valid declaration: every card must be in "
                                            "a 3-card meld"):
        check(s, Declare(card(s, 1, "7C")))
    assert check(s, Declare(card(s, 1, "9S"))) is None  # 5S 6H 7H is a dirty run


def test_a_false_show_under_the_penalty_option_kills_the_hand():
    s = start(players=3, hands={2: WINNER, 1: NOTHING}, stock_top="5S 9H",
              invalid_declaration="penalty")
    s, _ = play(s, DrawStock(),
                SeeTiplu("sequences", groups(s, 2, "2S 3S 4S", "9D TD JD", "4C 5C 6C")))
    s, ev = play(s, Declare(card(s, 2, "7C")))
    assert any(isinstance(e, Declared) and not e.valid for e in ev)
    assert s.status[2] == "dead" and not s.hands[2] and s.turn == 1
    check_invariants(s)  # the laid groups stay on the table, counted
    s, _ = play(s, DrawStock(), Discard(card(s, 1, "9H")))
    assert s.turn == 0 and s.phase == Phase.DRAW


def test_no_packing_in_marriage():
    s = start(hands={1: NOTHING, 0: NOTHING})
    assert Pack() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="no such move"):
        check(s, Pack())


# ------------------------------------------------------------------ match
def test_a_match_is_a_round_of_deals_highest_total_wins():
    s = start(hands={1: SEVEN_DUBLEES, 0: NOTHING}, stock_top="KD")
    s, _ = play(s, DrawStock(), SeeTiplu("dublees"), Declare(card(s, 1, "4C")))
    assert s.phase == Phase.DEAL_OVER and s.scores == (-15, 15)
    s, _ = apply(s, NextDeal())  # every player deals once a round: seat 1 deals
    assert s.dealer == 1 and s.phase == Phase.FAMILY and s.extra.seen == (False, False)
    rules = preset("marriage").with_options(rounds=2)
    state, _ = new_match(rules, 3, seed=4)
    from game.engine.match import deals_in_match

    assert deals_in_match(rules, 3) == 6 and state.deal_no == 1
