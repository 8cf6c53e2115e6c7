"""Vazhushal's rule option ``all_wild_melds`` (RULES.md §1: "A meld made only
of wild cards: not allowed by default in the 13-card family and Vazhushal
(option: allowed)"; §7: "never a meld of wild cards only", the default; §8:
every rule option is a field of the rule set with a default).  Even with the
option a player's first meld is a pure sequence and one pure meld always
remains (§7).

The negative joker is 2♣ unless a test says otherwise: the red twos 2♥ 2♦
and the printed jokers are wild.  Values (§7): A K Q J 10 = 10, others face
value; a wild card in a meld is worth the card it stands for, one left in
hand costs 20."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings

from game.engine import (
    JOKER_KIND,
    Discard,
    DrawStock,
    Phase,
    apply,
    check,
    check_invariants,
    check_offers,
    parse_cards,
    parse_kind,
    view_for,
)
from game.families import family_of, make_bot, preset
from game.families.vazhushal import family as vazhushal_family
from game.families.vazhushal.actions import (
    LayMeld,
    LayOff,
    Position,
    Wipe,
    resolve_laydown,
    set_table,
)
from game.families.vazhushal.family import WipeRules
from game.families.vazhushal.judge import Judge
from game.families.vazhushal.laydown import best_laydown, go_out
from game.families.vazhushal.melds import (
    SEQUENCE,
    TableMeld,
    check_table,
    meld_reason,
    negative_wilds,
    readings,
    reason_not_meld,
)
from game.families.vazhushal.offers import meld_moves, reading_for
from game.families.vazhushal.table.moves import new_meld, wipe_plans_from
from game.simulate import simulate
from tests.engine.families.test_vazhushal_family import (
    cards,
    deal,
    kinds_of,
    reading,
    refused,
    table_ok,
)
from tests.engine.families.test_vazhushal_melds import _check_laydown, _check_melds
from tests.engine.families.test_vazhushal_melds_referee import _ref_search, small_hands
from tests.engine.helpers import accepted, card, play

WILD = negative_wilds(parse_kind("2C"))  # 2♥ 2♦ (and the printed jokers)
ALLOWED = {"all_wild_melds": True}


def _wild_only(meld) -> bool:
    return not any(c.kind == k for c, k in zip(meld.cards, meld.stands_for, strict=True))


# ------------------------------------------------------------------ the rule


def test_the_option_is_off_by_default_and_has_its_menu_words():
    rules = preset("vazhushal")
    assert rules.all_wild_melds is False and "all_wild_melds" in WipeRules.OPTIONS
    assert rules.with_options(all_wild_melds=True).all_wild_melds is True
    assert rules.with_text_options(["all_wild_melds=true"]).all_wild_melds is True
    words = WipeRules.WORDS["all_wild_melds"]
    assert words.label == "Melds of wild cards only" and words.section == "Cards"


def test_readings_of_wild_cards_only():
    jk_jk_2h = parse_cards("JK JK 2H")
    # by default only readings with the 2♥ standing as itself (A-2-3♥, a set
    # of 2s ...): a natural card, so no meld of wild cards only
    plain = readings(jk_jk_2h, WILD)
    assert plain and not any(_wild_only(r) for r in plain)
    got = readings(jk_jk_2h, WILD, all_wild=True)
    # with the option also the readings worth most: Q-K-A in each suit and
    # three Aces in each choice of suits
    top = [r for r in got if _wild_only(r)]
    assert len(top) == 8 and {r.value for r in top} == {30} and not any(r.pure for r in top)
    assert [r for r in got if not _wild_only(r)] == plain
    three_jokers = parse_cards("JK JK JK")
    assert "not wild cards only" in reason_not_meld(three_jokers, WILD)
    assert reason_not_meld(three_jokers, WILD, all_wild=True) is None
    as_9_10_j = reading(jk_jk_2h, "9H TH JH")  # any reading may be named
    assert "not wild cards only" in meld_reason(as_9_10_j, WILD)
    assert meld_reason(as_9_10_j, WILD, all_wild=True) is None


# --------------------------------------------------------- laying melds


HAND = "JK JK 2H 5S 6S 7S KC 7C 5D JS QD 8H AS"


def test_a_meld_of_wild_cards_only_is_refused_by_default_and_laid_with_the_option():
    for options in ({}, ALLOWED):
        s, _ = deal({1: HAND}, upcard="9C", cut="2C", **options)
        s, _ = play(s, DrawStock())
        wilds = reading(cards(s, 1, "JK JK 2H"), "9H TH JH")
        # as a first meld: no pure sequence (by default no meld at all)
        refused(s, LayMeld(wilds), "first meld must be a pure sequence" if options else
                "not wild cards only")
        s, _ = play(s, LayMeld(reading(cards(s, 1, "5S 6S 7S"), "5S 6S 7S")))
        if not options:
            refused(s, LayMeld(wilds), "at least one card standing as itself, not wild cards only")
            # the engine reads them with the 2♥ as itself (A-2-3♥)
            assert not _wild_only(reading_for(Position.of_state(s), wilds.cards))
            continue
        check(s, LayMeld(wilds))
        engine = reading_for(Position.of_state(s), wilds.cards)  # the engine's reading
        assert engine.value == 30 and _wild_only(engine)
        assert any(_wild_only(m.meld) for m in meld_moves(Position.of_state(s)))
        plan = new_meld(Position.of_state(s), wilds.cards)  # the table's way of laying it
        assert _wild_only(next(a for a in plan.actions if accepted(s, a)).meld)
        s, _ = play(s, LayMeld(wilds))
        assert s.extra.melds[1][-1] == wilds and not wilds.pure and wilds.value == 29
        table_ok(s)


def test_three_jokers_are_offered_as_a_meld_with_the_option():
    # four players, two decks: four printed jokers.  Seat 3 (the dealer's
    # left) lays 5-6-7♠; JK JK JK is then among the moves it may make
    for options in ({}, ALLOWED):
        s, _ = deal({3: "JK JK JK 5S 6S 7S KC 7C 5D JS QD 8H AS"}, upcard="9C", cut="2C",
                    players=4, **options)
        s, _ = play(s, DrawStock())
        s, _ = play(s, LayMeld(reading(cards(s, 3, "5S 6S 7S"), "5S 6S 7S")))
        jokers = [m.meld for m in meld_moves(Position.of_state(s))
                  if all(c.kind == JOKER_KIND for c in m.meld.cards)]
        assert bool(jokers) == bool(options)
        for meld in jokers:
            check(s, LayMeld(meld))


def test_the_pure_meld_rules_hold_with_the_option():
    two_three_four = parse_cards("2H 3H 4H")
    pure = reading(two_three_four, "2H 3H 4H")  # 2♥ as itself: pure
    impure = reading(two_three_four, "5H 3H 4H")  # 2♥ standing for 5♥
    wilds = reading(parse_cards("JK JK 2D"), "QS KS AS")
    used = list(wilds.cards)
    assert check_table([], [wilds], used, WILD, all_wild=True) == \
        "your first meld must be a pure sequence"
    assert check_table([pure], [impure, wilds], used, WILD, all_wild=True) == \
        "at least one of your melds must stay pure"
    assert check_table([pure], [pure, wilds], used, WILD, all_wild=True) is None
    assert "not wild cards only" in check_table([pure], [pure, wilds], used, WILD)


def test_a_wipe_may_make_a_meld_of_wild_cards_only_with_the_option():
    # seat 0 throws a joker; seat 1 (5-6-7♠ on the table) wipes it into
    # JK 2♥ 2♦, then lays the 9♣ off on that meld (read again: 9-10-J-Q♣)
    for options in ({}, ALLOWED):
        s, _ = deal({1: "5S 6S 7S 2H 2D KC 9C 4D TC JD QH 8S 3C", 0: "JK"}, upcard="9D",
                    stock_top="AC KH", **options)
        s, _ = play(s, DrawStock(), LayMeld(reading(cards(s, 1, "5S 6S 7S"), "5S 6S 7S")))
        s, _ = play(s, Discard(card(s, 1, "AC")), DrawStock(), Discard(card(s, 0, "JK")))
        jk = s.discard[-1]
        wilds = reading((jk,) + cards(s, 1, "2H 2D"), "QC KC AC")
        plans = wipe_plans_from(Position.of_state(s), len(s.discard) - 1)  # the engine's
        assert any(_wild_only(p.meld) for p in plans) == bool(options)
        if not options:
            refused(s, Wipe(jk, wilds), "not wild cards only")
            continue
        s, _ = play(s, Wipe(jk, wilds))
        assert s.extra.melds[1][-1] == wilds and s.phase == Phase.DISCARD
        s, _ = play(s, LayOff(card(s, 1, "9C"), 1))
        grown = s.extra.melds[1][1]
        assert kinds_of(grown) == ["2D", "2H", "9C", "JK"] and grown.stands_for[-1] == \
            parse_kind("9C")
        table_ok(s)


# ------------------------------------------------------- the lay-down


def test_the_lay_down_counts_a_meld_of_wild_cards_only():
    # 5♠ 6♠ 7♠ JK JK 2♥, no meld yet.  By default the pure 5-6-7♠ (18) and
    # A-2-3♥ with the 2♥ as itself (15): 33 (5-10♠ is worth 45 but leaves no
    # pure meld).  With the option: 5-6-7♠ and JK JK 2♥ at Q-K-A: 18 + 30.
    hand = parse_cards("5S 6S 7S JK JK 2H")
    assert best_laydown(hand, WILD).score == 33
    got = best_laydown(hand, WILD, all_wild=True)
    assert got.score == 48 and any(_wild_only(m) for m in got.melds)
    _check_laydown(got, hand, WILD, all_wild=True)
    # the greedy bots' count and the bots' judge read the option too
    fam = family_of(preset("vazhushal"))
    kinds = [c.kind for c in hand]
    assert fam.count_kinds(preset("vazhushal"), 2, kinds, WILD) == -33
    assert fam.count_kinds(preset("vazhushal").with_options(**ALLOWED), 2, kinds, WILD) == -48
    # the judge reads a hand as if a pure meld were laid: 5-10♠ (45) by default
    for options, score in (({}, 45), (ALLOWED, 48)):
        s, _ = deal({1: "5S 6S 7S JK JK 2H"}, upcard="9C", cut="2C", **options)
        judge = Judge(view_for(s, 1), counting=False)
        assert judge.shape(list(cards(s, 1, "5S 6S 7S JK JK 2H")), table=()).score == score


def test_lay_down_lays_a_meld_of_wild_cards_only_when_it_scores_most():
    # 5-6-7♠ on the table (the player's only pure meld: no wild card may join
    # it), JK JK 2♥ 3♣ in hand and the 4♥ kept to throw.  By default the best
    # is A-2-3-4♣ (19; 3-6♣ is 18, a set of 3s 12); with the option the wild
    # cards alone at the top (30) and the 3♣ left (-3): 27.
    run = TableMeld(tuple(parse_cards("5S 6S 7S")), SEQUENCE, tuple(parse_kind(t) for t in
                                                              ("5S", "6S", "7S")))
    hand = tuple(parse_cards("JK JK 2H 3C 4H"))
    four_h, three_c = hand[-1], hand[-2]
    for all_wild, laid, left in ((False, 19, ()), (True, 30, (three_c,))):
        pos = Position(1, Phase.DISCARD, hand, (run,), (), WILD, four_h, all_wild)
        melds, why = resolve_laydown(pos, four_h)
        assert why is None and melds[0] == run and len(melds) == 2
        assert melds[1].value == laid and _wild_only(melds[1]) == all_wild
        assert set(hand) - {c for m in melds for c in m.cards} == {four_h, *left}


def test_a_deal_with_a_meld_of_wild_cards_only_plays_out_clean():
    # seat 1 lays 5-6-7♠ and JK JK 2♥ (the wild cards alone), throws the 8♥;
    # then both seats (greedy) play the deal out, every offer and invariant
    # checked after every action, the meld of wild cards kept to the end
    s, _ = deal({1: HAND}, upcard="9C", cut="2C", **ALLOWED)
    s, _ = play(s, DrawStock())
    s, _ = play(s, LayMeld(reading(cards(s, 1, "5S 6S 7S"), "5S 6S 7S")))
    s, _ = play(s, LayMeld(reading(cards(s, 1, "JK JK 2H"), "QH KH AH")))
    s, _ = play(s, Discard(card(s, 1, "8H")))
    table_ok(s)
    _play_out(s)


def _play_out(state) -> None:
    bots = [make_bot("greedy", seat) for seat in range(state.players)]
    steps = 0
    while state.to_act is not None and steps < 2000:
        seat = state.to_act
        view = view_for(state, seat)
        action = bots[seat].choose(view)
        assert action in view.legal or action in view.moves()
        check_offers(state)
        state, _ = apply(state, action)
        check_invariants(state)
        if state.extra is not None and state.phase != Phase.DEAL_OVER:
            table_ok(state)
        steps += 1
    assert state.result is not None  # the deal was played to its end
    assert any(_wild_only(m) for m in state.extra.melds[1])


def test_whole_deals_with_the_option_play_clean(monkeypatch):
    # every invariant after every action, every offer accepted; in these two
    # deals (greedy and random players, seed 8) a player lays wild cards alone
    laid = []

    def spy(state, seat, after, what, card=None):
        laid.extend(m for m in after if _wild_only(m))
        return set_table(state, seat, after, what, card)
    monkeypatch.setattr(vazhushal_family, "set_table", spy)
    rules = preset("vazhushal").with_options(**ALLOWED)
    got = simulate(rules, 4, 2, 8, ["greedy", "random"], check="full")
    assert got["deals"] == 2 and laid


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands(max_cards=7))
@example((parse_cards("5S 6S 7S JK JK 2H"), WILD))  # 48 with the option, 33 without
def test_best_laydown_with_the_option_matches_brute_force(case):
    cards_, wild = case
    got = best_laydown(cards_, wild, all_wild=True)
    assert got.score == _ref_search(cards_, wild, all_wild=True)
    _check_laydown(got, cards_, wild, all_wild=True)
    on_table = best_laydown(cards_, wild, has_pure_on_table=True, all_wild=True)
    assert on_table.score == _ref_search(cards_, wild, pure_on_table=True, all_wild=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands(max_cards=7))
# 5-6-7♠ and four jokers (a joker cut: only the printed ones wild) go out
# only with the option: three jokers alone, the fourth thrown
@example((parse_cards("5S 6S 7S JK JK JK JK"), negative_wilds(JOKER_KIND)))
def test_go_out_with_the_option_matches_brute_force(case):
    cards_, wild = case
    got = go_out(cards_, wild, all_wild=True)
    assert (got is not None) == (_ref_search(cards_, wild, left_exactly=1,
                                             all_wild=True) is not None)
    if got is not None:
        _check_melds(list(got.melds), wild, all_wild=True)


