"""The compact fleet view of `umpire status`: one line per ship, grouped by side, in plain text.

Plain strings (no rich) so a 60-ship fleet prints at once and fits the terminal (80
columns by design; a wider one is used). The full boxes of one ship stay with `umpire status SHIP`.
"""

from __future__ import annotations

from typing import Any

from umpire.core.errors import BadInput
from umpire.core.ships import make_id
from umpire.core.suggest import did_you_mean

WIDTH = 100
ID_WIDTH = 24
INDENT = "      "   # tracks that go on under their ship

WSIM_LEGEND = "hull left/of; crew, rig(ging) left per section; guns L/R: guns+carronades left/of; ld: loaded"
DGUTS_LEGEND = "hi/lo: damage points high/low; CF: crew factors left/at start; sails and masts left/of"
FLEET_LEGEND = ("mast/crew: damage from every cause; points left: fire (+C carronade), crew, gun; "
                "CF: crew factors left/at start; masts left/of")
GRID_LEGEND = "crew, mar(ines) alive (in the casualty box); guns P/S/B/St fit; hull boxes crossed/of (plugged); pile; held cards"


def sides_named(ships: dict, text: str) -> set[str]:
    """The sides `text` names among `ships` (id -> a ship or her status, each with `side`, maybe
    `nation`): exact, else by case-insensitive prefix, else the sides of the ships of that nation;
    none is refused with the nearest and the list (`status --side`, `serve --side`)."""
    sides = sorted({str(s["side"]) for s in ships.values()})
    key = text.strip().lower()
    hits = [s for s in sides if s.lower() == key] or [s for s in sides if s.lower().startswith(key)]
    if not hits and key:   # a nation names the side its ships sail for (`french` for `franco-venetian`)
        hits = [str(s["side"]) for s in ships.values() if str(s.get("nation") or "").lower().startswith(key)]
    if not hits:
        nations = sorted({str(s.get("nation") or "") for s in ships.values()} - {""})
        raise BadInput(f"no side {text!r} in this game{did_you_mean(text, sides + nations)} "
                       f"(sides: {', '.join(sides) or 'none yet'})")
    return set(hits)


def lines(turn: int, ruleset: str, summaries: list[dict], ships: dict, width: int = WIDTH) -> list[str]:
    """The whole view: a heading, a legend, then each side's ships, one line each where `width` allows
    (else the narrow view: ids only, tracks going on under a ship when they must); an id is never
    cut, a name beside it may be."""
    dguts = any("damage_high" in s for s in summaries)
    grid = any("hull_boxes" in s for s in summaries)
    labels = {s["id"]: label(s) for s in summaries}
    id_w = min(ID_WIDTH, max((len(x) for x in labels.values()), default=0))
    state_w = max((len(_state(s)) for s in summaries), default=0)
    tracks = {s["id"]: _tracks(s, ships.get(s["id"], {})) for s in summaries}
    narrow = max((5 + id_w + state_w + len(" ".join(tracks[s["id"]])) for s in summaries), default=0) > width
    legend = (GRID_LEGEND if grid else FLEET_LEGEND if any("fleet_damage" in s for s in summaries)
              else DGUTS_LEGEND if dguts else WSIM_LEGEND).split("; ")
    legend += ["state shown unless active"] if narrow else []
    out = [f"turn {turn} — {ruleset} — {len(summaries)} ship{'s' if len(summaries) != 1 else ''}",
           *_wrap_parts(legend, "", width, "; ")]
    if narrow:
        return out + _narrow(summaries, tracks, width)
    for side, group in by_side(summaries).items():
        out.append(f"{side} ({len(group)})")
        for s in group:
            head = f"  {_label_cell(labels[s['id']], str(s['id']), id_w)} {_state(s).ljust(state_w)}"
            out += _wrap_parts(tracks[s["id"]], head.rstrip(), width)
    return out


def _tracks(s: dict, ship: dict) -> list[str]:
    """A ship's tracks and flags (`ship` may be empty: a hand-edited file may give a ship an id her key
    does not match)."""
    parts = grid_tracks(s) if "hull_boxes" in s else dguts_tracks(s, ship) if "damage_high" in s \
        else wsim_tracks(s, ship)
    if _state(s).startswith("due "):   # not yet on the table: her loading does not matter yet
        parts = [p for p in parts if not p.startswith("ld ")]
    return parts


def _narrow(summaries: list[dict], tracks: dict, width: int) -> list[str]:
    """A terminal too narrow for the full lines: ids only (no names), the state only where a ship is
    not active, the id column as wide as leaves room for the tracks; a longer id, or tracks that do
    not fit, go on under the ship aligned with the tracks."""
    longest = max(len(" ".join(t[:5])) for t in tracks.values())
    id_w = min(max(len(str(s["id"])) for s in summaries), max(8, width - 3 - longest))
    indent = " " * (3 + id_w)
    out = []
    for side, group in by_side(summaries).items():
        out.append(f"{side} ({len(group)})")
        for s in group:
            state = [_state(s)] if _state(s) != "active" else []
            parts, sid = state + tracks[s["id"]], str(s["id"])
            head = f"  {sid.ljust(id_w)}" if len(sid) <= id_w else f"  {sid}"
            out += _wrap_parts(parts, head, width, indent=indent)
    return out


def due(s: dict) -> int | None:
    """The turn a scenario's late arrival comes on, while she is not yet on (`status` gives `arrives`
    and `arrived`: nothing is done by or to her before then, Basic V.A.2); else None."""
    return s["arrives"] if s.get("arrives") and s.get("arrived") is False else None


def _state(s: dict) -> str:
    """The state column: the ship's state, or the turn a late arrival is due ("due t3")."""
    return f"due t{due(s)}" if due(s) else str(s.get("state", ""))


def _label_cell(text: str, sid: str, w: int) -> str:
    """The label in `w` columns: a name beside the id may be cut, the id (what the umpire types) never."""
    if len(text) <= w:
        return text.ljust(w)
    return _cut(text, w) if len(sid) + 2 < w else sid


def _wrap_parts(parts: list[str], head: str, width: int, sep: str = " ", indent: str = "") -> list[str]:
    """`head` then the parts, as many to a line as fit `width`; the rest on lines indented under it."""
    indent = indent or (INDENT if head.strip() else "  ")
    out, line = [], head
    for part in parts:
        candidate = f"{line}{sep}{part}" if line.strip() else line + part
        if len(candidate) > width and line.strip():
            out.append(line.rstrip() + sep.rstrip())
            line = indent + part
        else:
            line = candidate
    out.append(line.rstrip())
    return out


def wind_line(wind: dict, names: list) -> str:
    """wind: toward 4, velocity 3 (normal breeze), change number 5 — what the game holds of the wind."""
    v = wind.get("velocity")
    named = f" ({names[v]})" if isinstance(v, int) and 0 <= v < len(names) and isinstance(names[v], str) else ""
    parts = [f"toward {wind['direction']}" if wind.get("direction") is not None else "direction not set",
             f"velocity {v}{named}" if v is not None else "velocity not set"]
    if wind.get("change") is not None:
        parts.append(f"change number {wind['change']}")
    return "wind: " + ", ".join(parts)


def label(summary: dict) -> str:
    """The id, with the name beside it when the id does not spell the name out (`neptune-br` does)."""
    name, sid = _plain(summary.get("name", "")), summary["id"]
    if not name or _plain(sid) == name or (sid.startswith(make_id(summary.get("name", "")) + "-")):
        return sid
    return f"{summary['id']} ({name})"


def by_side(summaries: list[dict]) -> dict[str, list[dict]]:
    """Ships grouped by side, sides in the order their first ship appears."""
    groups: dict[str, list[dict]] = {}
    for s in summaries:
        groups.setdefault(s.get("side", ""), []).append(s)
    return groups


def wsim_tracks(s: dict, ship: dict) -> list[str]:
    """hull 12/14  crew 5-4-4  guns L 9+1/11 R 10+1/11  rig 7-7-3  ld LR  + flags."""
    guns = " ".join(f"{side[0].upper()} {_gun_box(s, ship, side)}" for side in ("left", "right"))
    loaded = "".join(side[0].upper() if s.get("loaded", {}).get(side) else "-" for side in ("left", "right"))
    parts = [f"hull {s['hull_left']}/{ship.get('hull_max', '?')}", f"crew {_dashes(s['crew_left'])}",
             f"guns {guns}", f"rig {_dashes(s['rigging_left'])}", f"ld {loaded}"]
    return parts + wsim_flags(s)


def _gun_box(s: dict, ship: dict, side: str) -> str:
    guns, carr = s["guns_left"][side], s["carronades_left"][side]
    total = ship.get("guns_max", 0) + ship.get("carronades_max", 0)
    left = f"{guns}+{carr}" if ship.get("carronades_max") else str(guns)
    return f"{left}/{total}"


def wsim_flags(s: dict) -> list[str]:
    flags = []
    if s.get("controller") and s.get("controller") != s.get("side"):
        flags.append(f"held by {s['controller']}")
    if s.get("prize_crew"):
        flags.append(f"prize crew {s['prize_crew']}")
    if s.get("liable"):
        flags.append("liable: " + ",".join(s["liable"]))
    if s.get("mast_over"):   # the optional rules' marks (rules/wsim/optional.py)
        flags.append("mast over " + ",".join(m["side"] for m in s["mast_over"]))
    if s.get("masts_due"):
        flags.append(f"owes {s['masts_due']} mast die")
    if s.get("aground"):
        flags.append("aground")
    if (s.get("towing") or {}).get("ship"):
        flags.append(f"towing {s['towing']['ship']}")
    for key in ("fouled", "grappled"):
        if s.get(key):
            flags.append(f"{key} {','.join(s[key])}")
    return flags + advanced_flags(s)


def advanced_flags(s: dict) -> list[str]:
    """The Advanced Game's marks: full sails, shot other than round, anchor, repair work, criticals."""
    flags = []
    if s.get("sails") == "full":
        flags.append("full sail")
    shot = s.get("shot") or {}
    odd = [f"{side[0].upper()} {shot[side]}" for side in ("left", "right") if shot.get(side) not in (None, "", "round")]
    if odd:
        flags.append("shot " + " ".join(odd))
    loading = s.get("loading") or {}
    if loading:
        flags.append("loading " + " ".join(f"{side[0].upper()} {shot}" for side, shot in loading.items()))
    if s.get("anchor"):
        flags.append(f"anchor {s['anchor']}")
    if s.get("anchors_cut"):
        flags.append("anchors cut")
    work = [f"{what} {n}" for what, n in (s.get("repairs") or {}).items() if n]
    if work:
        flags.append("repairing " + " ".join(work))
    for c in s.get("critical_effects") or ():
        until = f" to turn {c['until_turn']}" if c.get("until_turn") else ""
        flags.append(f"{c.get('effect', '')}{until}")
    return flags


def grid_tracks(s: dict) -> list[str]:
    """crew 13 (1) mar 2  guns 4/3/0/0  hull 3/16 (1)  held sail-shot-away,...  pile 75."""
    guns = "/".join(str(s["guns"][b]) for b in ("port", "starboard", "bow", "stern"))
    parts = [f"crew {s['crew']} mar {s['marines']} ({s['casualties']})", f"guns {guns}",
             f"hull {s['hull_damage']}/{s['hull_boxes']} ({s['hull_plugged']})", f"pile {s['deck_left']}"]
    if s["damage_held"]:
        parts.append("held " + ",".join(s["damage_held"]))
    return parts


def dguts_tracks(s: dict, ship: dict) -> list[str]:
    """hi 0 lo 35.5  CF 20.1/21.7  sails 9/10  masts 3/3  morale shaken  + flags."""
    values = ship.get("values", {})
    sails, masts = s.get("sails", values.get("sails", 0)), s.get("masts", values.get("masts", 0))
    left, taken = s.get("fleet_left"), s.get("fleet_damage")
    if left and taken:      # the fleet level: points left, and damage from every cause
        carr = f"+{left['carronade']}C" if left.get("carronade") else ""
        return [f"mast {_num(taken['mast'])} crew {_num(taken['crew'])}",
                f"points fire {left['fire']}{carr} crew {left['crew']} gun {left['gun']}",
                f"CF {_num(s.get('crew_factors', 0))}/{_num(values.get('crew_factors', s.get('crew_factors', 0)))}",
                f"masts {left['masts']}/{masts}", f"morale {s.get('morale', '?')}"] + dguts_flags(s, ship)
    parts = [f"hi {_num(s.get('damage_high', 0))} lo {_num(s.get('damage_low', 0))}",
             f"CF {_num(s.get('crew_factors', 0))}/{_num(values.get('crew_factors', s.get('crew_factors', 0)))}",
             f"sails {sails - s.get('sails_lost', 0)}/{sails}", f"masts {masts - s.get('masts_lost', 0)}/{masts}",
             f"morale {s.get('morale', '?')}"]
    return parts + dguts_flags(s, ship)


def dguts_flags(s: dict, ship: dict) -> list[str]:
    flags = []
    if s.get("controller") and s.get("controller") != s.get("side"):
        flags.append(f"held by {s['controller']}")
    if s.get("morale_checks_owed"):
        flags.append(f"owes {s['morale_checks_owed']} morale check{'s' if s['morale_checks_owed'] > 1 else ''}")
    if s.get("sinking_turns_left", -1) >= 0:
        flags.append(f"sinking ({s['sinking_turns_left']} turns left)")
    if s.get("guns_dismounted"):
        flags.append(f"{s['guns_dismounted']} guns dismounted")
    if ship.get("grappled"):
        flags.append("grappled " + ",".join(ship["grappled"]))
    flags += [str(f) for f in ship.get("track", {}).get("flags", [])]
    return flags


def _dashes(values: list[Any]) -> str:
    return "-".join(str(v) for v in values)


def _num(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".")
    return str(v)


def _plain(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _cut(text: str, width: int) -> str:
    """The text within `width` columns, an ellipsis marking anything cut."""
    return text if len(text) <= width else text[: width - 1] + "…"
