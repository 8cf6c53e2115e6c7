"""A save the app cannot use (a newer version, a match whose moves cannot be
replayed, a truncated file, another program's file) is copied aside, as it
was, before the app's next save replaces it; the message says where; the
settings and menu choices in it are kept when they can be read; a later good
save never replaces the copy."""

import json

import pytest

from game.app import savegame
from tests.ui.helpers import App, step


def a_save(**change) -> dict:
    """A version-1 save with settings (fast, silent), a menu choice (Pool 101)
    and a Points match against two greedy bots, no move made yet."""
    doc = {"format": "indian-rummy", "version": 1,
           "settings": {"speed": "fast", "sound": False},
           "menu": {"variant": "pool101"},
           "match": {"rules": {"name": "points"}, "players": 3, "seed": 7,
                     "levels": [None, "greedy", "greedy"], "actions": [],
                     "arrangement": []}}
    doc.update(change)
    return doc


NEWER = a_save(version=2)
NEWER["match"]["newfield"] = {"whatever": 1}  # something version 1 does not know
BAD_MOVE = a_save()
BAD_MOVE["match"]["actions"] = [["discard", 0]]  # a discard before drawing: illegal

CASES = [
    # text on disk, words of the message, the copy's file, whether settings survive
    (json.dumps(NEWER), "from another version (2)", "indian-rummy-save-other-version.json",
     True),
    (json.dumps(BAD_MOVE), "could not be restored", "indian-rummy-save-unrestorable.json",
     True),
    (json.dumps(a_save())[:-30], "was damaged", "indian-rummy-save-damaged.json", False),
    ('{"format": "chess", "board": []}', "not an Indian Rummy save",
     "indian-rummy-save-foreign.json", False),
]


@pytest.mark.parametrize("text, words, kept, readable", CASES,
                         ids=["newer", "badmove", "truncated", "foreign"])
def test_an_unusable_save_is_kept_aside_before_quit_replaces_it(saves, text, words, kept,
                                                                readable):
    save = saves / "indian-rummy-save.json"
    save.write_text(text, encoding="utf-8")
    app = App((390, 844))
    step(app, 5)
    assert app.session is None  # a new game starts
    message = app.notice.text
    assert words in message
    assert f"The old save was kept as {saves / kept}." in message
    app.quit()  # writes the new save over the old one
    assert (saves / kept).read_text(encoding="utf-8") == text  # the old text, exactly
    assert save.read_text(encoding="utf-8") != text
    after = json.loads(save.read_text(encoding="utf-8"))
    # the settings and the menu choice in the old save: kept when it was readable
    assert (after["settings"]["speed"], after["settings"]["sound"]) == (
        ("fast", False) if readable else ("normal", True))
    assert after["menu"]["variant"] == ("pool101" if readable else "points")
    assert sorted(p.name for p in saves.iterdir()) == sorted(
        ["indian-rummy-save.json", kept])  # no temporary file left behind


def test_a_later_good_save_never_replaces_the_copy(saves):
    text = json.dumps(NEWER)
    (saves / "indian-rummy-save.json").write_text(text, encoding="utf-8")
    first = App((390, 844))
    step(first, 2)
    first.quit()
    second = App((390, 844))  # the next start: the new save is good, nothing to say
    step(second, 2)
    assert second.notice.text == ""
    second.settings.set("speed", "instant")
    second.mark_dirty()
    second.quit()
    assert (saves / "indian-rummy-save-other-version.json").read_text(encoding="utf-8") == text
    assert json.loads((saves / "indian-rummy-save.json").read_text())["settings"]["speed"] == \
        "instant"


def test_a_version_that_is_not_a_number_is_another_version(saves):
    # JSON true equals 1 in Python, but no version of the game wrote it
    doc = a_save(version=True)
    loaded = savegame.loads(json.dumps(doc))
    assert loaded.session is None and "another version (True)" in loaded.problem
    assert loaded.settings["speed"] == "fast"


def test_a_copy_that_cannot_be_written_is_said_and_the_game_still_starts(saves):
    (saves / "indian-rummy-save.json").write_text("{trunc", encoding="utf-8")
    (saves / "indian-rummy-save-damaged.json").mkdir()  # the copy's name is taken
    loaded = savegame.load()
    assert loaded.session is None
    assert "was damaged" in loaded.problem and "could not be kept aside" in loaded.problem
    assert (saves / "indian-rummy-save.json").read_text(encoding="utf-8") == "{trunc"
