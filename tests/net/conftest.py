import pytest

from game.app import storage


@pytest.fixture(autouse=True)
def _own_store(tmp_path, monkeypatch):
    """A window's store (names, tickets) in a folder of the test's own."""
    monkeypatch.setenv("RUMMY_DATA_DIR", str(tmp_path / "saves"))
    storage.set_backend(None)
    yield
    storage.set_backend(None)
