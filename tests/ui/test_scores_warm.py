"""The scores' card faces are made ahead, on the showdown's quiet frames: the
scores' first frames (one more seat row a frame) then only blit them, and
look as they would have with every face made then."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes import score_draw
from game.ui.scenes.scoring import ScoringScene
from game.ui.table.showdown import ShowdownScene
from game.uikit.art import cardart
from tests.ui.helpers import resize, step
from tests.ui.test_fit_table import to_the_end

SCORE_FRAMES = 8  # more than the seat rows: each is drawn by then


def _past_the_showdown(app: App) -> ScoringScene:
    """Frames until the showdown gives way to the scores (their first frame drawn)."""
    for _ in range(3000):
        if not isinstance(app.top, ShowdownScene):
            break
        step(app)
    scores = app.top
    assert isinstance(scores, ScoringScene)
    return scores


def _made(scores: ScoringScene) -> list[bool]:
    """For each face the seat rows draw: whether it is made (its tint too)."""
    return [cardart.has_face(card, width, wild=wild)
            and (not loose or (card.uid, width, wild) in score_draw._tinted)
            for card, width, wild, loose in scores.painter.row_faces()]


def _cold() -> None:
    cardart.clear_cache()
    score_draw._tinted.clear()


@pytest.mark.parametrize("game, size", [("points", (1280, 720)), ("21card", (390, 844))])
def test_the_showdown_makes_every_face_the_scores_draw(game, size):
    app = to_the_end(game, size)
    _cold()
    scores = _past_the_showdown(app)
    made = _made(scores)
    assert len(made) >= 13 and all(made)  # every seat's cards, before a row is drawn
    shown = {(c.kind, w, wild) for c, w, wild, _ in scores.painter.row_faces()}
    step(app, SCORE_FRAMES)
    assert scores.revealed >= len(scores.rows) and all(_made(scores))
    assert {(c.kind, w, wild) for c, w, wild, _ in scores.painter.row_faces()} == shown


def test_a_resize_during_the_showdown_makes_the_faces_at_the_new_size():
    app = to_the_end("points", (1280, 720))
    beat = app.top
    assert isinstance(beat, ShowdownScene)
    for _ in range(3000):  # the scores laid out ahead and some faces made
        step(app)
        if beat._scores is not None and any(_made(beat._scores)):
            break
    _cold()
    resize(app, (390, 844))
    scores = _past_the_showdown(app)
    assert app.size == (390, 844) and all(_made(scores))


def _frames(app: App, n: int) -> list[bytes]:
    """The screen now and after each of ``n`` more frames."""
    out = [pygame.image.tobytes(app.screen, "RGB")]
    for _ in range(n):
        step(app)
        out.append(pygame.image.tobytes(app.screen, "RGB"))
    return out


def test_the_scores_look_the_same_with_their_faces_made_ahead():
    app = to_the_end("21card", (1280, 720))
    scores = _past_the_showdown(app)
    assert all(_made(scores))
    ahead = _frames(app, SCORE_FRAMES)
    # the same scores as a fresh screen with no face made: as before any was made ahead
    app.pop()
    _cold()
    fresh = app.screens.scores(scores.table)
    app.push(fresh)
    app.draw(app.screen)
    assert not any(_made(fresh))
    assert _frames(app, SCORE_FRAMES) == ahead
