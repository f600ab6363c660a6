"""Tournament Edition 2.6 melee beyond one OBP against one DBP (12.2.2, 12.2.4, 12.2.5, 12.3.1
Special, 12.3.4.2), on the melee test pack of test_table_packs."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import melee_game


def test_ships_parting_end_the_melee(umpire, tmp_path):
    """12.3.6 "In the event that ships become unfouled & ungrappled, the melee ends with the boarding
    OBP returning to its ship and the defender making a Crew Loss roll against it, without the
    column shift"."""

    melee_game(umpire, tmp_path)
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "6,1,1,2,1,1")
    assert res.json["outcome"] == "continues"
    assert umpire("turn").code == 0
    before = umpire("--json", "status", "a").json["ships"][0]["crew_left"]
    # 12 always ungrapples (9.2.1); B's party (one section, 4 squares left, average: 12) rolls 6: 2
    res = umpire("--json", "ungrapple", "b", "a", "--rolls", "6,6,6")
    assert res.code == 0 and res.json["melee_ended"] is True and res.json["rolls"] == [6, 6, 6], res.err
    assert any("12.3.6" in line for line in res.json["explain"])
    after = umpire("--json", "status", "a").json["ships"][0]["crew_left"]
    assert sum(before) - sum(after) == 2
    assert umpire("verify").code == 0
