"""Each game family's own table parts, one module per family (see ``../parts.py``).

A new family adds its module here and one import below; the common table
code does not change.
"""

from game.ui.table.families import marriage, thirteen, twentyone, vazhushal

__all__ = ["marriage", "thirteen", "twentyone", "vazhushal"]
