"""Replay every rules case in cases/<ruleset-id>/*.toml through the command line.

A case sets up a game (`umpire new`, then `umpire ship add` or a scenario),
runs its steps as typed at the table, each with `--json`, and compares the
exit code, selected keys of the output, lines of the working, the error
message and selected fields of every named ship in `--json status`.
The format is described in cases/README.md.
"""

from __future__ import annotations

import json
import math
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from tests.helpers import setup_commands

ROOT = Path(__file__).parent / "cases"
CASES = sorted(ROOT.glob("*/*.toml"))

CASE_KEYS = {"title", "source", "notes", "setup", "steps"}
SETUP_KEYS = {"ruleset", "level", "optional", "seed", "rulings", "scenario", "tables", "ships"}
STEP_KEYS = {"command", "exit", "output", "output_null", "output_absent", "explain_has", "explain_lacks",
             "error_has", "status", "status_null", "status_absent"}
FLOAT_TOLERANCE = 1e-3


def differences(actual, expected, where: str) -> list[str]:
    """Where `actual` departs from `expected`: tables match on the keys given,
    lists item by item, numbers within FLOAT_TOLERANCE when either is a float."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a table {expected!r}, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing (keys: {', '.join(sorted(map(str, actual)))})")
            else:
                out += differences(actual[key], value, f"{where}.{key}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [d for i, (a, e) in enumerate(zip(actual, expected)) for d in differences(a, e, f"{where}[{i}]")]
    if _number(expected) and _number(actual) and (isinstance(expected, float) or isinstance(actual, float)):
        if math.isclose(actual, expected, rel_tol=0.0, abs_tol=FLOAT_TOLERANCE):
            return []
    elif type(actual) is type(expected) and actual == expected:
        return []
    return [f"{where}: expected {expected!r}, got {actual!r}"]


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _unknown(table: dict, allowed: set[str], where: str) -> list[str]:
    return [f"{where}: unknown key {key!r} (accepted: {', '.join(sorted(allowed))})"
            for key in table if key not in allowed]


def check_format(case: dict, ruleset: str) -> list[str]:
    """Misspelt keys would silently check nothing: refuse them."""
    problems = _unknown(case, CASE_KEYS, "case") + _unknown(case.get("setup", {}), SETUP_KEYS, "setup")
    problems += [f"case: {key!r} is missing" for key in ("title", "source", "setup", "steps") if key not in case]
    if case.get("setup", {}).get("ruleset") != ruleset:
        problems.append(f"setup.ruleset must be {ruleset!r}, the folder the case is in")
    for n, step in enumerate(case.get("steps", []), start=1):
        problems += _unknown(step, STEP_KEYS, f"step {n}")
        if "command" not in step:
            problems.append(f"step {n}: 'command' is missing")
    return problems


def step_differences(step: dict, res, status: dict | None) -> list[str]:
    """Everything a step expected that its result did not give."""
    out = []
    wanted = step.get("exit", 0)
    if res.code != wanted:
        out.append(f"exit: expected {wanted}, got {res.code} ({(res.err or res.out).strip()[:300]})")
    for text in _listed(step.get("error_has", [])):
        if text.lower() not in res.err.lower():
            out.append(f"error_has: {text!r} not in the message {res.err.strip()!r}")
    if {"output", "output_null", "output_absent", "explain_has", "explain_lacks"} & set(step):
        out += output_differences(step, res.out)
    if status is not None:
        ships = {s["id"]: s for s in status["ships"]}
        for sid in {**step.get("status", {}), **step.get("status_null", {}), **step.get("status_absent", {})}:
            if sid not in ships:
                out.append(f"status.{sid}: no such ship (ships: {', '.join(ships)})")
                continue
            out += differences(ships[sid], step.get("status", {}).get(sid, {}), f"status.{sid}")
            out += null_differences(ships[sid], step.get("status_null", {}).get(sid, []), f"status_null.{sid}")
            out += [f"status_absent.{sid}: {key!r} is there ({ships[sid][key]!r})"
                    for key in step.get("status_absent", {}).get(sid, []) if key in ships[sid]]
    return out


def null_differences(data: dict, paths: list[str], where: str) -> list[str]:
    """Each of `paths` ("key", or "key.0.inner" into lists and tables) must lead to a null."""
    out = []
    for path in paths:
        value = data
        for part in path.split("."):
            if isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            elif isinstance(value, dict) and part in value:
                value = value[part]
            else:
                out.append(f"{where}: {path!r} is not there")
                break
        else:
            if value is not None:
                out.append(f"{where}: {path!r} expected null, got {value!r}")
    return out


def _listed(value) -> list:
    """`error_has = "text"` or a list of texts."""
    return [value] if isinstance(value, str) else list(value)


def output_differences(step: dict, text: str) -> list[str]:
    try:
        data = json.loads(text)
    except ValueError:
        return [f"output: not one JSON object: {text[:300]!r}"]
    if not isinstance(data, dict):
        return [f"output: expected one JSON object, got {text[:300]!r}"]
    out = differences(data, step.get("output", {}), "output")
    out += null_differences(data, step.get("output_null", []), "output_null")
    out += [f"output_absent: {key!r} is there ({data[key]!r})" for key in step.get("output_absent", []) if key in data]
    for pattern in step.get("explain_has", []):
        if not any(re.search(pattern, line) for line in data.get("explain", [])):
            out.append(f"explain_has: no line of the working matches {pattern!r}")
    for pattern in step.get("explain_lacks", []):
        out += [f"explain_lacks: {pattern!r} matches the line {line!r}"
                for line in data.get("explain", []) if re.search(pattern, line)]
    return out


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT).with_suffix("")) for p in CASES])
def test_case(path, umpire, tmp_path):
    name = path.relative_to(ROOT.parent).as_posix()
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    problems = check_format(case, path.parent.name)
    assert not problems, f"{name}: " + "; ".join(problems)
    game = tmp_path / "game.toml"
    for cmd in setup_commands(case, path.stem, game, tmp_path):
        res = umpire("--game", str(game), *cmd)
        assert res.code == 0, f"{name}: set-up `umpire {shlex.join(cmd)}` exited {res.code}: {res.err.strip()}"
    for n, step in enumerate(case["steps"], start=1):
        before = game.read_bytes()
        res = umpire("--game", str(game), "--json", *shlex.split(step["command"]))
        if res.code != 0:
            assert game.read_bytes() == before, f"{name} step {n} `{step['command']}`: exit {res.code} " \
                                                "changed the game file"
        status = None
        if {"status", "status_null", "status_absent"} & set(step):
            shown = umpire("--game", str(game), "--json", "status")
            assert shown.code == 0, f"{name} step {n}: `status` exited {shown.code}: {shown.err.strip()}"
            status = shown.json
        found = step_differences(step, res, status)
        assert not found, f"{name} step {n} `{step['command']}`:\n  " + "\n  ".join(found)


def test_partial_matching():
    assert differences({"a": 1.0004, "b": [1, {"c": "x", "d": 2}]}, {"a": 1, "b": [1, {"c": "x"}]}, "o") == []
    assert differences({"a": 1}, {"a": 2}, "o") == ["o.a: expected 2, got 1"]
    assert differences({"a": [1, 2]}, {"a": [1]}, "o") == ["o.a: expected [1], got [1, 2]"]
    assert differences({"a": True}, {"a": 1}, "o") == ["o.a: expected 1, got True"]
    assert differences({"a": 1.01}, {"a": 1}, "o") == ["o.a: expected 1, got 1.01"]
    assert differences({}, {"a": 1}, "o") == ["o.a: missing (keys: )"]


def test_step_keys():
    class Res:
        code, err = 1, "umpire: error: out of range (TE 2.6 24.2.2.1)"
        out = '{"a": {"b": [null, 2]}, "explain": ["one: +1", "two"]}'

    step = {"exit": 1, "error_has": ["OUT of range", "24.2.2.1"], "output_null": ["a.b.0"], "output_absent": ["c"],
            "explain_has": [r"one: \+1"], "explain_lacks": ["three"]}
    assert step_differences(step, Res, None) == []
    bad = {"error_has": ["range", "24.2.2.2"], "output_null": ["a.b.1", "a.x"], "output_absent": ["a"],
           "explain_lacks": ["^t"]}
    assert step_differences(bad, Res, None) == [
        "exit: expected 0, got 1 (umpire: error: out of range (TE 2.6 24.2.2.1))",
        "error_has: '24.2.2.2' not in the message 'umpire: error: out of range (TE 2.6 24.2.2.1)'",
        "output_null: 'a.b.1' expected null, got 2", "output_null: 'a.x' is not there",
        "output_absent: 'a' is there ({'b': [None, 2]})", "explain_lacks: '^t' matches the line 'two'"]
    status = {"ships": [{"id": "mars", "fire": None, "aground": {"how": "shoal"}}]}
    step = {"exit": 1, "status_null": {"mars": ["fire"]}, "status_absent": {"mars": ["marines_at"]}}
    assert step_differences(step, Res, status) == []
    step = {"exit": 1, "status_null": {"mars": ["aground"]}, "status_absent": {"mars": ["aground"]}}
    assert step_differences(step, Res, status) == [
        "status_null.mars: 'aground' expected null, got {'how': 'shoal'}",
        "status_absent.mars: 'aground' is there ({'how': 'shoal'})"]
