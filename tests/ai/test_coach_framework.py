"""The coach as a framework with no family inside: a family without coach
knowledge of its own (tiny rummy, which lives in the tests) is coached
through the neutral lens; a family's own moves are worded and priced by its
lens; the framework's source names no family."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tests.families.tiny as tiny
from game.ai.coach import Lens
from game.app.coach import explain, hint, lens_for, review, value
from game.engine import Declare, Discard, DrawStock, Phase, apply, new_match, view_for
from game.engine.stack import stacked_order
from game.families import INSTALLED, install, make_bot, preset, uninstall
from game.families.marriage.actions import DoneExposing, ExposeTunnela
from game.families.vazhushal.actions import Wipe

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tiny_installed():
    install(tiny)
    yield preset("tiny")
    uninstall(tiny)


def tiny_deal(rules):
    """Seat 1 (first to play: seat 0 deals, counter-clockwise) holds a run
    and a set, and draws K♦ from the stock; nobody has peeked, so nothing
    is wild."""
    order = stacked_order(rules, 2, 0, {1: "5S 6S 7S 9D 9H 9C", 0: "2C 3D 4H 8S JD QH"},
                          upcard="TC", cut="2S", stock_top="KD")
    state, _ = new_match(rules, 2, seed=1, order=order, dealer=0)
    return state


def test_a_family_without_coach_knowledge_gets_the_neutral_lens(tiny_installed):
    state = tiny_deal(tiny_installed)
    before = view_for(state, 1)
    assert not hasattr(tiny, "COACH") and type(lens_for(before)) is Lens
    # hard tiny peeks first: a move of tiny's own, said in its own plain words
    h = hint(before, seed=2)
    assert h.action == make_bot("hard", 2).choose(before)
    assert h.reason == "Peek at the secret card."
    # the neutral lens knows no melds: the whole hand is one loose group,
    # and its count is tiny's (a loser pays a point a card): six cards
    assert h.groups == [list(before.hand)] and h.count == 6
    # peeking has no price the neutral lens knows: the review leaves it out
    assert review([(before, DrawStock())]) == []


def test_the_neutral_lens_still_finds_a_missed_show(tiny_installed):
    state, _ = apply(tiny_deal(tiny_installed), DrawStock())
    view = view_for(state, 1)
    king = next(c for c in view.hand if str(c) == "KD")
    # 5♠ 6♠ 7♠ and 9♦ 9♥ 9♣ meld: throwing K♦ is the only show
    h = hint(view)
    assert h.action == Declare(king)
    assert h.reason == "Declare, throwing K♦: every card melded."
    assert h.count == 7
    # declaring wins (worth 0 to the neutral lens: nothing left to pay);
    # throwing K♦ instead keeps six cards that would pay 6 if the other
    # player went out first: a cost of 6
    found = review([(view, Discard(king))])
    assert len(found) == 1 and found[0].better == Declare(king) and found[0].cost == 6.0
    assert found[0].reason.endswith("(You: threw K♦ when you could declare.)")


def test_every_installed_family_has_its_own_lens():
    for package in INSTALLED:
        rules = package.FAMILY.presets()[next(iter(package.FAMILY.presets()))]
        state, _ = new_match(rules, 2, seed=3)
        view = view_for(state, state.to_act)
        assert type(lens_for(view)) is package.COACH and package.COACH is not Lens


def test_marriage_words_and_prices_its_own_moves():
    state, _ = new_match(preset("marriage"), 2, seed=4)
    assert state.phase == Phase.FAMILY
    lens = lens_for(view_for(state, state.to_act))
    assert explain(lens, DoneExposing()) == "Go on: you hold no tunnela to expose."
    assert value(lens, DoneExposing()) == 0.0
    # RULES.md §6: a tunnela exposed at the start collects 5 from each
    # other player; two players: 5
    tunnela = ExposeTunnela(tuple(state.hands[state.to_act][:3]))
    assert value(lens, tunnela) == 5.0
    off = lens_for(view_for(state.replace(rules=state.rules.with_options(tunnela_bonus="none")),
                            state.to_act))
    assert value(off, tunnela) == 0.0


def test_vazhushal_words_a_stock_draw_by_the_line():
    state, _ = new_match(preset("vazhushal"), 2, seed=5)
    view = view_for(state, state.to_act)
    lens = lens_for(view)
    why = explain(lens, DrawStock())
    wipes = any(isinstance(a, Wipe) for a in view.legal)
    assert why.startswith("Draw from the stock")
    assert ("no wipe brings you closer" in why) == wipes
    assert ("nothing on the line can be wiped" in why) == (not wipes)


FAMILY_WORDS = re.compile(r"tiplu|dublee|maal|wipe|tunnela|marriage|vazhushal|paplu|"
                          r"13card|21card|27card|thirteen|twentyone|__name__", re.IGNORECASE)


def test_the_frameworks_name_no_family():
    sources = sorted((ROOT / "game" / "ai").rglob("*.py")) + [ROOT / "game/app/coach.py"]
    found = [f"{path.relative_to(ROOT)}:{n}: {text.strip()}"
             for path in sources
             for n, text in enumerate(path.read_text().splitlines(), 1)
             if FAMILY_WORDS.search(text)]
    assert found == []
