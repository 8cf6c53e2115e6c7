"""The coach names only what the screen shows (issue 21, item 7): the
groups the person arranged and their labels, in the table's card notation;
a wipe's reason never reads as a loss; a pack is advised in a player's
terms.  Each hand below is worked out by hand (RULES.md §2-§3, §6, §7)."""

from __future__ import annotations

from game.ai.base import PackOdds
from game.app.coach import Shown, explain, hint, lens_for
from game.engine import Discard, DrawStock, Pack, apply
from game.engine import view_for as engine_view
from game.families.vazhushal.actions import Wipe
from tests.ai.test_coach import card, past_exposing, stacked


def shown(state, seat, *groups):
    """The screen's groups: (label, is a meld, "cards")."""
    return [Shown(words, valid, tuple(card(state, seat, k) for k in cards.split()))
            for words, valid, cards in groups]


# ------------------------------------------- "keeps 3♥ 5♥ waiting for 4♥"
# Aces are wild (cut A♦) and none is in the hand.  Seat 1 holds J♠ Q♠ K♠,
# 7♦ 8♦ 9♦ and 2♥ 3♥ 4♥ (three pure sequences), 4♠ 4♣, K♣ 9♣, and draws 6♠.
# The solver's best count puts 4♥ with 4♠ 4♣ (a set: two sequences are
# there already), leaving 2♥ 3♥ loose; the person shows 2♥ 3♥ 4♥ as a
# pure sequence and 4♠ 4♣ apart.
POINTS_HAND = "2H 3H 4H 4S 4C JS QS KS 7D 8D 9D KC 9C"


def _points_position():
    s = stacked("points", {1: POINTS_HAND}, upcard="5D", cut="AD", stock_top="6S")
    s, _ = apply(s, DrawStock())
    return s


def test_without_the_screen_the_solver_names_a_pair_the_screen_shows_melded():
    # the fault as it was: what the reason says when the screen is not given
    s = _points_position()
    why = explain(lens_for(engine_view(s, 1)), Discard(card(s, 1, "6S")))
    assert "keeps 2♥ 3♥ open at both ends" in why


def test_a_discard_keeps_only_cards_the_screen_shows_loose():
    s = _points_position()
    lens = lens_for(engine_view(s, 1))
    lens.show(shown(s, 1, ("Pure sequence", True, "2H 3H 4H"),
                    ("Pure sequence", True, "JS QS KS"),
                    ("Pure sequence", True, "7D 8D 9D"),
                    ("No meld · 8", False, "4S 4C"),
                    ("No meld · 25", False, "KC 9C 6S")))
    # throwing 6♠ leaves 4♠ 4♣ K♣ 9♣ loose on screen: the only two that a
    # third card makes a meld of are 4♠ 4♣ (a set); K♣ 9♣ are four apart
    why = explain(lens, Discard(card(s, 1, "6S")))
    assert why == ("Throw 6♠: it is in none of your melds; keeps 4♠ 4♣ for a set; "
                   "the hand is then 2 cards from declaring.")
    # 2♥ is in the screen's pure sequence: throwing it breaks that group
    why = explain(lens, Discard(card(s, 1, "2H")))
    assert "it breaks your pure sequence 2♥ 3♥ 4♥" in why


def test_the_hint_is_given_the_screens_groups():
    s = _points_position()
    view = engine_view(s, 1)
    groups = shown(s, 1, ("Pure sequence", True, "2H 3H 4H"),
                   ("Pure sequence", True, "JS QS KS"),
                   ("Pure sequence", True, "7D 8D 9D"),
                   ("No meld · 33", False, "4S 4C KC 9C 6S"))
    h = hint(view, shown=groups)
    assert "2♥ 3♥" not in h.reason and "3♥ 4♥" not in h.reason


def test_a_stale_screen_is_ignored():
    s = _points_position()
    lens = lens_for(engine_view(s, 1))
    lens.show(shown(s, 1, ("Pure sequence", True, "2H 3H 4H")))  # not the whole hand
    assert lens.shown == () and lens.screen() == lens.layout(engine_view(s, 1).hand)


# --------------------------------------------------- "it breaks your trial"
MARRIAGE = "2S 3S 4S 9D TD JD 4C 5C KS KD KC 2H 3H 7C QC QD 9S 6S 5H 8C"
NOTHING = "AS 5S 8S TS QS 4H 6H 9H JH KH 2D 4D 6D QD 2C 8C TC KC 3C 6C JC"


def test_marriage_never_breaks_a_trial_the_screen_does_not_show():
    s = past_exposing(stacked("marriage", {1: MARRIAGE, 0: NOTHING}, upcard="5D",
                              cut="7H", stock_top="6C"))
    s, _ = apply(s, DrawStock())  # 6♣: 4♣ 5♣ 6♣
    view = engine_view(s, 1)
    king = card(s, 1, "KS")
    # the game's arrangement holds K♠ K♦ K♣ as a trial
    assert "it breaks your trial K♠ K♦ K♣" in explain(lens_for(view), Discard(king))
    # the person shows the kings apart, K♠ with the spades left over
    lens = lens_for(view)
    clubs = [c for c in view.hand if str(c) in ("KC", "QC", "7C", "8C")]
    groups = shown(s, 1, ("Pure sequence", True, "2S 3S 4S"),
                   ("Pure sequence", True, "9D TD JD"),
                   ("Pure sequence", True, "4C 5C 6C"),
                   ("No meld · 25", False, "KS 9S 6S"),
                   ("No meld · 10", False, "KD QD"),
                   ("No meld · 10", False, "2H 3H 5H"))
    groups.append(Shown("No meld · 35", False, tuple(clubs)))
    lens.show(groups)
    assert lens.shown  # every card is in a group
    why = explain(lens, Discard(king))
    assert why.startswith("Throw K♠: it is in none of your melds")
    assert "trial" not in why


# ----------------------------------------------------------- "K♠★"
def test_a_wild_card_is_written_as_the_table_writes_it():
    # kings are wild (cut K♦): 5♥ 6♥ K♠ is a sequence, K♠ standing for 7♥
    hand = "5H 6H KS 9C 9D 9S 2C 3C 4C JD 8S 7D 2D"
    s = stacked("points", {1: hand}, upcard="QH", cut="KD", stock_top="AS")
    s, _ = apply(s, DrawStock())
    view = engine_view(s, 1)
    lens = lens_for(view)
    lens.show(shown(s, 1, ("Sequence", True, "5H 6H KS"), ("Set", True, "9C 9D 9S"),
                    ("Pure sequence", True, "2C 3C 4C"),
                    ("No meld · 29", False, "JD 8S 7D 2D AS")))
    why = explain(lens, Discard(card(s, 1, "6H")))
    assert "it breaks your sequence 5♥ 6♥ K♠" in why
    assert "★" not in why
    for h in (hint(view), hint(view, shown=lens.shown)):
        assert "★" not in h.reason


# ----------------------------------- "9 loose cards left, against 7 now"
VAZHUSHAL = "3S 4S 5S 9H 9D 9C KH KD 2H 7C JD 4H 8S"
WIPE_OTHER = "AS 6S TS QS 6H JH 3D 4D 7D QD 3C 8C TC"


def test_a_wipe_that_takes_more_than_it_lays_says_no_falling_count():
    # the line is A♥ (the upcard) and Q♠ (seat 1's throw); seat 0 may wipe
    # from A♥, taking both: it lays 3♠ 4♠ 5♠ and A♥ K♥ 2♥ (twos wild, cut
    # 2♣), but the two cards taken leave more loose cards than before
    s = stacked("vazhushal", {0: VAZHUSHAL, 1: WIPE_OTHER}, upcard="AH", cut="2C",
                stock_top="6D 5C")
    assert s.to_act == 1
    s, _ = apply(s, DrawStock())
    s, _ = apply(s, Discard(card(s, 1, "QS")))
    view = engine_view(s, 0)
    lens = lens_for(view)
    wipe = next(a for a in view.legal if isinstance(a, Wipe) and str(a.card) == "AH")
    assert lens.wipe(wipe).need > lens.standing(view.hand).need
    why = explain(lens, wipe)
    assert why.startswith("Wipe from A♥: it takes 2 cards and lays ")
    assert "against" not in why and "loose cards left" not in why


# ----------------------------------------------------- the pack, explained
# No wild card (sixes wild, cut 6♥, none held), no two cards of a suit
# within two ranks, one pair of fours: the hand is far from declaring
HOPELESS = "AS 4S 7S TS 2H 5H 8H JH 3D 9D QD KC 4C"


def test_pack_advice_says_how_often_a_hand_like_this_wins_and_what_each_costs():
    s = stacked("points", {1: HOPELESS}, upcard="QC", cut="6H")
    view = engine_view(s, 1)
    lens = lens_for(view)
    need = lens.stock(view.hand).need
    assert need >= 6
    # packing.py's table, two players, first turn, six cards or more to
    # draw: wins 12%; a win takes 40 from the other player, a loss pays 58:
    # 0.12 * 40 - 0.88 * 58 = -46.24; the first drop costs 20 (RULES.md §3)
    assert explain(lens, Pack()) == (
        f"Pack: a hand {need} cards from declaring wins about 1 deal in 8 from here; "
        "playing on costs about 46 points on average, the drop 20.")


def test_pack_advice_gives_the_deciding_bots_numbers():
    s = stacked("points", {1: HOPELESS}, upcard="QC", cut="6H")
    lens = lens_for(engine_view(s, 1))
    lens.odds = PackOdds(20.0, 56.4, 0.25)
    assert explain(lens, Pack()).endswith(
        "wins about 1 deal in 4 from here; playing on costs about 56 points on average, "
        "the drop 20.")


def test_the_coach_never_advises_dropping_a_first_hand_with_a_pure_sequence_and_a_wild():
    # 3♥ 4♥ 5♥ pure, 7♣ wild (cut 7♦), the rest loose: five cards or so
    # from declaring, the hand the coach once told to pack
    hand = "3H 4H 5H 7C AS 9D 2C JH QS KD 8D TC 5S"
    for players in (2, 4):
        s = stacked("points", {1: hand}, upcard="QC", cut="7D", players=players)
        assert hint(engine_view(s, 1)).action != Pack()
