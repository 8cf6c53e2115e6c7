"""Search over hidden information, shared by every family (``core``); a
family gives it its model of a deal (``core.Model``) from its own folder,
built on what every family's model reads the same way: the worlds
(``worlds``: turn order, the log's debts and latest turns, hands drawn by
weight), the light deal's bookkeeping (``deal``), the card tables of the
rollout policies (``tables``) and the clairvoyant bots that measure the
search's ceiling (``clairvoyant``)."""

from game.ai.search.core import (
    Budget,
    Candidate,
    Model,
    choose,
    search,
    table_budget,
    utility,
)

__all__ = ["Budget", "Candidate", "Model", "choose", "search", "table_budget",
           "utility"]
