"""`umpire report`: the after-action report, as Markdown (default) or PDF."""

from __future__ import annotations

import json
from pathlib import Path

import click

from umpire.cli import cli, fleet
from umpire.cli.printing import refuse_game_file
from umpire.cli.text import shown
from umpire.core.errors import BadInput
from umpire.core.files import write_atomic
from umpire.core.report import build


@cli.command()
@click.option("-o", "--output", metavar="FILE.md|FILE.pdf", help="Write the report here (default, or '-': print Markdown).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True, help="PDF paper.")
@click.pass_obj
def report(obj, output, paper):
    """The after-action report: the battle turn by turn, every ship's final state, the result.

    \b
    Examples:
      umpire report                      # Markdown on the terminal
      umpire report -o trafalgar.md
      umpire report -o trafalgar.pdf --paper letter
    """
    data = build(obj.game, obj.ruleset, obj.state, obj.tables())
    output = None if output == "-" else output   # `-o -`: standard output, as without -o
    if obj.as_json and not output:
        click.echo(json.dumps(data))
        return
    # names and notes come from files and typing: control characters shown escaped, on a terminal or in a file
    text = "\n".join(shown(line) for line in markdown(data, obj.state["ships"]).split("\n"))
    if not output:
        click.echo(text, nl=False)
        return
    out = Path(output)
    if out.suffix.lower() not in (".md", ".pdf"):
        raise BadInput(f"-o {output}: the report is written as FILE.md or FILE.pdf")
    refuse_game_file(obj, out)
    try:
        if out.suffix.lower() == ".pdf":
            from umpire.pdf.report import write_pdf   # reportlab, only for a PDF report

            write_pdf(out, text, paper)
        else:
            write_atomic(out, text.encode("utf-8"), "report")   # a temporary file, then renamed
    except OSError as exc:
        raise BadInput(f"output {output}: cannot write ({exc.strerror})") from None
    obj.emit({"written": str(out), "turns": data["turns_played"], "events": data["events"]}, "report")


def markdown(data: dict, ships: dict) -> str:
    """The report as Markdown: heading, turn by turn, final state (the fleet lines), result."""
    out = [f"# {data['title']}", ""]
    facts = [x for x in (data["date"], data["scenario"] and f"scenario {data['scenario']}",
                         f"rules {data['ruleset']}", f"{data['turns_played']} turns", f"{data['events']} events") if x]
    out += [", ".join(facts), "", "## The battle", ""]
    if not data["turns"]:
        out += ["Nothing happened yet.", ""]
    for t in data["turns"]:
        out += [f"### Turn {t['turn']}", ""]
        for e in t["events"]:
            dice = f" (dice {', '.join(map(str, e['rolls']))})" if e["rolls"] else ""
            out.append(f"- {e['summary']}{dice}")
            out += [f"  - **{c}**" for c in e["changes"]]
        out.append("")
    out += ["## Final state", "", "```"]
    out += fleet.lines(data["turns_played"], data["ruleset"], data["ships"], ships)[1:]
    out += ["```", "", "## Result", ""]
    out += _result(data)
    return "\n".join(out).rstrip() + "\n"


def _result(data: dict) -> list[str]:
    out = []
    score = data["score"] or {}
    if score.get("points"):
        out += ["Victory points: " + ", ".join(f"{side} {p}" for side, p in score["points"].items()), ""]
    for line in score.get("ships", []):
        to = f" to {', '.join(line['to'])}" if line.get("to") else ""
        pts = f", {line['points']} points{to}" if "points" in line else ""
        out.append(f"- {line['ship']}: {line['state']}{' (captured)' if line.get('captured') else ''}{pts}")
    if score.get("ships"):
        out.append("")
    else:
        out += ["No ship has struck, surrendered or been lost.", ""]
    if data["victory_conditions"]:
        out += ["Victory conditions of the scenario:", ""] + [f"- {v}" for v in data["victory_conditions"]] + [""]
    return out
