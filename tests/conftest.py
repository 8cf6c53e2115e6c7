"""What every test shares: process-wide garbage-collector settings put back.

The table calls ``game.memory.settle()``/``refresh()``, which freeze memory and
stop automatic full collections while a match is on.  A test that runs the
table would otherwise leave them so for every later test in its process: a
network test whose client sockets sit in reference cycles then waited for a
collection that never came (a hung worker, found running the suite on a
clean clone).

The children the tests start (``main.py``, ``python -m game``, an import
check) each compiled the whole game from source where bytecode writing is
off (``PYTHONDONTWRITEBYTECODE``, as on these machines): they share one
bytecode cache outside the checkout instead."""

import gc
import os
import tempfile

import pytest

from game import memory

os.environ["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "rummy-tests-pycache")
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


@pytest.fixture(autouse=True)
def _collector_as_found():
    thresholds = gc.get_threshold()
    yield
    if gc.get_threshold() != thresholds or gc.get_freeze_count():
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        gc.collect()


class _NoFullCollections:
    """The collector as ``game.memory`` sees it in most tests: the window's
    full collections at each new game and deal's end (of everything the
    test process holds: about 60 ms each, a sixth of the window tests'
    time) do nothing, and nothing is frozen.  No test but those marked
    ``real_memory`` (``tests/engine/test_memory.py``) checks when the
    collector runs; they get the real one."""

    get_threshold = staticmethod(gc.get_threshold)

    @staticmethod
    def collect(generation: int = 2) -> int:
        return 0

    @staticmethod
    def freeze() -> None:
        pass

    @staticmethod
    def unfreeze() -> None:
        pass

    @staticmethod
    def set_threshold(*thresholds: int) -> None:
        pass


@pytest.fixture(autouse=True)
def _no_full_collections(request, monkeypatch):
    if request.node.get_closest_marker("real_memory") is None:
        monkeypatch.setattr(memory, "gc", _NoFullCollections)
