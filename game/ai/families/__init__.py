"""Bots for the game families beyond 13-card, one module per family; each
registers its level classes with ``levels.register_family_bots``."""
