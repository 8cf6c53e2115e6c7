"""Random combinations of every preset's rule options (issue 23, item 5: no
illegal move and no false show in any ``simulate`` run; the standards: an
impossible option combination gets a clear error and changes nothing).

Each combination sets one to six of the preset's options to values its
rules page offers.  The rules either refuse it when they are made (a
``RuleError`` naming an option, or the players for the decks) or play a
whole deal with every invariant checked after every action
(``simulate(check="full")``: every card accounted for, every move one the
bot was offered, no false show)."""

from __future__ import annotations

import random

import pytest

from game.engine.rules import RuleError
from game.families import preset
from game.simulate import simulate

PRESETS = ["paplu", "points", "pool101", "pool201", "deals", "21card", "27card", "marriage",
           "vazhushal"]
COMBINATIONS = 12  # a preset
# the seats' bots, cycled: the greedy bot's exact counts make a Marriage or
# Vazhushal deal several times slower, and easy counts its hands too
BOTS = {"marriage": ["easy", "random"], "vazhushal": ["easy", "random"]}

# whole-number options: values the rules pages offer, and some they refuse
NUMBERS = {
    "fixed_decks": [1, 2, 3, 4], "jokers_per_deck": [0, 1, 2], "ace_points": [10, 11],
    "wrong_show_points": [0, 40, 80], "first_drop": [0, 10, 20, 25],
    "middle_drop": [0, 40, 50, 70, 75], "rounds": [1, 2], "pool_limit": [101, 201],
    "deals": [2, 3, 6], "double_marriage": [0, 20, 30], "seen_loser_points": [0, 3],
    "unseen_loser_points": [3, 10], "dublee_win_points": [0, 5], "game_points": [1, 3, 5],
    "match_deals": [1, 5],
}


def _value(rules, key: str, rng: random.Random):
    current = getattr(rules, key)
    choices = type(rules).CHOICES.get(key)
    if choices:
        return rng.choice(choices)
    if isinstance(current, bool):
        return rng.random() < 0.5
    if key == "cap":
        return rng.choice([None, 80, 120])
    return rng.choice(NUMBERS[key])


@pytest.mark.parametrize("variant", PRESETS)
def test_every_option_combination_is_refused_at_once_or_plays_a_whole_deal(variant):
    base = preset(variant)
    played = refused = 0
    for i in range(COMBINATIONS):
        rng = random.Random(f"{variant}-{i}")
        keys = rng.sample(type(base).OPTIONS, min(len(type(base).OPTIONS), rng.randint(1, 6)))
        changes = {key: _value(base, key, rng) for key in keys}
        try:
            rules = base.with_options(**changes)
            players = rng.randint(rules.min_players, min(rules.max_players, 6))
            rules.check_players(players)
        except RuleError as exc:
            # a clear error: it names what is wrong
            assert any(key in str(exc) for key in type(base).OPTIONS) or "players" in str(exc), (
                changes, exc)
            refused += 1
            continue
        out = simulate(rules, players, 1, i, BOTS.get(variant, ["easy", "greedy", "random"]),
                       check="full")
        assert out["deals"] == 1, (changes, players)
        played += 1
    assert base == preset(variant)  # the preset is as it was
    assert played >= COMBINATIONS // 2, (played, refused)


def test_too_few_cards_for_the_players_is_refused_before_a_deal():
    # Points with one fixed deck: 52 cards and its 2 printed jokers, 54 in
    # the shoe, which must hold three cards more than the hands (the upcard
    # and the cut card among them).  Three players need 39 + 3 = 42: they
    # play.  Four need 52 + 3 = 55: refused, naming the players and decks
    rules = preset("points").with_options(deck_rule="fixed", fixed_decks=1)
    assert rules.decks_for(4) == 1 and rules.jokers_per_deck_in_play == 2
    rules.check_players(3)
    assert simulate(rules, 3, 1, 5, ["greedy"], check="full")["deals"] == 1
    with pytest.raises(RuleError, match="4 players need more than 1 deck"):
        rules.check_players(4)
    assert rules == preset("points").with_options(deck_rule="fixed", fixed_decks=1)
