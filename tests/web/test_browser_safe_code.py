"""Everything packed for the browser avoids what CPython-wasm under pygbag lacks or
what would freeze the page: threads and processes, blocking sleeps, SDL timers and
console input. The runtime check (test_browser_paths) only sees the code a few
hundred frames reach; this reads all of it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN_MODULES = {"threading", "_thread", "multiprocessing", "subprocess",
                     "concurrent"}
FORBIDDEN_CALLS = {("time", "sleep"), ("time", "set_timer")}


def packed_python() -> list[Path]:
    files = [ROOT / "main.py"] if (ROOT / "main.py").is_file() else []
    files += [p for p in sorted((ROOT / "game").rglob("*.py")) if "__pycache__" not in p.parts]
    return files


def problems_in(source: str, name: str) -> list[str]:
    """Uses of forbidden modules and calls in ``source``, as 'file:line what'."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            mods = [node.module]
            if node.module == "time" and any(a.name == "sleep" for a in node.names):
                found.append(f"{name}:{node.lineno} from time import sleep")
        else:
            mods = []
        for mod in mods:
            if mod.split(".")[0] in FORBIDDEN_MODULES:
                found.append(f"{name}:{node.lineno} import {mod}")
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "input":
                found.append(f"{name}:{node.lineno} input()")
            if isinstance(func, ast.Attribute):
                owner = func.value
                owner_name = owner.id if isinstance(owner, ast.Name) else (
                    owner.attr if isinstance(owner, ast.Attribute) else "")
                if (owner_name, func.attr) in FORBIDDEN_CALLS:
                    found.append(f"{name}:{node.lineno} {owner_name}.{func.attr}()")
    return found


def test_the_checker_finds_each_kind_of_problem():
    bad = ("import threading\nfrom concurrent.futures import ThreadPoolExecutor\n"
           "from time import sleep\nimport time, pygame\ntime.sleep(1)\n"
           "pygame.time.set_timer(1, 2)\nx = input()\n")
    assert [p.split(" ", 1)[1] for p in problems_in(bad, "bad.py")] == [
        "import threading", "import concurrent.futures", "from time import sleep",
        "time.sleep()", "time.set_timer()", "input()"]
    assert problems_in("import asyncio\nawait_me = asyncio.sleep(0)\n", "ok.py") == []


def test_packed_code_has_no_threads_blocking_sleeps_timers_or_console_input():
    files = packed_python()
    assert any(p.name == "app.py" for p in files)
    found = []
    for path in files:
        found += problems_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []
