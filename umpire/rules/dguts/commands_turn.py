"""The DGUTS end of turn: every ship's state carried on (sinking, morale, fires, fuses) and the turn counted."""

from __future__ import annotations

from umpire.core import actions as A
from umpire.core.state import Resolution, Step, set_
from umpire.rules.dguts.commands_common import ship_sets
from umpire.rules.dguts.tables import game_tables
from umpire.rules.dguts.turn import end_of_turn


def end_turn(rs, state: dict, tables, a: A.EndTurn):
    dt = game_tables(tables)
    effects, steps = [], []
    news = {}
    for sid, s in state["ships"].items():
        track = s["track"]
        boarders = _fuse_boarders(state, sid)
        if boarders:    # enemy boarders a full turn aboard put the fuse out (Special Vessels)
            track = {**track, "fuse_turns": 0, "fuse_disrupted": True}
            steps.append(Step(s["name"], f"{', '.join(boarders)}'s boarders have been aboard a full turn: her fuse "
                              "is disrupted and she will not explode", "DGUTS Special Vessels, Explosive ships"))
        news[sid] = end_of_turn(track, dt)
    for sid, s in state["ships"].items():
        fast = s["track"].get("entangled_with")
        if fast and fast in s.get("grappled", []) and fast in news and news[fast]["status"] == "sunk" \
                and news[sid]["status"] in ("active", "sinking"):
            news[sid] = {**news[sid], "status": "sunk"}
            steps.append(Step(s["name"], f"still entangled with {state['ships'][fast]['name']} as she sinks: "
                              "the galley goes down as well", "DGUTS Special Vessels, Galleys"))
    turn = state["turn"] + 1
    for sid, s in state["ships"].items():
        new = news[sid]
        steps += _come_aboard(s, new, turn)
        steps += rs.level_turn_end(s, new, dt)     # (the fleet level counts her points again)
        changes = {k: v for k, v in new.items() if s["track"].get(k) != v}
        effects += ship_sets(sid, changes)
        for key in ("morale", "status"):
            if key in changes:
                steps.append(Step(s["name"], f"{key} now {changes[key]}", "DGUTS end of turn"))
        if changes.get("fuse_turns") == 0 and not new.get("fuse_disrupted"):
            steps.append(Step(s["name"], "her fuse runs out: she blows up (`umpire explode "
                              f"{sid} --explosive-ship --near SHIP=INCHES ...`)", "DGUTS Special Vessels"))
    effects.append(set_(["turn"], turn))
    return Resolution("turn", f"turn {turn} begins", effects, steps, {"turn": turn})


def _come_aboard(s: dict, new: dict, turn: int) -> list[Step]:
    """The crew of an abandoned ship comes aboard when the abandoning is done (Burning Ships: one turn and
    one more for every tenth of her crew lost); a crew that surrendered comes aboard as prisoners."""
    due = [a for a in new.get("crew_arriving", []) if int(a["turn"]) <= turn]
    if not due:
        return []
    new["crew_arriving"] = [a for a in new["crew_arriving"] if int(a["turn"]) > turn]
    steps = []
    for a in due:
        key = "prisoners" if a["as"] == "prisoners" else "crew_factors"
        new[key] = round(float(new.get(key, 0.0)) + float(a["cf"]), 4)
        steps.append(Step(s["name"], f"{float(a['cf']):.4g} CF from {a['from']} come aboard as {a['as']}",
                          "dguts-1975-second-edition-ocr.txt, Optional Rules, Burning Ships; Basic Rules IX"))
    return steps


def _fuse_boarders(state: dict, sid: str) -> list[str]:
    """Enemy ships whose boarders went aboard this explosive ship, fuse burning, in an earlier turn."""
    track = state["ships"][sid]["track"]
    if int(track.get("fuse_turns", 0)) <= 0 or track.get("fuse_disrupted"):
        return []
    me = state["ships"][sid]
    return [o["name"] for o in state["ships"].values()
            if o["controller"] != me["controller"] and (o.get("boarding") or {}).get("at") == sid
            and int((o.get("boarding") or {}).get("turn", state["turn"])) < int(state["turn"])]
