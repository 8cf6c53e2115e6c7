"""Saves go to the right place, atomically, and a broken store never crashes."""

import json

import pytest

from game.app import storage


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_DATA_DIR", str(tmp_path / "data"))
    storage.set_backend(None)
    yield
    storage.set_backend(None)


def test_file_roundtrip_in_overridden_dir(tmp_path):
    assert storage.load_text("k") is None
    storage.save_text("k", "hello ♠")
    assert storage.load_text("k") == "hello ♠"
    files = list((tmp_path / "data").iterdir())
    assert [f.name for f in files] == ["k.json"], "no temp file is left behind"
    storage.delete("k")
    assert storage.load_text("k") is None
    storage.delete("k")  # deleting twice is fine


def test_overwrite_replaces_whole_content():
    storage.save_text("k", "x" * 1000)
    storage.save_text("k", "short")
    assert storage.load_text("k") == "short"


def test_default_dir_uses_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("RUMMY_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if storage.sys.platform.startswith("linux"):
        assert storage.data_dir() == tmp_path / "xdg" / "indian-rummy"


def test_key_cannot_escape_the_directory(tmp_path):
    storage.save_text("../evil", "x")
    assert not (tmp_path / "evil.json").exists()
    assert storage.load_text("../evil") == "x"


class Memory:
    def __init__(self):
        self.items = {}

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


class Broken:
    def getItem(self, key):  # noqa: N802
        raise RuntimeError("storage unavailable")

    def setItem(self, key, value):  # noqa: N802
        raise OSError("quota exceeded")

    def removeItem(self, key):  # noqa: N802
        raise RuntimeError("nope")


def test_injected_backend_is_used(tmp_path):
    mem = Memory()
    storage.set_backend(mem)
    storage.save_text("a", json.dumps([1]))
    assert mem.items == {"a": "[1]"}
    assert storage.load_text("a") == "[1]"
    storage.delete("a")
    assert mem.items == {}
    assert not (tmp_path / "data").exists()


def test_broken_backend_reads_none_and_save_raises():
    storage.set_backend(Broken())
    assert storage.load_text("a") is None
    storage.delete("a")
    with pytest.raises(OSError):
        storage.save_text("a", "x")


class JsNull:
    """What pyodide gives for a JS null (``pyodide.ffi.jsnull``): it prints "jsnull"."""

    def __str__(self) -> str:
        return "jsnull"


class JsUndefined:
    def __str__(self) -> str:
        return "undefined"


class _PageStorage:
    """The page's localStorage as the bridge shows it: a missing key is JS null."""

    def __init__(self, missing) -> None:
        self.items: dict[str, str] = {}
        self.missing = missing

    def getItem(self, key):  # noqa: N802 - the browser's name
        return self.items.get(key, self.missing)

    def setItem(self, key, value) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key) -> None:  # noqa: N802
        self.items.pop(key, None)


@pytest.mark.parametrize("missing", [JsNull(), JsUndefined()])
def test_a_missing_key_in_the_page_is_nothing_not_a_damaged_record(missing):
    # in pyodide a missing key came back as the text "jsnull", and every fresh
    # page said its statistics and its save were damaged
    storage.set_backend(_PageStorage(missing))
    assert storage.load_text("stats") is None
    storage.save_text("stats", '{"deals": 1}')
    assert storage.load_text("stats") == '{"deals": 1}'
