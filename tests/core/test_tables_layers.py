"""The layered table loader: a data folder over its base, then house rulings."""

from __future__ import annotations

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
    for cached in (tables._load, tables.base_of, tables._has_packs):
        cached.cache_clear()
    yield root
    for cached in (tables._load, tables.base_of, tables._has_packs):
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
