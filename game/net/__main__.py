"""``python -m game.net``: host rooms for play with friends (``server.main``)."""

import sys

from game.net.server import main

sys.exit(main())
