"""Plain-text listings that must fit a terminal: the scenario list and a scenario's briefing."""

from __future__ import annotations

WIDTH = 80


def shown(value) -> str:
    """Text from a file or the command line (a ship's name, a note) as it may be printed: control
    characters shown escaped, never sent raw to the terminal."""
    text = str(value)
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text


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
    import textwrap   # only when a briefing is wrapped: every command loads this module

    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [""]


def readable_lines(data: dict, width: int = WIDTH, indent: str = "") -> list[str]:
    """A nested result (a score, a verdict) as labelled lines: `key: value`, a table's entries indented
    under its label, a list of records one `- ` line each; yes/no for flags, never Python's spelling."""
    out = []
    for key, value in data.items():
        label = str(key).replace("_", " ")
        if isinstance(value, dict) and value and not indent:   # one level of headings; deeper tables inline
            out.append(f"{indent}{label}:")
            out += readable_lines(value, width, indent + "  ")
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            out.append(f"{indent}{label}:")
            for item in value:
                line = "; ".join(f"{str(k).replace('_', ' ')} {plain(v)}" for k, v in item.items())
                out += _wrap(f"{indent}  - {line}", width, indent + "    ")
        elif isinstance(value, list) and all(isinstance(v, str) for v in value) and \
                len(f"{indent}{label}: {plain(value)}") > width:   # a long list: an item a line
            out.append(f"{indent}{label}:")
            for item in value:
                out += _wrap(f"{indent}  - {item}", width, indent + "    ")
        else:
            out += _wrap(f"{indent}{label}: {plain(value)}", width, indent + "    ")
    return out


def plain(value) -> str:
    """One value as read aloud: yes/no, none, numbers without trailing zeros, lists and tables inline."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == "" or value == [] or value == {}:
        return "none"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict):
        return "; ".join(f"{str(k).replace('_', ' ')} {plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value)
    return str(value)
