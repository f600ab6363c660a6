"""`umpire rulings`: list, set (journalled, honoured by verify, undone by undo), unset."""

from __future__ import annotations

from umpire.core import game as gamefile
from tests.conftest import status

FIRE = ["fire", "mars", "--at", "hercule", "--range", "3", "--side", "left", "--facing", "right", "--roll", "3"]


def test_no_rulings_in_a_plain_game(umpire, duel):
    assert umpire("--json", "rulings").json == {"rulings": []}


def test_a_ruling_set_mid_game_changes_the_table_and_verify_honours_it(umpire, duel):
    # crew quality CR on MARS's 9 guns at range 3 reads table 1+2+2 = 5 with the printed modifiers;
    # ruling the CR modifier to 0 for every band moves it down two tables.
    plain = umpire("--json", *FIRE).json["hit_table"]
    assert umpire("undo").code == 0
    res = umpire("--json", "rulings", "set", "hdt.modifiers.crew_quality_CR", "[0, 0, 0, 0, 0]",
                 "--reason", "club rule")
    assert res.code == 0
    listed = umpire("--json", "rulings").json["rulings"]
    assert listed == [{"key": "hdt.modifiers.crew_quality_CR", "value": [0, 0, 0, 0, 0], "origin": "house",
                       "source": "umpire rulings set (event 3); club rule"}]
    ruled = umpire("--json", *FIRE).json
    assert ruled["hit_table"] == plain - 2
    assert any("house ruling" in line for line in ruled["explain"])
    assert umpire("--json", "verify").json["differences"] == []


def test_undo_takes_a_ruling_back_and_unset_withdraws_one(umpire, duel):
    assert umpire("rulings", "set", "hdt.modifiers.rake", "[1, 1, 2, 2, 3]").code == 0
    assert umpire("undo").code == 0
    assert umpire("--json", "rulings").json["rulings"] == []
    assert umpire("rulings", "set", "hdt.modifiers.rake", "[1, 1, 2, 2, 3]").code == 0
    assert umpire("rulings", "unset", "hdt.modifiers.rake").code == 0
    assert umpire("--json", "rulings").json["rulings"] == []
    kinds = [e["kind"] for e in gamefile.load(duel).events]
    assert kinds[-2:] == ["ruling", "ruling"]


def test_bad_rulings_exit_2_naming_the_key_and_leave_the_game_alone(umpire, duel):
    before = duel.read_bytes()
    for args, words in ((["hdt.modifiers.nosuch", "1"], ["hdt.modifiers.nosuch", "rake"]),
                        (["hdt.modifiers.rake", "3"], ["hdt.modifiers.rake", "list of 5"]),
                        (["nosuch.key", "3"], ["nosuch", "hdt"]),
                        (["hdt.modifiers.rake", '["a", 1, 2, 3, 4]'], ["hdt.modifiers.rake"])):
        res = umpire("rulings", "set", *args)
        assert res.code == 2, args
        assert all(w in res.err for w in words), res.err
    res = umpire("rulings", "unset", "hdt.modifiers.rake")
    assert res.code == 2 and "hdt.modifiers.rake" in res.err
    assert duel.read_bytes() == before


def test_rulings_file_and_game_file_rulings_are_listed_as_house(umpire, duel, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('[rulings]\n"hdt.modifiers.rake" = [1, 1, 1, 1, 1]\n')
    listed = umpire("--rulings", house, "--json", "rulings").json["rulings"]
    assert listed == [{"key": "hdt.modifiers.rake", "value": [1, 1, 1, 1, 1], "origin": "house",
                       "source": "--rulings file, this command only"}]
    assert status(umpire, "mars")["hull_left"] == 14


def test_dguts_rulings_set_a_value_the_text_lost(umpire, tmp_path):
    game = tmp_path / "d.toml"
    assert umpire("new", game, "--ruleset", "dguts").code == 0
    res = umpire("--game", game, "--json", "rulings", "set", "morale.states.shaken.fire", "0.5")
    assert res.code == 0 and res.json["value"] == 0.5
    res = umpire("--game", game, "rulings", "set", "nosuchtable.x", "1")
    assert res.code == 2 and "nosuchtable" in res.err


def test_strict_is_recorded_in_the_game_and_defaults_are_then_not_listed(umpire, tmp_path, monkeypatch):
    from umpire.core.ruleset import Ruling
    from umpire.rules.wsim.ruleset import Wsim1981

    monkeypatch.setattr(Wsim1981, "default_rulings",
                        lambda self: [Ruling("hdt.modifiers.rake", [1, 2, 3, 4, 5], "default", "docs/rulings.md")])
    plain, strict = tmp_path / "p.toml", tmp_path / "s.toml"
    assert umpire("new", plain, "--ruleset", "wsim-1981").code == 0
    res = umpire("--json", "new", strict, "--ruleset", "wsim-1981", "--strict")
    assert res.code == 0 and res.json["strict"] is True
    assert [r["origin"] for r in umpire("--game", plain, "--json", "rulings").json["rulings"]] == ["default"]
    assert umpire("--game", strict, "--json", "rulings").json["rulings"] == []
    assert umpire("--game", plain, "rulings", "set", "hdt.modifiers.rake", "[1, 1, 1, 1, 1]").code == 0
    listed = umpire("--game", plain, "--json", "rulings").json["rulings"]
    assert [(r["key"], r["origin"]) for r in listed] == [("hdt.modifiers.rake", "house")]
