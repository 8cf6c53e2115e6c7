"""The UI's rooms (DESIGN.md, UI): small modules, each room's package
re-exporting what the others use, lower rooms never reaching up, no mixins,
no imports hidden inside functions, and every module importable first, in a
fresh interpreter, without an import cycle."""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.uikit.scene import Scene
from game.uikit.table.parts import TablePart
from game.uikit.widgets.form import Row

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
ROOMS = ("scenes", "table")
KIT = ROOT / "game" / "uikit"
KIT_ROOMS = ("art", "widgets", "table")
FAMILIES = ROOT / "game" / "families"
MAX_LINES = 500
# the documented bases a window class may extend (each with its own lifecycle)
BASES = (Scene, TablePart, Row)
# imports of game modules inside a function: deliberate lazy loads only, each
# with a comment saying why (the coach: a build may leave it out)
LAZY_LOADS = {"game/ui/table/coaching.py"}


def window_files() -> list[Path]:
    """The window's code: the shell, the drawing kit, the families' table parts."""
    found = list(UI.rglob("*.py")) + list(KIT.rglob("*.py"))
    found += list(FAMILIES.glob("*/table.py")) + list(FAMILIES.glob("*/table/*.py"))
    return sorted(p for p in found if "__pycache__" not in p.parts)


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


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
    assert top == ["__init__.py", "app.py", "frames.py", "host.py", "launch.py", "screens.py"]
    for room in ROOMS:
        assert (UI / room / "__init__.py").is_file()
    for room in KIT_ROOMS:
        assert (KIT / room / "__init__.py").is_file()


@pytest.mark.parametrize("path", [p.relative_to(ROOT).as_posix() for p in window_files()])
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


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (names for
    annotations, never loaded)."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return skip


def _ui_imports(path: Path, loaded_only: bool = False) -> set[str]:
    """The game.ui and game.uikit modules ``path`` imports, absolute
    (game.uikit.art.fonts, …); ``loaded_only``: not those for annotations."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parts[:-1])
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_only(tree) if loaded_only else set()
    found = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
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


# Each room, and what it must not load: the rooms below the app never reach
# the app, the navigator or the launcher; the table opens other rooms' screens
# through the navigator (``app.screens``), so it names no scene; the kit knows
# no window.
TOP = ("game.ui.app", "game.ui.screens", "game.ui.launch")
LAYERS = {
    UI / "table": TOP + ("game.ui.scenes",),
    UI / "scenes": TOP,
    KIT: ("game.ui.",),
}


@pytest.mark.parametrize("room", sorted(LAYERS), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_rooms_are_layered(room):
    for path in sorted(room.rglob("*.py")):
        for mod in _ui_imports(path, loaded_only=True):
            assert not mod.startswith(LAYERS[room]), f"{path.relative_to(ROOT)} loads {mod}"


def test_game_modules_are_imported_at_the_top_not_inside_functions():
    """An import inside a function hides a cycle or a cost: only the lazy
    loads named above, each saying why in a comment."""
    found = []
    for path in window_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        for func in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(func):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                if any(n.startswith("game") for n in names):
                    said = "#" in lines[node.lineno - 1] or lines[node.lineno - 2].strip() \
                        .startswith("#")
                    found.append((path.relative_to(ROOT).as_posix(), node.lineno, said))
    assert {f[0] for f in found} <= LAZY_LOADS, found
    assert all(said for *_, said in found), found


def test_window_classes_hold_components_instead_of_mixing_them_in():
    """Every class of the window has one base: ``object`` (a component, a
    helper), a value type, or a documented base with its own lifecycle
    (``Scene``, ``TablePart``, a form ``Row``) or one of their kinds."""
    mixed = []
    for path in window_files():
        module = importlib.import_module(module_name(path))
        for name, cls in vars(module).items():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            bases = [b for b in cls.__bases__ if b is not object]
            ours = [b for b in bases if b.__module__.startswith("game.")]
            if len(bases) > 1 or any(not issubclass(b, BASES) for b in ours):
                mixed.append(f"{module.__name__}.{name}{tuple(b.__name__ for b in bases)}")
    assert mixed == []


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
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert proc.returncode == 0, proc.stderr[-3000:]
