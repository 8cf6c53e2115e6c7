"""How to play Indian Marriage (RULES.md §6): every line says what the engine
does under the options in force: the maal table, who may take from the pile,
the tunnela bonus and when it counts, what a seen loser pays, how to finish."""

from __future__ import annotations

import pytest

from game.app.howto import howto, walkthrough_steps
from game.families import preset


def page(players: int | None = 3, **opts):
    rules = preset("marriage").with_options(**opts) if opts else preset("marriage")
    return howto(rules, players)


def options_text(**opts) -> str:
    return " | ".join(page(**opts).options)


def maal_line(**opts) -> str:
    return next(line for line in page(**opts).options if line.startswith("Maal:"))


def test_the_printed_joker_pays_maal_only_when_printed_jokers_are_in_play():
    # RULES §6 house table: "with printed jokers in play, the man (printed
    # joker) 5/15/30"; the default deal has none
    assert "printed joker" not in maal_line(maal_table="house")
    assert "alter 5 / 15 / 30" in maal_line(maal_table="house")
    assert "printed joker 5 / 15 / 30" in maal_line(maal_table="house", printed_jokers=True)
    assert "printed joker" not in maal_line()  # the pagat table has no man


def test_the_pile_limits_after_seeing_are_told_as_the_engine_enforces_them():
    # RULES §6: who has seen may not take a wild card from the pile; a dublee
    # player takes a discard only to complete the eighth dublee
    text = options_text()
    assert "Once you have seen, you may not take a wild card from the pile" in text
    assert "A dublee player may take a discard only to complete the eighth dublee" in text
    # no dublee route at a 3-player table (dublee_route=four_plus): no dublee line
    closed = options_text(dublee_route="four_plus")
    assert "wild card from the pile" in closed and "eighth dublee" not in closed


@pytest.mark.parametrize("unseen, when", [
    ("murder", "It counts only once you have seen."),  # murdered with the maal
    ("kidnap", "Until you have seen, it goes to the winner."),  # kidnapped with it
    ("normal", "It counts seen or not."),  # kept with it
])
def test_the_tunnela_bonus_gives_its_values_and_when_it_counts(unseen, when):
    # RULES §6: tunnela 5 (ordinary cards), 10 (ordinary jokers), 20 (poplu
    # or jhiplu); the bonus is maal, so unseen_maal decides an unseen player's
    line = next(x for x in page(unseen_maal=unseen).options if x.startswith("Tunnela bonus"))
    assert line.startswith("Tunnela bonus: 5, of jokers 10, of poplu or jhiplu 20.")
    assert "exposed before the first turn" in line and line.endswith(when)
    shown = options_text(tunnela_bonus="any")
    assert "any tunnela shown: exposed, laid down, or in the winning show" in shown
    assert "No tunnela bonus" in options_text(tunnela_bonus="none")


def test_a_loser_who_saw_by_dublees_pays_nothing_when_the_option_says_so():
    # dublee_seer_pays=False: settle.loser_points charges 0 to a loser who saw
    # by dublees (the dublee finish 5 is still due)
    assert ("A loser who has seen pays 3, one who has not 10; a dublee win 5 more"
            in options_text())
    assert ("A loser who has seen pays 3 (0 if seen by dublees), one who has not 10; a "
            "dublee win 5 more" in options_text(dublee_seer_pays=False))


def test_declaring_names_both_finishes():
    # RULES §6: win with seven melds, or a dublee player with eight dublees
    turn = dict(page().sections)["Your turn"]
    assert "when all your cards meld" not in turn
    assert "seven melds, or on the dublee route eight dublees" in turn
    three = dict(page(dublee_route="four_plus").sections)["Your turn"]
    assert "seven melds." in three and "dublee" not in three
    finish = walkthrough_steps(preset("marriage"))[-1]
    assert "seven melds or eight dublees" in finish.text


@pytest.mark.parametrize("unseen, words", [
    ("murder", "They count only once you have seen."),
    ("kidnap", "They count once you have seen; until then the winner takes them."),
    ("normal", "They count seen or not."),
])
def test_the_maal_section_follows_the_unseen_maal_option(unseen, words):
    assert words in dict(page(unseen_maal=unseen).sections)["Maal"]
