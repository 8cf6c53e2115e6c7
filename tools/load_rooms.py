"""Load the room server: N rooms of four scripted people over loopback.

    python tools/load_rooms.py [--rooms 200] [--seconds 30] [--think 3.0] [--game points]

Starts ``python -m game.net`` as its own process (saving rooms to a scratch
folder, fsync and all, as it would for real), opens the rooms (a host
creates each, three people join, the host starts), then lets every person
play: when its turn comes it waits about ``--think`` seconds (3 by default, a
brisk person's pace; ``--think 1`` makes three times the moves, a stress
test) and proposes a safe move (draw from the stock, throw back the card
drawn; ready between deals).  Measured over ``--seconds`` after a warm-up:

- the round trip of an action: from sending it to receiving the view that
  shows it played (every client's socket is read as frames arrive, so the
  figure is the server's and the loopback's, not a polling interval's);
- the server's CPU (its own process, from /proc), as a share of one core,
  and per room;
- the server's memory (resident), before the rooms and with them, per room.

A benchmark, not a test: it prints figures and checks nothing but errors.
The scripted people speak the protocol directly (``game.net.protocol``), so
their own cost stays small beside the server's on a small machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.net.protocol import encode  # noqa: E402  (the repository's own package)

TICK = os.sysconf("SC_CLK_TCK")


class Stats:
    def __init__(self) -> None:
        self.measuring = False
        self.rtts: list[float] = []
        self.actions = 0
        self.errors: dict[str, int] = {}
        self.messages = 0


def choose(view: dict) -> list:
    """A safe move from the view's legal moves, as the save codec writes them."""
    legal = view["legal"]
    if ["stock"] in legal:
        return ["stock"]
    hand = view["hand"]
    if hand and ["discard", hand[-1]] in legal:
        return ["discard", hand[-1]]  # the card just drawn goes back
    for action in legal:
        if action[0] == "discard" or action == ["answer", False]:
            return action
    calm = [a for a in legal if a[0] not in ("declare", "pack", "show")]
    return (calm or legal)[0]


async def person(url: str, stats: Stats, think: float, rng: random.Random,
                 room: asyncio.Future, host_game: str | None, started: asyncio.Event,
                 stop: asyncio.Event) -> None:
    async with connect(url, max_size=None, open_timeout=60) as ws:
        if host_game is not None:
            await ws.send(encode("create", game=host_game, seats=["person"] * 4, name="Host"))
        else:
            code = await room
            await ws.send(encode("join", room=code, name=f"P{rng.randint(1, 999)}"))
        sent_at: float | None = None
        sent_n = -1
        asked_start = False
        pending: asyncio.Task | None = None

        async def act_later(n: int, action: list, delay: float) -> None:
            nonlocal sent_at, sent_n
            await asyncio.sleep(delay)
            sent_at, sent_n = time.perf_counter(), n
            await ws.send(encode("act", action=action, n=n))

        reader = asyncio.ensure_future(_frames(ws))
        stopper = asyncio.ensure_future(stop.wait())
        while True:
            done, _ = await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if stopper in done:
                reader.cancel()
                break
            raw = reader.result()
            if raw is None:
                break
            reader = asyncio.ensure_future(_frames(ws))
            arrived = time.perf_counter()
            msg = json.loads(raw)
            stats.messages += 1
            kind = msg["t"]
            if kind == "joined" and host_game is not None and not room.done():
                room.set_result(msg["room"])
            elif kind == "room" and host_game is not None and not msg["started"] \
                    and not asked_start and all(seat["taken"] for seat in msg["seats"]):
                asked_start = True  # the host starts once everyone is in
                await ws.send(encode("start"))
            elif kind == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
            elif kind == "state":
                started.set()
                view, n = msg["view"], msg["n"]
                if sent_at is not None and n > sent_n:
                    if stats.measuring:
                        stats.rtts.append(arrived - sent_at)
                        stats.actions += 1
                    sent_at = None
                if view["to_act"] == view["seat"] and (pending is None or pending.done()):
                    delay = think * rng.uniform(0.5, 1.5)
                    pending = asyncio.ensure_future(act_later(n, choose(view), delay))
                elif view["phase"] == "deal_over":
                    await ws.send(encode("act", action=["next"]))
        if pending is not None:
            pending.cancel()


async def _frames(ws) -> str | None:
    try:
        return await ws.recv()
    except Exception:  # noqa: BLE001 - a closed connection ends this person
        return None


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def start_server(data: str, durable: bool, compression: bool) -> tuple[subprocess.Popen, int]:
    cmd = [sys.executable, "-m", "game.net", "--host", "127.0.0.1", "--port", "0",
           "--data", data, "--connections-per-address", "0", "--rooms-per-address", "0",
           "--max-connections", "100000", "--max-rooms", "100000", "--bot-delay", "0"]
    if not durable:
        cmd.append("--no-durable")
    if not compression:
        cmd.append("--no-compression")
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    line = proc.stdout.readline()  # "Rooms on ws://127.0.0.1:PORT/ws"
    port = int(line.split("ws://")[1].split("/")[0].rsplit(":", 1)[1])
    return proc, port


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="rooms-") as data:
        if args.server:  # a server started by hand (under a profiler, say)
            proc, url = None, args.server
            pid = args.server_pid
        else:
            proc, port = start_server(data, args.durable, args.compression)
            url, pid = f"ws://127.0.0.1:{port}/ws", proc.pid
        try:
            await asyncio.sleep(0.5)
            base_rss = rss_mib(pid)
            stats = Stats()
            stop = asyncio.Event()
            rng = random.Random(args.seed)
            tasks = []
            t0 = time.perf_counter()
            gate = asyncio.Semaphore(args.opening)
            for _ in range(args.rooms):
                await gate.acquire()
                room: asyncio.Future = asyncio.get_running_loop().create_future()
                started = asyncio.Event()
                tasks.append(asyncio.ensure_future(person(
                    url, stats, args.think, random.Random(rng.random()), room, args.game,
                    started, stop)))
                await room
                for _ in range(3):
                    tasks.append(asyncio.ensure_future(person(
                        url, stats, args.think, random.Random(rng.random()), room, None,
                        asyncio.Event(), stop)))
                tasks.append(asyncio.ensure_future(_opened(started, gate)))
            opened = time.perf_counter() - t0
            await asyncio.sleep(args.warmup)
            cpu0, wall0 = cpu_seconds(pid), time.perf_counter()
            mine0 = time.process_time()
            stats.measuring = True
            await asyncio.sleep(args.seconds)
            stats.measuring = False
            cpu1, wall1 = cpu_seconds(pid), time.perf_counter()
            mine = (time.process_time() - mine0) / (wall1 - wall0)
            rss = rss_mib(pid)
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            if proc is not None:
                proc.terminate()  # the server closes its connections and finishes its saves
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
    report(args, stats, opened, (cpu1 - cpu0) / (wall1 - wall0), base_rss, rss, wall1 - wall0,
           mine)


async def _opened(started: asyncio.Event, gate: asyncio.Semaphore) -> None:
    await started.wait()
    gate.release()


def report(args, stats: Stats, opened: float, cpu: float, base: float, rss: float,
           seconds: float, clients_cpu: float) -> None:
    rtts = sorted(stats.rtts)
    q = statistics.quantiles(rtts, n=100) if len(rtts) >= 100 else []
    print(f"rooms {args.rooms} x 4 scripted people ({args.rooms * 4} connections), "
          f"game {args.game}, think {args.think:.2f} s, saves "
          f"{'fsync' if args.durable else 'no fsync'}, "
          f"{'compressed' if args.compression else 'uncompressed'}; opened in {opened:.1f} s")
    print(f"measured {seconds:.1f} s: {stats.actions} actions "
          f"({stats.actions / seconds:.0f}/s), errors {stats.errors or 'none'}")
    if q:
        print(f"action round trip: p50 {q[49] * 1000:.1f} ms, p90 {q[89] * 1000:.1f} ms, "
              f"p99 {q[98] * 1000:.1f} ms, max {rtts[-1] * 1000:.1f} ms")
    print(f"server CPU: {cpu * 100:.1f}% of one core, {cpu * 100 / args.rooms:.3f}% per room")
    print(f"server memory: {base:.1f} MiB before the rooms, {rss:.1f} MiB with them: "
          f"{(rss - base) * 1024 / args.rooms:.0f} KiB per room")
    print(f"the scripted people's own process: {clients_cpu * 100:.1f}% of one core; "
          f"machine load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rooms", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30.0, help="the measured window")
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--think", type=float, default=3.0,
                   help="a person's pause before a move, seconds (on average)")
    p.add_argument("--game", default="points")
    p.add_argument("--opening", type=int, default=20, help="rooms being opened at once")
    p.add_argument("--durable", action=argparse.BooleanOptionalAction, default=True,
                   help="fsync every save, as the server does by default")
    p.add_argument("--compression", action=argparse.BooleanOptionalAction, default=True,
                   help="permessage-deflate, as the server does by default")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--server", help="load this server (ws://...) instead of starting one")
    p.add_argument("--server-pid", type=int, help="its process, for CPU and memory")
    asyncio.run(main(p.parse_args()))
