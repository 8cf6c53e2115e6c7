"""The typing dialog (a deal code, a name) at a phone's sizes: a code as long
as the game makes is taken whole, typed or pasted, and one too long to paste
is refused in words; the field shows what was typed (its end, at the caret,
when it is long); every word of the hint and of the reason is drawn; and a
phone on its side keeps the keys clear of Cancel and Deal it."""

from __future__ import annotations

import pygame
import pytest

from game.app.dealcode import DealCode, encode, normalize
from game.app.menu_config import RULE_OPTIONS, VARIANTS, MenuConfig
from game.app.session import Session
from game.families import preset
from game.ui.scenes.entry import EntryDialog
from game.ui.scenes.menu import longest_code
from game.ui.table import TableScene
from game.uikit.widgets import record
from tests.ui.helpers import App, key, press, step
from tests.ui.test_fit import assert_fits, frame

PHONES = ((390, 844), (360, 640), (640, 360))
SIZES = (*PHONES, (800, 600), (1280, 720))
IDS = [f"{w}x{h}" for w, h in SIZES]
# Pool 101 with six options changed: the code's bytes, counted by hand from
# dealcode.py: head 1, players and dealer 1, seed 4, deal 1, option count 1,
# pool_rejoin 2, pool_split 2, cap=60 2+1, first_drop=10 2+1, middle_drop=30
# 2+1, direction 2+1, check 2: 26 bytes, 208 bits, 42 characters of 5 bits
SIX = dict(pool_rejoin=True, pool_split=True, cap=60, first_drop=10, middle_drop=30,
           direction="clockwise")
HINT = ("The scores show each deal's code, like 84R0-001G-740G-17AW. "
        "The same code deals the same cards.")
TYPO = ("This code has a typo: its check characters do not match. "
        "Look for a mistyped or swapped character.")


def six_options_code() -> str:
    return normalize(Session(preset("pool101", SIX), 4, 987654321,
                             [None, "easy", "easy", "easy"]).deal_code().text)


def code_dialog(size: tuple[int, int]) -> tuple[App, EntryDialog]:
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    step(app)
    press(app, "code")
    dialog = app.top
    assert isinstance(dialog, EntryDialog)
    return app, dialog


def paste(app: App, text: str, monkeypatch) -> None:
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: text, raising=False)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)


def drawn(app: App) -> list[record.Drawn]:
    """The texts one frame of ``app`` draws on its top layer (the dialog, not
    the menu under it), top to bottom."""
    with record.recording(app.size) as rec:
        frame(app, rec)
        top = max(d.layer for d in rec.items)
        return sorted((d for d in rec.items if d.kind == record.TEXT and d.layer == top),
                      key=lambda d: (d.rect.y, d.rect.x))


def field_text(app: App, dialog: EntryDialog) -> str:
    return "".join(d.text for d in drawn(app) if dialog.field.contains(d.rect))


def note_text(app: App, dialog: EntryDialog) -> str:
    keys_top = min(b.rect.top for b in dialog.key_buttons)
    return " ".join(d.text for d in drawn(app) if d.owner < 0 and
                    d.rect.top >= dialog.field.bottom and d.rect.bottom <= keys_top)


# ------------------------------------------------------------------ the longest codes


def test_a_code_of_six_options_changed_is_typed_whole_and_deals():
    code = six_options_code()
    assert len(code) == 42
    app, dialog = code_dialog((390, 844))
    for ch in code:
        dialog.tap(ch)
    assert dialog.text == code and dialog.problem == ""
    press(app, "ok")
    table = app.top
    assert isinstance(table, TableScene)
    assert normalize(table.session.start.text) == code


def menu_codes():
    """Codes the app makes: each game with every option it offers turned one,
    two and three steps on, in a room's widest seed, deal 200, a seat out."""
    for variant in VARIANTS:
        for steps in (1, 2, 3):
            cfg = MenuConfig()
            cfg.choose_variant(variant)
            for option in RULE_OPTIONS:
                if option.shown(cfg.rules()):
                    for _ in range(steps):
                        cfg.cycle_option(option.key, 1)
            rules, players, _ = cfg.build()
            changed = tuple(sorted((k, v) for k, v in rules.options().items()
                                   if getattr(preset(variant), k) != v))
            yield encode(DealCode(variant, players, (1 << 64) - 1, 200, 0,
                                  tuple(range(1, players)), changed))


def test_the_dialog_takes_every_code_the_menu_s_options_make_whole(monkeypatch):
    codes = [normalize(c) for c in menu_codes()]
    most = max(len(c) for c in codes)
    assert most > 80  # every option changed: longer than the old limits of 40 and 80
    assert longest_code() >= most
    app, dialog = code_dialog((390, 844))
    for code in codes:
        dialog.text = ""
        paste(app, "-".join(code[i:i + 4] for i in range(0, len(code), 4)), monkeypatch)
        assert dialog.text == code and dialog.problem == ""


def test_a_paste_too_long_is_refused_in_words_and_changes_nothing(monkeypatch):
    app, dialog = code_dialog((390, 844))
    limit = longest_code()
    paste(app, "0" * (limit + 1), monkeypatch)
    assert dialog.text == ""
    assert dialog.problem == (f"That is too long to paste: it has {limit + 1} characters, "
                              f"and {limit} fit here.")
    dialog.type("84R0")
    paste(app, "1" * (limit - 3), monkeypatch)
    assert dialog.text == "84R0"
    assert dialog.problem == (f"That is too long to paste: it has {limit - 3} characters, "
                              f"and {limit - 4} more fit here.")
    paste(app, "1" * (limit - 4), monkeypatch)  # just what fits
    assert dialog.text == "84R0" + "1" * (limit - 4) and dialog.problem == ""
    dialog.tap("2")  # a key more says why nothing comes
    assert len(dialog.text) == limit
    assert dialog.problem == f"At most {limit} characters fit here."


# ------------------------------------------------------------------ what is drawn


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_field_shows_a_code_whole_and_the_end_of_a_longer_one(size):
    app, dialog = code_dialog(size)
    code = six_options_code()
    dialog.type(code[:29])  # the audit's code of three options: cut with … before
    step(app)
    shown = field_text(app, dialog)
    assert shown.replace("-", "") == code[:29] + "_"
    dialog.type(code[29:])
    step(app)
    shown = field_text(app, dialog)
    if size != (640, 360):  # room for three lines: 42 characters whole
        assert shown.replace("-", "") == code + "_"
    longest = "0123456789ABCDEFGHJKMNPQRSTVWXYZ" * 5
    dialog.text = ""
    dialog.type(longest)
    step(app)
    shown = field_text(app, dialog)
    end = longest[:longest_code()]
    assert shown.startswith("…")  # the start is out of view, and says so
    assert len(shown.replace("-", "")) >= 2 * 16  # two lines of four groups at the least
    assert end.endswith(shown[1:].replace("-", "")), shown
    with record.recording(size) as rec:
        assert_fits(app, rec, "the deal code dialog with a long code")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_word_of_the_hint_and_of_the_reason_is_drawn(size):
    app, dialog = code_dialog(size)
    step(app)
    assert note_text(app, dialog) == HINT
    code = six_options_code()
    typo = code[:-1] + ("1" if code[-1] == "0" else "0")
    dialog.type(typo)
    press(app, "ok")
    assert dialog.problem == TYPO
    step(app)
    assert note_text(app, dialog) == TYPO
    with record.recording(size) as rec:
        assert_fits(app, rec, "the deal code dialog with the reason")


@pytest.mark.parametrize("size", [(640, 360), (844, 390), (360, 640)],
                         ids=["640x360", "844x390", "360x640"])
def test_the_keys_stay_clear_of_cancel_and_deal_it(size):
    app, dialog = code_dialog(size)
    step(app)
    lowest = max(b.rect.bottom for b in dialog.key_buttons)
    assert lowest < dialog.cancel_button.rect.top
    assert lowest < dialog.ok_button.rect.top
    assert all(b.rect.h >= 44 for b in dialog.key_buttons)  # a finger's size still
    assert dialog.rect.top >= 0 and dialog.rect.bottom <= size[1]
    with record.recording(size) as rec:
        assert_fits(app, rec, "the deal code dialog")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_name_dialog_fits(size):
    app = App(size, load=False, save=False)
    cfg = app.config
    cfg.players = 3
    cfg.levels[:2] = ["person", "easy"]
    app.top.rebuild()
    step(app)
    press(app, "name1")
    dialog = app.top
    assert isinstance(dialog, EntryDialog)
    dialog.text = ""
    dialog.type("Lakshmikanth R")
    step(app)
    assert field_text(app, dialog) == "Lakshmikanth R"  # 14 letters: no caret
    with record.recording(size) as rec:
        assert_fits(app, rec, "the name dialog")
