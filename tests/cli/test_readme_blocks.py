"""Every command block of the README runs as written: from the clone's folder, each block in a
shell of its own with `umpire` on the PATH (the README says to activate `.venv`), the
files a reader would bring taken from `examples/`."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def blocks() -> list[str]:
    """The README's sh blocks after its set-up (which installs; CI runs that itself)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.*?)```", readme[readme.index("## At the table"):], re.S)


@pytest.mark.parametrize("block", blocks(), ids=lambda b: b.splitlines()[0][:40])
def test_each_readme_block_runs_as_written(tmp_path, block):
    """Each block stands alone (it starts the game it plays), so each runs in a fresh folder."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    env = {k: v for k, v in os.environ.items() if k != "UMPIRE_GAME"}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}", COLUMNS="80")
    res = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert res.returncode == 0, (block, res.stderr[-2000:])


def test_the_readme_has_its_blocks():
    assert len(blocks()) >= 8


def test_the_files_the_readme_reads_are_in_examples():
    named = {m for block in blocks() for m in re.findall(r"examples/[\w.-]+", block)}
    assert named and all((ROOT / n).is_file() for n in named)
