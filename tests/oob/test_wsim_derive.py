"""A WS&IM spec derived from tons, men and guns (oob/wsim_fit.py): the texts' own ships come back
within one square, more of anything never gives less, every size is converted and flagged."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings, strategies as st

from umpire.oob.wsim_fit import derive, fit_points
from umpire.rules.dguts.guns import Battery, parse_guns
from umpire.rules.wsim.spec import Spec

SQUARES = ("hull", "guns", "carronades", "rigging", "sections", "draught")


def armed_points():
    return [p for p in fit_points() if p["guns"] is not None]


def test_the_fit_has_the_texts_ships():
    names = {p["name"] for p in armed_points()}
    assert {"CONSTITUTION", "GUERRIERE", "CHESAPEAKE", "SHANNON", "WASP", "REINDEER", "CYANE"} <= names
    assert "JAVA" not in names and all(p["scenario"] not in ("wsim-1h", "wsim-2c") for p in fit_points())


@pytest.mark.parametrize("point", armed_points(), ids=lambda p: f"{p['scenario']}-{p['name']}")
def test_a_listed_ship_comes_back_within_one_square(point):
    listed = point["spec"]
    got = Spec.parse(derive(point["tons"], point["men"], point["guns"], listed.quality.value).spec)
    for part in SQUARES:
        assert abs(getattr(got, part) - getattr(listed, part)) <= 1, (part, str(got), str(listed))
    assert abs(sum(got.crew) - sum(listed.crew)) <= 1
    assert not derive(point["tons"], point["men"], point["guns"], "AV").outside


def test_more_never_gives_less():
    base = dict(tons=900, men=250, guns="20x18,10x32C")
    first = Spec.parse(derive(900, 250, parse_guns(base["guns"]), "AV").spec)
    for tons in (50, 400, 1500, 2600, 4000):
        lo, hi = (Spec.parse(derive(t, 250, parse_guns(base["guns"]), "AV").spec) for t in (tons, tons + 100))
        assert hi.hull >= lo.hull and hi.draught >= lo.draught and hi.rigging >= lo.rigging
    for men in (20, 150, 400, 900):
        lo, hi = (Spec.parse(derive(900, m, parse_guns(base["guns"]), "AV").spec) for m in (men, men + 40))
        assert sum(hi.crew) >= sum(lo.crew)
    for n in (1, 10, 30, 60):
        lo = Spec.parse(derive(900, 250, parse_guns(f"{n}x18,{n}x32C"), "AV").spec)
        hi = Spec.parse(derive(900, 250, parse_guns(f"{n + 4}x18,{n + 4}x32C"), "AV").spec)
        assert hi.guns >= lo.guns and hi.carronades >= lo.carronades and hi.points >= lo.points
    assert first.hull == 7


FLEET = ("name,side,nation,tons,men,guns,rig\n"
         "Trippe,american,american,60,35,1x32,\n"
         "Lawrence,american,american,480,136,\"2x12,18x32C\",brig\n"
         "Guerriere,british,british,1338,272,\"30x18,16x32C,2x12,2x9\",\n"
         "Mars,british,british,1853,634,\"28x32,28x18,18x32C\",\n"
         "Trinidad,british,spanish,4900,1050,\"32x36,34x24,34x18,18x8\",\n")


def test_a_fleet_from_gunboat_to_first_rate(umpire, tmp_path):
    (tmp_path / "f.csv").write_text(FLEET)
    out = tmp_path / "f.toml"
    res = umpire("--json", "oob", "convert", tmp_path / "f.csv", "--ruleset", "wsim-1981", "-o", out)
    assert res.code == 0, res.err
    ships = tomllib.loads(out.read_text())["ships"]
    specs = [Spec.parse(s["spec"]) for s in ships]
    assert len({s["spec"] for s in ships}) == len(ships)
    assert [s.hull for s in specs] == sorted(s.hull for s in specs)
    assert [s["class_number"] for s in ships] == [7, 5, 3, 2, 1]
    assert [s.get("class") for s in ships] == ["GB", "B", "F", "SOL", "SOL"]
    assert all(s["estimated"].startswith("derived from tons, men and guns") for s in ships)
    assert "outside the texts' range" in ships[0]["estimated"] and "outside the texts' range" in ships[-1]["estimated"]
    assert "outside" not in ships[2]["estimated"]
    assert all("essex" not in line.lower() for line in res.json["derived"])
    assert umpire("new", tmp_path / "g.toml", "--scenario", out).code == 0


def test_a_bad_rig_names_line_and_column(umpire, tmp_path):
    (tmp_path / "f.csv").write_text("name,side,nation,tons,men,guns,rig\nA,x,british,100,30,1x12,barque\n")
    res = umpire("oob", "convert", tmp_path / "f.csv", "--ruleset", "wsim-1981", "-o", tmp_path / "f.toml")
    assert res.code == 2 and "line 2, column rig" in res.err
    assert not (tmp_path / "f.toml").exists()


def test_a_rating_beyond_the_listing_is_not_copied_from_a_neighbour(umpire, tmp_path):
    (tmp_path / "f.csv").write_text("name,side,nation,guns\nTrippe,american,american,1x32\n")
    res = umpire("oob", "convert", tmp_path / "f.csv", "--ruleset", "wsim-1981", "-o", tmp_path / "f.toml")
    assert res.code == 2 and "line 2, column guns" in res.err and "tons, men and guns" in res.err
    assert not (tmp_path / "f.toml").exists()


CALIBRES = (6, 9, 12, 18, 24, 32)


@settings(max_examples=60, deadline=None)
@given(tons=st.integers(20, 6000), men=st.integers(5, 1500), long_=st.integers(0, 120), carr=st.integers(0, 60),
       calibre=st.sampled_from(CALIBRES), more=st.integers(1, 500), rig=st.sampled_from(["", "ship", "brig", "gunboat"]))
def test_any_size_gives_a_spec_and_more_never_gives_less(tons, men, long_, carr, calibre, more, rig):
    guns = tuple(b for b in (Battery(long_, calibre), Battery(carr, 32, True)) if b.count) or (Battery(1, 6),)
    bigger = tuple(Battery(b.count + 2, b.calibre, b.carronade) for b in guns)
    small = Spec.parse(derive(tons, men, guns, "AV", rig).spec)
    large = Spec.parse(derive(tons + more, men + more, bigger, "AV", rig).spec)
    assert large.hull >= small.hull and sum(large.crew) >= sum(small.crew)
    assert large.guns >= small.guns and large.carronades >= small.carronades
    assert large.rigging >= small.rigging and large.draught >= small.draught and large.points >= small.points
