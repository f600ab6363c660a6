"""The README's set-up: CI runs exactly the README's test command, and the install the README gives
brings what that command needs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _setup_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Set-up"):]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "README.md: no sh block under Set-up"
    return block[1].strip().splitlines()


def test_the_readme_gives_two_commands_and_ci_runs_its_test_command():
    install, tests = _setup_commands()
    assert "pip install '.[test]'" in install
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci, f".ci/run does not run the README's test command {tests!r}"


def test_the_test_extra_installs_the_plugins_the_test_command_uses():
    _, tests = _setup_commands()
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]["test"]
    names = {re.match(r"[A-Za-z0-9_.-]+", req)[0].lower() for req in extra}
    assert "pytest" in names
    if re.search(r"\s-n\s", f" {tests} "):
        assert "pytest-xdist" in names
