"""Plain-text listings that must fit a terminal: the scenario list and a scenario's briefing."""

from __future__ import annotations

import textwrap

WIDTH = 80


def cut(text: str, width: int) -> str:
    """The text within `width` columns, an ellipsis marking anything cut (never wrapped)."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def scenario_lines(items: list[dict], width: int = WIDTH) -> list[str]:
    """One line per scenario under a heading per ruleset: id, date, ships, title (cut to fit)."""
    if not items:
        return ["no scenarios"]
    id_w = max(len(i["id"]) for i in items)
    out = []
    for ruleset in dict.fromkeys(i["ruleset"] for i in items):
        group = [i for i in items if i["ruleset"] == ruleset]
        out.append(f"{ruleset} ({len(group)})")
        for i in group:
            head = f"  {i['id'].ljust(id_w)}  {str(i['date']).ljust(10)} {i['ships']:>3}  "
            out.append(cut(head + str(i["title"]), width))
    return out


def briefing_lines(b: dict, width: int = WIDTH) -> list[str]:
    """A briefing as the umpire reads it out: heading, sides and ships, wind, length, victory, rules."""
    out = [cut(f"{b['title']} ({b['id']})", width)]
    facts = [x for x in (b["date"], b["place"]) if x]
    if facts:
        out.append(", ".join(facts))
    out.append(f"rules: {b['played_with']}" + (f" (scenario from {b['ruleset']})" if b["ruleset"] != b["played_with"]
                                                 else ""))
    if b["source"]:
        out += _wrap(f"source: {b['source']}", width)
    for side in b["sides"]:
        out.append("")
        out.append(f"{side['name']} ({len(side['ships'])} ship{'s' if len(side['ships']) != 1 else ''})")
        for s in side["ships"]:
            name = s["name"] if s["name"].lower().replace(" ", "-") == s["id"] else f"{s['name']} [{s['id']}]"
            extra = "; ".join(x for x in (s["what"], s["where"]) if x)
            out += _wrap(f"  {name}" + (f" — {extra}" if extra else ""), width, "      ")
            if s.get("estimated"):
                out += _wrap(f"    estimated: {s['estimated']}", width, "      ")
    out.append("")
    out += _wrap(f"wind: {b['wind'] or 'not given'}", width)
    out.append(f"length: {str(b['turns']) + ' turns' if b['turns'] else 'not set'}")
    if b["map"]:
        out += _wrap(f"map: {b['map']}", width)
    for title, key in (("victory", "victory"), ("special rules", "special_rules"), ("warnings", "warnings")):
        if b[key]:
            out += ["", f"{title}:"] + [line for item in b[key] for line in _wrap(f"- {item}", width, "  ")]
    return out


def _wrap(text: str, width: int, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [""]
