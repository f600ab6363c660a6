"""Tournament Edition 2.6, Optional 57.4: soldiers aboard (`designate --soldiers`) in melee, on
the melee test pack of test_table_packs."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import MELEE_PACK

CR = "10H-(5-5-5)M-6G-5R(3)-5-18'-20(CR)"
AV = "10H-(5-5-5)M-6G-5R(3)-5-18'-20(AV)"


def _game(umpire, tmp_path, soldiers_a=0, soldiers_b=0):
    (tmp_path / "p.toml").write_text(MELEE_PACK)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--tables", tmp_path / "p.toml",
                  "--optional", "soldiers").code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", CR).code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", AV).code == 0
    for sid, n in (("a", soldiers_a), ("b", soldiers_b)):
        if n:
            assert umpire("designate", sid, "--soldiers", str(n)).code == 0
    assert umpire("grapple", "a", "b", "--rolls", "3,4").code == 0


def _ship(umpire, sid):
    return umpire("--json", "status", sid).json["ships"][0]


def test_soldiers_in_an_obp_one_level_lower_and_the_first_loss_on_a_4(umpire, tmp_path):
    """57.4.2 "Soldiers suffer a one level reduction in their quality when serving in OBPs";
    57.4.3 "Soldiers absorb the first melee crew loss in the Melee Phase on a die roll of 4"."""
    _game(umpire, tmp_path, soldiers_a=5)
    assert umpire("board", "a", "--party", "obp", "--sections", "1", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    # boarding: A 6 +1 (crack against average) = 7 against B 1 +1 (DBP) = 2: boarded.
    # Crew loss: A 5 crack sailors x 4 + 5 soldiers one level lower (average) x 3 = 35 (31+), die 4:
    # 2 on B. B 5 x 3 = 15, one column right (21-30), die 4: 2, the first a soldier's (57.4.3).
    # Morale: A 3 holds (crack 4); B 2 +1 (A 4 x 4 + 4 x 3 = 28 against 9) = 3 holds (average 3).
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "6,1,4,4,3,2")
    assert res.code == 0 and res.json["outcome"] == "continues", res.err
    explain = "\n".join(res.json["explain"])
    assert "TMS 35" in explain and "TMS 15" in explain and "57.4.3" in explain and "57.4.2" in explain
    a = _ship(umpire, "a")
    assert a["soldiers"]["left"] == [4] and a["crew_left"] == [4, 5, 5]
    assert _ship(umpire, "b")["crew_left"] == [3, 5, 5]
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    assert _ship(umpire, "a")["soldiers"]["left"] == [5]


def test_soldiers_in_a_dbp_at_full_quality_and_no_marine_reroll(umpire, tmp_path):
    """57.4.2 (the reduction is for OBPs only); 57.4.4 "Soldiers do not confer the marine reroll
    benefit following a failed morale check"; losses on other dice fall on the sailors first."""
    _game(umpire, tmp_path, soldiers_b=5)
    assert umpire("board", "a", "--party", "obp", "--sections", "1,2", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    # boarding: A 6 +1 = 7 against B 1 +1 = 2. Crew loss: A 10 x 4 = 40 (31+), die 1: 1 on B, a
    # sailor. B (5 sailors + 5 soldiers) x 3 = 30, one column right (31+), die 6: 3 on A.
    # Morale: A 3 holds; B 5 fails (average 3), no re-roll for soldiers: she surrenders.
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "6,1,1,6,3,5")
    assert res.code == 0 and res.json["outcome"] == "defender surrenders", res.err
    assert res.json["rolls"] == [6, 1, 1, 6, 3, 5]
    explain = "\n".join(res.json["explain"])
    assert "TMS 30" in explain and "57.4.4" in explain and "re-rolled" not in explain
    assert _ship(umpire, "b")["soldiers"]["left"] == [5]
    assert umpire("verify").code == 0


def test_soldiers_kept_back(umpire, tmp_path):
    """57.4 "Soldiers may take part in melees": the umpire may keep them out of the party."""
    _game(umpire, tmp_path, soldiers_b=5)
    assert umpire("board", "a", "--party", "obp", "--sections", "1,2", "--at", "b").code == 0
    assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
    assert umpire("melee", "a", "--at", "b", "--opt", "defender-soldiers=maybe").code == 2
    res = umpire("--json", "melee", "a", "--at", "b", "--rolls", "6,1,1,6,3,2", "--opt", "defender-soldiers=no")
    assert res.code == 0, res.err
    explain = "\n".join(res.json["explain"])
    assert "kept back" in explain and "TMS 15" in explain
