"""The game file: one human-readable TOML file holding setup and journal.

Writes are atomic (temporary file in the same folder, flush, fsync,
rename), and a lock file refuses a second writer. Current state is derived
by applying each event's effects, in order, to the state set up from the
ships and scenario.
"""

from __future__ import annotations

import contextlib
import copy
import fcntl
import os
import re
import tomllib
from pathlib import Path
from typing import Any, Iterator

from umpire.core.errors import BadInput, GameLocked
from umpire.core.effects import apply

FORMAT = 1
DEFAULT_PATH = "game.toml"


class Game:
    """A game file in memory: [game] meta, house rulings, scenario, setup ships, events."""

    def __init__(self, path: Path, meta: dict, rulings: dict | None = None, scenario: dict | None = None,
                 ships: list[dict] | None = None, events: list[dict] | None = None) -> None:
        self.path = path
        self.meta = meta
        self.rulings = rulings or {}
        self.scenario = scenario or {}
        self.ships = ships or []
        self.events = events or []
        self.raw: bytes | None = None       # the file's bytes as read, for appending
        self.stamp: tuple | None = None     # size, mtime and inode when read

    @property
    def ruleset_id(self) -> str:
        return self.meta["ruleset"]

    @property
    def seed(self) -> int:
        return int(self.meta.get("seed", 0))

    def ruleset(self):
        from umpire.rules import find_ruleset

        return find_ruleset(self.ruleset_id)

    def tables(self):
        from umpire.core.tables import Tables

        return Tables(self.ruleset().data_id, self.rulings)

    def state(self, upto: int | None = None) -> dict:
        """The state after the first `upto` events (all when None)."""
        rs = self.ruleset()
        try:
            state = rs.initial_state(self)
        except (KeyError, TypeError, ValueError) as exc:
            raise BadInput(f"game file {self.path}: a ship in the setup is incomplete ({exc})") from None
        for event in self.events[:upto]:
            try:
                apply(state, event["effects"])
            except (KeyError, IndexError, TypeError, ValueError) as exc:
                raise BadInput(f"game file {self.path}: event {event.get('n', '?')} does not fit the game "
                               f"(missing {exc}); the file may be truncated or hand-edited") from None
        required = getattr(rs, "required_keys", ())
        for sid, ship in state.get("ships", {}).items():
            missing = [k for k in required if k not in ship]
            if missing:
                raise BadInput(f"game file {self.path}: ship {sid} lacks {', '.join(missing)}; "
                               "the file may be truncated or hand-edited")
        return state

    def record(self, res, action: dict, rolls: tuple[int, ...] = (), rolled: str = "") -> dict:
        """Append a resolution to the journal (in memory) as a new event."""
        event = make_event(len(self.events) + 1, res, action, rolls, rolled)
        self.events.append(event)
        return event

    def to_toml(self) -> str:
        import tomli_w

        doc: dict[str, Any] = {"game": self.meta}
        if self.rulings:
            doc["rulings"] = self.rulings
        if self.scenario:
            doc["scenario"] = self.scenario
        if self.ships:
            doc["ships"] = self.ships
        if self.events:
            doc["events"] = self.events
        header = "# umpire game file: setup and journal. Edit with care; `umpire verify` checks it.\n"
        return header + tomli_w.dumps(_clean(doc))


def make_event(n: int, res, action: dict, rolls: tuple[int, ...] = (), rolled: str = "") -> dict:
    """A journal event: the action as typed, the dice, and the resolved effects."""
    event: dict[str, Any] = {"n": n, "kind": res.kind, "summary": res.summary, "action": _clean(action),
                             "effects": _clean(res.effects)}
    if rolls:
        event["rolls"] = list(rolls)
        event["rolled"] = rolled
    return event


def _clean(value: Any) -> Any:
    """Drop None values (TOML has no null) and turn tuples into lists."""
    if isinstance(value, dict):
        return {str(k): _clean(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value if v is not None]
    return value


def game_path(option: str | None) -> Path:
    return Path(option or os.environ.get("UMPIRE_GAME") or DEFAULT_PATH)


def load(path: Path) -> Game:
    """Read and check a game file; any problem is a one-line BadInput."""
    try:
        with path.open("rb") as fh:
            stamp = _stamp(os.fstat(fh.fileno()))
            raw = fh.read()
    except FileNotFoundError:
        raise BadInput(f"game file {path} not found (start one with `umpire new {path} --ruleset ID`)") from None
    except OSError as exc:
        raise BadInput(f"game file {path}: cannot read ({exc.strerror})") from None
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadInput(f"game file {path}: not a text file (not UTF-8)") from None
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"game file {path} is damaged or not a game: {exc}") from None
    meta = doc.get("game")
    if not isinstance(meta, dict) or "ruleset" not in meta:
        raise BadInput(f"game file {path}: no [game] table with a ruleset; is this an umpire game?")
    for key, kind, what in (("ruleset", str, "text"), ("format", int, "a whole number"),
                            ("seed", int, "a whole number"), ("level", str, "text"), ("optional", list, "a list")):
        if key in meta and (not isinstance(meta[key], kind) or isinstance(meta[key], bool)):
            raise BadInput(f"game file {path}: [game] {key} must be {what}, not {meta[key]!r}")
    if meta.get("format", FORMAT) > FORMAT:
        raise BadInput(f"game file {path}: format {meta['format']} is newer than this umpire understands")
    for key in ("rulings", "scenario"):
        if not isinstance(doc.get(key, {}), dict):
            raise BadInput(f"game file {path}: [{key}] must be a table")
    if not isinstance(doc.get("ships", []), list) or not isinstance(doc.get("events", []), list):
        raise BadInput(f"game file {path}: ships and events must be [[ships]] and [[events]] tables")
    game = Game(path=path, meta=meta, rulings=flatten(doc.get("rulings", {})), scenario=doc.get("scenario", {}),
                ships=doc.get("ships", []), events=doc.get("events", []))
    _check_events(game)
    game.raw, game.stamp = raw, stamp
    return game


def _stamp(st: os.stat_result) -> tuple:
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _unchanged(game: Game) -> None:
    """Refuse to write over a file another command changed since this one read it."""
    try:
        now = _stamp(os.stat(game.path))
    except FileNotFoundError:
        now = None
    if game.raw is None or now != game.stamp:
        raise BadInput(f"game file {game.path} changed while this command ran; run it again")


def append_event(game: Game, event: dict) -> None:
    """Add one event to the end of the file as it was read (call under `locked`).

    Events are the file's last tables, so the new `[[events]]` block is simply
    appended: no rewrite of a long journal, and the same atomic rename.
    """
    import tomli_w

    _unchanged(game)
    if b"[[events]]" not in game.raw and re.search(rb"(?m)^\s*events\s*=", game.raw):
        # a journal written as one inline array cannot be appended to: rewrite it whole
        fresh = load(game.path)
        fresh.events.append(event)
        save(fresh)
        game.events.append(event)
        return
    raw = game.raw if game.raw.endswith(b"\n") else game.raw + b"\n"
    _write(game.path, raw + tomli_w.dumps({"events": [_clean(event)]}).encode("utf-8"))
    game.events.append(event)


def drop_last_event(game: Game) -> dict:
    """Remove the journal's last event from the file (call under `locked`)."""
    _unchanged(game)
    last = game.events[-1]
    cut = game.raw.rfind(b"\n[[events]]\n")
    text = game.raw[: cut + 1].rstrip(b"\n") + b"\n" if cut >= 0 else b""
    try:
        ok = cut >= 0 and len(tomllib.loads(text.decode("utf-8")).get("events", [])) == len(game.events) - 1
    except tomllib.TOMLDecodeError:
        ok = False
    game.events.pop()
    if ok:
        _write(game.path, text)
    else:   # rewrite from the file itself, so rulings given for this command only stay out of it
        fresh = load(game.path)
        fresh.events.pop()
        save(fresh)
    return last


def flatten(rulings: dict, prefix: str = "") -> dict:
    """House rulings as flat dotted keys: {"hdt": {"modifiers": {"rake": [...]}}} -> {"hdt.modifiers.rake": [...]}."""
    flat: dict = {}
    for key, value in rulings.items():
        full = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            flat.update(flatten(value, full))
        else:
            flat[full] = value
    return flat


def _check_events(game: Game) -> None:
    for i, event in enumerate(game.events, start=1):
        if not isinstance(event, dict) or not isinstance(event.get("effects"), list):
            raise BadInput(f"game file {game.path}: event {i} is malformed (no effects list)")
        for key, kind in (("kind", str), ("summary", str), ("action", dict)):
            if not isinstance(event.get(key, kind()), kind):
                raise BadInput(f"game file {game.path}: event {i}: {key} is malformed")
        event.setdefault("summary", event.get("kind", "?"))
        event.setdefault("kind", "?")
        event.setdefault("n", i)


def save(game: Game) -> None:
    """Write the whole game atomically."""
    _write(game.path, game.to_toml().encode("utf-8"))


def _write(path: Path, text: bytes) -> None:
    """Write atomically: a crash leaves either the old file or the new one."""
    folder = path.resolve().parent
    tmp = str(folder / f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the game's lock file; refuse if another process holds it."""
    lock_path = path.resolve().parent / f".{path.name}.lock"
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise BadInput(f"game file {path}: cannot create lock ({exc.strerror})") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise GameLocked(f"game file {path} is being changed by another umpire process; try again") from None
        yield
    finally:
        os.close(fd)


def new_game(path: Path, ruleset: str, level: str, optional: list[str], seed: int,
             ships: list[dict] | None = None, scenario: dict | None = None) -> Game:
    meta = {"format": FORMAT, "ruleset": ruleset, "level": level, "optional": list(optional), "seed": seed}
    return Game(path=path, meta=meta, scenario=copy.deepcopy(scenario or {}), ships=list(ships or []))
