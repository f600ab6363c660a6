"""Tournament Edition 2.6, Optional 36.2: masts lost with whole rigging sections, on the pack's
Loss of Rigging Summary (`mast SHIP`, `mast SHIP --cut`)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import ADV, crew_hit_pack

#: the test card: the text prints no Loss of Rigging Summary, so these cells are the test's own
CARD = '''[tables.loss-of-rigging]
cells = [["over the side, left"], ["over the side, starboard"], ["over the side"], ["falls free"], ["falls free"],
         ["falls free"]]
[tables.unfouling]
rows = ["2-7", "8-12"]
cells = [["failure"], ["success"]]
'''
MARS = "14H-(5-4-4)M-18(4)G-2R(3)-5-21'-26(AV)"      # two rigging squares a section: one broadside takes one
HERC = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26(AV)"


def _game(umpire, tmp_path, *optional, card=True):
    (tmp_path / "p.toml").write_text(crew_hit_pack() + ADV + (CARD if card else ""))
    args = []
    for name in optional:
        args += ["--optional", name]
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", "advanced",
                  "--tables", tmp_path / "p.toml", *args).code == 0
    assert umpire("ship", "add", "Mars", "--side", "gb", "--turning", "3", "--spec", MARS).code == 0
    assert umpire("ship", "add", "Herc", "--side", "fr", "--spec", HERC).code == 0


def _rigging_shot(umpire):
    """At the rigging, die 3: "2R-C": Mars's first section (two squares) goes."""
    return umpire("--json", "fire", "herc", "--at", "mars", "--range", "6", "--side", "left", "--facing", "left",
                  "--aim", "rigging", "--roll", "3")


def _mars(umpire):
    return umpire("--json", "status", "mars").json["ships"][0]


def test_a_mast_over_the_side(umpire, tmp_path):
    """36.2.2 "If the mast hangs over the side, the ship cannot fire until it has been cut loose.
    The ship's speed is reduced by one, in addition to any loss of speed from the loss of rigging
    section(s), and may not turn until it is cut loose"; 36.2.3 "During the Unfouling Phase, roll
    two dice to attempt to cut the mast loose. A successful unfouling result cuts the mast"."""
    _game(umpire, tmp_path, "loss-of-rigging")
    before = umpire("--json", "speed", "mars", "--attitude", "A").json["allowance"]
    assert _rigging_shot(umpire).code == 0
    res = umpire("--json", "mast", "mars", "--roll", "2")
    assert res.code == 0 and res.json["mast_over"] == ["right"]
    res = umpire("--json", "speed", "mars", "--attitude", "A")
    assert res.json["allowance"] == before - 2 and res.json["may_turn"] is False     # a section and the mast
    assert any("36.2.2" in line for line in res.json["explain"])
    res = umpire("fire", "mars", "--at", "herc", "--range", "3", "--side", "left", "--roll", "1")
    assert res.code == 1 and "36.2.2" in res.err
    res = umpire("move", "mars", "L", "--attitude", "A")
    assert res.code == 1 and "36.2.2" in res.err
    res = umpire("mast", "mars", "--cut", "--rolls", "6,6")
    assert res.code == 1 and "36.2.3" in res.err                    # not in the turn it fell
    assert umpire("turn").code == 0
    res = umpire("--json", "mast", "mars", "--cut", "--rolls", "3,3")
    assert res.code == 0 and res.json["success"] is False
    assert any("36.2.4" in line for line in res.json["explain"])
    assert umpire("mast", "mars", "--cut", "--rolls", "6,6").code == 1    # one roll an Unfouling Phase
    res = umpire("mast", "mars", "--cut", "left", "--rolls", "6,6")
    assert res.code == 1
    assert umpire("turn").code == 0
    res = umpire("--json", "mast", "mars", "--cut", "right", "--rolls", "5,4")
    assert res.code == 0 and res.json["success"] is True and res.json["mast_over"] == []
    assert umpire("--json", "speed", "mars", "--attitude", "A").json["allowance"] == before - 1
    assert umpire("verify").code == 0
    assert umpire("undo").code == 0
    assert _mars(umpire)["mast_over"] == ["right"]
