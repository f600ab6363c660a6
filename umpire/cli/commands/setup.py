"""Commands that set a game up: new, ship add, scenarios, designate."""

from __future__ import annotations

import json
import math
import os
import tomllib
from pathlib import Path

import click

from umpire.cli import cli
from umpire.cli.actions import act, action_type, require_command
from umpire.cli.commands.tables import load_pack
from umpire.cli.context import read_rulings
from umpire.cli.text import briefing_lines, scenario_lines
from umpire.core import files
from umpire.core import game as gamefile
from umpire.core import scenarios as sc
from umpire.core.briefing import briefing
from umpire.core.errors import BadInput
from umpire.core.ruleset import PLAYED_AS, canonical, find_ruleset
from umpire.core.ships import check_name, check_new_id, make_id
from umpire.core.state import Resolution, Step, set_


@cli.command()
@click.argument("path")
@click.option("--ruleset", help="wsim-1981, wsim-1974, wsim-te26, dguts or grid (default: the scenario's).")
@click.option("--level", help="Rules level: WS&IM 1981 and TE 2.6 basic or advanced (1974: basic); DGUTS standard, training or fleet; grid: basic (default: the first).")
@click.option("--optional", "optional", multiple=True, metavar="NAME", help="Optional rule in play (repeatable).")
@click.option("--scenario", metavar="ID|FILE", help="Start from a bundled scenario or a scenario file.")
@click.option("--seed", type=int, help="Seed for the tool's dice (default: random, recorded).")
@click.option("--force", is_flag=True, help="Overwrite an existing game file.")
@click.option("--strict", is_flag=True, help="Where the text lacks a number, refuse (naming the ruling to set) "
              "instead of taking the documented default reading.")
@click.option("--tables", "pack", metavar="PACK.toml", help="A filled table pack (`umpire tables template`).")
@click.option("--deck", metavar="DECK.toml", help="grid: a damage-card deck replacing the built-in one "
              "([[cards]] with id, count, title, text, kind).")
@click.pass_obj
def new(obj, path, ruleset, level, optional, scenario, seed, force, strict, pack, deck):
    """Start a new game file at PATH.

    \b
    Example:
      umpire new duel.toml --ruleset wsim-1981 --seed 7
      umpire new nile.toml --scenario nile
    """
    target = Path(path)
    if target.is_dir():
        raise BadInput(f"{path} is a folder; give a file name for the game, e.g. {Path(path) / 'game.toml'}")
    if target.exists() and not force:
        raise BadInput(f"game file {path} already exists (use --force to overwrite)")
    scen = sc.load(scenario) if scenario else None
    rs, level = _rules(ruleset, level, optional, scen)
    ships, info = [], {}
    if scen:
        ships = [rs.scenario_ship(s, scen) for s in scen["ships"]]
        info = {k: scen[k] for k in ("id", "title", "date", "source", "special_rules", "victory", "wind", "map")
                if k in scen}
        info["ruleset"] = scen["ruleset"]
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    game = gamefile.new_game(target, rs.id, level, list(optional), seed, ships, info, strict=strict)
    if pack:   # the pack's tables are recorded in the game, a data layer for every command
        game.meta["tables"] = load_pack(pack, rs)
    if deck:   # kept with the game's scenario, read by the rules when each ship is set up
        game.scenario["deck"] = load_deck(deck, rs)
    elif scen and rs.own_deck and scen.get("deck"):   # a scenario's own deck, checked as `--deck` is
        game.scenario["deck"] = rs.check_deck(scen["deck"], f"of scenario {scen.get('id', scenario)}")
    if obj.rulings_file:   # `umpire --rulings house.toml new ...` keeps them for the whole game
        game.rulings = read_rulings(obj.rulings_file)
        rs.check_rulings(game.tables())
    game.state()  # checks every ship before anything is written
    with gamefile.locked(target):
        gamefile.create(game, overwrite=force)
    _started(obj, {"game": str(target), "ruleset": rs.id, "level": level, "seed": seed, "strict": strict,
                   "scenario": info.get("id", ""), "ships": len(ships)}, rs, scen)


def _rules(ruleset: str | None, level: str | None, optional: tuple[str, ...], scen: dict | None):
    """The rules a new game plays (named, else the scenario's) and their level; an optional rule or
    level they do not offer is refused, naming those they do."""
    rid = ruleset or (scen and PLAYED_AS.get(scen["ruleset"], scen["ruleset"]))
    if not rid:
        raise BadInput("say which rules: --ruleset wsim-1981|dguts (or --scenario ID)")
    rs = find_ruleset(canonical(rid))
    unknown = [o for o in optional if o not in rs.optional_rules]
    if unknown:
        offered = ", ".join(rs.optional_rules) or "none yet"
        raise BadInput(f"optional rule {unknown[0]!r}: {rs.id} offers {offered}")
    level = level or rs.levels[0]
    if level not in rs.levels:
        raise BadInput(f"level {level!r}: {rs.id} offers {', '.join(rs.levels)}")
    return rs, level


def _started(obj, out: dict, rs, scen: dict | None) -> None:
    """Say the game is made: with a scenario, its warnings on stderr and its briefing."""
    if not scen:
        obj.emit(out, "new game")
        return
    if scen["ruleset"] != rs.id:
        out["note"] = f"the scenario comes from {scen['ruleset']}; it is played with the {rs.id} rules"
    if not out["ships"]:
        out["note"] = "the source prints no set-up for this action: add the ships with `umpire ship add`"
    for line in rs.scenario_warnings(scen):   # e.g. a ship whose armament the text lost
        click.echo(f"umpire: warning: {line}", err=True)
    out["briefing"] = briefing(scen)
    if obj.as_json:
        obj.emit(out)
        return
    obj.emit({k: v for k, v in out.items() if k not in ("briefing", "note")}, "new game")
    _print_briefing(obj, out["briefing"])


class _Finite(click.ParamType):
    """A number that is a number: inf and nan are refused as a bad value (exit 2)."""

    name = "number"

    def convert(self, value, param, ctx):
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


FINITE = _Finite()


@cli.group()
def ship():
    """Add ships to the game (`ship add`), or give and correct a ship's record in play (`ship edit`).

    \b
    Examples:
      umpire ship add MARS --side british --spec "14H-(5-4-4)M-9(1)G-7R(3)-5-21'-26(CR)"
      umpire ship add --help
    """


@ship.command("add")
@click.argument("name")
@click.option("--side", required=True, help="Side the ship fights for, e.g. british.")
@click.option("--id", "ship_id", help="Ship id (default: the name in lower case with hyphens).")
@click.option("--spec", help="WS&IM spec string, e.g. \"14H-(5-4-4)M-10(1)G-7R(3)-5-22'-23(AV)\".")
@click.option("--class", "ship_class", help="WS&IM class: SOL, F, C, B, S, SC, ... or the counter's number 1-7 (default: not given).")
@click.option("--turning", type=int, help="WS&IM turning ability, from the counter (default: not given; "
              "`ship edit --turning` or the first `move --turning` gives it later).")
@click.option("--nation", help="Nation, e.g. british, american, french, spanish.")
@click.option("--tons", type=FINITE, help="DGUTS: tonnage.")
@click.option("--men", type=int, help="DGUTS: crew.")
@click.option("--guns", help="DGUTS: guns by calibre, e.g. \"30x24,22x32C,2x12\".")
@click.option("--rate", help="DGUTS: rated number of guns, e.g. 44 (default: the guns carried). WS&IM 1974: the "
              "gun rating towing and the wind read (other WS&IM editions: `ship edit --rate`).")
@click.option("--merchant", is_flag=True, help="DGUTS: merchantman or privateer (no opening broadside bonus).")
@click.option("--type", "ship_type", help="grid: sample ship, e.g. frigate, sloop, first-rate.")
@click.option("--movement", help="grid: movement class A-E or M, one the type allows (default its first).")
@click.option("--quality", help="grid: crew quality trained, average or dreadful (default average).")
@click.option("--bow-guns", type=int, help="grid: bow guns (default the type's).")
@click.option("--stern-guns", type=int, help="grid: stern guns (default the type's).")
@click.option("--crew", type=int, help="grid: crew figures (default the type's).")
@click.option("--marines", type=int, help="grid: marine figures (default the type's).")
@click.option("--boat-gun", "boat_guns", multiple=True, metavar="BOAT",
              help="grid: the cutter or launch carries a gun, taken from a broadside (repeatable).")
@click.pass_obj
def ship_add(obj, name, side, ship_id, spec, ship_class, turning, nation, tons, men, guns, rate, merchant,
             ship_type, movement, quality, bow_guns, stern_guns, crew, marines, boat_guns):
    """Add a ship to the game.

    \b
    Examples:
      umpire ship add CONSTITUTION --side american --spec "20H-(6-6-6)M-12(4)G-8R(3)-6-22'-43(CR)"
      umpire ship add Constitution --side american --nation american --tons 1576 --men 456 --guns "30x24,22x32C"
      umpire ship add Swallow --side british --type ship-of-the-line --quality trained
    """
    state = obj.state
    check_name(name)
    check_name(side, "side")
    ship_id = check_new_id(check_name(ship_id, "id") if ship_id else make_id(name), state["ships"])
    side = side.strip().lower()
    if not side:
        raise BadInput("--side must name a side, e.g. british")
    opts = {"spec": spec, "class": ship_class, "turning": turning, "nation": nation, "tons": tons, "men": men,
            "guns": guns, "rate": rate, "merchant": merchant}
    grid = {"type": ship_type, "movement": movement, "quality": quality, "bow_guns": bow_guns,
            "stern_guns": stern_guns, "crew": crew, "marines": marines, "boat_guns": list(boat_guns) or None}
    opts.update({k: v for k, v in grid.items() if v is not None})
    rs = obj.ruleset
    if rs.own_deck and obj.game.scenario.get("deck"):   # the game's own damage-card deck (`new --deck`)
        opts["deck_table"] = obj.game.scenario["deck"]
    definition = rs.ship_definition(name, side, ship_id, opts)
    ship_state = rs.new_ship(definition)
    res = Resolution("ship", f"{name} ({ship_id}) joins the {side} side",
                     [set_(["ships", ship_id], ship_state)],
                     [Step("ship", _what_she_is(definition), "")],
                     {"ship": rs.status(ship_state)})
    obj.commit(res, {"command": "ship add", "definition": definition})
    obj.emit(res)


@cli.command()
@click.argument("ship")
@click.option("--fore-and-aft", is_flag=True, help="Fore-and-aft rigged, as the scenario states (fore-and-aft-rigging).")
@click.option("--uncoppered", is_flag=True, help="At sea three months or more with no coppering (copper-bottom).")
@click.option("--newly-arrived", type=int, metavar="N",
              help="Newly arrived: N extra crew squares per section, 1 or 2 for a ship of the line, 1 for a "
              "frigate (scurvy; at set-up).")
@click.option("--rated-guns", type=int, metavar="N", help="Her gun rating, which towing and blocked wind compare.")
@click.option("--merchantman", metavar="KIND", help="Tournament Edition: a merchantman, KIND merchant or "
              "east-indiaman (merchantmen).")
@click.option("--privateer", is_flag=True, help="Tournament Edition: the merchantman is converted to a privateer "
              "(privateers-and-pirates; at set-up).")
@click.option("--pirate", is_flag=True, help="Tournament Edition: the sloop is a pirate, her crew doubled "
              "(privateers-and-pirates; at set-up).")
@click.option("--mortars", type=int, metavar="N", help="Tournament Edition: a bomb (or a fort) with N mortars, 1 or "
              "2 (bombs).")
@click.option("--fort", metavar="KIND", help="Tournament Edition: a fort, KIND stone, earthen or wooden; its two "
              "broadsides are two walls (forts).")
@click.option("--soldiers", type=int, metavar="N", help="Tournament Edition: N soldier squares embarked (soldiers; "
              "at set-up).")
@click.option("--artillery", is_flag=True, help="Tournament Edition, with --soldiers: they are artillery troops.")
@click.option("--boat", is_flag=True, help="Tournament Edition: the class 7 or 8 vessel is a boat unit that rows "
              "(boats).")
@click.pass_obj
def designate(obj, ship, fore_and_aft, uncoppered, newly_arrived, rated_guns, merchantman, privateer, pirate,
              mortars, fort, soldiers, artillery, boat=False):
    """Note what the scenario states about SHIP for the WS&IM optional rules.

    \b
    Examples:
      umpire designate hornet --fore-and-aft
      umpire designate mars --newly-arrived 2 --rated-guns 74
      umpire designate bengal --merchantman east-indiaman --privateer
    """
    require_command(obj, "designate", "the WS&IM 1981 Optional Rules")
    opts = {"fore_and_aft": fore_and_aft, "uncoppered": uncoppered, "newly_arrived": newly_arrived,
            "rated_guns": rated_guns, "merchantman": merchantman, "privateer": privateer, "pirate": pirate,
            "mortars": mortars, "fort": fort, "soldiers": soldiers, "artillery": artillery, "boat": boat}
    act(obj, action_type(obj, "designate")(obj.ship(ship), {k: v for k, v in opts.items() if v not in (None, False)}))


@cli.group(invoke_without_command=True)
@click.option("--ruleset", metavar="ID", help="Only scenarios for these rules, e.g. dguts or wsim-1974.")
@click.pass_context
def scenarios(ctx, ruleset):
    """List the bundled scenarios, one line each (`scenarios show ID` for a briefing).

    \b
    Examples:
      umpire scenarios
      umpire scenarios --ruleset dguts
      umpire scenarios show trafalgar
      umpire --json scenarios
    """
    if ctx.invoked_subcommand:
        return
    items = sc.listing()
    if ruleset:
        wanted = _scenario_rulesets(ruleset, {i["ruleset"] for i in items})
        items = [i for i in items if i["ruleset"] in wanted]
    if ctx.obj.as_json:
        click.echo(json.dumps(items))
        return
    click.echo("\n".join(scenario_lines(items)))


def _scenario_rulesets(text: str, known: set[str]) -> set[str]:
    """Scenario rulesets `text` names: one exactly, or every one played with the ruleset it names."""
    key = text.strip().lower()
    if key in known:
        return {key}
    try:
        rid = canonical(key)
    except BadInput:
        raise BadInput(f"ruleset {text!r}: scenarios are bundled for {', '.join(sorted(known))}") from None
    return {r for r in known if PLAYED_AS.get(r, r) == rid}


@scenarios.command("show")
@click.argument("scenario", metavar="ID|FILE")
@click.pass_obj
def scenarios_show(obj, scenario):
    """Print a scenario's briefing: sides and ships, wind, length, victory, special rules, warnings.

    \b
    Examples:
      umpire scenarios show trafalgar
      umpire --json scenarios show dguts-constitution-guerriere
    """
    _print_briefing(obj, briefing(sc.load(scenario)))


def _print_briefing(obj, brief: dict) -> None:
    if obj.as_json:
        click.echo(json.dumps(brief))
        return
    click.echo("\n".join(briefing_lines(brief)))


def _what_she_is(definition: dict) -> str:
    """The ship as added, in words: her spec, or her type and guns, each named."""
    if definition.get("spec"):
        return str(definition["spec"])
    parts = [str(definition["type"])] if definition.get("type") else []
    parts += [f"{k.replace('_', ' ')} {definition[k]}" for k in ("movement", "quality") if definition.get(k)]
    guns = definition.get("guns", "")
    if isinstance(guns, int) and not isinstance(guns, bool):
        parts.append(f"{guns} broadside guns" + "".join(f", {definition[k]} {k.split('_')[0]} gun(s)"
                                                          for k in ("bow_guns", "stern_guns") if definition.get(k)))
    elif guns:
        parts.append(f"guns {guns}")
    parts += [f"{k} {definition[k]}" for k in ("crew", "marines") if definition.get(k)]
    return ", ".join(parts)


def load_deck(path: str, ruleset) -> dict:
    """A replacement damage-card deck for `new --deck FILE` (TOML `[[cards]]`), checked by the rules
    (`Ruleset.check_deck`); exit 2 on any fault."""
    if not ruleset.own_deck:
        raise BadInput(f"--deck: a damage-card deck is for the grid rules, not {ruleset.id}")
    raw, _ = files.read_regular(Path(path), "deck", files.MAX_FILE_BYTES)
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BadInput(f"deck {path}: not a TOML file ({exc})") from None
    return ruleset.check_deck(doc, path)

from umpire.cli.commands import ship_edit  # noqa: E402,F401  (ship edit joins the ship group)
