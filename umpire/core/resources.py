"""Where the bundled data/, templates/ and scenarios/ folders are.

When installed they sit inside the package (`umpire/data`); in a source
checkout they sit at the top of the repository.
"""

from __future__ import annotations

import os

_PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def resource_dir(name: str) -> str:
    """The folder `name` ("data", "templates" or "scenarios"), as text: the core reads it with
    `os.path` (pathlib costs milliseconds at every start; printing and conversion wrap it in a Path)."""
    installed = os.path.join(_PACKAGE, name)
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(_PACKAGE), name)
