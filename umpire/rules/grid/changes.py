"""Effects from a ship's working copy: one `set` per top-level field the rules changed."""

from __future__ import annotations

from umpire.core.effects import set_


def ship_changes(old: dict, new: dict) -> list[dict]:
    """The effects that turn ship `old` into `new` (both plain dicts; only changed fields)."""
    return [set_(["ships", old["id"], key], value) for key, value in new.items() if old.get(key) != value]
