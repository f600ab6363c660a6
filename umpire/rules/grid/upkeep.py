"""Crew allocation, repairs, the surgeon, ship's boats and the end of a move."""

from __future__ import annotations

import copy

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.grid import cards as C
from umpire.rules.grid import ship as S
from umpire.rules.grid.changes import ship_changes

TEXT = "square-grid-crew-counter-rules.txt"
HULL_WORDS = ("hull", "hull-damage-1", "hull-damage-2")


def _figures(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadInput(f"--{what.replace('_', '-')} {value!r}: give a number of figures, 0 or more")
    return value


def allocate(ship: dict, positions: dict, boats: dict, tables) -> Resolution:
    """Place crew figures on the control panel (L96-97, L338); positions not named keep their figures."""
    S.afloat(ship, "change her crew")
    new = copy.deepcopy(ship)
    for name, n in positions.items():
        if name not in S.POSITIONS:
            raise BadInput(f"position {name!r}: the positions are {', '.join(S.POSITIONS)}")
        new["positions"][name] = _figures(n, name)
    for boat, n in boats.items():
        _boat_crew(new, boat, _figures(n, f"boat {boat}"), tables)
    _check_allocation(new)
    placed = {p: S.pos(new, p) for p in S.POSITIONS}
    idle = {"crew": C.idle(new), "marines": C.idle(new, marine=True)}
    steps = [Step("positions", ", ".join(f"{p} {n}" for p, n in placed.items() if n) or "none",
                  f"{TEXT}, Outline of a Game (L96-97)"),
             Step("idle", f"{idle['crew']} crew, {idle['marines']} marine(s) on no position", "")]
    return Resolution("crew", f"{ship['name']}: crew allocated", ship_changes(ship, new), steps,
                      {"ship": ship["id"], "positions": placed, "idle": idle,
                       "boats": {b: v["crew"] for b, v in new["boats"].items()}})


def _boat_crew(ship: dict, boat: str, n: int, tables) -> None:
    b = ship["boats"].get(boat)
    if b is None:
        raise Refused(f"{ship['name']} carries no {boat} (her boats: {', '.join(ship['boats']) or 'none'})")
    if b["state"] != "aboard":
        raise Refused(f"{ship['name']}'s {boat} is {b['state']}: its crew cannot be changed")
    cap = tables["panel"]["boat_capacity"].get(boat, 0)
    if cap and b.get("gun"):   # "they can carry one less crew" (L306)
        cap -= 1
    if cap and n > cap:
        raise Refused(f"{ship['name']}'s {boat} carries at most {cap} figures (house ruling"
                      + (", one less for her gun)" if b.get("gun") else ")"))
    b["crew"] = n


def _check_allocation(ship: dict) -> None:
    name = ship["name"]
    crew = S.figures_placed(ship, S.CREW_POSITIONS) + S.boat_figures(ship)
    if crew > ship["crew"]:
        raise Refused(f"{name}: {crew} crew figures placed (boats included) but only {ship['crew']} alive")
    marines = S.figures_placed(ship, S.MARINE_POSITIONS)
    if marines > ship["marines"]:
        raise Refused(f"{name}: {marines} marine figures placed but only {ship['marines']} alive")
    if S.pos(ship, "rigging") > ship["rigging_positions"]:
        raise Refused(f"{name}: {S.pos(ship, 'rigging')} figures for {ship['rigging_positions']} rigging positions")
    for b in S.BATTERIES:
        guns = ship["guns_carried"][b] - ship["guns_destroyed"][b]
        if S.pos(ship, b) > guns:
            raise Refused(f"{name}: {S.pos(ship, b)} figures for {guns} {b} gun(s)")
    if S.pos(ship, "surgeon") and S.marked_with(ship, "surgeon"):
        raise Refused(f"{name}: her surgeon was killed (SURGEON card, No Fix)")


# --- repairs ---------------------------------------------------------------------

def repair_check(ship: dict, card: str, tables) -> str:
    """Refuse a repair the rules do not allow; return what is repaired ('hull' or the card id)."""
    S.afloat(ship, "repair")
    key = card.strip().lower()
    if key == "entangled":
        if not ship.get("entangled"):
            raise Refused(f"{ship['name']} is not entangled")
        if S.pos(ship, "repair") == 0:
            raise Refused(f"{ship['name']}: cutting free needs a figure in the Repair position")
        return key
    if key.startswith("gun:"):
        return _boat_gun_check(ship, key)
    if key in HULL_WORDS:
        if S.pos(ship, "below_repair") == 0:
            raise Refused(f"{ship['name']}: plugging the hull needs a figure on Below Deck Repair")
        if S.hull_holes(ship) - ship["hull_plugged"] <= 0:
            raise Refused(f"{ship['name']} has no unplugged hull damage")
        return "hull"
    known = C.cards_by_id(C.deck_table(ship, tables))
    if key not in known:
        raise BadInput(f"card {card!r}: give a held card's id, hull or entangled (cards: {', '.join(known)})")
    if key not in S.held_ids(ship):
        why = "No Fix" if known[key]["kind"] in ("permanent", "none") else "not held"
        raise Refused(f"{ship['name']} holds no {key} card to repair ({why})")
    if S.pos(ship, "repair") == 0:
        raise Refused(f"{ship['name']}: a repair needs a figure in the Repair position")
    return key


def repair_tries(ship: dict, turn: int) -> list[list]:
    """This move's repair rolls: [what, fixed] each (a record kept on the ship, `repairs`)."""
    rec = S.record(ship, "repairs")
    return list(rec.get("tries", [])) if rec.get("turn") == turn else []


def repairs_allowed(ship: dict, what: str, tables) -> int:
    """Repair rolls `what` may have in a move: one for each damage card of it, counting those held
    now and those repaired this move (one for each unplugged HULL DAMAGE card; one for cutting free or
    for a boat's gun): "Lastly repair rolls are made to see if any temporary damage can be fixed"
    (L109-110), one step of the move (L346) (docs/rulings.md)."""
    if what == "hull":
        return S.hull_holes(ship) - ship["hull_plugged"]
    if what == "entangled" or what.startswith("gun:"):
        return 1
    return S.held_ids(ship).count(what)


def repair_once(ship: dict, what: str, turn: int, tables) -> None:
    """Refuse a second repair roll for the same damage card in one move."""
    tries = repair_tries(ship, turn)
    rolled = sum(1 for w, _ in tries if w == what)
    fixed = sum(1 for w, ok in tries if w == what and ok)
    if rolled >= repairs_allowed(ship, what, tables) + fixed:
        raise Refused(f"{ship['name']} has made this move's repair roll for {what} ({rolled} roll(s) for "
                      f"{repairs_allowed(ship, what, tables) + fixed} card(s)): one repair roll a damage card a "
                      "move, with the move's repair rolls (Outline of a Game; Rule Summary, move sequence); "
                      "roll again after `turn`")


def resolve_repair(ship: dict, what: str, fixed: bool, how: str, tables, ships: dict | None = None,
                   turn: int = 0) -> Resolution:
    """A repair roll's result (`ships`: the game's ships, for cutting another ship free); `turn` keeps
    the roll on the ship's record of this move's repair rolls."""
    new = copy.deepcopy(ship)
    if turn:
        new["repairs"] = {"turn": turn, "tries": repair_tries(ship, turn) + [[what, fixed]]}
    src = f"{TEXT}, Outline of a Game (L107-110); Damage (L278-282, L370-372)"
    effects = []
    if fixed and what == "entangled":
        for other in new["entangled"]:
            held = (ships or {}).get(other, {}).get("entangled", [])
            effects.append(set_(["ships", other, "entangled"], [x for x in held if x != ship["id"]]))
        new["entangled"] = []
        done = "cut free"
    elif fixed and what.startswith("gun:"):
        done = _boat_gun_repaired(new, what.split(":", 1)[1])
    elif fixed and what == "hull":
        new["hull_plugged"] += 1
        done = "one unit of hull damage plugged (shaded): it no longer needs pumping"
    elif fixed:
        i = S.held_ids(new).index(what)
        new["held"].pop(i)
        if S.card_effect(new, what) == "mainmast":
            done = "the mainmast is cut free; the card is discarded"
        else:
            C.back(new, what)
            done = "repaired; the card goes back to the pile"
    else:
        done = "not repaired"
    steps = [Step("repair", f"{what}: {how}", f"{TEXT}, Outline of a Game (L107-110); Rule Summary (L346); the "
                  "chance is not in the text (docs/rulings.md)"), Step("result", done, src)]
    return Resolution("repair", f"{ship['name']}: {what} {'repaired' if fixed else 'not repaired'}",
                      ship_changes(ship, new) + effects, steps, {"ship": ship["id"], "card": what, "repaired": fixed})


def _boat_gun_check(ship: dict, key: str) -> str:
    """`gun:BOAT`: a gun put aboard the cutter or launch during the game (L308-309): "a successful Repair
    is required by the Below Deck crew to bring it on deck, and another Repair roll made by the Deck
    crew to load it on the relevant boat"."""
    boat = S.boat_id(key.split(":", 1)[1])
    b = ship["boats"].get(boat)
    if boat not in S.GUN_BOATS:
        raise BadInput(f"card {key!r}: only the cutter or launch may carry a gun (gun:cutter or gun:launch)")
    if b is None or b["state"] == "destroyed":
        raise Refused(f"{ship['name']} has no {boat} to carry a gun")
    if b.get("gun"):
        raise Refused(f"{ship['name']}'s {boat} carries a gun already")
    on_deck = ship.get("gun_on_deck", "")
    if on_deck and on_deck != boat:
        raise Refused(f"{ship['name']}: the gun on deck is for her {on_deck}; load it first (gun:{on_deck})")
    if on_deck:
        if S.pos(ship, "repair") == 0:
            raise Refused(f"{ship['name']}: loading the gun into the {boat} needs a figure in the Repair position")
    else:
        if S.pos(ship, "below_repair") == 0:
            raise Refused(f"{ship['name']}: bringing a gun on deck needs a figure on Below Deck Repair")
        if not any(S.guns_fit(ship)[side] for side in ("port", "starboard")):
            raise Refused(f"{ship['name']} has no broadside gun fit to bring on deck")
    return f"gun:{boat}"


def _boat_gun_repaired(new: dict, boat: str) -> str:
    """The gun comes on deck from the broadside with more guns fit (port on a tie), or goes into the boat."""
    if new.get("gun_on_deck"):
        new["boats"][boat]["gun"] = True
        new["gun_on_deck"] = ""
        return f"the gun is loaded into the {boat} (Deck crew)"
    fit = S.guns_fit(new)
    side = "port" if fit["port"] >= fit["starboard"] else "starboard"
    new["guns_carried"][side] -= 1
    new["gun_on_deck"] = boat
    return f"a {side} gun brought on deck for the {boat} (Below Deck crew); a Repair by the Deck crew loads it"


# --- surgeon ---------------------------------------------------------------------

def surgeon_check(ship: dict, turn: int = 0) -> None:
    S.afloat(ship, "use her surgeon")
    if S.marked_with(ship, "surgeon"):
        raise Refused(f"{ship['name']}: her surgeon was killed (SURGEON card, No Fix)")
    if S.pos(ship, "surgeon") == 0:
        raise Refused(f"{ship['name']}: a surgeon roll needs a crew figure on the Surgeon position")
    if turn and ship.get("surgeon_turn") == turn:
        raise Refused(f"{ship['name']}: her surgeon has rolled this move; he dices with the repair rolls, once a "
                      "move (Surgeon; Rule Summary, move sequence)")


def resolve_surgeon(ship: dict, roll: int, tables, turn: int = 0) -> Resolution:
    chance = tables["chances"]["surgeon"]
    new = copy.deepcopy(ship)
    if turn:
        new["surgeon_turn"] = turn
    box = new["casualty_box"]
    kind = "crew" if box["crew"] else ("marines" if box["marines"] else "")
    back = int(roll <= chance and bool(kind))
    if back:
        box[kind] -= 1
        new[kind] += 1
    src = f"{TEXT}, Surgeon (L288-295)"
    says = f"{roll}: {chance} or less brings one back"
    if roll <= chance and not kind:
        says += "; the casualty box is empty"
    steps = [Step("surgeon", says, src)]
    if back:
        steps.append(Step("returned", f"one {'crewman' if kind == 'crew' else 'marine'} back from the casualty box, "
                          "on no position", src))
    return Resolution("surgeon", f"{ship['name']}: {back} back from the casualty box", ship_changes(ship, new),
                      steps, {"ship": ship["id"], "returned": back, "chance": chance})


# --- boats -----------------------------------------------------------------------

def boats(ship: dict, how: str, boat: str, turn: int, speed: int | None = None) -> Resolution:
    """Launch or recover a boat at the end of the move; its crew allocated beforehand (L299-302)."""
    S.afloat(ship, "launch or recover boats")
    key = boat.strip().lower().replace(" ", "-")
    b = ship["boats"].get(key)
    if b is None:
        raise Refused(f"{ship['name']} carries no {boat} (her boats: {', '.join(ship['boats']) or 'none'})")
    new = copy.deepcopy(ship)
    nb = new["boats"][key]
    src = f"{TEXT}, Ships Boats (L299-305)"
    if how == "launch":
        if b["state"] != "aboard":
            raise Refused(f"{ship['name']}'s {key} is {b['state']}, not aboard")
        if b["crew"] == 0:
            raise Refused(f"{ship['name']}'s {key} has no crew: allocate them first (crew {ship['id']} "
                          f"--boat {key}=N)")
        _gun_boat_speed(ship, key, b, speed)
        nb.update(state="launched", launched_turn=turn)
    elif how == "recover":
        if b["state"] != "launched":
            raise Refused(f"{ship['name']}'s {key} is {b['state']}, not launched")
        nb.update(state="aboard", launched_turn=0)
    else:
        raise BadInput(f"boats: use --launch BOAT or --recover BOAT, not {how!r}")
    steps = [Step(how, f"{key} with {nb['crew']} crew: now {nb['state']}", src)]
    return Resolution("boats", f"{ship['name']}'s {key} {nb['state']}", ship_changes(ship, new), steps,
                      {"ship": ship["id"], "boat": key, "state": nb["state"], "crew": nb["crew"]})


# --- the end of a move -------------------------------------------------------------

def end_turn(state: dict, tables=None) -> Resolution:
    """Each unit of hull damage (a HULL DAMAGE card) neither plugged nor pumped gets worse by one box; the
    next move begins (L278-282, L370-371; `panel.hull_growth`, docs/rulings.md)."""
    effects, steps = [], []
    src = f"{TEXT}, Damage (L278-282); Rule Summary (L370-371); HULL DAMAGE cards"
    by_box = tables is not None and S.hull_growth(tables) == "box"
    for sid, ship in state["ships"].items():
        open_units = S.hull_holes(ship) - ship["hull_plugged"]
        if open_units <= 0:
            continue
        pumped = min(open_units, S.pos(ship, "pumps") + S.pos(ship, "marines_pumps"))
        worse = min(open_units - pumped, ship["hull_boxes"] - ship["hull_damage"])
        line = f"{open_units} unit(s) open, {pumped} pumped: +{worse} box(es)"
        if worse:
            effects.append(set_(["ships", sid, "hull_damage"], ship["hull_damage"] + worse))
            if by_box:      # house ruling: every box crossed is a unit to pump or plug
                effects.append(set_(["ships", sid, "hull_holes"], S.hull_holes(ship) + worse))
        if ship["hull_damage"] + worse >= ship["hull_boxes"]:
            line += "; every hull box is crossed (the text does not say what follows: the umpire decides)"
        steps.append(Step(f"{ship['name']} hull", line, src))
    turn = state["turn"] + 1
    effects.append(set_(["turn"], turn))
    return Resolution("turn", f"move {turn} begins", effects, steps, {"turn": turn})


def _gun_boat_speed(ship: dict, key: str, b: dict, speed: int | None) -> None:
    """"Boats carrying guns cannot be launched at speeds greater than 3 squares per move" (L309-310);
    the tool does not keep the ship's speed, so the umpire gives it."""
    if not b.get("gun"):
        return
    if speed is None:
        raise BadInput(f"{ship['name']}'s {key} carries a gun: give the ship's speed this move with --speed N "
                       "(boats carrying guns are launched at 3 squares a move or less)")
    if speed > 3:
        raise Refused(f"{ship['name']}'s {key} carries a gun: she cannot be launched at {speed} squares a move "
                      "(3 or less, Ships Boats)")
