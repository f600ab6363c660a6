"""Tournament Edition 2.6, Optional 57: soldiers carried aboard (`designate --soldiers`)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, HERC_AV, LEADERS, MARS_AV, MUSKETS, fire_pack


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
