"""The room server's settings, and the command line that sets them:

    python -m game.net [--host H] [--port P] [--web build/web] [--data DIR] ...

Every limit has a default fit for a home network or a small public server;
``--help`` lists them all.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, fields
from pathlib import Path

from game.app.storage import data_dir
from game.net.keys import CODE_ALPHABET, SEED_BITS


@dataclass
class Settings:
    host: str = "0.0.0.0"  # every interface: the other devices on the network can join
    port: int = 8765
    web: Path | None = None  # the built site to serve from the same port
    data: Path | None = None  # where rooms are saved (None: in memory only; the command
    # line's default is the game's data folder, ``rooms`` in it)
    durable: bool = True  # fsync every save
    compression: bool = True  # permessage-deflate: a view shrinks to a fraction for phones
    public_page: str | None = None  # the page's public address, for join links
    public_server: str | None = None  # the rooms' public address (wss://...), for join links
    origins: tuple[str, ...] = ()  # allowed page origins (empty: any)
    trusted_proxies: tuple[str, ...] = ()  # peers whose X-Forwarded-For/-Proto/-Host count
    code_prefix: str = ""  # this process's first letter of room codes (routing, README)
    max_rooms: int = 2000
    rooms_per_address: int = 10  # live rooms one address may have opened
    max_connections: int = 10000
    connections_per_address: int = 40
    rate: float = 20.0  # messages a second per connection, on average
    burst: int = 40  # and at once
    flood_close: int = 100  # refused messages in a row before the connection is closed
    idle_timeout: float = 120.0  # silence (the client pings every 25 s) before closing
    lobby_timeout: float = 60.0  # a connection that has not joined a room by then
    takeover_after: float = 45.0  # a person away this long: a bot stands in
    room_ttl: float = 6 * 3600.0  # a room with nobody in it this long is gone
    bot_delay: float = 0.6  # a bot's pause before it moves, so people can follow
    think_budget: float = 0.005  # one slice of a bot's thinking, seconds
    tick: float = 0.05  # how often timers are looked at
    seed_bits: int = SEED_BITS  # a match seed's secret bits (deal codes hold up to 64)

    def check(self) -> None:
        if any(ch not in CODE_ALPHABET for ch in self.code_prefix) or len(self.code_prefix) > 2:
            raise ValueError(f"--code-prefix must be at most 2 of {CODE_ALPHABET}")
        if not 16 <= self.seed_bits <= 64:
            raise ValueError("--seed-bits must be from 16 to 64")


_HELP = {
    "web": "serve this built web site (make web) from the same port",
    "data": "save rooms here; a restarted server resumes them (default: the game's "
            "data folder)",
    "public_page": "the page's public URL, for join links (default: this server)",
    "public_server": "the rooms' public URL (wss://host/ws), for join links",
    "origins": "allowed page origins, comma-separated (default: any)",
    "trusted_proxies": "reverse proxy addresses whose X-Forwarded-* headers count",
    "code_prefix": "start this process's room codes with these letters (routing)",
    "seed_bits": "secret bits of a match seed (fewer than 64 only for tests: a search "
                 "over a narrow seed could find the deck from one's own cards)",
    "durable": "fsync every save (on by default)",
    "compression": "compress frames (permessage-deflate; on by default: views shrink "
                   "several times, for phones on slow networks)",
}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game.net",
                                description="Host rooms for play with friends.")
    for f in fields(Settings):
        flag = "--" + f.name.replace("_", "-")
        default = f.default
        if isinstance(default, bool):
            p.add_argument(flag, action=argparse.BooleanOptionalAction, default=default,
                           help=_HELP.get(f.name))
        elif isinstance(default, tuple):
            p.add_argument(flag, default=",".join(default), help=_HELP.get(f.name))
        else:
            kind = {int: int, float: float}.get(type(default), str)
            if f.name in ("web", "data"):
                kind = Path
            if f.name == "data":
                default = data_dir() / "rooms"
            p.add_argument(flag, type=kind, default=default,
                           help=_HELP.get(f.name, f"(default: {default})"))
    p.add_argument("--memory", action="store_true",
                   help="keep rooms in memory only (a restart loses them)")
    return p


def settings_from(argv: list[str] | None) -> Settings:
    args = vars(parser().parse_args(argv))
    if args.pop("memory"):
        args["data"] = None
    for f in fields(Settings):
        if isinstance(f.default, tuple):
            args[f.name] = tuple(x.strip() for x in args[f.name].split(",") if x.strip())
    settings = Settings(**args)
    settings.check()
    return settings
