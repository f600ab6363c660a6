"""Tournament Edition 2.6, Optional 38.0, fore-and-aft rigging: a ship designated so moves one
hex every second turn in wind attitude D, as the 1981 rule's fore-and-aft ship does."""

from __future__ import annotations

from umpire.core.state import Resolution, Step


FORE_AND_AFT = "fore-and-aft-rigging"


def view(state: dict, ship_id: str) -> dict:
    """38.0 "Vessels which have fore and aft rigging ... may move one hex every second turn in wind
    attitude "D"": a ship designated so (`designate --fore-and-aft`) is seen by the movement
    allowance as the 1981 rule's fore-and-aft ship (the same rule, Optional Rules XIV: one hex on
    the even-numbered turns, `optional.fore_and_aft`; docs/rulings.md)."""
    ship = state["ships"].get(ship_id)
    if not ship or not ship.get("te_fore_and_aft") or ship.get("fore_and_aft") \
            or FORE_AND_AFT not in (state.get("optional") or []):
        return state
    return {**state, "ships": {**state["ships"], ship_id: {**ship, "fore_and_aft": True}}}


def cited(res):
    """The allowance's working, with the fore-and-aft step cited by this text's number."""
    if isinstance(res, Resolution):
        res.working = [Step(s.step, s.value, "TE 2.6 38.0") if s.step.startswith("fore-and-aft rigging") else s
                       for s in res.working]
    return res
