"""Tournament Edition 2.6, Advanced Game fire (16.1, 19.1.3, 24.2-24.6) and Optional 32-34,
on a filled table pack. The pack's numbers are a test pack's, except where the text gives them
(24.5.1: 22 guns at three hexes is Table 3, crack +2, a crew section down -2; 24.3.2.3.1: 22
guns' one hex rake number is 8; 19.1.3: Table 4 rigging, die 3, is 2R-C (R))."""

from __future__ import annotations

import json

from tests.rulesets.wsim_te26.helpers import ADV, EIGHTY, LEADERS, MUSKETS, fire_pack


def test_the_pack_must_agree_with_the_rake_example():
    from umpire.core.tables import pack_spec
    from umpire.rules.wsim.editions.packs import read_pack

    wrong = (fire_pack() + ADV).replace("[8, 7, 6, 5, 4, 3]", "[9, 7, 6, 5, 4, 3]")
    try:
        read_pack(wrong, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    except Exception as exc:      # noqa: BLE001
        assert "tables.hdt-rake" in str(exc) and "24.3.2.3.1" in str(exc)
    else:
        raise AssertionError("a pack against the text's example was accepted")
    assert json.dumps(read_pack(fire_pack() + ADV, "p.toml", "wsim-te26", pack_spec("wsim-te26"))["hdt-rake"]["cells"])


def test_musket_fire_with_a_leader_casualty():
    """24.7.5 "If a hit result also contains an "L", roll two additional dice and apply the result
    found on the Leader Casualty Table" (the resolution with typed dice)."""
    from umpire.core.tables import Tables, pack_spec
    from umpire.rules.wsim.ship import new_ship
    from umpire.rules.wsim.editions.te26 import musket as te26_musket
    from umpire.rules.wsim.editions.packs import read_pack

    packs = read_pack(fire_pack() + ADV + LEADERS + MUSKETS, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    tables = Tables("wsim-te26", packs=packs)
    ships = {sid: new_ship({"id": sid, "name": sid.title(), "side": side, "spec": EIGHTY.format(q="CR")})
             for sid, side in (("orient", "fr"), ("bellona", "gb"))}
    ships["orient"]["marines_left"] = 3
    state = {"turn": 1, "ships": ships, "wind": {"velocity": 3}}
    res = te26_musket.resolve(state, "orient", "bellona", (6, 3, 4), True, tables)
    assert res.data["result"] == "2C-L" and res.data["crew_hits"] == 2 and res.data["rolls"] == [6, 3, 4]
    assert any("leader result 7" in s.value for s in res.working)
