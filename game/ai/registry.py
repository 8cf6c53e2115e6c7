"""Bots that play any family (random, greedy), and a bot loaded from a file
(``path/to/file.py:ClassName``); the leveled bots are the families' own and
are found through ``game.families.make_bot``."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

from game.ai.basic import GreedyBot, RandomBot

# name -> factory(seed) -> bot with choose(view)
BOTS: dict[str, Callable[[int], object]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def is_bot_file(spec: str) -> bool:
    return ":" in spec and spec.split(":", 1)[0].endswith(".py")


def load_bot_file(spec: str, seed: int = 0):
    """The bot ``path/to/file.py:ClassName``, made with ``seed`` when it takes one."""
    path, _, cls_name = spec.partition(":")
    file = Path(path)
    if not file.is_file():
        raise ValueError(f"bot file not found: {path}")
    module_spec = importlib.util.spec_from_file_location(f"extbot_{file.stem}", file)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    cls = getattr(module, cls_name, None)
    if cls is None:
        raise ValueError(f"{path} has no class {cls_name}")
    try:
        return cls(seed)
    except TypeError:
        return cls()


def bot_label(spec: str) -> str:
    return spec.rsplit(":", 1)[-1] if ":" in spec else spec
