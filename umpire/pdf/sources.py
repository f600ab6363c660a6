"""The ships to print: from a game (with its damage and journal) or a scenario (blank).

A `Fleet` is what every sheet and card drawer reads: the ruleset, a title,
the ships' state dicts in print order (the scenario's order of battle: sides
in the scenario's order, each side's ships as the set-up lists them), each
ship's turn log, the ruleset's tables (with the game's house rulings) and the
scenario's briefing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from umpire.core import scenarios
from umpire.core.briefing import briefing
from umpire.core.errors import BadInput
from umpire.core.ruleset import PLAYED_AS, canonical, find_ruleset
from umpire.core.ships import find_ship
from umpire.core.tables import Tables
from umpire.pdf.families import printing_for


@dataclass(frozen=True, slots=True)
class Fleet:
    """Ships to print and what the pages say about where they come from."""

    ruleset: str
    title: str
    subtitle: str
    turn: int
    damage: bool
    ships: tuple[dict, ...]
    log: Mapping[str, tuple] = field(default_factory=dict)     # each ship's turn log rows (the family's)
    tables: Any = None
    names: Mapping[str, str] = field(default_factory=dict)
    brief: Mapping[str, Any] | None = None
    source_ruleset: str = ""
    options: tuple[str, ...] = ()
    wind_force: int | None = None     # the game's wind force, or the scenario's, when either gives one
    level: str = ""                   # the rules level the ships are printed at ("" the ruleset's first)
    start: bool = False               # blank sheets of a scenario: the ships as it sets them up (its damage)
    #: what the scenario says of each ship before play (by id): her notes, what the text lost
    ship_notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: ships whose armament the text lost in part (by id -> what is missing)
    armament_lost: Mapping[str, str] = field(default_factory=dict)

    @property
    def length(self) -> int:
        """The scenario's game length in turns (0 when it sets none)."""
        turns = (self.brief or {}).get("turns")
        return int(turns) if isinstance(turns, int) and not isinstance(turns, bool) and turns > 0 else 0

    def name(self, ship_id: str) -> str:
        """A ship's name by id (any ship of the game, printed or not)."""
        return self.names.get(ship_id, ship_id)

    @property
    def printing(self):
        """How the ruleset's family prints (`pdf.document.Printing`, found through `pdf.families`)."""
        return printing_for(self.ruleset)


def fleet_from_game(game, state: dict, ship_ids: Sequence[str] = (), blank: bool = False) -> Fleet:
    """The game's ships (all, or those named by id), with current damage unless `blank`."""
    printing = printing_for(game.ruleset_id)      # refuses rules that do not print
    ships = state.get("ships", {})
    chosen = [ships[s] for s in dict.fromkeys(ship_ids)] if ship_ids else list(ships.values())
    if not chosen:
        raise BadInput(f"game file {game.path} has no ships to print; add them with `umpire ship add`")
    names = {sid: str(s.get("name", sid)) for sid, s in ships.items()}
    turn = int(state.get("turn", 1))
    name = Path(game.path).name
    title = str(game.scenario.get("title") or Path(game.path).stem)
    subtitle = f"game {name}, " + ("blank sheets" if blank else f"turn {turn}")
    log = printing.log(game.events, names) if not blank else {}
    brief = game_briefing(game)
    return Fleet(ruleset=game.ruleset_id, title=title, subtitle=subtitle, turn=0 if blank else turn,
                 damage=not blank, ships=print_order(chosen, _side_order(brief)), log=log,
                 tables=game.tables(dict(state.get("rulings") or {}), state), names=names, brief=brief,
                 source_ruleset=str(game.scenario.get("ruleset") or game.ruleset_id),
                 options=tuple(str(o) for o in game.meta.get("optional", []) or ()),
                 wind_force=_force((state.get("wind") or {}) if isinstance(state.get("wind"), dict) else {}),
                 level=str(game.meta.get("level") or ""))


def fleet_from_scenario(ref: str | dict, ship_refs: Sequence[str] = (), level: str = "") -> Fleet:
    """Blank sheets for a bundled scenario (id, alias, prefix), a scenario file or a scenario
    document already read and checked (an order of battle converted in memory), at a rules
    `level` of its ruleset (default its first), set up as `umpire new --level` would."""
    scen = ref if isinstance(ref, dict) else scenarios.load(ref)
    rid = canonical(PLAYED_AS.get(scen["ruleset"], scen["ruleset"]))
    printing_for(rid)                           # refuses rules that do not print
    levels = find_ruleset(rid).levels
    if level and level.strip().lower() not in levels:
        raise BadInput(f"level {level!r}: {rid} is played at {', '.join(levels)}")
    level = level.strip().lower() if level else ""
    if not scen["ships"]:
        raise BadInput(f"scenario {scen['id']} prints no set-up, so there are no ships to print")
    by_id = {s["id"]: s for s in scen["ships"]}
    wanted = [by_id[find_ship(by_id, r)] for r in dict.fromkeys(ship_refs)] if ship_refs else scen["ships"]
    states = [_scenario_ship(rid, s, scen, level) for s in wanted]
    played = f" (played with the {rid} rules)" if rid != scen["ruleset"] else ""
    brief = scenario_briefing(scen)
    return Fleet(ruleset=rid, title=str(scen["title"]), subtitle=f"scenario {scen['id']}{played}, blank sheets",
                 turn=0, damage=False, ships=print_order(states, _side_order(brief)), tables=_tables(rid, level),
                 names={str(s["id"]): str(s["name"]) for s in states}, brief=brief,
                 source_ruleset=str(scen["ruleset"]),
                 wind_force=_force(scen["wind"] if isinstance(scen.get("wind"), dict) else {}), level=level,
                 start=True, ship_notes=_ship_notes(wanted),
                 armament_lost={str(s["id"]): str(s["armament_lost"]) for s in wanted if s.get("armament_lost")})


def _ship_notes(ships: Sequence[Mapping]) -> dict[str, tuple[str, ...]]:
    """Each scenario ship's notes, and what of her the text lost (to supply before play)."""
    out = {}
    for s in ships:
        lines = [f"Before play: {s['armament_lost']} illegible in the text; supply them."] if s.get("armament_lost") else []
        notes = s.get("notes")
        lines += [str(notes)] if isinstance(notes, str) and notes else [str(n) for n in notes or []]
        if lines:
            out[str(s["id"])] = tuple(lines)
    return out


def print_order(ships: Sequence[dict], sides: Sequence[str] = ()) -> tuple[dict, ...]:
    """The order of battle: sides in the order given (then any other side in the order its first ship
    comes), each side's ships in the order they come (the scenario's line of battle)."""
    order = {side: i for i, side in enumerate(dict.fromkeys([*sides, *(str(s.get("side", "")) for s in ships)]))}
    return tuple(sorted(ships, key=lambda s: order[str(s.get("side", ""))]))   # sorted() is stable


def scenario_briefing(doc: Mapping) -> dict:
    """The scenario's briefing (as `umpire scenarios show` gives it), with its notes."""
    out = briefing(dict(doc))
    out["warnings"] = [_named(w, doc) for w in out.get("warnings") or []]
    notes = doc.get("notes")
    out["notes"] = [str(notes)] if isinstance(notes, str) and notes else [str(n) for n in notes or []]
    return out


UNPLACED = re.compile(r"^\d+ of \d+ ships have no starting hex")
NAMED = 8     # ships named in a warning before the rest are counted


def _named(warning: str, doc: Mapping) -> str:
    """A warning that counts the ships with no starting hex names them."""
    if not UNPLACED.match(warning):
        return warning
    names = [str(s.get("name") or s["id"]) for s in doc.get("ships", []) if "spec" in s and not s.get("hex")]
    if not names:
        return warning
    shown = ", ".join(names[:NAMED]) + (f" and {len(names) - NAMED} more" if len(names) > NAMED else "")
    one = len(names) == 1
    return f"{shown} {'has' if one else 'have'} no starting hex: the umpire places {'her' if one else 'them'}"


def game_briefing(game) -> dict | None:
    """The briefing of the scenario a game was started from: the bundled scenario when it is still
    there under the same id and title, else what the game file kept of it."""
    kept = dict(game.scenario or {})
    if not kept.get("title"):
        return None
    try:
        doc = scenarios.load(str(kept["id"])) if kept.get("id") else {}
        if doc.get("title") == kept.get("title"):
            return scenario_briefing(doc)
    except BadInput:
        pass
    kept.setdefault("ships", list(game.ships))
    return scenario_briefing(kept)


def _force(wind: Mapping) -> int | None:
    """A wind force given as a whole number (a game's `umpire wind`, a scenario's [wind] force)."""
    force = wind.get("force")
    return force if isinstance(force, int) and not isinstance(force, bool) and force >= 0 else None


def _side_order(brief: Mapping | None) -> list[str]:
    return [str(s["id"]) for s in (brief or {}).get("sides", [])]


def _tables(rid: str, level: str = ""):
    return Tables(find_ruleset(rid, level).data_id)


def _scenario_ship(rid: str, s: dict, scen: dict, level: str = "") -> dict:
    """A ship's starting state, built as `umpire new --scenario` builds it."""
    rs = find_ruleset(rid, level)
    where = f"scenario {scen['_path']}: ship {s['id']}"
    try:
        return rs.new_ship(rs.scenario_ship(s, scen))   # its errors name the scenario and ship
    except BadInput as exc:
        raise exc if str(exc).startswith("scenario ") else BadInput(f"{where}: {exc}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise BadInput(f"{where}: {exc}") from None

