"""Where the game's files (fonts, sounds, icons) are: ``assets/`` beside the
``game`` package in the source tree, in the browser's unpacked bundle, and
in an editable install.

A plain ``pip install .`` packs them as ``game/assets`` (pyproject's
force-include), where the installed ``indian-rummy`` command finds them; a
folder named by ``RUMMY_ASSETS`` comes first.  Without any, the fonts fall
back to pygame's own (see ``fonts``) and the game plays silently: it still
opens.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

BESIDE = Path(__file__).resolve().parents[3] / "assets"  # the source tree
PACKAGED = Path(__file__).resolve().parents[2] / "assets"  # game/assets in a wheel


@lru_cache(maxsize=1)
def asset_dir() -> Path:
    """The folder holding ``fonts/``, ``sounds/`` and ``icon.png`` (may not exist)."""
    candidates = [BESIDE, PACKAGED]
    named = os.environ.get("RUMMY_ASSETS")
    if named:
        candidates.insert(0, Path(named))
    for folder in candidates:
        if (folder / "fonts").is_dir():
            return folder
    return BESIDE
