"""Commands several rule systems name alike but take differently: one command with every option,
and the game's ruleset's own action type decides which of them apply (an option its action has
no field for is refused, never ignored). The WS&IM Advanced commands sail, sink and anchor are
built the same way, from the game's own action type."""

from __future__ import annotations

import click

from umpire.cli import cli
from umpire.cli.actions import _act, roll_option
from umpire.core.errors import BadInput


def ruleset_action(obj, command: str, data: dict, options: dict[str, str]):
    """The game's action for `command` from `data`; `options` maps each given option to the field it fills."""
    entry = obj.ruleset.actions.get(command)
    if entry is None:
        raise BadInput(f"{command} is not a {obj.ruleset.id} command")
    kind = entry[0]
    for option, fieldname in options.items():
        if fieldname not in kind._fields:
            raise BadInput(f"{option}: not an option of {command} in {obj.ruleset.id}")
    return kind.from_journal({"command": command, **data})


@cli.command()
@click.argument("ship")
@click.option("--at", "target", required=True, help="The ship rammed (or collided with, or run alongside).")
@click.option("--angled", is_flag=True, help="DGUTS galley: crossing at about 45 degrees rather than square on.")
@click.option("--collision", is_flag=True, help="Grid: an accidental collision rather than a ram (the same damage). "
              "WS&IM Tournament Edition (boats): the only form, a collision with a boat unit.")
@click.option("--alongside", is_flag=True, help="Grid: SHIP ran alongside: no damage, only the entangling die.")
@roll_option
@click.pass_obj
def ram(obj, ship, target, angled, collision, alongside, roll):
    """SHIP rams another. DGUTS: a galley crossing a ship's course (ahead, ram or astern; a ram
    sinks her). Grid game: 1D6 damage cards each and 2 in 6 entangled; dice in order: SHIP's
    damage, the other's, the entangling die (alongside: that die only). WS&IM Tournament
    Edition with boats: SHIP ran into OTHER (`--collision`): a boat running into a larger
    vessel goes back to her hex; a larger vessel entering a boat's hex destroys her (one die).

    \b
    Examples:
      umpire ram algerine --at brig --rolls 3,4,2
      umpire ram swallow --at royal-fortune --rolls 3,5,2
    """
    if collision and alongside:
        raise BadInput("ram: --collision or --alongside, not both")
    given = {"--angled": "opts"} if angled else {}
    if collision or alongside:
        given["--collision" if collision else "--alongside"] = "kind"
    kind = "collision" if collision else "alongside" if alongside else "ram"
    data = {"ship": obj.ship(ship), "at": obj.ship(target), "kind": kind, "opts": {"angled": "1"} if angled else {}}
    _act(obj, ruleset_action(obj, "ram", data, given), roll)


def _kind(obj, command: str):
    """The game's action type for `command` (refused, naming the ruleset, if it has none)."""
    entry = obj.ruleset.actions.get(command)
    if entry is None:
        raise BadInput(f"{command} is not a {obj.ruleset.id} command")
    return entry[0]


@cli.command()
@click.argument("ship")
@click.option("--what", type=click.Choice(["hull", "rigging", "guns", "low", "high", "jury"]),
              help="WS&IM advanced: hull, rigging or guns. DGUTS: hull (low), rigging (high), a jury mast, or guns.")
@click.option("--crew", type=float, help="DGUTS: crew factors at work.")
@click.option("--turns", type=int, help="DGUTS: turns spent on it (default 1).")
@click.option("--battle", is_flag=True, help="DGUTS: repairs made during the action.")
@click.option("--card", help="grid: the held damage card repaired, or hull (plug one unit).")
@click.option("--result", type=click.Choice(["fixed", "failed"]), help="grid: the repair roll's result.")
@roll_option
@click.pass_obj
def repair(obj, ship, what, crew, turns, battle, card, result, roll):
    """Repair damage. WS&IM advanced: one turn of work on hull, rigging or guns, in the load
    phase; the third turn of one kind gives back the two squares marked last. DGUTS: crew factors
    put to work. Grid: a held damage card.

    \b
    Examples:
      umpire repair constitution --what rigging
      umpire repair guerriere --what low --crew 4 --turns 2
      umpire repair swallow --card sail-shot-away --result fixed
    """
    kind = _kind(obj, "repair")
    if "opts" in kind._fields:
        if not (what or card):
            raise BadInput("repair: say what is repaired: --what (DGUTS) or --card (grid)")
        opts = {"crew": crew, "turns": 1 if turns is None else turns, "battle": battle, "result": result}
        data = {"ship": obj.ship(ship), "what": what or card, "opts": {k: v for k, v in opts.items() if v is not None}}
        _act(obj, ruleset_action(obj, "repair", data, {}), roll)
        return
    given = {name: "opts" for name, value in (("--crew", crew), ("--turns", turns), ("--battle", battle or None),
                                              ("--card", card), ("--result", result)) if value is not None}
    if not what and not given:
        raise BadInput("repair: say what is repaired: --what hull|rigging|guns")
    _act(obj, ruleset_action(obj, "repair", {"ship": obj.ship(ship), "what": what or ""}, given), roll)


@cli.command()
@click.argument("ship")
@click.option("--near", "near", multiple=True, metavar="SHIP[=INCHES]",
              help="WS&IM: a ship in an adjacent hex (repeat, in the order her dice are rolled). "
                   "DGUTS: SHIP=INCHES, a ship nearby and its distance.")
@click.option("--explosive-ship", is_flag=True, help="DGUTS: a fire ship or explosion vessel.")
@roll_option
@click.pass_obj
def explode(obj, ship, near, explosive_ship, roll):
    """A ship blows up. WS&IM advanced: the turn's die for a ship marked as exploding; on a 6 she
    explodes and each ship named by --near takes one die of rigging damage. DGUTS: ships nearby
    take damage by distance.

    \b
    Examples:
      umpire explode hercule --near mars --rolls 6,3
      umpire explode java --near constitution=2
    """
    from umpire.cli.actions import _pairs

    kind = _kind(obj, "explode")
    if kind._kinds.get("near") == "dict[str, float]":
        pairs = _pairs(near)
        try:
            dist = {obj.ship(k): float(v) for k, v in pairs.items()}
        except ValueError:
            raise BadInput(f"--near {' '.join(near)}: give SHIP=INCHES, e.g. constitution=2") from None
        data = {"ship": obj.ship(ship), "near": dist, "opts": {"explosive_ship": explosive_ship}}
        _act(obj, ruleset_action(obj, "explode", data, {}), roll)
        return
    for item in near:
        if "=" in item:
            raise BadInput(f"--near {item!r}: in {obj.ruleset.id} name a ship in an adjacent hex, with no distance")
    given = {"--explosive-ship": "opts"} if explosive_ship else {}
    data = {"ship": obj.ship(ship), "near": [obj.ship(n) for n in near],
            "optional": list(obj.game.meta.get("optional", []))}
    _act(obj, ruleset_action(obj, "explode", data, given), roll)


@cli.command()
@click.argument("ship")
@click.argument("sails", required=False, type=click.Choice(["full", "battle"], case_sensitive=False))
@click.option("--set", "setting", metavar="SETTING",
              help="grid: the new setting: anchor, none, reefed, main, topsail or all.")
@click.option("--battle", is_flag=True, help="Tournament Edition: an unsundered enemy ship is within ten hexes "
              "(with variable seamanship, a die against the crew's morale).")
@roll_option
@click.pass_obj
def sail(obj, ship, sails, setting, battle, roll):
    """Set SHIP's sails. WS&IM advanced: full or battle sails (Full Sail Phase), in effect at
    once; full sails double the rigging hits she takes. Grid: move her sail marker to a new
    setting (the first setting given is where she starts; `speed` and `tack` then use it).

    \b
    Examples:
      umpire sail constitution full
      umpire sail orient full --battle --roll 3
      umpire sail swallow --set topsail
    """
    kind = _kind(obj, "sail")
    if "setting" in kind._fields:
        if sails:
            raise BadInput(f"sail {sails}: in {obj.ruleset.id} give the new setting with --set")
        if not setting:
            raise BadInput("sail: give the new setting with --set (anchor, none, reefed, main, topsail or all)")
        _act(obj, ruleset_action(obj, "sail", {"ship": obj.ship(ship), "setting": setting},
                                 {"--battle": "opts"} if battle else {}), roll)
        return
    if not sails:
        raise BadInput("sail: say full or battle, e.g. umpire sail constitution full")
    given = {"--set": "setting"} if setting else {}
    data = {"ship": obj.ship(ship), "sails": sails.lower()}
    if battle:
        given["--battle"] = "opts"
        data["opts"] = {"battle": "1"}
    _act(obj, ruleset_action(obj, "sail", data, given), roll)


@cli.command()
@click.argument("ship")
@roll_option
@click.pass_obj
def sink(obj, ship, roll):
    """The turn's die for a ship marked as sinking (WS&IM advanced): a 6 and she sinks. Rolled
    once a turn, from the turn after she was marked.

    \b
    Example:
      umpire sink hercule --roll 6
    """
    _act(obj, ruleset_action(obj, "sink", {"ship": obj.ship(ship)}, {}), roll)


@cli.command()
@click.argument("ship")
@click.option("--spring", type=click.Choice(["bow", "stern"]), help="Anchor on springs, by the bow or the stern.")
@click.option("--up", is_flag=True, help="Weigh anchor: two turns with no loading, firing, repairs or melee.")
@click.option("--cut", is_flag=True, help="Cut the anchors: free next turn, never to anchor again.")
@click.pass_obj
def anchor(obj, ship, spring, up, cut):
    """Anchor SHIP (WS&IM advanced), in effect from next turn: ordinary, or on springs by the bow
    or the stern; or weigh (--up) or cut (--cut) her anchors. Whether the scenario allows
    anchoring is the umpire's call.

    \b
    Examples:
      umpire anchor constitution --spring bow
      umpire anchor constitution --up
    """
    if sum(bool(x) for x in (spring, up, cut)) > 1:
        raise BadInput("anchor: give one of --spring, --up or --cut")
    how = spring or ("up" if up else "cut" if cut else "ordinary")
    _act(obj, ruleset_action(obj, "anchor", {"ship": obj.ship(ship), "how": how}, {}))
