"""The show questions of 21/27-card asked a slice at a time give the same
answers as asked at once.  A 27-card hand's search for a show can take tens
of milliseconds, so the bots' "which discards leave a show" (``shows_steps``,
``show_possible_steps``, behind the family's ``iter_showable``) stops every
so many nodes and goes on from what it proved."""

from __future__ import annotations

import pytest

from game.engine import Phase, apply, new_match, view_for
from game.engine.cards import parse_cards, parse_kind
from game.families import family_of, make_bot, preset
from game.families.twentyone.cards import wild_kinds_21
from game.families.twentyone.solver import (
    clear_caches,
    evaluate_21,
    show_possible_steps,
    shows,
    shows_steps,
)


def _to_end(steps, most: int = 20_000):
    """(value, slices) of a sliced question; fails rather than spin."""
    for n in range(most):
        try:
            next(steps)
        except StopIteration as done:
            return done.value, n + 1
    raise AssertionError(f"still searching after {most} slices")


def _held_at_discards(variant: str, seeds: range):
    """(cards, wild, the deal's extra, options) of every hand held at a
    discard (one card over) in medium-against-medium deals."""
    rules = preset(variant)
    fam = family_of(rules)
    out = []
    for seed in seeds:
        state, _ = new_match(rules, 2, seed=seed)
        bots = [make_bot("medium", seed * 10 + s) for s in range(2)]
        while state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            seat = state.to_act
            if state.phase == Phase.DISCARD:
                out.append((tuple(state.hands[seat]), state.wild, state.extra,
                            fam.options(rules, state.extra)))
            state, _ = apply(state, bots[seat].choose(view_for(state, seat)))
    return out


@pytest.mark.parametrize("variant", ["21card", "27card"])
def test_sliced_show_questions_answer_as_the_rules_do(variant):
    longest = 0
    for cards, wild, _extra, opts in _held_at_discards(variant, range(40, 44)):
        rest = cards[1:]
        clear_caches()  # each question searched afresh, not read from a cache
        sliced, n = _to_end(shows_steps(rest, wild, opts, nodes=40))
        longest = max(longest, n)
        clear_caches()
        assert sliced == evaluate_21(rest, wild, opts).show  # the full evaluation's show
        clear_caches()
        sliced, n = _to_end(show_possible_steps(cards, wild, opts, nodes=40))
        longest = max(longest, n)
        clear_caches()
        # "some discard leaves a show", asked of every discard
        assert sliced == any(shows(cards[:i] + cards[i + 1:], wild, opts) is not None
                             for i in range(len(cards)))
    # the searches took real work: some question needed several slices
    assert longest >= 5


def test_which_discards_leave_a_show_is_found_in_slices():
    rules = preset("27card")
    fam = family_of(rules)
    checked = 0
    for cards, wild, extra, opts in _held_at_discards("27card", range(40, 42)):
        clear_caches()
        found, _ = _to_end(fam.iter_showable(rules, 3, cards, wild, extra))
        clear_caches()
        expected = {c.kind for i, c in enumerate(cards)
                    if shows(cards[:i] + cards[i + 1:], wild, opts) is not None}
        assert set(found) == expected
        checked += bool(expected)
    assert checked  # some hand in these deals could show



def test_a_state_with_more_moves_than_a_slice_has_nodes_is_got_past():
    # A 28-card hand (27 cards, before its discard) met in a match, the cut
    # 5♠ (wild: 3♠ to 7♠, 27-card rules).  Asked at once, the search for "meld
    # every card but one, with the pure runs wanted" takes 2,515 nodes; asked
    # 600 nodes a slice, a state whose moves outnumber 600 (most cut at once,
    # so never remembered) was begun again in every slice: 13,000 slices and
    # no answer.  Each slice now meets 600 states not met before, so about
    # ceil(2,515 / 600) = 5 slices, and a few for states begun again, end it.
    rules = preset("27card")
    cards = parse_cards("4S 5S 6S 7S JS 2H 3H 4H 4H JH QH AD 2D 4D 5D 5D 6D 7D 8D 9D TD JD QD "
                        "4C 6C 6C JC JK")
    wild = wild_kinds_21(parse_kind("5S"), rules.wild_any_suit, rules.form)
    assert sorted(wild) == [parse_kind(t) for t in ("3S", "4S", "5S", "6S", "7S")]
    opts = rules.solver_options()
    clear_caches()
    sliced, n = _to_end(show_possible_steps(cards, wild, opts, nodes=600), most=200)
    clear_caches()
    assert n <= 8
    assert sliced == any(shows(cards[:i] + cards[i + 1:], wild, opts) is not None
                         for i in range(len(cards)))
