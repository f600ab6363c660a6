"""Loading rules tables from data/<ruleset>/<name>.toml: layered data, then house rulings.

Layers, from the bottom: a ruleset's data folder may declare another as its
base (`layer.toml`: ``base = "wsim-1981"``), and then holds only the tables,
or the parts of tables, that differ: a table file there is merged over the
base's table of the same name key by key (tables merge, values replace), or
replaces it whole with ``replace = true``. House rulings are the last layer:
a ruling overrides one value, its key "<table>.<dotted key path>" (e.g.
``hdt.modifiers.rake``); rulings are recorded in the game and shown in the
working.

A rule system may read its tables with a `Reading` of its own: default
readings for the values its text lacks (a ruling may then set such a key, and
a `--strict` game refuses to take the reading), rulings checked by kind rather
than by shape, every section of a table sourced. Each table is loaded the
first time it is read.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from umpire.core import files
from umpire.core.values import Value
from umpire.core.errors import BadInput, Refused
from umpire.core.resources import resource_dir
from umpire.core.userkey import cache_dir, digest, sign

if TYPE_CHECKING:
    from fractions import Fraction

LAYER_FILE = "layer.toml"
#: the tables no rule text gives, which an umpire supplies in a pack (`umpire tables template`)
PACK_SPEC = "pack-tables"


class MissingTable(BadInput):
    """A table no rule text gives and the game has no pack for."""


class MissingValue(Refused):
    """A number the rule text does not give is needed, and no default reading gives it: an umpire
    must supply it as a house ruling."""

    def __init__(self, table: str, key: str, what: str = "") -> None:
        self.table = table
        self.key = key
        super().__init__(f"the rule text gives no value for {what or key}; supply it as a house ruling: "
                         f"[{table}] {key}")


class RulingNeeded(BadInput):
    """A strict game needs a number the text lacks: the umpire must rule it (exit 2)."""

    def __init__(self, key: str, what: str = "") -> None:
        self.key = key
        about = f" ({what})" if what else ""
        super().__init__(f"ruling {key} needed{about}: the rule text lacks it and this game is strict; "
                         f"set it with `umpire rulings set {key} VALUE`")


class Reading(Value):
    """How a rule system reads its tables where it differs from the plain layers (the default)."""

    __slots__ = ("defaults", "by_kind", "tables", "text_forms", "sections_sourced", "missing")
    #: the table (in the data folder) of default readings for values the text lacks: each
    #: [[reading]] names its `key` and gives one `value` or a block of `values` under it; "" for none
    defaults: str
    #: house rulings are checked by kind (a number of any kind, "3/2" too, for a number; a list of any
    #: length for a list) and may be given as flat dotted keys or the same as nested tables; otherwise
    #: a ruling must have the shape of the value it replaces
    by_kind: bool
    #: the tables the rules read and a ruling may name (every table of the data folder when empty)
    tables: tuple[str, ...]
    #: text values that must have a form, by key prefix: (pattern, what is accepted)
    text_forms: Mapping[str, tuple[str, str]]
    #: every section (sub-table) of a table names its own source
    sections_sourced: bool
    #: the error for a value the tables lack and no default reading gives
    missing: type[MissingValue]

    def __init__(self, defaults: str = "", by_kind: bool = False, tables: tuple[str, ...] = (),
                 text_forms: Mapping[str, tuple[str, str]] | None = None, sections_sourced: bool = False,
                 missing: type[MissingValue] = MissingValue) -> None:
        self._set(defaults=defaults, by_kind=by_kind, tables=tables,
                  text_forms={} if text_forms is None else text_forms, sections_sourced=sections_sourced,
                  missing=missing)


PLAIN = Reading()


def _folder(ruleset: str) -> str:
    return os.path.join(resource_dir("data"), ruleset)


def _read_bytes(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def _read(path: str) -> dict:
    """A data file, parsed. The parse is kept in the user's cache (`parsed/`, as JSON) under the
    digest of the file's bytes and signed with the user's key, so the next command reads JSON
    instead of loading a TOML parser; a copy made from other bytes is never found, and one not
    signed by this user's key (or not JSON) is parsed again."""
    try:
        raw = _read_bytes(path)
    except OSError as exc:
        raise BadInput(f"{path}: cannot read ({exc.strerror})") from None
    kept = os.path.join(cache_dir(), "parsed", f"{digest(raw)}.json")
    try:
        sig, _, body = _read_bytes(kept).partition(b"\n")
        if sig.decode("ascii") == sign(raw + body):
            doc = json.loads(body)
            if isinstance(doc, dict):
                return doc
    except (OSError, ValueError):
        pass
    import tomllib   # only when a table is read and not yet kept parsed

    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise BadInput(f"{path}: {exc}") from None
    try:
        body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        os.makedirs(os.path.dirname(kept), mode=0o700, exist_ok=True)
        files.write_atomic(kept, sign(raw + body).encode("ascii") + b"\n" + body, "parsed table",
                           follow=False, mode=0o600, durable=False)
    except (TypeError, ValueError, OSError, BadInput):
        pass    # a value JSON cannot hold, or no cache to write to: parse again next time
    return doc


@lru_cache(maxsize=None)
def base_of(ruleset: str) -> str | None:
    """The data folder `ruleset` is layered over, if its layer.toml names one."""
    path = os.path.join(_folder(ruleset), LAYER_FILE)
    if not os.path.isfile(path):
        return None
    base = _read(path).get("base")
    if base is not None and (not isinstance(base, str) or not os.path.isdir(os.path.join(resource_dir("data"), base))):
        raise BadInput(f"{path}: base {base!r} is not a data folder")
    return base


def chain(ruleset: str) -> list[str]:
    """The folders a ruleset's tables come from, own first, then its base and the base's base."""
    out = [ruleset]
    while (nxt := base_of(out[-1])) is not None:
        if nxt in out:
            raise BadInput(f"data folder {ruleset}: its bases loop ({' -> '.join(out + [nxt])})")
        out.append(nxt)
    return out


def merge(under: dict, over: Mapping[str, Any]) -> dict:
    """`over` laid on `under`: tables merge key by key, every other value replaces."""
    out = copy.deepcopy(under)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


@lru_cache(maxsize=None)
def _load(ruleset: str, name: str) -> dict:
    """Table `name` of `ruleset`, layered over its base's table of the same name."""
    path = os.path.join(_folder(ruleset), f"{name}.toml")
    own = _read(path) if os.path.isfile(path) and name != LAYER_FILE[:-5] else None
    replace = bool(own and own.pop("replace", False))
    base = base_of(ruleset)
    under = None
    if base is not None and not replace:
        try:
            under = _load(base, name)
        except BadInput:
            if own is None:
                raise
    if own is None and under is None:
        raise BadInput(f"table {name!r}: ruleset {ruleset!r} has no such table; its tables are "
                       f"{', '.join(table_names(ruleset))}")
    if under is None:
        table = own
    elif own is None:
        table = under
    else:
        table = merge(under, own)
    if not table.get("source"):
        raise BadInput(f"{path}: table has no 'source'")
    return table


class Tables:
    """The tables of one ruleset, with a game's house rulings applied, each loaded when first read."""

    def __init__(self, ruleset: str, rulings: Mapping[str, Any] | None = None, strict: bool = False,
                 packs: Mapping[str, dict] | None = None, reading: Reading = PLAIN) -> None:
        self.ruleset = ruleset
        self.reading = reading
        self.rulings = flat(rulings or {}) if reading.by_kind else dict(rulings or {})
        #: tables no rule text gives, from the game's pack (`umpire new --tables`)
        self.packs = dict(packs or {})
        #: a `--strict` game: where the text lacks a number, refuse rather than take the default reading
        self.strict = strict
        #: default readings taken so far, by key (for the working)
        self.used: dict[str, Any] = {}
        self._cache: dict[str, dict] = {}
        self._read_as: Tables | None = None

    def __getitem__(self, name: str) -> dict:
        if name not in self._cache:
            table = self._layered(name)
            if self.reading.sections_sourced:
                check_sources(name, table)
            mine = {k: v for k, v in self.rulings.items() if k.split(".", 1)[0] == name}
            if mine:
                table = copy.deepcopy(table)
                for key, value in mine.items():
                    if self.reading.by_kind:
                        self._rule_by_kind(table, key, value)
                    else:
                        _set_path(table, key.split(".")[1:], value, key)
            self._cache[name] = table
        return self._cache[name]

    def _layered(self, name: str) -> dict:
        """A table no rule text gives comes from the game's pack only; any other from the data folders."""
        missing = pack_spec(self.ruleset).get(name)
        if missing is None:
            return _load(self.ruleset, name)
        if name in self.packs:
            return copy.deepcopy(self.packs[name])
        raise MissingTable(f"the {missing.get('title', name)} ({name}, {missing.get('section', '')}) is in no rule "
                           f"text and this game has no pack for it: write one with `umpire tables template "
                           f"--ruleset {self.ruleset} -o PACK.toml`, fill it in, then `umpire new ... "
                           f"--tables PACK.toml`")

    def source(self, name: str, key: str = "") -> str:
        """Cite a table: its source, marked when a house ruling touched it."""
        src = self[name].get("cite") or self[name]["source"]
        full = f"{name}.{key}" if key else name
        if any(k == full or k.startswith(full + ".") or full.startswith(k + ".") for k in self.rulings
               if k.split(".", 1)[0] == name):
            src += " (house ruling)"
        return src

    # --- values by path, with default readings ----------------------------------------------
    @property
    def defaults(self) -> Mapping[str, Any]:
        """The default readings by dotted key (none unless the reading names a table of them)."""
        return default_values(self.ruleset, self.reading.defaults) if self.reading.defaults else {}

    @property
    def ruled(self) -> frozenset[str]:
        """The dotted keys house rulings set."""
        return frozenset(self.rulings)

    @property
    def data(self) -> Mapping[str, dict]:
        """Every table the rules read, by name, each loaded when first looked at."""
        return _Loaded(self)

    def names(self) -> tuple[str, ...]:
        """The tables the rules read: the reading's, or every table of the data folders."""
        return self.reading.tables or tuple(table_names(self.ruleset))

    def get(self, table: str, *path: str, what: str = "") -> Any:
        """The value at table/path; where the text lacks it, the default reading (remembered in `used`;
        in a strict game, RulingNeeded naming the key); the reading's `missing` error if there is neither."""
        if self.reading.tables and table not in self.reading.tables:
            raise self.reading.missing(table, ".".join(path), what)
        node: Any = self[table]
        for part in path:
            if not isinstance(node, Mapping) or str(part) not in node:
                return self._default(table, tuple(str(p) for p in path), what)
            node = node[str(part)]
        return node

    def _default(self, table: str, path: tuple[str, ...], what: str) -> Any:
        key = ".".join((table, *path))
        if key not in self.defaults:
            raise self.reading.missing(table, ".".join(path), what)
        if self.strict:
            raise RulingNeeded(key, what)
        value = self.defaults[key]
        self.used[key] = value
        return value

    def find(self, table: str, *path: str, default: Any = None) -> Any:
        """Like get, but `default` where the value is absent."""
        try:
            return self.get(table, *path)
        except MissingValue:
            return default

    def num(self, table: str, *path: str, what: str = "") -> Fraction:
        """A number from the tables as an exact Fraction ("3/2" strings allowed)."""
        return as_fraction(self.get(table, *path, what=what), f"{table}.{'.'.join(path)}")

    def is_ruled(self, table: str, *path: str) -> bool:
        """Whether a house ruling sets exactly this key."""
        return ".".join((table, *path)) in self.rulings

    # --- house rulings ------------------------------------------------------------------------
    def check(self) -> Tables:
        """Lay every house ruling now, so that a bad one is refused at once (not when its table is read)."""
        for key in self.rulings:
            name = key.split(".", 1)[0]
            if self.reading.by_kind and name not in self.names():
                raise BadInput(f"house ruling {key!r}: no such table; tables are {', '.join(self.names())}")
            if self.reading.by_kind and "." not in key:
                raise BadInput(f"house ruling {key!r}: name a key inside the table, e.g. {name}.KEY")
            self[name]
        return self

    def read_as(self, reading: Reading) -> Tables:
        """These tables read by `reading`: themselves if they are, else the same data folder, rulings,
        strictness and packs read so, made once and kept, so that every reader in a command shares
        them (and the default readings taken)."""
        if self.reading == reading:
            return self
        if self._read_as is None or self._read_as.reading != reading:
            self._read_as = Tables(self.ruleset, self.rulings, self.strict, self.packs, reading).check()
        return self._read_as

    def _rule_by_kind(self, table: dict, key: str, value: Any) -> None:
        """Lay one ruling on a (copied) table: a key the table has or one with a default reading, a
        value of the same kind."""
        name, *path = key.split(".")
        if not path:
            raise BadInput(f"house ruling {key!r}: name a key inside the table, e.g. {name}.KEY")
        _check_kind(key, value, {name: self._layered(name)}, self.defaults, self.reading.text_forms)
        node = table
        for i, part in enumerate(path[:-1]):
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise BadInput(f"house ruling {'.'.join([name, *path[:i + 1]])}: that key holds a value, "
                               "not a table")
        node[path[-1]] = copy.deepcopy(value)


class _Loaded(Mapping):
    """A Tables' tables by name, each loaded when first looked at."""

    def __init__(self, tables: Tables) -> None:
        self._tables = tables

    def __getitem__(self, name: str) -> dict:
        if name not in self._tables.names():
            raise KeyError(name)
        return self._tables[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables.names())

    def __len__(self) -> int:
        return len(self._tables.names())


def _set_path(table: dict, parts: list[str], value: Any, key: str) -> None:
    node: Any = table
    for part in parts[:-1]:
        if not isinstance(node, dict) or part not in node:
            _no_key(node, key)
        node = node[part]
    if not parts or not isinstance(node, dict) or parts[-1] not in node:
        _no_key(node, key)
    _same_shape(node[parts[-1]], value, key)
    node[parts[-1]] = value


def _no_key(node: Any, key: str) -> None:
    """Refuse a ruling's key, naming the keys that exist where it went wrong."""
    keys = [k for k in node if k not in ("source", "cite")] if isinstance(node, dict) else []
    offer = f"; keys there: {', '.join(keys[:20])}" + (" ..." if len(keys) > 20 else "") if keys else ""
    raise BadInput(f"house ruling {key!r}: no such table key{offer}")


def pack_spec(ruleset: str) -> dict[str, dict]:
    """The tables no rule text gives for `ruleset` (key -> title, section, dice, shape), if any."""
    if not _has_packs(ruleset):
        return {}
    return _load(ruleset, PACK_SPEC).get("tables", {})


@lru_cache(maxsize=None)
def _has_packs(ruleset: str) -> bool:
    return any(os.path.isfile(os.path.join(_folder(r), f"{PACK_SPEC}.toml")) for r in chain(ruleset))


def table_names(ruleset: str) -> list[str]:
    """The tables a ruleset has, its own and its bases' (for messages naming what is accepted)."""
    return sorted({n[:-5] for r in chain(ruleset) for n in _listing(_folder(r)) if n.endswith(".toml")}
                  - {LAYER_FILE[:-5]})


def _listing(folder: str) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


def _same_shape(old: Any, new: Any, key: str) -> None:
    """A ruling must look like the value it replaces: same kinds, same lengths, all the way down."""
    if isinstance(old, bool) or isinstance(new, bool):
        ok = isinstance(old, bool) and isinstance(new, bool)
    elif isinstance(old, int):
        ok = isinstance(new, int)
    elif isinstance(old, float):
        ok = isinstance(new, (int, float))
    else:
        ok = type(old) is type(new)
    if not ok:
        raise BadInput(f"house ruling {key!r}: expected {_describe(old)}, got {new!r}")
    if isinstance(old, list):
        if len(old) != len(new):
            raise BadInput(f"house ruling {key!r}: expected {len(old)} values, got {len(new)}")
        for a, b in zip(old, new):
            _same_shape(a, b, key)
    elif isinstance(old, dict):
        if set(old) != set(new):
            raise BadInput(f"house ruling {key!r}: expected the keys {', '.join(map(str, old))}")
        for k in old:
            _same_shape(old[k], new[k], key)


def _describe(value: Any) -> str:
    if isinstance(value, list):
        return f"a list of {len(value)} values"
    return {"int": "a whole number", "float": "a number", "str": "text", "bool": "true or false",
            "dict": "a table"}.get(type(value).__name__, type(value).__name__)


# --- reading numbers, default readings and rulings by kind -----------------------------------------
def as_fraction(value: Any, where: str = "") -> Fraction:
    """Read an int, float or "a/b" string as a Fraction."""
    from fractions import Fraction   # only when a number is read exactly: status (WS&IM) pays nothing for it

    if isinstance(value, bool):
        raise BadInput(f"{where}: expected a number, got {value!r}")
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            pass
    raise BadInput(f"{where}: expected a number such as 2, 1.5 or \"3/2\", got {value!r}")


def flat(values: Mapping[str, Any], prefix: str = "") -> dict:
    """Nested tables as flat dotted keys ({"a": {"b": 1}} -> {"a.b": 1})."""
    out: dict = {}
    for key, value in values.items():
        full = f"{prefix}.{key}" if prefix else str(key)
        out.update(flat(value, full) if isinstance(value, Mapping) else {full: value})
    return out


@lru_cache(maxsize=None)
def default_readings(ruleset: str, name: str) -> dict[str, dict]:
    """Every default reading of table `name` by dotted key: {"value", "source", "reason", "block"}."""
    out: dict[str, dict] = {}
    for item in _load(ruleset, name).get("reading", []):
        if "value" in item:
            cells = {item["key"]: item["value"]}
        else:
            cells = {f"{item['key']}.{k}": v for k, v in flat(item["values"]).items()}
        for key, value in cells.items():
            out[key] = {"value": value, "source": item["source"], "reason": item["reason"], "block": item["key"]}
    return out


@lru_cache(maxsize=None)
def default_values(ruleset: str, name: str) -> dict[str, Any]:
    """The default readings' values by dotted key."""
    return {k: v["value"] for k, v in default_readings(ruleset, name).items()}


def check_sources(name: str, table: Mapping[str, Any]) -> None:
    """Every section of a table file must carry a source (a bad table names file and key)."""
    if "source" not in table:
        raise BadInput(f"table file {name}.toml: missing top-level 'source'")
    for key, value in table.items():
        if isinstance(value, Mapping) and "source" not in value and not key.startswith("_"):
            raise BadInput(f"table file {name}.toml: section [{key}] has no 'source'")


def lookup(data: Mapping[str, Any], dotted: str) -> tuple[bool, Any]:
    """Whether `data` holds the dotted key, and its value."""
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return False, None
        node = node[part]
    return True, node


def _kind(value: Any) -> str:
    """What kind of value a table key holds, as a ruling by kind must match it."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)) or (isinstance(value, str) and _is_number(value)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return "text"


def _is_number(text: str) -> bool:
    from fractions import Fraction   # as in as_fraction

    try:
        Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return False
    return True


def _check_kind(dotted: str, value: Any, data: Mapping[str, Any], defaults: Mapping[str, Any],
                forms: Mapping[str, tuple[str, str]]) -> None:
    """Refuse a ruling whose key the tables do not have (and no default reading names), or whose value
    is of another kind than the value it replaces."""
    found, old = lookup(data, dotted)
    if not found:
        if dotted in defaults:
            found, old = True, defaults[dotted]
        elif any(k.startswith(dotted + ".") for k in defaults):
            found, old = True, {}
    if not found:
        near = sorted(k for k in defaults if k.split(".")[0] == dotted.split(".")[0])[:6]
        hint = f"; keys with a default reading there include {', '.join(near)}" if near else ""
        raise BadInput(f"house ruling {dotted!r}: no such table key{hint} (`umpire rulings` lists them)")
    if _kind(old) != _kind(value):
        raise BadInput(f"house ruling {dotted!r}: expected {_kind(old)} (e.g. {_example(old)}), got {value!r}")
    for prefix, (pattern, what) in forms.items():
        if dotted.startswith(prefix) and isinstance(value, str) and not re.fullmatch(pattern, value.strip()):
            raise BadInput(f"house ruling {dotted!r}: expected {what}, got {value!r}")


def _example(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a table of values"
    return repr(value) if not isinstance(value, str) else f'"{value}"'
