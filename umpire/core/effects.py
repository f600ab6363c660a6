"""Effects: the only way game state changes.

An effect is a small dict: ``{"op": "set", "path": [...], "value": v}`` or
``{"op": "add", "path": [...], "value": n}`` or ``{"op": "del", "path": [...]}``. The path walks dicts by key and
lists by index from the root state ``{"turn": n, "ships": {...}, ...}``.
Effects hold the resolved outcome, so a saved game reads the same after a
rules fix. (No dataclasses here: reading a game should start fast.)
"""

from __future__ import annotations

import copy
from typing import Any, Iterable, Sequence

from umpire.core.errors import BadInput

Path = Sequence[str | int]


def set_(path: Path, value: Any) -> dict:
    return {"op": "set", "path": list(path), "value": value}


def add(path: Path, value: int | float) -> dict:
    return {"op": "add", "path": list(path), "value": value}


def get(state: Any, path: Path, default: Any = None) -> Any:
    node = state
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return default
    return node


def apply(state: dict, effects: Iterable[dict], undo: list | None = None) -> dict:
    """Apply effects to `state` in place and return it.

    With `undo`, append to it the effects that take each change back (apply
    them in reverse order to undo): the value a path held before, or a
    deletion where it held nothing.
    """
    for eff in effects:
        path = eff["path"]
        node: Any = state
        for part in path[:-1]:
            node = node[_key(node, part, path)]
        last = _key(node, path[-1], path)
        op = eff["op"]
        if undo is not None:
            held = last in node if isinstance(node, dict) else -len(node) <= last < len(node)
            # the old value is detached from the state by the change, so it needs no copy
            undo.append({"op": "set", "path": list(path), "value": node[last]} if held
                        else {"op": "del", "path": list(path)})
        if op == "set":
            node[last] = copy.deepcopy(eff["value"])
        elif op == "add":
            node[last] = node[last] + eff["value"]
        elif op == "del":
            del node[last]
        else:
            raise BadInput(f"journal: unknown effect {op!r}")
    return state


def applied_copy(state: dict, effects: Iterable[dict], keys: Iterable[str]) -> dict:
    """What `state`, cut to `keys`, would be after `effects`, leaving `state` as it is.

    Only the tables and lists the effects write into are copied (shallowly, along each path);
    the rest is shared with `state`, so the result is for reading. A deep copy of a fleet for
    every event made `verify` of a long game slow."""
    out = {k: state[k] for k in keys if k in state}
    copied = {id(out)}
    for eff in effects:
        path = eff["path"]
        node: Any = out
        for part in path[:-1]:
            k = _key(node, part, path)
            child = node[k]
            if id(child) not in copied and isinstance(child, (dict, list)):
                child = copy.copy(child)
                node[k] = child
                copied.add(id(child))
            node = child
        apply(out, [eff])
    return out


def _key(node: Any, part: Any, path: Any) -> Any:
    """A path part that fits its node: text for a table, a whole number for a list (a state read
    back from a file has no other keys, so no other part could ever find what it names)."""
    fits = isinstance(part, str) if isinstance(node, dict) else (
        isinstance(part, int) and not isinstance(part, bool) if isinstance(node, list) else False)
    if not fits:
        raise BadInput(f"journal: effect path {path!r} does not fit the game (at {part!r})")
    return part


def unset(path: Path) -> dict:
    return {"op": "del", "path": list(path)}
