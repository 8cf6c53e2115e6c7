"""Readability for everyone at a family table (issue 21, item 12): four-colour
suits (♠ black, ♥ red, ♦ blue, ♣ green) and large cards (a big rank and suit
in every card's corner), chosen in Settings, remembered with the other
settings, and in force on the cards the table draws."""

import pygame
import pytest

from game.app.settings import Settings
from game.engine import parse_cards
from game.ui.scenes.settings import SettingsScene, apply_settings
from game.ui.table import TableScene
from game.uikit.art import cardart, palette
from tests.ui.helpers import App, choice_rect, click, step, wait_until


@pytest.fixture(autouse=True)
def _plain_cards():
    """Each test starts (and leaves) with the usual look: the art is shared."""
    cardart.set_four_colour(False)
    cardart.set_large_index(False)
    yield
    cardart.set_four_colour(False)
    cardart.set_large_index(False)


def ink(img: pygame.Surface, colour, box: pygame.Rect) -> int:
    """Pixels within ``box`` close to ``colour`` (an ink of the card)."""
    n = 0
    for x in range(box.x, box.right):
        for y in range(box.y, box.bottom):
            r, g, b, a = img.get_at((x, y))
            if a > 200 and abs(r - colour[0]) + abs(g - colour[1]) + abs(b - colour[2]) < 60:
                n += 1
    return n


def test_four_colours_give_diamonds_blue_and_clubs_green_ink():
    pygame.display.init()
    diamond, club = parse_cards("7D 7C")
    w = 70
    full = pygame.Rect(0, 0, w, round(w * cardart.CARD_RATIO))
    assert ink(cardart.face(diamond, w), palette.CARD_RED, full) > 100
    assert ink(cardart.face(club, w), palette.CARD_BLACK, full) > 100
    cardart.set_four_colour(True)
    assert ink(cardart.face(diamond, w), palette.CARD_BLUE, full) > 100
    assert ink(cardart.face(diamond, w), palette.CARD_RED, full) == 0
    assert ink(cardart.face(club, w), palette.CARD_GREEN, full) > 100
    assert ink(cardart.face(club, w), palette.CARD_BLACK, full) == 0
    spade, heart = parse_cards("7S 7H")  # spades and hearts keep their colours
    assert ink(cardart.face(spade, w), palette.CARD_BLACK, full) > 100
    assert ink(cardart.face(heart, w), palette.CARD_RED, full) > 100


@pytest.mark.parametrize("width,gain", [(53, 1.3), (80, 1.3), (110, 1.15)])
def test_large_cards_put_more_ink_in_the_corner_a_fanned_hand_shows(width, gain):
    # in a fanned hand the left half of a card shows: its top half there is the
    # index.  A phone's cards (44 to 95 px) get the biggest corner; a desktop's a
    # bigger one; a tiny card (under 44 px) has the biggest corner already.
    pygame.display.init()
    card = parse_cards("8S")[0]
    corner = pygame.Rect(0, 0, width // 2, round(width * cardart.CARD_RATIO) // 2)
    usual = ink(cardart.face(card, width), palette.CARD_BLACK, corner)
    cardart.set_large_index(True)
    large = ink(cardart.face(card, width), palette.CARD_BLACK, corner)
    assert large > usual * gain, (usual, large)


def test_the_look_is_part_of_every_cached_card():
    pygame.display.init()
    card = parse_cards("QD")[0]
    usual = cardart.face(card, 60)
    cardart.set_four_colour(True)
    blue = cardart.face(card, 60)
    cardart.set_large_index(True)
    large = cardart.face(card, 60)
    assert usual is not blue and blue is not large
    assert cardart.has_face(card, 60) and cardart.look() == (True, True)
    cardart.set_four_colour(False)
    cardart.set_large_index(False)
    assert not cardart.has_face(card, 60), "another look: drawn again"


def test_both_settings_are_in_the_settings_table_off_by_default():
    s = Settings()
    assert s["four_colour"] is False and s["large_cards"] is False
    again = Settings.from_json({**s.to_json(), "four_colour": True, "large_cards": True})
    assert again["four_colour"] is True and again["large_cards"] is True
    odd = Settings.from_json({"four_colour": 1, "large_cards": "yes", "next_deal": False})
    assert odd["four_colour"] is False and odd["large_cards"] is False
    assert odd["next_deal"] == 0  # a saved false is no choice of seconds


def test_chosen_in_settings_remembered_and_drawn_at_the_next_start():
    app = App((390, 844))
    step(app)
    app.push(SettingsScene(app))
    for key in ("four_colour", "large_cards"):
        step(app)
        rect = choice_rect(app.top, key)
        click(app, (rect.right - 12, rect.centery))
    assert app.settings["four_colour"] is True and app.settings["large_cards"] is True
    assert cardart.look() == (True, True), "in force at once"
    app.save_now()
    app.quit()
    cardart.set_four_colour(False)
    cardart.set_large_index(False)  # as a new start of the program has it

    again = App((390, 844))
    assert again.settings["four_colour"] is True and again.settings["large_cards"] is True
    again.settings.set("walkthrough", False)
    again.settings.set("speed", "instant")
    again.new_game(seed=3)
    table = again.top
    assert isinstance(table, TableScene)
    assert cardart.look() == (True, True), "the table draws the cards as chosen"
    wait_until(again, lambda: table.my_turn and not table.anim.busy)


def test_apply_settings_makes_the_saved_look_true():
    app = App((800, 600), load=False, save=False)
    app.settings.set("four_colour", True)
    apply_settings(app)
    assert cardart.look() == (True, False)
    app.settings.set("four_colour", False)
    app.settings.set("large_cards", True)
    apply_settings(app)
    assert cardart.look() == (False, True)
