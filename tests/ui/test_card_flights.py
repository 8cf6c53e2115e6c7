"""Cards in flight (``game.uikit.table.anim``): a toss rises over its path, a
card shown turns over halfway, reduced motion puts every card in its place at
once (ringed a moment), and a win's confetti ends by itself."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import parse_cards  # noqa: E402
from game.uikit.table.anim import STILL, Animator, Confetti, Flight  # noqa: E402


def flight(**kw) -> Flight:
    card = parse_cards("7H")[0]
    base = dict(card=card, src=(0, 100), dst=(200, 100), w0=40, w1=80, dur=1.0)
    return Flight(**{**base, **kw})


def test_a_slide_goes_straight_and_a_toss_rises_in_the_middle():
    slide, toss = flight(), flight(arc=30)
    for f in (slide, toss):
        f.t = 0.5  # halfway: eased progress is exactly one half
    (x, y), w = slide.pos()
    assert (x, y, w) == (100, 100, 60)
    (x, y), _ = toss.pos()
    assert x == 100 and y == 100 - 30  # 4·k·(1−k) = 1 at the middle: the full rise
    toss.t = 1.0
    assert toss.pos() == ((200, 100), 80), "it lands where it was aimed"


def test_a_card_turned_over_shows_its_back_then_its_face():
    pygame.display.init()
    f = flight(turn=True, src=(40, 60), dst=(40, 60), w0=40, w1=40)
    a = Animator()
    a.fly(f)
    surface = pygame.Surface((100, 120))
    middle = pygame.Rect(30, 40, 20, 40)  # inside the card whatever its turn

    def colour_at(t: float) -> tuple:
        f.t = t
        surface.fill((0, 0, 0))
        a.draw(surface)
        return pygame.transform.average_color(surface, middle)[:3]

    back, face = colour_at(0.2), colour_at(0.8)
    assert back[0] > 1.5 * back[1], back  # the red back
    assert face[1] > 150 and face[1] > 1.4 * back[1], (face, back)  # the white face
    edge = colour_at(0.5)
    assert sum(edge) < sum(face) / 3, "on its edge halfway: nearly nothing"


def test_reduced_motion_puts_each_card_in_place_at_once():
    a = Animator()
    a.reduced = True
    late = flight(delay=2.0, arc=40, turn=True)
    a.fly(late)
    assert late.still and late.delay == 0 and not late.turn
    assert late.dur == STILL and late.pos() == ((200, 100), 80)
    a.update(STILL + 0.01)
    assert not a.busy
    instant = flight(dur=0.0)
    a.fly(instant)
    assert not a.busy, "instant speed: nothing to show"


def test_the_shower_falls_and_ends_by_itself():
    pygame.display.init()
    shower = Confetti(pygame.Rect(0, 0, 400, 300), pieces=40, seconds=1.0, seed=3)
    tops = [p[1] for p in shower.pieces]
    assert all(y <= 0 for y in tops), "it comes from above the window"
    shower.update(0.5)
    assert shower.active and all(p[1] > y for p, y in zip(shower.pieces, tops, strict=True))
    surface = pygame.Surface((400, 300))
    shower.draw(surface)
    shower.update(0.6)
    assert not shower.active
    surface.fill((0, 0, 0))
    shower.draw(surface)
    assert pygame.transform.average_color(surface)[:3] == (0, 0, 0), "over: nothing drawn"
