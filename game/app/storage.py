"""Where saves live: a file in the user's data directory on the desktop,
``localStorage`` in the browser (pygbag), or a backend a test injects.

Every backend looks like ``localStorage``: getItem / setItem / removeItem.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Protocol

APP_DIR = "indian-rummy"


class Backend(Protocol):
    def getItem(self, key: str) -> str | None: ...  # noqa: N802 - localStorage names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


_backend: Any = None


def set_backend(backend: Any) -> None:
    """Use ``backend`` (getItem/setItem/removeItem) instead of the default; None resets."""
    global _backend
    _backend = backend


def data_dir() -> Path:
    """The desktop directory for saves (``RUMMY_DATA_DIR`` overrides it)."""
    override = os.environ.get("RUMMY_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / APP_DIR
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_DIR
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR


class FileBackend:
    """One file per key, replaced atomically so a crash never leaves half a save."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory

    def _path(self, key: str) -> Path:
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in key)
        return (self.directory or data_dir()) / f"{safe}.json"

    def getItem(self, key: str) -> str | None:  # noqa: N802
        try:
            return self._path(key).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(value)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    def removeItem(self, key: str) -> None:  # noqa: N802
        try:
            self._path(key).unlink()
        except FileNotFoundError:
            pass


def _browser_storage() -> Any:
    import platform as pygbag_platform  # pygbag replaces the stdlib module in the browser

    return pygbag_platform.window.localStorage


def backend() -> Any:
    if _backend is not None:
        return _backend
    if sys.platform == "emscripten":
        return _browser_storage()
    return FileBackend()


def load_text(key: str) -> str | None:
    """The text saved under ``key``, or None when there is none or it cannot be read."""
    try:
        value = backend().getItem(key)
    except Exception:  # a broken store must not stop the game from starting
        return None
    # pyodide hands a missing key's JS null over as its own ``jsnull`` object
    # (a class named JsNull), not None: read as text, it became a damaged save
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    text = str(value)
    if sys.platform == "emscripten" and text in ("null", "undefined"):
        return None  # a JS null that came through the bridge as a string
    return text


def save_text(key: str, text: str) -> None:
    """Save ``text`` under ``key``; raises OSError if the store refuses it."""
    backend().setItem(key, text)


def delete(key: str) -> None:
    try:
        backend().removeItem(key)
    except Exception:
        pass
