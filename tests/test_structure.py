"""The shape of the code: one lazy seam, a contract that does not leak, one vocabulary, a layout
named by the rules, modules a reader can hold in mind."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = ROOT / "umpire"
PY = sorted(CODE.rglob("*.py"))

#: the most function-level imports of umpire modules the code may hold; each carries a reason
MOST_LAZY_IMPORTS = 12
MOST_LINES = 700


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _umpire_import(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").startswith("umpire")
    return isinstance(node, ast.Import) and any(a.name.startswith("umpire") for a in node.names)


def _lazy_imports() -> list[tuple[Path, ast.AST]]:
    found = []
    for path in PY:
        for fn in ast.walk(_tree(path)):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found += [(path, n) for n in ast.walk(fn) if _umpire_import(n)]
    return found


def test_laziness_lives_at_one_seam():
    """Modules import at their top; the few imports inside a function say why on their line or the
    line above (the lazy seams are the ruleset registry, the action tables and the command table)."""
    lazy = _lazy_imports()
    assert len(lazy) <= MOST_LAZY_IMPORTS, [f"{p.relative_to(ROOT)}:{n.lineno}" for p, n in lazy]
    for path, node in lazy:
        lines = path.read_text(encoding="utf-8").splitlines()
        around = lines[node.lineno - 1] + lines[node.lineno - 2]
        assert "#" in around, f"{path.relative_to(ROOT)}:{node.lineno}: a function-level import without a reason"


def test_no_branch_on_a_family_outside_the_rules():
    """Printing, conversion and the command line find a ruleset's parts through the contract."""
    pattern = re.compile(r"family\s*(==|!=|\bin\b)")
    leaks = [f"{p.relative_to(ROOT)}:{i}" for p in PY if "rules" not in p.relative_to(CODE).parts
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert leaks == []


def test_no_edition_asks_which_edition_it_runs_as():
    asks = [f"{p.relative_to(ROOT)}:{i}" for p in PY
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if "data_id.startswith" in line]
    assert asks == []


def test_one_resolution_and_one_tables():
    defined = {}
    for path in PY:
        for node in _tree(path).body:
            if isinstance(node, ast.ClassDef) and node.name in ("Resolution", "Tables"):
                defined.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    assert defined == {"Resolution": ["umpire/core/state.py"], "Tables": ["umpire/core/tables.py"]}


def test_modules_stay_small():
    big = {str(p.relative_to(ROOT)): n for p in PY if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert big == {}


def test_files_are_named_by_what_they_hold():
    """Not by when they were written: no "rest" or "more" modules, code or tests."""
    named = [str(p.relative_to(ROOT)) for p in [*PY, *(ROOT / "tests").rglob("*.py")]
             if re.search(r"(^|_)(rest|more)(_|$)", p.stem)]
    assert named == []


def test_tests_import_helpers_not_other_tests():
    """Shared test values live in helpers or conftest modules, never in another test module."""
    bad = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests.") and \
                    node.module.rsplit(".", 1)[-1].startswith("test_"):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.module}")
    assert bad == []
