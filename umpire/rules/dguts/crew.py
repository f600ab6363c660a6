"""One crew ledger a ship: the crew factors aboard and, for this turn, what each is doing.

A crew factor serves one duty a turn: at the guns (Basic Rules VIII.A: one fire factor for each crew
factor detailed to the guns), in a boarding party or defending against one (IX.A: the boarders come
from "the full complement he has aboard (minus battle losses, of course)", and "he may detail some to
stay behind (perhaps to operate some of the guns ...)"), at the pumps (VII.D) or at repairs (Single-Ship
Rules H). The ledger is read from the game state: the broadsides fired this turn, the crews of a melee
that goes on (they stay at it every turn it lasts), the crew at the pumps and the crew put to repairs
this turn. Every command that puts crew to work asks it how many are free for that duty.
"""

from __future__ import annotations

from typing import Any, Mapping

from umpire.rules.dguts.model import Refused

DUTIES = ("guns", "boarding", "defence", "pumps", "repairs")
WORDS = {"prize": "for a prize crew", "guns": "at the guns", "boarding": "in the boarding party", "defence": "defending against boarders",
         "pumps": "at the pumps", "repairs": "at repairs"}


def ledger(state: Mapping[str, Any], sid: str, guns: bool = True) -> dict:
    """The ship's crew factors aboard and those at each duty this turn. `guns`: whether crew factors man
    the guns at this level (the ruleset's `crew_fires_guns`; the fleet level fires by shot weight)."""
    s = state["ships"][sid]
    t = s["track"]
    mine = s.get("boarding") or {}
    boarding = (float(mine["crews"]["attacker"]) if mine.get("melee") and mine.get("crews") else 0.0)
    defence = sum(float(o["boarding"]["crews"]["defender"]) for oid, o in state["ships"].items()
                  if oid != sid and (o.get("boarding") or {}).get("at") == sid and o["boarding"].get("melee")
                  and o["boarding"].get("crews"))
    book = {"aboard": float(t["crew_factors"]),
            # (the fleet level marks a broadside fired, not the crew firing it: its guns fire by points)
            "guns": 0.0 if not guns else sum(float(v) for v in t.get("fired_this_turn", {}).values()),
            "boarding": boarding, "defence": defence,
            "pumps": float(t.get("pumping_cf", 0.0)), "repairs": float(t.get("repair_cf", 0.0)),
            # held aboard, not crew: counted apart from the CF aboard and never put to a duty
            "prisoners": float(t.get("prisoners", 0.0)),
            "coming_aboard": sum(float(a["cf"]) for a in t.get("crew_arriving", []))}
    # men lost since a party was told off (gunfire, fire) were lost from it: a melee's parties are what is
    # left of the crew once the other duties are served
    excess = sum(book[d] for d in DUTIES) - book["aboard"]
    for duty in ("defence", "boarding"):
        if excess > 1e-9 and book[duty]:
            cut = min(book[duty], excess)
            book[duty] -= cut
            excess -= cut
    return book


def elsewhere(state: Mapping[str, Any], sid: str, duty: str, guns: bool = True) -> float:
    """Crew factors at every duty but `duty` this turn."""
    book = ledger(state, sid, guns)
    return sum(book[d] for d in DUTIES if d != duty)


def free_for(state: Mapping[str, Any], sid: str, duty: str, guns: bool = True) -> float:
    """Crew factors free for `duty`: those aboard less those at every other duty (never below 0);
    what is already at `duty` counts as free for it (a new order replaces the old)."""
    book = ledger(state, sid, guns)
    return max(0.0, book["aboard"] - elsewhere(state, sid, duty, guns))


def taken_from(state: Mapping[str, Any], sid: str, duty: str, guns: bool = True) -> str:
    """Where the crew not free for `duty` is: 'guns 4, pumps 2' (or '')."""
    book = ledger(state, sid, guns)
    return ", ".join(f"{book[d]:.4g} CF {WORDS[d]}" for d in DUTIES if d != duty and book[d] > 1e-9)


def check(state: Mapping[str, Any], sid: str, duty: str, wanted: float, already: float = 0.0,
          guns: bool = True) -> None:
    """Refuse `wanted` more CF for `duty` (which holds `already` of its own this turn) beyond those free,
    naming the duties that hold the rest."""
    free = free_for(state, sid, duty, guns) - already
    if wanted > free + 1e-9:
        name = state["ships"][sid]["name"]
        busy = taken_from(state, sid, duty, guns)
        if already:
            busy = ", ".join(x for x in (busy, f"{already:.4g} CF {WORDS[duty]} already") if x)
        raise Refused(f"{name} has {max(0.0, free):.4g} CF free {WORDS[duty]} of the "
                      f"{ledger(state, sid, guns)['aboard']:.4g} aboard" + (f" ({busy})" if busy else "")
                      + f": {wanted:g} CF more would serve two duties in one turn")


def balanced(state: Mapping[str, Any], sid: str, guns: bool = True) -> bool:
    """Whether the duties together are no more than the crew aboard."""
    book = ledger(state, sid, guns)
    return sum(book[d] for d in DUTIES) <= book["aboard"] + 1e-6
