"""The DGUTS rules package: what it imports and what it exports."""

from __future__ import annotations

import json
import subprocess
import sys

import umpire.rules.dguts as dguts

from .helpers import constitution, guerriere


def test_rules_import_no_ui_pdf_or_engine():
    code = ("import sys, umpire.rules.dguts; "
            "print([m for m in ('click', 'rich', 'reportlab', 'umpire.core.game', 'umpire.cli') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_every_exported_name_exists():
    for name in dguts.__all__:
        assert hasattr(dguts, name), name


def test_errors_are_value_errors():
    assert issubclass(dguts.BadInput, ValueError) and issubclass(dguts.Refused, ValueError)
    assert issubclass(dguts.MissingTable, dguts.Refused)


def test_errors_map_to_the_contract_exit_codes():
    from umpire.core.errors import BadInput, Refused

    assert issubclass(dguts.BadInput, BadInput) and dguts.BadInput("x").exit_code == 2
    assert issubclass(dguts.Refused, Refused) and dguts.MissingTable("t", "k").exit_code == 1


def test_ship_values_states_and_effects_are_json():
    c, cs = constitution()
    g, gs = guerriere()
    res = dguts.resolve_fire(c, cs, g, gs, dguts.fire_order(7, "port"), [1] * 9)
    for thing in (c, cs, res.changes, res.data):
        assert json.loads(json.dumps(thing)) == thing
    assert res.data["explain"] == res.explain()
    assert all(step.source for step in res.working)
