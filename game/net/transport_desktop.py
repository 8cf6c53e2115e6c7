"""The desktop's transport: the ``websockets`` library on the window's own
asyncio loop (``main.py`` runs the window in one), in a task that fills an
inbox the client empties once a frame."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

MAX_INCOMING = 4 * 1024 * 1024  # a view with the whole table fits many times over


class DesktopTransport:
    def __init__(self, *, origin: str | None = None, open_timeout: float = 10.0) -> None:
        self.status = "idle"
        self.close_code: int | None = None
        self.problem = ""  # why it closed, when it did not close cleanly
        self._origin = origin
        self._open_timeout = open_timeout
        self._inbox: deque[str] = deque()
        self._outbox: deque[str] = deque()
        self._wake: asyncio.Event | None = None
        self._ws: ClientConnection | None = None
        self._task: asyncio.Task | None = None
        self._closing: asyncio.Task | None = None

    def open(self, url: str) -> None:
        """Start connecting (needs the running asyncio loop)."""
        self.status = "connecting"
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run(url))

    def send(self, text: str) -> None:
        if self.status != "open":
            return
        self._outbox.append(text)
        self._wake.set()

    def receive(self) -> list[str]:
        out = list(self._inbox)
        self._inbox.clear()
        return out

    def close(self) -> None:
        """Say goodbye and close (in the background)."""
        if self._ws is not None and self.status == "open":
            # kept: the loop holds tasks only weakly, and this one must finish
            self._closing = asyncio.get_running_loop().create_task(self._ws.close())
        elif self._task is not None:
            self._task.cancel()
        self.status = "closed"

    def abort(self) -> None:
        """Break the connection without a goodbye, as a phone that loses its
        network does (the server sees a drop, not a leave)."""
        if self._ws is not None and self._ws.transport is not None:
            self._ws.transport.abort()

    async def _run(self, url: str) -> None:
        try:
            async with connect(url, origin=self._origin, open_timeout=self._open_timeout,
                               max_size=MAX_INCOMING, ping_interval=20, ping_timeout=20,
                               close_timeout=2) as ws:
                self._ws = ws
                if self.status == "connecting":
                    self.status = "open"
                writer = asyncio.create_task(self._write(ws))
                try:
                    async for message in ws:
                        if isinstance(message, str):
                            self._inbox.append(message)
                finally:
                    writer.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await writer
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as exc:
            self.problem = str(exc) or type(exc).__name__
        finally:
            if self._ws is not None:
                self.close_code = self._ws.close_code
            self.status = "closed"

    async def _write(self, ws: ClientConnection) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                await ws.send(self._outbox.popleft())
