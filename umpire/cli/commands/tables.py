"""`umpire tables template` and `umpire tables use`: the fill-in table pack for the tables no rule
text gives, and putting a filled one in use in a game already started."""

from __future__ import annotations

from pathlib import Path

import click

from umpire.cli import cli
from umpire.cli.printing import to_stdout
from umpire.core import files
from umpire.core.errors import BadInput
from umpire.core.ruleset import find_ruleset
from umpire.core.tables import pack_spec
from umpire.rules.wsim.editions.packs import read_pack
from umpire.rules.wsim.editions.packs import template as fill_in

MAX_PACK_BYTES = 1 << 20


@cli.group()
def tables():
    """Table packs: tables a ruleset uses that no rule text gives.

    \b
    Example:
      umpire tables template --ruleset wsim-te26 -o cards.toml
      umpire tables use cards.toml       # a corrected pack, in a game already started
    """


@tables.command("template")
@click.option("--ruleset", required=True, help="The ruleset whose missing tables to write out.")
@click.option("-o", "--output", "output", required=True, metavar="PACK.toml",
              help="Where to write the template ('-' for standard output).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@click.pass_obj
def template(obj, ruleset, output, force):
    """Write a fill-in TOML naming each table the texts lack, with its shape and rule section.

    Fill in every "?" from your own table cards, then start a game with
    `umpire new GAME.toml --ruleset ID --tables PACK.toml`.

    \b
    Example:
      umpire tables template --ruleset wsim-te26 -o cards.toml
    """
    rs = find_ruleset(ruleset)
    spec = pack_spec(rs.data_id)
    if output == "-":
        to_stdout(obj, fill_in(rs.id, spec).encode("utf-8"))
        return
    target = Path(output)
    if target.exists() and not force:
        raise BadInput(f"{output} already exists (use --force to overwrite)")
    files.write_atomic(target, fill_in(rs.id, spec).encode("utf-8"), "table pack")
    obj.emit({"file": str(target), "ruleset": rs.id, "tables": list(spec)},
             f"table pack template ({len(spec)} table(s) to fill)")


def load_pack(path: str, ruleset) -> dict[str, dict]:
    """The tables of a filled pack for `ruleset` (`umpire new --tables`), checked; exit 2 on any fault."""
    raw, _ = files.read_regular(Path(path), "table pack", MAX_PACK_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"table pack {path}: not a UTF-8 text file") from None
    return read_pack(text, path, ruleset.id, pack_spec(ruleset.data_id))


@tables.command()
@click.argument("pack", metavar="PACK.toml")
@click.pass_obj
def use(obj, pack):
    """Put a filled table pack in use in this game, in place of the one it has (journalled: `undo`
    takes it back).

    The pack is checked as `new --tables` checks it, and against the ruleset's
    own tables (a rake table's columns must be those of the table it adds to).

    \b
    Example:
      umpire tables use cards.toml
    """
    rs = obj.ruleset
    tables_ = load_pack(pack, rs)
    obj.emit(obj.session.use_pack(tables_, Path(pack).name))
