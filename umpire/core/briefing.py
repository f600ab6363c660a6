"""A scenario's briefing: what the umpire reads out before the first turn.

Built from the scenario document alone (no files, no ruleset): title, date,
place, sides and their ships, wind, game length, victory conditions, special
rules, and warnings about what the source does not give. The same value feeds
`umpire scenarios show` and `umpire new --scenario`.
"""

from __future__ import annotations

from typing import Any

from umpire.core.ruleset import PLAYED_AS


def briefing(doc: dict) -> dict:
    """The briefing of a validated scenario document, as plain JSON-able data."""
    ruleset = doc.get("ruleset", "")
    out: dict[str, Any] = {
        "id": doc.get("id", ""), "title": doc.get("title", ""), "date": doc.get("date", ""),
        "place": doc.get("place", ""), "source": doc.get("source", ""), "ruleset": ruleset,
        "played_with": PLAYED_AS.get(ruleset, ruleset),
        "sides": sides(doc), "wind": wind_text(doc.get("wind")), "turns": doc.get("turns"),
        "victory": _texts(doc.get("victory")), "special_rules": _texts(doc.get("special_rules")),
        "map": (doc.get("map") or {}).get("notes", ""),
    }
    out["warnings"] = warnings(doc, out)
    return out


def sides(doc: dict) -> list[dict]:
    """Each side with its ships, sides in the order given (then any side only ships name)."""
    named = {s.get("id"): s for s in doc.get("sides", [])}
    order = list(named) + [s["side"] for s in doc.get("ships", []) if s["side"] not in named]
    out = []
    for sid in dict.fromkeys(order):
        ships = [ship_line(s) for s in doc.get("ships", []) if s["side"] == sid]
        side = named.get(sid, {})
        out.append({"id": sid, "name": side.get("name", sid), "nation": side.get("nation", ""), "ships": ships})
    return out


def ship_line(s: dict) -> dict:
    """One ship as the briefing lists it: id, name, what she is, and where she starts."""
    what = []
    rate = s.get("rated_guns") or s.get("rate")
    if rate:
        what.append(f"{rate} guns")
    if s.get("spec"):
        what.append(str(s["spec"]))
    if s.get("tons"):
        what.append(f"{s['tons']:g} tons" if isinstance(s["tons"], float) else f"{s['tons']} tons")
    if s.get("men"):
        what.append(f"{s['men']} men")
    if s.get("guns"):
        what.append(str(s["guns"]))
    where = []
    if s.get("hex"):
        where.append(f"hex {s['hex']}" + (f" dir {s['direction']}" if s.get("direction") else ""))
    if s.get("arrives"):
        where.append(f"arrives turn {s['arrives']}" + (f" ({s['arrival_note']})" if s.get("arrival_note") else ""))
    line = {"id": s["id"], "name": s["name"], "what": ", ".join(what), "where": "; ".join(where)}
    if s.get("estimated"):
        line["estimated"] = str(s["estimated"])
    return line


def wind_text(wind: Any) -> str:
    """The wind as the source gives it, in words ("" when it gives none)."""
    if not isinstance(wind, dict) or not wind:
        return ""
    parts = []
    if wind.get("force"):
        parts.append(str(wind["force"]))
    if wind.get("velocity"):
        parts.append(f"velocity {wind['velocity']}")
    if wind.get("direction") is not None:
        parts.append(f"blowing toward hex direction {wind['direction']}")
    if wind.get("change") is not None:
        parts.append(f"wind change number {wind['change']}")
    return ", ".join(parts)


def warnings(doc: dict, brief: dict) -> list[str]:
    """What the source leaves to the umpire: no set-up, no wind, no length, no positions, another edition."""
    out = []
    ships = doc.get("ships", [])
    if brief["played_with"] != brief["ruleset"]:
        out.append(f"the scenario comes from {brief['ruleset']}; it is played with the {brief['played_with']} rules")
    if not ships:
        out.append("the source prints no set-up for this action: add the ships with `umpire ship add`")
    if not brief["wind"]:
        out.append("the source gives no wind: roll for it as the rules say")
    if not brief["turns"]:
        out.append("the source sets no game length")
    unplaced = [s for s in ships if "spec" in s and not s.get("hex")]
    if ships and unplaced:
        out.append(f"{len(unplaced)} of {len(ships)} ships have no starting hex: the umpire places them")
    estimated = [s["id"] for s in ships if s.get("estimated")]
    if estimated:
        out.append(f"{len(estimated)} ship{'s have' if len(estimated) > 1 else ' has'} estimated values (from a rating, "
                   f"or tons, men and guns): check ({', '.join(estimated[:5])}{', ...' if len(estimated) > 5 else ''})")
    return out


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    return [str(v) for v in value or []]
