"""Per-invocation context: which game, JSON or tables, and the run-an-action helper."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import click

from umpire.core import game as gamefile
from umpire.core.errors import BadInput
from umpire.core.ships import find_ship


class Ctx:
    def __init__(self, game_path: str | None, as_json: bool, rulings_file: str | None) -> None:
        self.path = gamefile.game_path(game_path)
        self.as_json = as_json
        self.rulings_file = rulings_file
        self._game: gamefile.Game | None = None
        self._state: dict | None = None

    # --- reading ---------------------------------------------------------
    @property
    def game(self) -> gamefile.Game:
        if self._game is None:
            self._game = gamefile.load(self.path)
            if self.rulings_file:
                self._game.rulings = {**self._game.rulings, **read_rulings(self.rulings_file)}
                self._game.ruleset().check_rulings(self._game.tables())
        return self._game

    @property
    def state(self) -> dict:
        if self._state is None:
            self._state = self.game.state()
        return self._state

    @property
    def ruleset(self):
        return self.game.ruleset()

    def tables(self):
        return self.game.tables()

    def ship(self, text: str) -> str:
        return find_ship(self.state["ships"], text)

    # --- writing ---------------------------------------------------------
    def commit(self, res, action: dict, rolls: tuple[int, ...] = (), rolled: str = "") -> None:
        """Journal the resolution and save the game atomically, under the lock."""
        game = self.game
        after = getattr(game.ruleset(), "after", None)
        if after:
            after(self.state, res, self.tables())
        if self.rulings_file:   # rulings given for this command only travel with its event (for `verify`)
            action = {**action, "rulings": read_rulings(self.rulings_file)}
        event = gamefile.make_event(len(game.events) + 1, res, action, rolls, rolled)
        with gamefile.locked(self.path):
            gamefile.append_event(game, event)

    def run(self, plan, action: dict, roll_text: str | None):
        """Take typed dice or roll them, resolve the plan, journal and save."""
        from umpire.core.dice import event_rng, parse_rolls

        need = plan.need
        if roll_text:
            rolls = parse_rolls(roll_text)
            if plan.flexible:
                for r in rolls:
                    if not 1 <= r <= need.faces:
                        raise BadInput(f"roll {r}: a d{need.faces} shows 1 to {need.faces}")
            elif need.count == 0:
                raise BadInput(f"roll {roll_text}: no dice are needed for this action")
            else:
                rolls = need.check(rolls)
            rolled = "typed"
        else:
            rng = event_rng(self.game.seed, len(self.game.events) + 1, action.get("command", ""))
            rolls = need.roll(rng)
            rolled = "umpire"
        res = plan.resolve(rolls, rolled == "typed")
        used = tuple(res.data.get("rolls", rolls)) if plan.flexible else rolls
        res.data.setdefault("rolls", list(used))
        res.data["rolled_by"] = rolled if used else "none"
        self.commit(res, action, used, rolled)
        return res

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
