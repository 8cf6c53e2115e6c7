"""Tiny rummy is a whole game through the shared layers alone: its bots play
whole matches under ``simulate`` (every move offered, every card accounted
for, no secret shown to a seat that did not peek), the coach-free levels
are found by name, the menu and How to play describe it from its own
words, and it plays in the window to the scores."""

import pytest

from game.app.howto import howto, walkthrough_steps
from game.app.menu_config import VARIANTS, MenuConfig
from game.families import make_bot, preset
from game.simulate import simulate
from tests.families.tiny.bots import EasyTiny, HardTiny, MediumTiny


@pytest.mark.parametrize("bots", [["easy"], ["medium"], ["hard"], ["random"],
                                  ["hard", "easy", "medium"]])
def test_bots_play_whole_matches_with_every_check(bots):
    out = simulate(preset("tiny"), len(bots) + 1, 6, 3, bots, check="full")
    assert out["deals"] == 6


def test_the_levels_are_the_familys_own():
    view_classes = {level: type(make_bot(level, 1).bot_for("tiny"))
                    for level in ("easy", "medium", "hard")}
    assert view_classes == {"easy": EasyTiny, "medium": MediumTiny, "hard": HardTiny}


def test_the_menu_and_the_help_read_the_familys_words():
    assert VARIANTS["tiny"][0] == "Tiny Rummy"
    page = howto(preset("tiny"), 3)
    assert page.title == "Tiny rummy" and "secret" in page.options[1].lower()
    assert [s.target for s in walkthrough_steps(preset("tiny"))] == [
        "stock", "discard", "hand", "declare"]
    cfg = MenuConfig()
    cfg.choose_variant("tiny")
    assert cfg.rules().family == "tiny"
