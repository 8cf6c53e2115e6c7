"""The rule options page as a player uses it: every value it leaves can be
chosen again, a refusal in the page's own words, labels and the menu's line
that say what the options set (an audit of the screens, s52)."""

from __future__ import annotations

import pytest

from game.app.menu_config import RULE_OPTIONS, VARIANTS, MenuConfig, default_of, variant_line
from game.ui.scenes import RulesScene
from tests.ui.helpers import App, step


def config(variant: str, players: int | None = None) -> MenuConfig:
    cfg = MenuConfig()
    cfg.choose_variant(variant)
    if players is not None:
        cfg.players = players
    return cfg


def test_the_21_card_middle_drop_steps_between_70_and_75():
    # §4: drops 30/70, option 30/75. The page offered the 13-card values
    # (30 … 75), every one refused but 75, and never 70 again
    for step_ in (1, -1):
        cfg = config("21card")
        seen = []
        for _ in range(3):
            assert cfg.cycle_option("middle_drop", step_) == ""
            seen.append(cfg.rules().middle_drop)
        assert seen == [75, 70, 75]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_option_comes_back_to_its_default(variant):
    # a value once left can always be chosen again, whichever way one steps
    for opt in [o for o in RULE_OPTIONS if o.shown(config(variant).rules())]:
        for step_ in (1, -1):
            cfg = config(variant)
            default = default_of(variant, opt.key)
            values = []
            for _ in range(len(opt.values) + 2):
                cfg.cycle_option(opt.key, step_)
                values.append(getattr(cfg.rules(), opt.key))
            assert default in values, (variant, opt.key, step_, values)


def test_a_refused_combination_is_told_in_the_page_s_words():
    cfg = config("points")  # Points: two printed jokers a deck, a cut joker
    assert cfg.rules().jokers_per_deck == 2
    assert cfg.rules().cut_mode == "ace_jokers"
    problems = [cfg.cycle_option("cut_mode", 1) for _ in range(2)]
    # ace_jokers -> no_cut -> (no_jokers refused: the deck has jokers) -> normal
    assert cfg.rules().cut_mode == "normal" and problems[0] == ""
    assert problems[1] == ("Wild cards “No wild cards” does not go with Printed jokers per "
                           "deck “2”: change that first.")
    cfg = config("paplu", players=4)
    cfg.cycle_option("deck_rule", 1)  # catsatcards -> pagat
    cfg.cycle_option("deck_rule", 1)  # -> a fixed number (2)
    assert cfg.rules().deck_rule == "fixed" and cfg.rules().fixed_decks == 2
    assert cfg.cycle_option("fixed_decks", -1) == "Number of decks “1” cannot deal 4 players."
    assert cfg.rules().fixed_decks == 4  # 1 refused: on round to the next that deals


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_no_refusal_names_an_option_as_the_code_does(variant):
    keys = [o.key for o in RULE_OPTIONS if o.shown(config(variant).rules())]
    for first in [None, *keys]:
        for players in (2, 4, 6):
            cfg = config(variant, players)
            cfg.players = max(min(players, cfg.player_range().stop - 1), cfg.player_range().start)
            if first:
                cfg.cycle_option(first, 1)
            for key in keys:
                for _ in range(4):
                    problem = cfg.cycle_option(key, 1)
                    assert "_" not in problem and "=" not in problem, (variant, key, problem)


def test_points_counts_its_match_in_deals_and_paplu_in_rounds():
    app = App((1280, 720), load=False, save=False)
    labels = {}
    for variant in ("points", "paplu"):
        app.config.choose_variant(variant)
        page = RulesScene(app)
        app.push(page)
        step(app)
        labels[variant] = [getattr(r, "label", "") for r in page.form.rows]
        app.pop()
    assert "Deals in the match" in labels["points"] and "Rounds" not in labels["points"]
    assert "Rounds" in labels["paplu"] and "Deals in the match" not in labels["paplu"]


def test_the_menu_s_line_follows_the_options():
    cfg = config("points")
    assert variant_line("points", cfg.rules()) == \
        "One deal: the winner collects every other player's count (at most 80)."
    cfg.cycle_option("rounds", 1)
    cfg.cycle_option("rounds", 1)
    assert cfg.rules().rounds == 3
    assert variant_line("points", cfg.rules()).startswith("3 deals: in each the winner")
    cfg = config("pool201")
    assert variant_line("pool201", cfg.rules()).endswith("Drops 25 / 50.")
    cfg.cycle_option("middle_drop", 1)  # 50 -> 60
    assert variant_line("pool201", cfg.rules()).endswith("Drops 25 / 60.")
    cfg = config("deals")
    assert variant_line("deals", cfg.rules()).startswith("2 deals played for chips (160 each")
    # RULES §3: a tie is settled by one more deal
    assert variant_line("deals", cfg.rules()).endswith("a tie settled by one more deal.")
    cfg = config("vazhushal")
    assert variant_line("vazhushal", cfg.rules()).endswith("first to 5 game points.")
    cfg.cycle_option("match", 1)
    assert variant_line("vazhushal", cfg.rules()).endswith(
        "the most game points after 5 deals.")
    cfg = config("21card")
    assert "8 dublees or 8 wild cards" in variant_line("21card", cfg.rules())
    cfg.cycle_option("wild_show", 1)
    assert not cfg.rules().wild_show
    line = variant_line("21card", cfg.rules())
    assert "wild cards" not in line and "3 tunnelas or 8 dublees" in line


def test_the_menu_shows_the_line_for_the_options_in_force():
    app = App((390, 844), load=False, save=False)
    app.config.choose_variant("points")
    app.config.cycle_option("rounds", 1)
    app.top.rebuild()
    step(app)
    texts = [r._str() for r in app.top.form.rows if hasattr(r, "_str")]
    assert any(t.startswith("2 deals: in each the winner") for t in texts)
    assert not any(t.startswith("One deal") for t in texts)


def test_a_wrong_show_s_cost_is_offered_only_where_a_wrong_show_costs():
    def offered(variant: str, **options) -> bool:
        cfg = config(variant)
        rules = cfg.rules().with_options(**options)
        return any(o.key == "wrong_show_points" and o.shown(rules) for o in RULE_OPTIONS)

    assert offered("paplu", invalid_declaration="penalty")
    # a refused show plays on and costs nothing: its price means nothing then
    assert not offered("paplu", invalid_declaration="refuse")
