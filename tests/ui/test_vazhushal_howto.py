"""Vazhushal's "How to play" page and first-deal tour say the rules the
engine plays (RULES.md §7): the wipe before a first meld, the wild first
upcard, the pure meld kept, no two identical melds, the redeal for pairs
as the code counts them, and the option for melds of wild cards only
(§1).  Short sentences: the page is read on a 390×844 phone."""

from __future__ import annotations

from game.app.howto import howto, walkthrough_steps
from game.engine.cards import parse_cards
from game.families import preset
from game.families.vazhushal.cards import doubles_held
from game.ui.scenes.help import HelpScene, MeldRow
from tests.ui.helpers import App, step

RULES = preset("vazhushal")


def _text(rules=RULES, players=None) -> str:
    page = howto(rules, players)
    return " ".join([page.aim, *page.options, *(t for _, t in page.sections)])


def test_the_page_says_the_meld_rules_of_section_7():
    text = _text()
    # a player with no melds wipes only to make a pure sequence, or while
    # laying one (which may use the cards taken)
    assert "Until you have melded, you may wipe only to make a pure sequence, or while " \
           "laying one too." in text
    assert "That pure sequence may use the cards you take." in text
    assert "The lowest card you take must go into a new meld at once." in text
    assert "One of your melds must always stay pure." in text
    assert "You may not have two identical melds." in text
    assert ("If the first card of the line is wild, take it only to use it as itself in a "
            "pure sequence, or once you have a pure sequence (in hand or on the table).") in text


def test_the_tour_says_the_wipe_before_a_first_meld():
    # a wipe makes a pure sequence, or is laid with one, until a first meld;
    # the tour's bubble has room for a line of it (tests/ui/test_fit_table.py)
    line = next(s for s in walkthrough_steps(RULES) if s.target == "discard").text
    assert ("meld the lowest at once (before your first meld, only with a pure "
            "sequence)") in line


def test_the_one_deck_redeal_line_says_jokers_make_no_pair():
    # the code never counts two printed jokers as a pair (``doubles_held``)
    assert doubles_held(parse_cards("JK JK 5S 5S 9H 9H KD")) == 2
    line = next(x for x in howto(RULES, 3).options if x.startswith("No redeal"))
    assert line == ("No redeal for pairs: it takes three pairs of identical cards, and one "
                    "deck has none (its two jokers are no pair)")
    assert "at most one" not in _text(RULES, 2)


def test_the_option_for_melds_of_wild_cards_only_is_told():
    assert "No meld of wild cards only: one card at least stands as itself" in _text()
    assert not any(e.name == "Wild cards only" for e in howto(RULES).melds)
    allowed = RULES.with_options(all_wild_melds=True)
    assert "A meld of wild cards only is allowed" in _text(allowed)
    names = {players: [e.name for e in howto(allowed, players).melds] for players in (2, 4)}
    assert "Wild cards only" in names[4]  # two decks: four printed jokers
    assert "Wild cards only" not in names[2]  # one deck holds two
    set_note = next(e.note for e in howto(allowed).melds if e.name == "Set with a wild card")
    assert "stands as itself" not in set_note


def test_the_page_with_the_option_fits_a_phone():
    app = App((390, 844), load=False)
    app.config.choose_variant("vazhushal")
    rules = RULES.with_options(all_wild_melds=True)
    app.push(HelpScene(app, rules))
    step(app)
    rows = [r for r in app.top.form.rows if isinstance(r, MeldRow)]
    assert len(rows) == len(howto(app.top.rules).melds)
    assert app.top.form.max_scroll > 0
    for example in howto(rules, 4).melds:  # each drawn as cards, its wild ones marked
        cards = parse_cards(example.cards)
        assert 2 <= len(cards) <= 5 and set(example.wild) <= {str(c) for c in cards}
