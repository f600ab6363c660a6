"""Tournament Edition 2.6, Optional 57: soldiers carried aboard (`designate --soldiers`)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, HERC_AV, LEADERS, MARS_AV, MUSKETS, crew_hit_pack, fire_pack


def _game(umpire, tmp_path, *optional):
    (tmp_path / "p.toml").write_text(crew_hit_pack())
    args = ["--tables", tmp_path / "p.toml"]
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", *args).code == 0
    assert umpire("ship", "add", "Mars", "--side", "gb", "--spec", MARS_AV).code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC_AV).code == 0
    assert umpire("ship", "add", "Gunner", "--side", "gb", "--spec", MARS_AV).code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def _fire(umpire, at, rng, side, roll):
    return umpire("--json", "fire", "herc", "--at", at, "--range", str(rng), "--side", side, "--facing", "left",
                  "--roll", roll)


def test_soldiers_embark_in_sections_and_no_more_than_her_crew(umpire, tmp_path):
    """57.1 "Ships carrying soldiers must abide by the capacity limits found in Rule 10.2.6 [no
    doubling of its specified crew size]. Divide soldiers into sections equal to the size of the
    ship's crew sections.\""""
    _game(umpire, tmp_path, "soldiers")
    res = umpire("designate", "mars", "--soldiers", "18")
    assert res.code == 1 and "10.2.6" in res.err
    res = umpire("--json", "designate", "mars", "--soldiers", "7")
    assert res.code == 0
    assert _ship(umpire, "mars")["soldiers"] == {"max": [6, 1], "left": [6, 1], "artillery": False}
    assert umpire("designate", "mars", "--soldiers", "2").code == 1
    res = umpire("designate", "herc", "--artillery")
    assert res.code == 2 and "--soldiers" in res.err


def test_only_with_the_optional_rule(umpire, tmp_path):
    _game(umpire, tmp_path)
    res = umpire("designate", "mars", "--soldiers", "7")
    assert res.code == 1 and "soldiers" in res.err and "57.0" in res.err


def test_soldiers_take_hull_crew_hits_on_a_3_or_a_5(umpire, tmp_path):
    """57.2 "Soldiers may not absorb non-melee crew hits of broadsides aimed at rigging. They may
    absorb losses of broadsides aimed at hull if they are designated as artillery troops ... or on
    rolls of 3 or 5.\""""
    _game(umpire, tmp_path, "soldiers")
    assert umpire("designate", "mars", "--soldiers", "7").code == 0
    assert umpire("designate", "gunner", "--soldiers", "4", "--artillery").code == 0
    # die 3 on the hull: "2C": the soldiers take both
    res = _fire(umpire, "mars", 2, "left", "3")
    assert res.code == 0, res.err
    assert res.json["soldiers_hit"] == 2
    mars = _ship(umpire, "mars")
    assert mars["crew_left"] == [6, 6, 6] and mars["soldiers"]["left"] == [4, 1]
    assert umpire("turn").code == 0
    # die 4 on the hull: "H-C": not a 3 or 5, the crew takes it
    res = _fire(umpire, "mars", 2, "left", "4")
    assert res.code == 0 and "soldiers_hit" not in res.json
    assert _ship(umpire, "mars")["crew_left"] == [5, 6, 6]
    assert umpire("turn").code == 0
    # at the rigging (six hexes: table 0), die 3: "2R-C": the crew takes it
    res = _fire(umpire, "mars", 6, "left", "3")
    assert res.code == 0 and "soldiers_hit" not in res.json
    assert any("57.2" in line for line in res.json["explain"])
    assert _ship(umpire, "mars")["crew_left"] == [4, 6, 6]
    assert umpire("turn").code == 0
    # artillery troops take a hull broadside's crew hits whatever the die: die 2 "C"
    res = _fire(umpire, "gunner", 2, "left", "2")
    assert res.code == 0 and res.json["soldiers_hit"] == 1
    gunner = _ship(umpire, "gunner")
    assert gunner["crew_left"] == [6, 6, 6] and gunner["soldiers"]["left"] == [3]
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    assert _ship(umpire, "gunner")["soldiers"]["left"] == [4]


def test_soldiers_fire_muskets_separately_at_minus_one(umpire, tmp_path):
    """57.3 "Soldiers fire muskets separately from marines with a -1 modifier. Soldiers may not fire
    from rigging." The musketry command rolls its own dice: the result follows the die."""

    (tmp_path / "p.toml").write_text(fire_pack() + ADV + LEADERS + MUSKETS)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced", "--seed", "3",
                  "--tables", tmp_path / "p.toml", "--optional", "soldiers").code == 0
    assert umpire("ship", "add", "Mars", "--side", "gb", "--spec", MARS_AV, "--marines", "2").code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC_AV).code == 0
    res = umpire("musketry", "mars", "--at", "herc", "--troops", "soldiers")
    assert res.code == 1 and "no soldiers" in res.err
    assert umpire("designate", "mars", "--soldiers", "4").code == 0
    res = umpire("--json", "musketry", "mars", "--at", "herc", "--troops", "soldiers")
    assert res.code == 0, res.err
    die = res.json["rolls"][0]
    # four soldier squares: the "3-4" column; the die less one (below 1 reads the first row)
    expected = ["0", "0", "C", "C", "2C", "2C-L"][max(die - 1, 1) - 1]
    assert res.json["result"] == expected and res.json["troops"] == "soldiers"
    assert any("57.3" in line and "-1" in line for line in res.json["explain"])
    assert umpire("musketry", "mars", "--at", "herc", "--troops", "soldiers").code == 1     # once a turn
    assert umpire("--json", "musketry", "mars", "--at", "herc").code == 0                  # the marines apart
    assert umpire("verify").code == 0


def test_soldiers_musket_die_typed():
    """57.3 at the table's cell: die 4, less one = 3, four soldier squares: "C"."""
    from umpire.core.tables import Tables, pack_spec
    from umpire.rules.wsim.ship import new_ship
    from umpire.rules.wsim.editions.te26.optional import soldiers as te26_soldiers
    from umpire.rules.wsim.editions.packs import read_pack

    packs = read_pack(fire_pack() + ADV + LEADERS + MUSKETS, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    tables = Tables("wsim-te26", packs=packs)
    ships = {sid: new_ship({"id": sid, "name": sid.title(), "side": side, "spec": spec})
             for sid, side, spec in (("mars", "gb", MARS_AV), ("herc", "fr", HERC_AV))}
    ships["mars"]["te_soldiers"] = {"max": [4], "left": [4], "artillery": False}
    state = {"turn": 1, "ships": ships, "wind": {"velocity": 3}, "optional": ["soldiers"]}
    plan = te26_soldiers.musketry(state, tables, {"command": "musketry", "ship": "mars", "at": "herc",
                                                           "opts": {"troops": "soldiers"}})
    res = plan.resolve((4,), True)
    assert res.data["result"] == "C" and res.data["crew_hits"] == 1 and res.data["rolls"] == [4]
    assert any(s.step == "soldiers fire muskets" and s.value == "-1 = 3" for s in res.working)
    assert [e["path"] for e in res.effects if "musket" in e["path"][-1]] == [["ships", "mars",
                                                                             "te_soldiers_musket_turn"]]
