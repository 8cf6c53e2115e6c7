"""Every test here plays with tiny rummy installed, as if its line were in the
registry's ``INSTALLED``; it is taken out again afterwards."""

import pytest

import tests.families.tiny as tiny
from game.families import install, uninstall


@pytest.fixture(autouse=True)
def installed():
    install(tiny)
    yield tiny
    uninstall(tiny)
