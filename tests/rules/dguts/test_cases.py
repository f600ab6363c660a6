"""Replay the rules cases in cases/*.toml: ships, turns of actions with fixed rolls,
and the expected values after each action and each turn."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import umpire.rules.dguts as dguts

CASES = sorted((Path(__file__).parent / "cases").glob("*.toml"))


def _close(actual, expected, where):
    if isinstance(expected, float) or (isinstance(expected, int) and isinstance(actual, float)):
        assert actual == pytest.approx(expected, abs=1e-3), where
    elif isinstance(expected, list) and expected and isinstance(expected[0], float):
        assert actual == pytest.approx(expected, abs=1e-3), where
    else:
        assert actual == expected, where


class Game:
    """The ships of a case, their states, and how to play one action."""

    def __init__(self, case: dict):
        self.tables = dguts.load_tables(case.get("rulings"))
        self.values, self.states, self.base = {}, {}, {}
        for sid, spec in case["ships"].items():
            self.values[sid] = dguts.derive_ship(spec["nation"], spec["tons"], spec["men"], spec["guns"],
                                                 spec.get("overrides"), self.tables)
            self.states[sid] = dguts.initial_state(self.values[sid])
            self.base[sid] = spec.get("base_speed")

    def play(self, action: dict, where: str) -> None:
        expect = action.get("expect", {})
        try:
            result = getattr(self, "do_" + action["do"])(action)
        except (dguts.BadInput, dguts.Refused) as err:
            wanted = expect.get("error")
            assert wanted and isinstance(err, getattr(dguts, wanted)), f"{where}: {err}"
            return
        assert "error" not in expect, f"{where}: expected {expect.get('error')}"
        for key, value in expect.items():
            actual = result.data["damage"][key] if key in ("high", "low") else result.data[key]
            _close(actual, value, f"{where} {key}")

    def do_fire(self, a: dict):
        order = dguts.fire_order(a["range"], a["side"], a.get("aim"), a.get("rake"), a.get("anchored", False),
                                 a.get("shot", "round"), a.get("crew"), options=a.get("options", ()))
        f, t = a["firer"], a["target"]
        need = dguts.fire_dice_needed(self.values[f], self.states[f], self.values[t], self.states[t], order, self.tables)
        res = dguts.resolve_fire(self.values[f], self.states[f], self.values[t], self.states[t], order,
                                 a["rolls"], self.tables)
        self.states[t] = {**self.states[t], **res.effects["target"]}
        self.states[f] = {**self.states[f], **res.effects["firer"]}
        res.data["labels"] = list(need.labels)
        return res

    def do_morale(self, a: dict):
        sid = a["ship"]
        res = dguts.resolve_morale_check(self.values[sid], self.states[sid], a["rolls"], self.tables)
        self.states[sid] = {**self.states[sid], **res.effects["ship"]}
        return res

    def do_repair_low(self, a: dict):
        sid = a["ship"]
        res = dguts.repair_low(self.values[sid], self.states[sid], a["crew"], a.get("battle", False),
                               a.get("turns", 1), self.tables)
        self.states[sid] = {**self.states[sid], **res.effects["ship"]}
        return res

    def do_pumps(self, a: dict):
        sid = a["ship"]
        self.states[sid] = dguts.assign_pumps(self.states[sid], a["crew"])
        return dguts.Resolution(data={})

    def end_turn(self, turn: dict) -> dict:
        speeds = {}
        for sid, pos in turn.get("speed", {}).items():
            res = dguts.ship_speed(self.values[sid], self.states[sid], pos, base=self.base[sid],
                                   turned=sid in turn.get("turned", []), tables=self.tables)
            speeds[sid] = res.data["speed"]
        for sid in self.states:
            self.states[sid] = dguts.end_of_turn(self.states[sid], self.tables)
        return speeds


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path):
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    game = Game(case)
    for sid, expected in case.get("expect_values", {}).items():
        for key, value in expected.items():
            _close(game.values[sid][key], value, f"{sid} {key}")
    for n, turn in enumerate(case["turns"], start=1):
        for i, action in enumerate(turn.get("actions", []), start=1):
            game.play(action, f"turn {n} action {i} ({action['do']})")
        speeds = game.end_turn(turn)
        for sid, expected in turn.get("expect", {}).items():
            for key, value in expected.items():
                actual = speeds[sid] if key == "speed" else game.states[sid][key]
                _close(actual, value, f"turn {n} {sid} {key}")
