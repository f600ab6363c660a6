"""The first edition's end of the game: the 1981 judgement with its own duel rule, announced by the
action that meets it (`Wsim1974.announce_end`, run after every command: it loads only this)."""

from __future__ import annotations

from umpire.core.state import Step
from umpire.rules.wsim import after, turns

SUNK = ("sinking", "exploding", "sunk", "exploded")
HURRICANE = {"source": "Advanced III.A.3.c"}   # the 1981 end of the game by the wind
SEAS = {"why": "the wind has risen above a storm: the seas are too high to fight a battle",
        "source": "1974 Optional Rules: Wind 3(b)"}


def announce_end(state: dict, res, tables) -> None:
    """As 1981 (Basic XI.A.4), judged by the first edition's duel rule (`victory`); the wind
    rising above a storm is worded as the first edition has it."""
    after.announce_end(state, res, tables, victory, ("duel_victory",))
    end = res.data.get("game_over")
    if end and end.get("source") == HURRICANE["source"]:
        end.update(SEAS)
        res.working[:] = [Step(s.step, f"{SEAS['why']}: no winner named", SEAS["source"])
                          if s.step == "game over" and s.source == HURRICANE["source"] else s
                          for s in res.working]
        for e in res.effects:
            if e["path"] == ["game_over"]:
                e["value"] = dict(end)


def victory(state: dict, tables=None) -> dict:
    """The 1981 judgement (`turns.victory`), with the first edition's duel rule for a ship that
    sinks while the other surrenders: Scenario One "Games where both players sink or surrender at
    the same time are draws. If one ship sinks, and the other surrenders at the same time, the
    player who surrendered in [is] the winner". A ship that will sink or explode (Destroyed Hull
    Table), or has, counts as sinking."""
    v = turns.victory(state, tables)
    if v.get("action") == "multi-ship" and not v.get("over") and state.get("duel_victory"):
        return as_duel(state, v)
    if v.get("action") != "single-ship" or not v.get("over") or not v.get("draw"):
        return v
    ships = list(state["ships"].values())
    sunk = [s for s in ships if s["state"] in SUNK]
    if len(sunk) != 1:
        return v
    other = next(s for s in ships if s is not sunk[0])
    return {**v, "draw": False, "winner": other["side"],
            "why": f"{sunk[0]['name']} sinks while {other['name']} surrenders", "source": "1974 Scenario One"}


def as_duel(state: dict, v: dict) -> dict:
    """A multi-ship scenario whose victory is "Same as single ship duels" (2B, 2C, 2D): a side
    wins when every ship of the other has sunk, struck, surrendered, been captured or lost all her
    crew; both at once is a draw, unless one side's last ships sank and the other's surrendered."""
    ships = list(state["ships"].values())
    sides = sorted({s["side"] for s in ships})
    if len(sides) != 2:
        return v
    beaten = [side for side in sides
              if all(turns.is_down(s) or turns.has_no_crew(s) for s in ships if s["side"] == side)]
    if not beaten:
        return v
    src = "1974 Scenario Two (Same as single ship duels)"
    if len(beaten) == 2:
        sank = [side for side in sides if any(s["state"] in SUNK for s in ships if s["side"] == side)]
        if len(sank) != 1:
            return {**v, "over": True, "draw": True, "why": "both sides have lost every ship", "source": src}
        winner = next(side for side in sides if side != sank[0])
        return {**v, "over": True, "winner": winner, "draw": False,
                "why": f"{sank[0]} sinks while {winner} surrenders", "source": src}
    winner = next(side for side in sides if side not in beaten)
    return {**v, "over": True, "winner": winner, "draw": False,
            "why": f"every {beaten[0]} ship has sunk, struck, surrendered or been taken", "source": src}
