"""Every bundled DGUTS scenario can be fought to a finish with no house ruling: the tool's dice,
the default readings where the text lacks a number, and no command stopping for want of one.

A crude but relentless captain: each ship closes and fires her broadsides low at the nearest
enemy, takes the morale checks she owes and mans the pumps when sinking. The game must end (a ship
struck, taken, sunk or blown up) and `verify` must find the journal the same. A second game of each
action has the first ship of one side grapple, board and fight the enemy hand to hand.
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


def _first_pair(session: Session) -> tuple[str, str]:
    ships = session.state["ships"]
    first = next(iter(ships))
    other = next(sid for sid, s in ships.items() if s["controller"] != ships[first]["controller"])
    return first, other


@pytest.mark.parametrize("scenario_id", _ids())
def test_a_default_game_grapples_boards_and_fights_a_melee_without_a_ruling(tmp_path, scenario_id):
    """Fire, morale, grapple, board and melee in every bundled action: no command stops for a ruling
    (RulingNeeded or a missing table would escape as an error), every melee round is journalled, and
    `verify` finds the journal the same."""
    session = _start(tmp_path, scenario_id)
    session.perform({"command": "wind", "what": "roll", "opts": {}})
    for _ in range(2):
        _turn(session)
    a, d = _first_pair(session)
    if session.state["ships"][a]["track"]["status"] != "active" or \
            session.state["ships"][d]["track"]["status"] not in ("active", "sinking", "surrendered"):
        pytest.skip(f"{scenario_id}: the first ships were out of the fight before they could close")
    session.perform({"command": "grapple", "ship": a, "other": d, "kind": "grapple",
                     "opts": {"distance": "0", "touching": "1"}})
    rounds = 0
    for _ in range(12):
        sa, sd = session.state["ships"][a], session.state["ships"][d]
        if sa["track"]["status"] != "active" or sd["controller"] == sa["controller"] or \
                sd["track"]["status"] not in ("active", "sinking"):
            break
        rec = sa.get("boarding") or {}
        if not rec or rec.get("repulsed") or rec.get("reroll") or rec.get("at") != d:
            session.perform({"command": "board", "ship": a, "party": "obp", "sections": "", "at": d, "opts": {}})
        elif rec.get("pitched_turn") != session.state["turn"]:
            session.perform({"command": "melee", "attackers": [a], "defender": d, "opts": {}})
            rounds += 1
        session.perform({"command": "turn"})
    sd = session.state["ships"][d]
    assert rounds or sd["controller"] == session.state["ships"][a]["controller"], \
        f"{scenario_id}: no melee round was fought"
    assert session.verify()["differences"] == []
