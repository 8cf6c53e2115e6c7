"""Play with friends: the room server, its protocol and the client library.

``python -m game.net`` serves rooms (``server.main``); ``client.RoomClient``
is the one client the desktop window and the browser page share, over a
transport of their own (``transport_desktop``, ``transport_browser``).

Nothing here draws or imports pygame.  Importing this package imports
nothing else: the browser page has no ``websockets`` library, so the
server's modules are only loaded where they run.
"""
