"""Tab completion and history for `umpire shell` on a terminal (readline, when Python has it)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Callable

from umpire.cli import _register, cli


class Completer:
    """Completes command names, then the command's options, then ship ids of the shell's game."""

    def __init__(self, obj) -> None:
        self.obj = obj
        self._matches: list[str] = []

    def words_for(self, before: list[str]) -> list[str]:
        _register()
        if not before:
            return sorted(cli.commands) + ["help", "exit"]
        cmd = cli.commands.get(before[0])
        if cmd is not None and hasattr(cmd, "commands") and len(before) == 1:
            return sorted(cmd.commands)
        if cmd is not None and hasattr(cmd, "commands"):
            cmd = cmd.commands.get(before[1])
        options = [o for p in getattr(cmd, "params", []) for o in getattr(p, "opts", []) if o.startswith("-")]
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
