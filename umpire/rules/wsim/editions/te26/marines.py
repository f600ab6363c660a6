"""Tournament Edition 2.6, marines in the rigging (Advanced 19.8, 24.2.7, 24.7.1, 24.7.4, 24.7.6).

* `station SHIP --marines rigging|deck` (Advanced Game): 19.8 "Marines begin the game on a
  ship's deck, but may be assigned during the Planning Phase to either deck or rigging". Kept on
  the ship (`te_marines_aloft`, status `marines_at`) with the turn they moved; once a turn
  (one Planning Phase). Refused with no marines, a struck ship, marines in a boarding party
  (10.1.2.1 puts them in every OBP and DBP), or no rigging square left to climb (rulings).
* Musket fire (24.7): not on the turn they went aloft or came down (24.7.1); +1 from the rigging
  (24.7.4); an unmodified 5 or 6 from the rigging is a possible rigging fire from the musket
  wadding, read on the Musket Fire Table (24.7.6) - the tool says so and the umpire reads the
  card (its rigging-fire entry is not in the text); `burn SHIP set` starts the fire.
* A broadside aimed at rigging (24.2.7): its crew hits come off the marines in the rigging,
  unless the ship has sailors in the rigging (`fire --opt target-mir=1`: she noted a sail change
  this turn, 19.1.4.3), in which case the crew takes them as usual.
"""

from __future__ import annotations

from umpire.rules.wsim.editions.te26.actions import Station, TeSail  # noqa: F401  (kept with the other actions)
from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim.editions.te26 import musket as te26_musket

PLACES = ("deck", "rigging")


def aloft(ship: dict) -> bool:
    """Her marines are in the rigging: posted there, and not taken into an OBP or DBP this turn
    (10.1.2.1 "a ship's marines must be used" in them; docs/rulings.md)."""
    return bool(ship.get("te_marines_aloft")) and not in_party(ship)


def in_party(ship: dict) -> bool:
    return any(b.get("party") in ("obp", "dbp") for b in ship.get("boarding", [])) or bool(ship.get("te_boarded"))


def station(state: dict, ship_id: str, place: str) -> Resolution:
    """19.8: marines assigned to deck or rigging during the Planning Phase."""
    if ship_id not in state["ships"]:
        raise BadInput(f"no ship {ship_id!r}")
    place = (place or "").lower()
    if place not in PLACES:
        raise BadInput(f"station --marines {place!r}: deck or rigging (TE 2.6 19.8)")
    ship = state["ships"][ship_id]
    turn = state["turn"]
    if ship.get("struck") or ship["state"] in ("surrendered", "sunk", "exploded"):
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: her marines are not posted any more (TE 2.6 12.4.4)")
    if not ship.get("marines_left"):
        raise Refused(f"{ship['name']} has no marines (TE 2.6 3.2.7; `ship add --marines N`)")
    now = "rigging" if ship.get("te_marines_aloft") else "deck"
    if place == now:
        raise Refused(f"{ship['name']}'s marines are on the {now} already (TE 2.6 19.8)")
    if ship.get("te_marines_moved") == turn:
        raise Refused(f"{ship['name']}'s marines were posted this turn: they are assigned once, in the Planning "
                      "Phase (TE 2.6 19.8)")
    if place == "rigging":
        if in_party(ship) or any(s.get("te_boarded") == ship_id for s in state["ships"].values()):
            raise Refused(f"{ship['name']}'s marines are in her boarding party or a melee: a ship's marines must be "
                          "in her OBP or DBP (TE 2.6 10.1.2.1), so they cannot go aloft")
        if not any(ship["rigging_left"]):
            raise Refused(f"{ship['name']} has no rigging left for her marines to go aloft in (TE 2.6 19.8, 8.2.5)")
    steps = [Step("marines posted", f"{now} -> {place}, in the Planning Phase", "TE 2.6 19.8"),
             Step("musket fire this turn", "none: they moved between deck and rigging", "TE 2.6 24.7.1")]
    if place == "rigging":
        steps.append(Step("from the rigging", "+1 to their musket fire; crew hits of broadsides at her rigging fall "
                          "on them; a 5 or 6 may set her rigging afire", "TE 2.6 24.7.4, 24.2.7, 24.7.6"))
    effects = [set_(["ships", ship_id, "te_marines_aloft"], place == "rigging"),
               set_(["ships", ship_id, "te_marines_moved"], turn)]
    return Resolution("station", f"{ship['name']}'s marines go to the {place}", effects, steps,
                      {"ship": ship_id, "marines": place, "turn": turn})


def musket_check(state: dict, ship_id: str) -> None:
    """24.7.1 "they may not engage in musket fire on the turn in which they move from deck to
    rigging or from rigging to deck"."""
    ship = state["ships"].get(ship_id)
    if ship and ship.get("te_marines_moved") == state["turn"]:
        where = "rigging" if ship.get("te_marines_aloft") else "deck"
        raise Refused(f"{ship['name']}'s marines moved to the {where} this turn: no musket fire (TE 2.6 24.7.1)")


def musket_from_rigging(state: dict, ship_id: str, target_id: str, rolls, strict: bool, tables) -> Resolution:
    """24.7.4 "+1 if marines are in the rigging"; 24.7.6 "a roll of 5 or 6, before modification,
    results in possible rigging fire caused by musket wadding. Consult Musket Fire Table"."""
    die = rolls[0]
    bonus = tables["procedures"]["musket_fire"]["rigging"]
    res = te26_musket.resolve(state, ship_id, target_id, (die + bonus,) + tuple(rolls[1:]), strict, tables)
    steps = []
    for s in res.working:
        if s.step == "musket fire die":
            steps += [Step("musket fire die", str(die), s.source),
                      Step("marines in the rigging", f"{bonus:+d} = {die + bonus}", "TE 2.6 24.7.4")]
        elif s.step == "marines":
            continue
        else:
            steps.append(s)
    fire = die >= tables["procedures"]["musket_fire"]["rigging_fire_from"]
    ship = state["ships"][ship_id]
    if fire:
        steps.append(Step(f"unmodified die {die} from the rigging",
                          f"possible rigging fire from musket wadding aboard {ship['name']}: read the Musket Fire "
                          f"Table's rigging fire entry; if she burns, `burn {ship_id} set`", "TE 2.6 24.7.6"))
    res.working = steps
    res.data["rolls"] = [die] + list(res.data["rolls"][1:])
    res.data["marines"] = "rigging"
    res.data["rigging_fire_check"] = fire
    res.summary = res.summary.replace("marines fire", "marines fire from the rigging")
    return res


def fire_follow(state: dict, target_id: str, target_mir: bool, res: Resolution) -> Resolution:
    """24.2.7 "If marines are located in the target ship's rigging, crew hits inflicted by
    broadsides fired at rigging must be taken from the marines ..., unless the ship has men
    (sailors) in the rigging, in which case casualties come from the crew"."""
    ship = state["ships"][target_id]
    if not aloft(ship) or res.data.get("aim") != "rigging" or not ship.get("marines_left"):
        return res
    effect = next((e for e in res.effects if e["path"] == ["ships", target_id, "crew_left"]), None)
    if effect is None or (ship.get("prize") or {}).get("squares"):
        return res
    lost = sum(ship["crew_left"]) - sum(effect["value"])
    if lost <= 0:
        return res
    if target_mir:
        res.working.append(Step("marines in the rigging, but sailors aloft too (a sail change noted)",
                                f"the crew takes the {lost} crew hit(s)", "TE 2.6 24.2.7"))
        return res
    take = min(lost, ship["marines_left"])
    crew = list(ship["crew_left"])
    for _ in range(lost - take):
        i = next(i for i, c in enumerate(crew) if c > 0)
        crew[i] -= 1
    effect["value"] = crew
    marines = ship["marines_left"] - take
    res.effects.append(set_(["ships", target_id, "marines_left"], marines))
    why = f"{take} of the {lost} crew hit(s) off the marines (now {marines})"
    if lost > take:
        why += f"; the other {lost - take} off the crew (no marines left to take them, docs/rulings.md)"
    res.working.append(Step("marines in the rigging, fire aimed at rigging", why, "TE 2.6 24.2.7"))
    res.data["marines_hit"] = take
    return res
