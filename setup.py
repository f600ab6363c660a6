"""Package list for setuptools: every umpire.* code package found on disk, plus the
top-level data/, templates/ and scenarios/ folders installed inside the package
(mapped in pyproject.toml). Metadata lives in pyproject.toml."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["umpire", "umpire.*"])
      + ["umpire.data", "umpire.templates", "umpire.scenarios"])
