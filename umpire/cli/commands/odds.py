"""`umpire odds COMMAND ...`: the exact distribution of any dice-taking action, and its chart.

The command runs the action's own command with `obj.odds` set to `show_odds`, so the action is
planned but never performed: its plan's dice are convolved exactly (core/odds.py) and shown."""

from __future__ import annotations

import json
from fractions import Fraction

import click

from umpire.cli import cli
from umpire.core import odds as exact
from umpire.core.errors import BadInput
from umpire.core.state import Resolution

DICE_COMMANDS = ("fire", "foul", "unfoul", "grapple", "ungrapple", "melee", "board", "morale", "special", "mast", "sink",
                 "explode", "tack", "surgeon", "marines", "meet", "run-down", "ram", "repair")


@cli.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("command")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def odds(ctx, command, args):
    """Exact odds of an action instead of doing it: give the action as you would type it.

    \b
    Example:
      umpire odds fire mars --at hercule --range 3 --side left --facing right
    """
    sub = cli.get_command(ctx, command) if command in DICE_COMMANDS else None
    if sub is None:
        raise BadInput(f"odds of {command!r}: give an action that takes dice, e.g. fire, grapple, melee")
    ctx.obj.odds = show_odds
    sub.main(list(args), prog_name=f"umpire odds {command}", standalone_mode=False, obj=ctx.obj)


def show_odds(obj, action: dict) -> None:
    """The exact odds of a journalled action's dice, as JSON or as a chart."""
    got = obj.session.plan(action)
    if isinstance(got, Resolution) or got.need.count == 0:
        raise BadInput(f"{action['command']}: no dice are rolled here, so there are no odds to show")
    data = exact.distribution(got)
    data["events"] = exact.events(got)
    if obj.as_json:
        click.echo(json.dumps(data))
        return
    click.echo("\n".join(chart_lines(data, action)))


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
        boarded = action.get("defender") or target
        carried = events.get(f"{boarded} captured") if boarded else None
        if carried is not None:     # the boarders win when they carry her, whatever the table calls it
            out.append(("the boarders win", carried["percent"]))
        else:
            wins = [r["percent"] for r in data["results"] if str(r["result"]).lower().startswith("attacker")
                    and "win" in str(r["result"]).lower()]
            out.append(("the boarders win", round(sum(wins), 2)))
    out += [(k, v["percent"]) for k, v in events.items() if k.endswith(" strikes") and k != f"{target} strikes"]
    return out


def _pct(p: float) -> str:
    return f"{p:g}%"


def _frac(text: str) -> str:
    """An exact fraction with its decimal, e.g. 19/6 (3.17)."""
    value = Fraction(text)
    return text if value.denominator == 1 else f"{text} ({float(value):.2f})"
