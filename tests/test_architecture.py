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


def test_status_json_does_not_import_rich_or_reportlab(umpire, tmp_path):
    game = tmp_path / "g.toml"
    assert umpire("new", game, "--ruleset", "wsim-1981").code == 0     # the set-up, in-process
    code = ("import sys, runpy; sys.argv=['umpire','--game',%r,'--json','status'];\n"
            "try:\n    runpy.run_module('umpire', run_name='__main__')\nexcept SystemExit: pass\n"
            "print([m for m in ('rich', 'reportlab') if m in sys.modules], file=sys.stderr)") % str(game)
    err = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stderr
    assert err.strip().endswith("[]"), err


def test_every_command_module_loads_without_printing_converters_or_rule_systems():
    """`umpire --help` and the shell's completion import every command module: reportlab, the OOB
    converters and the rule systems load only when a command uses them."""
    code = ("import sys; from umpire.cli import _register; _register(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'reportlab') or "
            "m.startswith(('umpire.pdf', 'umpire.oob', 'umpire.rules.'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # the table packs' reader (`tables template`, `new --tables`) is the one rule module they import
    assert out.strip() == str(["umpire.rules.wsim", "umpire.rules.wsim.editions", "umpire.rules.wsim.editions.packs"])


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

    root = Path(__file__).resolve().parents[1] / "umpire" / "cli"
    defined: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for dec in node.decorator_list:
                    call = dec if isinstance(dec, ast.Call) else None
                    func = call.func if call else dec
                    if isinstance(func, ast.Attribute) and func.attr in ("command", "group") and \
                            isinstance(func.value, ast.Name) and func.value.id == "cli":
                        name = call.args[0].value if call and call.args else node.name.replace("_", "-")
                        defined.setdefault(name, []).append(module)
    twice = {k: v for k, v in defined.items() if len(v) > 1}
    assert twice == {}
    assert all(COMMANDS.get(name) == where[0] for name, where in defined.items())
    _register()   # every command, made by a decorator or a factory (foul, grapple, ...), is where the table says
    assert {name: cmd.callback.__module__.removeprefix("umpire.cli.") for name, cmd in cli.commands.items()} == COMMANDS


def test_no_command_module_imports_a_ruleset_or_asks_its_family():
    """Commands find a ruleset's parts through the Ruleset contract (its action table, options and
    declared questions), never by importing a rule system or branching on its family."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "umpire" / "cli"
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "family":
                found.append(f"{path.name}:{node.lineno} asks .family")
            # table packs (`tables template`, `new --tables`) are read by the editions' pack module
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("umpire.rules") \
                    and not (node.module or "").startswith("umpire.rules.wsim.editions.packs"):
                found.append(f"{path.name}:{node.lineno} imports {node.module}")
    assert found == []
