"""The coach's words agree with the move and the numbers it was decided by
(defects found by following the game, s52)."""

from __future__ import annotations

from game.ai.base import PackOdds
from game.app.coach import explain, hint, lens_for
from game.engine import DrawDiscard, Pack, PlayerView, apply, new_match, view_for
from game.families import make_bot, preset
from game.families.vazhushal.actions import Wipe
from tests.ai.test_coach import NOTHING, WIPE_OTHER, past_exposing, stacked


def twentyone_drop_position() -> PlayerView:
    """21 cards, four players, seed 4: seat 0 (an easy bot's moves) at its
    second turn, 6 cards from the dublee show with no wild card; hard drops
    the hand, while the lens's fitted model puts playing on (about 34
    points) below the 70-point drop."""
    rules = preset("21card")
    state, _ = new_match(rules, 4, seed=4)
    bots = [make_bot("easy", 9)] + [make_bot("medium", s) for s in (1, 2, 3)]
    while not (state.to_act == 0 and state.turns_taken[0] == 1):
        state, _ = apply(state, bots[state.to_act].choose(view_for(state, state.to_act)))
    return view_for(state, 0)


def test_twentyone_hard_keeps_the_numbers_of_its_drop_and_the_hint_gives_them():
    v = twentyone_drop_position()
    model = lens_for(v).pack_odds()
    assert model.drop == 70.0 and model.play < model.drop  # the model alone says play on
    hard = make_bot("hard", 1).bot_for(v.rules.family)
    assert hard.choose(v) == Pack()
    odds = hard.pack_odds
    # the rollouts' cost of playing on, above the drop it chose instead; no
    # share of wins (a rollout's score counts bonuses, not only won deals)
    assert isinstance(odds, PackOdds) and odds.drop == 70.0 and odds.wins is None
    assert odds.play > odds.drop
    h = hint(v, seed=1)  # the coach's hard bot, seeded alike
    assert h.action == Pack()
    assert h.reason == ("Pack: the hand is 6 cards from the dublee show; playing on costs "
                        f"about {odds.play:.0f} points on average, the drop 70.")


def test_twentyone_hard_forgets_a_drop_once_it_plays_on():
    v = twentyone_drop_position()
    hard = make_bot("hard", 1).bot_for(v.rules.family)
    hard.pack_odds = PackOdds(70.0, 99.0)  # a drop of an earlier deal
    state, _ = new_match(preset("21card"), 4, seed=1)
    fresh = view_for(state, state.to_act)
    assert hard.choose(fresh) != Pack()
    assert hard.pack_odds is None


# Marriage, unseen, two players, seat 1 to draw (``tests.ai.test_coach``'s
# deal).  Two pure sequences 5♠ 6♠ 7♠ and Q♠ K♠ waiting for J♠ or A♠: one
# card from three pure sequences; five dublees (5♠ 6♠ 7♠ 2♥ 9♦): two cards
# from seven.  J♠ is on the pile.
TWO_PURES_FIVE_DUBLEES = "5S 6S 7S 5S 6S 7S QS KS 2H 2H 9D 9D AC 3D 8C TH 4C JD 9C KH 3C"
# Six dublees (5♠ 8♥ 2♦ J♣ 9♠ K♥), no two cards of a suit in a row beside
# 2♦ 3♦: one card from seven dublees, far from three pure sequences.
SIX_DUBLEES = "5S 5S 8H 8H 2D 2D JC JC 9S 9S KH KH AC 3D 7C TH 4C QD 6H 3C 7D"


def marriage_view(hand: str) -> PlayerView:
    s = past_exposing(stacked("marriage", {1: hand, 0: NOTHING}, upcard="JS", cut="4H"))
    assert s.to_act == 1
    return view_for(s, 1)


def test_marriage_distance_names_the_route_it_was_measured_on():
    lens = lens_for(marriage_view(TWO_PURES_FIVE_DUBLEES))
    st = lens.stock(lens.view.hand)
    assert lens.need_words(st) == "about 1 card from three pure sequences (to see the tiplu)"
    lens = lens_for(marriage_view(SIX_DUBLEES))
    st = lens.stock(lens.view.hand)
    assert lens.need_words(st) == "about 1 card from seven dublees (to see the tiplu)"


def test_marriage_take_that_completes_the_third_pure_sequence_says_you_can_see():
    v = marriage_view(TWO_PURES_FIVE_DUBLEES)
    why = explain(lens_for(v), DrawDiscard())
    assert why.startswith("Take J♠ from the pile: ")
    assert why.endswith("; then you can see the tiplu.")
    assert "dublees" not in why


def test_vazhushal_wipe_names_the_meld_in_the_tables_order():
    # seat 1 holds 5♣ 7♣ and is first to play; 6♣ is on the line: wiping it
    # lays the sequence the engine keeps as 6♣ 5♣ 7♣ (the line's card first)
    hand = "5C 7C 9H 9D 9S KH KD 2H 7H JD 4H 8D QC"
    s = stacked("vazhushal", {1: hand, 0: WIPE_OTHER}, upcard="6C", cut="2C")
    v = view_for(s, 1)
    wipe = next(a for a in v.legal if isinstance(a, Wipe))
    assert explain(lens_for(v), wipe).startswith(
        "Wipe from 6♣: it takes 1 card and lays 5♣ 6♣ 7♣;")
