"""What the players' board shows, read from the game file beside the commands that write it.

A `Board` reads the game as a reader only (`Session(read_only=True)`: no lock taken, no snapshot
or journal index written) and keeps the last good reading: the game file is replaced whole by
each command (never seen half-written), and a file that cannot be read leaves the last state on
the pages with a notice. Each page's state is built from the same answers `umpire --json status`
gives and the same view models the printed sheets draw (`pdf/<family>/printing.py`, `board`).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core import game as gamefile
from umpire.core.engine import Session
from umpire.core.errors import UmpireError
from umpire.pdf.families import printing_for
from umpire.pdf.sources import fleet_from_game

#: what a side sees of another side's ship across the table (board contract)
SEEN_ACROSS = ("id", "name", "side", "class", "state")
#: journal lines a page shows
LAST_EVENTS = 10


@dataclass
class Reading:
    """One good reading of the game: everything every page draws."""

    stamp: tuple
    game: str
    ruleset: str
    turn: int
    wind: Any
    ships: dict[str, dict]                 # id -> `--json status` of the ship
    blocks: dict[str, tuple]               # id -> her sheet's blocks (Printing.board)
    events: list[dict]                     # log lines with the ships each one names
    version: int = 0


@dataclass
class Board:
    """The game file's latest good reading, refreshed when the file changes."""

    path: Path
    notice: str = ""
    reading: Reading | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _version: int = 0

    def start(self) -> Reading:
        """The first reading; a game that cannot be read is refused as every command refuses it (where
        `current` keeps the last good reading and says why in `notice`)."""
        with self._lock:
            try:
                stamp = gamefile._stamp(os.stat(self.path))
            except OSError:
                stamp = None                  # `read` names what is wrong with the file
            self.reading = read(self.path, stamp)
            self._version = self.reading.version = 1
            return self.reading

    def current(self) -> Reading | None:
        """The reading of the file as it stands (read again only when its stamp has changed)."""
        with self._lock:
            try:
                stamp = gamefile._stamp(os.stat(self.path))   # as a session tells the file has changed
            except OSError as exc:
                self.notice = f"the game file cannot be read ({exc.strerror}); showing the last good state"
                return self.reading
            if self.reading is not None and self.reading.stamp == stamp:
                return self.reading
            try:
                reading = read(self.path, stamp)
            except (UmpireError, OSError, ValueError, KeyError, TypeError) as exc:
                self.notice = f"the game file cannot be read ({exc}); showing the last good state"
                return self.reading
            self._version += 1
            reading.version = self._version
            self.reading, self.notice = reading, ""
            return reading


def read(path: Path, stamp: tuple) -> Reading:
    """Read the game once, as a reader only."""
    session = Session(path, read_only=True)
    state, rs, game = session.state, session.ruleset, session.game
    ships = {sid: rs.ship_status(s, state) for sid, s in state["ships"].items()}
    blocks: dict[str, tuple] = {}
    if ships:
        printing = printing_for(rs.id)
        fleet = fleet_from_game(game, state)
        for view, ship in zip(printing.views(fleet), fleet.ships):
            blocks[str(ship["id"])] = printing.board(view)
    events = [{**line, "ships": sorted(_named(e, state["ships"]))}
              for line, e in zip(session.log(), game.events)][-200:]
    return Reading(stamp, os.path.basename(path), rs.id, int(state.get("turn", 1)), rs.game_status(state).get("wind"),
                   ships, blocks, events)


def _named(event: dict, ships: dict) -> set[str]:
    """The ships an event's action names (the acting ship, its target, a ship added)."""
    found: set[str] = set()

    def walk(value: Any, depth: int) -> None:
        if isinstance(value, str) and value in ships:
            found.add(value)
        elif depth < 3 and isinstance(value, dict):
            for v in value.values():
                walk(v, depth + 1)
        elif depth < 3 and isinstance(value, list):
            for v in value[:50]:
                walk(v, depth + 1)

    walk(event.get("action") or {}, 0)
    return found


def page_state(reading: Reading | None, side: str | None, notice: str = "") -> dict:
    """A page's JSON twin (board contract): the side's own ships in full, the others as seen across
    the table; the umpire's page (`side` None) every ship in full."""
    if reading is None:
        return {"game": "", "ruleset": "", "turn": 0, "side": side, "ships": [], "last_events": [],
                "version": 0, "notice": notice or "the game file cannot be read yet"}
    ships = []
    for sid, status in reading.ships.items():
        own = side is None or reading_side(reading, sid) == side
        if own:
            ships.append(dict(status))
        else:   # the class her counter shows (a grid ship's type)
            ships.append({k: status.get(k, "") for k in SEEN_ACROSS})
            ships[-1].update(id=sid, side=reading_side(reading, sid), **{"class": _class(status)})
    events = [e for e in reading.events
              if side is None or any(reading_side(reading, s) == side for s in e["ships"])][-LAST_EVENTS:]
    return {"game": reading.game, "ruleset": reading.ruleset, "turn": reading.turn, "side": side,
            "ships": ships, "last_events": [{k: v for k, v in e.items() if k != "ships"} for e in events],
            "wind": reading.wind, "version": reading.version, "notice": notice}


def _class(status: dict) -> str:
    value = status.get("class") or status.get("type") or ""
    return "" if isinstance(value, (dict, list)) else str(value)


def sides(reading: Reading) -> list[str]:
    """The game's sides, in the order their first ships were set up."""
    return list(dict.fromkeys(str(s.get("side", "")) for s in reading.ships.values()))


def reading_side(reading: Reading, ship_id: str) -> str:
    return str(reading.ships.get(ship_id, {}).get("side", ""))
