"""Search over hidden information, shared by every family (``core``); a
family gives it its model of a deal (``core.Model``) from its own folder."""

from game.ai.search.core import BROWSER, Budget, Candidate, Model, choose, search, utility

__all__ = ["BROWSER", "Budget", "Candidate", "Model", "choose", "search", "utility"]
