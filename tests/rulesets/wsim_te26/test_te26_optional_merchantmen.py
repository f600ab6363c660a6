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
