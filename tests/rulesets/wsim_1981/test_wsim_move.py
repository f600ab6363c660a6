"""`umpire move` (WS&IM 1981): the notation, dismasted ships, anchors, full sail after standing
still, the numbers of data/wsim-1981/moves.toml against the text, the log sheet's move column,
undo and verify, and the editions that do not offer it. The worked movement examples are case
files: tests/cases/wsim-1981/move-*.toml."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from umpire.core.errors import BadInput, Refused
from umpire.core.ruleset import find_ruleset
from umpire.core.state import apply
from umpire.core.tables import Tables
from umpire.pdf.wsim.journal import turn_log
from umpire.rules.wsim.notation import parse, written
from umpire.rules.wsim.ship import new_ship

ROOT = Path(__file__).resolve().parents[3]
TEXT = (Path("/work/shared/seeds/wsim-1981-second-edition.md"))
SPEED4 = "7H-(2-2-1)M-2(1)G-5R(4)-6-15'-11(CR)"


def _text() -> str:
    """The rule text with line breaks and emphasis taken out, for quoting."""
    if not TEXT.exists():
        pytest.skip("the 1981 seed text is not on this machine")
    return " ".join(TEXT.read_text(encoding="utf-8").replace("*", "").split())


def test_moves_table_against_the_text():
    text = _text()
    data = tomllib.loads((ROOT / "data" / "wsim-1981" / "moves.toml").read_text(encoding="utf-8"))
    assert "Each individual turn costs one movement factor" in text and data["turning"]["cost"] == 1
    assert "which turns into attitude D must immediately stop" in text and data["turning"]["stop_attitude"] == "D"
    assert "for two consecutive movement execution phases, during the second phase the ship will drift" in text
    assert data["drift"]["still_phases"] == 2
    assert "will drift one hex every other turn while drifting" in text and data["drift"]["sol_every"] == 2
    assert "Frigate and smaller class ships will drift one hex per turn" in text
    assert data["drift"]["frigate_every"] == 1
    for ability, words in (("1", "three"), ("2", "two"), ("3", "one")):
        assert f"turning ability of {ability} must wait at least {words}" in text
    assert data["dismasted_wait"] == {"1": 3, "2": 2, "3": 1}
    assert "They lose one turning factor of their turning allowance" in text
    assert data["after_stationary"]["turning_lost"] == 1
    assert "each B written is equivalent to one movement factor expended" in text and data["backing"]["cost"] == 1
    assert "can be turned up to 120 degrees left or right" in text and data["springs"]["max_turns"] == 2


@pytest.mark.parametrize("text, orders", [
    ("L1R1", [("turn", "L"), ("hex", 1), ("turn", "R"), ("hex", 1)]),
    ("B B B 1", [("back", 1)] * 3 + [("hex", 1)]),
    ("0", []),
    ("1 1", [("hex", 1), ("hex", 1)]),
    ("l d", [("turn", "L"), ("drift", "D")]),
    ("12", [("hex", 12)]),
])
def test_parse(text, orders):
    assert parse(text) == orders


@pytest.mark.parametrize("text, says", [
    ("", "empty"), ("L1X", "'X'"), ("1 0", "0 is written alone"), ("DD", "once"), ("1D", "does not move"),
    ("B D", "does not move"),
])
def test_parse_refuses(text, says):
    with pytest.raises(BadInput, match=says):
        parse(text)


def test_written_is_compact():
    assert written(parse("B B B 1")) == "BBB1"
    assert written([]) == "0"


# --- rules tests on states ------------------------------------------------------------

class Game:
    """A state played move by move through the ruleset, as the engine would."""

    def __init__(self, level="basic", **ships):
        self.rs = find_ruleset("wsim-1981", level)
        self.tables = Tables(self.rs.data_id)
        made = {}
        for sid, extra in ships.items():
            ship = self.rs.new_ship({"id": sid, "name": sid.upper(), "side": sid, "spec": SPEED4, "class": "F"})
            ship.update(extra)
            made[sid] = ship
        self.state = {"turn": 1, "ships": made}
        if level == "advanced":
            self.state["wind"] = {"direction": 1, "velocity": 3, "change": 4, "initial": 1, "rolled_turn": 0}

    def move(self, ship, notation, **opts):
        res = self.rs.plan(self.state, self.tables, {"command": "move", "ship": ship, "notation": notation,
                                                     "opts": opts})
        apply(self.state, res.effects)
        return res.data

    def turn(self):
        self.state["turn"] += 1


def test_dismasted_turning_ability_2_waits_two_drifting_turns():
    g = Game(d={"rigging_left": [0, 0, 0, 0, 0, 0], "turning": 2})
    g.move("d", "0")                                  # turn 1: still, not yet drifting
    g.turn()
    with pytest.raises(Refused, match="must drift 2 turn"):
        g.move("d", "L")                              # turn 2: drifting, waited 0
    assert g.move("d", "0")["drift"] is True
    g.turn()
    with pytest.raises(Refused, match=r"drifted 1\)"):
        g.move("d", "L")
    g.move("d", "0")
    g.turn()
    data = g.move("d", "L")                           # turn 4: two drifting turns waited
    assert data["turns"] == 1 and data["log"] == "L D"
    g.turn()
    with pytest.raises(Refused, match="Basic V.B.5"):
        g.move("d", "R")                              # the same wait again after a turn


def test_dismasted_turning_ability_3_waits_one():
    g = Game(d={"rigging_left": [0, 0, 0, 0, 0, 0], "turning": 3})
    g.move("d", "0")
    g.turn()
    g.move("d", "0")
    g.turn()
    assert g.move("d", "R")["turns"] == 1


def test_ordinary_anchor_holds_her_and_she_does_not_drift():
    g = Game("advanced", a={"anchor": "ordinary", "turning": 2})
    with pytest.raises(Refused, match="ordinary anchor"):
        g.move("a", "L")
    g.move("a", "0")
    g.turn()
    data = g.move("a", "0")
    assert data["drift"] is False and data["still_turns"] == 2


def test_springs_turn_up_to_120_degrees_one_way():
    g = Game("advanced", a={"anchor": "bow", "turning": 1}, b={"anchor": "stern", "turning": 1})
    assert g.move("a", "LL")["turns"] == 2          # two turns although her turning ability is 1
    with pytest.raises(Refused, match="at most 120 degrees"):
        g.move("b", "RRR")
    with pytest.raises(Refused, match="one way"):
        g.move("b", "RL")
    with pytest.raises(Refused, match="only turn"):
        g.move("b", "1", attitude="A")


def test_weighing_anchor_holds_her():
    g = Game("advanced", a={"weighing": 1, "turning": 2})
    with pytest.raises(Refused, match="weighing anchor"):
        g.move("a", "1", attitude="A")


def test_full_sail_after_standing_still_goes_straight():
    g = Game("advanced", a={"sails": "full", "turning": 3})
    g.move("a", "0")
    g.turn()
    with pytest.raises(Refused, match="Advanced V.D.3"):
        g.move("a", "1L", attitude="A")
    assert g.move("a", "2", attitude="A")["hexes"] == 2


def test_turning_ability_unknown_is_asked_for():
    g = Game(a={})
    with pytest.raises(BadInput, match="--turning"):
        g.move("a", "L1", attitude="A")
    assert g.move("a", "L1", attitude="B", turning=2)["turning"] == 2


def test_the_1981_movement_rules_are_not_applied_to_another_edition():
    """Each edition's action table names its own move planner (its movement rules differ)."""
    from umpire.rules.wsim.ruleset import Wsim1981

    for rid in ("wsim-1974", "wsim-te26"):
        assert find_ruleset(rid).actions["move"][1] != Wsim1981.actions["move"][1], rid


def test_move_column_reads_the_journal():
    events = [
        {"kind": "move", "action": {"command": "move", "ship": "a", "notation": "L1R1", "opts": {}},
         "effects": [{"op": "set", "path": ["ships", "a", "movement"], "value": {"turn": 1, "log": "L1R1"}}]},
        {"kind": "turn", "effects": [{"op": "set", "path": ["turn"], "value": 2}]},
        {"kind": "move", "action": {"command": "move", "ship": "a", "notation": "0", "opts": {}},
         "effects": [{"op": "set", "path": ["ships", "a", "movement"], "value": {"turn": 2, "log": "D"}}]},
    ]
    events.append({"kind": "move", "action": {"command": "move", "ship": "a", "notation": "L", "opts": {}},
                   "effects": [{"op": "set", "path": ["ships", "a", "movement"], "value": {"turn": 2, "log": "L"}}]})
    rows = turn_log(events, {"a": "A"})["a"]
    assert [(r.turn, r.move) for r in rows] == [(1, "L1R1"), (2, "L")]   # cut short by a collision: the last


def test_undo_and_verify(umpire):
    assert umpire("new", "game.toml", "--ruleset", "wsim-1981").code == 0
    assert umpire("ship", "add", "SWIFT", "--side", "x", "--spec", SPEED4, "--turning", "2").code == 0
    assert umpire("--json", "move", "swift", "R1", "--attitude", "B").code == 0
    assert umpire("move", "swift", "1", "--attitude", "B").code == 1
    assert umpire("--json", "undo").json["kind"] == "move"
    moved = umpire("--json", "move", "swift", "B", "--attitude", "B")
    assert moved.code == 1 and "Advanced Game rule" in moved.err
    assert umpire("--json", "move", "swift", "2", "--attitude", "B").json["log"] == "2"
    checked = umpire("--json", "verify").json
    assert checked["differences"] == [] and checked["same"] == checked["events"] == 2


def test_aground_and_mast_over_the_side_with_their_optional_rules():
    g = Game(a={"aground": True, "turning": 2}, b={"mast_over": [{"side": "left"}], "turning": 2})
    with pytest.raises(Refused, match="aground"):
        g.move("a", "L")
    with pytest.raises(Refused, match="mast hangs over the side"):
        g.move("b", "1R", attitude="B")
    assert g.move("b", "1", attitude="B")["hexes"] == 1


def test_blocked_wind_cuts_the_allowance_for_the_turn():
    # Optional IX.A-B as in optional-blocked-wind.toml: the 74 under battle sails blocks the 32's
    # wind, one hex, and one more for the 42 guns between them: battle sail 4, attitude A, 4 - 2 = 2.
    g = Game(swan={"rated_guns": 32, "turning": 2})
    g.state["ships"]["mars"] = g.rs.new_ship({"id": "mars", "name": "MARS", "side": "b", "rated_guns": 74,
                                              "spec": "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"})
    g.state["optional"] = ["blocked-wind"]
    with pytest.raises(Refused, match="allowance 2 spent"):
        g.move("swan", "3", attitude="A", blocked_by="mars")
    assert g.move("swan", "2", attitude="A", blocked_by="mars")["allowance"] == 2


@pytest.mark.parametrize("opts, says", [
    ({"attitude": "A", "heading": 2}, "needs --wind"),
    ({"attitude": "A", "heading": 9, "wind": 1}, "--heading 9"),
    ({"attitude": "A", "heading": 3, "wind": 1}, "disagree"),
])
def test_heading_is_checked_beside_the_attitude(opts, says):
    with pytest.raises(BadInput, match=says):
        Game(a={"turning": 2}).move("a", "1", **opts)


def test_verify_replays_orders_ahead_collisions_and_erasures(umpire):
    assert umpire("new", "game.toml", "--ruleset", "wsim-1981", "--optional", "command-lag").code == 0
    assert umpire("ship", "add", "SWIFT", "--side", "x", "--spec", SPEED4, "--turning", "2", "--class", "F").code == 0
    for args in (("L1", "--for-turn", "1"), ("0", "--for-turn", "2"), ("1", "--for-turn", "3"),
                 ("--attitude", "B"), ("L", "--attitude", "B", "--collision")):
        assert umpire("move", "swift", *args).code == 0, args
    assert umpire("turn").code == 0
    assert umpire("--json", "move", "swift", "--erase-orders").json["erased"] == [3]
    # cut to L by a collision, then 0: her bow hex was plotted to change in turn 1 (V.B.1), one still turn
    assert umpire("--json", "move", "swift").json["log"] == "0"
    checked = umpire("--json", "verify").json
    assert checked["differences"] == [] and checked["same"] == checked["events"] == 9
    assert umpire("--json", "status").json["ships"][0]["last_move"] == {"turn": 2, "log": "0"}


def test_a_rowed_vessel_can_only_drift_in_a_gale_with_the_wind_effects_table():
    g = Game("advanced", gb={"class_number": 7, "turning": 3})
    g.state["wind"]["velocity"] = 5
    g.state["optional"] = ["wind-effects"]
    with pytest.raises(Refused, match="can only drift in a gale"):
        g.move("gb", "L")
    data = g.move("gb", "0", attitude="A")
    assert data["log"] == "0" and data["allowance"] is None
    g2 = Game("advanced", gb={"class_number": 7, "turning": 3})
    g2.state["wind"]["velocity"] = 5
    assert g2.move("gb", "L")["turns"] == 1           # without the table the gale takes nothing off
