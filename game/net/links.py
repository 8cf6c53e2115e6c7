"""The join link: making it (the server) and reading it (the page).

A link opens the web page straight into the room's lobby:
``https://example.org/index.html?room=CODE&server=wss%3A%2F%2Fexample.org%2Fws``.
When the people who join are on the host's home network, the address the
host's own window used (``localhost``) would mean their own device, so the
link names the machine's address on the network instead.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import parse_qsl, urlencode, urlsplit

from game.net.keys import normal_code

WS_PATH = "/ws"
_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?$")


def clean_host(header: str | None) -> str | None:
    """A ``Host`` header if it is a plain host[:port] (a request may carry anything)."""
    if not header or not _HOST.match(header):
        return None
    return header


def _split(host: str) -> tuple[str, str]:
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name, rest
    name, colon, port = host.partition(":")
    return name, colon + port


def is_loopback(host: str) -> bool:
    name = _split(host)[0]
    if name.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def network_address() -> str | None:
    """This machine's address on its network (the interface a packet out
    would use; connecting a UDP socket sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def reachable(host: str) -> str:
    """``host`` as other devices reach it: a loopback name becomes this
    machine's network address (when it has one), the port kept."""
    if not is_loopback(host):
        return host
    address = network_address()
    return address + _split(host)[1] if address else host


def server_url(host: str, secure: bool) -> str:
    return f"{'wss' if secure else 'ws'}://{host}{WS_PATH}"


def page_url(host: str, secure: bool) -> str:
    return f"{'https' if secure else 'http'}://{host}/"


def join_link(page: str, server: str, code: str) -> str:
    """The page at ``page`` (a folder URL or an ``index.html``), opened into room ``code``."""
    base = page if page.endswith(".html") else page.rstrip("/") + "/index.html"
    return f"{base}?{urlencode({'room': code, 'server': server})}"


def read_join(address: str) -> tuple[str, str | None] | None:
    """The room code and server a page address (or its query) opens, or None
    when it names no room: ``?room=K7QM2RXD4P&server=wss%3A%2F%2F...``.  A
    server that is not a ws:// or wss:// address is ignored (the page then
    uses its own)."""
    query = urlsplit(address).query if "://" in address else address.lstrip("?")
    if len(query) > 600:
        return None
    values = dict(parse_qsl(query, keep_blank_values=True))
    code = normal_code(values.get("room", ""))
    if code is None:
        return None
    server = values.get("server") or None
    if server is not None and urlsplit(server).scheme not in ("ws", "wss"):
        server = None
    return code, server
