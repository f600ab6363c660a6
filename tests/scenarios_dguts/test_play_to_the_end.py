"""Every bundled DGUTS scenario can be fought to a finish with no house ruling: the tool's dice,
the default readings where the text lacks a number, and no command stopping for want of one.

A crude but relentless captain: each ship closes and fires her broadsides low at the nearest
enemy, takes the morale checks she owes, mans the pumps when sinking, and the first ship of each
side grapples and boards the enemy once she is beaten. The game must end (a ship struck, taken,
sunk or blown up) and `verify` must find the journal the same.
"""

from __future__ import annotations

import pytest

from umpire.core import game as gamefile
from umpire.core import scenarios
from umpire.core.engine import Session
from umpire.core.errors import Refused
from umpire.core.ruleset import find_ruleset

def _ids() -> list[str]:
    return sorted(s["id"] for s in scenarios.listing() if s["ruleset"] == "dguts")


def _start(tmp_path, scenario_id: str, strict: bool = False) -> Session:
    scen = scenarios.load(scenario_id)
    rs = find_ruleset("dguts")
    ships = [rs.scenario_ship(s, scen) for s in scen["ships"]]
    path = tmp_path / f"{scenario_id}.toml"
    game = gamefile.new_game(path, "dguts", "standard", [], 1812, ships, {"id": scen["id"]}, strict=strict)
    with gamefile.locked(path):
        gamefile.save(game)
    return Session(path)


def _try(session: Session, action: dict) -> bool:
    try:
        session.perform(action)
        return True
    except Refused:
        return False


def _afloat(session: Session) -> dict:
    return {sid: s for sid, s in session.state["ships"].items() if s["track"]["status"] in ("active", "sinking")}


def _turn(session: Session) -> None:
    ships = _afloat(session)
    for sid, s in ships.items():
        foes = [f for f, o in ships.items() if o["controller"] != s["controller"]]
        if not foes:
            continue
        for side in ("left", "right"):
            _try(session, {"command": "fire", "ship": sid, "at": foes[0],
                           "opts": {"range": "3", "side": side, "aim": "low"}})
        for _ in range(int(session.state["ships"][sid]["track"]["morale_checks_owed"])):
            _try(session, {"command": "morale", "ship": sid, "opts": {}})
        track = session.state["ships"][sid]["track"]
        if track.get("pumps_needed"):
            _try(session, {"command": "pumps", "ship": sid, "crew": min(track["crew_factors"], track["pumps_needed"])})
    session.perform({"command": "turn"})


@pytest.mark.parametrize("scenario_id", _ids())
def test_a_default_game_runs_to_its_end_without_a_house_ruling(tmp_path, scenario_id):
    session = _start(tmp_path, scenario_id)
    session.perform({"command": "wind", "what": "roll", "opts": {}})
    for sid in _afloat(session):
        session.ruleset.query(session.state, session.tables(), "speed", sid, {"heading": "E"})
    for _ in range(60):
        _turn(session)
        beaten = [s for s in session.state["ships"].values() if s["track"]["status"] not in ("active", "sinking")]
        if beaten:
            break
    assert beaten, f"{scenario_id}: no ship beaten in 60 turns"
    assert session.verify()["differences"] == []


def test_a_strict_game_stops_naming_the_first_ruling_it_needs(tmp_path):
    from umpire.rules.dguts import RulingNeeded

    session = _start(tmp_path, "dguts-constitution-guerriere", strict=True)
    with pytest.raises(RulingNeeded, match=r"ruling wind\.force\.by_total\.\d+ needed"):
        session.perform({"command": "wind", "what": "roll", "opts": {}})
