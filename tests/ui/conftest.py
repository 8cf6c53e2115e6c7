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
