"""Commands that read or rewind the journal: status, turn, undo, log, verify, score."""

from __future__ import annotations

import json

import click

from umpire.cli import cli, fleet, render, table, text
from umpire.core.actions import EndTurn


@cli.command()
@click.argument("ship", required=False)
@click.option("--side", help="Only this side's ships, e.g. british (a prefix will do).")
@click.pass_obj
def status(obj, ship, side):
    """Show the turn and every ship, one line each, grouped by side (or one SHIP in full).

    \b
    Examples:
      umpire status                      # the fleet, one line per ship
      umpire status --side french
      umpire status victory              # every box of one ship
      umpire --json status constitution
    """
    state, rs = obj.state, obj.ruleset
    ids = [obj.ship(ship)] if ship else list(state["ships"])
    if side:
        ids = [i for i in ids if state["ships"][i]["side"] in fleet.sides_named(state["ships"], side)]
    optional = [str(o) for o in state.get("optional") or ()]
    data = {"turn": state["turn"], "ruleset": rs.id, **rs.game_status(state),
            **({"optional": optional} if optional else {}),       # the optional rules in force, when any
            "ships": [rs.ship_status(state["ships"][i], state) for i in ids]}
    if obj.as_json:
        click.echo(json.dumps(data))
    elif ship:
        render.status(data, state)
    else:
        out = fleet.lines(data["turn"], rs.id, data["ships"], state["ships"], table.width())
        if isinstance(data.get("wind"), dict) and not side:
            out.insert(1, fleet.wind_line(data["wind"], _velocity_names(obj)))
        if optional and not side:   # the optional rules the game was started with
            out.insert(1, "optional rules: " + ", ".join(optional))
        click.echo("\n".join(out))


def _velocity_names(obj) -> list:
    """The wind table's names of the velocities, where the game's rules have one."""
    try:
        return list(obj.tables()["wind"]["velocities"])
    except Exception:     # an edition whose wind table names none: the numbers alone are shown
        return []


@cli.command()
@click.pass_obj
def turn(obj):
    """End the turn: reload broadsides not yet reloaded, clear boarding parties, next turn.

    \b
    Example:
      umpire turn
    """
    obj.emit(obj.session.perform(EndTurn().journal()))


@cli.command()
@click.pass_obj
def undo(obj):
    """Remove the last journalled event.

    \b
    Example:
      umpire undo
    """
    last = obj.session.undo()
    obj.emit({"undone": last["n"], "kind": last["kind"], "summary": last["summary"]}, "undone")


@cli.command()
@click.option("--last", type=click.IntRange(min=1), help="Only the last N events.")
@click.pass_obj
def log(obj, last):
    """List the journal's events.

    \b
    Example:
      umpire log --last 5
    """
    items = obj.session.log(last)
    if obj.as_json:
        click.echo(json.dumps({"events": items}))
        return
    render.rows(f"journal of {obj.path}", ["#", "kind", "what", "dice"],
                [[i["n"], i["kind"], i["summary"], ",".join(map(str, i["rolls"])) + (f" ({i['rolled']})" if i["rolls"] else "")]
                 for i in items])


@cli.command()
@click.pass_obj
def verify(obj):
    """Re-resolve every journalled action with the current rules and report differences.

    \b
    Example:
      umpire verify
    """
    report = obj.session.verify()
    if obj.as_json:
        click.echo(json.dumps(report))
    else:
        render.mapping({"events": report["events"], "same": report["same"],
                        "differ": ", ".join(f"#{d['n']}: {d['why']}" for d in report["differences"]) or "none"},
                       "verify")
    if report["differences"]:
        raise SystemExit(1)


@cli.command()
@click.pass_obj
def score(obj):
    """Victory points by side (WS&IM), or the ships out of action (DGUTS).

    \b
    Example:
      umpire score
    """
    data = obj.ruleset.score(obj.state, obj.tables())
    if obj.as_json:
        obj.emit(data)
        return
    lines = text.readable_lines(data, table.width())
    click.echo("\n".join([f"score — turn {obj.state['turn']}"] + [text.shown(line) for line in lines]))
