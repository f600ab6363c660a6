"""Loading rules tables from data/<ruleset>/<name>.toml: layered data, then house rulings.

Layers, from the bottom: a ruleset's data folder may declare another as its
base (`layer.toml`: ``base = "wsim-1981"``), and then holds only the tables,
or the parts of tables, that differ: a table file there is merged over the
base's table of the same name key by key (tables merge, values replace), or
replaces it whole with ``replace = true``. House rulings are the last layer:
a ruling overrides one value, its key "<table>.<dotted key path>" (e.g.
``hdt.modifiers.rake``); rulings are recorded in the game and shown in the
working.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir

LAYER_FILE = "layer.toml"
#: the tables no rule text gives, which an umpire supplies in a pack (`umpire tables template`)
PACK_SPEC = "pack-tables"


class MissingTable(BadInput):
    """A table no rule text gives and the game has no pack for."""


def _folder(ruleset: str) -> Path:
    return resource_dir("data") / ruleset


def _read(path: Path) -> dict:
    import tomllib   # only when a table is read: a command that reads none (status) pays nothing for it

    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"{path}: {exc}") from None
    except OSError as exc:
        raise BadInput(f"{path}: cannot read ({exc.strerror})") from None


@lru_cache(maxsize=None)
def base_of(ruleset: str) -> str | None:
    """The data folder `ruleset` is layered over, if its layer.toml names one."""
    path = _folder(ruleset) / LAYER_FILE
    if not path.is_file():
        return None
    base = _read(path).get("base")
    if base is not None and (not isinstance(base, str) or not (resource_dir("data") / base).is_dir()):
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
    path = _folder(ruleset) / f"{name}.toml"
    own = _read(path) if path.is_file() and name != LAYER_FILE[:-5] else None
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
    """The tables of one ruleset, with a game's house rulings applied."""

    def __init__(self, ruleset: str, rulings: Mapping[str, Any] | None = None, strict: bool = False,
                 packs: Mapping[str, dict] | None = None) -> None:
        self.ruleset = ruleset
        self.rulings = dict(rulings or {})
        #: tables no rule text gives, from the game's pack (`umpire new --tables`)
        self.packs = dict(packs or {})
        #: a `--strict` game: where the text lacks a number, refuse rather than take the default reading
        self.strict = strict
        self._cache: dict[str, dict] = {}

    def __getitem__(self, name: str) -> dict:
        if name not in self._cache:
            table = self._layered(name)
            mine = {k: v for k, v in self.rulings.items() if k.split(".", 1)[0] == name}
            if mine:
                table = copy.deepcopy(table)
                for key, value in mine.items():
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
    return any((_folder(r) / f"{PACK_SPEC}.toml").is_file() for r in chain(ruleset))


def table_names(ruleset: str) -> list[str]:
    """The tables a ruleset has, its own and its bases' (for messages naming what is accepted)."""
    return sorted({p.stem for r in chain(ruleset) for p in _folder(r).glob("*.toml")} - {LAYER_FILE[:-5]})


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
