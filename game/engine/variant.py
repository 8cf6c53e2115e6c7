"""Kept while callers move to ``game.engine.families``."""

from .families import FAMILIES, Family, family_of

__all__ = ["FAMILIES", "Family", "family_of"]
