"""WS&IM 1974 optional rules on the log (repairs, sinking and exploding, anchors, full sails,
towing, running aground): every command journals, `undo` takes it back, `verify` agrees, and
a refused command leaves the game file as it was."""

from __future__ import annotations

ALL = ["repairs", "sinking-and-exploding-ships", "anchors", "full-sails", "towing", "running-aground"]
MARS = "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
HERCULE = "14H-(5-5-4)M-10(1)G-7R(3)-5-22'-23(AV)"
SLOOP = "3H-(1-1-1)M-(3)G-4R(4)-6-11'-9(AV)"


def _game(umpire, tmp_path):
    args = ["new", tmp_path / "game.toml", "--ruleset", "wsim-1974"]
    for o in ALL:
        args += ["--optional", o]
    assert umpire(*args).code == 0
    for name, side, spec in (("MARS", "british", MARS), ("ORION", "british", MARS), ("HERCULE", "french", HERCULE),
                             ("SLOOP", "french", SLOOP)):
        assert umpire("ship", "add", name, "--side", side, "--spec", spec, "--rate", "74").code == 0


def _status(umpire):
    return {s["id"]: s for s in umpire("--json", "status").json["ships"]}


def test_every_command_undoes_and_verifies(umpire, tmp_path):
    _game(umpire, tmp_path)
    steps = [("move", "orion", "1", "--attitude", "D"), ("fire", "mars", "--at", "hercule", "--range", "4", "--side", "left", "--facing", "right", "--roll", "1"),
             ("fire", "orion", "--at", "sloop", "--range", "1", "--side", "left", "--facing", "right", "--rolls", "5,5"),
             ("repair", "hercule", "--what", "hull"), ("anchor", "mars"), ("sail", "orion", "full"),
             ("aground", "hercule", "--roll", "2"), ("turn",), ("sink", "sloop", "--roll", "3"),
             ("tow", "orion", "mars"), ("anchor", "mars", "--up"), ("aground", "hercule", "--refloat", "--roll", "3"),
             ("turn",)]
    before = []
    for step in steps:
        before.append(_status(umpire))
        res = umpire(*step)
        assert res.code == 0, (step, res.err)
    assert umpire("verify").code == 0
    st = _status(umpire)
    assert st["hercule"]["aground"] is None and st["hercule"]["repairs"]["hull"] == 1
    assert st["orion"]["sails"] == "full" and st["orion"]["towing"] == "mars" and st["mars"]["anchor"] == "A"
    assert st["sloop"]["state"] == "sinking"
    for step, was in zip(reversed(steps), reversed(before)):
        assert umpire("undo").code == 0, step
        assert _status(umpire) == was, step


def test_refused_commands_leave_the_file(umpire, tmp_path):
    _game(umpire, tmp_path)
    game = tmp_path / "game.toml"
    for step, code in ((("sink", "sloop", "--roll", "6"), 1), (("explode", "sloop", "--rolls", "6"), 1),
                       (("repair", "mars", "--what", "hull"), 1), (("repair", "mars", "--what", "sails"), 2),
                       (("anchor", "mars", "--up"), 1), (("sail", "mars", "battle"), 1),
                       (("tow", "mars", "hercule"), 1), (("tow", "mars"), 2),
                       (("aground", "mars", "--refloat", "--roll", "4"), 1)):
        text = game.read_bytes()
        res = umpire(*step)
        assert res.code == code, (step, res.err)
        assert game.read_bytes() == text, step


def test_each_command_needs_its_rule(umpire, tmp_path):
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-1974").code == 0
    assert umpire("ship", "add", "MARS", "--side", "british", "--spec", MARS).code == 0
    assert umpire("ship", "add", "ORION", "--side", "british", "--spec", MARS).code == 0
    for step, rule in ((("sink", "mars", "--roll", "6"), "sinking-and-exploding-ships"),
                       (("anchor", "mars"), "anchors"), (("sail", "mars", "full"), "full-sails"),
                       (("tow", "mars", "orion"), "towing"), (("aground", "mars", "--roll", "2"), "running-aground"),
                       (("repair", "mars", "--what", "hull"), "repairs"),
                       (("explode", "mars", "--rolls", "6"), "sinking-and-exploding-ships"),
                       (("lead", "mars", "--hexes", "1"), "casting-the-lead"),
                       (("move", "mars", "B1", "--attitude", "D"), "backing-sails"),
                       (("load", "mars", "--side", "left", "--shot", "grape"), "types-of-ammunition"),
                       (("wind", "--rolls", "6"), "wind")):
        res = umpire(*step)
        assert res.code == 1 and f"--optional {rule}" in res.err, (step, res.err)


def test_point_count_captured_twice_and_the_150_margin():
    """3A: a capture counts twice; a 150-point advantage or better wins."""
    from umpire.core.tables import Tables
    from umpire.rules.wsim.editions.wsim1974.ruleset import Wsim1974

    rs = Wsim1974()
    ships = {}
    for i, (side, pts) in enumerate((("british", 30), ("french", 40), ("french", 36), ("french", 3))):
        d = {"id": f"s{i}", "name": f"S{i}", "side": side, "spec": f"14H-(5-4-4)M-9(1)G-7R(3)-5-21'-{pts}(CR)"}
        ships[d["id"]] = rs.new_ship(d)
    ships["s1"].update(prize={"squares": 2, "quality": "CR", "from": "s0"}, controller="british", state="captured")
    ships["s2"].update(state="exploded", struck=True)
    ships["s3"].update(state="surrendered")
    out = rs.score({"turn": 20, "ships": ships}, Tables("wsim-1974"))
    assert out["points"] == {"british": 80 + 36 + 2, "french": 0}
    assert out["victory"]["margin"] == 118 and out["victory"]["decisive"] is False
    ships["s0"]["points"] = 0
    ships["s1"]["points"] = 80
    out = rs.score({"turn": 20, "ships": ships}, Tables("wsim-1974"))
    assert out["points"]["british"] == 160 + 36 + 2 and out["victory"]["decisive"] is True
