"""Tab completion and history for `umpire shell` on a terminal (readline, when Python has it)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Callable

import click

from umpire.cli import COMMANDS, _register, cli
from umpire.cli.context import Ctx
from umpire.core.ruleset import ruleset_ids
from umpire.core.scenarios import bundled


#: Parameters that name a ship of the game (by their name in the commands' code).
SHIP_PARAMS = {"ship", "ships", "other", "others", "towed", "target", "defender", "captor", "to_ship", "blocked_by"}
#: Parameters whose values are a fixed list the code does not declare as a click choice.
FIXED = {"attitude": ["A", "B", "C", "D"], "aim": ["hull", "rigging", "high", "low"],
         "level": ["basic", "advanced"], "paper": ["a4", "letter"]}
BROADSIDES = ["left", "right", "port", "starboard", "bow", "stern"]
#: Commands whose --side is a side of the fleet rather than a broadside.
FLEET_SIDE = {"status", "add"}


def values(command: str, param, session_of: Callable[[], object]) -> list[str]:
    """The values an option or argument takes, for completion: its choices, the game's ships or sides,
    broadsides, attitudes, rulesets, scenarios or command names. `session_of()` opens the game."""
    choices = getattr(param.type, "choices", None)
    if choices:
        return [str(c) for c in choices]
    name = param.name
    if name in SHIP_PARAMS:
        return _from_game(session_of, lambda st: sorted(st["ships"]))
    if name == "side":
        if command in FLEET_SIDE:
            return _from_game(session_of, lambda st: sorted({s["side"] for s in st["ships"].values()}))
        return BROADSIDES
    if name in FIXED:
        return FIXED[name]
    if name == "ruleset":
        return ruleset_ids()
    if name == "scenario":
        return sorted(bundled())
    if name in ("words", "command"):
        return sorted(COMMANDS) + ["help", "completion"]
    return []


def _from_game(session_of, pick) -> list[str]:
    try:
        return pick(session_of().state)
    except Exception:   # no game yet, or unreadable: nothing to offer
        return []


class Completer:
    """Completes command names, then the command's options, an option's values (ship ids, sides,
    attitudes, ...), and ship ids of the shell's game; after `help`, command names."""

    def __init__(self, obj) -> None:
        self.obj = obj
        self._matches: list[str] = []

    def words_for(self, before: list[str]) -> list[str]:
        _register()
        if not before or before == ["help"]:
            return sorted(cli.commands) + (["help", "exit"] if not before else [])
        if before[0] == "help":
            before = before[1:]
            cmd = cli.commands.get(before[0])
            return sorted(cmd.commands) if len(before) == 1 and hasattr(cmd, "commands") else []
        cmd = cli.commands.get(before[0])
        if cmd is not None and hasattr(cmd, "commands") and len(before) == 1:
            return sorted(cmd.commands)
        name = before[0]
        if cmd is not None and hasattr(cmd, "commands"):
            name, cmd = before[1], cmd.commands.get(before[1])
        params = getattr(cmd, "params", [])
        wanting = next((p for p in params if before[-1] in getattr(p, "opts", ()) and not getattr(p, "is_flag", True)),
                       None)
        if wanting is not None:   # the word after an option is its value
            return values(name, wanting, lambda: self.obj.session)
        options = [o for p in params for o in getattr(p, "opts", []) if o.startswith("-")]
        return options + self.ship_ids()

    def ship_ids(self) -> list[str]:
        try:
            return sorted(self.obj.session.state["ships"])
        except Exception:   # no game yet, or unreadable: nothing to offer
            return []

    def complete(self, text: str, index: int) -> str | None:
        if index == 0:
            import readline   # present whenever completion was turned on (setup_readline)

            line = readline.get_line_buffer()[: readline.get_begidx()]
            try:
                before = shlex.split(line)
            except ValueError:
                before = line.split()
            self._matches = [w + " " for w in self.words_for(before) if w.startswith(text)]
        return self._matches[index] if index < len(self._matches) else None


def attach_values() -> None:
    """For the system shell's completion (`umpire completion bash`): every option and argument of
    every command completes its values as in `umpire shell`."""
    _register()

    def walk(command) -> None:
        for param in command.params:
            if getattr(param, "_custom_shell_complete", None) is None and not getattr(param, "is_flag", False):
                param._custom_shell_complete = _complete_param
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    def _complete_param(ctx: click.Context, param, incomplete: str) -> list[str]:
        def session():
            return Ctx(ctx.find_root().params.get("game_path"), False, None).session

        return [v for v in values(ctx.info_name or "", param, session) if v.startswith(incomplete)]

    walk(cli)


def setup_readline(completer: Completer) -> Callable[[], None]:
    """Turn on completion and history; returns the function that saves the history."""
    try:
        import readline
    except ImportError:   # no readline on this Python: the shell still works, without editing aids
        return lambda: None
    readline.set_completer(completer.complete)
    readline.set_completer_delims(" \t")
    readline.parse_and_bind("tab: complete")
    history = Path(os.environ.get("UMPIRE_HISTORY", Path.home() / ".umpire_history"))
    try:
        readline.read_history_file(history)
    except OSError:
        pass

    def save() -> None:
        try:
            readline.set_history_length(1000)
            readline.write_history_file(history)
        except OSError:
            pass

    return save
