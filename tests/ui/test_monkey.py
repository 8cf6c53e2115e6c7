"""Ten thousand random clicks, drags, keys, wheels and resizes: no exception,
and whenever the table is showing, the hand arrangement is the engine's hand."""

import random
from collections import Counter

import pygame

from game.ui.table import TableScene
from tests.ui.helpers import App, post, step

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE,
        pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_d, pygame.K_t, pygame.K_x, pygame.K_r,
        pygame.K_p, pygame.K_g, pygame.K_a, pygame.K_s, pygame.K_n, pygame.K_h, pygame.K_m,
        pygame.K_DELETE, pygame.K_F1, pygame.K_PAGEDOWN, pygame.K_q, pygame.K_1]
SIZES = [(360, 640), (390, 844), (640, 480), (1024, 768), (1280, 720), (1920, 1080),
         (844, 390), (500, 500)]
EVENTS = 10_000


def random_event(rng: random.Random, size) -> None:
    w, h = size
    r = rng.random()
    pos = (rng.randrange(w), rng.randrange(int(h * 0.3), h) if rng.random() < 0.6
           else rng.randrange(h))
    if r < 0.30:
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    elif r < 0.45:  # a drag: down, a few moves, up
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        end = (rng.randrange(w), rng.randrange(h))
        for k in range(1, 4):
            post(pygame.MOUSEMOTION, pos=(pos[0] + (end[0] - pos[0]) * k // 3,
                                          pos[1] + (end[1] - pos[1]) * k // 3),
                 rel=(0, 0), buttons=(1, 0, 0))
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    elif r < 0.55:
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    elif r < 0.60:
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([2, 3, 4, 5]))
        post(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice([1, 2, 3]))
    elif r < 0.65:
        post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-2, -1, 1, 2]), flipped=False)
    elif r < 0.97:
        mod = pygame.KMOD_SHIFT if rng.random() < 0.2 else 0
        post(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0)
    else:
        new = rng.choice(SIZES)
        post(pygame.VIDEORESIZE, w=new[0], h=new[1], size=new)


def check_hand(app) -> None:
    top = app.top
    if isinstance(top, TableScene):
        cards = top.arr.cards()
        assert Counter(cards) == Counter(top.hand)
        assert len(set(cards)) == len(cards)


def test_ten_thousand_random_events_never_crash():
    rng = random.Random(2024)
    app = App((1280, 720), load=False, save=False)
    app.settings.set("speed", "instant")
    posted = quits = 0
    while posted < EVENTS:
        for _ in range(rng.randrange(1, 6)):
            random_event(rng, app.size)
            posted += 1
        step(app)
        if not app.running:  # it found the Quit button: open the game again
            quits += 1
            app = App((1280, 720), load=False, save=False)
            app.settings.set("speed", "instant")
            continue
        check_hand(app)
    step(app, 5)
    assert quits < 50
    assert posted >= EVENTS
