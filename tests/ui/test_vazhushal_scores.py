"""Vazhushal's scores on screen (RULES.md §7): the stock-out score sheet
with every number worked out by hand, the race to 5 game points on the
table and to the match's end, and the menu's game with its rule options."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.menu_config import RULE_OPTIONS, VARIANTS, MenuConfig, option_for
from game.engine import Phase, check_invariants, parse_cards
from game.families.vazhushal.family import WipeRules
from game.families.vazhushal.melds import readings
from game.families.vazhushal.table.parts import WipeWords, race_text
from game.families.vazhushal.table.wipe_table import NegativeJoker, WipeOverlay, WipeTable
from game.ui.scenes import RulesScene, ScoringScene
from game.ui.scenes.score_words import score_title
from game.ui.table import parts_for
from tests.ui.helpers import App, press, step, wait_until
from tests.ui.test_vazhushal_table import start, wipe_part

# The stock has run out and every player but the person has laid down.
#   You:   meld 7♥ 8♥ 9♥ (7 + 8 + 9 = 24), left K♠ (10) and a joker (−20)
#          24 − 10 − 20 = −6
#   seat 1: meld Q♣ K♣ A♣ (Ace high: 10 + 10 + 10 = 30), left 2♦ 3♠ (5)
#          30 − 5 = +25: the highest, one game point
#   seat 2: no meld, left 5♣ 6♣ 7♣ 4♦ (5 + 6 + 7 + 4 = 22): −22
#          (cards in hand count against, melded or not: nothing was laid)
TABLE = {0: (["7H 8H 9H"], "KS JK"), 1: (["QC KC AC"], "2D 3S"), 2: ([], "5C 6C 7C 4D")}
KINDS = {c.kind for melds, hand in TABLE.values() for t in melds + [hand]
         for c in parse_cards(t)}


def stock_out(state, table: dict, laying=(0,)):
    """Every card placed: the seats' melds and hands as ``table`` says, the
    rest in the discard line, the stock gone, ``laying`` still to lay down."""
    pool = sorted(state.all_cards())
    ex = state.extra
    melds, hands, held = [], [], []
    for seat in range(state.players):
        texts, hand_text = table[seat]
        seat_melds = []
        for text in texts:
            cards = []
            for want in parse_cards(text):
                card = next(c for c in pool if c.kind == want.kind)
                pool.remove(card)
                cards.append(card)
            reading = next(r for r in readings(cards, state.wild) if r.pure)
            seat_melds.append(reading)
        hand = []
        for want in parse_cards(hand_text):
            card = next(c for c in pool if c.kind == want.kind)
            pool.remove(card)
            hand.append(card)
        melds.append(tuple(seat_melds))
        hands.append(tuple(hand))
        held.append(len(hand) + sum(len(m.cards) for m in seat_melds))
    ex = replace(ex, melds=tuple(melds), held=tuple(held), laying=tuple(laying))
    state = state.replace(hands=tuple(hands), stock=(), discard=tuple(pool), extra=ex,
                          phase=Phase.FAMILY, picked=None)
    check_invariants(state)
    return state


def natural_seed() -> int:
    """A seed whose negative joker leaves every card of ``TABLE`` natural."""
    from game.engine import new_match
    from game.families import preset

    for seed in range(1, 50):
        state, _ = new_match(preset("vazhushal"), 3, seed)
        if not KINDS & state.wild:
            return seed
    raise AssertionError("no such seed")


def laid_down_app(scores=(0, 0, 0)) -> App:
    app = start(3, natural_seed())
    table = app.top
    wait_until(app, lambda: not table.anim.busy)
    session = table.session
    session.state = stock_out(session.state, TABLE).replace(scores=scores)
    table.sync_hand()
    wipe_part(table).sync(table, force=True)
    step(app)
    return app


def test_the_stock_out_score_sheet_worked_by_hand():
    app = laid_down_app()
    table = app.top
    assert table.my_turn and table.state.phase == Phase.FAMILY
    assert table.status()[0].startswith("Stock out: meld what you can, then Finish")
    assert table.count_text() == ("−6", "score now")  # 24 − 10 − 20
    press(app, "finish")  # leave the table as it is
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    scoring = app.top
    names = scoring.session.names
    sheet = next(b[3] for b in scoring.blocks if b[2] == "table")
    assert sheet.title == "Stock out: the lay-down scores"
    assert sheet.rows == (
        ("Player", "Melded", "Left", "Wild", "Score", "Points"),
        ("★ " + names[1], "30", "−5", "0", "+25", "1 / 5"),
        (names[0], "24", "−10", "−20", "−6", "0 / 5"),
        (names[2], "0", "−22", "0", "−22", "0 / 5"),
    )
    assert scoring.state.result.winner == 1 and scoring.state.scores == (0, 1, 0)
    assert any(f"{names[1]} 1; {names[0]} 0; {names[2]} 0" in n for n in sheet.notes)
    # each seat's cards: the melds named with their value, the hand's cost
    words = WipeWords()
    seat = next(r for r in scoring.state.result.seats if r.seat == 0)
    shown = words.seat_cards(table, seat)
    assert shown.names == ("pure sequence · 24",) and len(shown.loose) == 2
    assert words.loose_title(table, seat) == "In hand −30 (1 wild)"


def test_the_race_to_five_ends_the_match():
    app = laid_down_app(scores=(4, 4, 0))
    table = app.top
    # the race on the table: every player's game points toward 5
    assert table.ask("score_line", 1) == "4 / 5 pts"
    press(app, "finish")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    scoring = app.top
    assert scoring.state.phase == Phase.MATCH_OVER and scoring.state.winners == (1,)
    names = scoring.session.names
    assert score_title(scoring.state, scoring.session.names) == f"Match over: {names[1]} wins!"
    sheet = next(b[3] for b in scoring.blocks if b[2] == "table")
    assert sheet.rows[1] == ("★ " + names[1], "30", "−5", "0", "+25", "5 / 5")


def test_the_family_registers_its_parts_and_the_menu_offers_it():
    mine = [type(p) for p in parts_for("vazhushal")
            if type(p).__module__.startswith("game.families.vazhushal.table")]
    assert mine == [NegativeJoker, WipeTable, WipeOverlay, WipeWords]
    assert VARIANTS["vazhushal"][0] == "Vazhushal (Wipe)"
    cfg = MenuConfig()
    cfg.choose_variant("vazhushal")
    assert list(cfg.player_range()) == [2, 3, 4, 5, 6]


def test_the_rules_page_words_the_options_and_their_defaults():
    app = App((1280, 720), load=False, save=False)
    app.config.choose_variant("vazhushal")
    rules = app.config.rules()
    scene = RulesScene(app)
    app.push(scene)
    step(app)
    offered = [o for o in RULE_OPTIONS if o.shown(rules)]
    # every option but the one the match format hides (game points or deals)
    assert {o.key for o in offered} == set(WipeRules.OPTIONS) - {"match_deals"}
    for opt in offered:
        assert scene._value(opt).endswith("(default)")
    deck = option_for("deck_rule", rules)
    assert deck.values == ("catsatcards", "pagat")
    assert scene._value(deck) == "2 from 4 players (default)"
    assert app.config.cycle_option("deck_rule", 1) == ""
    assert app.config.rules().deck_rule == "pagat"
    assert scene._value(deck) == "2 from 3 players"
    # a 13-card game keeps its own words for the same option
    assert option_for("deck_rule", MenuConfig().rules()).names["pagat"] == "2 (3 for 7+)"
    # a match of a number of deals offers how many, not the game points
    app.config.cycle_option("match", 1)
    rules = app.config.rules()
    assert rules.match == "fixed_deals"
    keys = {o.key for o in RULE_OPTIONS if o.shown(rules)}
    assert "match_deals" in keys and "game_points" not in keys


@pytest.mark.parametrize("match,words", [("first_to", "2 / 5 pts"), ("fixed_deals", "2 pts")])
def test_game_points_read_as_a_race_or_a_tally(match, words):
    assert race_text(WipeRules(match=match), 2) == words


def test_the_end_of_deal_beat_names_the_stock_out_and_the_winners_melds():
    from game.ui.table.showdown import ShowdownScene

    app = laid_down_app()
    table = app.top
    press(app, "finish")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    names = table.session.names
    beat = ShowdownScene(app, table)
    assert beat.title == f"{names[1]} wins the stock-out"  # not "declared: Rummy!"
    words = WipeWords()
    win = next(r for r in table.state.result.seats if r.seat == 1)
    shown = words.seat_cards(table, win)
    # the winner's melds as the scores name them ("Pure sequence · 30"), then the hand
    assert beat.titles[:len(shown.names)] == [n[:1].upper() + n[1:] for n in shown.names]
    assert beat.titles[-1] == words.loose_title(table, win)
