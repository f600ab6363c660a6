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


def test_each_command_name_is_defined_once_where_the_lazy_table_says():
    """Two modules defining one command name would make the winner depend on load order."""
    import ast
    from pathlib import Path

    from umpire.cli import COMMANDS

    defined: dict[str, list[str]] = {}
    for path in sorted((Path(__file__).resolve().parents[1] / "umpire" / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for dec in node.decorator_list:
                    call = dec if isinstance(dec, ast.Call) else None
                    func = call.func if call else dec
                    if isinstance(func, ast.Attribute) and func.attr in ("command", "group") and \
                            isinstance(func.value, ast.Name) and func.value.id == "cli":
                        name = call.args[0].value if call and call.args else node.name.replace("_", "-")
                        defined.setdefault(name, []).append(path.stem)
    twice = {k: v for k, v in defined.items() if len(v) > 1}
    assert twice == {}
    for name, module in COMMANDS.items():
        if name == "wind":   # wind_cmds' group takes the WS&IM options and wraps the DGUTS wind group
            continue
        assert defined.get(name, [module]) == [module], name
