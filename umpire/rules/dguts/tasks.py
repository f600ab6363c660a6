"""Additional crew tasks (Optional Rules): the men a task needs, studding sails, anchoring, and
lightening ship. A task done with fewer men than the table's takes proportionately longer."""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any, Mapping

from umpire.core.state import Resolution, Step
from umpire.rules.dguts.damage import changed
from umpire.rules.dguts.model import BadInput, Refused
from umpire.rules.dguts.tables import Tables, cite, tables_or_default

TASKS = ("sail", "tack", "anchor", "furl")


def task_row(values: Mapping[str, Any], tables: Tables | None = None) -> dict:
    """The table row of the ship's size: the one whose normal crew is nearest hers."""
    t = tables_or_default(tables)
    return min(t.get("tasks", "crew", "rows"), key=lambda r: abs(int(r["crew"]) - int(values["men"])))


def sailors(values: Mapping[str, Any], crew_factors: float, tables: Tables | None = None) -> tuple[float, str]:
    """The CF of sailors among `crew_factors` (Additional Crew Tasks: 'only sailors may be considered as
    making up Cf's for sailing tasks'), by the share of the ship's nation; and the working."""
    t = tables_or_default(tables)
    nation = str(values.get("kind")) if values.get("kind") in ("merchant", "privateer") else str(values["nation"])
    known = set(t.get("nations", "morale"))
    nation = nation if nation in known else "other"
    share = float(t.get("tasks", "sailors", nation, what=f"the share of sailors in a {nation} crew"))
    cf = round(float(crew_factors) * share / 100, 4)
    return cf, f"{share:g}% of {float(crew_factors):g} CF are sailors ({nation}): {cf:g} CF"


def task_turns(values: Mapping[str, Any], task: str, crew_factors: float, tables: Tables | None = None) -> tuple[int, str]:
    """Turns a task takes with `crew_factors` CF of sailors at it, and the working."""
    t = tables_or_default(tables)
    if task not in TASKS:
        raise BadInput(f"task {task!r}: one of {', '.join(TASKS)}")
    row = task_row(values, t)
    men = float(crew_factors) * float(t.get("classes", "crew", "men_per_crew_factor"))
    need = int(row[task])
    if men <= 0:
        turns = int(t.get("tasks", "crew", "no_sailors_turns"))
        return turns, f"no sailors at it: {turns} turns"
    turns = max(1, math.ceil(need / men - 1e-9))
    return turns, f"{need} men needed (a ship of {row['crew']} men); {men:.0f} at it: {turns} turn(s)"


def dump_guns_turns(values: Mapping[str, Any], crew_factors: float, tables: Tables | None = None) -> tuple[int, dict, str]:
    """Turns to dump the guns of her main deck overboard with `crew_factors` CF at it, the guns
    (calibre key -> number) and the working. Additional Crew Tasks: "one man can dump 1# of gun
    weight (weight of shot fired) per turn"; "It is only possible to remove those guns on a ship's
    main deck": a quarter of the guns of a 90-120, the lost middle rates read as a third on a ship
    of three decks and a half on one of two, all on a smaller craft (docs/rulings.md)."""
    t = tables_or_default(tables)
    men = float(crew_factors) * float(t.get("classes", "crew", "men_per_crew_factor"))
    if men <= 0:
        raise BadInput(f"crew {crew_factors!r}: name the crew factors at the work, more than 0")
    decks = max(1, int(values.get("decks", 1)))
    share = Fraction(1, decks)
    guns = {k: math.floor(int(f["guns"]) * share) for k, f in values["fire_factors"].items()}
    guns = {k: n for k, n in guns.items() if n}
    per_man = float(t.get("tasks", "lightening", "men_per_pound"))
    pounds = sum(n * int(values["fire_factors"][k]["calibre"]) for k, n in guns.items())
    if not pounds:
        raise Refused("she has no guns on her main deck to dump")
    turns = max(1, math.ceil(pounds / (men * per_man) - 1e-9))
    listed = ", ".join(f"{n}x{k}" for k, n in guns.items())
    text = (f"main deck ({'all' if decks == 1 else f'1/{decks}'} of her guns, {decks} deck(s)): {listed} = "
            f"{pounds}# of shot; {men:.0f} men dump {per_man:g}# a man a turn: {turns} turn(s)")
    return turns, guns, text


def set_studding_sails(values: Mapping[str, Any], state: Mapping[str, Any], on: bool, trained: bool = False,
                       tables: Tables | None = None, by_nation: bool = False) -> Resolution:
    """Set or take in studding sails (Additional Crew Tasks: any trained crew, never merchantmen or
    privateers). `by_nation` is Advanced Optional 2: in action only the U.S. and Great Britain set them
    (`trained` lets the umpire allow another crew), and crews under 20% sailors never do."""
    t = tables_or_default(tables)
    src = cite(t, "tasks", "studding_sails")
    if on and values.get("kind") in ("merchant", "privateer"):
        raise Refused("merchantmen and privateers do not set studding sails")
    if on and by_nation and values["nation"] not in t.get("tasks", "studding_sails", "nations"):
        nation = values["nation"] if values["nation"] in t.get("nations", "morale") else "other"
        share = float(t.get("tasks", "sailors", nation, what=f"the share of sailors in a {nation} crew"))
        if share < float(t.get("tasks", "studding_sails", "least_sailors_percent")):
            raise Refused(f"a {nation} crew is {share:g}% sailors: crews under "
                          f"{t.get('tasks', 'studding_sails', 'least_sailors_percent')}% sailors never set studding "
                          "sails (Advanced Optional 2)")
        if not trained:
            raise Refused("studding sails were set in action only by American and British crews (Advanced "
                          "Optional 2); --trained if the umpire allows this crew")
    new = {**copy.deepcopy(dict(state)), "studding_sails": bool(on)}
    text = ("set: +50% speed, hits high x3/2, no broadside or chase fire" if on else "taken in")
    return Resolution(changes={"ship": changed(state, new)}, working=[Step("studding sails", f"{text}; a full turn's work", src)],
                      data={"studding_sails": bool(on)})


def set_anchored(state: Mapping[str, Any], on: bool, tables: Tables | None = None) -> Resolution:
    t = tables_or_default(tables)
    new = {**copy.deepcopy(dict(state)), "anchored": bool(on)}
    text = "at anchor: she does not move, and her guns reach 3/2 as far" if on else "anchor weighed"
    return Resolution(changes={"ship": changed(state, new)}, working=[Step("anchor", text, cite(t, "fire", "anchored"))],
                      data={"anchored": bool(on)})


def lighten(values: Mapping[str, Any], state: Mapping[str, Any], what: str, share: Any = None,
            tables: Tables | None = None) -> Resolution:
    """Jettison boats and anchors, dump guns, stores or water: a speed gain, each at most its maximum."""
    t = tables_or_default(tables)
    row = t.get("tasks", "lightening")
    caps = {"boats": row["boats"], "guns": row["guns"], "stores": row["stores_max"], "water": row["water_max"]}
    if what not in caps:
        raise BadInput(f"lighten {what!r}: boats, guns, stores or water")
    cap = Fraction(str(caps[what]))
    gain = cap if share in (None, "") else _share(share, what, cap)
    if not 0 < gain <= cap:
        raise BadInput(f"{what}: a speed gain of more than 0 and at most {float(cap):g}")
    light = dict(state.get("lightened", {}))
    light[what] = float(gain)
    new = {**copy.deepcopy(dict(state)), "lightened": light}
    return Resolution(changes={"ship": changed(state, new)},
                      working=[Step("lightened", f"{what}: +{float(gain):.0%} speed", cite(t, "tasks", "lightening"))],
                      data={"lightened": light})


def mark_flagship(state: Mapping[str, Any], on: bool, squadron: str = "", tables: Tables | None = None) -> Resolution:
    """Fleet Action Rules 1: the fleet's flagship (or a squadron's), marked at the start."""
    t = tables_or_default(tables)
    flag = (f"squadron:{squadron}" if squadron else "fleet") if on else ""
    new = {**copy.deepcopy(dict(state)), "flagship": flag}
    if on and squadron:
        new["squadron"] = squadron          # she leads it, and is of it
    text = (f"flagship of the {squadron} squadron" if squadron else "flagship of the fleet") if on else "no flagship"
    return Resolution(changes={"ship": changed(state, new)}, working=[Step("flagship", text, cite(t, "fleet", "flagships"))],
                      data={"flagship": flag})


def join_squadron(values: Mapping[str, Any], state: Mapping[str, Any], on: bool, squadron: str = "",
                  tables: Tables | None = None) -> Resolution:
    """Fleet Action Rules 1.a: a ship of the line placed in a squadron (whose flagship's loss she
    shares); ships under 50 guns move outside squadron formations."""
    t = tables_or_default(tables)
    if on and not squadron.strip():
        raise BadInput("name the squadron: --squadron NAME")
    most = int(t.get("classes", "frigates", "max_rate"))
    if on and int(values.get("rate", 0)) <= most:
        raise Refused(f"a ship rated {values.get('rate', 0)} is not a ship of the line: ships under {most} guns move "
                      "outside squadron formations (Fleet Action Rules 1.a)")
    new = {**copy.deepcopy(dict(state)), "squadron": squadron.strip() if on else ""}
    text = (f"in the {squadron.strip()} squadron (a squadron has three ships of the line at least)" if on
            else "out of her squadron")
    return Resolution(changes={"ship": changed(state, new)}, working=[Step("squadron", text, cite(t, "fleet", "flagships"))],
                      data={"squadron": new["squadron"]})


def rig_springs(state: Mapping[str, Any], tables: Tables | None = None) -> Resolution:
    """Springs on the cable of an anchored ship: half the crew six turns; then she may pivot up to 180
    degrees in a turn, and weighing takes two turns instead of one (Additional Crew Tasks)."""
    t = tables_or_default(tables)
    new = {**copy.deepcopy(dict(state)), "springs": True}
    steps = [Step("springs", "half the crew works six turns to rig them; then she may turn in place up to 180 "
                  "degrees, pivoting on bow or stern; weighing takes two turns", cite(t, "tasks", "springs"))]
    return Resolution(changes={"ship": changed(state, new)}, working=list(steps), data={"springs": True})


def _share(text: Any, what: str, cap: Fraction) -> Fraction:
    """A speed gain typed as a share (0.1, 1/10) or a percentage (10%)."""
    raw = str(text).strip()
    try:
        value = Fraction(raw[:-1].strip()) / 100 if raw.endswith("%") else Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise BadInput(f"{what}: gain {text!r}: a share of speed such as 0.1, 1/10 or 10%, at most "
                       f"{float(cap):g}") from None
    return value
