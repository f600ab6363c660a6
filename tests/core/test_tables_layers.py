"""The layered table loader: a data folder over its base, then house rulings."""

from __future__ import annotations

import os
from fractions import Fraction

import pytest

from umpire.core import resources, tables
from umpire.core.errors import BadInput


@pytest.fixture
def data(tmp_path, monkeypatch):
    root = tmp_path / "data"
    (root / "parent").mkdir(parents=True)
    (root / "child").mkdir()
    (root / "parent" / "hdt.toml").write_text(
        'source = "parent text"\nrange = [1, 2, 3]\n[modifiers]\nrake = [1, 2]\ncrew = [0, 0]\n')
    (root / "parent" / "melee.toml").write_text('source = "parent melee"\nodds = [1, 2]\n')
    (root / "child" / "layer.toml").write_text('base = "parent"\nsource = "child edition"\n')
    (root / "child" / "hdt.toml").write_text('source = "child text"\n[modifiers]\nrake = [2, 4]\n')
    (root / "child" / "extra.toml").write_text('source = "child only"\nx = 1\n')
    monkeypatch.setattr(tables, "resource_dir", lambda name: root if name == "data" else resources.resource_dir(name))
    caches = (tables._load, tables.base_of, tables._has_packs, tables.default_readings, tables.default_values)
    for cached in caches:
        cached.cache_clear()
    yield root
    for cached in caches:
        cached.cache_clear()


def test_a_child_table_merges_over_its_base_key_by_key(data):
    t = tables.Tables("child")
    assert t["hdt"]["modifiers"] == {"rake": [2, 4], "crew": [0, 0]}
    assert t["hdt"]["range"] == [1, 2, 3]
    assert t["hdt"]["source"] == "child text"


def test_a_table_the_child_lacks_comes_from_the_base_and_one_it_adds_is_its_own(data):
    t = tables.Tables("child")
    assert t["melee"]["odds"] == [1, 2]
    assert t["extra"]["x"] == 1
    with pytest.raises(BadInput):
        tables.Tables("parent")["extra"]
    assert tables.table_names("child") == ["extra", "hdt", "melee"]


def test_replace_drops_the_base_table(data):
    (data / "child" / "hdt.toml").write_text('source = "whole"\nreplace = true\nrange = [9]\n')
    assert tables.Tables("child")["hdt"] == {"source": "whole", "range": [9]}


def test_house_rulings_are_the_last_layer(data):
    t = tables.Tables("child", {"hdt.modifiers.crew": [1, 1]})
    assert t["hdt"]["modifiers"] == {"rake": [2, 4], "crew": [1, 1]}
    assert t.source("hdt", "modifiers.crew").endswith("(house ruling)")


def test_a_base_loop_or_missing_base_is_refused(data):
    (data / "parent" / "layer.toml").write_text('base = "child"\n')
    with pytest.raises(BadInput, match="loop"):
        tables.chain("child")
    (data / "parent" / "layer.toml").write_text('base = "nowhere"\n')
    tables.base_of.cache_clear()
    with pytest.raises(BadInput, match="nowhere"):
        tables.chain("child")


# --- a reading of its own: default readings, rulings by kind, each table loaded when first read ---------
READING = tables.Reading(defaults="defaults", by_kind=True, tables=("hdt", "melee"), sections_sourced=True)


@pytest.fixture
def read(data):
    (data / "parent" / "defaults.toml").write_text(
        'source = "readings"\n'
        '[[reading]]\nkey = "melee.shaken"\nvalue = "3/4"\nsource = "s"\nreason = "r"\n'
        '[[reading]]\nkey = "hdt.modifiers.wind"\nvalues = { "1" = 2, "2" = 3 }\nsource = "s"\nreason = "r"\n')
    (data / "parent" / "hdt.toml").write_text(
        'source = "parent text"\nrange = [1, 2, 3]\n[modifiers]\nsource = "VIII"\nrake = [1, 2]\ncrew = 1.5\n')
    return data


def test_a_value_the_text_lacks_takes_its_default_reading_and_the_tables_remember_it(read):
    t = tables.Tables("parent", reading=READING)
    assert t.get("hdt", "modifiers", "rake") == [1, 2] and t.used == {}
    assert t.num("melee", "shaken") == Fraction(3, 4)
    assert t.get("hdt", "modifiers", "wind", "2") == 3
    assert t.used == {"melee.shaken": "3/4", "hdt.modifiers.wind.2": 3}
    assert t.find("hdt", "modifiers", "calm") is None and t.find("melee", "odds", default=0) == [1, 2]
    with pytest.raises(tables.MissingValue, match="calm"):
        t.get("hdt", "modifiers", "calm")


def test_a_strict_game_refuses_a_default_reading_naming_its_key(read):
    t = tables.Tables("parent", strict=True, reading=READING)
    with pytest.raises(tables.RulingNeeded, match="melee.shaken") as err:
        t.get("melee", "shaken", what="a shaken crew's multiplier")
    assert err.value.exit_code == 2 and t.get("melee", "odds") == [1, 2]


def test_rulings_by_kind_set_a_default_key_take_any_number_and_are_marked(read):
    t = tables.Tables("parent", {"melee": {"shaken": 0.5}, "hdt.modifiers.crew": "2/3",
                                 "hdt.range": [4]}, reading=READING).check()
    assert t.rulings == {"melee.shaken": 0.5, "hdt.modifiers.crew": "2/3", "hdt.range": [4]}
    assert t.num("melee", "shaken") * 2 == 1 and t.num("hdt", "modifiers", "crew") * 3 == 2
    assert t.get("hdt", "range") == [4] and t.used == {}
    assert t.is_ruled("melee", "shaken") and not t.is_ruled("melee", "odds")
    assert t.ruled == {"melee.shaken", "hdt.modifiers.crew", "hdt.range"}


@pytest.mark.parametrize("rulings,needle", [
    ({"melee.calm": 1}, "no such table key"),
    ({"melee.shaken": "half"}, "expected a number"),
    ({"hdt.range": 3}, "expected a list"),
    ({"extra.x": 1}, "no such table; tables are hdt, melee"),
    ({"melee": 1}, "name a key inside the table"),
])
def test_a_ruling_by_kind_of_an_unknown_key_or_another_kind_is_refused_when_checked(read, rulings, needle):
    with pytest.raises(BadInput, match=needle):
        tables.Tables("parent", rulings, reading=READING).check()


def test_the_plain_reading_keeps_the_shape_check(read):
    with pytest.raises(BadInput, match="expected 3 values"):
        tables.Tables("parent", {"hdt.range": [4]})["hdt"]
    with pytest.raises(BadInput, match="no such table key"):
        tables.Tables("parent", {"melee.shaken": 0.5})["melee"]


def test_each_table_is_read_the_first_time_it_is_asked_for(read, monkeypatch):
    seen = []
    real = tables._read
    monkeypatch.setattr(tables, "_read", lambda path: seen.append(os.path.basename(path)) or real(path))
    t = tables.Tables("parent", reading=READING)
    assert seen == []
    t.get("melee", "odds")
    assert seen == ["melee.toml"]
    assert list(t.data) == ["hdt", "melee"] and seen == ["melee.toml"]
    assert t.data["hdt"]["range"] == [1, 2, 3] and seen == ["melee.toml", "hdt.toml"]


def test_a_section_without_its_source_is_refused_when_its_table_is_read(read):
    (read / "parent" / "hdt.toml").write_text('source = "t"\n[modifiers]\nrake = [1, 2]\n')
    with pytest.raises(BadInput, match=r"section \[modifiers\] has no 'source'"):
        tables.Tables("parent", reading=READING)["hdt"]


def test_tables_read_as_another_reading_are_made_once_with_the_same_rulings(read):
    game = tables.Tables("parent", {"melee.shaken": 0.5}, strict=True)
    mine = game.read_as(READING)
    assert mine is game.read_as(READING) and mine.read_as(READING) is mine
    assert (mine.rulings, mine.strict, mine.reading) == ({"melee.shaken": 0.5}, True, READING)
    assert mine.num("melee", "shaken") * 2 == 1
