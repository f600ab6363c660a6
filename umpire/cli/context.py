"""Per-invocation context: which game, JSON or tables, and the open game session."""

from __future__ import annotations

import json
from pathlib import Path

import click

from umpire.core import game as gamefile
from umpire.core.engine import Session
from umpire.core.errors import BadInput
from umpire.core.ships import find_ship


#: Sessions a running shell keeps open between lines, by (game path, rulings file).
SHARED: dict[tuple[str, str | None], Session] = {}


def shared_session(game_path: str | None, rulings_file: str | None) -> Session | None:
    """The shell's open session for this game, if it is still the file on disk (else forget it)."""
    if not SHARED:
        return None
    key = (str(gamefile.game_path(game_path).resolve()), rulings_file)
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
        self.odds = False
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
        from umpire.cli import render

        if isinstance(res, dict):
            render.mapping(data, title)
        else:
            render.resolution(res)


def read_rulings(path: str) -> dict:
    import tomllib

    try:
        doc = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput(f"rulings file {path} not found") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise BadInput(f"rulings file {path}: {exc}") from None
    except OSError as exc:
        raise BadInput(f"rulings file {path}: cannot read ({exc.strerror})") from None
    from umpire.core.game import flatten

    rulings = doc.get("rulings", doc)
    if not isinstance(rulings, dict):
        raise BadInput(f"rulings file {path}: expected a [rulings] table of table keys and values")
    return flatten(rulings)
