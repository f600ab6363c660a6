"""No game file makes a command fail with an internal error (exit 3): a real game file of each ruleset
with one of its fields changed to a date, a time, an infinite or undefined number, a whole number
beyond TOML's range (up to thousands of digits), deep nesting, or a value of the wrong kind is
played (status, log, verify, turn, undo) and every command ends 0, 1 or 2 (docs/limits.md)."""

from __future__ import annotations

import contextlib
import datetime
import io
import os
import sys
import tempfile
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.cli import run
from umpire.core.files import toml_loads

FIXTURES = sorted((Path(__file__).parent.parent / "core" / "fixtures" / "format1").glob("*.toml"))
COMMANDS = (["--json", "status"], ["log"], ["--json", "verify"], ["turn"], ["undo"])
HUGE = "HUGE-NUMBER-HERE"
DEEP: list = [1]
for _ in range(30):
    DEEP = [DEEP]

#: values no game file holds, and values of another kind than the field's
ODD = st.sampled_from([datetime.date(1805, 10, 21), datetime.datetime(1805, 10, 21, 12, 0),
                       datetime.time(12, 0), float("inf"), float("-inf"), float("nan"), 2**63, -2**63 - 1,
                       10**30, HUGE, DEEP])
WRONG = st.sampled_from(["", "x" * 300, "\x1b]0;title\x07", -1, 0, 1.5, True, [], [1, "a"], {}, {"a": {"b": 1}}])


def _leaves(value, path=()):
    if path:
        yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in items:
        yield from _leaves(v, path + (k,))


def _in_effect_value(path: tuple) -> bool:
    """A value an effect writes into the state: only odd values are tried there (see docs/limits.md)."""
    return len(path) >= 4 and path[0] == "events" and path[2] == "effects" and path[4:5] == ("value",)


def _mutated(base: dict, path: tuple, value) -> str:
    doc = toml_loads(tomli_w.dumps(base), "copy")
    node = doc
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    text = tomli_w.dumps(doc)
    return text.replace(f'"{HUGE}"', "9" * 5000)


def _play(text: str) -> list[tuple[list[str], int, str]]:
    out = []
    with tempfile.TemporaryDirectory(dir=os.environ.get("PYTEST_DEBUG_TEMPROOT")) as folder:
        game = Path(folder) / "game.toml"
        game.write_text(text)
        for command in COMMANDS:
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                code = run(["--game", str(game), *command])
            out.append((command, code, err.getvalue()))
    return out


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_no_field_of_a_game_file_causes_an_internal_error(fixture, data):
    base = toml_loads(fixture.read_text(), "fixture")
    paths = list(_leaves(base))
    path = data.draw(st.sampled_from(paths), label="field")
    value = data.draw(ODD if _in_effect_value(path) else st.one_of(ODD, WRONG), label="value")
    limit = sys.get_int_max_str_digits()
    for command, code, err in _play(_mutated(base, path, value)):
        assert code in (0, 1, 2), (fixture.stem, path, value, command, err)
        assert "internal error" not in err and "Traceback" not in err
    assert sys.get_int_max_str_digits() == limit


@pytest.mark.parametrize("value, said", [(float("nan"), "turn"), (float("inf"), "turn"),
                                         (datetime.date(1805, 10, 21), "turn"), (HUGE, "number too long"),
                                         (2**64, "64-bit")])
def test_an_odd_value_is_refused_naming_its_field(value, said):
    base = toml_loads(FIXTURES[-1].read_text(), "fixture")
    path = next(p for p in _leaves(base) if p[-1] == "turn" and p[0] == "events")
    for command, code, err in _play(_mutated(base, path, value)):
        assert code == 2, (command, err)
        assert said in err, err


@pytest.mark.parametrize("path, value", [(("wind",), 1), (("game_over",), {"winner": "british"}),
                                         (("ships", "mars", "movement"), "x"), (("fire_start",), [1])])
def test_a_value_the_rules_add_in_play_is_held_to_its_kind(path, value):
    """Values a new game or ship lacks (the wind, the end of the game, a ship's movement) are refused
    on reading when of another kind, as the values of a fresh ship are."""
    base = toml_loads(FIXTURES[-1].read_text(), "fixture")
    base["events"].append({"n": len(base["events"]) + 1, "kind": "x", "summary": "x", "action": {},
                           "effects": [{"op": "set", "path": list(path), "value": value}]})
    for command, code, err in _play(tomli_w.dumps(base)):
        assert code in (1, 2) if command[-1] == "verify" else code == 2, (command, err)
        assert "internal error" not in err


@pytest.mark.parametrize("key, value", [("critical_effects", [[[]]]), ("loading", {"left": {"a": 1}})])
def test_wsim_items_of_the_wrong_kind_are_refused(key, value):
    base = toml_loads((FIXTURES[0].parent / "wsim1981-duel.toml").read_text(), "fixture")
    base["events"][1]["effects"][0]["value"][key] = value
    for command, code, err in _play(tomli_w.dumps(base)):
        assert code in (1, 2) and "internal error" not in err, (command, err)
        if command[-1] != "verify":
            assert key in err, err


def test_a_controller_no_ship_sides_with_scores():
    base = toml_loads((FIXTURES[0].parent / "wsim1981-duel.toml").read_text(), "fixture")
    base["events"][0]["effects"][0]["value"]["side"] = "dutch"
    with tempfile.TemporaryDirectory(dir=os.environ.get("PYTEST_DEBUG_TEMPROOT")) as folder:
        game = Path(folder) / "game.toml"
        game.write_text(tomli_w.dumps(base))
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = run(["--game", str(game), "score"])
        assert code in (0, 2) and "internal error" not in err.getvalue(), err.getvalue()
