"""What a command prints: the working as a short table, ships as boxes left per section."""

from __future__ import annotations

import math
import sys
from typing import Any

from umpire.cli.fleet import due
from umpire.cli.table import BOLD, RESET, Table, print_table, styled
from umpire.cli.text import shown
from umpire.core import numbers
from umpire.core.state import Resolution


def say(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def working_table(res: Resolution) -> Table:
    table = Table(shown(res.summary), ["step", "value", "source"], ["bold", "", "dim"], pad_edge=False,
                  title_left=True)
    for s in res.working:
        table.add_row(shown(s.step), shown(s.value), shown(s.source))
    return table


def resolution(res: Resolution) -> None:
    if res.working:
        print_table(working_table(res))
    else:
        say(shown(res.summary))
    rolls = res.data.get("rolls")
    if rolls:
        say(f"dice: {', '.join(map(str, rolls))} ({res.data.get('rolled_by', '')})")


def boxes(left: int, total: int) -> str:
    """Squares left and marked off; a hand-edited file's odd numbers, or a row longer than a log holds
    (`core.numbers.MOST_SQUARES`), draw none rather than fail (the numbers beside them are shown)."""
    if not all(isinstance(v, int) for v in (left, total)) or not 0 <= left <= total <= numbers.MOST_SQUARES:
        return ""
    return "■" * left + "□" * (total - left)


def ship_panel(ship: dict, summary: dict) -> Table:
    """A WS&IM or DGUTS ship as a two-column table of tracks."""
    t = Table(shown(f"{ship['name']} ({ship['id']}) — {ship['side']}, {summary['state']}"), None, ["bold", ""],
              pad_edge=False, title_left=True)
    rows = ship_rows(ship, summary) if "hull_max" in ship else [
        (track_label(k), track_value(k, v)) for k, v in summary.items()
        if k not in ("id", "name", "side", "state", "fire_factors", "record")]
    if summary.get("record"):
        rows.append(("record", record_line(summary["record"])))
    for key, value in rows:
        t.add_row(shown(key), shown(value))
    return t


#: Words of the rule books for a ship's tracks whose field names are not words (DGUTS).
TRACK_WORDS = {"sf_value": "SF value", "cf_value": "CF value", "crew_factors": "CF (crew factors)",
               "sinking_turns_left": "sinking", "morale_checks_owed": "morale checks owed",
               "damage_high": "damage high", "damage_low": "damage low"}


#: tracks the DGUTS rules count in factors, written as the rules write fractions ("21 2/3")
FACTORS = {"crew_factors"}
#: tracks that hold a book of crew factors by duty
FACTOR_BOOKS = {"crew_duties"}


def track_label(key: str) -> str:
    """A track's name as the rule book says it: `SF value`, not `sf_value`."""
    return TRACK_WORDS.get(key, key.replace("_", " "))


def track_value(key: str, value: Any) -> str:
    """A track's value as read off a sheet: tenths, not the float's every digit; sinking as turns left."""
    if key == "sinking_turns_left" and isinstance(value, int):
        return "no" if value < 0 else f"{value} turn{'s' if value != 1 else ''} left"
    if key in FACTORS and isinstance(value, (int, float)) and not isinstance(value, bool) \
            and math.isfinite(value):
        return numbers.factor(value)
    if isinstance(value, float):
        return _fmt(value)
    if isinstance(value, list) and all(isinstance(v, float) for v in value):
        return ", ".join(track_value(key, v) for v in value)
    if key in FACTOR_BOOKS and isinstance(value, dict):   # the crew's duties, in crew factors
        return ", ".join(f"{k} {track_value('crew_factors', x)}" for k, x in value.items())
    return _fmt(value)


def record_line(record: dict) -> str:
    """A ship's record in one line: each field and its value, "?" where not given (`ship edit`)."""
    return "; ".join(f"{k.replace('_', ' ')} {'?' if v is None else _fmt(v)}" for k, v in record.items())


def ship_rows(ship: dict, summary: dict | None = None) -> list[tuple[str, str]]:
    if "hull_max" in ship:
        rows = [("ship", wsim_identity(ship, summary or {})), ("hull", f"{boxes(ship['hull_left'], ship['hull_max'])} {ship['hull_left']}/{ship['hull_max']}")]
        for i, (c, m) in enumerate(zip(ship["crew_left"], ship["crew_max"]), 1):
            rows.append((f"crew {i}", f"{boxes(c, m)} {c}/{m}"))
        for side in ("left", "right"):
            g, cg = ship["guns_left"][side], ship["carronades_left"][side]
            rows.append((f"guns {side[0].upper()}", f"{boxes(g, ship['guns_max'])} {g}/{ship['guns_max']}"
                         + (f"  carr {cg}/{ship['carronades_max']}" if ship["carronades_max"] else "")
                         + ("  loaded" if ship["loaded"][side] else "  empty")))
        for i, (r, m) in enumerate(zip(ship["rigging_left"], ship["rigging_max"]), 1):
            rows.append((f"rigging {i}", f"{boxes(r, m)} {r}/{m}"))
        extra = []
        if ship["prize"]["squares"]:
            extra.append(f"prize crew {ship['prize']['squares']} ({ship['prize']['quality']})")
        if ship["liable"]:
            extra.append("liable to surrender by " + ", ".join(ship["liable"]))
        for k in ("fouled", "grappled"):
            if ship[k]:
                extra.append(f"{k} with {', '.join(ship[k])}")
        if extra:
            rows.append(("notes", "; ".join(extra)))
        return rows + advanced_rows(summary or {})
    return []


def advanced_rows(summary: dict) -> list[tuple[str, str]]:
    """The Advanced Game's tracks (sections, shot, sails, anchor, repairs, criticals) and the last move."""
    rows = []
    for key, label in (("gun_sections_left", "gun sections"), ("carronade_sections_left", "carr sections")):
        if summary.get(key):
            rows.append((label, "  ".join(f"{side[0].upper()} bow {v.get('bow')} stern {v.get('stern')}"
                                          for side, v in summary[key].items())))
    if summary.get("shot"):
        rows.append(("shot", "  ".join(f"{side[0].upper()} {v or 'none'}" for side, v in summary["shot"].items())))
    if summary.get("sails"):
        rows.append(("sails", summary["sails"]))
    if summary.get("anchor"):
        rows.append(("anchor", str(summary["anchor"])))
    work = [f"{k} {n}" for k, n in (summary.get("repairs") or {}).items() if n]
    if work:
        rows.append(("repairs", ", ".join(work) + " turn(s) done"))
    for c in summary.get("critical_effects") or ():
        until = f" (to turn {c['until_turn']})" if c.get("until_turn") else ""
        rows.append(("critical", f"{c.get('effect', '')}{until}"))
    move = summary.get("last_move")
    if isinstance(move, dict) and move.get("log") is not None:
        rows.append(("last move", f"turn {move.get('turn')}: {move['log']}"))
    return rows


def wsim_identity(ship: dict, summary: dict) -> str:
    """Class, crew quality (a prize crew's when captured) and, for a captured ship, who holds her."""
    number = summary.get("class_number") or ship.get("class_number")
    parts = [f"class {ship.get('class') or '?'}" + (f" ({number})" if number else ""),
             f"crew {summary.get('quality') or ship.get('quality', '?')}"]
    if ship.get("controller") and ship["controller"] != ship.get("side"):
        parts.append(f"held by {ship['controller']}")
    if due(summary):
        parts.append(f"not yet on: arrives turn {due(summary)}")
    return ", ".join(parts)


def plain_rows(title: str, header: list[str], body: list[list[Any]]) -> None:
    """Aligned columns without a table layout (fast for any length); the last column is not padded."""
    cells = [[str(h) for h in header]] + [[x if type(x) is str and x.isprintable() else _cell(x) for x in r]
                                          for r in body]
    last = len(header) - 1
    widths = [max(map(len, column)) for column in list(zip(*cells))[:last]]
    line = "  ".join([f"{{:<{w}}}" for w in widths] + ["{}"] * (len(header) - last))
    out = [title] + [line.format(*r).rstrip() for r in cells]
    sys.stdout.write("\n".join(out) + "\n")


def _cell(x: Any) -> str:
    """One cell's text: plain text and whole numbers as they are (the common case, kept fast)."""
    kind = type(x)
    if kind is str:
        return x if x.isprintable() else shown(x)
    if kind is int:
        return str(x)
    return shown(_fmt(x))


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return numbers.measure(v) if math.isfinite(v) else str(v)
    if isinstance(v, dict):
        return ", ".join(f"{k} {_fmt(x)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(_fmt(x) for x in v)
    return str(v)


def status(data: dict, state: dict) -> None:
    turn = f"turn {data['turn']}"
    say((f"{BOLD}{turn}{RESET}" if styled() else turn) + f" — {data.get('ruleset', '')}")
    for s in data["ships"]:
        print_table(ship_panel(state["ships"][s["id"]], s))
        say()


def mapping(data: dict, title: str = "") -> None:
    t = Table(shown(title), None, ["bold", ""])
    for k, v in data.items():
        t.add_row(shown(k), shown(_fmt(v)))
    print_table(t)


#: Longer listings print as plain aligned columns: a long journal is read by scrolling or piping,
#: not by its borders.
PLAIN_ROWS = 200


def rows(title: str, header: list[str], body: list[list[Any]]) -> None:
    if len(body) > PLAIN_ROWS:
        plain_rows(title, header, body)
        return
    t = Table(title, [str(h) for h in header], title_left=True)
    for r in body:
        t.add_row(*[shown(_fmt(x)) for x in r])
    print_table(t)
