"""What follows any change in a WS&IM game, whatever the command (`Ruleset.after`): the end of the
game announced by the action that meets a victory condition, the Optional Rules' and the Advanced
Game's bookkeeping, and prisoners rising against a thin prize crew. Every command runs it, so it
loads the rules it asks only when the game plays them (`core.ruleset.load`)."""

from __future__ import annotations

import copy

from umpire.core.effects import applied_copy
from umpire.core.ruleset import load
from umpire.core.state import Step, apply, set_
from umpire.rules.wsim import optional, turns
from umpire.rules.wsim.checks import ADVANCED_CMD, optional_hooks


def announce_end(state: dict, res, tables, victory=turns.victory, keep: tuple[str, ...] = ()) -> None:
    """The action that meets a victory condition says the game is over (Basic XI.A.4); `victory`
    judges it (an edition gives its own), `keep` names other state keys the judgement reads."""
    if not any(e["path"][0] in ("ships", "wind") for e in res.effects):
        return
    probe = applied_copy(state, [e for e in res.effects if e["path"][0] in ("ships", "wind")],
                         ("ships", "wind", "game_over", "turn", *keep))
    end = victory(probe, tables)
    if not end["over"]:
        return      # nothing to announce: the judgement before the change is not needed
    before = victory(state, tables)
    if [end.get(k) for k in ("winner", "draw", "why")] != [before.get(k) for k in ("winner", "draw", "why")]:
        end = {**end, "turn": state.get("turn")}
        said = "a draw" if end["draw"] else f"{end['winner']} wins" if end["winner"] else "no winner named"
        shown = turns.phrased(end)      # the journal keeps the judgement's own words
        res.working.append(Step("game over", f"{shown['why']}: {said}", end["source"]))
        res.data["game_over"] = shown
        res.effects.append(set_(["game_over"], end))   # the end stands (Basic XI.A.4)


def after(ruleset, state: dict, res, tables=None) -> None:
    """Rules that follow any change: the end of the game, the Optional Rules' mast dice owed for
    whole rigging sections lost (Optional VIII.B), the gun squares' order for repairs (Advanced
    X.B), and prisoners rising against a thin prize crew (Basic IX.D)."""
    ruleset.announce_end(state, res, tables)
    if optional_hooks(ruleset, state):
        optional.after(state, res, tables)
    if ruleset.level == "advanced" and ruleset.actions.get("repair", ("", ""))[1] == ADVANCED_CMD:
        load("umpire.rules.wsim.advanced_cmds:note_gun_marks")(state, res)
    prisoners_rise(state, res, tables)


def prisoners_rise(state: dict, res, tables) -> None:
    """Prisoners rising against a thin prize crew, on any ship the change touches (Basic IX.D)."""
    touched = {e["path"][1] for e in res.effects if len(e["path"]) > 1 and e["path"][0] == "ships"}
    if not any(state["ships"].get(sid, {}).get("prize", {}).get("squares") or
               any("prize" in e["path"] for e in res.effects) for sid in touched):
        return   # only a ship with a prize crew aboard can see her prisoners rise
    probe = apply({"ships": {sid: copy.deepcopy(state["ships"][sid]) for sid in touched
                             if sid in state["ships"]}}, [e for e in res.effects if e["path"][0] == "ships"
                                                          and e["path"][1] in state["ships"]])
    for ship in probe["ships"].values():
        effects, steps = load("umpire.rules.wsim.boarding:prisoner_check")(ship, tables)
        res.effects += effects
        res.working += steps
