"""`umpire ship edit`: give or correct a ship's record in play (journalled, so `undo` and `verify`
see it), in every ruleset; and DGUTS's `ship speedclass`.

The fields are those the game's ruleset declares (`Ruleset.record`, core/record.py); `--help`
lists them. Options click does not know are read as `--FIELD VALUE` pairs against that
declaration. Imported by the module that defines the `ship` group, so the commands join it.
"""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import act, action_type
from umpire.cli.context import Ctx
from umpire.core.actions import ShipEdit
from umpire.core.errors import BadInput, UmpireError
from umpire.core.ruleset import find_ruleset, ruleset_ids

# the module defining the `ship` group has registered it before it imports this one
ship = cli.commands["ship"]


class RecordCommand(click.Command):
    """A command whose help ends with the fields of the game's ship record (or, with no game,
    every ruleset's)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        for title, rows in record_help(ctx.find_object(Ctx)):
            with formatter.section(title):
                formatter.write_dl(rows)


def record_help(obj) -> list[tuple[str, list[tuple[str, str]]]]:
    """(heading, [(option, what it takes)]) for the game's ruleset, or for each ruleset without a game."""
    try:
        rulesets = [obj.ruleset] if obj is not None else []
    except (UmpireError, OSError):
        rulesets = []
    if not rulesets:
        rulesets = [find_ruleset(rid) for rid in ruleset_ids()]
    return [(f"Fields of a {rs.id} ship's record (ship edit)",
             [(f"{f.option} VALUE", f"{f.what}: {f.allowed()} ({f.section})") for f in rs.record().editable()])
            for rs in rulesets]


def field_pairs(args: list[str]) -> dict[str, str]:
    """`--FIELD VALUE` or `--FIELD=VALUE` pairs, as typed after the ship, by field name."""
    out: dict[str, str] = {}
    words = list(args)
    while words:
        word = words.pop(0)
        if not word.startswith("--") or len(word) < 3:
            raise BadInput(f"ship edit: {word!r} is not a --FIELD VALUE pair (see `umpire ship edit --help`)")
        name, eq, value = word[2:].partition("=")
        if not eq:
            if not words or words[0].startswith("--"):
                raise BadInput(f"ship edit: --{name} needs a value (see `umpire ship edit --help`)")
            value = words.pop(0)
        out[name.replace("-", "_")] = value
    return out


@ship.command("edit", cls=RecordCommand,
              context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("name")
@click.option("--guns", help="DGUTS: the whole gun list, e.g. \"28x18,16x32C,2x12\".")
@click.option("--men", type=int, help="DGUTS: crew (men and boys).")
@click.option("--tons", type=float, help="DGUTS: tonnage.")
@click.option("--nation", help="Nation, e.g. british.")
@click.option("--rate", help="Rated number of guns, e.g. 38 (DGUTS; WS&IM: the gun rating towing and the wind "
              "compare).")
@click.option("--class", "ship_class", help="DGUTS: ship class 1-5 or I-V. WS&IM: SOL, F, C, B, S, SC, ...")
@click.option("--sailing-class", help="DGUTS single-ship rules: sailing class a-e.")
@click.option("--weatherliness", type=int, help="DGUTS single-ship rules: weatherliness class 1-3.")
@click.option("--kind", help="DGUTS: warship, privateer, merchant, galley, steam or bomb.")
@click.option("--turning", help="WS&IM: turning ability, from the counter (1-6). Once given, `move` reads it.")
@click.pass_context
def ship_edit(ctx, name, guns, men, tons, nation, rate, ship_class, sailing_class, weatherliness, kind, turning):
    """Give or correct values of a ship's record during a game: journalled, so `undo` takes it back
    and `verify` replays it. The fields are those of the game's rules (listed below); a value once
    given is never asked for again. DGUTS works her values out again and keeps the damage and
    losses she has taken.

    \b
    Examples:
      umpire ship edit hercule --turning 2                 # WS&IM: move reads it from now on
      umpire ship edit nymphe --rate 36                    # WS&IM 1974: towing and the wind read it
      umpire ship edit macedonian --guns "28x18,16x32C,2x12,2x9,1x18C"
      umpire ship edit swallow --quality trained           # grid
    """
    obj = ctx.obj
    changes = {"guns": guns, "men": men, "tons": tons, "nation": nation, "rate": rate, "class": ship_class,
               "sailing_class": sailing_class, "weatherliness": weatherliness, "kind": kind, "turning": turning}
    changes = {k: v for k, v in changes.items() if v is not None}
    for key, value in field_pairs(ctx.args).items():
        if key in changes:
            raise BadInput(f"ship edit: --{key.replace('_', '-')} is given twice")
        changes[key] = value
    act(obj, ShipEdit(obj.ship(name), changes))


@ship.command("speedclass")
@click.argument("name")
@click.option("--roll", "--rolls", "roll", metavar="C,S", help="The two dice: speed class, then sailing class.")
@click.pass_obj
def ship_speedclass(obj, name, roll):
    """Roll a ship's speed class and sailing class by her size and type (DGUTS advanced optional 1).

    \b
    Example:
      umpire ship speedclass victory --rolls 4,2
    """
    act(obj, action_type(obj, "ship speedclass")(obj.ship(name)), roll)
