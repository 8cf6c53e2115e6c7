"""Between two deals of a room with a turn timer: the scores screen says
when the table deals the next deal by itself, and once it has, the window
goes back to the table (it used to stay on the scores, where Next deal did
nothing, while the timer played the person's turns).  A real room server on
loopback, its clock moved by the test."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from game.app.menu_config import PERSON
from game.engine import Phase
from game.families import make_bot
from game.net import keys
from game.ui.scenes.score_words import score_title
from game.ui.scenes.scoring import ScoringScene
from game.ui.table import DeclareDialog, TableScene
from game.ui.table.showdown import ShowdownScene
from tests.ui.helpers import App, human_move, press

from .helpers import FakeClock, settings, started_with

pytestmark = pytest.mark.asyncio

TIMER = 20


async def frames(app: App, clock: FakeClock, done, what: str, timeout: float = 60.0,
                 tick: float = 0.05) -> None:
    """Step the window and let the sockets work, the server's clock moving
    ``tick`` a frame (the bots' pauses pass; a person who plays at once never
    meets the turn timer)."""
    deadline = time.monotonic() + timeout
    while not done():
        app.step(1 / 60)
        clock.advance(tick)
        await asyncio.sleep(0.002)
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")


async def test_the_scores_count_down_to_the_table_s_next_deal_and_give_way_to_it(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 777)
    clock = FakeClock()
    server = await started_with(settings(), clock)
    url = f"ws://127.0.0.1:{server.port}/ws"
    app = App((390, 844), load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    app.settings.set("next_deal", 0)  # no countdown of the window's own
    app.rooms.prefs.name = "Meera"
    try:
        app.rooms.create(url, "pool101", [PERSON, "easy", "easy"], timer=TIMER)
        await frames(app, clock, lambda: app.rooms.link.room is not None, "the room")
        code = app.rooms.link.room.code
        app.rooms.link.start()
        await frames(app, clock, lambda: isinstance(app.top, TableScene), "the table")
        bot = make_bot("easy", 3)

        def play() -> bool:
            top = app.top
            if isinstance(top, DeclareDialog):
                press(app, "declare")
            elif isinstance(top, ShowdownScene):
                press(app, "scores")
            elif isinstance(top, TableScene) and top.my_turn and not top.session.waiting \
                    and top.session.pending is None \
                    and top.state.phase in (Phase.DRAW, Phase.DISCARD):
                human_move(app, bot)
            return isinstance(app.top, ScoringScene)

        await frames(app, clock, play, "the scores", timeout=120)
        room = server.rooms[code]
        assert room.session.state.phase == Phase.DEAL_OVER and room.session.state.deal_no == 1
        scores = app.top
        # the seat is named as the room names it: "Meera wins", never "Meera win"
        title = score_title(scores.state, scores.session.names)
        assert not title.endswith(" win") or title.split(": ")[1].startswith("You ")
        note = " ".join(scores._note_lines())
        found = re.fullmatch(r"The table deals the next deal in (\d+) s", note)
        assert found and 1 <= int(found[1]) <= TIMER, note
        # the person reads on; the table's timer deals the next deal
        clock.advance(TIMER + 1)
        await frames(app, clock, lambda: room.session.state.deal_no == 2, "the next deal",
                     tick=0)
        await frames(app, clock, lambda: isinstance(app.top, TableScene), "back at the table",
                     tick=0, timeout=10)
        await frames(app, clock, lambda: not app.top.session.waiting, "the table caught up",
                     tick=0, timeout=10)
        assert app.top.state.deal_no == 2
    finally:
        if app.rooms.link is not None:
            app.rooms.link.client.close()
        await server.stop()
