"""The browser's transport: the page's own ``WebSocket``, reached through
pygbag's ``platform.window`` (the JavaScript window object).

Deliberately thin: it makes the socket, lets the socket's events fill an
inbox, and sends text.  The browser runs the socket; Python never waits.
Under pygbag and Pyodide a JavaScript class is constructed with ``.new``;
the event handlers are Python functions the page calls back, kept alive here
for the socket's lifetime (``wrap`` turns them into what the JavaScript
bridge needs: Pyodide's ``create_proxy``; pygbag takes them as they are).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

OPEN_STATE = 1  # WebSocket.readyState when open


def page_window() -> Any:
    """pygbag's JavaScript window.  ``platform`` here is pygbag's module, which
    replaces the standard library's in the browser; imported only when a
    socket is opened, because elsewhere it is the standard ``platform``."""
    import platform

    return platform.window


def _bridge() -> Callable[[Callable], Any]:
    """How Python callbacks cross to JavaScript: Pyodide needs a lasting proxy."""
    try:
        from pyodide.ffi import create_proxy  # Pyodide only; pygbag has no such module
    except ImportError:
        return lambda fn: fn
    return create_proxy


class BrowserTransport:
    def __init__(self, window: Any = None, wrap: Callable[[Callable], Any] | None = None) -> None:
        self.status = "idle"
        self.close_code: int | None = None
        self._window = window
        self._wrap = wrap
        self._inbox: deque[str] = deque()
        self._socket: Any = None
        self._handlers: tuple = ()  # kept: the page calls them as long as the socket lives

    def open(self, url: str) -> None:
        window = self._window if self._window is not None else page_window()
        wrap = self._wrap if self._wrap is not None else _bridge()
        self.status = "connecting"
        socket = window.WebSocket.new(url)
        handlers = (wrap(self._on_open), wrap(self._on_message), wrap(self._on_close),
                    wrap(self._on_error))
        socket.onopen, socket.onmessage, socket.onclose, socket.onerror = handlers
        self._socket, self._handlers = socket, handlers

    def send(self, text: str) -> None:
        if self.status == "open" and self._socket.readyState == OPEN_STATE:
            self._socket.send(text)

    def receive(self) -> list[str]:
        out = list(self._inbox)
        self._inbox.clear()
        return out

    def close(self) -> None:
        if self._socket is not None and self.status in ("connecting", "open"):
            self._socket.close(1000)
        self.status = "closed"

    # the page's callbacks
    def _on_open(self, event: Any = None) -> None:
        if self.status == "connecting":
            self.status = "open"

    def _on_message(self, event: Any) -> None:
        data = event.data
        # the bridge may hand text over as its own string type; the server sends text only
        self._inbox.append(data if isinstance(data, str) else str(data))

    def _on_close(self, event: Any = None) -> None:
        code = getattr(event, "code", None)
        self.close_code = int(code) if code is not None else None
        self.status = "closed"

    def _on_error(self, event: Any = None) -> None:
        # the page reports a failure with "error", then "close": the close says it all
        if self.status == "connecting":
            self.status = "closed"
