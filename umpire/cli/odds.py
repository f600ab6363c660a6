"""`umpire odds COMMAND ...`: the exact distribution of any dice-taking action."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.core.errors import BadInput

MAX_OUTCOMES = 6 ** 6
DICE_COMMANDS = ("fire", "foul", "unfoul", "grapple", "ungrapple", "melee", "board", "morale", "special", "mast")


def distribution(plan) -> dict:
    """Resolve the plan for every equally likely roll; tally results exactly."""
    from collections import Counter
    from fractions import Fraction

    need = plan.need
    total = need.faces ** need.count
    if total > MAX_OUTCOMES:
        raise BadInput(f"{need.describe()}: too many dice for an exact table ({total} outcomes)")
    results: Counter = Counter()
    sums: Counter = Counter()
    for rolls in need.outcomes():
        res = plan.resolve(rolls, False)
        key = res.data.get("result") or res.data.get("outcome") or res.summary
        results[key] += 1
        for track, n in (res.data.get("marked") or res.data.get("hits") or {}).items():
            sums[track] += n
    rows = [{"result": k, "chance": str(Fraction(v, total)), "percent": round(100 * v / total, 2)}
            for k, v in sorted(results.items(), key=lambda kv: -kv[1])]
    expected = {k: str(Fraction(v, total)) for k, v in sums.items()}
    return {"dice": need.describe(), "outcomes": total, "results": rows, "expected": expected}


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
    ctx.obj.odds = True
    sub.main(list(args), prog_name=f"umpire odds {command}", standalone_mode=False, obj=ctx.obj)
