"""Rooms on disk: one JSON file per room, replaced atomically (written to a
temporary file, flushed to the disk, then renamed over the old one), so a
crash at any moment leaves either the old save or the new one, never half.

A save is taken (the room turned into bytes) the moment the room changes,
in the server's loop, so it is exactly the room after that change.  The
writing happens beside the loop, in a worker thread, a batch at a time: on
a busy or slow disk, renames and flushes would otherwise hold every other
room up.  When a room changes again before its last save was written, the
newer save replaces it in the queue (it holds every change of the older
one).  ``flush()`` waits until everything taken is on disk; the server
calls it when it stops.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.net.keys import CODE_ALPHABET

log = logging.getLogger("game.net")
SUFFIX = ".room.json"
_GONE = None  # a queued delete


class RoomStore:
    def __init__(self, directory: str | os.PathLike, *, durable: bool = True) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.durable = durable  # fsync files and folder (off only on a scratch disk)
        self._queue: dict[str, bytes | None] = {}
        self._wake: asyncio.Event | None = None
        self._idle: asyncio.Event | None = None
        self._writer: asyncio.Task | None = None
        self.written = 0  # files written so far (benchmarks read it)

    def path(self, code: str) -> Path:
        if not code or any(ch not in CODE_ALPHABET for ch in code):
            raise ValueError(f"not a room code: {code!r}")  # never a path from elsewhere
        return self.directory / f"{code}{SUFFIX}"

    # ------------------------------------------------------------- queueing
    def save(self, code: str, doc: dict[str, Any]) -> None:
        """Take the room's save now; it reaches the disk in the background."""
        self.path(code)
        self._put(code, json.dumps(doc, separators=(",", ":")).encode())

    def delete(self, code: str) -> None:
        self.path(code)
        self._put(code, _GONE)

    def _put(self, code: str, data: bytes | None) -> None:
        self._queue[code] = data
        if self._writer is None:
            self._wake, self._idle = asyncio.Event(), asyncio.Event()
            self._writer = asyncio.get_running_loop().create_task(self._write_loop())
        self._idle.clear()
        self._wake.set()

    async def flush(self) -> None:
        """Wait until every save taken so far is on disk."""
        while self._queue or (self._idle is not None and not self._idle.is_set()):
            await self._idle.wait()

    async def close(self) -> None:
        await self.flush()
        if self._writer is not None:
            self._writer.cancel()
            self._writer = None

    async def _write_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._queue = self._queue, {}
            try:
                # a worker thread: the loop keeps serving while the disk works
                await asyncio.to_thread(self._write_batch, batch)
            except Exception:  # noqa: BLE001 - a full disk must not stop the rooms
                log.exception("room saves could not be written")
            if not self._queue:
                self._idle.set()

    def _write_batch(self, batch: dict[str, bytes | None]) -> None:
        for code, data in batch.items():
            path = self.path(code)
            if data is _GONE:
                path.unlink(missing_ok=True)
                continue
            tmp = path.with_name(path.name + ".tmp")
            with open(tmp, "wb") as f:
                f.write(data)
                if self.durable:
                    f.flush()
                    os.fsync(f.fileno())
            os.replace(tmp, path)
            self.written += 1
        if self.durable:  # the renames reach the disk with the folder
            fd = os.open(self.directory, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    # -------------------------------------------------------------- reading
    def read(self, code: str) -> bytes | None:
        """The room's save as it is on disk now."""
        try:
            return self.path(code).read_bytes()
        except FileNotFoundError:
            return None

    def load_all(self) -> Iterator[tuple[str, Any]]:
        """Every saved room's code and document (unreadable files are logged
        and left where they are, for a person to look at)."""
        for path in sorted(self.directory.glob(f"*{SUFFIX}")):
            code = path.name[: -len(SUFFIX)]
            try:
                yield code, json.loads(path.read_bytes())
            except (OSError, ValueError) as exc:
                log.warning("room save %s is unreadable: %s", path.name, exc)
