"""Tournament Edition 2.6, marines in the rigging (Advanced 19.8, 24.2.7, 24.7.1, 24.7.4, 24.7.6):
`station SHIP --marines rigging|deck`, their musket fire from aloft and the crew hits they take."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, HERC_AV, LEADERS, MARS_AV, MUSKETS, crew_hit_pack


def _tables():
    from umpire.core.tables import Tables, pack_spec
    from umpire.rules.wsim.editions.packs import read_pack

    packs = read_pack(crew_hit_pack() + ADV + LEADERS + MUSKETS, "p.toml", "wsim-te26", pack_spec("wsim-te26"))
    return Tables("wsim-te26", packs=packs)


def _state():
    from umpire.rules.wsim.ship import new_ship

    ships = {"mars": new_ship({"id": "mars", "name": "Mars", "side": "gb", "spec": MARS_AV}),
             "herc": new_ship({"id": "herc", "name": "Herc", "side": "fr", "spec": HERC_AV})}
    ships["mars"]["marines_left"] = 4
    ships["mars"]["te_marines_aloft"] = True
    return {"turn": 2, "ships": ships, "wind": {"velocity": 3}}


def test_musket_fire_from_the_rigging_is_plus_one():
    """24.7.4 "Roll a die and apply the applicable modifiers, including a +1 if marines are in the
    rigging": die 3 reads row 4 (4 marine squares, column 3-4: "C")."""
    from umpire.rules.wsim.editions.te26 import marines as te26_marines

    res = te26_marines.musket_from_rigging(_state(), "mars", "herc", (3,), True, _tables())
    assert res.data["result"] == "C" and res.data["crew_hits"] == 1 and res.data["rolls"] == [3]
    assert not res.data["rigging_fire_check"]
    assert [s.value for s in res.working[:2]] == ["3", "+1 = 4"]


def test_a_five_or_six_before_modification_risks_a_rigging_fire():
    """24.7.6 "If marines are firing from rigging ... a roll of 5 or 6, before modification,
    results in possible rigging fire caused by musket wadding. Consult Musket Fire Table." The
    rigging fire's entry is on the card: the tool names the check and the umpire reads it."""
    from umpire.rules.wsim.editions.te26 import marines as te26_marines

    res = te26_marines.musket_from_rigging(_state(), "mars", "herc", (4,), True, _tables())
    assert not res.data["rigging_fire_check"]                     # 4 + 1 = 5, but the die was 4
    res = te26_marines.musket_from_rigging(_state(), "mars", "herc", (5, 2, 3), True, _tables())
    assert res.data["rigging_fire_check"] and res.data["result"] == "2C-L"    # 5 + 1 = 6
    assert any("24.7.6" in s.source and "burn mars set" in s.value for s in res.working)
