from pathlib import Path

import pytest

from game.app import storage


@pytest.fixture(autouse=True)
def _no_real_saves(tmp_path, monkeypatch):
    """Every UI test saves into its own temporary directory, never the home."""
    monkeypatch.setenv("RUMMY_DATA_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    storage.set_backend(None)
    yield
    storage.set_backend(None)


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    """The real desktop store under a scratch XDG data directory (the tests of
    what a damaged save or statistics file leaves on the disk)."""
    monkeypatch.delenv("RUMMY_DATA_DIR", raising=False)  # the suite's own override
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    storage.set_backend(None)
    folder = tmp_path / "xdg" / "indian-rummy"
    assert storage.data_dir() == folder
    folder.mkdir(parents=True)
    return folder
