"""Loading rules tables from data/<ruleset>/<name>.toml, with house rulings.

A house ruling overrides one value of one table: the key is
"<table>.<dotted key path>" (e.g. ``hdt.modifiers.rake``) and the value
replaces the bundled one. Overrides are recorded in the game file and shown
in the working.
"""

from __future__ import annotations

import copy
import tomllib
from functools import lru_cache
from typing import Any, Mapping

from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir


@lru_cache(maxsize=None)
def _load(ruleset: str, name: str) -> dict:
    path = resource_dir("data") / ruleset / f"{name}.toml"
    try:
        with path.open("rb") as fh:
            table = tomllib.load(fh)
    except FileNotFoundError:
        raise BadInput(f"table {name!r}: ruleset {ruleset!r} has no such table; its tables are "
                       f"{', '.join(table_names(ruleset))}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"{path}: {exc}") from None
    if not table.get("source"):
        raise BadInput(f"{path}: table has no 'source'")
    return table


class Tables:
    """The tables of one ruleset, with a game's house rulings applied."""

    def __init__(self, ruleset: str, rulings: Mapping[str, Any] | None = None) -> None:
        self.ruleset = ruleset
        self.rulings = dict(rulings or {})
        self._cache: dict[str, dict] = {}

    def __getitem__(self, name: str) -> dict:
        if name not in self._cache:
            table = _load(self.ruleset, name)
            mine = {k: v for k, v in self.rulings.items() if k.split(".", 1)[0] == name}
            if mine:
                table = copy.deepcopy(table)
                for key, value in mine.items():
                    _set_path(table, key.split(".")[1:], value, key)
            self._cache[name] = table
        return self._cache[name]

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


def table_names(ruleset: str) -> list[str]:
    """The tables a ruleset's data folder holds (for messages naming what is accepted)."""
    return sorted(p.stem for p in (resource_dir("data") / ruleset).glob("*.toml"))


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
