"""The one path every command takes: plan -> dice -> resolve -> journal -> apply.

A `Session` is a game open for commands. It reads the game file once, takes
the current state from the snapshot beside it (or replays the journal when
the snapshot does not match), and keeps both in step as it journals events,
so a shell can run command after command without reading the file again.
Live commands, `verify` and `odds` all plan through the ruleset the same way.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from typing import Any

from umpire.core import game as gamefile
from umpire.core import journal, logindex, snapshot
from umpire.core.dice import event_rng, parse_rolls
from umpire.core.effects import apply, get, set_, unset
from umpire.core.errors import BadInput, UmpireError
from umpire.core.files import PathText
from umpire.core.ruleset import Ruling
from umpire.core.state import Resolution, Step
from umpire.core.tables import Tables

def brief(event: dict, ruleset=None) -> dict:
    """What `log` shows of an event: its dice as the ruleset shows them (`Ruleset.dice_shown`)."""
    rolls, rolled = ruleset.dice_shown(event) if ruleset is not None else (event.get("rolls", []),
                                                                             event.get("rolled", ""))
    return {"n": event["n"], "kind": event["kind"], "summary": event["summary"], "rolls": rolls, "rolled": rolled}


class Session:
    """A game open for commands: the file, the state now, and the rulings in force."""

    def __init__(self, path: PathText, rulings: dict | None = None, read_only: bool = False) -> None:
        self.path = path
        #: a reader beside the commands (the players' board): it never writes the snapshot or the index
        self.read_only = read_only
        self.extra_rulings = dict(rulings or {})    # --rulings FILE: for this command (or shell) only
        self._game: gamefile.Game | None = None
        self._state: dict | None = None
        self._undo: list[list[dict]] = []
        self._log: list[dict] | None = None     # `log` lines, read from the index only when asked for
        self._logmeta: dict | None = None        # size and hash chain of the index file beside the game
        self._rs = None

    # --- reading -------------------------------------------------------------
    def current(self) -> bool:
        """Whether what this session holds is still the file on disk (a shell asks before each line)."""
        if self._game is None:
            return True
        try:
            return gamefile._stamp(os.stat(self.path)) == self._game.stamp
        except OSError:
            return False

    def _open(self) -> None:
        raw, stamp, snap = None, None, None
        with contextlib.suppress(OSError):   # a game file not written since its snapshot: its bytes wait
            st = os.stat(self.path)
            if stat.S_ISREG(st.st_mode):
                stamp, snap = gamefile._stamp(st), snapshot.read(self.path, None, st)
        if snap is None:
            raw, stamp = gamefile.read_bytes(self.path)
            snap = snapshot.read(self.path, raw)
        if snap is not None:
            try:
                self._game = gamefile.from_parts(self.path, raw, stamp, snap["parts"], int(snap["n"]))
                self._state, self._undo = snap["state"], snap["undo"]
                self._logmeta = snap.get("logindex")
                self._state.setdefault("rulings", {})
                self._state.setdefault("ruling_notes", {})
                return
            except (KeyError, TypeError, ValueError):
                pass   # a snapshot of another shape: rebuild it
        if raw is None:
            raw, stamp = gamefile.read_bytes(self.path)
        game = gamefile._parse(self.path, raw)
        game.raw, game.stamp = raw, stamp
        self._game = game
        self._rebuild()

    def _rebuild(self) -> None:
        """Replay the journal (the snapshot was missing or stale) and keep a fresh snapshot."""
        game = self._game
        undo: list[list[dict]] = []
        state = game.state(undo=undo, undo_from=max(0, game.n_events - snapshot.UNDO_DEPTH))
        # the same value types a snapshot gives back (lists, string keys), however the state was made
        self._state = json.loads(json.dumps(state))
        self._undo, self._log = undo, [brief(e, self.ruleset) for e in game.events]
        if not self.read_only:
            self._logmeta = logindex.write(self.path, self._log)
            self._save_snapshot()

    def _save_snapshot(self) -> None:
        game = self._game
        snapshot.write(self.path, game.stamp[0] if game.stamp else -1, lambda: game.raw,
                       {"parts": gamefile.parts(game), "n": game.n_events, "state": self._state,
                        "undo": self._undo, "logindex": self._logmeta})

    @property
    def game(self) -> gamefile.Game:
        if self._game is None:
            self._open()
            if self.extra_rulings:
                self.ruleset.check_rulings(self.tables())
        return self._game

    @property
    def state(self) -> dict:
        if self._state is None:
            self.game
        return self._state

    @property
    def ruleset(self):
        if self._rs is None:
            self._rs = self.game.ruleset()
        return self._rs

    def rulings(self, state: dict | None = None, extra: dict | None = None) -> dict:
        """Flat house rulings in force: the game file's, those journalled since, then this command's."""
        state = self.state if state is None else state
        return {**self.game.rulings, **state.get("rulings", {}), **(self.extra_rulings if extra is None else extra)}

    def tables(self, state: dict | None = None, extra: dict | None = None):
        state = self.state if state is None else state
        return Tables(self.ruleset.data_id, self.rulings(state, extra), strict=bool(self.game.meta.get("strict")),
                      packs=self.game.packs(state))

    def log(self, last: int | None = None) -> list[dict]:
        """One line per event (n, kind, summary, dice), from the index beside the game."""
        game = self.game
        if self._log is None:
            self._log = logindex.read(self.path, self._logmeta) if self._logmeta else None
            if self._log is None or len(self._log) != game.n_events:
                self._log = [brief(e, self.ruleset) for e in game.events]
                if not self.read_only:
                    self._logmeta = logindex.write(self.path, self._log)
                    self._save_snapshot()
        return self._log[-last:] if last else list(self._log)

    # --- acting --------------------------------------------------------------
    def plan(self, action: dict):
        """The ruleset's Plan (needs dice) or Resolution (no dice) for an action."""
        return self.ruleset.plan(self.state, self.tables(), action)

    def perform(self, action: dict, roll_text: str | None = None) -> Resolution:
        """Plan the action, take the typed dice or roll them, resolve, journal and apply."""
        got = self.plan(action)
        if isinstance(got, Resolution):
            if roll_text:
                raise BadInput(f"roll {roll_text}: no dice are needed for {action['command']}")
            self.commit(got, action)
            return got
        rolls, rolled = self.dice(got, action, roll_text)
        res = got.resolve(rolls, rolled == "typed")
        if res.data.pop("typed_in_options", False):     # dice typed as the command's options (e.g. each side's)
            rolled = "typed"
        used = tuple(res.data.get("rolls", rolls)) if got.flexible else rolls
        res.data.setdefault("rolls", list(used))
        res.data["rolled_by"] = rolled if used else "none"
        self.commit(res, action, used, rolled)
        return res

    def dice(self, plan, action: dict, roll_text: str | None) -> tuple[tuple[int, ...], str]:
        """Typed dice checked against the plan's need, or the tool's seeded roll for this event."""
        need = plan.need
        if not roll_text:
            rng = event_rng(self.game.seed, self.game.n_events + 1, action.get("command", ""))
            return need.roll(rng), "umpire"
        rolls = parse_rolls(roll_text)
        if plan.flexible:
            for r in rolls:
                if not 1 <= r <= need.faces:
                    raise BadInput(f"roll {r}: a d{need.faces} shows 1 to {need.faces}")
        elif need.count == 0:
            raise BadInput(f"roll {roll_text}: no dice are needed for this action")
        else:
            rolls = need.check(rolls)
        return rolls, "typed"

    def commit(self, res: Resolution, action: dict, rolls: tuple[int, ...] = (), rolled: str = "") -> dict:
        """Journal the resolution and save the game atomically, under the lock; keep the state in step."""
        game, state = self.game, self.state
        self.ruleset.after(state, res, self.tables())
        if self.extra_rulings:   # rulings given for this command only travel with its event (for `verify`)
            action = {**action, "rulings": self.extra_rulings}
        event = gamefile.make_event(game.n_events + 1, res, action, rolls, rolled)
        back: list[dict] = []
        try:
            apply(state, event["effects"], back)
            with gamefile.locked(self.path):
                journal.append_event(game, event)
        except BaseException:
            apply(state, reversed(back))    # the file is unchanged, and so is the state in memory
            raise
        self._undo = (self._undo + [back])[-snapshot.UNDO_DEPTH:]
        if self._log is not None:
            self._log.append(brief(event, self.ruleset))
        self._logmeta = logindex.append(self.path, self._logmeta, brief(event, self.ruleset))
        self._save_snapshot()
        return event

    def undo(self) -> dict:
        """Take the last event out of the journal; the state steps back without a replay."""
        game = self.game
        if game.n_events == 0:
            raise BadInput(f"game file {self.path} has no events to undo")
        with gamefile.locked(self.path):
            last = journal.drop_last_event(game)
        if self._undo:
            apply(self._state, reversed(self._undo.pop()))
            if self._log is not None:
                self._log.pop()
            self._logmeta = logindex.drop_last(self.path, self._logmeta)
            self._save_snapshot()
        else:
            self._rebuild()
        return last

    # --- house rulings --------------------------------------------------------
    def rulings_in_force(self) -> list:
        """Every ruling in force, defaults first, each with its origin and source."""
        state = self.state
        notes = state.get("ruling_notes", {})
        out = [] if self.game.meta.get("strict") else list(self.ruleset.default_rulings())
        out += [Ruling(k, v, "house", f"game file {os.path.basename(self.path)} [rulings]") for k, v in self.game.rulings.items()]
        for k, v in state.get("rulings", {}).items():
            note = notes.get(k, {})
            why = f"; {note['reason']}" if note.get("reason") else ""
            out.append(Ruling(k, v, "house", f"umpire rulings set (event {note.get('event', '?')}){why}"))
        out += [Ruling(k, v, "house", "--rulings file, this command only") for k, v in self.extra_rulings.items()]
        latest = {r.key: i for i, r in enumerate(out)}      # a later layer replaces an earlier one
        return [r for i, r in enumerate(out) if latest[r.key] == i]

    def set_ruling(self, key: str, value: Any, reason: str = "") -> Resolution:
        """Journal a house ruling: checked against the tables now, in force from the next command."""
        key = key.strip()
        trial = {**self.rulings(), key: value}

        self.ruleset.check_rulings(Tables(self.ruleset.data_id, trial, strict=bool(self.game.meta.get("strict"))))
        note = {"event": self.game.n_events + 1, "reason": reason} if reason else {"event": self.game.n_events + 1}
        res = Resolution("ruling", f"house ruling {key} = {json.dumps(value)}",
                         [set_(["rulings", key], value), set_(["ruling_notes", key], note)],
                         [Step("house ruling", f"{key} = {json.dumps(value)}", reason or "umpire rulings set")],
                         {"key": key, "value": value, "origin": "house", "reason": reason})
        action = {"command": "rulings set", "key": key, "value": value, "reason": reason}
        self.commit(res, action)
        return res

    def unset_ruling(self, key: str) -> Resolution:
        key = key.strip()
        if key not in self.state.get("rulings", {}):
            where = (f"it comes from the game file's [rulings]; edit {os.path.basename(self.path)} to change it"
                     if key in self.game.rulings else "no house ruling of that key was set in this game")
            raise BadInput(f"ruling {key!r}: {where} (`umpire rulings` lists them)")
        effects = [unset(["rulings", key])]
        if key in self.state.get("ruling_notes", {}):
            effects.append(unset(["ruling_notes", key]))
        res = Resolution("ruling", f"house ruling {key} withdrawn", effects,
                         [Step("house ruling", f"{key} withdrawn", "umpire rulings unset")], {"key": key})
        self.commit(res, {"command": "rulings unset", "key": key})
        return res

    def use_pack(self, tables: dict, name: str) -> Resolution:
        """Journal a table pack that replaces the game's (`umpire tables use`): checked against the
        ruleset's tables now, in force from the next command, taken back by `undo`."""
        kind, summary, effects = pack_in_use(self.ruleset, self.game, self.rulings(), tables, name)
        res = Resolution(kind, summary, effects,
                         [Step("table pack", f"{name}: {', '.join(sorted(tables))}", "umpire tables use")],
                         {"pack": name, "tables": sorted(tables)})
        self.commit(res, {"command": "tables use", "name": name, "tables": tables})
        return res

    def hold(self):
        """The game's lock, held for as long as the caller likes (a shell holds it for its run)."""
        return gamefile.hold(self.path)

    # --- checking ------------------------------------------------------------
    def verify(self) -> dict:
        """Resolve each journalled action again and compare the outcome, trusting only the game file.

        The set-up and the events are read from the file's bytes (never the snapshot); a die the
        journal says the tool rolled is rolled again from the seed and the event's number; event
        numbers, dice counts, kinds and summaries are checked too. A malformed event is a finding."""
        raw = self._game.raw if self._game is not None else gamefile.read_bytes(self.path)[0]
        game = gamefile._parse(self.path, raw or b"", lenient=True)
        rs = game.ruleset()
        state = json.loads(json.dumps(game.state(upto=0)))
        diffs: list[dict] = []
        same = 0
        for n, event in enumerate(game.events, start=1):
            why = event.get(gamefile.MALFORMED) or _numbering(event, n) or _Recheck(game, rs, state, event, n).why()
            if not event.get(gamefile.MALFORMED):
                back: list[dict] = []
                try:
                    apply(state, event["effects"], back)
                except Exception:       # a tampered effect: the state stays as it was before it
                    apply(state, reversed(back))
                    why = why or "its effects do not apply to the game"
            if why:
                diffs.append({"n": n, "why": why, "summary": str(event.get("summary", "?"))})
            else:
                same += 1
        return {"events": game.n_events, "same": same, "differences": diffs}


def _numbering(event: dict, n: int) -> str:
    got = event.get("n")
    return "" if type(got) is int and got == n else f"numbered {got!r}, not {n} (events out of sequence)"


class _Recheck:
    """One journalled event resolved again, from the state before it, with dice it may trust."""

    def __init__(self, game: gamefile.Game, rs, state: dict, event: dict, n: int) -> None:
        self.game, self.rs, self.state, self.event, self.n = game, rs, state, event, n
        self.action = event.get("action") or {}

    def tables(self, extra: dict) -> Tables:
        rulings = {**self.game.rulings, **self.state.get("rulings", {}), **extra}
        return Tables(self.rs.data_id, rulings, strict=bool(self.game.meta.get("strict")),
                      packs=self.game.packs(self.state))

    def why(self) -> str:
        """Why the journalled outcome differs from resolving it again ('' if it does not)."""
        if not self.action.get("command"):
            return "no action journalled to resolve again"
        try:
            got = self.resolve()
        except UmpireError as exc:
            return f"cannot re-resolve: {exc}"
        except Exception as exc:    # a tampered action can break the rules anywhere: a finding, not a crash
            return f"cannot re-resolve: the action is malformed ({type(exc).__name__})"
        if isinstance(got, str):
            return got
        kind, summary, effects = got
        event = self.event
        if kind != event.get("kind"):
            return f"kind differs: journal {event.get('kind')!r}, rules {kind!r}"
        if summary != event.get("summary"):
            return "summary differs from the rules' resolution"
        if effects == event["effects"] or gamefile._clean(effects) == event["effects"]:
            return ""       # the very effects journalled (the usual case): nothing to weigh leaf by leaf
        return "" if _outcome(self.state, effects) == _outcome(self.state, event["effects"]) else "effects differ"

    def resolve(self) -> tuple[str, str, list] | str:
        """The kind, summary and effects the rules give now, or why the event's dice cannot be trusted."""
        rs, state, action = self.rs, self.state, self.action
        extra = action.get("rulings") or {}
        if not isinstance(extra, dict):
            return "the rulings journalled with the action are not a table"
        tables = self.tables(extra)
        own = self.engine_effects(tables)
        if own is not None:
            return own
        got = rs.plan(state, tables, action)
        if isinstance(got, Resolution):
            if self.event.get("rolls"):
                return "dice journalled for an action that needs none"
        else:
            got = self.redice(got)
            if isinstance(got, str):
                return got
        probe = Resolution(got.kind, got.summary, list(got.effects), list(got.working), got.data)
        rs.after(state, probe, tables)
        return probe.kind, probe.summary, probe.effects

    def redice(self, plan) -> Resolution | str:
        """The plan resolved with the journal's dice: the tool's re-rolled from the seed and event number."""
        need, event = plan.need, self.event
        rolls, rolled = event.get("rolls"), event.get("rolled")
        if rolls is None and rolled is None:
            if not plan.flexible and need.count:
                return f"no dice journalled; the rules need {need.describe()}"
            rolls, rolled = [], "umpire"
        if not isinstance(rolls, list) or any(type(r) is not int for r in rolls):
            return "dice malformed (not a list of whole numbers)"
        if rolled == "umpire":
            seeded = need.roll(event_rng(self.game.seed, self.n, str(self.action.get("command", ""))))
            res = plan.resolve(seeded, False)
            used = list(res.data.get("rolls", seeded)) if plan.flexible else list(seeded)
            if used != rolls:
                return (f"dice {rolls} are not what the seed rolls for event {self.n} "
                        f"({used or 'none used'})")
            return res
        if rolled != "typed":
            return f"dice rolled by {rolled!r}: neither typed nor rolled by umpire"
        if plan.flexible:
            if not rolls or any(not 1 <= r <= need.faces for r in rolls):
                return f"dice {rolls}: typed d{need.faces}s show 1 to {need.faces}"
            res = plan.resolve(tuple(rolls), True)
            if list(res.data.get("rolls", rolls)) != rolls:
                return f"dice {rolls}: not the dice the rules use ({list(res.data.get('rolls', rolls))})"
            return res
        need.check(rolls)
        return plan.resolve(tuple(rolls), True)

    def engine_effects(self, tables) -> tuple[str, str, list] | None:
        """What a command the engine itself journals (ship add, rulings) gives, or None."""
        action, state, rs = self.action, self.state, self.rs
        cmd = action["command"]
        if cmd == "ship add":
            d = action["definition"]
            ship = json.loads(json.dumps(rs.new_ship(d)))
            summary = f"{d['name']} ({d['id']}) joins the {d['side']} side"
            return "ship", summary, [set_(["ships", d["id"]], ship)]
        if cmd == "rulings set":
            key, value = action["key"], action["value"]
            rs.check_rulings(tables.__class__(rs.data_id, {**self.game.rulings, **state.get("rulings", {}),
                                                           key: value}, strict=bool(self.game.meta.get("strict"))))
            note = {"event": self.n, **({"reason": action["reason"]} if action.get("reason") else {})}
            return "ruling", f"house ruling {key} = {json.dumps(value)}", [set_(["rulings", key], value),
                                                                          set_(["ruling_notes", key], note)]
        if cmd == "tables use":
            return pack_in_use(rs, self.game, {**self.game.rulings, **state.get("rulings", {})}, action["tables"],
                               action.get("name", "?"))
        if cmd == "rulings unset":
            key = action["key"]
            if key not in state.get("rulings", {}):
                raise BadInput(f"ruling {key!r} was not set")
            return "ruling", f"house ruling {key} withdrawn", [unset(["rulings", key])] + (
                [unset(["ruling_notes", key])] if key in state.get("ruling_notes", {}) else [])
        return None


def pack_in_use(rs, game: gamefile.Game, rulings: dict, pack: Any, name: str) -> tuple[str, str, list]:
    """What putting a table pack in use journals (`umpire tables use`, and `verify` replaying it): the
    pack checked against the ruleset's tables with the rulings in force, then kept in the state."""
    if not isinstance(pack, dict) or not all(isinstance(t, dict) for t in pack.values()):
        raise BadInput("the table pack is not a table of tables")
    rs.check_rulings(Tables(rs.data_id, rulings, strict=bool(game.meta.get("strict")), packs=pack))
    return "tables", f"table pack {name} in use ({len(pack)} table(s))", [set_(["pack"], pack)]


class _Gone:
    """A leaf an effect removed (compares equal only to itself)."""

    def __repr__(self) -> str:
        return "<removed>"


GONE = _Gone()
_ABSENT = object()


def _leaf_items(prefix: tuple, value: Any, out: dict) -> dict:
    """A value as its leaves: path -> scalar, list or empty table."""
    if isinstance(value, dict) and value:
        for k, v in value.items():
            _leaf_items(prefix + (k,), v, out)
    else:
        out[prefix] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    """Tuples as lists, all the way down (a journal read back has no tuples)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _at(state: Any, path: tuple) -> Any:
    return get(state, path, _ABSENT)


def _outcome(state: dict, effects: list[dict]) -> Any:
    """What a list of effects changes, leaf by leaf, against `state` (read, never copied):
    two ways of writing the same change (a whole table or its entries; a value set to what it
    already was) compare equal. Unappliable effects give a marker that equals nothing else."""
    overlay: dict[tuple, dict[tuple, Any]] = {}     # bucket (first two path parts) -> leaf -> value

    def bucket(p: tuple) -> dict:
        return overlay.setdefault(p[:2], {})

    def current(p: tuple) -> Any:
        got = bucket(p).get(p, _ABSENT)
        return _at(state, p) if got is _ABSENT else got

    try:
        for eff in gamefile._clean(effects):
            p, op = tuple(eff["path"]), eff["op"]
            if len(p) < 2:      # a whole top-level table: every bucket under it is replaced
                for key in [k for k in overlay if k[: len(p)] == p]:
                    del overlay[key]
            leaves = bucket(p)
            if op == "add":
                base = current(p)
                if base is _ABSENT or base is GONE:
                    raise KeyError(p)
                leaves[p] = base + eff["value"]
                continue
            for k in [k for k in leaves if k[: len(p)] == p]:
                del leaves[k]
            old = _at(state, p)
            gone = {} if old is _ABSENT else _leaf_items(p, old, {})
            new = _leaf_items(p, eff["value"], {}) if op == "set" else {}
            if op not in ("set", "del"):
                raise KeyError(op)
            for k in gone:
                if k not in new:
                    bucket(k)[k] = GONE
            for k, v in new.items():
                bucket(k)[k] = v
    except (KeyError, IndexError, TypeError):
        return ("unappliable", json.dumps(effects, sort_keys=True, default=str))
    changed = {}
    for leaves in overlay.values():
        for k, v in leaves.items():
            before = _at(state, k)
            if (v is GONE and before is _ABSENT) or (v is not GONE and before is not _ABSENT
                                                     and _plain(before) == v):
                continue        # no change after all
            changed[k] = v
    return changed
