"""One dispatch from a journalled action to the ruleset, shared by live commands and `verify`."""

from __future__ import annotations

import copy

from umpire.core.errors import UmpireError
from umpire.core.state import Resolution, apply
from umpire.rules.base import Plan


def plan_for(rs, state: dict, tables, action: dict) -> Plan | Resolution:
    """Turn an action dict (as journalled) into a Plan (needs dice) or a Resolution."""
    cmd = action["command"]
    if cmd == "fire":
        return rs.fire(state, tables, action["ship"], action["at"], action["opts"])
    if cmd in ("foul", "unfoul", "grapple", "ungrapple"):
        return rs.contact(state, tables, cmd, action["ship"], action["with"], action.get("opts", {}))
    if cmd == "melee":
        return rs.melee(state, tables, action["attackers"], action["defender"], action.get("opts", {}))
    if cmd == "board":
        return rs.board(state, tables, action["ship"], action["party"], action.get("sections", ""),
                        action.get("at", ""), action.get("opts", {}))
    if cmd == "capture":
        return rs.capture(state, tables, action["ship"], action["by"], action.get("sections", ""))
    if cmd == "transfer":
        return rs.transfer(state, tables, action["ship"], action["to"], action["sections"])
    if cmd == "load":
        return rs.load(state, tables, action["ship"], action["side"])
    if cmd == "surrender":
        return rs.surrender(state, tables, action["ship"], action["by"])
    if cmd == "recover":
        return rs.recover(state, tables, action["ship"])
    if cmd == "turn":
        return rs.end_turn(state, tables)
    extra = getattr(rs, "plan_for", None)
    if extra:
        return extra(state, tables, action)
    from umpire.core.errors import BadInput

    raise BadInput(f"{cmd} is not a {rs.id} command (it belongs to another ruleset)")


def reresolve(game) -> dict:
    """Resolve each journalled action again with the journalled dice; compare effects."""
    from umpire.core.tables import Tables

    rs, tables = game.ruleset(), game.tables()
    state = rs.initial_state(game)
    diffs = []
    same = 0
    for event in game.events:
        action = event.get("action", {})
        cmd = action.get("command")
        if cmd and cmd != "ship add":
            used = Tables(rs.data_id, {**game.rulings, **action["rulings"]}) if action.get("rulings") else tables
            try:
                got = plan_for(rs, copy.deepcopy(state), used, action)
                if isinstance(got, Plan):
                    got = got.resolve(tuple(event.get("rolls", [])), False)
                probe = Resolution(got.kind, got.summary, list(got.effects), list(got.working), got.data)
                after = getattr(rs, "after", None)
                if after:
                    after(state, probe, used)
                if _norm(probe.effects) != _norm(event["effects"]):
                    diffs.append({"n": event["n"], "why": "effects differ", "summary": event["summary"]})
                else:
                    same += 1
            except (UmpireError, KeyError) as exc:
                diffs.append({"n": event["n"], "why": f"cannot re-resolve: {exc}", "summary": event["summary"]})
        apply(state, event["effects"])
    return {"events": len(game.events), "same": same, "differences": diffs}


def _norm(effects: list[dict]) -> list:
    from umpire.core.game import _clean

    return _clean(effects)
