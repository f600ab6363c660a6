"""View models of the WS&IM log sheet, card and cover: plain values a drawer prints without any
rule logic.

Built from a ship's state dict (and the turn log); a blank sheet shows the
ship as set up, a sheet from a game crosses the squares already lost. The
WS&IM log's numbered lines follow "III. Prepare For Play / B. Log Sheet"
of the 1981 rules: 1 name and guns, 2 counter, 3 class, 4-7 movement by
attitude (full sail in brackets), 8 crew quality, 9 hull, 10 crew, 11 guns,
12 carronades, 13 rigging, 14 load, 15 move, 16 notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from umpire.core.errors import BadInput, UmpireError
from umpire.pdf.wsim.journal import FIRED, RELOADED, SHOT_MARKS, TurnEntry
from umpire.pdf.sources import Fleet
from umpire.pdf.views import printable_turns, TITLE_MARKS, BoxGroup, CoverRow, CoverSide, CoverView, Track
from umpire.pdf.wsim.layout import load_form
from umpire.rules.wsim.advanced import halves
from umpire.rules.wsim.movement import allowance

QUALITY_WORDS = {"EL": "Elite", "CR": "Crack", "AV": "Average", "GR": "Green", "PR": "Poor"}
#: classes as the 1981 rule book names them ("II. Components / C. Ship Classes")
CLASS_NAMES = {"SOL": "S.O.L.", "F": "Frigate (F)", "C": "Corvette (C)", "B": "Brig (B)", "S": "Sloop (S)",
               "SC": "Schooner (SC)", "GO": "Gondola (GO)", "G": "Galley (G)", "R": "Radeau (R)",
               "GB": "Gunboat (GB)", "P": "Privateer (P)", "M": "Merchantman (M)", "FI": "Fire ship (FI)"}
BLANK = "____"   # a value the ship's set-up does not give, left to write in
ATTITUDES = ("A", "B", "C", "D")
SIDES = ("left", "right")
START_LOAD = "R"   # ships begin with both broadsides loaded with roundshot (Basic X)
SECTIONS = ("bow", "stern")
#: how a broadside row's sections are named on the Advanced log (Advanced I.B.2)
SECTION_KEYS = {"guns": "gun_sections_left", "carronades": "carronade_sections_left"}
#: repairs in progress as the Notes column writes them (Advanced X.B)
REPAIR_MARKS = {"hull": "RH", "guns": "RG", "rigging": "RR"}
#: anchoring as the Notes column writes it (Advanced V.C.1)
ANCHOR_MARKS = {"ordinary": "A (ordinary)", "bow": "AB (by the bow)", "stern": "AS (by the stern)"}
#: a load cell's marks as the journal gives them: a slash for fired, else the shot loaded
LOAD_TOKENS = re.compile("|".join(map(re.escape, sorted({FIRED, RELOADED, *SHOT_MARKS.values()}, key=len,
                                                         reverse=True))))


@dataclass(frozen=True, slots=True)
class Allowance:
    """Movement allowance at one attitude: battle sail, full sail, and now (after rigging losses)."""

    attitude: str
    battle: int | None
    full: int | None
    battle_now: int | None = None
    full_now: int | None = None


@dataclass(frozen=True, slots=True)
class TurnRow:
    """A row of the turn grid. In the grid (`grid_rows`) the load cells hold the rule book's
    notation: "R" at the turn a broadside was loaded, `left_fired`/`right_fired` when a slash is
    drawn through it because that loading was fired (Basic VIII.A.6, X.C); `end` marks the
    scenario's last turn."""

    turn: str
    left: str
    right: str
    move: str
    notes: str
    left_fired: bool = False
    right_fired: bool = False
    end: bool = False


@dataclass(frozen=True, slots=True)
class WsimShip:
    """Everything a WS&IM log sheet or card prints for one ship."""

    ship_id: str
    name: str
    name_and_guns: str
    side: str
    nation: str
    counter: str
    ship_class: str
    class_note: str
    rated_guns: int
    state: str
    quality: str
    spec: str
    draught: int
    points: int
    turning: int | None
    setup: str
    movement: tuple[Allowance, ...]
    groups: tuple[BoxGroup, ...]
    turns: tuple[TurnRow, ...]
    status: tuple[str, ...]
    last_turn: int
    length: int = 0
    loads: str = ""
    form: Any = None          # the edition's and level's log form (wsim.layout.WsimForm)
    load_mark: str = START_LOAD
    shot_marks: Mapping[str, str] | None = None   # the form's marks for the other shot (None: the 1981 ones)

    @property
    def game_line(self) -> str:
        """A card's line from a game: the turn and each broadside's load; "" for a blank card."""
        word = getattr(self.form, "turn", "Turn")
        return f"{word} {self.last_turn}   {self.loads}" if self.last_turn else ""

    @property
    def line_one(self) -> str:
        """Line 1 of the log: name and guns, with the class and turning ability beside them."""
        parts = [self.name] + ([f"{self.rated_guns} guns"] if self.rated_guns else [])
        return " \u2013 ".join(parts + [self.ship_class or f"class {BLANK}", f"turning {self.turning_text}"])

    @property
    def turning_text(self) -> str:
        """The turning ability, or a blank to write in when the set-up does not give it."""
        return str(self.turning) if self.turning else BLANK

    @property
    def title_mark(self) -> str:
        """What the sheet's title says of a ship out of the fight."""
        return TITLE_MARKS.get(self.state, "")

    @property
    def crossed(self) -> int:
        """Squares crossed off on the whole log."""
        return sum(g.crossed for g in self.groups)

    def group(self, number: int) -> BoxGroup:
        return next(g for g in self.groups if g.number == number)


# --- WS&IM ---------------------------------------------------------------------

def wsim_ship(ship: Mapping, fleet: Fleet, form=None) -> WsimShip:
    """The log sheet view of one WS&IM ship state, on the log `form` of the fleet's edition and level
    (templates/wsim-forms.toml); damage only when the fleet shows it."""
    if form is None:
        form = load_form(fleet.ruleset, fleet.level)
    damage = fleet.damage
    guns = int(ship.get("rated_guns") or 0)
    name = str(ship["name"])
    code, turning, note = ship_class(ship)
    groups = box_groups(ship, damage, form.sections, form.anchors)
    whole = " and ".join(k for k in ("guns", "carronades") if form.sections and broadside(ship, k, damage) is None)
    status = (status_lines(ship, fleet.name) + advanced_lines(ship, fleet.tables, form.shots, form.sails)) if damage else ()
    if whole:
        status += (f"bow and stern sections not recorded: {whole} lost shown by broadside",)
    quality = quality_text(ship, damage)
    if form.morale:
        quality += morale_text(ship, damage, fleet.tables)
    return WsimShip(
        ship_id=str(ship["id"]), name=name, name_and_guns=f"{name}, {guns} guns" if guns else name,
        side=str(ship["side"]), nation=str(ship.get("nation") or ""), counter=str(ship.get("counter") or ""),
        ship_class=CLASS_NAMES.get(code, code), class_note=note, rated_guns=guns,
        state=str(ship.get("state", "active")) if damage else "active",
        quality=quality, spec=str(ship["spec"]),
        draught=int(ship["draught"]), points=int(ship["points"]), turning=turning,
        setup=setup_text(ship), movement=movement(ship, fleet.tables, damage), groups=groups,
        turns=turn_rows(fleet.log.get(str(ship["id"]), ())) if damage else (),
        status=status, last_turn=fleet.turn, length=fleet.length,
        loads=load_text(ship, form.shots) if damage else "", form=form, load_mark=form.load,
        shot_marks=form.shots,
    )


def load_text(ship: Mapping, marks: Mapping[str, str] | None = None) -> str:
    """Each broadside's load now in the log's notation (`marks` by shot, the log form's: R, or DS,
    CS, GS at the Advanced level; the 1974 log's B, C, G), a broadside part-way through loading
    doubleshot, or empty."""
    marks = marks or SHOT_MARKS
    loaded, shot, loading = ship.get("loaded") or {}, ship.get("shot") or {}, ship.get("loading") or {}
    parts = []
    for side in SIDES:
        if loaded.get(side):
            kind = str(shot.get(side) or "round")
            word = marks.get(kind, kind)
        elif side in loading:
            word = f"loading {marks['double']}"
        else:
            word = "empty"
        parts.append(f"{side} {word}")
    return "Loaded: " + ", ".join(parts)


def ship_class(ship: Mapping) -> tuple[str, int | None, str]:
    """(class code, turning ability, note) to print; "" and None where the set-up gives neither.

    The first edition's scenarios give no class at all, and its national listing shows every ship
    of 64 guns or more with three rigging sections and at least 11 hull squares, every frigate
    with four sections or fewer hull squares; so a ship with no class of that size is printed as a
    ship of the line, and the note says so. The turning ability is on the counters only, in
    neither text (docs/rulings.md): unless given it prints blank, to be written in.
    """
    code = str(ship.get("class") or "").upper()
    given = ship.get("turning")
    turning = int(given) if isinstance(given, int) and not isinstance(given, bool) and given > 0 else None
    sections = len(ship.get("rigging_max") or ())
    if not code and sections == 3 and int(ship.get("hull_max") or 0) >= 11:
        return "SOL", turning, "by her size: no class given"
    if not code and ship.get("class_number"):
        return f"Nr. {ship['class_number']}", turning, ""
    return code, turning, ""


def quality_text(ship: Mapping, damage: bool) -> str:
    """Crew quality word and code; a captured ship takes her prize crew's (Basic IX.D.10)."""
    code = quality_code(ship, damage)
    return f"{QUALITY_WORDS.get(code, code)} ({code})"


def quality_code(ship: Mapping, damage: bool) -> str:
    """The crew quality code the log shows: the prize crew's once she is captured (Basic IX.D.10)."""
    code = str(ship["quality"])
    prize = ship.get("prize") or {}
    if damage and prize.get("squares"):
        code = str(prize.get("quality") or code)
    return code


def setup_text(ship: Mapping) -> str:
    parts = []
    if ship.get("hex") not in (None, ""):
        parts.append(f"hex {ship['hex']}")
    if ship.get("direction") not in (None, ""):
        parts.append(f"heading {ship['direction']}")
    if ship.get("arrives") not in (None, ""):
        parts.append(f"arrives turn {ship['arrives']}")
    return ", ".join(parts)


def box_groups(ship: Mapping, damage: bool, sections: bool = False, anchors: int = 0) -> tuple[BoxGroup, ...]:
    """Sections 9-13 of the log, with squares lost crossed when `damage`; with the log form's parts,
    each broadside row split into bow and stern (`sections`, Advanced I.B.2 / TE 16.2, where
    `broadside` can split it) and anchor boxes (`anchors`, TE 19.3.7), which the text does not number."""
    split = {kind: broadside(ship, kind, damage) if sections else None for kind in ("guns", "carronades")}

    def track(label: str, total: int, left: int) -> Track:
        return Track(label, total, max(0, total - left) if damage else 0)

    def rows(kind: str) -> tuple[Track, ...]:
        got = split[kind]
        if got:
            return got
        return tuple(track(s[0].upper(), ship[f"{kind}_max"], ship[f"{kind}_left"][s]) for s in SIDES)

    crew = [track(str(i + 1), m, ship["crew_left"][i]) for i, m in enumerate(ship["crew_max"])]
    rigging = [track(str(i + 1), m, ship["rigging_left"][i]) for i, m in enumerate(ship["rigging_max"])]
    try:
        return (
            BoxGroup(9, "Hull", (track("", ship["hull_max"], ship["hull_left"]),)),
            BoxGroup(10, "Crew", tuple(crew)),
            BoxGroup(11, "Guns", rows("guns")),
            BoxGroup(12, "Carronades", rows("carronades"), "Carr."),
            BoxGroup(13, "Rigging", tuple(rigging)),
        ) + ((BoxGroup(0, "Anchors", (track("", anchors, int(ship.get("te_anchors", anchors))),)),) if anchors else ())
    except BadInput as exc:
        raise BadInput(f"ship {ship.get('id', '?')}, {exc}") from None


def broadside(ship: Mapping, kind: str, damage: bool) -> tuple[Track, ...] | None:
    """A broadside's guns (or carronades) as the Advanced log has them: bow and stern sections of
    equal size (the bow takes the odd square), each crossed from the sections the game keeps
    (`gun_sections_left`). A ship whose state keeps no sections is split only while nothing is lost
    (no square could be placed); else None, and the rows print whole."""
    total = int(ship[f"{kind}_max"])
    size = halves(total)
    kept = ship.get(SECTION_KEYS[kind])
    out = []
    for side in SIDES:
        for part in SECTIONS:
            if isinstance(kept, Mapping):
                row = kept.get(side)
                value = row.get(part, size[part]) if isinstance(row, Mapping) else None
                if isinstance(value, bool) or not isinstance(value, int):
                    return None      # a hand-edited section that is not a count: the rows print whole
                left = value
            elif not damage or int(ship[f"{kind}_left"][side]) >= total:
                left = size[part]
            else:
                return None
            out.append(Track(f"{side[0].upper()} {part}", size[part],
                             max(0, size[part] - left) if damage else 0))
    return tuple(out)


def movement(ship: Mapping, tables, damage: bool) -> tuple[Allowance, ...]:
    """Lines 4-7: the movement charts for the ship's battle and full sail speeds (Basic IV.A,
    Advanced V.A); with damage, also what she makes now with rigging sections lost."""
    rows = [(att, *_allowance(ship, att, tables, "battle"), *_allowance(ship, att, tables, "full"))
            for att in ATTITUDES]
    changed = damage and any(b != bn or f != fn for _, b, bn, f, fn in rows)
    return tuple(Allowance(att, b, f, bn if changed else None, fn if changed else None) for att, b, bn, f, fn in rows)


def _allowance(ship: Mapping, att: str, tables, sail: str) -> tuple[int | None, int | None]:
    """(chart value, allowance now) from the rules; None when no chart covers the speed."""
    try:
        data = allowance(dict(ship), att, tables, sail).data
    except UmpireError:
        return None, None
    return int(data["chart"]), int(data["allowance"])


def morale_text(ship: Mapping, damage: bool, tables) -> str:
    """The crew quality's number for morale checks (TE 2.6 3.2.5.1), from the edition's data."""
    try:
        number = tables["procedures"]["morale"]["quality"][quality_code(ship, damage)]
    except (KeyError, TypeError):
        return ""
    return f", morale {number}"


def advanced_lines(ship: Mapping, tables, marks: Mapping[str, str] | None = None,
                   battle_sails: bool = True) -> tuple[str, ...]:
    """The Advanced Game's state a log keeps beside the squares: the shot loaded, the sails set,
    the anchor, repairs noted and the critical hits' lasting effects (Advanced V, VIII.B, X,
    I.A.2.b; the Tournament Edition's as it keeps them, TE 2.6 19.1, 19.3, 26.1). Nothing for a
    ship without them (the Basic Game). Battle sails get a line only with `battle_sails` (the levels
    that have full sails); full sails always do."""
    if "te_shot" in ship:
        ship = {**ship, "shot": ship["te_shot"]}
    lines = [load_text(ship, marks)] if "shot" in ship else []
    if ship.get("sails") and (battle_sails or ship["sails"] != "battle"):
        lines.append(f"sails: {ship['sails']}")
    lines += _anchor_lines(ship)
    repairs = ship.get("repairs") or {}
    done = [f"{REPAIR_MARKS.get(k, k)} {v}" for k, v in repairs.items() if isinstance(v, int) and v > 0]
    if done:
        try:
            of = f" (turns of {tables['procedures']['repairs']['turns']})"
        except (KeyError, TypeError):
            of = ""
        lines.append("repairs in progress: " + ", ".join(done) + of)
    for e in ship.get("critical_effects") or ():
        when = ""
        if e.get("until_turn") is not None:
            start = e.get("from_turn")
            when = f" (turns {start}-{e['until_turn']})" if start is not None else f" (to turn {e['until_turn']})"
        lines.append(f"critical: {e.get('effect', '')}{when}")
    return tuple(lines)


def _anchor_lines(ship: Mapping) -> list[str]:
    """At anchor, anchoring from next turn, weighing or cut, in the log's notation (Advanced V.C)."""
    out = []
    if ship.get("anchor"):
        out.append(f"anchored: {ANCHOR_MARKS.get(str(ship['anchor']), ship['anchor'])}")
    elif ship.get("anchoring"):
        out.append(f"anchoring from next turn: {ANCHOR_MARKS.get(str(ship['anchoring']), ship['anchoring'])}")
    if ship.get("weighing"):
        out.append(f"weighing anchor, (A) since turn {ship['weighing']}")
    if ship.get("anchor_cut"):
        out.append("anchors cut (a): she may not anchor again")
    te = ship.get("te_anchor") or {}
    if te.get("cut"):
        out.append("anchors cut (a): she may not anchor again")
    elif te.get("up_from"):
        out.append(f"weighing anchor ({te.get('how', 'A')}) since turn {te['up_from']}")
    elif te.get("how"):
        out.append(f"anchored: {te['how']} from turn {te.get('from_turn', '?')}")
    return out


def status_lines(ship: Mapping, name: Callable[[str], str] = str) -> tuple[str, ...]:
    """What the log's squares do not show: state, prize crew, passengers, surrender liability,
    contact with other ships (named by `name`)."""
    lines = []
    state = str(ship.get("state", "active"))
    if state != "active":
        how = f" ({ship['surrendered_by']})" if ship.get("surrendered_by") else ""
        lines.append(f"state: {state}{how}")
    if ship.get("controller") and ship.get("controller") != ship.get("side"):
        lines.append(f"now held by the {ship['controller']} side")
    prize = ship.get("prize") or {}
    if prize.get("squares"):
        lines.append(f"prize crew: {prize['squares']} squares ({prize.get('quality', '')}) "
                     f"from {name(str(prize.get('from', '')))}")
    if ship.get("passengers"):
        lines.append(f"crew carried separately: {ship['passengers']} squares")
    if ship.get("liable"):
        lines.append("liable to surrender by " + " and ".join(ship["liable"]))
    for key, word in (("fouled", "fouled with"), ("grappled", "grappled with")):
        if ship.get(key):
            lines.append(f"{word} {', '.join(name(str(s)) for s in ship[key])}")
    return tuple(lines)


def turn_rows(entries: Sequence[TurnEntry]) -> tuple[TurnRow, ...]:
    return tuple(TurnRow(str(e.turn), e.left, e.right, e.move, "; ".join(e.notes)) for e in entries)


def start_row(mark: str = START_LOAD) -> TurnRow:
    """The row before turn 1: both broadsides loaded at the start (Basic X)."""
    return TurnRow("start", mark, mark, "", "")


def grid_rows(ship: WsimShip, count: int) -> tuple[TurnRow, ...]:
    """`count` rows of the turn grid: the start row, then turns 1, 2, ... filled from the log in the
    rule book's notation: the shot at each loading ("R", the 1974 log's "B"; DS, CS, GS in the
    Advanced Game), a slash through the last one of a broadside when it fires (the journal's marks
    come as "/" for fired and the shot for loaded, in order)."""
    logged = {r.turn: r for r in ship.turns}
    printed = {SHOT_MARKS[k]: m for k, m in (ship.shot_marks or {}).items() if k in SHOT_MARKS}
    printed[RELOADED] = ship.load_mark
    loads = {side: {0: [ship.load_mark, False]} for side in SIDES}     # row -> [mark, fired], per side
    last = {side: 0 for side in SIDES}
    for n in range(1, count):
        row = logged.get(str(n))
        for side in SIDES:
            for mark in LOAD_TOKENS.findall(getattr(row, side, "")):
                if mark == FIRED:
                    if last[side] in loads[side]:
                        loads[side][last[side]][1] = True
                else:
                    loads[side][n] = [printed.get(mark, mark), False]
                    last[side] = n
    rows = []
    for n in range(count):
        base = start_row(ship.load_mark) if n == 0 else logged.get(str(n), TurnRow(str(n), "", "", "", ""))
        cells = {side: loads[side].get(n, ["", False]) for side in SIDES}
        rows.append(TurnRow(base.turn, cells["left"][0], cells["right"][0], base.move, base.notes,
                            cells["left"][1], cells["right"][1], end=bool(ship.length) and n == ship.length))
    return tuple(rows)


def rows_needed(ship: WsimShip) -> int:
    """Grid rows the log must show: the start row and every turn up to the last one logged or played,
    and at least the scenario's length."""
    logged = max((int(r.turn) for r in ship.turns), default=0)
    return 1 + printable_turns(f"ship {ship.ship_id}", max(logged, ship.last_turn, ship.length))


# --- cover ----------------------------------------------------------------------

WSIM_HEADINGS = ("id", "name", "class", "quality", "guns+carr. L/R", "hull", "crew", "points", "state")


def _left(group: BoxGroup | None, side: str) -> int:
    """Squares left in one broadside of a group (its bow and stern rows added, Advanced)."""
    return sum(t.total - t.crossed for t in (group.tracks if group else ()) if t.label[:1] == side)


def _sides(view) -> list[str]:
    return list(dict.fromkeys(t.label[:1] for t in view.group(11).tracks))


def _broadside_text(view, side: str) -> str:
    """A broadside's guns left, and its carronades after a + where she has any (10+1)."""
    carr = _group(view, 12)
    n = _left(carr, side) if carr and carr.width else 0
    return f"{_left(view.group(11), side)}" + (f"+{n}" if carr and carr.width else "")


def _group(view, number: int) -> BoxGroup | None:
    return next((g for g in view.groups if g.number == number), None)


def wsim_cover(fleet: Fleet, ships: Sequence[WsimShip], states: Sequence[Mapping]) -> CoverView:
    """Ships listed by side, with their squares left (or as set up, for blank sheets), under the name
    of the edition and level their logs follow."""
    sides: dict[str, list[CoverRow]] = {}
    for view, ship in zip(ships, states):
        hull, crew = view.group(9), view.group(10)
        guns = "/".join(_broadside_text(view, side) for side in _sides(view))
        state = str(ship.get("state", "active")) if fleet.damage else ""
        cells = (view.ship_id, view.name, view.ship_class, view.quality, guns,
                 str(sum(t.total - t.crossed for t in hull.tracks)),
                 str(sum(t.total - t.crossed for t in crew.tracks)), str(view.points), state)
        sides.setdefault(view.side, []).append(CoverRow(cells))
    form = ships[0].form if ships else None
    rules = f"Wooden Ships & Iron Men, {form.edition}" if form is not None else fleet.ruleset
    return CoverView(fleet.title, fleet.subtitle, rules, WSIM_HEADINGS,
                     tuple(CoverSide(side, tuple(rows)) for side, rows in sides.items()))
