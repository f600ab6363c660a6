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
    if total > MAX_OUTCOMES and plan.per_die:
        return convolved(plan)
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


def convolved(plan) -> dict:
    """Exact odds for many independent dice whose scores add (DGUTS fire): each die's score
    for each face comes from resolving with every die on that face, then the dice are combined
    one by one. Gives each total's chance for high and for low damage, and the expected damage."""
    from fractions import Fraction

    need = plan.need
    faces = range(1, need.faces + 1)
    scores = {r: plan.resolve((r,) * need.count, False).data[plan.per_die] for r in faces}
    joint: dict[tuple[Fraction, Fraction], Fraction] = {(Fraction(0), Fraction(0)): Fraction(1)}
    p = Fraction(1, need.faces)
    for i in range(need.count):
        step: dict = {}
        for (h, lo), chance in joint.items():
            for r in faces:
                d = scores[r][i]
                key = (h + Fraction(str(d["high"])), lo + Fraction(str(d["low"])))
                step[key] = step.get(key, Fraction(0)) + chance * p
        joint = step
    rows = []
    for name, k in (("high", 0), ("low", 1)):
        marginal: dict[Fraction, Fraction] = {}
        for key, chance in joint.items():
            marginal[key[k]] = marginal.get(key[k], Fraction(0)) + chance
        rows += [{"result": f"{name} {float(v):g}", "chance": str(c), "percent": round(100 * float(c), 2)}
                 for v, c in sorted(marginal.items())]
    expected = {name: str(sum(key[k] * c for key, c in joint.items())) for name, k in (("high", 0), ("low", 1))}
    return {"dice": need.describe(), "outcomes": need.faces ** need.count, "results": rows, "expected": expected,
            "method": "independent dice combined exactly"}


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
