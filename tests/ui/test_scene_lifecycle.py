"""The scene lifecycle written in ``Scene``'s docstring, call by call: push
pauses the scene underneath, pop resumes it, replace exits every scene, and
each frame gives only the top scene events and ``update`` while every scene
from the topmost opaque one up is drawn."""

from __future__ import annotations

import pygame

from game.ui.scenes import MenuScene, SettingsScene
from game.ui.table import PauseDialog, TableScene
from game.uikit.scene import Scene
from tests.ui.helpers import App, key, post, step


def quiet_app(size=(640, 480), **kw) -> App:
    """An app past its first frame, with the window's start-up events used up."""
    app = App(size, load=False, save=False, **kw)
    step(app)
    pygame.event.clear()
    return app


class Recorder(Scene):
    """A scene that writes every hook the app calls into a shared log."""

    def __init__(self, app, name: str, log: list, *, opaque: bool = True,
                 consume: bool = True) -> None:
        super().__init__(app)
        self.name, self.log, self.opaque, self.consume = name, log, opaque, consume

    def _note(self, what: str) -> None:
        self.log.append(f"{self.name}.{what}")

    def enter(self) -> None:
        self._note("enter")

    def exit(self) -> None:
        self._note("exit")

    def pause(self) -> None:
        self._note("pause")

    def resume(self) -> None:
        self._note("resume")

    def resize(self, size) -> None:
        self._note("resize")

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            self._note(f"key {pygame.key.name(event.key)}")
            return self.consume
        return False

    def update(self, dt: float) -> None:
        self._note("update")

    def draw(self, surface) -> None:
        self._note("draw")


def test_push_pauses_pop_resumes_replace_exits_in_order():
    app = quiet_app()
    log: list[str] = []
    a = Recorder(app, "A", log)
    b = Recorder(app, "B", log, opaque=False)  # a dialog: A is drawn under it

    app.replace(a)
    assert log == ["A.resize", "A.enter"]
    log.clear()

    step(app)
    assert log == ["A.update", "A.draw"]
    log.clear()

    app.push(b)
    assert log == ["A.pause", "B.resize", "B.enter"]
    log.clear()

    key(app, pygame.K_x)  # only the top scene hears the key, then updates; both draw
    assert log == ["B.key x", "B.update", "A.draw", "B.draw"]
    log.clear()

    app.pop()
    assert log == ["B.exit", "A.resume"]
    log.clear()

    app.push(b)
    app.replace(Recorder(app, "C", log))  # top first; nothing is paused or resumed
    assert log == ["A.pause", "B.resize", "B.enter", "B.exit", "A.exit", "C.resize",
                   "C.enter"]


def test_an_opaque_scene_hides_the_ones_under_it_and_resize_reaches_all():
    app = quiet_app()
    log: list[str] = []
    app.replace(Recorder(app, "A", log))
    app.push(Recorder(app, "B", log))  # opaque: A is not drawn
    log.clear()
    step(app)
    assert log == ["B.update", "B.draw"]
    log.clear()
    post(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600))
    step(app)
    assert log == ["A.resize", "B.resize", "B.update", "B.draw"]


def test_a_used_event_goes_no_further_and_an_unused_key_reaches_the_global_keys():
    app = quiet_app()
    log: list[str] = []
    app.replace(Recorder(app, "A", log, consume=True))
    muted = app.sounds.muted
    key(app, pygame.K_m)
    assert app.sounds.muted == muted  # the scene used M: no sound toggle
    app.replace(Recorder(app, "B", log, consume=False))
    key(app, pygame.K_m)
    assert app.sounds.muted != muted  # unused: M toggles the sound everywhere


def test_the_table_is_paused_under_its_pause_dialog_and_resumed_after(monkeypatch):
    app = quiet_app((800, 600), seed=3)
    table = app.top
    assert isinstance(table, TableScene)
    log: list[str] = []
    monkeypatch.setattr(table, "pause", lambda: log.append("table.pause"))
    monkeypatch.setattr(table, "resume", lambda: log.append("table.resume"))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseDialog) and log == ["table.pause"]
    key(app, pygame.K_ESCAPE)
    assert app.top is table and log == ["table.pause", "table.resume"]


def test_a_form_screen_rebuilds_when_it_is_resumed():
    app = quiet_app((800, 600))
    menu = app.top
    assert isinstance(menu, MenuScene)
    rebuilt: list[int] = []
    real = menu.rebuild
    menu.rebuild = lambda: (rebuilt.append(1), real())[1]
    app.push(SettingsScene(app))
    assert rebuilt == []
    app.pop()
    assert rebuilt == [1]  # what the screen over it changed shows at once
