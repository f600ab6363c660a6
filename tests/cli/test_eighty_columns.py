"""80 columns is the design width: each view fits it without cutting what the umpire must type (a ship
id, a ruling key), and a wider terminal is used."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def at(columns: int, folder, *args):
    """`umpire ARGS...` as typed in a terminal `columns` wide (a process of its own)."""
    res = subprocess.run([sys.executable, "-m", "umpire", *args], capture_output=True, text=True, cwd=folder,
                         env={**os.environ, "COLUMNS": str(columns)})
    assert res.returncode == 0, res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def trafalgar(tmp_path_factory):
    folder = tmp_path_factory.mktemp("trafalgar")
    at(80, folder, "new", "game.toml", "--scenario", "trafalgar", "--seed", "1")
    return folder


def test_fleet_status_at_trafalgar_fits_80_columns_with_every_id_whole(trafalgar):
    out = at(80, trafalgar, "status").splitlines()
    assert max(map(len, out)) <= 80 and len(out) <= 70   # nearly every ship on one line
    assert not any("…" in line for line in out[:3])   # the legend is wrapped, not cut
    ids = [s["id"] for s in json.loads(at(80, trafalgar, "--json", "status"))["ships"]]
    ships = out[out.index("british (27)"):]
    firsts = [line.split()[0] for line in ships if line.startswith("  ") and not line.startswith("      ")]
    assert any(line.startswith("  principe-de-asturias ") for line in ships)   # a long id whole, tracks after
    assert firsts == ids


def test_a_wide_terminal_gets_one_line_per_ship(trafalgar):
    out = at(200, trafalgar, "status").splitlines()
    assert len(out) == 3 + 2 + 57 and max(map(len, out)) > 80


def test_rulings_at_80_columns_show_every_key_whole(tmp_path):
    at(80, tmp_path, "new", "game.toml", "--ruleset", "dguts")
    out = at(80, tmp_path, "rulings")
    assert max(map(len, out.splitlines())) <= 80
    keys = [r["key"] for r in json.loads(at(80, tmp_path, "--json", "rulings"))["rulings"]]
    assert keys and all(f" {key} " in out for key in keys)


def test_dguts_status_of_one_ship_speaks_the_rule_books_words(tmp_path):
    at(80, tmp_path, "new", "game.toml", "--scenario", "dguts-constitution-guerriere")
    out = at(80, tmp_path, "status", "constitution")
    assert "SF value" in out and "CF value" in out and "sinking" in out
    for raw in ("sf_value", "cf_value", "sinking_turns_left", "-1"):
        assert raw not in out
    assert max(map(len, out.splitlines())) <= 80


def test_the_narrow_view_shows_a_ship_that_is_not_active_as_such():
    from umpire.cli import fleet

    def ship(sid, state):
        return {"id": sid, "name": sid.upper(), "side": "british", "state": state, "hull_left": 3,
                "crew_left": [1, 1, 0], "guns_left": {"left": 2, "right": 2}, "carronades_left": {"left": 1, "right": 1},
                "rigging_left": [2, 2, 2], "loaded": {"left": True, "right": False}, "liable": ["firepower"]}

    summaries = [ship("santisima-trinidad", "struck"), ship("victory", "active")]
    out = fleet.lines(3, "wsim-1974", summaries, {}, 60)
    assert max(map(len, out)) <= 60 and any("state shown unless active" in line for line in out)
    assert next(line for line in out if "santisima-trinidad" in line).split()[1] == "struck"
    assert "active" not in next(line for line in out if line.startswith("  victory"))
