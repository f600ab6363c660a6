"""House rules about the code itself."""

from __future__ import annotations

import subprocess
import sys

from umpire.cli import _register, cli


def test_rules_do_not_import_ui_or_pdf():
    code = ("import sys; import umpire.rules.wsim.ruleset, umpire.rules.wsim.gunnery; "
            "bad = [m for m in ('click', 'rich', 'reportlab') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_status_json_does_not_import_rich_or_reportlab(tmp_path):
    game = tmp_path / "g.toml"
    subprocess.run([sys.executable, "-m", "umpire", "new", str(game), "--ruleset", "wsim-1981"],
                   check=True, capture_output=True)
    code = ("import sys, runpy; sys.argv=['umpire','--game',%r,'--json','status'];\n"
            "try:\n    runpy.run_module('umpire', run_name='__main__')\nexcept SystemExit: pass\n"
            "print([m for m in ('rich', 'reportlab') if m in sys.modules], file=sys.stderr)") % str(game)
    err = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stderr
    assert err.strip().endswith("[]"), err


def _commands(group, prefix=""):
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):
            yield from _commands(cmd, prefix + name + " ")
        else:
            yield prefix + name, cmd


def test_every_command_has_help_with_an_example():
    _register()
    for name, cmd in _commands(cli):
        assert cmd.help and "Example" in cmd.help, name
