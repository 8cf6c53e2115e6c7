"""Bots on the server think in slices, and between two slices of one
decision the server's loop serves everyone else: here, this test itself
and a client's pings run while a hard bot is halfway through a thought."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from websockets.asyncio.client import connect

from game.app.session import Session
from game.net import keys

from .helpers import close_all, seated, settings, started, until

pytestmark = pytest.mark.asyncio


async def test_the_loop_is_free_between_slices_of_a_bots_thought(monkeypatch):
    monkeypatch.setattr(keys, "new_seed", lambda bits=64: 3)
    trace: list[str] = []
    real_think = Session.think

    def think(session, budget=0.003):
        action = real_think(session, budget)
        trace.append("decided" if action is not None else "slice")
        return action

    monkeypatch.setattr(Session, "think", think)
    server = await started(settings(think_budget=0.002))
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "hard", "hard", "hard"], 1)
    rtts = []
    async with connect(url) as watcher:
        await watcher.recv()
        players[0].client.start()

        async def pings() -> None:
            for i in range(40):
                sent = time.perf_counter()
                await watcher.send(json.dumps({"v": 1, "t": "ping", "id": i}))
                while json.loads(await watcher.recv())["t"] != "pong":
                    pass
                rtts.append(time.perf_counter() - sent)
                trace.append("pong")
                await asyncio.sleep(0.005)

        pinging = asyncio.ensure_future(pings())
        await until(lambda: pinging.done() and len(trace) > 60, players, timeout=60,
                    what="the bots' thinking")
    # a pong came back between two slices of one decision: the loop was free
    between = [i for i in range(1, len(trace) - 1)
               if trace[i] == "pong" and trace[i - 1] == "slice" and trace[i + 1] == "slice"]
    assert between, "".join(t[0] for t in trace)
    assert trace.count("slice") > trace.count("decided")  # thoughts took several slices
    assert sorted(rtts)[len(rtts) // 2] < 0.05
    await close_all(server, players)
