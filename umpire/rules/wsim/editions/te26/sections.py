"""Tournament Edition 2.6, bow and stern sections (16.2) and a section's fire (24.1.2, Advanced).

* 16.2 "Each broadside and carronade section is sub-divided equally into a bow and stern
  section": a ship's sections start as halves of her gun and carronade squares (the bow takes an
  odd square, as the printed log does; docs/rulings.md) and are kept on the ship (`te_sections`).
* A gun hit comes off the section the Gun Hit Location Table names (11.4.3.1.1: the card's cell
  for the die says "bow" or "stern"), the other section when that one has none of the kind hit
  left. A cell naming neither, or a gun square lost or regained some other way, leaves that
  broadside's sections unknown to the tool.
* `fire SHIP --section bow|stern` (24.1.2: field 4 the stern guns only, field 5 the bow guns
  only; the umpire reads the field on the map): only that section's squares at the start of the
  turn fire; its broadside counts as fired (24.1.3: one target a broadside) and an initial
  broadside is spent whole (24.1.4). Refused when the sections are unknown.
"""

from __future__ import annotations

import re

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.wsim import gunnery

SECTIONS = ("bow", "stern")
KINDS = ("guns", "carronades")
_HIT = r"^a (gun|carronade) on the (left|right) broadside"


def _halves(n: int) -> dict:
    return {"bow": n - n // 2, "stern": n // 2}


def _now(ship: dict) -> dict:
    rec = ship.get("te_sections")
    if rec:
        return rec["now"]
    return {k: {s: _halves(ship[f"{k}_max"]) for s in ("left", "right")} for k in KINDS}


def _at_start(ship: dict, turn: int) -> dict:
    rec = ship.get("te_sections")
    if rec and rec["turn"] == turn:
        return rec["start"]
    return _now(ship)


def known(ship: dict, side: str, sections: dict, basis: dict) -> dict | None:
    """The side's sections, if they still add up to the squares she has on that side."""
    out = {}
    for kind in KINDS:
        sec = sections[kind].get(side)
        if sec is None or sec["bow"] + sec["stern"] != basis[f"{kind}_left"][side]:
            return None
        out[kind] = sec
    return out


def section_view(state: dict, firer_id: str, side: str, section: str, rng: int, tables) -> tuple[dict, Step]:
    """The state with the firer's broadside at the start of the turn cut to one section."""
    if section not in SECTIONS:
        raise BadInput(f"--section {section!r}: bow or stern (TE 2.6 16.2, 24.1.2)")
    ship = state["ships"][firer_id]
    basis = ship["at_turn_start"]
    got = known(ship, side, _at_start(ship, state["turn"]), basis)
    if got is None:
        raise Refused(f"{ship['name']}'s {side} bow and stern sections are not known to the tool (a gun square was "
                      "lost or regained where no Gun Hit Location Table cell named the section): the umpire reads "
                      "them from her log (TE 2.6 16.2, 11.4.3.1.1)")
    guns, carr = got["guns"][section], got["carronades"][section]
    seen = {**ship, "at_turn_start": {**basis, "guns_left": {**basis["guns_left"], side: guns},
                                      "carronades_left": {**basis["carronades_left"], side: carr}}}
    near = rng <= gunnery.limits(tables)["carronade_range"]
    step = Step(f"{section} section only", f"{guns} gun square(s)" + (f" and {carr} carronade(s)" if near else "")
                + f" of her {side} broadside; the broadside counts as fired at this one target",
                "TE 2.6 16.2, 24.1.2-24.1.4")
    return {**state, "ships": {**state["ships"], firer_id: seen}}, step


def follow(state: dict, target_id: str, res: Resolution) -> Resolution:
    """Gun hits by section: the location card's "bow" or "stern" for each die (11.4.3.1.1)."""
    ship = state["ships"].get(target_id)
    if not ship or not isinstance(res, Resolution):
        return res
    cells = [s.value for s in res.working if s.step.startswith("gun hit location, die")]
    hits = [s.value for s in res.working if s.step.startswith("gun hit, die")]
    if not hits:
        return res
    turn = state["turn"]
    now = {k: {s: (dict(v) if v else None) for s, v in sides.items()} for k, sides in _now(ship).items()}
    start = _at_start(ship, turn)
    steps = []
    for cell, hit in zip(cells, hits):
        m = re.compile(_HIT).match(hit)
        if not m:
            continue
        kind, side = m.group(1) + "s", m.group(2)
        sec = now[kind][side]
        named = [w for w in re.findall(r"[a-z]+", str(cell).lower()) if w in SECTIONS]
        if sec is None:
            continue
        if len(set(named)) != 1:
            now[kind][side] = None
            for k in KINDS:
                now[k][side] = None
            steps.append(Step(f"gun hit location {cell!r}", f"names no bow or stern: {ship['name']}'s {side} "
                              "sections are the umpire's from now on", "TE 2.6 16.2, 11.4.3.1.1"))
            continue
        where = named[0]
        if sec[where] == 0:
            where = "stern" if where == "bow" else "bow"
        if sec[where] == 0:
            continue
        sec[where] -= 1
        steps.append(Step(f"{kind[:-1]} hit, {side} broadside", f"{where} section (now bow {sec['bow']}, stern "
                          f"{sec['stern']})", "TE 2.6 16.2, 11.4.3.1.1"))
    res.working += steps
    res.effects.append(set_(["ships", target_id, "te_sections"], {"now": now, "start": start, "turn": turn}))
    return res
