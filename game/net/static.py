"""The built web site (``build/web``) served from the room server's own
port, so one command on a laptop hosts both the page and the rooms."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Response

TYPES = {  # what pygbag's page loads, with the types browsers insist on
    ".wasm": "application/wasm", ".apk": "application/octet-stream",
    ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json",
    ".webmanifest": "application/manifest+json", ".ogg": "audio/ogg",
    ".gz": "application/gzip", ".html": "text/html; charset=utf-8",
}
MAX_FILE = 64 * 1024 * 1024


class StaticSite:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise FileNotFoundError(f"no web site at {root}")

    def file_for(self, target: str) -> Path | None:
        """The file a request's target names inside the site, or None (never
        a file outside it, whatever the target spells)."""
        path = unquote(urlsplit(target).path)
        if "\x00" in path:
            return None
        rel = path.lstrip("/") or "index.html"
        candidate = (self.root / rel).resolve()
        if candidate.is_dir():
            candidate = candidate / "index.html"
        if not candidate.is_relative_to(self.root) or not candidate.is_file():
            return None
        return candidate

    def response(self, target: str) -> Response | None:
        path = self.file_for(target)
        if path is None or path.stat().st_size > MAX_FILE:
            return None
        body = path.read_bytes()
        kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] \
            or "application/octet-stream"
        headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))),
                           ("Cache-Control", "no-cache"),
                           ("X-Content-Type-Options", "nosniff")])
        return Response(200, "OK", headers, body)
