"""Pass and play (issue 16): several people at one screen, with bots; the
bottom seat is the person whose turn it is, and between two people's turns
a cover hides the table.  Checked on what is drawn: every card face the
frame paints is recorded, and no frame ever paints a card of a person's
hand other than the one holding the screen (none at all under the cover)."""

import pygame
import pytest

from game.app.menu_config import PERSON
from game.app.session import Session
from game.engine import Phase
from game.families import make_bot
from game.ui.scenes.cover import CoverScene
from game.ui.table import TableScene
from game.ui.table.dialogs import PauseDialog
from game.uikit.art import cardart
from tests.ui.helpers import App, choice_rect, click, key, press, step


class Faces:
    """Every card face drawn inside ``App.draw`` (card art made ahead of
    need in ``update`` is not drawing)."""

    def __init__(self, app, monkeypatch) -> None:
        self.drawn: list = []
        self.drawing = False
        for name in ("face", "face_soon"):
            real = getattr(cardart, name)

            def spy(card, *a, _real=real, **k):
                if self.drawing:
                    self.drawn.append(card)
                return _real(card, *a, **k)

            monkeypatch.setattr(cardart, name, spy)
        real_draw = app.draw

        def draw(surface):
            self.drawing = True
            try:
                real_draw(surface)
            finally:
                self.drawing = False

        monkeypatch.setattr(app, "draw", draw)

    def frame(self, app) -> set:
        self.drawn = []
        step(app)
        return set(self.drawn)


def pass_and_play_app(size=(1280, 720), players=4, seed=5):
    app = App(size, load=False, save=False)
    app.settings.set("speed", "fast")
    app.config.variant, app.config.players = "points", players
    app.config.levels[:5] = [PERSON, "greedy", "greedy", "greedy", "greedy"]
    app.config.names[0], app.config.names[1] = "Anu", "Ravi"
    app.new_game(seed=seed)
    return app


def check_frame(app, faces) -> set:
    """One frame; the faces it drew hold nothing of a hand not its holder's."""
    drawn = faces.frame(app)
    session = app.session
    st = session.state
    top = app.top
    if st.result is not None:
        return drawn  # the scores show everything
    if isinstance(top, CoverScene):
        for seat in session.humans:
            assert not drawn & set(st.hands[seat]), "a hand was drawn under the cover"
    else:
        table = next(s for s in app.stack if isinstance(s, TableScene))
        for seat in session.humans:
            if seat != table.bottom:
                assert not drawn & set(st.hands[seat]), \
                    f"{session.names[seat]}'s hand was drawn while {table.bottom} holds it"
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_no_frame_draws_another_persons_hand(size, monkeypatch):
    app = pass_and_play_app(size)
    faces = Faces(app, monkeypatch)
    session = app.session
    assert session.humans == [0, 1] and session.names[:2] == ["Anu", "Ravi"]
    check_frame(app, faces)
    assert isinstance(app.top, CoverScene), "a new deal starts behind the cover"
    bot = make_bot("greedy", 3)
    covers, turns, holders = 0, 0, []
    for _ in range(6000):
        top = app.top
        if session.state.result is not None:
            break
        if isinstance(top, CoverScene):
            covers += 1
            seat = top.seat
            assert top.name == session.names[seat]
            check_frame(app, faces)
            click(app, top.buttons[0].rect.center)
            table = app.top
            assert isinstance(table, TableScene) and table.bottom == seat
            holders.append(seat)
            drawn = check_frame(app, faces)
            assert set(session.state.hands[seat]) & drawn, "the holder's own hand is shown"
            continue
        table = top
        if isinstance(table, TableScene) and table.my_turn and not table.anim.busy:
            table.act(bot.choose(session.view(table.bottom)))
            turns += 1
            if turns >= 12:
                break
        check_frame(app, faces)
    assert covers >= 3 and {0, 1} <= set(holders), (covers, holders)


def test_the_cover_comes_as_soon_as_the_turn_is_done(monkeypatch):
    app = pass_and_play_app(players=3, seed=9)  # Anu, Ravi and one bot
    faces = Faces(app, monkeypatch)
    check_frame(app, faces)
    press(app, "ready")
    table = app.top
    first = table.bottom
    for _ in range(600):
        if table.my_turn and not table.anim.busy:
            break
        check_frame(app, faces)
    key(app, pygame.K_d)  # draw
    key(app, pygame.K_RIGHT)
    faces.drawn = []
    key(app, pygame.K_x)  # throw the cursor's card: the turn is over, in this frame
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.seat != first
    drawn = set(faces.drawn)
    assert not drawn & set(app.session.state.hands[first])


def test_names_and_seats_come_from_the_menu():
    app = App((390, 844), load=False, save=False)
    app.config.players = 3
    step(app)
    rect = choice_rect(app.top, "level0")
    for _ in range(12):  # the right arrow until the seat is a person
        if app.config.levels[0] == PERSON:
            break
        click(app, (rect.right - 12, rect.centery))
        rect = choice_rect(app.top, "level0")
    assert app.config.levels[0] == PERSON and app.config.pass_and_play
    press(app, "name1")
    entry = app.top
    entry.text = ""
    entry.type("Meera Devi")
    press(app, "ok")
    assert app.config.names[1] == "Meera Devi"
    press(app, "start")
    session = app.session
    assert session.levels[:2] == [None, None] and session.pass_and_play
    assert session.names[1] == "Meera Devi" and session.names[0] == "Player 1"
    assert isinstance(app.top, CoverScene)  # in the very frame the table opened
    assert isinstance(app.stack[-2], TableScene)


def test_a_saved_pass_and_play_match_continues_behind_the_cover():
    app = pass_and_play_app()
    app.may_save = app.saving = True
    step(app)
    press(app, "ready")
    app.quit()
    again = App((1280, 720))
    step(again)
    press(again, "continue")
    step(again)
    assert isinstance(again.top, CoverScene)
    assert again.session.names[:2] == ["Anu", "Ravi"]


def test_session_names_never_repeat():
    s = Session.__new__(Session)
    s.levels, s.players, s.custom_names = [None, None, "easy", "easy"], 4, ["Anu", "Ravi", "", ""]
    names = s.names
    assert names[:2] == ["Anu", "Ravi"] and len(set(names)) == 4


def test_the_info_line_names_the_person_holding_the_device(monkeypatch):
    from game.uikit.art import fonts

    app = pass_and_play_app()
    step(app)
    check = app.top
    assert isinstance(check, CoverScene)
    click(app, check.buttons[0].rect.center)
    table = app.top
    written = []
    text = fonts.text

    def spy(words, *args, **kw):
        written.append(words)
        return text(words, *args, **kw)
    monkeypatch.setattr(fonts, "text", spy)
    step(app)
    # not "You": two people share the bottom seat, turn by turn
    assert session_name(table) in written and "You" not in written


def session_name(table) -> str:
    return table.session.names[table.bottom]


def test_the_pause_menu_keeps_the_deal_code_until_the_deal_is_over():
    # the code deals the same hands and stock: shown mid-deal, anyone at the
    # device could play it elsewhere and read every other person's cards
    app = pass_and_play_app()
    session = app.session
    assert session.state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert PauseDialog.share(session) is None
    one = Session(session.rules, 4, 5, [None, "greedy", "greedy", "greedy"])  # one person
    assert one.deal_code().text in PauseDialog.share(one)[0]
    while session.state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        seat = session.state.to_act
        session.play(make_bot("greedy", 1).choose(session.view(seat)))
    assert session.deal_code().text in PauseDialog.share(session)[0]
