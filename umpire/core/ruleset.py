"""The Ruleset contract every rule system implements, and the registry that finds one.

A ruleset is a class: it declares its id, aliases, levels, optional rules and
the commands it offers, and it turns a journalled action (a plain dict, as the
command line built it) into either a `Plan` (the action needs dice: how many,
and how to resolve them) or a `Resolution` (no dice). Levels and editions are
subclasses that override only what differs, and find their data by layering
their folder over their parent's (`core.tables`).

Rulesets are registered by one line in `REGISTRY` (id -> "module:Class"); the
module is imported only when a game uses it, so `core` itself imports no
ruleset.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from umpire.core.errors import BadInput, UmpireError
from umpire.core.values import Value

from umpire.core.actions import ShipEdit

if TYPE_CHECKING:
    from umpire.core.dice import DiceNeed
    from umpire.core.record import Record
    from umpire.core.state import Resolution

#: One line per ruleset: its id and where its class lives.
REGISTRY: dict[str, str] = {
    "wsim-1981": "umpire.rules.wsim.ruleset:Wsim1981",
    "wsim-1974": "umpire.rules.wsim.editions.wsim1974.ruleset:Wsim1974",
    "wsim-te26": "umpire.rules.wsim.editions.te26.ruleset:WsimTe26",
    "dguts": "umpire.rules.dguts.ruleset:Dguts",
    "grid": "umpire.rules.grid.ruleset:Grid",
}

#: options an older version journalled inside an action's opts, accepted and not read: "_optional"
#: carried the game's optional rules, which rules now read from `state["optional"]` (`in_force`)
LEGACY_OPTS: tuple[str, ...] = ("_optional",)

#: Rulesets whose texts are bundled for scenarios but not yet playable, and the
#: playable ruleset a game from them uses.
PLAYED_AS: dict[str, str] = {}


class Plan(Value):
    """An action checked against the state: the dice it needs and how to resolve them.

    `flexible` means the number of dice used is only known while resolving
    (melee rounds): the tool rolls `need.count` and keeps those used, and typed
    dice are checked by the resolver. `per_die` names a data list of each die's
    own high and low score, which lets `odds` convolve many dice exactly.
    `chain` lets `odds` band a dice process round by round (see `core.odds`).
    """

    __slots__ = ("need", "resolve", "flexible", "per_die", "chain")
    need: DiceNeed
    resolve: Callable[[tuple[int, ...], bool], Resolution]
    flexible: bool
    per_die: str
    chain: Any

    def __init__(self, need: DiceNeed, resolve: Callable[[tuple[int, ...], bool], Resolution],
                 flexible: bool = False, per_die: str = "", chain: Any = None) -> None:
        self._set(need=need, resolve=resolve, flexible=flexible, per_die=per_die, chain=chain)


class Ruling(Value):
    """One ruling in force: a table key, its value, where it comes from and why."""

    __slots__ = ("key", "value", "origin", "source")
    key: str
    value: Any
    origin: str          # "default" (the tool's documented reading) or "house"
    source: str

    def __init__(self, key: str, value: Any, origin: str, source: str = "") -> None:
        self._set(key=key, value=value, origin=origin, source=source)


class Ruleset:
    """Base class of every rule system. Subclasses set the class attributes and the
    action methods named in `actions`; everything else has a sensible default."""

    id: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    units: ClassVar[str] = ""
    #: the rule family an edition or level belongs to ("wsim", "dguts", "grid"): the key printing and
    #: order-of-battle conversion find the ruleset's parts by, outside the rules (they present, the
    #: rules stay pure). `umpire.pdf.families.PRINTING` names the family's `Printing` (its sheet, card
    #: and panel drawers, the turn log read from the journal, the quick-reference tables) and
    #: `umpire.oob.families.CONVERSIONS` its `Conversion` (the order-of-battle row converter and the
    #: values a published list's ships take); a family without an entry there is refused by them.
    family: ClassVar[str] = ""
    data_id: ClassVar[str] = ""          # the data folder; layered over its `base` (core.tables)
    levels: ClassVar[tuple[str, ...]] = ("basic",)
    #: optional rule name -> the section of the text it comes from
    optional_rules: ClassVar[dict[str, str]] = {}
    #: keys every ship in the state must carry (a truncated file is refused, not crashed on)
    required_keys: ClassVar[tuple[str, ...]] = ("id", "name", "side")
    #: what the items of a ship's list (or the values of her table) may be, for those a new ship
    #: starts empty (so the fresh ship cannot show their kind): key -> a tuple of the values
    #: allowed, "ship" for the id of a ship in the game, or an example value whose kind every
    #: item must have
    list_items: ClassVar[dict[str, Any]] = {}
    #: the kinds of the values a ship's set-up (a scenario ship in the game file) may give: key ->
    #: an example value (a whole number for 0, text for "")
    definition_kinds: ClassVar[dict[str, Any]] = {}
    #: command -> (its action type, its planner). The planner is either "module:function", imported on
    #: first use (the one lazy seam: reading a game loads no rule module it does not need), called as
    #: function(ruleset, state, tables, action); or the name of a method of the class, called as
    #: method(state, tables, action). Either returns a Plan or a Resolution.
    actions: ClassVar[dict[str, tuple[type, str]]] = {}
    #: level name -> "module:Class" of the subclass that plays it (find_ruleset)
    level_classes: ClassVar[dict[str, str]] = {}
    #: commands whose typed dice are not plain numbers (the grid game's fire dice show X): the CLI
    #: passes them to the ruleset as an option instead of as rolls
    typed_dice_in_opts: ClassVar[tuple[str, ...]] = ()
    #: whether a target may be written SHIP/BOAT (a ship's boat)
    boat_targets: ClassVar[bool] = False
    #: whether a game may bring its own damage-card deck (`umpire new --deck FILE`): checked by
    #: `check_deck`, kept with the game's scenario, and given to `ship_definition` as opts["deck_table"]
    own_deck: ClassVar[bool] = False
    #: commands that only read (answered but never journalled), e.g. speed: command -> a method name
    #: or "module:function" (called as function(ruleset, state, tables, ship, opts))
    queries: ClassVar[dict[str, str]] = {}
    #: the level this class plays (a level's subclass sets its own; `find_ruleset` picks it)
    level: ClassVar[str] = "basic"
    #: command -> the options (`--opt KEY=VALUE` and the command's own) it takes, for the rulesets
    #: that check them (`check_options`); a command not listed takes none
    options: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: optional rules that build on a higher level's rules, and why (refused at a lower level)
    advanced_only: ClassVar[dict[str, str]] = {}

    @staticmethod
    def in_force(state: dict, rule: str) -> bool:
        """Whether the game plays the optional rule `rule`: every ruleset keeps the game's optional
        rules in `state["optional"]` (set by `initial_state` from the game's set-up), and rules ask
        only there."""
        return rule in (state.get("optional") or ())

    def check_options(self, command: str, opts: dict) -> None:
        """Refuse an option (e.g. `--opt KEY=VALUE`) `command` does not take, naming those it does."""
        allowed = self.options.get(command, ())
        unknown = sorted(k for k in opts if k not in allowed and k not in LEGACY_OPTS)
        if unknown:
            offered = ", ".join(allowed) or "none"
            raise BadInput(f"{command}: option {unknown[0]!r} is not a {self.id} option "
                           f"(this command takes: {offered})")

    def check_optional(self, names) -> None:
        """Refuse an optional rule the ruleset does not have, or one this level cannot use (exit 2)."""
        for name in names:
            if name not in self.optional_rules:
                raise BadInput(f"optional rule {name!r}: {self.id} offers {', '.join(self.optional_rules)}")
            if self.level != "advanced" and name in self.advanced_only:
                raise UmpireError(f"optional rule {name!r} needs --level advanced: {self.advanced_only[name]}")

    def dice_shown(self, event: dict) -> tuple[list, str]:
        """An event's dice as `log` and `report` show them, and who rolled them: the journalled d6
        faces here; a ruleset whose dice carry other faces, or whose typed dice travel in the
        action's options (`typed_dice_in_opts`), shows those."""
        return list(event.get("rolls", [])), event.get("rolled", "")

    def timer(self, state: dict, tables) -> tuple[int, int, list, str]:
        """Timed moves: (minutes to write movement, most ships a side, working, what becomes of a
        ship whose orders were not written), for a game that plays them (`state["optional"]`). A
        ruleset without timed moves has no `timer` command: bad input (exit 2), as any command the
        rules lack."""
        raise BadInput(f"timer: {self.id} has no timer for writing movement")

    #: the ship's record: "module:NAME" of a `core.record.Record` declaring the values the rules read
    #: for a ship, their kinds and defaults, and where each may be given (ship add, scenario, CSV,
    #: ship edit); "" for none
    ship_record: ClassVar[str] = ""
    #: commands every ruleset offers, planned by the engine unless the ruleset's `actions` names its own
    common_actions: ClassVar[dict[str, tuple[type, str]]] = {"ship edit": (ShipEdit, "umpire.core.record:edit")}

    def record(self) -> Record:
        """The fields of a ship's record (`ship_record`), loaded on first use."""
        if not self.ship_record:
            return load("umpire.core.record:EMPTY")
        return load(self.ship_record)

    def ship_problem(self, ship: dict) -> str:
        """What is wrong with a ship's values beyond their kinds (a hand-edited file), or ""."""
        return ""

    # --- setup ---------------------------------------------------------------
    def initial_state(self, game) -> dict:
        """Turn 1, the game's ships, and the optional rules in force (`in_force`)."""
        return {"turn": 1, "optional": list(game.meta.get("optional", [])),
                "ships": {d["id"]: self.new_ship(d) for d in game.ships}}

    def new_ship(self, definition: dict) -> dict:
        raise NotImplementedError

    def ship_definition(self, name: str, side: str, ship_id: str, opts: dict) -> dict:
        raise NotImplementedError

    def scenario_ship(self, s: dict, scen: dict) -> dict:
        """A ship definition from a scenario entry (ruleset fields named in the error)."""
        try:
            return self.ship_definition(s["name"], s["side"], s["id"], s)
        except BadInput as exc:
            raise BadInput(f"scenario {scen.get('_path', scen.get('id'))}: ship {s['id']}: {exc}") from None

    def scenario_warnings(self, scen: dict) -> list[str]:
        """What the umpire must supply before play, for a scenario's ships (said at `new`): the values
        of her record a command asks for that the scenario does not give (`RecordField.asked`)."""
        out = []
        for f in self.record().fields:
            key = f.at("scenario")
            lacking = [str(s.get("id") or s.get("name")) for s in scen.get("ships", [])
                       if f.asked and key and isinstance(s, dict) and s.get(key) is None]
            if lacking:
                shown = ", ".join(lacking[:5]) + (f" and {len(lacking) - 5} more" if len(lacking) > 5 else "")
                out.append(f"{shown}: {f.what} not given, and `{f.asked}` asks for it; give it once with "
                           f"`umpire ship edit SHIP {f.option} N` (or `{f.asked} ... {f.option} N`, kept)")
        return out

    def check_deck(self, doc: dict, source: str) -> dict:
        """A game's own damage-card deck (`own_deck`) as read from `source`, checked against the
        rules' cards; a fault is bad input naming it."""
        raise BadInput(f"--deck: {self.id} is played with no damage-card deck to replace")

    def game_status(self, state: dict) -> dict:
        """Keys `status` shows beside the turn and the ships (e.g. the wind), for this ruleset."""
        return {}

    def status(self, ship: dict) -> dict:
        return {k: ship[k] for k in ("id", "name", "side") if k in ship}

    def ship_status(self, ship: dict, state: dict | None = None) -> dict:
        """What `status` shows of one ship: the ruleset's keys, and her record's fields under
        `record` (None where not given). `state`, the whole game's, for what depends on the other
        ships (a ruleset may use it)."""
        return {**self.status(ship), "record": self.record().values(ship)}

    def check_rulings(self, tables) -> None:
        """Load every table a house ruling touches, so a bad key is refused at once."""
        for name in {k.split(".", 1)[0] for k in tables.rulings}:
            tables[name]

    def default_rulings(self) -> list[Ruling]:
        """The tool's documented readings where the text lacks a number (docs/rulings.md)."""
        return []

    # --- actions -------------------------------------------------------------
    def plan(self, state: dict, tables, action: dict) -> Plan | Resolution:
        """Turn a journalled action into a Plan (needs dice) or a Resolution."""
        cmd = action.get("command", "")
        entry = self.actions.get(cmd) or self.common_actions.get(cmd)
        if entry is None:
            raise BadInput(f"{cmd} is not a {self.id} command; {self.id} offers "
                           f"{', '.join(sorted(self.actions))}")
        kind, planner = entry
        action = without_legacy(action)
        if ":" in planner:
            return load(planner)(self, state, tables, kind.from_journal(action))
        return getattr(self, planner)(state, tables, kind.from_journal(action))

    def query(self, state: dict, tables, command: str, ship: str, opts: dict) -> Resolution:
        """Answer a read-only question (e.g. speed) without journalling it."""
        method = self.queries.get(command)
        if method is None:
            raise BadInput(f"{command} is not a {self.id} command")
        if ":" in method:
            return load(method)(self, state, tables, ship, opts)
        return getattr(self, method)(state, tables, ship, opts)

    def after(self, state: dict, res: Resolution, tables) -> None:
        """Rules that follow any change (e.g. prisoners rising); may add effects to `res`."""

    def score(self, state: dict, tables=None) -> dict:
        return {}


# --- registry ------------------------------------------------------------------

_classes: dict[str, type[Ruleset]] = {}
_loaded: dict[str, Any] = {}


def load(target: str) -> Any:
    """The object a "module:attr" string names, imported on first use (the registry, the action
    tables and the other extension points of the contract name their parts this way)."""
    obj = _loaded.get(target)
    if obj is None:
        module, _, attr = target.partition(":")
        obj = _loaded[target] = getattr(importlib.import_module(module), attr)
    return obj


def without_legacy(action: dict) -> dict:
    """The journalled action with the options an older version journalled and nothing reads
    (`LEGACY_OPTS`) left out, so an old game still verifies."""
    opts = action.get("opts")
    if not isinstance(opts, dict) or not any(k in opts for k in LEGACY_OPTS):
        return action
    return {**action, "opts": {k: v for k, v in opts.items() if k not in LEGACY_OPTS}}


def ruleset_ids() -> list[str]:
    return sorted(REGISTRY)


def _class(rid: str) -> type[Ruleset]:
    if rid not in _classes:
        _classes[rid] = load(REGISTRY[rid])
    return _classes[rid]


def canonical(name: str) -> str:
    """The ruleset id for an id or alias; unknown names are refused listing the ids."""
    key = (name or "").strip().lower()
    if key in REGISTRY:
        return key
    for rid in REGISTRY:
        if key in _class(rid).aliases:
            return rid
    raise BadInput(f"ruleset {name!r} is not known; use one of: {', '.join(ruleset_ids())}")


def find_ruleset(name: str, level: str | None = None) -> Ruleset:
    """The ruleset object for an id or alias (as python-chess finds a variant); with a `level`,
    the subclass the ruleset names for it in `level_classes` ("module:Class"), if any."""
    cls = _class(canonical(name))
    target = cls.level_classes.get(level or "")
    if target:
        cls = load(target)
    return cls()

