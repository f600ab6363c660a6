"""The after-action report of a game: the battle turn by turn, the final state of every
ship, and the result. Built from the journal alone, as data; `cli/report.py` writes it
as Markdown and `pdf/report.py` prints it.
"""

from __future__ import annotations

import os
import copy

from umpire.core import numbers
from umpire.core.effects import apply

#: Event kinds the report leaves out of the turn-by-turn account.
QUIET = ("ship",)


def build(game, ruleset, state: dict, tables) -> dict:
    """The report of `game` (its journal replayed once, in order) for `ruleset`."""
    turns: list[dict] = [{"turn": 1, "events": []}]
    now = ruleset.initial_state(game)
    now.setdefault("rulings", {})
    now.setdefault("ruling_notes", {})
    for event in game.events:
        effects = event.get("effects", [])
        touched = {e["path"][1] for e in effects if len(e.get("path", ())) > 1 and e["path"][0] == "ships"}
        before = _states(ruleset, now, touched)
        apply(now, copy.deepcopy(effects))
        if event.get("kind") == "turn":
            turns.append({"turn": now.get("turn", turns[-1]["turn"] + 1), "events": []})
            continue
        if event.get("kind") in QUIET:
            continue
        changes = [f"{now['ships'][sid]['name']} {st}" for sid, st in _states(ruleset, now, touched).items()
                   if before.get(sid) not in (None, st) and st != "active"]
        turns[-1]["events"].append({"n": event.get("n"), "kind": event.get("kind", ""),
                                    "summary": numbers.in_text(str(event.get("summary", ""))), "rolls": ruleset.dice_shown(event)[0],
                                    "changes": changes})
    scen = game.scenario or {}
    return {
        "title": scen.get("title") or os.path.splitext(os.path.basename(game.path))[0], "scenario": scen.get("id", ""), "date": scen.get("date", ""),
        "ruleset": ruleset.id, "turns_played": state.get("turn", 1), "events": len(game.events),
        "turns": [t for t in turns if t["events"]],
        "ships": [ruleset.ship_status(s) for s in state["ships"].values()],
        "victory_conditions": list(scen.get("victory", [])),
        "score": ruleset.score(state, tables),
    }


def _states(ruleset, state: dict, ids: set[str]) -> dict[str, str]:
    ships = state.get("ships", {})
    return {sid: ruleset.status(ships[sid]).get("state", "") for sid in ids if sid in ships}
