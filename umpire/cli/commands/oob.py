"""`umpire oob convert` and `umpire oob export`: orders of battle in and out."""

from __future__ import annotations

from pathlib import Path

import click
import tomli_w

from umpire.cli import cli
from umpire.cli.printing import refuse_game_file, to_stdout
from umpire.core import files, scenarios
from umpire.core.errors import BadInput


@cli.group()
def oob():
    """Convert historical orders of battle to game stats, and back."""


@oob.command("convert")
@click.argument("input_path", metavar="INPUT")
@click.option("--ruleset", required=True, help="wsim-1981 or dguts.")
@click.option("-o", "--output", required=True, help="Scenario TOML to write ('-' for standard output).")
@click.option("--title", help="Scenario title (default: from the file name).")
@click.option("--force", is_flag=True, help="Overwrite OUTPUT if it exists.")
@click.pass_obj
def oob_convert(obj, input_path, ruleset, output, title, force):
    """Convert an OOB CSV (or the rule books' ship lines) into a scenario file.

    Every row is checked first; on any bad row nothing is written.

    \b
    Example:
      umpire oob convert trafalgar.csv --ruleset wsim-1981 -o trafalgar.toml
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
    obj.emit({"written": str(out), "ruleset": doc["ruleset"], "ships": len(doc["ships"]), "derived": report},
             "order of battle converted")


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
