"""What every test shares: process-wide garbage-collector settings put back.

The table calls ``game.memory.settle()``/``refresh()``, which freeze memory and
stop automatic full collections while a match is on.  A test that runs the
table would otherwise leave them so for every later test in its process: a
network test whose client sockets sit in reference cycles then waited for a
collection that never came (a hung worker, found running the suite on a
clean clone)."""

import gc

import pytest


@pytest.fixture(autouse=True)
def _collector_as_found():
    thresholds = gc.get_threshold()
    yield
    if gc.get_threshold() != thresholds or gc.get_freeze_count():
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        gc.collect()
