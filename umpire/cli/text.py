"""Plain-text listings that must fit a terminal: the scenario list, a scenario's briefing, and the
odds of an action as a chart."""

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


# --- odds -----------------------------------------------------------------

BAR = 40


def chart_lines(data: dict, action: dict) -> list[str]:
    """The odds as the umpire reads them: the headline chances, then outcome, chance, % and a bar."""
    out = [f"odds: {data['dice']}, {data['outcomes']} outcomes"]
    head = headline(data, action)
    if head:
        out.append("chance: " + " · ".join(f"{name} {_pct(p)}" for name, p in head))
    rows = data["results"]
    if not rows:
        return out
    out += _rows(rows)
    if data.get("expected"):
        out.append("expected: " + ", ".join(f"{k} {_frac(v)}" for k, v in data["expected"].items()))
    for table in data.get("tables", ()):     # a ruleset's own further tables (grid: the damage cards' kinds)
        out += [table["title"]] + _rows(table["rows"])
        if table.get("expected"):
            out.append("expected: " + ", ".join(f"{k} {_frac(v)}" for k, v in table["expected"].items()))
    return out


def _rows(rows: list[dict]) -> list[str]:
    """Outcome, chance, % and a bar, one line each."""
    if not rows:
        return []
    top = max(r["percent"] for r in rows) or 1
    width = [max(len(str(r[k])) for r in rows) for k in ("result", "chance")]
    return [f"  {str(r['result']).ljust(width[0])}  {str(r['chance']).rjust(width[1])}  "
            f"{_pct(r['percent']).rjust(7)}  {'█' * max(1 if r['percent'] else 0, round(BAR * r['percent'] / top))}"
            for r in rows]


def headline(data: dict, action: dict) -> list[tuple[str, float]]:
    """The chances asked about most: any hit, the target strikes, the boarders win, any ship struck."""
    events, cmd, target = data.get("events", {}), action.get("command"), action.get("at")
    out = []
    if cmd == "fire" or "any hit" in events:
        out.append(("any hit", events.get("any hit", {}).get("percent", 0.0)))
    if cmd == "fire" and target and "method" not in data:   # each roll resolved: strikes are known
        out.append((f"{target} strikes", events.get(f"{target} strikes", {}).get("percent", 0.0)))
    if cmd == "melee":
        wins = [r["percent"] for r in data["results"] if str(r["result"]).lower().startswith("attacker")
                and "win" in str(r["result"]).lower()]
        out.append(("the boarders win", round(sum(wins), 2)))
    out += [(k, v["percent"]) for k, v in events.items() if k.endswith(" strikes") and k != f"{target} strikes"]
    return out


def _pct(p: float) -> str:
    return f"{p:g}%"


def _frac(text: str) -> str:
    """An exact fraction with its decimal, e.g. 19/6 (3.17)."""
    from fractions import Fraction   # only the odds chart needs exact fractions

    value = Fraction(text)
    return text if value.denominator == 1 else f"{text} ({float(value):.2f})"
