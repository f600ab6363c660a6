"""The ship record each ruleset declares (core/record.py): fields, kinds, places, reading typed values."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pytest

from umpire.core import game as gamefile
from umpire.core.errors import BadInput
from umpire.core.record import PLACES, Record, RecordField
from umpire.core.ruleset import find_ruleset, ruleset_ids

TURNING = RecordField("turning", "int", "Introduction II.C.1", "the turning ability",
                      (("add", "--turning"), ("edit", "--turning")), low=1, high=6)
CLASS = RecordField("class", "choice", "Introduction II.C", "the class", (("edit", "--class"),), choices=("SOL", "F"))


@pytest.mark.parametrize("rid", ruleset_ids())
def test_every_ruleset_declares_its_record(rid):
    record = find_ruleset(rid).record()
    assert record.fields, rid
    names = [f.name for f in record.fields]
    assert len(names) == len(set(names))
    for f in record.fields:
        assert f.section and f.what and f.where, (rid, f.name)
        assert set(f.where) <= set(PLACES)
    assert record.editable(), f"{rid}: ship edit changes nothing"


@pytest.mark.parametrize("rid", [r for r in ruleset_ids() if r.startswith("wsim")])
def test_wsim_records_hold_turning_and_gun_rating_editable(rid):
    record = find_ruleset(rid).record()
    assert record.field("turning").at("edit") == "--turning"
    assert record.field("rate").key_path == ("rated_guns",)
    assert record.field("--rate") is record.field("rate")


def test_reading_typed_values():
    assert TURNING.read("3") == 3 and TURNING.read(" 6 ") == 6
    assert CLASS.read("sol") == "SOL"
    for bad in ("0", "7", "two", "", None, True, "2.5"):
        with pytest.raises(BadInput, match=r"--turning .*whole number from 1 to 6 \(Introduction II.C.1\)"):
            TURNING.read(bad)
    with pytest.raises(BadInput, match="one of SOL, F"):
        CLASS.read("galleon")


def test_values_read_from_the_state_none_where_not_given():
    record = Record((TURNING, CLASS, RecordField("rate", "int", "x", "the rate", low=1, path=("rated_guns",))))
    assert record.values({"turning": 2, "class": "", "rated_guns": 0}) == {"turning": 2, "class": None,
                                                                          "rate": None}
    assert record.values({"rated_guns": 74}) == {"turning": None, "class": None, "rate": 74}


def test_a_field_must_be_declared_soundly():
    with pytest.raises(ValueError):
        RecordField("x", "float", "s", "w")
    with pytest.raises(ValueError):
        RecordField("x", "choice", "s", "w")
    with pytest.raises(ValueError):
        RecordField("x", "int", "s", "w", (("table", "--x"),))


def test_the_format1_migration_keeps_a_typed_turning_once_and_is_safe_to_repeat(tmp_path):
    path = tmp_path / "g.toml"
    shutil.copyfile(Path(__file__).parent / "fixtures" / "format1" / "wsim1981-duel.toml", path)
    game = gamefile.load(path)
    assert game.meta["format"] == gamefile.FORMAT
    kept = [e for e in game.events if any(x["path"][-1:] == ["turning"] for x in e["effects"])]
    assert [e["summary"] for e in kept] == ["HERCULE moves R1"]     # the first; the second typed the same
    again = copy.deepcopy(game.events)
    gamefile.MIGRATIONS[1](game)
    assert game.events == again
