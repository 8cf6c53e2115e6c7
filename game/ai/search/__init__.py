"""Search over hidden information, shared by every family (``core``), and
the 13-card family's model of a deal for it (``thirteen``)."""

from game.ai.search.core import BROWSER, Budget, Candidate, Model, choose, search, utility

__all__ = ["BROWSER", "Budget", "Candidate", "Model", "choose", "search", "utility"]
