"""What a WS&IM log's turn grid would hold, read back from the game's journal.

The load column gets "/" when the broadside was fired that turn (the log is
marked by a slant line through the loading, Basic VIII.A.6) and "R" when it
was reloaded with roundshot (Basic X.C; DS, CS, GS for the Advanced Game's
other shot, and DS at the turn doubleshot loading begins); a broadside fired
and reloaded in the same turn reads "/R". The notes column gets the log notations of
fouling (F), unfouling ((F)), grappling (G) and ungrappling ((G)) from
Basic V.C.8, VI.A.8 and VI.B.6, boarding parties (VII.A), captures,
transfers and changes of a ship's state, and the Advanced Game's anchoring
orders and repairs (V.C, X.B). The move column gets the move the
`move` command journalled for the turn, as carried out (Basic IV.B), with D
when she drifted (V.B.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from umpire.pdf.journal import event_effects, next_turn

CONTACT_NOTES = {"foul": "F", "unfoul": "(F)", "grapple": "G", "ungrapple": "(G)"}
CONTACT_TRACKS = {"foul": "fouled", "unfoul": "fouled", "grapple": "grappled", "ungrapple": "grappled"}
STATE_NOTES = {"active": "back in action", "struck": "struck her colours", "surrendered": "surrendered",
               "captured": "captured", "sinking": "sinking", "sunk": "sunk", "exploded": "exploded"}
FIRED = "/"
RELOADED = "R"
#: the shot a broadside is loaded with as the log writes it (Basic X.C; Advanced VIII.B, X.A)
SHOT_MARKS = {"round": "R", "double": "DS", "chain": "CS", "grape": "GS"}
#: anchoring orders and repairs as the Notes column writes them (Advanced V.C.1, V.C.6-7, X.B); a
#: circled letter is written in brackets, as the 1981 text writes an unfouling "(F)"
ANCHOR_NOTES = {"ordinary": "A", "bow": "AB", "stern": "AS", "up": "(A)", "cut": "a"}
REPAIR_NOTES = {"hull": "RH", "guns": "RG", "rigging": "RR"}


@dataclass(frozen=True, slots=True)
class TurnEntry:
    """One row of a ship's turn grid."""

    turn: int
    left: str = ""
    right: str = ""
    move: str = ""
    notes: tuple[str, ...] = ()


def turn_log(events: Sequence[Mapping], names: Mapping[str, str]) -> dict[str, tuple[TurnEntry, ...]]:
    """Each ship's turn rows, in turn order, for the turns in which something was logged."""
    cells: dict[tuple[str, int], dict[str, list[str]]] = {}
    turn = 1
    for event in events:
        for ship, column, mark in event_marks(event, names):
            cell = cells.setdefault((ship, turn), {"left": [], "right": [], "move": [], "notes": []})
            if column == "move":
                cell["move"] = [mark]   # a move cut short by a collision replaces the one journalled first
            elif mark not in cell[column] or column != "notes":
                cell[column].append(mark)
        turn = next_turn(event, turn)
    out: dict[str, list[TurnEntry]] = {}
    for (ship, t), cell in sorted(cells.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        out.setdefault(ship, []).append(TurnEntry(t, "".join(cell["left"]), "".join(cell["right"]),
                                                  " ".join(cell["move"]), tuple(cell["notes"])))
    return {ship: tuple(rows) for ship, rows in out.items()}


def event_marks(event: Mapping, names: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """(ship id, column, text) marks one journal event leaves on the logs."""
    kind = str(event.get("kind", ""))
    action = event.get("action") if isinstance(event.get("action"), Mapping) else {}
    marks = _load_marks(kind, event_effects(event))
    marks += _contact_marks(kind, action, event_effects(event), names)
    marks += _party_marks(kind, action, event_effects(event), names)
    marks += _state_marks(kind, action, event_effects(event))
    marks += _move_marks(event_effects(event))
    marks += _order_marks(kind, action, event_effects(event))
    return marks


def _ship_path(eff: Mapping, key: str) -> tuple[str, list] | None:
    """The ship id and the rest of the path when `eff` sets ships.<id>.<key>..."""
    path = list(eff.get("path", []))
    if eff.get("op") == "set" and len(path) >= 3 and path[0] == "ships" and path[2] == key:
        return str(path[1]), path[3:]
    return None


def _load_marks(kind: str, effects: Iterable[Mapping]) -> list[tuple[str, str, str]]:
    """"/" for a broadside fired; at a loading, the shot loaded (R, or DS, CS, GS at the Advanced
    level); "DS" also at the turn doubleshot loading begins, as the log writes it two turns running
    (Advanced VIII.B.3.c)."""
    effects = list(effects)
    shots = {}
    for eff in effects:
        hit = _ship_path(eff, "shot")
        if hit and len(hit[1]) == 1:
            shots[(hit[0], hit[1][0])] = SHOT_MARKS.get(str(eff.get("value")), RELOADED)
        kept = _ship_path(eff, "te_shot")    # the Tournament Edition sets both broadsides' shot at once
        if kept and not kept[1] and isinstance(eff.get("value"), Mapping):
            shots.update({(kept[0], str(side)): SHOT_MARKS.get(str(v), RELOADED) for side, v in eff["value"].items()})
    out = []
    for eff in effects:
        begun = _ship_path(eff, "loading")
        if begun and not begun[1] and kind == "load" and isinstance(eff.get("value"), Mapping):
            out += [(begun[0], side, SHOT_MARKS["double"]) for side in eff["value"] if side in ("left", "right")]
        hit = _ship_path(eff, "loaded")
        if not hit or len(hit[1]) != 1 or hit[1][0] not in ("left", "right"):
            continue
        if eff.get("value") is False and kind == "fire":
            out.append((hit[0], hit[1][0], FIRED))
        elif eff.get("value") is True and kind in ("load", "turn"):
            out.append((hit[0], hit[1][0], shots.get((hit[0], hit[1][0]), RELOADED)))
    return out


def _order_marks(kind: str, action: Mapping, effects: Iterable[Mapping]) -> list[tuple[str, str, str]]:
    """Anchoring (A, AB, AS), weighing (A) and cutting (a) anchors, and a turn of repairs (RH, RG,
    RR; the third of a kind, which erases the squares, circled: "(RH)")."""
    ship = str(action.get("ship", ""))
    if kind == "anchor" and action.get("how") in ANCHOR_NOTES:
        return [(ship, "notes", ANCHOR_NOTES[str(action["how"])])]
    if kind != "repair" or action.get("what") not in REPAIR_NOTES:
        return []
    what, note = str(action["what"]), REPAIR_NOTES[str(action["what"])]
    done = any(_ship_path(e, "repairs") == (ship, []) and isinstance(e.get("value"), Mapping)
               and e["value"].get(what) == 0 for e in effects)
    return [(ship, "notes", f"({note})" if done else note)]


def _contact_marks(kind: str, action: Mapping, effects: Iterable[Mapping],
                   names: Mapping[str, str]) -> list[tuple[str, str, str]]:
    if kind not in CONTACT_NOTES:
        return []
    a, b = str(action.get("ship", "")), str(action.get("with", ""))
    out = []
    for eff in effects:
        hit = _ship_path(eff, CONTACT_TRACKS[kind])
        if hit and not hit[1]:
            other = b if hit[0] == a else a
            out.append((hit[0], "notes", f"{CONTACT_NOTES[kind]} {names.get(other, other)}".strip()))
    return out


def _party_marks(kind: str, action: Mapping, effects: Iterable[Mapping],
                 names: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """Boarding parties, melee, prize crews and crew transfers. A melee the boarders win is
    journalled as a capture, so the command that made the event decides."""
    ship = str(action.get("ship", ""))
    kind = str(action.get("command") or kind)
    prize = any(_ship_path(e, "prize") for e in effects)
    if kind == "board" and ship:
        party = str(action.get("party", "")).upper()
        sections = str(action.get("sections", "")).replace(" ", "")
        target = str(action.get("at", ""))
        text = " ".join(p for p in (party, sections, f"at {names.get(target, target)}" if target else "") if p)
        return [(ship, "notes", text)]
    if kind == "melee":
        defender = str(action.get("defender", ""))
        attackers = [str(a) for a in action.get("attackers", [])]
        word = "took" if prize else "melee v"
        out = [(a, "notes", f"{word} {names.get(defender, defender)}") for a in attackers]
        return out + [(defender, "notes", "melee v " + ", ".join(names.get(a, a) for a in attackers))]
    if kind == "capture" and prize:
        captor = str(action.get("by", ""))
        return [(captor, "notes", f"prize crew to {names.get(ship, ship)}")] if captor else []
    if kind == "transfer":
        dest = str(action.get("to", ""))
        return [(ship, "notes", f"crew to {names.get(dest, dest)}"),
                (dest, "notes", f"crew from {names.get(ship, ship)}")]
    return []


def _move_marks(effects: Iterable[Mapping]) -> list[tuple[str, str, str]]:
    """The move as carried out, from the record `move` journals (ships.<id>.movement)."""
    out = []
    for eff in effects:
        hit = _ship_path(eff, "movement")
        value = eff.get("value")
        if hit and not hit[1] and isinstance(value, Mapping) and isinstance(value.get("log"), str):
            out.append((hit[0], "move", value["log"]))
    return out


def _state_marks(kind: str, action: Mapping, effects: Iterable[Mapping]) -> list[tuple[str, str, str]]:
    out = []
    for eff in effects:
        hit = _ship_path(eff, "state")
        if not hit or hit[1] or eff.get("value") not in STATE_NOTES:
            continue
        text = STATE_NOTES[eff["value"]]
        if kind == "surrender" and action.get("by"):
            text += f" ({action['by']})"
        out.append((hit[0], "notes", text))
    return out
