"""Default readings: every number the OCR lost has one, documented, and a house ruling replaces it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from umpire.core.ruleset import find_ruleset
from umpire.rules.dguts import BadInput, RulingNeeded, base_speed, load_tables
from umpire.rules.dguts.fireorder import max_range
from umpire.core.tables import lookup
from umpire.rules.dguts.tables import default_readings, default_tables

from .helpers import excerpt

RULINGS_MD = Path(__file__).parents[3] / "docs" / "rulings.md"


def test_each_reading_stands_for_a_key_the_text_lacks_and_carries_its_reasons():
    readings = default_readings()
    assert readings
    for key, r in readings.items():
        assert not lookup(default_tables().data, key)[0], f"{key} is in the tables: not a default reading"
        assert r["source"] and r["reason"], key
        load_tables({key: r["value"]})            # a ruling of the same kind is accepted


def test_each_block_of_readings_is_written_up_in_the_rulings():
    text = RULINGS_MD.read_text()
    blocks = {r["block"] for r in default_readings().values()}
    for block in blocks:
        assert f"`{block}" in text, f"docs/rulings.md does not explain the default reading {block}"


def test_the_lost_tables_are_complete_with_the_readings():
    t = load_tables()
    for cls in range(1, 6):
        speeds = [base_speed(cls, force, t) for force in range(13)]
        assert speeds[0] == 0 and max(speeds) == speeds[6]
    assert [base_speed(c, 6, t) for c in range(1, 6)] == [14, 13, 12, 11, 10]
    for section in ("long_guns", "carronades"):
        for calibre in t.get("guns", section, "calibres"):
            assert max_range(f"{calibre}{'C' if section == 'carronades' else ''}", tables=t) is not None
    for table in ("winning_offensive", "winning_defensive", "losing_offensive", "losing_defensive"):
        assert [t.num("boarding", "melee_losses", table, str(r)) for r in range(1, 7)]
    for state in ("flushed", "normal", "shaken", "disorder", "routed", "surrendered"):
        t.num("morale", "states", state, "fire")
        t.num("morale", "states", state, "melee")


def test_the_readings_keep_the_texts_own_numbers():
    t = load_tables()
    assert base_speed(3, 6, t) == 12 and "speed.base_speed.3.6" not in t.used   # the Training Game's 12"
    assert base_speed(4, 6, t) == 11 and t.used["speed.base_speed.4.6"] == 11.0
    # the melee-losses example still comes out as printed, and the shaken melee reading gives its 1:1
    assert "the losses are 12 for the boarders and 10 for the defenders" in excerpt("melee-losses")
    assert t.num("boarding", "melee_losses", "winning_offensive", "5") == 3
    assert t.num("morale", "states", "shaken", "melee") * 20 == 10
    # ranges rise with the calibre, as the legible rows do
    assert max_range("12") >= max_range("9") >= max_range("8") >= max_range("6") >= max_range("4") >= max_range("3")
    assert max_range("42C") >= max_range("36C") >= max_range("32C") >= max_range("24C") >= max_range("18C")


def test_a_house_ruling_replaces_the_reading_and_a_strict_game_refuses():
    assert load_tables({"speed.base_speed.4.6": 10}).num("speed", "base_speed", "4", "6") == 10
    assert load_tables({"morale.states.shaken.fire": "2/3"}).num("morale", "states", "shaken", "fire") == Fraction(2, 3)
    with pytest.raises(RulingNeeded, match="speed.base_speed.4.6") as err:
        base_speed(4, 6, load_tables(strict=True))
    assert err.value.exit_code == 2
    assert base_speed(3, 6, load_tables(strict=True)) == 12          # the text's own number needs no ruling


@pytest.mark.parametrize("key,value,needle", [
    ("morale.states.shaken.fire", "half", "expected a number"),
    ("morale.states.calm.fire", 1, "no such table key"),
    ("speed.base_speed.4.6", [1, 2], "expected a number"),
    ("single-ship.mast_loss.clearing.1", 3, "expected a list"),
])
def test_a_ruling_of_an_unknown_key_or_the_wrong_kind_is_bad_input(key, value, needle):
    with pytest.raises(BadInput, match=needle):
        load_tables({key: value})


def test_the_ruleset_lists_its_readings_as_defaults():
    rulings = find_ruleset("dguts").default_rulings()
    keys = [r.key for r in rulings]
    assert len(keys) == len(set(keys)) == len(default_readings())
    assert all(r.origin == "default" and "docs/rulings.md" in r.source for r in rulings)
    assert "morale.states.shaken.fire" in keys and "speed.base_speed.5.7" in keys


@pytest.mark.parametrize("key,value", [("morale.states.calm.fire", "1"), ("morale.states.shaken.fire", "half"),
                                       ("speed.base_speed.4.6", "[1, 2]")])
def test_a_bad_ruling_exits_2_and_leaves_the_game_unchanged(umpire, tmp_path, key, value):
    g = tmp_path / "r.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    before = g.read_bytes()
    res = umpire("--game", g, "rulings", "set", key, value)
    assert res.code == 2 and key.split(".")[0] in res.err
    assert g.read_bytes() == before


def test_rulings_lists_each_default_once_and_a_house_ruling_replaces_it(umpire, tmp_path):
    g = tmp_path / "l.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere").code == 0
    listed = umpire("--game", g, "--json", "rulings").json["rulings"]
    assert {r["origin"] for r in listed} == {"default"} and len(listed) == len(default_readings())
    assert umpire("--game", g, "rulings", "set", "morale.states.shaken.fire", "0.6", "--reason", "club").code == 0
    mine = [r for r in umpire("--game", g, "--json", "rulings").json["rulings"] if r["key"] == "morale.states.shaken.fire"]
    assert mine == [{**mine[0], "value": 0.6, "origin": "house"}] and len(mine) == 1
    assert umpire("--game", g, "undo").code == 0
    strict = tmp_path / "s.toml"
    assert umpire("new", strict, "--scenario", "dguts-constitution-guerriere", "--strict").code == 0
    assert umpire("--game", strict, "--json", "rulings").json["rulings"] == []


def test_a_strict_game_asks_the_drift_only_of_a_stopped_ship(umpire, tmp_path):
    # Basic Rules VI: "If they drift do so at the rates indicated depending on the force of the wind" --
    # drift moves a stopped ship; the drift chart is lost, so a strict game needs a ruling, but only then
    g = tmp_path / "d.toml"
    assert umpire("new", g, "--scenario", "dguts-constitution-guerriere", "--strict").code == 0
    moving = umpire("--game", g, "--json", "speed", "constitution", "--opt", "point=reach", "--opt", "base=8",
                    "--opt", "force=4")
    assert moving.code == 0 and moving.json["speed"] == 8 and "drift" not in moving.json
    stopped = umpire("--game", g, "speed", "constitution", "--opt", "point=reach", "--opt", "base=8",
                     "--opt", "force=4", "--opt", "stopped=1")
    assert stopped.code == 2 and "speed.drift.4" in stopped.err
