"""Bots: pure Python, no pygame.  A bot has ``choose(view) -> Action``."""
