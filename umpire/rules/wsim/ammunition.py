"""Loading shot at the WS&IM 1981 Advanced level (Advanced VIII.B, X.A)."""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.wsim.ship import SHOTS
from umpire.rules.wsim.turns import can_work_guns

#: nations and sides read as British for the chainshot rule (VIII.B.2.d)
BRITISH = ("british", "britain", "great britain", "england", "english", "royal navy", "gb", "uk")


def is_british(ship: dict) -> bool:
    return (ship.get("nation") or ship["side"]).strip().lower() in BRITISH


def load(state: dict, ship_id: str, side: str, shot: str, tables) -> Resolution:
    """Load one broadside with a shot (X.A); doubleshot takes the load phases of two consecutive
    turns (VIII.B.3.c) and fires from the turn after."""
    shot = (shot or "round").lower()
    if shot not in SHOTS:
        raise BadInput(f"shot {shot!r}: use round, double, chain or grape")
    ship = state["ships"][ship_id]
    p = ["ships", ship_id]
    loading = ship.get("loading", {})
    if not can_work_guns(ship) or ship["state"] in ("sinking", "exploding"):
        raise Refused(f"{ship['name']} cannot load: she {has_state(ship['state'])} or has no crew")
    if ship["loaded_this_turn"]:
        raise Refused(f"{ship['name']} has already loaded her {ship['loaded_this_turn']} broadside this turn "
                      "(one broadside per turn)")
    other = [s for s in loading if s != side]
    if other:
        raise Refused(f"{ship['name']} is loading doubleshot in her {other[0]} broadside: the other broadside "
                      "may not be reloaded meanwhile (Advanced VIII.B.3.c)")
    if side in loading:
        if shot != "double":
            raise Refused(f"{ship['name']}'s {side} broadside has begun loading doubleshot and is committed to "
                          "firing it (Advanced VIII.B.3.c)")
        return _finish_double(ship, p, side, state["turn"])
    if ship["loaded"][side]:
        raise Refused(f"{ship['name']}'s {side} broadside still holds {ship['shot'][side] or 'round'}shot: "
                      "loaded shot is changed only by firing it (Advanced VIII.B.5)")
    if shot == "chain" and is_british(ship):
        raise Refused(f"{ship['name']} is British: the British may never fire chainshot (Advanced VIII.B.2.d)")
    if tables["ammunition"]["load_turns"][shot] > 1:
        effects = [set_(p + ["loading"], {side: state["turn"]}), set_(p + ["loaded_this_turn"], side)]
        return Resolution("load", f"{ship['name']} begins loading doubleshot in her {side} broadside", effects,
                          [Step("load", f"{side} broadside, doubleshot: first of two turns", "Advanced VIII.B.3.c")],
                          {"ship": ship_id, "side": side, "shot": shot, "ready": False})
    effects = [set_(p + ["loaded", side], True), set_(p + ["shot", side], shot), set_(p + ["loaded_this_turn"], side)]
    return Resolution("load", f"{ship['name']} loads her {side} broadside with {shot}shot", effects,
                      [Step("load", f"{side} broadside, {shot}shot", "Advanced X.A")],
                      {"ship": ship_id, "side": side, "shot": shot, "ready": True})


def _finish_double(ship: dict, p: list, side: str, turn: int) -> Resolution:
    if ship["loading"][side] >= turn:
        raise Refused(f"{ship['name']} began loading doubleshot this turn; the second turn of loading is next turn")
    effects = [set_(p + ["loaded", side], True), set_(p + ["shot", side], "double"), set_(p + ["loading"], {}),
               set_(p + ["loaded_this_turn"], side)]
    return Resolution("load", f"{ship['name']} finishes loading doubleshot in her {side} broadside", effects,
                      [Step("load", f"{side} broadside, doubleshot: second turn; fires from next turn",
                            "Advanced VIII.B.3.c")], {"ship": p[1], "side": side, "shot": "double", "ready": True})


def end_turn_effects(state: dict, ship_id: str, ship: dict) -> tuple[list[dict], list[Step], set[str]]:
    """At the end of a turn: a doubleshot begun in an earlier turn is loaded (the second turn's
    "DS" is written for her); returns the effects, the working, and the broadsides `turn` must not
    reload (the loading one and the other, VIII.B.3.c)."""
    loading = ship.get("loading") or {}
    if not loading:
        return [], [], set()
    p = ["ships", ship_id]
    (side, began), = loading.items()
    if began < state["turn"]:
        return ([set_(p + ["loaded", side], True), set_(p + ["shot", side], "double"), set_(p + ["loading"], {})],
                [Step(f"{ship['name']} finishes loading doubleshot", f"{side} broadside", "Advanced VIII.B.3.c")],
                {"left", "right"})
    return [], [], {"left", "right"}
