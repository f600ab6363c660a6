"""What the Tournament Edition tests share: test table packs (the numbers are a test pack's, except
where the text gives them), ship specs, and games set up through the command line."""

from __future__ import annotations

import json

# --- table packs ---------------------------------------------------------------------------

PACK = """ruleset = "wsim-te26"
[tables.grappling]
rows = ["2-6", "7-12"]
cells = [["failure"], ["success"]]
[tables.ungrappling]
rows = ["2-7", "8+"]
cells = [["failure", "failure"], ["success", "failure"]]
[tables.fouling]
rows = ["2-9", "10-11"]
cells = [["failure"], ["success"]]
"""

MELEE_PACK = PACK + """[tables.melee-crew-loss]
columns = ["1-10", "11-20", "21-30", "31+"]
cells = [[0, 0, 1, 1], [0, 1, 1, 1], [1, 1, 1, 2], [1, 1, 2, 2], [1, 2, 2, 3], [2, 2, 3, 3]]
"""

# the Advanced Game's fire tables, added to `fire_pack()`
ADV = """[tables.hdt-rake]
rows = ["1-3", "4-6", "7-9", "10-12", "13+"]
columns = ["1", "2", "3", "4", "5-6", "7-10"]
cells = [[2, 2, 1, 1, 0, -1], [3, 3, 2, 1, 0, -1], [4, 3, 2, 2, 1, 0], [6, 5, 4, 3, 2, 1], [8, 7, 6, 5, 4, 3]]
[tables.advanced-hdt-modifiers]
columns = ["1-3", "4-6", "7-9", "10-12", "13+"]
cells = [[-1, -1, -1, -1, -1], [1, 1, 1, 1, 1], [1, 1, 1, 2, 2], [2, 2, 2, 3, 3], [-1, -1, -1, -2, -2]]
[tables.critical-hits]
cells = [""" + ", ".join(f'["{n}H", "{n}R"]' for n in range(2, 13)) + "]\n"

LEADERS = '[tables.leader-casualty]\ncells = [' + ", ".join(f'["leader result {n}"]' for n in range(2, 13)) + "]\n"

MUSKETS = """[tables.musket-fire]
rows = ["1", "2", "3", "4", "5", "6"]
columns = ["1-2", "3-4", "5+"]
cells = [["0", "0", "0"], ["0", "0", "C"], ["0", "C", "C"], ["C", "C", "2C"], ["C", "2C", "2C"], ["C-L", "2C-L", "2C-L"]]
"""

WIND_PACK = """ruleset = "wsim-te26"
[tables.wind-direction-change]
cells = [["1 counterclockwise"], ["no change"], ["1 clockwise"], ["2 clockwise"], ["initial direction"], ["3"]]
[tables.wind-velocity-change]
cells = [[-1], [-1], [0], [0], [1], [4]]
[tables.changing-wind-number]
cells = [[6], [7], [8], [9], [10], [11]]
"""


def fire_pack() -> str:
    """The Basic fire tables of the test pack (HDT, its modifiers, the hit tables, gun hit location)."""
    die = {0: "0", 1: "H", 2: "2H-G", 3: "H-C", 4: "G (R)", 5: "2G-R"}
    rig = {0: "R", 1: "R", 2: "2R-C (R)", 3: "R", 4: "R (R)", 5: "2R"}      # 19.1.3: table 4, die 3
    rows = [[die[r]] * 11 + [rig[r]] * 11 for r in range(6)]
    return ('ruleset = "wsim-te26"\n[tables.hdt]\nrows = ["1-3", "4-6", "7-9", "10-12", "13+"]\n'
            'columns = ["1", "2", "3", "4", "5-6", "7-10"]\n'
            "cells = [[1, 1, 0, -1, -2, -3], [2, 2, 1, 0, -1, -2], [3, 2, 1, 0, -1, -2], [4, 3, 2, 1, 0, -1], "
            "[5, 4, 3, 2, 1, 0]]\n"
            '[tables.hdt-modifiers]\ncolumns = ["1-3", "4-6", "7-9", "10-12", "13+"]\n'
            "cells = [[1, 2, 2, 2, 3], [1, 1, 2, 2, 2], [0, 0, 0, 0, 0], [0, 0, -1, -1, -1], [-1, -1, -1, -2, -2], "
            "[-1, -1, -1, -1, -2], [1, 1, 2, 2, 2], [-1, -1, -1, -1, -1]]\n"
            f"[tables.hit-tables]\ncells = {json.dumps(rows)}\n"
            '[tables.gun-hit-location]\ncells = [["bow"], ["bow"], ["middle"], ["middle"], ["stern"], ["stern"]]\n')


def crew_hit_pack() -> str:
    """The test pack with crew hits on every hull die (die 3 and 5 among them) and on rigging die 3."""
    hull = {0: "0", 1: "C", 2: "2C", 3: "H-C", 4: "C", 5: "2C-R"}
    rig = {0: "R", 1: "R", 2: "2R-C (R)", 3: "R", 4: "R", 5: "2R"}      # 19.1.3: table 4, die 3
    rows = [[hull[r]] * 11 + [rig[r]] * 11 for r in range(6)]
    base = fire_pack()
    start = base.index("[tables.hit-tables]")
    end = base.index("[tables.gun-hit-location]")
    return base[:start] + f"[tables.hit-tables]\ncells = {json.dumps(rows)}\n" + base[end:]


# --- ships ---------------------------------------------------------------------------------

EIGHTY = "14H-(5-4-4)M-18(4)G-7R(3)-5-21'-26({q})"     # 18 guns and 4 carronades a broadside: 22
MARS_AV = "20H-(6-6-6)M-12(4)G-8R(3)-6-22'-43(AV)"
HERC_AV = "14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)"


# --- games and commands --------------------------------------------------------------------

def melee_game(umpire, tmp_path, pack=MELEE_PACK):
    """A crack and an average ship grappled, with boarding parties out (none without a pack)."""
    if pack:
        (tmp_path / "p.toml").write_text(pack)
    args = ["--tables", tmp_path / "p.toml"] if pack else []
    assert umpire("new", tmp_path / "game.toml", "--ruleset", "wsim-te26", *args).code == 0
    assert umpire("ship", "add", "A", "--side", "x", "--spec", "10H-(5-5-5)M-6G-5R(3)-5-18'-20(CR)").code == 0
    assert umpire("ship", "add", "B", "--side", "y", "--spec", "10H-(5-5-5)M-6G-5R(3)-5-18'-20(AV)").code == 0
    if pack:
        assert umpire("grapple", "a", "b", "--rolls", "3,4").code == 0
        assert umpire("board", "a", "--party", "obp", "--sections", "1,2", "--at", "b").code == 0
        assert umpire("board", "b", "--party", "dbp", "--sections", "1").code == 0
