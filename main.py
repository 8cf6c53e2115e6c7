"""Indian Rummy: the desktop window and the pygbag (browser) entry point.

    python main.py [--game NAME] [--seed S] [--demo] [--size WxH] [--frames N] [--frame-log]

(the ``indian-rummy`` command after ``pip install .`` takes the same options;
in the browser they come from the page's address: ``?game=pool101&seed=42``).

pygbag needs ``async def main()`` with one ``await asyncio.sleep(0)`` per frame
(``game.ui.launch.play`` holds the loop) and ``asyncio.run(main())`` as the
very last statement.
"""

import asyncio

import pygame  # noqa: F401  (pygbag reads main.py's imports to set up the runtime)

from game.ui.launch import options_here, play


async def main():
    options, notice = options_here()
    await play(options, notice)


asyncio.run(main())
