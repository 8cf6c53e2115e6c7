"""First frames without a hitch: what a first use would make mid-frame is made
ahead on quiet frames (the sounds, once the audio device is open; the kept
picture), and the dim, the panels and the winner's hand draw the same pixels
the cheaper way (each channel within 1 of blending pixel by pixel)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game.ui.app as app_module
from game.ui.app import App
from game.ui.table.showdown import ShowdownScene
from game.uikit.art import palette
from game.uikit.art.sound import NAMES
from game.uikit.scene import Scene
from game.uikit.widgets import dim, panel, record
from game.uikit.widgets.backdrop import Picture
from tests.ui.helpers import step
from tests.ui.test_fit import frame, rec  # noqa: F401 - the recorder fixture
from tests.ui.test_fit_table import to_the_end


class _Decoded:
    """Stands in for pygame.mixer.Sound: notes each file decoded."""

    made: list[str] = []

    def __init__(self, path: str) -> None:
        _Decoded.made.append(Path(path).stem)

    def set_volume(self, volume: float) -> None:
        pass

    def play(self) -> None:
        pass


@pytest.fixture
def decoded(monkeypatch) -> list[str]:
    """The effects decoded, in order; the device counts as open once asked."""
    _Decoded.made = []
    opened: list[bool] = []
    monkeypatch.setattr(pygame.mixer, "Sound", _Decoded)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(True))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2) if opened else None)
    return _Decoded.made


class _Moving(Scene):
    """A scene where something always moves."""

    opaque = True
    animating = True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def _menu_app() -> App:
    app = App((800, 600), load=False, save=False)
    app.sounds.muted = False
    return app


def test_sounds_load_on_quiet_frames_only_after_a_sound_opened_the_device(decoded):
    app = _menu_app()
    step(app, 30)  # the menu: nothing moves, but no sound was played
    assert decoded == []
    assert not pygame.mixer.get_init()  # never opened early: a browser may refuse it for good
    app.play("click")
    assert decoded == ["click"]
    step(app, len(NAMES) - 1)
    assert sorted(decoded) == sorted(NAMES)  # one a frame, each once
    step(app, 5)
    assert len(decoded) == len(NAMES)


def test_a_muted_game_loads_no_sound(decoded):
    app = _menu_app()
    app.play("click")
    app.sounds.toggle_mute()
    step(app, 2 * len(NAMES))
    assert decoded == ["click"]


def test_a_busy_frame_with_things_moving_loads_nothing(decoded, monkeypatch):
    monkeypatch.setattr(app_module, "QUIET", 0.0)  # no frame is that quick: each is busy
    app = _menu_app()
    app.push(_Moving(app))
    app.play("click")
    step(app, 2 * len(NAMES))
    assert decoded == ["click"]
    app.pop()  # still: the rest load, one a frame
    step(app, len(NAMES) - 1)
    assert sorted(decoded) == sorted(NAMES)


def test_the_picture_is_made_ahead_and_then_drawn_over_not_made_again():
    screen = pygame.Surface((64, 48))
    screen.fill((10, 120, 30))
    kept = Picture()
    assert kept.ready(screen)  # the picture
    assert kept.ready(screen)  # the dim's shade
    assert not kept.ready(screen)
    made = kept.of(screen)
    screen.fill((200, 5, 5))
    again = kept.of(screen)
    assert again is made
    assert again.get_at((5, 5))[:3] == (200, 5, 5)
    assert kept.of(pygame.Surface((32, 32))).get_size() == (32, 32)  # a new size: a new one


@pytest.mark.parametrize("alpha", [90, 200])
def test_dim_darkens_each_channel_by_its_alpha(alpha):
    a = pygame.Surface((16, 8))
    a.fill((200, 100, 50))
    b = pygame.Surface((16, 12))
    b.fill((200, 100, 50))
    dim(a, 200)  # another dim before: the shade's alpha is each call's own
    a.fill((200, 100, 50))
    dim(a, alpha)
    dim(b, alpha)
    for surf in (a, b):
        got = surf.get_at((3, 3))[:3]
        want = [c * (255 - alpha) / 255 for c in (200, 100, 50)]
        assert all(abs(g - w) <= 1 for g, w in zip(got, want, strict=True)), (got, want)


def _textured(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    for x in range(0, size[0], 3):
        for y in range(0, size[1], 3):
            surf.fill(((x * 7) % 256, (y * 11) % 256, (x + y * 5) % 256), (x, y, 3, 3))
    return surf


def _blended(size, alpha, edge, radius, fill, width) -> pygame.Surface:
    """The panel as it is meant: its own surface, blended pixel by pixel."""
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*fill[:3], alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, edge, box.get_rect(), width=width, border_radius=radius)
    return box


@pytest.mark.parametrize(("rect", "alpha", "radius", "width"), [
    ((20, 15, 300, 200), 235, 12, 2),  # a dialog
    ((7, 9, 120, 44), 150, 10, 2),  # a seat
    ((50, 40, 5, 90), 215, 12, 3),  # thinner than its edge and corners
    ((60, 60, 17, 13), 190, 8, 1),
    ((30, 100, 90, 60), 235, 0, 2),  # square corners
    ((-20, 100, 24, 36), 235, 0, 2),  # cut off by the window's edge
])
def test_a_panel_is_the_pixel_by_pixel_blend_within_1(rect, alpha, radius, width):
    base = _textured((360, 240))
    fast, slow = base.copy(), base.copy()
    edge, fill = palette.GOLD, palette.PANEL
    panel(fast, pygame.Rect(rect), alpha=alpha, edge=edge, radius=radius, fill=fill,
          width=width)
    slow.blit(_blended(rect[2:], alpha, edge, radius, fill, width), rect[:2])
    a, b = pygame.image.tobytes(fast, "RGB"), pygame.image.tobytes(slow, "RGB")
    worst = max(abs(p - q) for p, q in zip(a, b, strict=True))
    assert worst <= 1, f"a pixel differs by {worst} in a channel"


@pytest.fixture(scope="module")
def showdown_app() -> App:
    return to_the_end("21card", (1280, 720))


def test_the_winner_s_hand_draws_the_same_from_its_kept_picture(showdown_app):
    app = showdown_app
    beat = app.top
    assert isinstance(beat, ShowdownScene)
    beat.anim.finish()
    beat.confetti = None
    beat._backdrop, beat.opaque = None, False  # the first frame: the table under it
    app.draw(app.screen)
    first = pygame.image.tobytes(app.screen, "RGB")
    assert beat.opaque  # a picture was kept
    app.draw(app.screen)  # from the picture
    assert pygame.image.tobytes(app.screen, "RGB") == first
    assert app.screen.get_at((beat.rect.x, beat.rect.centery))[:3] == palette.GOLD  # its edge


def test_the_kept_picture_s_panel_is_told_to_the_fit_recorder(showdown_app, rec):  # noqa: F811
    app = showdown_app
    beat = app.top
    assert isinstance(beat, ShowdownScene) and beat.opaque  # drawn from its picture
    assert frame(app, rec) == []
    panels = [d.rect for d in rec.items if d.kind == record.PANEL]
    assert beat.rect in panels
