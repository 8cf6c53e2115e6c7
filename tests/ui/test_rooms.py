"""The UI's rooms (DESIGN.md, UI): small modules, each room's package
re-exporting what the others use, lower rooms never reaching up, and every
module importable first, in a fresh interpreter, without an import cycle."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
ROOMS = ("scenes", "table")
KIT = ROOT / "game" / "uikit"
KIT_ROOMS = ("art", "widgets", "table")
MAX_LINES = 500


def ui_modules() -> list[str]:
    names = []
    for path in sorted(UI.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(ROOT).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        names.append(".".join(parts))
    return names


def test_the_ui_is_arranged_in_rooms_with_only_the_app_at_the_top():
    top = sorted(p.name for p in UI.glob("*.py"))
    assert top == ["__init__.py", "app.py", "frames.py", "launch.py"]
    for room in ROOMS:
        assert (UI / room / "__init__.py").is_file()
    for room in KIT_ROOMS:
        assert (KIT / room / "__init__.py").is_file()


@pytest.mark.parametrize("path", sorted(p.relative_to(ROOT).as_posix() for p in UI.rglob("*.py")
                                        if "__pycache__" not in p.parts))
def test_modules_stay_small(path):
    lines = (ROOT / path).read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{path} has {lines} lines: split it (DESIGN.md, item 7)"


@pytest.mark.parametrize("room", [f"game.ui.{r}" for r in ROOMS]
                         + [f"game.uikit.{r}" for r in ("art", "widgets")])
def test_each_room_re_exports_what_it_names(room):
    package = importlib.import_module(room)
    assert package.__doc__ and package.__all__
    for name in package.__all__:
        assert getattr(package, name, None) is not None, f"{room} lacks {name}"


def _ui_imports(path: Path) -> set[str]:
    """The game.ui modules ``path`` imports, absolute (game.uikit.art.fonts, …)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m.startswith(("game.ui", "game.uikit"))}


@pytest.mark.parametrize("room,allowed", [
    ("art", ("game.uikit.art",)),
    ("widgets", ("game.uikit.art", "game.uikit.widgets")),
])
def test_lower_rooms_never_reach_up(room, allowed):
    for path in sorted((KIT / room).glob("*.py")):
        for mod in _ui_imports(path):
            assert mod.startswith(allowed), f"{path.relative_to(ROOT)} imports {mod}"


def test_the_table_and_the_scenes_import_each_others_modules_not_packages():
    for room, other in (("table", "game.ui.scenes"), ("scenes", "game.ui.table")):
        for path in sorted((UI / room).rglob("*.py")):
            assert other not in _ui_imports(path), (
                f"{path.relative_to(ROOT)} imports the package {other}: name the module, "
                "since the two rooms import each other")


def test_every_module_imports_first_in_a_fresh_interpreter():
    """Whichever module is imported first (a test, a tool, the web build), the
    rooms' packages load without a circular-import error."""
    script = (
        "import importlib, sys\n"
        "names = sys.argv[1:]\n"
        "for name in names:\n"
        "    for loaded in [m for m in sys.modules if m.startswith('game.ui')]:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script, *ui_modules()], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                                   PYTHONDONTWRITEBYTECODE="1"))
    assert proc.returncode == 0, proc.stderr[-3000:]
