"""The game file: one human-readable TOML file holding setup and journal.

Writes are atomic (temporary file in the same folder, flush, fsync,
rename), and a lock file refuses a second writer. Current state is derived
by applying each event's effects, in order, to the state set up from the
ships and scenario.
"""

from __future__ import annotations

import contextlib
import copy
import errno
import fcntl
import os
from typing import Any, Iterator

from umpire.core import files
from umpire.core.effects import apply
from umpire.core.errors import BadInput, GameLocked
from umpire.core.files import MAX_INTEGER, PathText, toml_loads_checked
from umpire.core.ruleset import find_ruleset
from umpire.core.tables import Tables

#: the game file's format: 2 since a turning ability typed at `move` is kept on the ship's record
#: (core/record.py). Older files are migrated when read (`MIGRATIONS`), never refused.
FORMAT = 2
DEFAULT_PATH = "game.toml"


class Game:
    """A game file in memory: [game] meta, house rulings, scenario, setup ships, events.

    The journal's events are parsed only when something asks for them: a
    command answered from the state snapshot (`core.snapshot`) never does.
    """

    def __init__(self, path: PathText, meta: dict, rulings: dict | None = None, scenario: dict | None = None,
                 ships: list[dict] | None = None, events: list[dict] | None = None) -> None:
        self.path = path
        self.meta = meta
        self.rulings = rulings or {}
        self.scenario = scenario or {}
        self.ships = ships or []
        self._events: list[dict] | None = events or []
        self.n_events = len(self._events)
        self._raw: bytes | None = None      # the file's bytes as read, for appending
        self._lazy = False                  # the bytes are read when first asked for (`raw`)
        self.stamp: tuple | None = None     # size, mtime and inode when read

    @property
    def raw(self) -> bytes | None:
        """The file's bytes. A game opened from its snapshot reads them only when a command needs
        them (to write, to verify); they must be the bytes of the stamp it was opened at."""
        if self._lazy:
            raw, stamp = read_bytes(self.path)
            if stamp != self.stamp:
                raise BadInput(f"game file {self.path} was changed by another program while this command ran; "
                               "run it again")
            self._raw, self._lazy = raw, False
        return self._raw

    @raw.setter
    def raw(self, value: bytes | None) -> None:
        self._raw, self._lazy = value, False

    @property
    def events(self) -> list[dict]:
        if self._events is None:
            full = _parse(self.path, self.raw or b"")
            self._events = full.events
            self.n_events = len(self._events)
        return self._events

    @property
    def ruleset_id(self) -> str:
        return self.meta["ruleset"]

    @property
    def seed(self) -> int:
        return int(self.meta.get("seed", 0))

    def ruleset(self):
        return find_ruleset(self.ruleset_id, self.meta.get("level"))

    def tables(self, extra: dict | None = None, state: dict | None = None):
        return Tables(self.ruleset().data_id, {**self.rulings, **(extra or {})}, packs=self.packs(state))

    def packs(self, state: dict | None = None) -> dict:
        """The table pack in force: the one last put in use in play (`umpire tables use`, kept in the
        state), else the one the game was started with (`new --tables`)."""
        if state is not None and isinstance(state.get("pack"), dict):
            return state["pack"]
        return self.meta.get("tables") or {}

    def state(self, upto: int | None = None, undo: list | None = None, undo_from: int = 0) -> dict:
        """The state after the first `upto` events (all when None), replayed from the journal.

        With `undo`, collect (per event from index `undo_from` on) the changes that take it back.
        """
        rs = self.ruleset()
        try:
            state = rs.initial_state(self)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise BadInput(f"game file {self.path}: a ship in the setup is incomplete or of the wrong kind "
                           f"({type(exc).__name__}: {exc}); the file may be hand-edited") from None
        state.setdefault("rulings", {})        # house rulings set during the game (`umpire rulings set`)
        state.setdefault("ruling_notes", {})   # and for each, the event that set it and why
        templates = ship_templates(self)
        for i, event in enumerate(self.events[:upto]):
            back: list | None = [] if undo is not None and i >= undo_from else None
            try:
                apply(state, event["effects"], back)
                for sid in touched_ships(event["effects"]):     # what the rules read next must be sound
                    if sid in state["ships"]:
                        check_ship(self, templates, sid, state["ships"][sid])
            except BadInput:
                raise
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
                raise BadInput(f"game file {self.path}: event {event.get('n', '?')} does not fit the game "
                               f"(missing {exc}); the file may be truncated or hand-edited") from None
            if back is not None:
                undo.append(back)
        check_state(self, state, templates)
        return state

    def record(self, res, action: dict, rolls: tuple[int, ...] = (), rolled: str = "") -> dict:
        """Append a resolution to the journal (in memory) as a new event."""
        event = make_event(len(self.events) + 1, res, action, rolls, rolled)
        self.events.append(event)
        self.n_events += 1
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


def check_state(game: "Game", state: dict, templates: dict | None = None) -> None:
    """Refuse a state whose values do not have the shape the ruleset gives them (a truncated,
    hand-edited or tampered file): each ship is held to a fresh ship made from its own set-up,
    the rest of the state to the state a new game starts with."""
    templates = ship_templates(game) if templates is None else templates
    ships = state.get("ships")
    if not isinstance(ships, dict):
        raise BadInput(f"game file {game.path}: the ships are damaged; the file may be truncated or hand-edited")
    for sid, ship in ships.items():
        check_ship(game, templates, sid, ship)
    start = game.ruleset().initial_state(Game(path=game.path, meta=game.meta, rulings=game.rulings,
                                              scenario=game.scenario))
    start.pop("ships", None)
    later = {k: v for k, v in LATER_STATE.items() if k in state and start.get(k) is None}
    _check_shape({**start, **later}, state, f"game file {game.path}: state", limit=2**64)   # (a seed may be kept there)


#: values the rules add to a game's state and to a ship's as play goes on (a new game or ship lacks
#: them), by the kind they are given: one of another kind is refused on reading, as any other value
LATER_STATE = {"wind": {}, "game_over": {"over": False, "draw": False}, "fire_start": {}, "fire_turn": 0,
               "move_begun": 0, "move_begun_by": ""}
LATER_SHIP = {"movement": {}, "boarding": [], "tries": [], "turning": 0, "gun_marks": [], "fired": {},
              "grappled_on": {}, "te_grapple_plotted": 0}


def ship_templates(game: "Game") -> dict:
    """Each ship's set-up, as a fresh ship (what its values must look like), by id."""
    rs = game.ruleset()
    added = [e["action"].get("definition") for e in game.events if e["action"].get("command") == "ship add"]
    templates: dict = {}
    for d in game.ships + added:
        if isinstance(d, dict) and isinstance(d.get("id"), str):
            wrong = [k for k in ("name", "side") if not isinstance(d.get(k), str)]
            wrong += [k for k, kind in rs.definition_kinds.items()
                      if k in d and (type(d[k]) is not type(kind) and not (type(kind) is float and type(d[k]) is int))]
            if wrong:
                kind = rs.definition_kinds.get(wrong[0], "")
                said = "text" if isinstance(kind, str) else "a number"
                raise BadInput(f"game file {game.path}: ship {d['id']!r}: its {wrong[0]} must be {said}; "
                               "the file may be hand-edited")
        if isinstance(d, dict) and isinstance(d.get("id"), str) and d["id"] not in templates:
            try:
                templates[d["id"]] = rs.new_ship(d)
            except Exception as exc:    # a tampered definition can fail anywhere in the ruleset's set-up
                raise BadInput(f"game file {game.path}: ship {d['id']!r}: its set-up is damaged "
                               f"({type(exc).__name__}); the file may be hand-edited") from None
    return templates


def check_ship(game: "Game", templates: dict, sid: Any, ship: Any) -> None:
    """Refuse a ship that lacks what the ruleset needs or whose values are not of its kinds."""
    missing = [k for k in game.ruleset().required_keys if not isinstance(ship, dict) or k not in ship]
    if missing:
        raise BadInput(f"game file {game.path}: ship {sid} lacks {', '.join(missing)}; "
                       "the file may be truncated or hand-edited")
    if sid not in templates:
        raise BadInput(f"game file {game.path}: ship {sid!r} was never set up or added; the file may be hand-edited")
    template = templates[sid]
    later = {k: v for k, v in LATER_SHIP.items() if k in ship and template.get(k) is None}
    _check_shape({**template, **later} if later else template, ship, f"game file {game.path}: ship {sid}")
    _check_items(game.ruleset().list_items, templates, ship, f"game file {game.path}: ship {sid}")
    problem = game.ruleset().ship_problem(ship)
    if problem:
        raise BadInput(f"game file {game.path}: ship {sid}: {problem}; the file may be hand-edited")


def _check_items(kinds: dict, templates: dict, ship: dict, where: str) -> None:
    """The items of the lists (or the values of the tables) a new ship starts empty are of the kinds
    the ruleset names."""
    for key, kind in kinds.items():
        held = ship.get(key) or ()
        for item in (held.values() if isinstance(held, dict) else held):
            if kind == "ship":
                ok = isinstance(item, str) and item in templates
            elif isinstance(kind, tuple):
                ok = isinstance(item, (str, int)) and not isinstance(item, bool) and item in kind
            else:
                ok = type(item) is type(kind)
                if ok and isinstance(kind, dict) and kind:    # a table item: its keys of their kinds too
                    _check_shape(kind, item, f"{where}.{key}")
            if not ok:
                shown = repr(item) if len(repr(item)) < 40 else type(item).__name__
                raise BadInput(f"{where}.{key}: {shown} does not fit the game; "
                               "the file may be truncated or hand-edited")


def touched_ships(effects: list) -> set:
    """The ids of the ships a list of effects changes."""
    return {e["path"][1] for e in effects if isinstance(e, dict) and isinstance(e.get("path"), list)
            and len(e["path"]) > 1 and e["path"][0] == "ships" and isinstance(e["path"][1], str)}


#: Numbers in a ship's state are counts of boxes, men, guns and tons; nothing honest is larger.
MAX_NUMBER = 10**9


def _check_shape(template: Any, value: Any, where: str, limit: float = MAX_NUMBER) -> None:
    """`value` has the kinds of `template`: numbers where numbers are (finite, within `limit`),
    text, flags, lists of the same kind of item, and tables with at least the template's keys."""
    stack = [(template, value, where)]
    while stack:
        want, got, at = stack.pop()
        if want is None:
            continue
        if isinstance(want, bool) or isinstance(want, str):
            ok = type(got) is type(want)
        elif isinstance(want, (int, float)):
            ok = isinstance(got, (int, float)) and not isinstance(got, bool) and abs(got) <= limit
        elif isinstance(want, (list, tuple)):
            ok = isinstance(got, (list, tuple))
            if ok and want:
                stack.extend((want[0], item, f"{at}[{i}]") for i, item in enumerate(got))
        elif isinstance(want, dict):
            ok = isinstance(got, dict) and all(k in got for k in want)
            if ok:
                stack.extend((w, got[k], f"{at}.{k}") for k, w in want.items())
        else:
            ok = True
        if not ok:
            shown = repr(got) if len(repr(got)) < 40 else type(got).__name__
            raise BadInput(f"{at}: {shown} does not fit the game; the file may be truncated or hand-edited")


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


def game_path(option: str | None) -> str:
    return os.fspath(option or os.environ.get("UMPIRE_GAME") or DEFAULT_PATH)


def read_bytes(path: PathText) -> tuple[bytes, tuple]:
    """The game file's bytes and its stamp; only a regular file of a bounded size is read."""
    raw, st = files.read_regular(path, "game file", files.MAX_GAME_BYTES,
                                 missing=f" (start one with `umpire new {path} --ruleset ID`)")
    return raw, _stamp(st)


def load(path: PathText) -> Game:
    """Read and check a game file, parsing the whole journal; any problem is a one-line BadInput."""
    raw, stamp = read_bytes(path)
    game = _parse(path, raw)
    game.raw, game.stamp = raw, stamp
    return game


def from_parts(path: PathText, raw: bytes | None, stamp: tuple, parts: dict, n_events: int) -> Game:
    """A game whose set-up comes from a validated snapshot; its events are parsed only if asked for,
    and its bytes (None: not read yet) read only if a command needs them."""
    game = Game(path=path, meta=parts["meta"], rulings=parts.get("rulings", {}), scenario=parts.get("scenario", {}),
                ships=parts.get("ships", []))
    game._events, game.n_events = None, n_events
    game.raw, game.stamp = raw, stamp
    game._lazy = raw is None
    return game


def parts(game: Game) -> dict:
    """The set-up tables of a game, as a snapshot keeps them."""
    return {"meta": game.meta, "rulings": game.rulings, "scenario": game.scenario, "ships": game.ships}


def _parse(path: PathText, raw: bytes, lenient: bool = False) -> Game:
    """The game in `raw`; any problem is a one-line BadInput. With `lenient` (for `verify`) a malformed
    event is kept as a stub naming what is wrong with it (`MALFORMED`), for `verify` to report."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"game file {path}: not a text file (not UTF-8)") from None
    doc, plain = toml_loads_checked(text, f"game file {path} is damaged or not a game")
    odd = "" if plain else odd_value(doc)     # named only when there is one: the usual file is walked once
    if odd:
        raise BadInput(f"game file {path}: {odd}; the file may be hand-edited")
    meta = doc.get("game")
    if not isinstance(meta, dict) or "ruleset" not in meta:
        raise BadInput(f"game file {path}: no [game] table with a ruleset; is this an umpire game?")
    for key, kind, what in (("ruleset", str, "text"), ("format", int, "a whole number"),
                            ("seed", int, "a whole number"), ("level", str, "text"), ("optional", list, "a list"),
                            ("strict", bool, "true or false"), ("tables", dict, "a table of tables")):
        if key in meta and (not isinstance(meta[key], kind) or (kind is not bool and isinstance(meta[key], bool))):
            raise BadInput(f"game file {path}: [game] {key} must be {what}, not {meta[key]!r}")
    if not all(isinstance(o, str) for o in meta.get("optional", [])):
        raise BadInput(f"game file {path}: [game] optional must be a list of rule names (text)")
    if not all(isinstance(t, dict) for t in meta.get("tables", {}).values()):
        raise BadInput(f"game file {path}: [game.tables] must hold one table per table of the pack")
    if meta.get("format", FORMAT) > FORMAT:
        raise BadInput(f"game file {path}: format {meta['format']} is newer than this umpire understands")
    for key in ("rulings", "scenario"):
        if not isinstance(doc.get(key, {}), dict):
            raise BadInput(f"game file {path}: [{key}] must be a table")
    if not isinstance(doc.get("ships", []), list) or not isinstance(doc.get("events", []), list):
        raise BadInput(f"game file {path}: ships and events must be [[ships]] and [[events]] tables")
    game = Game(path=path, meta=meta, rulings=flatten(doc.get("rulings", {})), scenario=doc.get("scenario", {}),
                ships=doc.get("ships", []), events=doc.get("events", []))
    _check_events(game, lenient)
    migrate(game)
    return game


# --- older formats ---------------------------------------------------------------

def _typed_turning_kept(game: Game) -> None:
    """Format 1 -> 2: a turning ability typed at `move` (`--turning N`) for a ship whose record had
    none was used for that move only; from format 2 the move keeps it on her record (an effect
    setting `ships.ID.turning`), so the events replay as today's rules resolve them."""
    recorded = {d.get("id") for d in game.ships if isinstance(d, dict) and d.get("turning") is not None
                and isinstance(d.get("id"), str)}
    for event in game.events:
        action = event["action"]
        added = action.get("definition") if action.get("command") == "ship add" else None
        if isinstance(added, dict) and added.get("turning") is not None and isinstance(added.get("id"), str):
            recorded.add(added["id"])
        for e in event["effects"]:
            path = e.get("path") if isinstance(e, dict) else None
            if isinstance(path, list) and len(path) == 3 and path[0] == "ships" and path[2] == "turning" \
                    and isinstance(path[1], str):
                recorded.add(path[1])
        opts = action.get("opts")
        ship = action.get("ship")
        if action.get("command") != "move" or not isinstance(opts, dict) or opts.get("turning") is None \
                or not isinstance(ship, str) or ship in recorded:
            continue
        typed = opts["turning"]
        if isinstance(typed, bool) or not str(typed).strip().isdigit():
            continue
        event["effects"].append({"op": "set", "path": ["ships", ship, "turning"], "value": int(str(typed).strip())})
        recorded.add(ship)


#: format N -> the function that brings a game read at format N to format N + 1 (in memory; the
#: file is rewritten in the new format only when it is next saved whole). Each is safe to run on
#: events already in the newer shape, as a file appended to after its migration holds both.
MIGRATIONS = {1: _typed_turning_kept}


def migrate(game: Game) -> None:
    """Bring a game read from an older format up to `FORMAT`, one step at a time."""
    start = game.meta.get("format", 1)
    if start < 1:
        raise BadInput(f"game file {game.path}: [game] format {start} was never written by umpire (1 to {FORMAT})")
    for version in range(start, FORMAT):
        MIGRATIONS[version](game)
    if start < FORMAT:
        game.meta["format"] = FORMAT


def _stamp(st: os.stat_result) -> tuple:
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _unchanged(game: Game) -> None:
    """Refuse to write over a file another command changed since this one read it."""
    try:
        now = _stamp(os.stat(game.path))
    except OSError:
        now = None
    if (game._raw is None and not game._lazy) or now != game.stamp:
        raise changed(game)


def changed(game: Game) -> BadInput:
    """The refusal of a write over a game file another program changed since this command read it."""
    return BadInput(f"game file {game.path} changed while this command ran; run it again")


def _reread(game: Game, written: tuple[bytes, tuple]) -> None:
    """After a write, the game in memory matches the file (a shell writes again without reading)."""
    game.raw, game.stamp = written


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


#: the key of a stub standing for a malformed event in a game read for `verify` (`_parse(lenient=True)`)
MALFORMED = "malformed"


def _check_events(game: Game, lenient: bool = False) -> None:
    for i, event in enumerate(game.events, start=1):
        why = _event_problem(event)
        if why and not lenient:
            raise BadInput(f"game file {game.path}: event {i} {why}")
        if why:
            game.events[i - 1] = {"n": i, "kind": "?", "summary": "?", "action": {}, "effects": [], MALFORMED: why}
            continue
        event.setdefault("summary", event.get("kind", "?"))
        event.setdefault("kind", "?")
        event.setdefault("n", i)
        event.setdefault("action", {})


def odd_value(doc: Any) -> str:
    """The first value of a kind no game file holds (a date or time, an infinite or undefined
    number, a whole number beyond TOML's 64 bits), named by where it is; '' if there is none."""
    import math

    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        value, at = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, f"{at}.{k}" if at else str(k)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{at}[{i}]") for i, v in enumerate(value))
        elif isinstance(value, (str, bool)):
            continue
        elif isinstance(value, int):
            if not -MAX_INTEGER - 1 <= value <= MAX_INTEGER:
                return f"{at}: a whole number beyond TOML's 64-bit range"
        elif isinstance(value, float):
            if not math.isfinite(value):
                return f"{at}: {value!r} is not a finite number"
        else:
            return f"{at}: a {type(value).__name__} ({value}) has no place in a game file"
    return ""


def _event_problem(event: Any) -> str:
    """What is wrong with the shape of a journal event ('' if nothing)."""
    if not isinstance(event, dict) or not isinstance(event.get("effects"), list):
        return "is malformed (no effects list)"
    for key, kind in (("kind", str), ("summary", str), ("action", dict)):
        if not isinstance(event.get(key, kind()), kind):
            return f"is malformed: {key} is not {'a table' if kind is dict else 'text'}"
    if not isinstance(event.get("action", {}).get("opts", {}), dict):
        return "is malformed: action.opts is not a table"
    if "n" in event and type(event["n"]) is not int:
        return f"is malformed: n is {event['n']!r}, not a whole number"
    if "rolls" in event and (not isinstance(event["rolls"], list) or any(type(r) is not int for r in event["rolls"])):
        return "is malformed: rolls is not a list of whole numbers"
    if "rolled" in event and not isinstance(event["rolled"], str):
        return "is malformed: rolled is not text"
    for j, eff in enumerate(event["effects"], start=1):
        if not isinstance(eff, dict) or eff.get("op") not in ("set", "add", "del") \
                or (eff["op"] != "del" and "value" not in eff) or not isinstance(eff.get("path"), list) \
                or not eff["path"] or not all(isinstance(p, str) or (type(p) is int and abs(p) < MAX_NUMBER)
                                              for p in eff["path"]):
            return f"is malformed: effect {j} is not an op (set, add or del) with a path and a value"
    return ""


def save(game: Game) -> tuple[bytes, tuple]:
    """Write the whole game atomically."""
    written = _write(game.path, game.to_toml().encode("utf-8"))
    _reread(game, written)
    return written


def create(game: Game, overwrite: bool = False) -> tuple[bytes, tuple]:
    """Write a new game file; unless `overwrite`, refuse if the file exists at the moment it is made."""
    written = _write(game.path, game.to_toml().encode("utf-8"), exclusive=not overwrite)
    _reread(game, written)
    return written


def _write(path: PathText, text: bytes, exclusive: bool = False) -> tuple[bytes, tuple]:
    """Write atomically: a crash leaves either the old file or the new one. Returns the bytes and stamp.

    Through a symbolic link the real file is replaced and the link kept; the file keeps its
    permissions; a read-only file is refused (`core.files.write_atomic`).
    """
    sweep(path)
    st = files.write_atomic(path, text, "game file", exclusive=exclusive)
    return text, _stamp(st)


def sweep(path: PathText) -> None:
    """Before a game file is written: the temporary files killed writers left beside it (its own,
    its snapshot's and its journal index's)."""
    real = files.real_path(path)
    name = os.path.basename(real)
    files.sweep(real, f".{name}.state.json", f".{name}.log.jsonl")


_HELD: set[str] = set()     # lock files held by `hold` (a shell holds its game's for its whole run)


def _lock_path(path: PathText) -> str:
    """One lock per real file: the same game reached through a link takes the same lock."""
    return files.beside(path, "lock")


@contextlib.contextmanager
def locked(path: PathText) -> Iterator[None]:
    """Hold the game's lock file; refuse if another process (or another `locked`) holds it.
    Inside `hold` on the same game it is already held, and passes. The lock file is removed
    when released, while still held: a process that opened it meanwhile sees it is gone and
    takes a fresh one (`_acquire`)."""
    lock_path = _lock_path(path)
    if lock_path in _HELD:
        yield
        return
    fd = _acquire(path, lock_path)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock_path)
        os.close(fd)


def _acquire(path: PathText, lock_path: PathText) -> int:
    """Open and lock the lock file (never through a link); retry if its holder removed it meanwhile."""
    import stat

    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    for _ in range(50):
        try:
            fd = os.open(lock_path, flags, 0o600)
        except OSError as exc:
            why = "it is a symbolic link; remove it" if exc.errno == errno.ELOOP else exc.strerror
            raise BadInput(f"game file {path}: cannot create lock {os.path.basename(lock_path)} ({why})") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise BadInput(f"game file {path}: lock {os.path.basename(lock_path)} is not a regular file; remove it")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise GameLocked(f"game file {path} is being changed by another umpire process; "
                                 "try again") from None
            try:
                now = os.lstat(lock_path)
            except FileNotFoundError:
                now = None
            if now is not None and (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    raise GameLocked(f"game file {path} is being changed by another umpire process; try again")


@contextlib.contextmanager
def hold(path: PathText) -> Iterator[None]:
    """Keep the game's lock for the whole block: other processes' writes are refused meanwhile."""
    with locked(path):
        key = _lock_path(path)
        _HELD.add(key)
        try:
            yield
        finally:
            _HELD.discard(key)


def new_game(path: PathText, ruleset: str, level: str, optional: list[str], seed: int,
             ships: list[dict] | None = None, scenario: dict | None = None, strict: bool = False) -> Game:
    if type(seed) is not int or not -MAX_INTEGER - 1 <= seed <= MAX_INTEGER:
        raise BadInput(f"--seed {seed}: a whole number from {-MAX_INTEGER - 1} to {MAX_INTEGER} "
                       "(what a game file can hold)")
    meta = {"format": FORMAT, "ruleset": ruleset, "level": level, "optional": list(optional), "seed": seed}
    if strict:
        meta["strict"] = True
    return Game(path=path, meta=meta, scenario=copy.deepcopy(scenario or {}), ships=list(ships or []))
