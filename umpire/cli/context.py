"""Per-invocation context: which game, JSON or tables, and the open game session."""

from __future__ import annotations

import json
import os
import re

import click

from umpire.cli import render
from umpire.core import files
from umpire.core import game as gamefile
from umpire.core.engine import Session
from umpire.core.errors import BadInput
from umpire.core.game import flatten
from umpire.core.ships import find_ship


#: Sessions a running shell keeps open between lines, by (game path, rulings file).
SHARED: dict[tuple[str, str | None], Session] = {}


def shared_session(game_path: str | None, rulings_file: str | None) -> Session | None:
    """The shell's open session for this game, if it is still the file on disk (else forget it)."""
    if not SHARED:
        return None
    key = (os.path.realpath(gamefile.game_path(game_path)), rulings_file)
    session = SHARED.get(key)
    if session is not None and not session.current():
        session = SHARED[key] = Session(session.path, session.extra_rulings)
    return session


class Ctx:
    """What a command needs: the game session (opened on first use), output mode, rulings file."""

    def __init__(self, game_path: str | None, as_json: bool, rulings_file: str | None,
                 session: Session | None = None) -> None:
        self.path = gamefile.game_path(game_path)
        self.as_json = as_json
        self.rulings_file = rulings_file
        self.odds = None   # under `umpire odds`: shows an action's exact odds instead of doing it
        self._session = session

    @property
    def session(self) -> Session:
        if self._session is None:
            self._session = Session(self.path, read_rulings(self.rulings_file) if self.rulings_file else None)
        return self._session

    # --- reading ---------------------------------------------------------
    @property
    def game(self) -> gamefile.Game:
        return self.session.game

    @property
    def state(self) -> dict:
        return self.session.state

    @property
    def ruleset(self):
        return self.session.ruleset

    def tables(self):
        return self.session.tables()

    def ship(self, text: str) -> str:
        return find_ship(self.state["ships"], text)

    # --- writing ---------------------------------------------------------
    def commit(self, res, action: dict, rolls: tuple[int, ...] = (), rolled: str = "") -> None:
        """Journal the resolution and save the game atomically, under the lock."""
        self.session.commit(res, action, rolls, rolled)

    # --- output ----------------------------------------------------------
    def emit(self, res, title: str = "") -> None:
        if not isinstance(res, dict):
            data = dict(res.data)
            data.setdefault("summary", res.summary)
            data["explain"] = res.explain()
        else:
            data = res
        if self.as_json:
            click.echo(json.dumps(data, sort_keys=False))
            return
        if isinstance(res, dict):
            render.mapping(data, title)
        else:
            render.resolution(res)


def read_rulings(path: str) -> dict:
    """House rulings from a file holding one [rulings] table (and nothing else) of table keys and values.

    Anything else is refused without repeating what the file holds: a rulings file is read as
    rulings, not shown back whatever it is."""
    raw, _ = files.read_regular(path, "rulings file", files.MAX_FILE_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"rulings file {path}: not a UTF-8 text file") from None
    doc = files.toml_loads(text, f"rulings file {path}")
    expected = ('expected one [rulings] table of "<table>.<key>" = value, e.g. '
                '[rulings] "hdt.modifiers.rake" = [1, 1, 1, 1, 1]')
    if set(doc) != {"rulings"} or not isinstance(doc["rulings"], dict):
        raise BadInput(f"rulings file {path}: {expected}")
    rulings = flatten(doc["rulings"])
    for n, (key, value) in enumerate(rulings.items(), 1):
        if not re.compile(_RULING_KEY).match(key) or not _ruling_value(value):
            raise BadInput(f"rulings file {path}: ruling {n} is not a table key with a number, text, "
                           f"flag or list as its value; {expected}")
    return rulings


_RULING_KEY = r"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$"


def _ruling_value(value) -> bool:
    """Rulings replace table values: numbers, text, flags, or (nested) lists of them."""
    if isinstance(value, list):
        return all(_ruling_value(v) for v in value)
    return isinstance(value, (int, float, str, bool))
