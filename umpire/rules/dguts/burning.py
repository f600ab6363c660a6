"""Burning ships (Optional Rules, Burning Ships): areas, setting and spreading fires, the damage
they do, putting them out, the magazine, abandoning ship and flooding the magazine.

The fire phase (`umpire burn SHIP turn`) is taken once in each turn after a fire was set: every
area burning does its damage, may spread, and burns out after four turns.

A ship is divided into bow, midships and stern on each deck and in the hold (below the
waterline). Fires are kept by area with the turns each has burned. Dice are taken in a fixed
order, area by area: the magazine's die, then one spread die for each neighbouring area
(rolled again on 5 or 6).
"""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.dice import DiceNeed
from umpire.core.state import Resolution, Step
from umpire.rules.dguts.damage import apply_damage, changed
from umpire.rules.dguts.model import BadInput, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default


def levels(values: Mapping[str, Any]) -> list[str]:
    """Upper deck, each lower deck, then the hold (below the waterline)."""
    decks = int(values["decks"])
    if not 1 <= decks <= 9:       # three-deckers at most; more comes only from a hand-edited game file
        raise BadInput(f"decks {decks}: a ship has 1 to 9 decks here (three at most in the age of sail)")
    return ["upper"] + [f"deck{n}" for n in range(2, decks + 1)] + ["hold"]


def ship_areas(values: Mapping[str, Any], tables: Tables | None = None) -> list[str]:
    t = tables_or_default(tables)
    return [f"{lv}-{sec}" for lv in levels(values) for sec in t.get("burning", "areas", "sections")]


def magazines(values: Mapping[str, Any], tables: Tables | None = None) -> list[str]:
    t = tables_or_default(tables)
    big = int(values["decks"]) >= int(t.get("burning", "areas", "large_from_decks"))
    return list(t.get("burning", "areas", "magazines_large" if big else "magazines_small"))


def neighbours(values: Mapping[str, Any], area: str, tables: Tables | None = None) -> list[str]:
    """Areas next to `area`: fore and aft on the same deck, above and below in the same section."""
    t = tables_or_default(tables)
    lv, sec = area.rsplit("-", 1)
    lvs, secs = levels(values), t.get("burning", "areas", "sections")
    i, j = lvs.index(lv), secs.index(sec)
    out = [f"{lv}-{secs[k]}" for k in (j - 1, j + 1) if 0 <= k < len(secs)]
    return out + [f"{lvs[k]}-{sec}" for k in (i - 1, i + 1) if 0 <= k < len(lvs)]


def check_area(values: Mapping[str, Any], area: str, tables: Tables | None = None) -> str:
    key = area.strip().lower()
    known = ship_areas(values, tables)
    if key not in known:
        raise BadInput(f"area {area!r}: this ship's areas are {', '.join(known)}")
    return key


def damage_per_turn(tons: float, tables: Tables | None = None) -> int:
    t = tables_or_default(tables)
    row = t.get("burning", "damage")
    return int(row["over_2000"] if tons > 2000 else row["from_1200"] if tons >= 1200 else row["under_1200"])


def fires_of(state: Mapping[str, Any]) -> dict:
    return dict(state.get("fires", {}))


# ------------------------------------------------------------------ setting fires
def set_fires_dice(state: Mapping[str, Any], areas: Sequence[str], deliberate: bool) -> int:
    """Dice to set fires: one for each fire a crew in disorder or routed tries to start."""
    return len(areas) if deliberate and state.get("morale") in ("disorder", "routed") else 0


def resolve_set_fires(values: Mapping[str, Any], state: Mapping[str, Any], areas: Sequence[str],
                      rolls: Sequence[int], deliberate: bool = True, tables: Tables | None = None) -> Resolution:
    """Fires set in `areas`: deliberately by up to two groups of 1 CF once the ship is evacuated,
    or started by enemy action (hot shot, a special damage roll) with `deliberate=False`."""
    t = tables_or_default(tables)
    src = cite(t, "burning", "setting")
    areas = [check_area(values, a, t) for a in areas]
    if deliberate:
        if not state.get("abandoned"):
            raise Refused("a ship with her crew or prisoners aboard may not be set afire: abandon her first")
        if len(areas) > int(t.get("burning", "setting", "groups")):
            raise BadInput(f"at most {t.get('burning', 'setting', 'groups')} groups of 1 CF set fires at once")
    fires = fires_of(state)
    burned = set(state.get("burned_out", []))
    steps, started = [], []
    need = {"disorder": "disorder_on", "routed": "routed_on"}.get(str(state.get("morale")))
    rolls = list(rolls)
    for area in areas:
        if area in fires or area in burned:
            steps.append(Step("fire", f"{area} is already {'burning' if area in fires else 'burned out'}", src))
            continue
        if deliberate and need:
            roll = rolls.pop(0)
            faces = t.get("burning", "setting", need)
            if roll not in faces:
                steps.append(Step("fire", f"{area}: rolled {roll}, a crew in {state['morale']} needs "
                                  f"{', '.join(map(str, faces))}: no fire", src))
                continue
        fires[area] = 0
        started.append(area)
        steps.append(Step("fire", f"{area} set afire; it burns from next turn", src))
    new = {**copy.deepcopy(dict(state)), "fires": fires}
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data={"started": started, "fires": fires})


# ------------------------------------------------------------------ the fire phase
#: the order the dice of a fire phase are taken in, for the umpire typing them
DICE_ORDER = ("they are taken area by area in name order: a burning magazine area's die first, then one "
              "spread die for each neighbouring area (rolled again on 5 or 6), a fire set last turn's first "
              "spread die also telling whether it dies out; then the dice of a ship grappled alongside")


class _Dice:
    """Dice taken one at a time, for rolls whose number is only known while resolving."""

    def __init__(self, rolls: Sequence[int]) -> None:
        self.rolls, self.used = list(rolls), []

    def take(self) -> int:
        if not self.rolls:
            raise BadInput(f"fire phase: more dice are needed than the {len(self.used)} given ({DICE_ORDER})")
        roll = self.rolls.pop(0)
        if not 1 <= roll <= 6:
            raise BadInput(f"roll {roll}: a d6 shows 1 to 6")
        self.used.append(roll)
        return roll

    def until(self, again: Sequence[int]) -> int:
        roll = self.take()
        while roll in again:
            roll = self.take()
        return roll


def resolve_fire_phase(values: Mapping[str, Any], state: Mapping[str, Any], rolls: Sequence[int],
                       tables: Tables | None = None,
                       alongside: Sequence[tuple[str, Mapping[str, Any], Mapping[str, Any]]] = ()) -> Resolution:
    """One turn of fire aboard: damage, the magazine, spreading, dying out and burning out; and the
    ships alongside (id, values, state): a fire on the upper deck reaches theirs as a neighbour, one
    below decks on a 1 only (their area at the same level and section)."""
    t = tables_or_default(tables)
    sp = t.get("burning", "spreading")
    src = cite(t, "burning", "spreading")
    fires, burned = fires_of(state), list(state.get("burned_out", []))
    if not fires:
        raise Refused("nothing is burning aboard")
    dice, steps = _Dice(rolls), []
    new_fires, explodes, sinks_in = {}, False, None
    points = 0
    for area in sorted(fires):
        age = int(fires[area])          # turns burned before this one (0: set last turn)
        points += damage_per_turn(float(values["tons"]), t)
        if area in magazines(values, t) and not state.get("magazine_flooded"):
            roll = dice.take()
            if roll in sp["magazine_on"]:
                explodes = True
                steps.append(Step("magazine", f"{area} burning, rolled {roll}: the magazine blows up "
                                  "(`umpire explode` with the ships nearby)", src))
            else:
                steps.append(Step("magazine", f"{area} burning, rolled {roll}: it holds", src))
        died = False
        for i, other in enumerate(n for n in neighbours(values, area, t) if n not in fires and n not in burned):
            roll = dice.take()
            if age == 0 and i == 0 and roll in sp["dies_on_first"]:
                died = True
                steps.append(Step("dies out", f"{area}: first roll {roll}, the new fire dies out", src))
                break
            while roll in sp["roll_again_on"]:
                roll = dice.take()
            if roll in sp["spreads_on"]:
                new_fires.setdefault(other, 0)
                steps.append(Step("spreads", f"{area} -> {other} (rolled {roll})", src))
        if died:
            continue
        lasts = int(t.get("burning", "special_ships", "fireship_turns")) if state.get("fireship") else int(sp["burns_turns"])
        if age + 1 >= lasts:
            burned.append(area)
            steps.append(Step("burned out", f"{area} has burned {age + 1} turns and is consumed", src))
            if area.startswith("hold-") and sinks_in is None:
                sinks_in = dice.take()
                steps.append(Step("sinking", f"{area} lies below the waterline: she sinks in {sinks_in} turns", src))
        else:
            new_fires[area] = age + 1
    caught = _spread_alongside(values, fires, alongside, dice, steps, sp, src, t)
    new = copy.deepcopy(dict(state))
    new.update(fires=new_fires, burned_out=sorted(set(burned)))
    if points:
        out = apply_damage(values, new, 0.0, float(points), 0.0, t, morale_checks=False)
        new = {**out.state, "fires": new_fires, "burned_out": sorted(set(burned))}
        steps.append(Step("fire damage", f"{points} points low from areas burning", cite(t, "burning", "damage")))
    if sinks_in is not None:
        now = int(new.get("sinking_turns_left", -1))
        new.update(sinking_band=100, sinking_turns_left=sinks_in if now <= 0 else min(now, sinks_in))
        if new["status"] == "active":
            new["status"] = "sinking"
    data = {"rolls": dice.used, "fires": new_fires, "burned_out": new["burned_out"], "damage_low": points,
            "magazine_explodes": explodes, "caught": {sid: sorted(a) for sid, a in caught.items()}}
    effects = {"ship": changed(state, new)}
    for sid, other_values, other_state in alongside:
        if caught.get(sid):
            fires = {**fires_of(other_state), **{a: 0 for a in caught[sid]}}
            effects[sid] = {"fires": fires}
    return Resolution(changes=effects, working=list(steps), data=data)


def _spread_alongside(values, fires, alongside, dice, steps, sp, src, t) -> dict:
    """Rolls for the areas of ships alongside next to burning areas (Burning Ships)."""
    caught: dict = {}
    for sid, other_values, other_state in alongside:
        theirs = set(fires_of(other_state)) | set(other_state.get("burned_out", []))
        other_levels = levels(other_values)
        for area in sorted(fires):
            lv, sec = area.rsplit("-", 1)
            if lv == "hold" or lv not in other_levels:
                continue
            target = f"{lv}-{sec}"
            if target in theirs or target in caught.get(sid, set()):
                continue
            if lv == "upper":
                roll = dice.until(sp["roll_again_on"])
            else:
                roll = dice.take()          # below decks: 1 in 6, no second roll
            if roll in sp["spreads_on"]:
                caught.setdefault(sid, set()).add(target)
                steps.append(Step("alongside", f"{area} -> {sid} {target} (rolled {roll})", src))
    return caught


def resolve_fight_fire(values: Mapping[str, Any], state: Mapping[str, Any], area: str, crew: float,
                       rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """Groups of 2 CF try to put out one area: each rolls, 1 puts it out, 5 or 6 rolls again."""
    t = tables_or_default(tables)
    row = t.get("burning", "fighting")
    area = check_area(values, area, t)
    fires = fires_of(state)
    if area not in fires:
        raise Refused(f"{area} is not burning")
    groups = math.floor(Fraction(str(crew)) / int(row["crew_per_group"]))
    if groups < 1 or crew > float(state["crew_factors"]) + 1e-9:
        raise Refused(f"putting out a fire takes groups of {row['crew_per_group']} CF from those aboard")
    dice, steps, out = _Dice(rolls), [], False
    for g in range(groups):
        roll = dice.until(row["roll_again_on"])
        if roll in row["out_on"]:
            out = True
            steps.append(Step("fire fighting", f"group {g + 1} rolled {roll}: {area} is out", cite(t, "burning", "fighting")))
            break
        steps.append(Step("fire fighting", f"group {g + 1} rolled {roll}: still burning", cite(t, "burning", "fighting")))
    if out:
        fires.pop(area)
    new = {**copy.deepcopy(dict(state)), "fires": fires}
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data={"rolls": dice.used, "out": out, "fires": fires})


def abandon(values: Mapping[str, Any], state: Mapping[str, Any], tables: Tables | None = None,
            lost: float | None = None) -> Resolution:
    """Her crew leaves her: one turn, and one more for every tenth of the crew lost (the wounded);
    `lost`: the share of her people lost, where it is not her crew's (a prize's)."""
    t = tables_or_default(tables)
    row = t.get("burning", "evacuation")
    if lost is None:
        lost = 1 - float(state["crew_factors"]) / float(values["crew_factors"])
    lost = max(0.0, lost)
    turns = int(row["turns"]) + math.floor(lost / float(Fraction(str(row["extra_turn_per_casualty_share"]))) + 1e-9)
    new = {**copy.deepcopy(dict(state)), "abandoned": True, "crew_factors": 0.0}
    steps = [Step("abandon ship", f"{float(state['crew_factors']):g} CF leave her in {turns} turn(s) "
                  f"({lost:.0%} casualties)", cite(t, "burning", "evacuation"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps),
                      data={"turns": turns, "crew_factors": float(state["crew_factors"])})


def flood_magazine(state: Mapping[str, Any], tables: Tables | None = None) -> Resolution:
    """2 CF a turn in the magazine flood it: no more explosion, and no more firing."""
    t = tables_or_default(tables)
    need = int(t.get("burning", "fighting", "flood_crew"))
    if float(state["crew_factors"]) < need:
        raise Refused(f"flooding the magazine takes {need} CF for a turn")
    new = {**copy.deepcopy(dict(state)), "magazine_flooded": True}
    steps = [Step("magazine flooded", f"{need} CF flood it this turn; her guns can fire no more",
                  cite(t, "burning", "fighting"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data={"magazine_flooded": True})


def light_fireship(values: Mapping[str, Any], state: Mapping[str, Any], tables: Tables | None = None) -> Resolution:
    """A fireship set burning: every area of her upper deck afire, burning six turns; her crew gone."""
    t = tables_or_default(tables)
    fires = {**fires_of(state), **{a: 0 for a in ship_areas(values, t) if a.startswith("upper-")}}
    new = {**copy.deepcopy(dict(state)), "fires": fires, "fireship": True, "abandoned": True, "crew_factors": 0.0}
    steps = [Step("fireship", f"set burning ({', '.join(sorted(fires))}); she burns "
                  f"{t.get('burning', 'special_ships', 'fireship_turns')} turns and sails on; a ship she fouls "
                  "lies alongside her fire", cite(t, "burning", "special_ships"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data={"fires": fires})


def resolve_shell_fires(values: Mapping[str, Any], state: Mapping[str, Any], areas: Sequence[str],
                        rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """Howitzer shells that hit (Special Guns, Howitzers): a die for each, rolled again on 6; 1-3 starts
    a fire in the bow or stern deck area the umpire names for that shell, 4-5 only the shell bursts."""
    t = tables_or_default(tables)
    row = t.get("special", "howitzers")
    src = cite(t, "special", "howitzers")
    if not areas:
        raise BadInput("burn shell: name an area for each shell that hit, the bow or stern of a deck "
                       "(e.g. upper-bow upper-stern)")
    areas = [check_area(values, a, t) for a in areas]
    for area in areas:
        if area.startswith("hold-") or area.endswith("-midships"):
            raise BadInput(f"burn shell: {area}: a shell's fire starts in a bow or stern deck area "
                           "(e.g. upper-bow, deck2-stern)")
    dice = _Dice(rolls)
    fires, burned = fires_of(state), set(state.get("burned_out", []))
    steps, started = [], []
    for area in areas:
        faces = [dice.take()]
        while faces[-1] in row["roll_again_on"]:
            faces.append(dice.take())
        rolled = ", ".join(map(str, faces))
        if faces[-1] not in row["fire_on"]:
            steps.append(Step("shell", f"{area}: rolled {rolled}: the shell bursts, no fire", src))
        elif area in fires or area in burned:
            steps.append(Step("shell", f"{area}: rolled {rolled}: fire, but the area is already "
                              f"{'burning' if area in fires else 'burned out'}", src))
        else:
            fires[area] = 0
            started.append(area)
            steps.append(Step("shell", f"{area}: rolled {rolled}: a fire starts; it burns from next turn", src))
    new = {**copy.deepcopy(dict(state)), "fires": fires}
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps),
                      data={"started": started, "fires": fires, "rolls": dice.used})


def premature_chances(state: Mapping[str, Any], hot_shot_hits: int = 0, tables: Tables | None = None) -> tuple[int, int]:
    """An explosive ship hit before her fuse is lit: a chance for every 100 points low not yet rolled
    for, and one for every hot shot hit; returns (chances, the hundreds counted after rolling)."""
    t = tables_or_default(tables)
    per = float(t.get("burning", "special_ships", "premature_per_low"))
    hundreds = math.floor(float(state["damage_low"]) / per + 1e-9)
    return max(0, hundreds - int(state.get("premature_checked", 0))) + int(hot_shot_hits), hundreds


def resolve_premature(state: Mapping[str, Any], chances: int, hundreds: int, rolls: Sequence[int],
                      tables: Tables | None = None) -> Resolution:
    """A die for each chance: on a 1 the explosive ship goes up before her time."""
    t = tables_or_default(tables)
    rolls = DiceNeed(chances, 6, tuple(f"chance {i + 1}" for i in range(chances))).check(rolls)
    goes = any(r in t.get("burning", "special_ships", "premature_on") for r in rolls)
    new = {**copy.deepcopy(dict(state)), "premature_checked": hundreds}
    steps = [Step("explosive ship", f"{chances} chance(s) of going up, rolled {', '.join(map(str, rolls)) or '-'}: "
                  + ("she detonates (`umpire explode SHIP --explosive-ship --near SHIP=INCHES ...`)" if goes
                     else "she holds"), cite(t, "burning", "special_ships"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data={"detonates": goes, "chances": chances,
                                                                     "rolls": list(rolls)})


def light_fuse(state: Mapping[str, Any], rolls: Sequence[int], tables: Tables | None = None) -> Resolution:
    """An explosive ship's fuse: 1-4 it burns, and a second die is the turns it takes (kept secret).
    Lighting it takes one CF."""
    t = tables_or_default(tables)
    need = float(t.get("burning", "special_ships", "fuse_crew"))
    if float(state["crew_factors"]) + 1e-9 < need:
        raise Refused(f"lighting the fuse takes {need:g} CF aboard; she has {float(state['crew_factors']):g}")
    if int(state.get("fuse_turns", 0)) > 0 or state.get("fuse_disrupted"):
        raise Refused("her fuse has already been lit" + (" and was put out by boarders" if state.get("fuse_disrupted") else ""))
    lit_die, turns = DiceNeed(2, 6, ("fuse lit", "fuse turns")).check(rolls)
    lit = lit_die in t.get("burning", "special_ships", "fuse_lit_on")
    new = copy.deepcopy(dict(state))
    if lit:
        new.update(fuse_turns=turns, abandoned=True, crew_factors=0.0)
    src = cite(t, "burning", "special_ships")
    steps = [Step("fuse", f"rolled {lit_die}: " + (f"the fuse burns; she goes up in {turns} turns (keep it "
                  "secret); her crew leaves at once" if lit else "it does not take"), src)]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data={"lit": lit, "rolls": [lit_die, turns]})
