"""Rulesets, found by id or alias. Modules are imported only when a game needs them."""

from __future__ import annotations

import importlib

_RULESETS = {
    "wsim-1981": "umpire.rules.wsim.ruleset:Wsim1981",
    "dguts": "umpire.rules.dguts.ruleset:Dguts",
}

ALIASES = {
    "wsim": "wsim-1981",
    "wsim1981": "wsim-1981",
    "wsim-2e": "wsim-1981",
    "wooden-ships": "wsim-1981",
    "dgts": "dguts",
    "dont-give-up-the-ship": "dguts",
}

# Rulesets whose texts are bundled for scenarios but not yet playable, and the
# playable ruleset a game from them uses.
PLAYED_AS = {"wsim-1974": "wsim-1981"}


def ruleset_ids() -> list[str]:
    return sorted(_RULESETS)


def canonical(name: str) -> str:
    from umpire.core.errors import BadInput

    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in _RULESETS:
        raise BadInput(f"ruleset {name!r} is not known; use one of: {', '.join(ruleset_ids())}")
    return key


def find_ruleset(name: str):
    """Return the ruleset object for an id or alias."""
    module, cls = _RULESETS[canonical(name)].split(":")
    return getattr(importlib.import_module(module), cls)()
