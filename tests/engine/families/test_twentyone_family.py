"""21-card and 27-card rummy as a playable family (RULES.md §4, §5): rule
sets, the deal, wild cards, the discard pile, shows and wrong shows, drops,
the match, the command line.  Stacked deals; expected values are worked out
by hand from RULES.md in the comments.  Settlement arithmetic is in
``test_twentyone_settle.py``.

Most deals cut 5♣: wild cards 5♣ (cut), 6♣ (upper), 4♣ (lower) and the
printed jokers (§4).  With seat 0 dealing counter-clockwise, seat 1 plays
first, then 2, 3, ... and 0 last."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

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
    view_for,
)
from game.engine.actions import Declared
from game.engine.cards import JOKER_KIND, parse_kind
from game.engine.shows import showable_kinds, valid_declarations
from game.engine.stack import stacked_order
from game.families import FAMILIES, family_of, preset
from game.families.twentyone.family import WideRules
from tests.engine.helpers import card, play

# Show "pure": four pure runs (A-2-3♠, 4-5-6♦, 9-10-J♣, 2-3-4♥), sets of
# kings, fives and queens: every card melded, no wild card among them.
SHOW = "AS 2S 3S 4D 5D 6D 9C TC JC KS KD KC 5S 5H 5D QD QS QH 2H 3H 4H"
# No pure sequence, no meld: 156 points (RULES §1 card points).
HIGH = "KS JS 9S 7S 5S 3S KH JH 9H 7H 5H 3H QD TD 8D 6D 4D 2D QC TC 8C"


def kinds(text: str) -> frozenset[int]:
    return frozenset(parse_kind(t) for t in text.split())


def deal21(variant="21card", players=3, dealer=0, hands=None, upcard="9D", cut="5C",
           stock_top="", **options):
    rules = preset(variant).with_options(**options) if options else preset(variant)
    order = stacked_order(rules, players, dealer, hands or {}, upcard, cut, stock_top)
    state, _ = new_match(rules, players, seed=1, order=order, dealer=dealer)
    return state


def pass_turn(state):
    """Draw from the stock and throw the card drawn (the hand is unchanged)."""
    drawn = state.stock[-1]
    return play(state, DrawStock(), Discard(drawn))[0]


# ------------------------------------------------------------------ rule sets


def test_presets_fix_the_form_hand_size_players_cap_and_wrong_show():
    r21, r27 = preset("21card"), preset("27card")
    assert family_of(r21) is FAMILIES["21card"] and family_of(r27) is FAMILIES["21card"]
    # §4: 21 cards, 2-6 players, cap 120, wrong show 120
    assert (r21.form, r21.hand_size, r21.min_players, r21.max_players) == (21, 21, 2, 6)
    assert (r21.cap, r21.wrong_show_points) == (120, 120)
    # §5: 27 cards, 2-5 players, cap 150, wrong show 150
    assert (r27.form, r27.hand_size, r27.min_players, r27.max_players) == (27, 27, 2, 5)
    assert (r27.cap, r27.wrong_show_points) == (150, 150)
    # drops 30/70, dropped cards set aside (catsatcards), the wild show on,
    # two marriages off, standard bonuses, the cut suit only
    assert (r21.first_drop, r21.middle_drop, r21.first_packer_cards) == (30, 70, "set_aside")
    assert r21.wild_show and not r21.two_marriage_show and r21.bonus_scheme == "standard"
    assert not r21.wild_any_suit and r21.match == "rounds" and r21.rounds == 1


def test_every_option_is_settable_and_the_form_is_not():
    r = preset("21card")
    changed = r.with_options(wild_any_suit=True, wild_show=False, two_marriage_show=True,
                             bonus_scheme="adda52", middle_drop=75, ace_points=11,
                             direction="clockwise", may_discard_picked=True,
                             invalid_declaration="refuse", first_packer_cards="under_stock",
                             stock_empty="reshuffle", rounds=3)
    assert changed.options()["middle_drop"] == 75 and changed.cap == 120
    assert set(r.options()) == set(WideRules.OPTIONS)
    for key in ("form", "hand_size", "cap", "wrong_show_points", "first_drop", "family"):
        with pytest.raises(RuleError, match="fixed by the variant|not a rule option"):
            r.with_options(**{key: 27})
    with pytest.raises(RuleError, match="middle_drop must be 70 or 75"):
        r.with_options(middle_drop=40)
    with pytest.raises(RuleError, match="bonus_scheme"):
        r.with_options(bonus_scheme="double")
    with pytest.raises(RuleError, match="match"):
        WideRules(match="pool")
    with pytest.raises(RuleError, match="form must be 21 or 27"):
        WideRules(form=13)
    # a hand-built 27-card rule set takes its numbers from the form
    assert WideRules(form=27).cap == 150 and WideRules(form=27).wrong_show_points == 150
    # the text options of the command line and the saves
    assert r.with_text_options(["wild_any_suit=on", "bonus_scheme=flat"]).bonus_scheme == "flat"


@pytest.mark.parametrize("variant, ok, bad", [("21card", (2, 6), (1, 7)),
                                               ("27card", (2, 5), (1, 6))])
def test_player_range(variant, ok, bad):
    rules = preset(variant)
    for n in ok:
        rules.check_players(n)
    for n in bad:
        with pytest.raises(RuleError, match="players"):
            rules.check_players(n)


# --------------------------------------------------------------------- the deal


@pytest.mark.parametrize("variant, players, size", [("21card", 6, 21), ("27card", 5, 27)])
def test_three_decks_three_jokers_and_the_cut_card_out_of_play(variant, players, size):
    state, _ = new_match(preset(variant), players, seed=3)
    cards = state.all_cards()
    # 3 x 52 + 3 printed jokers = 159
    assert len(cards) == 159 and sum(c.kind == JOKER_KIND for c in cards) == 3
    assert all(len(h) == size for h in state.hands)
    assert state.cut is not None and state.cut not in state.stock
    assert all(state.cut not in h for h in state.hands) and state.cut not in state.discard
    # 159 - players * size - upcard - cut
    assert len(state.stock) == 159 - players * size - 2
    check_invariants(state)


WILD_DEALS = [
    # (variant, options, cut, wild kinds besides printed jokers)
    ("21card", {}, "5C", "5C 6C 4C"),  # cut rank+suit, upper, lower
    ("21card", {}, "AH", "AH 2H KH"),  # Ace cut: 2 and K
    ("21card", {}, "KD", "KD AD QD"),  # K cut: Q and A
    ("21card", {"wild_any_suit": True}, "5C", "5S 5H 5D 5C 6C 4C"),
    ("21card", {}, "JK", "AS AH AD AC 2S KS"),  # printed-joker cut
    ("27card", {}, "5S", "3S 4S 5S 6S 7S"),  # first and second upper/lower
    ("27card", {}, "2C", "KC AC 2C 3C 4C"),  # wrapping
    ("27card", {}, "JK", "AS AH AD AC KS QS 2S 3S"),
]


@pytest.mark.parametrize("variant, options, cut, wild", WILD_DEALS)
def test_wild_cards_of_the_deal(variant, options, cut, wild):
    s = deal21(variant, players=2, cut=cut, **options)
    assert s.wild == kinds(wild)
    assert view_for(s, 1).wild == kinds(wild)  # public: the cut card is face up
    assert str(s.cut) == cut


def test_value_cards_are_in_the_family_state():
    s = deal21(players=2, cut="5C")
    assert s.extra.values == (parse_kind("5C"), parse_kind("6C"), parse_kind("4C"))
    s = deal21(players=2, cut="JK")
    assert s.extra.values == (parse_kind("AS"),)  # §4: only A♠ counts
    s = deal21("27card", players=2, cut="5S")
    assert s.extra.values == tuple(parse_kind(t) for t in "5S 6S 4S 7S 3S".split())


# ----------------------------------------------------------- the discard pile


@pytest.mark.parametrize("up", ["6C", "JK"])
def test_a_wild_first_upcard_may_be_taken(up):
    s = deal21(players=2, upcard=up)
    assert DrawDiscard() in legal_actions(s)
    s, _ = play(s, DrawDiscard())
    assert str(s.picked) == up


@pytest.mark.parametrize("wild_card", ["4C", "5C", "JK"])
def test_a_thrown_wild_card_may_not_be_taken(wild_card):
    # seat 1 throws a wild card it was dealt; seat 0 may not take it
    s = deal21(players=2, hands={1: wild_card})
    s, _ = play(s, DrawStock(), Discard(card(s, 1, wild_card)))
    assert DrawDiscard() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="wild card on the discard pile"):
        check(s, DrawDiscard())


@pytest.mark.parametrize("wild_card", ["6C", "JK"])
def test_a_wild_card_thrown_by_a_wrong_show_may_not_be_taken(wild_card):
    # seat 1 draws, then shows wrongly throwing a wild card before anyone
    # has discarded: the pile is the upcard and that card, so the wild card
    # on top is not the first upcard (§4) and seat 2 may not take it
    s = deal21(players=3, hands={1: wild_card})
    s, events = play(s, DrawStock(), Declare(card(s, 1, wild_card)))
    assert events[-1] == Declared(1, False, s.discard[-1], events[-1].reason)
    assert s.turn == 2 and str(s.discard[-1]) == wild_card
    assert DrawDiscard() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="wild card on the discard pile"):
        check(s, DrawDiscard())


def test_the_upcard_once_passed_is_like_any_discard():
    # seat 1 draws from the stock and throws it; the wild upcard is now
    # under a plain card, and seat 0 may take that plain card
    s = deal21(players=2, upcard="6C", stock_top="9S")
    s = pass_turn(s)
    assert str(s.discard[-1]) == "9S" and DrawDiscard() in legal_actions(s)


def test_the_card_just_taken_may_not_be_thrown_unless_the_option_says_so():
    s = deal21(players=2, upcard="9D")
    s, _ = play(s, DrawDiscard())
    with pytest.raises(IllegalAction, match="just took"):
        check(s, Discard(s.picked))
    t = deal21(players=2, upcard="9D", may_discard_picked=True)
    t, _ = play(t, DrawDiscard())
    check(t, Discard(t.picked))


# ------------------------------------------------------------------- shows


SHOW_CASES = [
    # (variant, hand after the discard, cut, options, show)
    ("21card", SHOW, "5C", {}, "pure"),
    # three tunnelas, the rest loose: show (b)
    ("21card", "7D 7D 7D 9S 9S 9S KH KH KH " + "2S 4S 6S 8S TS QS 3H 5H 7H 9H JH 2D",
     "5C", {}, "tunnelas"),
    # eight dublees, five loose cards: show (c)
    ("21card", "2S 2S 4H 4H 6D 6D 8C 8C TS TS QH QH KD KD 3C 3C " + "5S 7H 9D JC AS",
     "5C", {}, "dublees"),
    # eight wild cards (two jokers, 5C 5C 6C 6C 4C 4C): show (d)
    ("21card", "JK JK 5C 5C 6C 6C 4C 4C " + "2S 4S 6S 8S TS QS 3H 5H 7H 9H JH 2D 4D",
     "5C", {}, "wilds"),
    # 27 cards: four pure runs and every other card melded
    ("27card", SHOW + " 7S 8S 9S 7C 7D 7H", "5C", {}, "pure"),
]


@pytest.mark.parametrize("variant, hand, cut, options, show", SHOW_CASES)
def test_each_show_ends_the_deal(variant, hand, cut, options, show):
    # seat 1 draws 9D from the stock and shows, throwing it
    s = deal21(variant, players=2, hands={1: hand}, cut=cut, stock_top="9D", **options)
    s, _ = play(s, DrawStock())
    assert Declare(card(s, 1, "9D")) in valid_declarations(view_for(s, 1))
    s, events = play(s, Declare(card(s, 1, "9D")))
    assert Declared(1, True, s.discard[-1]) in events and str(s.discard[-1]) == "9D"
    assert s.phase == Phase.DEAL_OVER and s.result.winner == 1
    assert s.result.notes[0].startswith("seat 1 shows")
    check_invariants(s)


def card_of(cards, text):
    return next(c for c in cards if str(c) == text)


def test_the_wild_show_is_an_option():
    # eight wild cards held, nothing else melded
    hand = "JK JK 5C 5C 6C 6C 4C 4C 2S 4S 6S 8S TS QS 3H 5H 7H 9H JH 2D 4D"
    s = deal21(players=2, hands={1: hand}, stock_top="9D", wild_show=False)
    s, _ = play(s, DrawStock())
    assert valid_declarations(view_for(s, 1)) == []
    s, events = play(s, Declare(card(s, 1, "9D")))
    assert not events[0].valid and "8 dublees" in events[0].reason
    assert "wild cards" not in events[0].reason


def test_the_two_marriage_show_is_an_option():
    # cut 5C: 5C 6C 4C twice = two marriages; everything else loose
    hand = "5C 6C 4C 5C 6C 4C 2S 4S 6S 8S TS QS 3H 5H 7H 9H JH 2D 4D KD AD"
    s = deal21(players=2, hands={1: hand}, stock_top="9D")
    s, _ = play(s, DrawStock())
    assert valid_declarations(view_for(s, 1)) == []
    s = deal21(players=2, hands={1: hand}, stock_top="9D", two_marriage_show=True)
    s, _ = play(s, DrawStock())
    assert Declare(card(s, 1, "9D")) in valid_declarations(view_for(s, 1))
    s, _ = play(s, Declare(card(s, 1, "9D")))
    assert s.result.winner == 1 and s.result.notes[0] == "seat 1 shows: two marriages"


def test_a_wrong_show_makes_the_hand_dead_and_play_goes_on():
    # seat 1 shows HIGH (no meld at all): 120, its 21 cards set aside, seat 2
    # plays next
    s = deal21(players=3, hands={1: HIGH}, stock_top="9D")
    s, _ = play(s, DrawStock())
    s, events = play(s, Declare(card(s, 1, "9D")))
    assert not events[0].valid and "a show needs" in events[0].reason
    assert s.status[1] == "dead" and s.hands[1] == () and s.owed[1] == 120
    assert len(s.aside) == 21 and str(s.discard[-1]) == "9D"
    assert s.phase == Phase.DRAW and s.turn == 2
    check_invariants(s)  # the dead hand is still counted
    s = pass_turn(s)
    assert s.turn == 0
    s = pass_turn(s)
    assert s.turn == 2  # seat 1 is skipped from now on


def test_a_wrong_show_costs_150_in_27_card():
    s = deal21("27card", players=3, hands={1: HIGH + " 2C 3D 9H 9S TH JD"}, stock_top="9D")
    s, _ = play(s, DrawStock())
    s, _ = play(s, Declare(card(s, 1, "9D")))
    assert s.status[1] == "dead" and s.owed[1] == 150 and len(s.aside) == 27


def test_a_false_show_may_be_refused_instead():
    s = deal21(players=2, hands={1: HIGH}, stock_top="9D", invalid_declaration="refuse")
    s, _ = play(s, DrawStock())
    with pytest.raises(IllegalAction, match="not a valid declaration: a show needs"):
        check(s, Declare(card(s, 1, "9D")))
    assert s.status[1] == "active"


def test_the_reason_names_the_cards_in_no_meld():
    # SHOW with 4H swapped for KH: three pure runs remain, K♥ is loose
    hand = SHOW.replace("4H", "KH")
    s = deal21(players=2, hands={1: hand}, stock_top="9D")
    s, _ = play(s, DrawStock())
    s, events = play(s, Declare(card(s, 1, "9D")))
    assert not events[0].valid
    # K♥ joins the kings (a set of four): 2♥ 3♥ are left
    assert events[0].reason == "2 card(s) are in no meld: 2H 3H"


def test_showable_kinds_match_trying_every_discard():
    # SHOW + 9D: only throwing 9D leaves a show; SHOW + 5S: throwing any
    # of the three 5s leaves one (the set 5S 5H 5D stays whole)
    for extra, want in (("9D", "9D"), ("5S", "5S")):
        s = deal21(players=2, hands={1: SHOW}, stock_top=extra)
        s, _ = play(s, DrawStock())
        view = view_for(s, 1)
        assert showable_kinds(view) == kinds(want)
        fam = family_of(s.rules)
        brute = {c.kind for i, c in enumerate(view.hand)
                 if fam.show_of(s, view.hand[:i] + view.hand[i + 1:]) is not None}
        assert brute == set(kinds(want))


# -------------------------------------------------------------------- drops


def test_drops_30_then_70_and_the_dropped_hand_is_set_aside():
    s = deal21(players=3)
    hand = s.hands[1]
    s, events = play(s, Pack())  # seat 1, first turn: 30
    assert s.owed[1] == 30 and set(s.aside) == set(hand) and s.status[1] == "packed"
    s = pass_turn(s)  # seat 2
    s = pass_turn(s)  # seat 0
    s, events = play(s, Pack())  # seat 2, later turn: 70; seat 0 is last and wins
    assert s.result.winner == 0 and [x.pays for x in s.result.seats] == [0, 30, 70]


def test_middle_drop_option_75_and_cards_under_the_stock():
    s = deal21(players=3, middle_drop=75, first_packer_cards="under_stock")
    stock = len(s.stock)
    s, _ = play(s, Pack())
    assert len(s.stock) == stock + 21 and not s.aside
    s = pass_turn(s)
    s = pass_turn(s)
    s, _ = play(s, Pack())
    assert [x.pays for x in s.result.seats] == [0, 30, 75]


# -------------------------------------------------------------------- match


def test_a_match_is_a_set_number_of_deals_highest_total_wins():
    # rounds=2 with 3 players: 6 deals, every player dealing twice
    s, _ = new_match(preset("21card").with_options(rounds=2), 3, seed=4)
    dealers = []
    while s.phase != Phase.MATCH_OVER:
        dealers.append(s.dealer)
        s, _ = play(s, Pack(), Pack())
        if s.phase == Phase.DEAL_OVER:
            s, _ = play(s, NextDeal())
    assert len(dealers) == 6 and sorted(dealers) == [0, 0, 1, 1, 2, 2]
    assert sum(s.scores) == 0
    assert s.winners == tuple(i for i in range(3) if s.scores[i] == max(s.scores))


def test_the_stock_running_out_voids_the_deal_or_reshuffles():
    s = deal21(players=2)
    s = s.replace(stock=s.stock[-1:], aside=s.aside + s.stock[:-1])
    s = pass_turn(s)
    assert s.result.void and s.result.deltas == (0, 0)
    t = deal21(players=2, stock_empty="reshuffle")
    t = t.replace(stock=t.stock[-1:], aside=t.aside + t.stock[:-1])
    t = pass_turn(t)  # leaves the pile with two cards: one becomes the stock
    assert t.phase == Phase.DRAW and t.reshuffles == 1 and len(t.stock) == 1


# ------------------------------------------------------------- command line


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, timeout=120)


def test_evaluate_cli_prints_count_show_bonus_and_arrangement():
    loser = "7D 8D 9D 2S 2S 4S 6S 8S 9S 3H 3H 5H 7H 9H 2D 2D 4D 5D JD 3C 3C"
    valued = "KS JS 9S 7S 5C 5C 6C 4C KH JH 9H 7H 5H 3H QD TD 8D 6D 4D 2D QC"
    r = _cli("evaluate", "--variant", "21card", "--cut", "5C", SHOW, HIGH, loser, valued)
    assert r.returncode == 0, r.stderr
    a, b, c, d = (json.loads(line) for line in r.stdout.splitlines())
    assert (a["count"], a["declarable"], a["show"], a["bonus"]) == (2, True, "pure", 0)
    assert len(a["melds"]) == 7 and a["deadwood"] == []
    # HIGH: 156, capped at 120
    assert (b["count"], b["declarable"], b["show"]) == (120, False, None)
    # one pure run 7-8-9♦; everything else counts: 2+2+4+6+8+9 (spades 31)
    # + 3+3+5+7+9 (hearts 27) + 2+2+4+5+10 (diamonds 23) + 3+3 (clubs 6) = 87
    assert c["count"] == 87 and c["rung"] == "pure" and len(c["dublees"]) == 4
    # 5C 5C 6C 4C: a marriage (100) and one more cut card (10) = 110
    assert d["bonus"] == 110 and d["bonus_parts"] == ["marriage 100", "value 5♣ ×1 10"]
    assert d["value_cards"] == ["5C", "6C", "4C"]


def test_evaluate_cli_27_card_and_a_printed_joker_cut():
    r = _cli("evaluate", "--variant", "27card", "--cut", "JK",
             SHOW + " 7S 8S 9S AS AH AD")
    out = json.loads(r.stdout)
    # printed-joker cut: A♠ is the only value card, two held = 30; the Aces,
    # K♠ Q♠ 2♠ 3♠ are wild.  A♠ 2♠ 3♠ stand as themselves (a pure run), with
    # 4-5-6♦, 9-10-J♣, 2-3-4♥, 7-8-9♠: five pure runs; the kings, queens and
    # fives are sets; A♠ A♥ A♦ a group of wild cards: show "pure"
    assert out["show"] == "pure" and out["bonus"] == 30 and out["value_cards"] == ["AS"]
    assert {"AS", "AH", "AD", "AC", "KS", "QS", "2S", "3S", "JK"} == set(out["wild"])


@pytest.mark.parametrize("args, message", [
    (["--variant", "21card", "--cut", "5C", "AS 2S"], "hold 21 cards"),
    (["--variant", "27card", "--cut", "5C", SHOW], "hold 27 cards"),
    (["--variant", "21card", SHOW], "needs the cut joker"),
    (["--variant", "21card", "--cut", "5C", SHOW.replace("QH", "KS KS KS")[:-6]],
     "4 copies of KS"),
    (["--variant", "21card", "--cut", "5C", "--tiplu", "7H", SHOW], "--tiplu"),
    (["--variant", "21card", "--cut", "5C", "--decks", "2", SHOW], "three decks"),
    (["--variant", "21card", "--cut", "KS", SHOW.replace("QH", "KS KS")[:-3]], "out of play"),
    (["--variant", "21card", "--cut", "5C", "--rule", "form=27", SHOW], "fixed"),
])
def test_evaluate_cli_refuses_bad_input_in_one_line(args, message):
    r = _cli("evaluate", *args)
    assert r.returncode == 2 and message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_simulate_cli_runs_both_forms():
    for variant, players in (("21card", 4), ("27card", 3)):
        r = _cli("simulate", "--variant", variant, "--players", str(players), "--deals", "3",
                 "--seed", "2", "--bots", "random", "--quiet")
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert out["deals"] == 3 and sum(s["points"] for s in out["seats"]) == 0


def test_cards_parse_as_a_hand():
    assert len(parse_cards(SHOW)) == 21 and len(parse_cards(HIGH)) == 21
