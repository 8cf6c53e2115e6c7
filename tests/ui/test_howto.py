"""How to play, per family: plain words made from the options in force, and
small card pictures of each meld kind, readable and scrolling on a phone."""

from __future__ import annotations

import pytest

from game.app.howto import howto, walkthrough_steps
from game.engine.cards import parse_cards
from game.families import FAMILIES, PRESETS, preset
from game.ui.scenes.help import HelpScene, MeldRow
from tests.ui.helpers import App, key, step


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_has_words_options_and_meld_pictures(name):
    rules = PRESETS[name]
    h = howto(rules, 4 if rules.max_players >= 4 else 2)
    assert h.aim and h.options and h.melds and h.sections
    for example in h.melds:
        cards = parse_cards(example.cards)
        assert 2 <= len(cards) <= 5
        assert set(example.wild) <= {str(c) for c in cards}


def test_the_options_lines_follow_the_values_in_force():
    points = howto(preset("points"), 2)
    text = " | ".join(points.options)
    assert "1 deck for 2 players, printed jokers: 2 a deck" in text
    assert "Packing costs 20 on your first turn, 40 later" in text
    assert "at most 80" in text
    changed = howto(preset("points").with_options(first_drop=25, jokers_per_deck=1, cap=None,
                                                  stock_empty="void"), 2)
    text = " | ".join(changed.options)
    assert "printed jokers: 1 a deck" in text and "first turn" in text and "25" in text
    assert "its whole count" in text and "the deal is void" in text
    paplu = " | ".join(howto(preset("paplu"), 4).options)
    assert "Packing costs 10 on your first turn, 40 later" in paplu
    assert "2 decks for 4 players" in paplu


def test_each_family_shows_its_own_meld_kinds():
    names = {f: [e.name for e in howto(preset(p)).melds] for f, p in
             (("13", "points"), ("21", "21card"), ("m", "marriage"), ("v", "vazhushal"))}
    assert {"Pure sequence", "Sequence", "Set"} <= set(names["13"])
    assert {"Tunnela", "Dublee", "Marriage"} <= set(names["21"])
    assert {"Tunnela", "Trial", "Dirty sequence", "Dirty trial", "Dublee",
            "Marriage"} <= set(names["m"])
    assert {"Pure sequence", "Set"} <= set(names["v"])
    no_wild = howto(preset("paplu").with_options(cut_mode="no_jokers", jokers_per_deck=0))
    assert "No wild cards at all" in no_wild.options
    assert all(not e.wild for e in no_wild.melds)


def test_twentyone_and_marriage_words_follow_their_options():
    wide = " | ".join(howto(preset("21card").with_options(wild_show=False,
                                                          middle_drop=75)).options)
    assert "8 wild cards" not in wide and "70" not in wide and "75 later" in wide
    assert "27 cards each" in " ".join(howto(preset("27card")).options)
    m = " | ".join(howto(preset("marriage").with_options(unseen_may_pick=False,
                                                         maal_table="house")).options)
    assert "You must see before you take from the pile" in m
    assert "marriage 10 / 25 / 50" in m


def test_the_wide_games_scoring_words_name_the_two_point_hands_and_bonus_splits():
    # RULES.md §4-§5: a hand with every card in 3+-card melds, 6 (27: 8)
    # dublees or 7 (27: 9) wild cards pays 2; marriages 100/300/500
    for variant, dublees, wilds, cap in (("21card", 6, 7, 120), ("27card", 8, 9, 150)):
        sections = dict(howto(preset(variant)).sections)
        assert (f"just 2 for a hand with every card in melds of 3 or more, or {dublees} "
                f"dublees, or {wilds} wild cards (at most {cap};") in sections["Scoring"]
        assert "two marriages pay 300, three 500" in sections["Bonuses"]
    flat = dict(howto(preset("21card").with_options(bonus_scheme="flat")).sections)
    assert "300" not in flat["Bonuses"]  # flat: a marriage 100 each


def test_a_limit_on_turning_the_pile_is_told():
    # 21/27 cards turn the pile at most five times, Marriage three; 13-card
    # has no limit
    wide = " | ".join(howto(preset("21card").with_options(stock_empty="reshuffle")).options)
    assert "shuffled into a new stock (at most 5 times; then the deal is void" in wide
    points = " | ".join(howto(preset("points")).options)
    assert "shuffled into a new stock" in points and "at most 5 times" not in points


def test_thirteen_card_words_match_what_is_played():
    # Points over several deals says so; no cut joker and no printed jokers
    # leave nothing wild
    one = " | ".join(howto(preset("points")).options)
    assert "one deal settles; the winner collects every other player's count |" in one
    three = " | ".join(howto(preset("points").with_options(rounds=3)).options)
    assert ("Points over 3 deals: in each the winner collects every other player's count; "
            "the highest total wins") in three
    assert "one deal settles" not in three  # it used to say both
    bare = howto(preset("paplu").with_options(cut_mode="no_cut", jokers_per_deck=0)).options
    assert "No cut joker and no printed jokers: no wild cards" in bare
    assert "No cut joker: only the printed jokers are wild" in howto(
        preset("paplu").with_options(cut_mode="no_cut")).options


def test_the_walkthrough_steps_are_the_four_targets_in_every_family():
    for family in FAMILIES.values():
        rules = next(iter(family.presets().values()))
        steps = walkthrough_steps(rules)
        assert [s.target for s in steps] == ["stock", "discard", "hand", "declare"]
        assert all(s.title and s.text for s in steps)


@pytest.mark.parametrize("variant", ["points", "21card", "marriage", "vazhushal"])
def test_the_help_scene_explains_the_menus_game(variant):
    app = App((390, 844), load=False)
    app.config.choose_variant(variant)
    app.push(HelpScene(app))
    step(app)
    scene = app.top
    assert scene.rules.name == variant
    melds = [r for r in scene.form.rows if isinstance(r, MeldRow)]
    assert len(melds) == len(howto(scene.rules).melds)
    form = scene.form
    assert form.max_scroll > 0  # a phone scrolls the page
    key(app, 0x4E, frames=1)  # a key the form ignores changes nothing
    form.scroll = form.max_scroll
    step(app)
    assert form.scroll == form.max_scroll


def test_help_from_the_table_explains_the_game_being_played():
    app = App((1280, 720), load=False)
    app.config.choose_variant("marriage")
    app.new_game(2)
    step(app, 5)
    app.config.choose_variant("points")  # the menu's choice no longer matters
    app.push(HelpScene(app))
    step(app)
    assert app.top.rules.family == "marriage"
    assert HelpScene(app, preset("21card")).rules.name == "21card"


def test_meld_rows_fit_a_phone_and_a_desktop():
    from game.uikit.widgets import Metrics

    h = howto(preset("27card"))
    for w, hgt in ((390, 844), (1280, 720)):
        m = Metrics(w, hgt)
        for e in h.melds:
            row = MeldRow(e, 5)
            width = w - 2 * m.pad
            assert row._cards_w(m) + m.pad + 60 <= width
            assert row.height(m, width) >= 40


def test_the_keys_name_only_the_moves_the_game_has():
    from game.ui.scenes.help import keyboard

    assert "P: pack." in keyboard(preset("points")) and "R: declare" in keyboard(preset("points"))
    marriage = keyboard(preset("marriage"))  # no packing in Marriage (§6)
    assert "P: pack" not in marriage and "R: declare" in marriage
    wipe = keyboard(preset("vazhushal"))  # a wipe, not a take; going out, not a declare
    assert "T: take" not in wipe and "P: pack" not in wipe and "R: declare" not in wipe


def test_the_help_page_names_a_game_s_own_keys():
    # Vazhushal's table answers T (wipe from the top card), W or Enter (make the
    # wipe) and O (another meld): its help page used to name none of them
    app = App((1280, 720), load=False, save=False)
    page = HelpScene(app, preset("vazhushal"), 4)
    keys = next(row._str() for i, row in enumerate(page.form.rows)
                if i and getattr(page.form.rows[i - 1], "text", "") == "Keyboard")
    for line in ("T: wipe from the top card", "W or Enter: make the wipe", "O: another meld"):
        assert line in keys
    assert keys.index("D: draw") < keys.index("T: wipe") < keys.index("X or Delete")
    points = HelpScene(app, preset("points"), 4)
    assert not any("wipe" in str(getattr(r, "text", "")) for r in points.form.rows)


def test_the_help_page_is_headed_with_the_game_chosen():
    # it read "How to play: 13-card rummy" for Pool 101 (the family's name)
    app = App((1280, 720), load=False, save=False)
    for variant, title in (("pool101", "Pool 101"), ("21card", "21 Cards"),
                           ("marriage", "Indian Marriage")):
        page = HelpScene(app, preset(variant), 4)
        assert page.form.rows[0].text == f"How to play: {title}"


def test_deals_says_a_tie_is_played_off():
    # RULES.md §3: "a tie is settled by one more deal", as the engine does
    lines = " | ".join(howto(preset("deals")).options)
    assert "the most chips at the end wins, and a tie is settled by one more deal" in lines
