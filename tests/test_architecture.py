"""The tree's shape, as issue 22 states it and DESIGN.md draws it: one game
one folder, found through one registry; pygame only where something draws;
few imports inside functions, each a deliberate lazy load; no module over
600 lines; a family's own words only in its folder and the registry.  (The
layers and the absence of import cycles are import-linter's contracts in
pyproject.toml, run by ``make test``.)"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from game.families import FAMILIES, INSTALLED, PACKAGES

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
MODULES = sorted(p for p in GAME.rglob("*.py") if "__pycache__" not in p.parts)
MAX_LINES = 600
MAX_FUNCTION_IMPORTS = 10
# what a family calls its own things (RULES.md's words for one game only)
FAMILY_WORDS = re.compile(
    r"\b(tiplu|poplu|jhiplu|dublees?|maal|wipe[sd]?|wiping|tunnelas?|marriages?|"
    r"vazhushal|paplu|13card|21card|27card|13-card|21-card|27-card|thirteen|twentyone)\b",
    re.I)
# the modules outside the families' folders allowed to name them: the registry
REGISTRIES = {"game/families/__init__.py"}


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def in_family_folder(path: Path) -> bool:
    parts = path.relative_to(GAME).parts
    return len(parts) > 2 and parts[0] == "families"


def draws(path: Path) -> bool:
    """Whether ``path`` is a module that may draw: the window, the drawing kit,
    the bench's frame timing, or a family's table part."""
    parts = path.relative_to(GAME).parts
    return (parts[0] in ("ui", "uikit") or parts[:2] == ("bench", "window.py")
            or (parts[0] == "families" and len(parts) > 2 and
                parts[2] in ("table", "table.py")))


def imports_of(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield node, [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            yield node, [node.module or ""]


def test_every_family_folder_is_installed_and_offers_what_the_registry_reads():
    folders = {p.parent.name for p in (GAME / "families").glob("*/__init__.py")}
    assert folders == {package.__name__.rsplit(".", 1)[1] for package in INSTALLED}
    for name, package in PACKAGES.items():
        assert FAMILIES[name] is package.FAMILY
        assert set(package.BOTS) == {"easy", "medium", "hard"}, name
        assert package.HOWTO.pages and package.HOWTO.walkthrough, name
        table = importlib.import_module(f"{package.__name__}.table")
        assert table.PARTS, f"{name} lists no table parts"
        bench = importlib.import_module(f"{package.__name__}.bench")
        assert callable(bench.bench_lines), name


@pytest.mark.parametrize("path", MODULES, ids=rel)
def test_pygame_is_imported_only_where_something_draws(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node, names in imports_of(tree):
        if any(n == "pygame" or n.startswith("pygame.") for n in names):
            assert draws(path), f"{rel(path)} imports pygame (line {node.lineno})"


def test_imports_inside_functions_are_few_and_each_says_why():
    found = []
    for path in MODULES:
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node, names in imports_of(func):
                if not any(n.startswith("game") for n in names):
                    continue
                above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                said = "#" in lines[node.lineno - 1] or above.startswith("#")
                found.append((rel(path), node.lineno, said))
    assert len(found) <= MAX_FUNCTION_IMPORTS, found
    assert all(said for *_, said in found), [f for f in found if not f[2]]


@pytest.mark.parametrize("path", MODULES, ids=rel)
def test_no_module_is_over_600_lines(path):
    assert path.read_text(encoding="utf-8").count("\n") <= MAX_LINES


def test_a_familys_words_stay_in_its_folder_and_the_registry():
    outside = {rel(p) for p in MODULES
               if not in_family_folder(p) and FAMILY_WORDS.search(p.read_text(encoding="utf-8"))}
    assert outside <= REGISTRIES, sorted(outside - REGISTRIES)
