"""What one client or one address may ask of the server (rates, caps, origins,
idle connections), the secrets (room codes, tokens, seeds), and what the same
port serves besides rooms: the web page, a health check, join links."""

from __future__ import annotations

import asyncio
import base64
import json
import secrets
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.net import keys, links

from .helpers import FakeClock, Player, close_all, seated, settings, started, started_with, until


def frame(kind: str, **body) -> str:
    return json.dumps({"v": 1, "t": kind, **body})


async def replies(ws) -> list[dict]:
    out = []
    with pytest.raises(ConnectionClosed):
        while True:
            out.append(json.loads(await ws.recv()))
    return out


@pytest.mark.asyncio
async def test_a_connection_that_floods_is_refused_then_cut_off():
    clock = FakeClock()  # no time passes: the bucket never refills
    server = await started_with(settings(rate=1.0, burst=5, flood_close=3), clock)
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with connect(url) as ws:
        for i in range(10):
            await ws.send(frame("ping", id=i))
        got = await replies(ws)
        assert ws.close_code == 1008
    kinds = [(m["t"], m.get("id"), m.get("code")) for m in got]
    assert kinds == [("welcome", None, None)] + [("pong", i, None) for i in range(5)] + \
        [("error", None, "rate")] * 3
    async with connect(url) as fresh:  # the limit is the connection's, not the server's
        await fresh.send(frame("ping", id=1))
        assert json.loads(await fresh.recv())["t"] == "welcome"
        assert json.loads(await fresh.recv())["t"] == "pong"
    await server.stop()


@pytest.mark.asyncio
async def test_connections_and_rooms_are_capped_per_address():
    server = await started(settings(connections_per_address=3, rooms_per_address=2))
    url = f"ws://127.0.0.1:{server.port}/ws"
    held = [await connect(url) for _ in range(3)]
    with pytest.raises(InvalidStatus) as refused:
        await connect(url)
    assert refused.value.response.status_code == 429
    for i, ws in enumerate(held):
        await ws.recv()  # welcome
        await ws.send(frame("create", game="points", seats=["person", "easy"], name=f"H{i}"))
    answers = [json.loads(await ws.recv()) for ws in held]
    assert [a["t"] for a in answers] == ["joined", "joined", "error"]
    assert answers[2]["code"] == "limit"
    await held[0].close()
    await asyncio.sleep(0.05)
    async with connect(url) as again:  # a place came free
        assert json.loads(await again.recv())["t"] == "welcome"
    for ws in held[1:]:
        await ws.close()
    await server.stop()


@pytest.mark.asyncio
async def test_the_server_holds_no_more_rooms_than_it_may():
    server = await started(settings(max_rooms=1))
    url = f"ws://127.0.0.1:{server.port}/ws"
    answers = []
    for name in ("A", "B"):
        async with connect(url) as ws:
            await ws.recv()
            await ws.send(frame("create", game="points", seats=["person", "easy"], name=name))
            answers.append(json.loads(await ws.recv()))
    assert answers[0]["t"] == "joined" and answers[1]["code"] == "limit"
    await server.stop()


@pytest.mark.asyncio
async def test_only_allowed_origins_may_connect():
    server = await started(settings(origins=("https://rummy.example",)))
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with connect(url, origin="https://rummy.example") as ws:
        assert json.loads(await ws.recv())["t"] == "welcome"
    async with connect(url) as ws:  # the desktop window sends no origin
        assert json.loads(await ws.recv())["t"] == "welcome"
    with pytest.raises(InvalidStatus) as refused:
        await connect(url, origin="https://evil.example")
    assert refused.value.response.status_code == 403
    await server.stop()


@pytest.mark.asyncio
async def test_silent_connections_are_closed():
    server = await started(settings(lobby_timeout=0.2, idle_timeout=0.4))
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with connect(url) as lurker:
        got = await asyncio.wait_for(replies(lurker), 2)
        assert [m["t"] for m in got] == ["welcome"] and lurker.close_code == 4000
    async with connect(url) as ws:
        await ws.send(frame("create", game="points", seats=["person", "easy"], name="H"))
        await asyncio.sleep(0.3)  # past the lobby's limit, but it has a seat now
        await ws.send(frame("ping", id=5))
        got = await asyncio.wait_for(replies(ws), 2)
        assert ("pong", 5) in [(m["t"], m.get("id")) for m in got]
        assert ws.close_code == 4000
    await server.stop()


async def http_get(port: int, target: str) -> tuple[int, dict, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:] if ln)}
    body = await reader.readexactly(int(headers.get("content-length", 0)))
    writer.close()
    return status, headers, body


@pytest.mark.asyncio
async def test_the_same_port_serves_the_page_and_nothing_outside_it(tmp_path):
    site = tmp_path / "web"
    (site / "sub").mkdir(parents=True)
    (site / "index.html").write_text("<html>rummy</html>")
    (site / "game.apk").write_bytes(b"PK\x03\x04zip")
    (site / "sub" / "index.html").write_text("sub page")
    (tmp_path / "secret.txt").write_text("keys")
    server = await started(settings(web=site))
    port = server.port
    status, headers, body = await http_get(port, "/")
    assert (status, body) == (200, b"<html>rummy</html>")
    assert headers["content-type"].startswith("text/html")
    status, headers, body = await http_get(port, "/game.apk?v=2")
    assert (status, body, headers["content-type"]) == (200, b"PK\x03\x04zip",
                                                       "application/octet-stream")
    assert (await http_get(port, "/sub/"))[2] == b"sub page"
    for escape in ("/../secret.txt", "/%2e%2e/secret.txt", "/sub/../../secret.txt",
                   "/%2E%2E%2Fsecret.txt", "/missing.js", "/index.html%00.js"):
        assert (await http_get(port, escape))[0] == 404, escape
    assert (await http_get(port, "/healthz"))[:1] == (200,)
    await server.stop()


@pytest.mark.asyncio
async def test_a_room_carries_a_join_link_and_its_qr_code(tmp_path, monkeypatch):
    monkeypatch.setattr(links, "network_address", lambda: "192.168.1.5")
    site = tmp_path / "web"
    site.mkdir()
    (site / "index.html").write_text("page")
    server = await started(settings(web=site))
    port = server.port
    url = f"ws://127.0.0.1:{port}/ws"
    players = await seated(url, "points", ["person", "person"], 2)
    room = players[1].client.room
    # the host's own window came in through the loopback address: the others
    # on the network reach this machine by its network address instead
    assert room.server == f"ws://192.168.1.5:{port}/ws"
    parts = urlsplit(room.link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == \
        f"http://192.168.1.5:{port}/index.html"
    assert parse_qs(parts.query) == {"room": [room.code], "server": [room.server]}
    rows = room.qr
    assert len(rows) == len(rows[0]) and (len(rows) - 17) % 4 == 0  # a QR code's sizes
    finder = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"]
    assert [r[:7] for r in rows[:7]] == finder and [r[-7:] for r in rows[:7]] == finder
    assert [r[:7] for r in rows[-7:]] == finder
    await close_all(server, players)

    named = await started(settings(public_page="https://rummy.example/play/",
                                   public_server="wss://rummy.example/ws"))
    url = f"ws://127.0.0.1:{named.port}/ws"
    players = await seated(url, "points", ["person", "easy"], 1)
    room = players[0].client.room
    assert room.link == ("https://rummy.example/play/index.html?room="
                         f"{room.code}&server=wss%3A%2F%2Frummy.example%2Fws")
    await close_all(named, players)


def test_loopback_names_become_the_network_address(monkeypatch):
    monkeypatch.setattr(links, "network_address", lambda: "10.0.0.7")
    assert links.reachable("localhost:8765") == "10.0.0.7:8765"
    assert links.reachable("127.0.0.1") == "10.0.0.7"
    assert links.reachable("[::1]:80") == "10.0.0.7:80"
    assert links.reachable("rummy.example:443") == "rummy.example:443"
    assert links.clean_host("evil.example/<script>") is None
    assert links.clean_host("rummy.example:8765") == "rummy.example:8765"


def test_room_codes_tokens_and_seeds_are_secrets(monkeypatch):
    codes = {keys.new_room_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(c) == 10 and set(c) <= set(keys.CODE_ALPHABET) for c in codes)
    assert not set("01ILOU") & set(keys.CODE_ALPHABET) and len(keys.CODE_ALPHABET) == 30
    assert keys.code_bits() >= 40  # 10 symbols of 30: 49 bits
    assert keys.normal_code("k7qm-2rxd 4p") == "K7QM2RXD4P"
    assert keys.normal_code("K7QM-2RXD-4O") is None  # no O in a code: not a typo to guess
    token = keys.new_token()
    assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
    drawn = []
    real = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda k: drawn.append(k) or real(k))
    seed = keys.new_seed()
    assert drawn == [64] and 0 <= seed < 2**64


@pytest.mark.asyncio
async def test_a_started_room_draws_its_seed_from_secrets(monkeypatch):
    drawn = []
    real = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda k: drawn.append(k) or real(k))
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    players = await seated(url, "points", ["person", "easy"], 1)
    players[0].client.start()
    await until(lambda: players[0].client.view is not None, players, what="the deal")
    room = server.rooms[players[0].client.code]
    assert 64 in drawn and room.session.seed < 2**64
    await close_all(server, players)


@pytest.mark.asyncio
async def test_a_message_too_big_is_refused_and_a_huge_frame_closes():
    server = await started(settings())
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with connect(url, max_size=None) as ws:
        await ws.recv()
        await ws.send(json.dumps({"v": 1, "t": "ping", "pad": "x" * 9000}))
        assert json.loads(await ws.recv())["code"] == "too_big"
        await ws.send("x" * (64 * 1024 + 1))
        await replies(ws)
        assert ws.close_code == 1009
    lone = Player(url, None)  # and the server is still there
    lone.client.create("points", ["person", "easy"], "Still")
    await until(lambda: lone.client.status == "lobby", [lone], what="a room")
    await close_all(server, [lone])


@pytest.mark.asyncio
async def test_one_command_serves_rooms_and_the_page(tmp_path):
    site = tmp_path / "web"
    site.mkdir()
    (site / "index.html").write_text("the page")
    root = Path(__file__).resolve().parents[2]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game.net", "--host", "127.0.0.1", "--port", "0",
        "--web", str(site), "--data", str(tmp_path / "rooms"), cwd=root,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    try:
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        port = int(line.split("ws://127.0.0.1:")[1].split("/")[0])
        assert line.strip() == (f"Rooms on ws://127.0.0.1:{port}/ws, "
                                f"the page on http://127.0.0.1:{port}/")
        assert (await http_get(port, "/"))[2] == b"the page"
        async with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            await ws.recv()
            await ws.send(frame("create", game="marriage", seats=["person", "easy"], name="H"))
            joined = json.loads(await ws.recv())
        assert joined["t"] == "joined"
    finally:
        proc.terminate()  # a service manager's stop: the server finishes its saves
        assert await asyncio.wait_for(proc.wait(), 30) == 0
    assert (tmp_path / "rooms" / f"{joined['room']}.room.json").is_file()


def test_the_page_reads_a_join_link():
    link = links.join_link("http://192.168.1.5:8765/", "ws://192.168.1.5:8765/ws", "K7QM2RXD4P")
    assert links.read_join(link) == ("K7QM2RXD4P", "ws://192.168.1.5:8765/ws")
    assert links.read_join("?room=k7qm-2rxd4p") == ("K7QM2RXD4P", None)
    assert links.read_join("room=K7QM2RXD4P&server=javascript:alert(1)") == ("K7QM2RXD4P", None)
    assert links.read_join("?game=pool101&seed=4") is None
    assert links.read_join("?room=NOT-A-C0DE") is None
