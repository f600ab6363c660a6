"""A ship of the square-grid game: set up from a sample type, its control panel, its status.

A ship in the game state is a plain dict (see `new_ship`): the figures alive,
the figures on each position of the Ship Control Panel, the guns each battery
carries, the damage cards held and marked, the pile of damage cards left, the
hull boxes crossed and plugged, and the ship's boats.
"""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.state import has_state

BATTERIES = ("port", "starboard", "bow", "stern")
QUALITIES = ("trained", "average", "dreadful")
BOATS = ("cutter", "pinnace", "launch", "gig", "jolly-boat")
#: "If the Cutter or Launch are equipped with a gun" (L305-306)
GUN_BOATS = ("cutter", "launch")
TYPE_ALIASES = {"first-rate": "1st-rate-ship-of-the-line", "two-decker": "2-decker", "sloop": "sloop-or-brig",
                "brig": "sloop-or-brig"}
#: the crew and marine positions of the Ship Control Panel, as `status` lists them
POSITIONS = ("helm", "stays", "rigging", "gunner", "port", "starboard", "bow", "stern", "surgeon", "repair",
             "below_repair", "pumps", "fighting", "marines", "marines_rigging", "marines_pumps")
MARINE_POSITIONS = ("marines", "marines_rigging", "marines_pumps")
CREW_POSITIONS = tuple(p for p in POSITIONS if p not in MARINE_POSITIONS)


def boat_id(name: str) -> str:
    return name.strip().lower().replace(" ", "-")


def find_type(ships: dict[str, dict], text: str) -> dict:
    """A sample ship type (`ships`: the sample-ships table by id) by id or alias; unknown types are
    refused listing the ids."""
    key = (text or "").strip().lower().replace(" ", "-")
    key = TYPE_ALIASES.get(key, key)
    if key not in ships:
        raise BadInput(f"type {text!r}: the sample ships are {', '.join(ships)} "
                       f"(also {', '.join(TYPE_ALIASES)})")
    return ships[key]


def _count(opts: dict, key: str, default: int) -> int:
    value = opts.get(key)
    if value in (None, ""):
        return default
    try:
        n = int(str(value))
    except ValueError:
        raise BadInput(f"--{key.replace('_', '-')} {value!r}: give a whole number") from None
    if not 0 <= n <= 200:
        raise BadInput(f"--{key.replace('_', '-')} {value!r}: give a whole number from 0 to 200")
    return n


def definition(ships: dict[str, dict], name: str, side: str, ship_id: str, opts: dict) -> dict:
    """The set-up of one ship: its sample type, movement class, crew quality and any variants (L385-448)."""
    if not opts.get("type"):
        raise BadInput("a grid ship needs --type, one of: " + ", ".join(ships))
    kind = find_type(ships, str(opts["type"]))
    movement = str(opts.get("movement") or kind["movement"][0]).upper()
    if movement not in kind["movement"]:
        raise BadInput(f"movement {opts['movement']!r}: the {kind['name']} moves as "
                       f"{' or '.join(kind['movement'])} (Sample Ships)")
    quality = str(opts.get("quality") or "average").lower()
    if quality not in QUALITIES:
        raise BadInput(f"quality {opts['quality']!r}: use trained, average or dreadful")
    guns = _count(opts, "guns", kind["guns"])
    if guns % 2:
        raise BadInput(f"--guns {guns}: the guns are split evenly between port and starboard; give an even number")
    out = {"id": ship_id, "name": name, "side": side, "type": kind["id"], "movement": movement,
           "quality": quality, "guns": guns, "bow_guns": _count(opts, "bow_guns", kind["bow_guns"]),
           "stern_guns": _count(opts, "stern_guns", kind["stern_guns"]),
           "crew": _count(opts, "crew", kind["crew"]), "marines": _count(opts, "marines", kind["marines"])}
    boat_guns = _boat_guns(kind, opts.get("boat_guns"), guns)
    if boat_guns:
        out["boat_guns"] = boat_guns
    return out


def _boat_guns(kind: dict, given, guns: int) -> list[str]:
    """Boats given a gun before the game (L305-308): the Cutter or Launch, if the type carries it, each
    taking one of the broadside guns."""
    names = given.split(",") if isinstance(given, str) else list(given or ())
    out = []
    for name in (n for n in names if str(n).strip()):
        key = boat_id(str(name))
        if key not in GUN_BOATS:
            raise BadInput(f"--boat-gun {name!r}: only the cutter or launch may carry a gun (Ships Boats)")
        if key not in [boat_id(b) for b in kind["boats"]]:
            raise BadInput(f"--boat-gun {name!r}: the {kind['name']} carries no {key} "
                           f"(her boats: {', '.join(kind['boats'])})")
        if key in out:
            raise BadInput(f"--boat-gun {name!r}: a boat carries one gun")
        out.append(key)
    if len(out) > guns:
        raise BadInput(f"--boat-gun: {len(out)} boat gun(s) but only {guns} broadside guns to take them from")
    return out


def broadsides_less_boat_guns(guns: int, boat_guns: list[str]) -> dict[str, int]:
    """Port and starboard guns once each boat's gun is "deleted from below decks" (L306-307): taken
    from the broadside with more guns, port on a tie (docs/rulings.md)."""
    side = {"port": guns // 2, "starboard": guns // 2}
    for _ in boat_guns:
        side["port" if side["port"] >= side["starboard"] else "starboard"] -= 1
    return side


def new_ship(kind: dict, d: dict, deck: dict[str, int]) -> dict:
    """The ship as the game starts (`kind` its sample type): every figure alive and unplaced, a full
    pile of damage cards."""
    return {
        "id": d["id"], "name": d["name"], "side": d["side"], "state": "active", "type": kind["id"],
        "type_name": kind["name"], "movement": d["movement"], "quality": d["quality"],
        "crew": d["crew"], "marines": d["marines"], "casualty_box": {"crew": 0, "marines": 0},
        "positions": {}, "boat_crew": {},
        "rigging_positions": kind["rigging_positions"], "hull_boxes": kind["damage"],
        "hull_damage": 0, "hull_plugged": 0, "hull_holes": 0,
        "guns_carried": {**broadsides_less_boat_guns(d["guns"], d.get("boat_guns", [])), "bow": d["bow_guns"],
                         "stern": d["stern_guns"]},
        "guns_destroyed": {b: 0 for b in BATTERIES},
        "held": [], "marked": [], "deck": dict(deck), "draws": 0, "no_fire_turn": 0,
        "boats": {boat_id(b): {"state": "aboard", "crew": 0, "launched_turn": 0,
                               **({"gun": True} if boat_id(b) in d.get("boat_guns", []) else {})}
                  for b in kind["boats"]},
        "boarding": {}, "entangled": [],
    }


# --- reading a ship ------------------------------------------------------------

def pos(ship: dict, name: str) -> int:
    return int(ship["positions"].get(name, 0))


def dismounted(ship: dict, battery: str) -> int:
    return sum(int(h.get("guns", 1)) for h in ship["held"] if h.get("battery") == battery)


def guns_fit(ship: dict) -> dict[str, int]:
    """Guns of each battery fit to fire: carried, less destroyed and dismounted ones."""
    return {b: max(0, ship["guns_carried"][b] - ship["guns_destroyed"][b] - dismounted(ship, b))
            for b in BATTERIES}


def manned_guns(ship: dict, battery: str) -> int:
    """Guns of a battery fit to fire with a crewman in their gun position (L208)."""
    return min(pos(ship, battery), guns_fit(ship)[battery])


def fire_manning(ship: dict) -> dict:
    """What a ship can fire with: manned guns fit to fire by battery, the Gunner, marines in the rigging."""
    return {"guns": {b: manned_guns(ship, b) for b in BATTERIES}, "gunner": pos(ship, "gunner"),
            "marines_rigging": pos(ship, "marines_rigging")}


#: the most figures, guns, cards or hull boxes a ship of the grid game has (the sample ships carry a few
#: dozen); a larger count comes only from a hand-edited game file, and the rules walk them one by one
MOST_FIGURES = 999


def too_many(n: object) -> bool:
    """Whether a whole count read from a game file is beyond what any ship has (or below nought)."""
    return isinstance(n, int) and not isinstance(n, bool) and not 0 <= n <= MOST_FIGURES


def at_fire_start(state: dict, sid: str) -> dict | None:
    """The ship's manning as this move's gunnery began, or None before its first shot."""
    if state.get("fire_turn") != state.get("turn"):
        return None
    start = (state.get("fire_start") or {}).get(sid)
    if isinstance(start, dict):
        counts = [*(start.get("guns") or {}).values(), start.get("gunner"), start.get("marines_rigging")]
        if any(too_many(n) for n in counts):
            raise BadInput(f"ship {sid}: her manning at the start of the fire phase counts more guns or figures "
                           f"than any ship has (0 to {MOST_FIGURES}); the game file has been changed by hand")
    return start


def record(ship: dict, key: str) -> dict:
    """A small record the rules keep on the ship (`fired`, `tack`): a table, or empty when absent or not one."""
    value = ship.get(key)
    return value if isinstance(value, dict) else {}


def held_ids(ship: dict) -> list[str]:
    return [h["card"] for h in ship["held"]]


#: what the text's own cards do that the rules read while they are held or marked, by id
#: (data/grid/deck.toml `effect`; RUDDER, WHEEL and CAPSTAN were "steering" and "mark" there once,
#: and a game's own deck made then keeps those words, so these ids are read by id as well)
BUILT_IN_EFFECTS = {"sail-shot-away": "sail", "mainsail-shot-away": "mainsail", "spar-shot-away": "spar",
                    "mainmast-shot-away": "mainmast", "foremast-shot-away": "spar-tack",
                    "bowsprit-shot-away": "spar-tack", "rudder-jammed": "rudder", "rudder-damaged": "rudder",
                    "wheel-shot-away": "wheel", "capstan-hit": "capstan", "surgeon-killed": "surgeon"}
#: how much a card takes when it does not say (`amount`): the MAINSAIL counts as 2 sails (L124-125)
DEFAULT_AMOUNT = {"mainsail": 2}


def _card(ship: dict, cid: str) -> dict:
    """The card `cid` of the ship's own deck (`new --deck`), or {} for the text's deck."""
    for card in ship.get("cards") or ():
        if card.get("id") == cid:
            return card
    return {}


def card_effect(ship: dict, cid: str) -> str:
    """What card `cid` does to this ship: her own deck's `effect` for it, else the text's card's."""
    effect = _card(ship, cid).get("effect", "")
    if effect in ("", "steering", "mark"):
        return BUILT_IN_EFFECTS.get(cid, effect)
    return effect


def card_amount(ship: dict, cid: str) -> int:
    """Figures, guns or sails card `cid` takes (`amount`, else 1; the MAINSAIL 2)."""
    card = _card(ship, cid)
    if "amount" in card:
        return int(card["amount"])
    return DEFAULT_AMOUNT.get(card_effect(ship, cid), 1)


def held_with(ship: dict, effect: str) -> list[str]:
    """The cards held that do `effect`."""
    return [cid for cid in held_ids(ship) if card_effect(ship, cid) == effect]


def marked_with(ship: dict, effect: str) -> list[str]:
    """The cards marked on the panel that do `effect`."""
    return [cid for cid in ship["marked"] if card_effect(ship, cid) == effect]


def hull_row_sizes(boxes: int, drawn) -> list[int]:
    """A ship's hull-damage rows: the drawn rows in order, the boxes past hers deleted from the last row
    back; boxes beyond the drawing (a larger ship) run on in rows as long as the longest drawn."""
    drawn = list(drawn)
    whole = all(isinstance(n, int) and not isinstance(n, bool) for n in drawn)
    if not whole or any(n < 1 or too_many(n) for n in drawn):
        raise BadInput(f"panel.hull_rows {drawn!r}: each row of hull boxes holds 1 to {MOST_FIGURES} boxes "
                       "(a house ruling: `umpire rulings set panel.hull_rows \"[10, 10]\"`)")
    out, left = [], boxes
    for n in drawn:
        if left <= 0:
            break
        out.append(min(int(n), left))
        left -= out[-1]
    widest = max((int(n) for n in drawn), default=0) or 10
    while left > 0:
        out.append(min(widest, left))
        left -= out[-1]
    return out


def complete_rows(crossed: int, rows: list[int]) -> int:
    """Rows wholly crossed, crossing the boxes first row first."""
    done, upto = 0, 0
    for n in rows:
        upto += n
        if crossed < upto:
            break
        done += 1
    return done


def hull_growth(tables) -> str:
    """The reading of a unit of hull damage: "card" (the default) or "box" (docs/rulings.md)."""
    mode = tables["panel"]["hull_growth"]
    if mode not in ("card", "box"):
        raise BadInput(f"house ruling panel.hull_growth = {mode!r}: use \"card\" or \"box\"")
    return mode


def hull_holes(ship: dict) -> int:
    """Units of hull damage to pump or plug: the HULL DAMAGE cards taken (a game saved before holes were
    counted: its boxes crossed)."""
    return ship.get("hull_holes", ship["hull_damage"])


def sails_lost(ship: dict) -> int:
    """Sail units lost: SAIL cards held 1, MAINSAIL 2, SPAR marks 1, or each card's `amount` (L124-125,
    L284-286)."""
    held = held_with(ship, "sail") + held_with(ship, "mainsail")
    return sum(card_amount(ship, c) for c in held + marked_with(ship, "spar"))


def mainmast_down(ship: dict) -> bool:
    return bool(held_with(ship, "mainmast"))


def figures_placed(ship: dict, names) -> int:
    return sum(pos(ship, n) for n in names)


def boat_figures(ship: dict) -> int:
    return sum(b["crew"] for b in ship["boats"].values())


def cite(tables, name: str, key: str, where: str) -> str:
    """The text's lines a table value comes from (`where`), marked when a house ruling set it."""
    return where + (" (house ruling)" if tables.source(name, key).endswith("(house ruling)") else "")


def afloat(ship: dict, doing: str) -> None:
    """Refuse an action by a ship that has surrendered."""
    if ship["state"] != "active":
        raise Refused(f"{ship['name']} {has_state(ship['state'])}: she cannot {doing}")


def status(ship: dict) -> dict:
    """The ship as `status --json` gives it (contracts/grid.md, JSON keys)."""
    out = {k: ship[k] for k in ("id", "name", "side", "state", "type", "movement", "quality", "crew", "marines")}
    out["casualties"] = ship["casualty_box"]["crew"] + ship["casualty_box"]["marines"]
    out["positions"] = {p: pos(ship, p) for p in POSITIONS}
    out.update({"rigging_positions": ship["rigging_positions"], "hull_boxes": ship["hull_boxes"],
                "hull_damage": ship["hull_damage"], "hull_plugged": ship["hull_plugged"],
                "hull_holes": hull_holes(ship), "guns": guns_fit(ship),
                "sails_lost": sails_lost(ship), "damage_held": held_ids(ship), "marked": list(ship["marked"]),
                "deck_left": sum(ship["deck"].values()),
                "boats": {b: {"state": v["state"], "crew": v["crew"], **({"gun": True} if v.get("gun") else {})}
                          for b, v in ship["boats"].items()}})
    out["sail"] = ship.get("sail") or None             # the setting the Sail Status Indicator shows (`sail`)
    out["entangled"] = list(ship.get("entangled", []))
    if ship["no_fire_turn"]:
        out["no_fire_move"] = ship["no_fire_turn"]      # GUNNER card: she may not fire in this move
    return out
