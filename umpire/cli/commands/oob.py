"""`umpire oob convert` and `umpire oob export`: orders of battle in and out."""

from __future__ import annotations

from pathlib import Path

import click
import tomli_w

from umpire.cli import cli, table, text
from umpire.cli.printing import refuse_game_file, to_stdout
from umpire.core import files, scenarios
from umpire.core.errors import BadInput


@cli.group()
def oob():
    """Convert historical orders of battle to game stats, and back.

    \b
    Examples:
      umpire oob convert trafalgar.csv --ruleset wsim-1981 -o trafalgar.toml
      umpire oob export --scenario trafalgar -o trafalgar.csv
    """


@oob.command("convert")
@click.argument("input_path", metavar="INPUT")
@click.option("--ruleset", required=True, help="The rules to convert for: wsim-1974, wsim-1981, wsim-te26, dguts "
              "or grid.")
@click.option("-o", "--output", required=True, help="Scenario TOML to write ('-' for standard output).")
@click.option("--title", help="Scenario title (default: from the file name).")
@click.option("--force", is_flag=True, help="Overwrite OUTPUT if it exists.")
@click.pass_obj
def oob_convert(obj, input_path, ruleset, output, title, force):
    """Convert an order of battle into a scenario file: a CSV, the rule books' ship lines, or a
    published list (a side line such as `British` or `[French]`, then ships such as
    `Bucentaure, 80 guns` or `Redoutable (74)`); docs/oob.md gives each form.

    Every row is checked first; on any bad row nothing is written.

    \b
    Examples:
      umpire oob convert trafalgar.csv --ruleset wsim-1981 -o trafalgar.toml
      umpire oob convert trafalgar.txt --ruleset dguts -o trafalgar-dguts.toml
      umpire oob convert trafalgar.csv --ruleset wsim-1981 -o -    # to standard output
    """
    from umpire.oob.convert import convert   # every rule system's converter: loaded only to convert

    out = Path(Path(input_path).stem + ".toml") if output == "-" else Path(output)
    if output != "-":
        refuse_game_file(obj, out)
    if output != "-" and out.exists() and not force:
        raise BadInput(f"{output} already exists (use --force to overwrite)")
    doc, report = convert(Path(input_path), ruleset)
    if title:
        doc["title"] = title
    doc["id"] = out.stem.lower()
    scenarios.validate(doc, out)
    scenarios.check_playable(doc, out)
    if output == "-":
        to_stdout(obj, tomli_w.dumps(doc).encode("utf-8"))
        return
    files.write_atomic(out, tomli_w.dumps(doc).encode("utf-8"), "output", exclusive=not force)
    data = {"written": str(out), "ruleset": doc["ruleset"], "ships": len(doc["ships"]), "derived": report}
    if obj.as_json:
        obj.emit(data)
        return
    obj.emit({k: v for k, v in data.items() if k != "derived"}, "order of battle converted")
    if report:   # one line per ship whose stats were derived, not one cell of them all
        click.echo("\n".join(text.readable_lines({"derived": report}, table.width())))


@oob.command("export")
@click.option("--scenario", metavar="ID|FILE", help="Export a scenario's ships instead of the game's.")
@click.option("-o", "--output", required=True, help="CSV file to write ('-' for standard output).")
@click.pass_obj
def oob_export(obj, scenario, output):
    """Write a game's or scenario's ships as OOB CSV.

    \b
    Example:
      umpire oob export --scenario trafalgar -o trafalgar.csv
    """
    from umpire.oob.convert import export_csv   # loads every rule system: only to export

    if scenario:
        ships = scenarios.load(scenario)["ships"]
    else:
        ships = obj.game.ships + [e["action"]["definition"] for e in obj.game.events if e["kind"] == "ship"]
        ships = [{**s, **s.get("overrides", {})} for s in ships]   # DGUTS class, rate and kind as columns
    text = export_csv(ships)
    if output == "-":
        click.echo(text, nl=False)
    else:
        refuse_game_file(obj, Path(output))
        files.write_atomic(Path(output), text.encode("utf-8"), "output")   # temporary file, then renamed
        obj.emit({"written": output, "ships": len(ships)}, "exported")
