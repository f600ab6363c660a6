"""A WS&IM ship's state: the boxes of its log as plain, journal-friendly data."""

from __future__ import annotations

from typing import Any

from umpire.rules.wsim.spec import Spec


SHOTS = ("round", "double", "chain", "grape")   # what a broadside may be loaded with
SIDES = ("left", "right")
SIDE_WORDS = {"left": "left", "port": "left", "l": "left", "right": "right", "starboard": "right", "r": "right"}
CLASSES = ("SOL", "F", "C", "B", "S", "SC", "GO", "G", "R", "GB", "P", "M", "FI")
#: the counter's class number and the ship types it stands for (Introduction II.C); a number
#: with one type gives the type, and a type with one number gives the number
CLASS_NUMBERS = {1: ("SOL",), 2: ("SOL",), 3: ("F",), 4: ("F", "C"), 5: ("B", "S", "SC"), 6: ("GO", "G", "R"),
                 7: ("GB",)}


def read_class(value) -> tuple[str, int | None]:
    """`SOL`, `F`, ... or the counter number 1-7 -> (type or "", number or None); "" when not given."""
    text = str(value if value is not None else "").strip().upper()
    if not text:
        return "", None
    if text.isdigit() and int(text) in CLASS_NUMBERS:
        types = CLASS_NUMBERS[int(text)]
        return (types[0] if len(types) == 1 else ""), int(text)
    if text in CLASSES:
        numbers = [n for n, types in CLASS_NUMBERS.items() if text in types]
        return text, (numbers[0] if len(numbers) == 1 else None)
    raise ValueError(f"class {value!r}: use a type ({', '.join(CLASSES)}) or the counter's number 1-7")


def new_ship(definition: dict) -> dict:
    """Initial state of a ship from its definition (id, name, side, spec, ...)."""
    spec = Spec.parse(definition["spec"])
    both = lambda n: {"left": n, "right": n}  # noqa: E731
    ship: dict[str, Any] = {
        "id": definition["id"],
        "name": definition["name"],
        "side": definition["side"],
        "controller": definition["side"],
        "nation": definition.get("nation", ""),
        "class": definition.get("class", ""),
        "rated_guns": int(definition.get("rated_guns", 0)),
        "spec": str(spec),
        "quality": spec.quality.value,
        "points": spec.points,
        "battle_sail": spec.battle_sail,
        "full_sail": spec.full_sail,
        "draught": spec.draught,
        "hull_max": spec.hull,
        "crew_max": list(spec.crew),
        "guns_max": spec.guns,
        "carronades_max": spec.carronades,
        "rigging_max": [spec.rigging] * spec.sections,
        "hull_left": spec.hull,
        "crew_left": list(spec.crew),
        "guns_left": both(spec.guns),
        "carronades_left": both(spec.carronades),
        "rigging_left": [spec.rigging] * spec.sections,
        "loaded": {"left": True, "right": True},
        "initial_used": {"left": False, "right": False},
        "fired_this_turn": [],
        "loaded_this_turn": "",
        "state": "active",
        "struck": False,
        "liable": [],
        "surrendered_by": "",
        "prize": {"squares": 0, "quality": "", "from": ""},
        "passengers": 0,
        "fouled": [],
        "grappled": [],
        "parties": [],
        "melee_with": "",
        "meleed_turn": 0,
        "prize_losses": 0,
    }
    for key in ("hex", "direction", "arrives", "class_number", "turning"):
        if definition.get(key) is not None:
            ship[key] = definition[key]
    ship["at_turn_start"] = snapshot(ship)
    return ship


def snapshot(ship: dict) -> dict:
    """What the ship fires with this turn: fire is simultaneous (Basic VIII.A.7)."""
    out = {"guns_left": dict(ship["guns_left"]), "carronades_left": dict(ship["carronades_left"]),
           "crew_left": list(ship["crew_left"]), "prize": dict(ship["prize"]),
           "struck": bool(ship.get("struck")), "state": ship["state"]}
    for key in ("gun_sections_left", "carronade_sections_left"):   # Advanced bow and stern sections
        if key in ship:
            out[key] = {side: dict(sections) for side, sections in ship[key].items()}
    return out


def sections_lost(ship: dict) -> int:
    """Rigging sections wholly marked off."""
    return sum(1 for r in ship["rigging_left"] if r == 0)


def is_captured(ship: dict) -> bool:
    return ship["prize"]["squares"] > 0


#: what the Optional Rules mark on a ship (rules/wsim/optional.py), shown by status while set
OPTIONAL_KEYS = ("masts_due", "mast_over", "aground", "towing", "towed_by", "fore_and_aft", "uncoppered",
                 "newly_arrived")


def status(ship: dict) -> dict:
    """The contract's status keys for one ship (and the optional rules' marks, while set)."""
    out = {
        "id": ship["id"], "name": ship["name"], "side": ship["side"], "controller": ship["controller"],
        "state": ship["state"], "class": ship["class"], "class_number": ship.get("class_number"),
        "turning": ship.get("turning"), "rated_guns": ship.get("rated_guns") or None,
        "quality": effective_quality(ship),
        "spec": ship["spec"], "hull_left": ship["hull_left"], "crew_left": list(ship["crew_left"]),
        "guns_left": dict(ship["guns_left"]), "carronades_left": dict(ship["carronades_left"]),
        "rigging_left": list(ship["rigging_left"]), "loaded": dict(ship["loaded"]),
        "initial_broadside": {s: not ship["initial_used"][s] for s in SIDES},
        "liable": list(ship["liable"]), "prize_crew": ship["prize"]["squares"],
        "fouled": list(ship["fouled"]), "grappled": list(ship["grappled"]),
        "points": ship["points"],
        "held_by": ship["controller"] if ship["controller"] != ship["side"] else None,
    }
    out.update({k: ship[k] for k in OPTIONAL_KEYS if ship.get(k)})
    if ship.get("movement"):   # the last move `move` journalled, as the log's move column has it
        out["last_move"] = {"turn": ship["movement"].get("turn"), "log": ship["movement"].get("log")}
    if ship.get("orders"):     # moves written ahead under command lag (Optional IV)
        out["orders"] = {t: o["notation"] for t, o in sorted(ship["orders"].items(), key=lambda kv: int(kv[0]))}
    return out


def effective_quality(ship: dict) -> str:
    """A captured ship takes the quality of its prize crew (Basic IX.D.10)."""
    return ship["prize"]["quality"] if is_captured(ship) else ship["quality"]
