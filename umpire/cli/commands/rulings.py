"""`umpire rulings`: the rulings in force, and house rulings set or withdrawn during a game."""

from __future__ import annotations

import json
import tomllib

import click

from umpire.cli import cli, render
from umpire.core.errors import BadInput
from umpire.core.game import flatten
from umpire.core.suggest import did_you_mean


def parse_value(text: str):
    """A ruling's value as TOML reads it (`3`, `0.5`, `[1, 2, 3]`, `true`, `"text"`); bare words are text."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


@cli.group(invoke_without_command=True)
@click.pass_context
def rulings(ctx):
    """List every ruling in force: key, value, origin (default or house) and source.

    \b
    Examples:
      umpire rulings
      umpire rulings set hdt.modifiers.rake "[1, 1, 2, 2, 3]" --reason "club rule"
      umpire rulings unset hdt.modifiers.rake
    """
    if ctx.invoked_subcommand:
        return
    obj = ctx.obj
    items = [{"key": r.key, "value": r.value, "origin": r.origin, "source": r.source}
             for r in obj.session.rulings_in_force()]
    if obj.as_json:
        click.echo(json.dumps({"rulings": items}))
        return
    render.rows(f"rulings in force ({obj.ruleset.id})", ["key", "value", "origin", "source"],
                [[i["key"], json.dumps(i["value"]), i["origin"], i["source"]] for i in items] or
                [["(none)", "", "", "every value is the rule book's"]])


@rulings.command("set")
@click.argument("key")
@click.argument("value")
@click.option("--reason", default="", help="Why the umpire rules so (journalled with it).")
@click.pass_obj
def rulings_set(obj, key, value, reason):
    """Journal a house ruling: KEY is a table key (table.path.to.value), VALUE as TOML writes it.

    The ruling is checked against the table it changes (same kind and shape
    of value), applies from the next command on, and `undo` takes it back.

    \b
    Example:
      umpire rulings set hdt.modifiers.rake "[1, 1, 2, 2, 3]" --reason "club rule"
    """
    obj.emit(_nearest_key(obj, key, lambda: obj.session.set_ruling(key, parse_value(value), reason)))


@rulings.command("unset")
@click.argument("key")
@click.pass_obj
def rulings_unset(obj, key):
    """Withdraw a house ruling set during the game (journalled; `undo` restores it).

    \b
    Example:
      umpire rulings unset hdt.modifiers.rake
    """
    obj.emit(_nearest_key(obj, key, lambda: obj.session.unset_ruling(key)))


def _nearest_key(obj, key: str, action):
    """Run `action`; a key the tables lack is refused with the nearest keys in force."""
    try:
        return action()
    except BadInput as exc:
        hint = "no such table key" in str(exc) and did_you_mean(key, _table_keys(obj))
        if not hint:
            raise
        raise BadInput(f"house ruling {key!r}: no such table key{hint} (`umpire rulings` lists them)") from None


def _table_keys(obj) -> list[str]:
    """Every key a ruling may set: each table's values by dotted path, and the rulings in force."""
    tables = obj.tables()
    keys = [f"{name}.{k}" for name in tables.names() for k in flatten(dict(tables[name]))
            if k.split(".")[0] not in ("source", "cite")]
    return keys + [r.key for r in obj.session.rulings_in_force()]
