"""Bots by name, and external bots loaded from ``path/to/file.py:ClassName``."""

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


def register(name: str, factory: Callable[[int], object]) -> None:
    BOTS[name] = factory


def make_bot(spec: str, seed: int = 0):
    """A bot from a registered name or ``file.py:ClassName``."""
    if ":" in spec and spec.split(":", 1)[0].endswith(".py"):
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
    _load_levels()
    if spec not in BOTS:
        raise ValueError(f"unknown bot {spec!r}: choose from {', '.join(sorted(BOTS))}")
    return BOTS[spec](seed)


def bot_label(spec: str) -> str:
    return spec.rsplit(":", 1)[-1] if ":" in spec else spec


def _load_levels() -> None:
    """The leveled bots (easy/medium/hard) register themselves on import."""
    try:
        from game.ai import levels  # noqa: F401
    except ImportError:
        pass
