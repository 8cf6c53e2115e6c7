# the windows here keep their store (names, tickets) in a folder of each test's
# own, as the window tests do
from tests.ui.conftest import _no_real_saves  # noqa: F401
