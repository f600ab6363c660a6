"""`umpire demo`: play the bundled example duel, showing the working of every command."""

from __future__ import annotations

import shlex
import tempfile
import tomllib
from pathlib import Path

import click

from umpire.cli import cli
from umpire.cli import main as run   # the same entry point a user types
from umpire.core import game as gamefile
from umpire.core.resources import resource_dir
from umpire.core.ruleset import find_ruleset

EXAMPLE = "wsim-mars-hercule"


def load_example(name: str = EXAMPLE) -> dict:
    with (Path(resource_dir("data")) / "examples" / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def setup_commands(example: dict, path: str) -> list[list[str]]:
    cmds = [["new", path, "--ruleset", example["ruleset"], "--seed", str(example["seed"]), "--force"]]
    for s in example["ships"]:
        cmd = ["ship", "add", s["name"], "--side", s["side"], "--spec", s["spec"]]
        for key in ("class", "turning"):
            if key in s:
                cmd += [f"--{key}", str(s[key])]
        cmds.append(cmd)
    return cmds


def mismatches(status: dict, expect: dict) -> list[str]:
    """Differences between a status JSON and the hand-worked boxes."""
    ships = {s["id"]: s for s in status["ships"]}
    out = []
    for sid, want in expect.items():
        for key, value in want.items():
            if ships[sid][key] != value:
                out.append(f"{sid} {key}: expected {value}, got {ships[sid][key]}")
    return out


@cli.command()
@click.option("--keep", metavar="PATH", help="Keep the demo game at PATH (default: a temporary file).")
@click.pass_obj
def demo(obj, keep):
    """Play the bundled example duel (MARS v HERCULE, three turns) and check it.

    Every command is shown with its working; after each turn the ships' boxes
    are compared with values worked by hand from the tables.

    \b
    Example:
      umpire demo
    """
    example = load_example()
    with tempfile.TemporaryDirectory() as tmp:
        path = keep or str(Path(tmp) / "demo.toml")
        for cmd in setup_commands(example, path):
            _run(run, ["--game", path] + cmd)
        bad: list[str] = []
        for i, turn in enumerate(example["turns"], 1):
            click.secho(f"\n=== turn {i} ===", bold=True)
            for line in turn["commands"]:
                click.secho(f"$ umpire {line}", fg="cyan")
                _run(run, ["--game", path] + shlex.split(line))
            g = gamefile.load(Path(path))
            state, rs = g.state(), find_ruleset(g.ruleset_id)
            status = {"ships": [rs.status(s) for s in state["ships"].values()]}
            bad += [f"turn {i}: {m}" for m in mismatches(status, turn.get("expect", {}))]
        click.echo()
        if bad:
            click.secho("demo: results differ from the hand-worked values:\n" + "\n".join(bad), fg="red", err=True)
            raise SystemExit(1)
        click.secho(f"demo: all {len(example['turns'])} turns match the hand-worked boxes "
                    f"(docs/worked-duel.md)." + (f" Game kept at {path}." if keep else ""), fg="green")


def _run(run, argv: list[str]) -> None:
    try:
        run(argv)
    except SystemExit as exc:
        if exc.code:
            raise
