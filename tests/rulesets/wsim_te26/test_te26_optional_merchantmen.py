"""Tournament Edition 2.6, Optional 52 (merchantmen) and 53 (privateers and pirates)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, fire_pack

# 52.1's rows, entered as specs (the chart gives no draught: 12' here); the two-section rows
# (battle sail 2, full sail (4)) have no movement chart column, so the three-section ones
M675 = "6H-(8)M-4G-3R(3)-5-12'-7(AV)"          # 675 tons: crew 8, hull 6, guns 4 4, rigging 3 3 3, (5), value 7
M375 = "3H-(4)M-0G-2R(3)-5-8'-3(AV)"           # 375 tons: crew 4, hull 3, no guns, rigging 2 2 2, (5), value 3
EAST_INDIAMAN = "9H-(8-8-6)M-8G-5R(3)-5-18'-15(AV)"   # E.Ind. 12 lbs
SLOOP = "8H-(3-3)M-4G-2R(3)-5-8'-6(AV)"


def _game(umpire, tmp_path, *optional, level="advanced"):
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    args = ["--tables", tmp_path / "p.toml"]
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level, *args).code == 0
    for name, spec in (("Trader", M675), ("Twin", M675), ("Hoy", M375), ("Bengal", EAST_INDIAMAN)):
        assert umpire("ship", "add", name, "--side", "gb", "--spec", spec).code == 0
    assert umpire("ship", "add", "Aigle", "--side", "fr", "--spec", M675).code == 0
    assert umpire("ship", "add", "Hornet", "--side", "fr", "--class", "S", "--spec", SLOOP).code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def test_only_with_the_optional_rules(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("designate", "trader", "--merchantman", "merchant")
    assert res.code == 1 and "merchantmen" in res.err and "52.0" in res.err
    res = umpire("designate", "hornet", "--pirate")
    assert res.code == 1 and "privateers-and-pirates" in res.err


def test_a_merchantman_fires_without_the_crew_section_loss_modifier(umpire, tmp_path):
    """52.2.3 "The crew section loss modifier on the Hit Determination Table does not apply to
    merchantmen"; an identical ship not designated a merchantman takes it."""
    _game(umpire, tmp_path, "merchantmen")
    res = umpire("--json", "designate", "trader", "--merchantman", "merchant")
    assert res.code == 0 and res.json["merchantman"] == "merchant"
    assert umpire("designate", "trader", "--merchantman", "merchant").code == 1       # once
    for sid in ("trader", "twin"):
        assert umpire("pumps", sid, "--crew", "1").code == 0
    got = {}
    for sid in ("trader", "twin"):
        res = umpire("--json", "fire", sid, "--at", "aigle", "--range", "1", "--side", "left", "--facing", "right",
                     "--rolls", "1")
        assert res.code == 0, res.err
        got[sid] = res.json["hit_table"]
    # four guns: the pack's crew section loss cell for 4-6 guns is -1
    assert got["trader"] == got["twin"] + 1
    res = umpire("--json", "fire", "trader", "--at", "aigle", "--range", "1", "--side", "right", "--facing", "right",
                 "--rolls", "1")
    assert any("52.2.3" in line for line in res.json["explain"])


def test_a_merchantman_may_not_fire_and_change_sails_in_one_turn(umpire, tmp_path):
    """52.2.1 "Merchantmen may not fire guns on the same turn as changing sails.\""""
    _game(umpire, tmp_path, "merchantmen")
    assert umpire("designate", "trader", "--merchantman", "merchant").code == 0
    assert umpire("designate", "bengal", "--merchantman", "east-indiaman").code == 0
    assert umpire("fire", "trader", "--at", "aigle", "--range", "2", "--side", "left", "--roll", "1").code == 0
    res = umpire("sail", "trader", "full")
    assert res.code == 1 and "52.2.1" in res.err
    assert umpire("turn").code == 0
    assert umpire("sail", "trader", "full").code == 0
    res = umpire("fire", "trader", "--at", "aigle", "--range", "2", "--side", "left", "--roll", "1")
    assert res.code == 1 and "52.2.1" in res.err
    # 52.2 "Rules applicable to warships apply to East Indiamen as well"
    assert umpire("sail", "bengal", "full").code == 0
    assert umpire("fire", "bengal", "--at", "aigle", "--range", "2", "--side", "left", "--roll", "1").code == 0
    assert umpire("verify").code == 0


def test_an_unarmed_merchantman_may_surrender_by_firepower(umpire, tmp_path):
    """52.2.2 "Merchantmen without gun squares are subject to surrender by firepower (Rule 11.4.3.2)"."""
    _game(umpire, tmp_path, "merchantmen")
    assert umpire("surrender", "hoy", "--by", "firepower").code == 1
    res = umpire("--json", "designate", "hoy", "--merchantman", "merchant")
    assert res.code == 0 and any("52.2.2" in line for line in res.json["explain"])
    assert "firepower" in _ship(umpire, "hoy")["liable"]
    assert umpire("surrender", "hoy", "--by", "firepower").code == 0


def test_privateers_and_pirates(umpire, tmp_path):
    """53.1 "adding a gun square to each broadside (no carronades) and by doubling the crew"; 53.2
    "adding a gun square plus two crew squares to the first section. Increase the turning ability
    to 2"; 53.3 "A sloop can be used as a pirate ship by doubling the crew but with no added gun
    squares"."""
    _game(umpire, tmp_path, "merchantmen", "privateers-and-pirates")
    res = umpire("designate", "trader", "--privateer")
    assert res.code == 1 and "not designated a merchantman" in res.err
    assert umpire("designate", "trader", "--merchantman", "merchant", "--privateer").code == 0
    ship = _ship(umpire, "trader")
    assert ship["crew_left"] == [16] and ship["guns_left"] == {"left": 5, "right": 5}
    assert ship["merchantman"] == "merchant" and ship["privateer"] == "privateer"
    assert ship["carronades_left"] == {"left": 0, "right": 0}
    assert umpire("designate", "trader", "--privateer").code == 1                      # once
    assert umpire("designate", "bengal", "--merchantman", "east-indiaman", "--privateer").code == 0
    ship = _ship(umpire, "bengal")
    assert ship["crew_left"] == [10, 8, 6] and ship["guns_left"] == {"left": 9, "right": 9}
    assert ship["turning"] == 2
    assert umpire("designate", "hornet", "--pirate").code == 0
    ship = _ship(umpire, "hornet")
    assert ship["crew_left"] == [6, 6] and ship["guns_left"] == {"left": 4, "right": 4}
    res = umpire("designate", "aigle", "--pirate")
    assert res.code == 2 and "--class S" in res.err
    # an unarmed merchantman made a privateer has guns: no longer liable to surrender by firepower
    assert umpire("designate", "hoy", "--merchantman", "merchant", "--privateer").code == 0
    assert _ship(umpire, "hoy")["liable"] == [] and _ship(umpire, "hoy")["guns_left"] == {"left": 1, "right": 1}
    assert umpire("turn").code == 0
    res = umpire("designate", "twin", "--merchantman", "merchant", "--privateer")
    assert res.code == 1 and "set-up" in res.err
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0


def test_bad_input(umpire, tmp_path):
    _game(umpire, tmp_path, "merchantmen", "privateers-and-pirates")
    res = umpire("designate", "trader", "--merchantman", "collier")
    assert res.code == 2 and "east-indiaman" in res.err
    res = umpire("designate", "hornet", "--pirate", "--privateer")
    assert res.code == 2
