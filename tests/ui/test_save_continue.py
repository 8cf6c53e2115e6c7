"""Closing the window keeps the match, the hand arrangement and the settings."""

import json

import pygame

from game.app import savegame, storage
from game.engine import Phase
from game.ui.scenes import MenuScene
from game.ui.table import TableScene
from tests.ui.helpers import App, click, key, press, step, wait_until


def play_into_the_deal(app):
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    click(app, table.layout.stock.center)
    assert table.state.phase == Phase.DISCARD
    table.arr.sort_by_rank()
    table.arr.group_cards(table.arr.cards()[:3])
    return table


def test_save_quit_continue_restores_the_same_position(tmp_path):
    app = App((1280, 720), seed=21)
    app.settings.set("speed", "fast")
    table = play_into_the_deal(app)
    state, groups = table.state, [list(g) for g in table.arr.groups]
    app.quit()
    assert not app.running
    assert storage.load_text(savegame.SAVE_KEY) is not None

    again = App((390, 844))
    step(again)
    assert isinstance(again.top, MenuScene)
    assert again.settings["speed"] == "fast"
    press(again, "continue")
    restored = again.top
    assert isinstance(restored, TableScene)
    assert restored.state == state
    assert restored.arr.groups == groups
    # the restored game plays on: the human can still discard
    key(again, pygame.K_RIGHT)  # the keyboard cursor shows up on the second card
    key(again, pygame.K_x)  # and X throws that card
    assert restored.state.turns_taken[restored.bottom] == state.turns_taken[0] + 1


def test_the_save_is_json_with_format_and_version():
    app = App((800, 600), seed=4)
    step(app, 3)
    app.quit()
    doc = json.loads(storage.load_text(savegame.SAVE_KEY))
    assert doc["format"] == "indian-rummy" and doc["version"] == savegame.VERSION
    assert doc["match"]["seed"] == 4 and doc["match"]["levels"][0] is None
    assert isinstance(doc["match"]["actions"], list)


def test_corrupt_save_gives_a_message_and_a_new_game():
    storage.save_text(savegame.SAVE_KEY, '{"format": "indian-rummy", "version": 1, "match": '
                      '{"rules": {}, "players": 3, "seed": 1, "levels": [null, "easy", "easy"],'
                      ' "actions": [["discard", 999]]}}')
    app = App((1280, 720))
    step(app)
    assert isinstance(app.top, MenuScene)
    assert app.session is None
    assert "could not be restored" in app.notice.text and app.notice.left > 0
    assert all(getattr(b, "key", "") != "continue"
               for row in app.top.form.rows for b in getattr(row, "buttons", []))
    press(app, "start")
    assert isinstance(app.top, TableScene)


def test_garbage_and_foreign_saves_do_not_crash():
    for junk in ("\x00\xff garbage", "[]", '{"format": "other-game"}', "null", "12"):
        storage.save_text(savegame.SAVE_KEY, junk)
        app = App((640, 480))
        step(app, 2)
        assert isinstance(app.top, MenuScene)
        assert app.notice.text, f"no message for {junk!r}"


def test_demo_mode_never_writes_a_save():
    app = App((800, 600), demo=True, seed=2)
    step(app, 30)
    app.quit()
    assert storage.load_text(savegame.SAVE_KEY) is None
