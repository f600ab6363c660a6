"""Import directions, read from the source (every import, also those inside functions):
core imports no ruleset and no UI; rulesets import no UI and no printing; pdf, oob and the board
import no cli;
and no two modules of one package import each other. Test modules import shared test code only from
`helpers` and `conftest` modules."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "umpire"
UI = ("click", "rich", "reportlab")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    mod = _module(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:   # relative: resolve against this module's package
                pkg = mod.split(".")
                if path.name != "__init__.py":
                    pkg = pkg[:-1]
                base = ".".join(pkg[: len(pkg) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


@cache
def _modules() -> dict[str, set[str]]:
    """Every umpire module and what it imports (read when a test first asks, not when tests are collected)."""
    return {_module(p): _imports(p) for p in ROOT.rglob("*.py")}


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


RULES = [
    ("umpire.core", ("umpire.rules", "umpire.cli", "umpire.pdf", "umpire.oob") + UI),
    ("umpire.rules", ("umpire.cli", "umpire.pdf", "umpire.oob") + UI),
    ("umpire.pdf", ("umpire.cli", "click", "rich")),
    ("umpire.oob", ("umpire.cli", "umpire.pdf", "click", "rich", "reportlab")),
    ("umpire.board", ("umpire.cli", "click", "rich", "reportlab")),
]


@pytest.mark.parametrize("layer,forbidden", RULES, ids=[r[0] for r in RULES])
def test_imports_go_one_way(layer, forbidden):
    bad = sorted(f"{m} imports {i}" for m, imps in _modules().items() if _under(m, layer)
                 for i in imps if any(_under(i, f) for f in forbidden))
    assert bad == []


def test_no_two_modules_import_each_other():
    modules = _modules()
    pairs = sorted({tuple(sorted((a, b))) for a, imps in modules.items() for b in modules
                    if a != b and b in imps and a in modules[b] and not a.startswith(b + ".")
                    and not b.startswith(a + ".")})
    assert pairs == []


TESTS = Path(__file__).resolve().parent
TEST_IMPORT = re.compile(r"^\s*from\s+(\.+[\w.]*|tests\.[\w.]+)\s+import\b", re.M)


def test_a_test_module_imports_only_helpers_and_conftest_modules():
    """Tests share code through `helpers` and `conftest` modules, never by importing another test module."""
    bad = []
    for path in sorted(TESTS.rglob("test_*.py")):
        source = path.read_text(encoding="utf-8")
        for match in TEST_IMPORT.finditer(source):
            if match[1].rsplit(".", 1)[-1] not in ("helpers", "conftest"):
                line = source.count("\n", 0, match.start()) + 1
                bad.append(f"{path.relative_to(TESTS)}:{line} imports from {match[1]}")
    assert bad == []
