"""Build WS&IM states directly for rules tests."""

from __future__ import annotations

from umpire.core.state import apply
from umpire.core.tables import Tables
from umpire.rules.wsim.ship import new_ship

TABLES = Tables("wsim-1981")


def make_state(**ships: tuple[str, str]) -> dict:
    """make_state(mars=("british", SPEC), ...) -> a state with those ships."""
    return {"turn": 1, "ships": {sid: new_ship({"id": sid, "name": sid.upper(), "side": side, "spec": spec})
                                 for sid, (side, spec) in ships.items()}}


def resolve(state: dict, res) -> dict:
    return apply(state, res.effects)
