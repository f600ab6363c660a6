"""Tournament Edition 2.6, the written move (7.0-8.2, 19.4.2) and the plotted grapple (7.2.9, 9.0)."""

from __future__ import annotations

from tests.rulesets.wsim_te26.helpers import PACK

FRIGATE = "10H-(4-4)M-12(2)G-5R(4)-6-12'-14(AV)"


def _game(umpire, tmp_path, level="basic", pack=PACK):
    (tmp_path / "p.toml").write_text(pack)
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", "--level", level,
                  "--tables", tmp_path / "p.toml").code == 0
    for name, side in (("Const", "us"), ("Java", "gb")):
        assert umpire("ship", "add", name, "--side", side, "--class", "F", "--turning", "3", "--spec", FRIGATE).code == 0


def test_the_log_notation_example(umpire, tmp_path):
    """7.2.3 "A frigate in attitude A has a battle sail speed of 4. Its movement allowance is 4. The
    notation in the log reads "L1R1" ... After its turn into attitude C, the maximum the ship could
    move in that direction is one hex"; 7.1.12 "It may turn back to attitude A after moving one hex
    in C and finish its move in attitude A"."""
    _game(umpire, tmp_path)
    game = tmp_path / "game.toml"
    before = game.read_bytes()
    res = umpire("move", "const", "L2", "--heading", "6", "--wind", "1")
    assert res.code == 1 and "7.1.12" in res.err and "Basic" not in res.err
    assert game.read_bytes() == before
    res = umpire("--json", "move", "const", "L1R1", "--heading", "6", "--wind", "1")
    assert res.code == 0 and res.json["executed"] == "L1R1" and res.json["allowance"] == 4, res.err
    assert any("A -> C -> A" in line and "TE 2.6 7.1.12" in line for line in res.json["explain"])
    assert umpire("verify").code == 0


def test_grappled_to_a_ship_of_the_line_she_drifts_at_its_rate(umpire, tmp_path):
    """8.2.3.1 "Where ships of different classes are fouled or grappled together, they drift at the
    speed of the highest class ship" (8.2.2: ships of the line every other turn)."""
    _game(umpire, tmp_path)
    assert umpire("ship", "add", "Chesapeake", "--side", "us", "--class", "SOL", "--turning", "2",
                  "--spec", FRIGATE).code == 0
    assert umpire("grapple", "const", "chesapeake", "--rolls", "3,4").code == 0     # friendly: 7 + 4
    drifts, explain = [], []
    for _ in range(3):
        for sid in ("const", "chesapeake"):
            res = umpire("--json", "move", sid, "0")
            assert res.code == 0, res.err
            if sid == "const":
                drifts.append(res.json["drift"])
                explain = res.json["explain"]
        assert umpire("turn").code == 0
    assert drifts == [False, True, False]           # a frigate alone would drift in the third turn too
    assert any("8.2.3.1" in line for line in explain)
