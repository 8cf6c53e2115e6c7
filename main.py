"""Indian Rummy: the desktop window and the pygbag (browser) entry point.

    python main.py [--demo] [--seed N] [--frames N] [--size WxH]

pygbag needs ``async def main()`` with one ``await asyncio.sleep(0)`` per frame
and ``asyncio.run(main())`` as the very last statement.
"""

import asyncio
import os
import sys

import pygame

from game.ui.app import App


def parse_args(argv):
    import argparse

    p = argparse.ArgumentParser(description="Indian Rummy against the computer.")
    p.add_argument("--demo", action="store_true", help="every seat is an AI (attract mode)")
    p.add_argument("--seed", type=int, default=None, help="start a new game with this deal seed")
    p.add_argument("--frames", type=int, default=0, help="quit after this many frames")
    p.add_argument("--size", default="1280x720", help="window size, e.g. 390x844")
    args = p.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        if w < 100 or h < 100:
            raise ValueError
    except ValueError:
        p.error(f"--size takes WIDTHxHEIGHT, e.g. 1280x720, not {args.size!r}")
    args.size = (w, h)
    return args


def browser_size():
    """The page's size in CSS pixels, so the game draws at the page's shape."""
    try:
        import platform

        w, h = int(platform.window.innerWidth), int(platform.window.innerHeight)
    except Exception:  # not under pygbag, or the page is not laid out yet
        return (1280, 720)
    return (w, h) if w >= 200 and h >= 200 else (1280, 720)


async def main():
    if sys.platform == "emscripten":
        demo, seed, frames, size = False, None, 0, browser_size()
    else:
        args = parse_args(sys.argv[1:])
        demo, seed, frames, size = args.demo, args.seed, args.frames, args.size
    app = App(size, demo=demo, seed=seed)
    clock = pygame.time.Clock()
    # The browser paces frames itself (one per animation frame); asking SDL to wait
    # there could spin the page, so the frame cap applies on the desktop only.
    cap = 0 if sys.platform == "emscripten" else 60
    while app.running:
        app.step(clock.tick(cap) / 1000)
        if frames and app.frames >= frames:
            app.quit()
        await asyncio.sleep(0)
    shot = os.environ.get("RUMMY_SCREENSHOT")
    if shot:
        app.screenshot(shot)
    pygame.quit()


asyncio.run(main())
