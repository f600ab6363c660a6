"""Tournament Edition 2.6, Optional 38.0: a fore-and-aft rigged ship's hex in attitude D every
second turn (`speed` and `move`, Beginners' and Advanced Game)."""

from __future__ import annotations

import pytest

from tests.rulesets.wsim_te26.helpers import ADV, fire_pack

SLOOP = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(AV)"


def _game(umpire, tmp_path, level, *optional):
    (tmp_path / "p.toml").write_text(fire_pack() + ADV)
    args = []
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level,
                  "--tables", tmp_path / "p.toml", *args).code == 0
    assert umpire("ship", "add", "Hornet", "--side", "gb", "--spec", SLOOP, "--turning", "3").code == 0
    assert umpire("ship", "add", "Brig", "--side", "gb", "--spec", SLOOP, "--turning", "3").code == 0


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_one_hex_in_attitude_d_every_second_turn(umpire, tmp_path, level):
    """38.0 "Vessels which have fore and aft rigging (instead of square sails) may move one hex
    every second turn in wind attitude "D"" (read as the even-numbered turns, as the 1981 rule)."""
    _game(umpire, tmp_path, level, "fore-and-aft-rigging")
    assert umpire("designate", "hornet", "--fore-and-aft").code == 0
    assert umpire("--json", "speed", "hornet", "--attitude", "D").json["allowance"] == 0     # turn 1
    res = umpire("move", "hornet", "1", "--attitude", "D")
    assert res.code == 1
    assert umpire("turn").code == 0
    res = umpire("--json", "speed", "hornet", "--attitude", "D")
    assert res.json["allowance"] == 1 and any("38.0" in line for line in res.json["explain"])
    assert umpire("--json", "speed", "brig", "--attitude", "D").json["allowance"] == 0       # square-rigged
    res = umpire("--json", "move", "hornet", "1", "--attitude", "D")
    assert res.code == 0, res.err
    assert res.json["hexes"] == 1
    assert umpire("move", "brig", "1", "--attitude", "D").code == 1
    assert umpire("turn").code == 0
    assert umpire("--json", "speed", "hornet", "--attitude", "D").json["allowance"] == 0     # turn 3
    assert umpire("--json", "speed", "hornet", "--attitude", "A").json["allowance"] == \
        umpire("--json", "speed", "brig", "--attitude", "A").json["allowance"]
    assert umpire("verify").code == 0


def test_a_lost_rigging_section_comes_off_that_hex(umpire, tmp_path):
    """11.4.4.1 "Each complete rigging section marked off reduces the ship's movement allowance by
    one in all attitudes to the wind"."""
    from umpire.core.tables import Tables, pack_spec
    from umpire.core.ruleset import find_ruleset
    from umpire.rules.wsim.ship import new_ship
    from umpire.rules.wsim.editions.packs import read_pack

    packs = read_pack(fire_pack() + ADV, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    tables = Tables("wsim-te26", packs=packs)
    ship = new_ship({"id": "hornet", "name": "Hornet", "side": "gb", "spec": SLOOP})
    ship["te_fore_and_aft"] = True
    ship["rigging_left"] = [0, 7, 7]
    state = {"turn": 2, "ships": {"hornet": ship}, "optional": ["fore-and-aft-rigging"]}
    res = find_ruleset("wsim-te26", "basic").query(state, tables, "speed", "hornet", {"attitude": "D"})
    assert res.data["chart"] == 1 and res.data["allowance"] == 0
