"""Where the bundled data/, templates/ and scenarios/ folders are.

When installed they sit inside the package (`umpire/data`); in a source
checkout they sit at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def resource_dir(name: str) -> Path:
    """Return the folder `name` ("data", "templates" or "scenarios")."""
    installed = _PACKAGE / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name
