"""View model of the DGUTS ship data sheet and card.

The sheet carries what the Training Game's "Ship Data Sheet" asks for —
rate, tonnage, class, speed, armament with chasers, crew and crew factors,
morale value and saving throw, sail factor value and the points high at
which masts fall, crew factor value and the points low for each tenth of
the crew — plus the damage ladders the Basic Rules keep (sails and masts,
tenths of crew, sinking bands) and the morale ladder. From a game the rungs
already reached are crossed, read from the ship's tracks (sails_lost,
masts_lost, crew_marks, sinking_band, morale), never worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from umpire.core.ruleset import find_ruleset
from umpire.pdf.dguts.journal import DgutsEntry
from umpire.rules.dguts.fleet import fleet_left, fleet_values
from umpire.core.numbers import count, factor, measure
from umpire.pdf.sources import Fleet
from umpire.pdf.views import printable_count, printable_turns, CoverRow, CoverSide, CoverView

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
POINTS_OF_SAIL = (("close-hauled", "close-hauled"), ("broad-reach", "broad reach"),
                  ("quartering", "quartering"), ("running", "running"))


@dataclass(frozen=True, slots=True)
class Field:
    label: str
    value: str


@dataclass(frozen=True, slots=True)
class Gun:
    """One calibre of the armament: guns carried and fire factors (Basic Rules VII.A)."""

    calibre: str
    guns: str
    kind: str
    factors: str
    per_side: str


@dataclass(frozen=True, slots=True)
class Rung:
    """One step of a damage ladder: the value printed under its box, and whether it is reached."""

    value: str
    crossed: bool = False
    strong: bool = False
    current: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class Ladder:
    title: str
    caption: str
    rungs: tuple[Rung, ...]

    @property
    def crossed(self) -> int:
        return sum(r.crossed for r in self.rungs)


@dataclass(frozen=True, slots=True)
class LogRow:
    turn: str
    move: str = ""
    fire: str = ""
    high: str = ""
    low: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class DgutsShip:
    """Everything a DGUTS ship data sheet or card prints for one ship."""

    ship_id: str
    name: str
    side: str
    nation: str
    left: tuple[Field, ...]
    right: tuple[Field, ...]
    speed_note: str
    guns: tuple[Gun, ...]
    chasers: str
    ladders: tuple[Ladder, ...]
    status: tuple[str, ...]
    log: tuple[LogRow, ...]
    last_turn: int
    card_facts: tuple[str, ...]
    notes: tuple[str, ...] = ()        # the scenario's notes on her, printed whole under the fields

    @property
    def crossed(self) -> int:
        return sum(lad.crossed for lad in self.ladders)

    def ladder(self, title: str) -> Ladder:
        return next(lad for lad in self.ladders if lad.title == title)


def parts(ship: Mapping) -> tuple[Mapping, Mapping]:
    """(derived values, tracks) of a ship state; a flat status dict serves as both."""
    if isinstance(ship.get("values"), Mapping):
        return ship["values"], ship.get("track") or {}
    return ship, ship


def num(value: Any, places: int = 1) -> str:
    """A measure as every page writes it (`core.numbers.measure`)."""
    return measure(value, places)


def frac(value: Any) -> str:
    """A factor as the rules write it (`core.numbers.factor`): "7 1/3", "1/2", else one decimal."""
    return factor(value)


def dguts_ship(ship: Mapping, fleet: Fleet) -> DgutsShip:
    """A ship's sheet: from a game with her damage, from a scenario as it sets her up (the damage
    she starts with crossed, her notes and what the text lost of her), else blank."""
    values, track = parts(ship)
    damage = fleet.damage
    shown = track if damage or fleet.start else {}
    sid = str(ship["id"])
    tables = _dguts_tables(fleet)
    name = str(ship.get("name") or values.get("name", ""))
    left = left_fields(values, tables, fleet.wind_force)
    if sid in fleet.armament_lost and "rate" not in (ship.get("definition") or {}):
        left = tuple(Field("Rate", "____ (her armament is incomplete in the text)") if f.label == "Rate" else f
                     for f in left)
    right = right_fields(values, shown)
    if sid in fleet.armament_lost:
        right = tuple(Field(f.label, "____ (tonnage / guns once her armament is known)")
                      if f.label == "Guns dismounted" else f for f in right)
    return DgutsShip(
        ship_id=sid, name=name, side=str(ship.get("side", "")), nation=str(values.get("nation", "")),
        left=left, right=right, speed_note=speed_multipliers(tables),
        guns=armament(values),
        chasers=chaser_text(values), ladders=ladders(values, shown, tables),
        status=(status_lines(values, track) if damage else start_lines(values, shown))
        + (fleet_lines(values, track if damage else {}, tables) if fleet.level == "fleet" else ()),
        log=log_rows(fleet.log.get(sid, ())) if damage else (), last_turn=fleet.turn,
        card_facts=card_facts(values), notes=tuple(fleet.ship_notes.get(sid, ())) if not damage else (),
    )


def start_lines(values: Mapping, track: Mapping) -> tuple[str, ...]:
    """The damage a scenario sets a ship up with (e.g. sails lost before the action)."""
    high, low = float(track.get("damage_high", 0) or 0), float(track.get("damage_low", 0) or 0)
    if not high and not low:
        return ()
    lines = [f"at the start: {num(high)} high, {num(low)} low"]
    sails, lost = int(values.get("sails", 0) or 0), int(track.get("sails_lost", 0) or 0)
    if lost:
        lines.append(f"{sails - lost} of {sails} sails aloft at the start")
    return tuple(lines)


def _dguts_tables(fleet: Fleet):
    """The DGUTS rules' own tables, with the game's house rulings."""
    return find_ruleset(fleet.ruleset).dt(fleet.tables)


def left_fields(values: Mapping, tables=None, wind_force: int | None = None) -> tuple[Field, ...]:
    """The left column: what the Training Game's data sheet asks for, with the Single-Ship Rules'
    sailing class and weatherliness (rule K: note them on the front of the form)."""
    cls = int(values.get("class", 0))
    kind = str(values.get("kind", "warship")).replace("_", " ")
    men = values.get("men")
    crew = f"{men} men, {frac(values['crew_factors'])} CF" if men is not None else f"{frac(values['crew_factors'])} CF"
    return (
        Field("Rate", str(values.get("rate", ""))),
        Field("Tonnage", num(values["tons"])),
        Field("Class", f"{ROMAN.get(cls, cls)} ({kind})"),
        Field("Sailing class", sailing_class(values, tables)),
        Field("Weatherliness", weatherliness(values, tables)),
        Field("Speed, base", base_speed_text(values, tables, wind_force)),
        Field("Crew", crew),
        Field("Decks", str(values.get("decks", ""))),
    )


def sailing_class(values: Mapping, tables) -> str:
    """The sailing class letter and what it does to speed (Single-Ship Rules A: A +10% ... E -10%)."""
    letter = str(values.get("sailing_class", "") or "")
    if not letter:
        return ""
    try:
        share = Fraction(str(tables.get("speed", "sailing_class", letter.lower())))
    except Exception:     # a table without the letter: the letter alone
        return letter.upper()
    return f"{letter.upper()} ({'+' if share >= 0 else '-'}{num(abs(share) * 100)}% speed)"


def weatherliness(values: Mapping, tables) -> str:
    """The weatherliness class and how close to the wind it lets her sail (Single-Ship Rules B)."""
    w = values.get("weatherliness")
    if w is None:
        return ""
    try:
        points = tables.get("advanced", "weatherliness", "points", str(w))
    except Exception:
        return str(w)
    return f"{w}: {points} points off the wind at the closest"


def base_speed_text(values: Mapping, tables, force: int | None) -> str:
    """The base speed at the game's wind force where the chart (or its reading) gives it, else a
    blank to write it in."""
    if force is None or tables is None:
        return "______ in. (by wind force)"
    cls = str(int(values.get("class", 0)))
    try:
        inches = tables.get("speed", "base_speed", cls, str(force))
    except Exception:     # no chart entry and no reading (or a strict game): written in
        return f"______ in. (wind force {force})"
    chart = tables.data.get("speed", {}).get("base_speed", {}) if hasattr(tables, "data") else {}
    in_text = isinstance(chart.get(cls), Mapping) and str(force) in chart[cls]
    return f"{num(inches)} in. at wind force {force}" + ("" if in_text else " (default reading)")


def speed_multipliers(tables) -> str:
    """The point-of-sail multipliers of base speed (Basic Rules VI)."""
    try:
        table = tables.get("speed", "point_of_sail")
    except Exception:   # a house-ruled table without the row: print none
        return ""
    out = []
    for key, word in POINTS_OF_SAIL:
        if key in table:
            out.append(f"{word} x{_fraction(table[key])}")
    return "Speed by point of sail, times base: " + ", ".join(out) + \
        ". The base speed by wind force is lost from the text: write it in."


def _fraction(value: Any) -> str:
    f = Fraction(str(value))
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def right_fields(values: Mapping, track: Mapping | None = None) -> tuple[Field, ...]:
    """The right column: morale, the damage values, and the Single-Ship Rules' firing speed and
    dismounted guns (rule K: note them on the front of the form)."""
    masts = ", ".join(num(t) for t in values.get("mast_thresholds", []))
    return (
        Field("Morale value", f"{values.get('morale_value', '')} points, saving throw {values.get('saving_throw', '')}"),
        Field("Sail factor value", f"{num(values['sf_value'])} points high per sail, {values.get('sails', '')} sails"),
        Field("Masts lost at", f"{masts} points high" if masts else ""),
        Field("Crew factor value", f"{num(values['cf_value'])} points low per CF"),
        Field("10% crew loss at", f"every {num(values['ten_percent_loss'])} points low"),
        Field("Opening broadside", "yes" if values.get("opening_broadside") else "no"),
        Field("Firing speed", "____ : ____ against her enemy (e.g. 3:2)"),
        Field("Guns dismounted", dismounted_text(values, track or {})),
    )


def dismounted_text(values: Mapping, track: Mapping) -> str:
    """A gun dismounted for every tonnage / guns points of low damage (Single-Ship Rules G), and
    from a game how many are out now."""
    guns = int(values.get("guns_total", 0) or 0)
    if not guns:
        return ""
    out = int(track.get("guns_dismounted", 0) or 0)
    return f"one per {num(float(values['tons']) / guns)} points low" + (f"; {out} out now" if out else "")


def armament(values: Mapping) -> tuple[Gun, ...]:
    """Calibres, heaviest first, long guns before carronades of the same weight."""
    rows = []
    factors = values.get("fire_factors") or {}
    for key, row in sorted(factors.items(), key=lambda kv: (-int(kv[1]["calibre"]), bool(kv[1]["carronade"]))):
        rows.append(Gun(f"{row['calibre']}#{'C' if row['carronade'] else ''}", str(row["guns"]),
                        "carronade" if row["carronade"] else "long gun", frac(row["total"]), frac(row["per_side"])))
    return tuple(rows)


def chaser_text(values: Mapping) -> str:
    ch = values.get("chasers") or {}
    bow = f"{ch['bow']}#" if ch.get("bow") else "none"
    stern = f"{ch['stern']}#" if ch.get("stern") else "none"
    return f"Bow chaser {bow}   Stern chaser {stern}"


def ladders(values: Mapping, track: Mapping, tables) -> tuple[Ladder, ...]:
    return (sails_ladder(values, track), crew_ladder(values, track), sinking_ladder(values, track, tables),
            morale_ladder(track, tables))


def sails_ladder(values: Mapping, track: Mapping) -> Ladder:
    """One box per sail at each SF value of high damage; every third (a mast) drawn heavy."""
    sf = float(values["sf_value"])
    sails = printable_count(f"{values.get('name', 'her')}: sails", int(values.get("sails", 0)))
    per_mast = int(values.get("sail_factors_per_mast", 3))
    lost, masts_lost = int(track.get("sails_lost", 0)), int(track.get("masts_lost", 0))
    rungs = tuple(Rung(num(sf * k), crossed=k <= lost or k <= masts_lost * per_mast, strong=k % per_mast == 0)
                  for k in range(1, sails + 1))
    return Ladder("Aloft", "points high: a sail at each box, a mast at each heavy box", rungs)


def crew_ladder(values: Mapping, track: Mapping) -> Ladder:
    tenth, marks = float(values["ten_percent_loss"]), int(track.get("crew_marks", 0))
    rungs = tuple(Rung(num(tenth * k), crossed=k <= marks) for k in range(1, 11))
    return Ladder("Crew", "points low: a tenth of the crew at each box (a morale check each)", rungs)


def sinking_ladder(values: Mapping, track: Mapping, tables) -> Ladder:
    """Low damage as a share of tonnage (Basic Rules VII.D bands)."""
    tons, band = float(values["tons"]), int(track.get("sinking_band", 0))
    rows = []
    try:
        bands = {int(k): v for k, v in tables.get("sinking", "bands").items() if k != "source"}
        certain = tables.get("sinking", "certain")
        bands[int(certain["percent"])] = certain
    except Exception:
        bands = {}
    for pct in sorted(bands):
        rows.append(Rung(num(tons * pct / 100), crossed=pct <= band, note=f"{pct}%: {bands[pct]['sink_turns']} turns"))
    return Ladder("Sinking", "points low: turns to sink unless pumped", tuple(rows))


def morale_ladder(track: Mapping, tables) -> Ladder:
    try:
        order = list(tables.get("morale", "ladder", "order"))
    except Exception:
        order = ["flushed", "normal", "shaken", "disorder", "routed", "surrendered"]
    now = str(track.get("morale", ""))
    return Ladder("Morale", "the crew's morale now", tuple(Rung(m, current=m == now) for m in order))


def status_lines(values: Mapping, track: Mapping) -> tuple[str, ...]:
    lines = [f"damage: {num(track.get('damage_high', 0))} high, {num(track.get('damage_low', 0))} low",
             f"crew factors left: {frac(track.get('crew_factors', values['crew_factors']))} "
             f"of {frac(values['crew_factors'])}"]
    state = str(track.get("status", "active"))
    if state != "active":
        extra = ""
        if state == "sinking" and int(track.get("sinking_turns_left", -1)) >= 0:
            pumps = float(track.get("pumps_needed", 0) or 0)
            extra = f", sinks in {count(track['sinking_turns_left'], 'turn')}" + (
                f" unless {frac(pumps)} CF man the pumps" if pumps else "")
        lines.append(f"state: {state}{extra}")
    if int(track.get("morale_checks_owed", 0)):
        lines.append(f"morale checks owed: {track['morale_checks_owed']}")
    return tuple(lines)


def fleet_lines(values: Mapping, track: Mapping, tables) -> tuple[str, ...]:
    """At the fleet level, her Fleet Action points (Notes on Values) and, in a game, what damage from
    every cause has left of them (rules/dguts/fleet.py)."""
    points = fleet_values(values, tables)["points"]
    lines = ["fleet points: " + ", ".join(f"{k} {points[k]}" for k in ("fire", "carronade", "crew", "gun"))]
    if track:
        left = fleet_left(values, track, tables)
        lines.append("fleet points left: " + ", ".join(f"{k} {left[k]}" for k in ("fire", "carronade", "crew",
                                                                                 "gun", "masts")))
    return tuple(lines)


def card_facts(values: Mapping) -> tuple[str, ...]:
    """The card's lines of numbers; the armament table follows the first. The thresholds close
    them: a morale roll falls due each time a mast is lost and each time the crew's losses pass
    another 10% (Basic Rules IX, Morale; the masts by VII.C, a tenth of the crew by VII.B)."""
    cls = int(values.get("class", 0))
    guns = int(values.get("guns_total", 0) or 0)
    single = [f"sailing {str(values['sailing_class']).upper()}" if values.get("sailing_class") else "",
              f"weatherliness {values['weatherliness']}" if values.get("weatherliness") is not None else "",
              f"a gun out per {num(float(values['tons']) / guns)} low" if guns else ""]
    return (
        f"Rate {values.get('rate', '')}  {num(values['tons'])} tons  Class {ROMAN.get(cls, cls)}",
        f"CF {frac(values['crew_factors'])}  CF value {num(values['cf_value'])}  SF value {num(values['sf_value'])}",
        "  ".join(x for x in single if x),
        f"Morale {values.get('morale_value', '')} points, saving throw {values.get('saving_throw', '')}: "
        "a roll at each",
        *threshold_lines(values),
    )


def threshold_lines(values: Mapping) -> tuple[str, ...]:
    """Where the morale rolls fall due: the masts' points high and each tenth of the crew's points low."""
    masts = ", ".join(num(t) for t in values.get("mast_thresholds", []))
    tenth = float(values["ten_percent_loss"])
    return (f"mast lost at {masts} high" if masts else "",
            "10% of crew lost at " + ", ".join(num(tenth * k) for k in range(1, 11)) + " low")


def log_rows(entries: Sequence[DgutsEntry]) -> tuple[LogRow, ...]:
    return tuple(LogRow(str(e.turn), "", e.fire, e.high, e.low, "; ".join(e.notes)) for e in entries)


def rows_needed(ship: DgutsShip) -> int:
    logged = max((int(r.turn) for r in ship.log), default=0)
    return printable_turns(f"ship {ship.ship_id}", max(logged, ship.last_turn))


def grid_rows(ship: DgutsShip, count: int) -> tuple[LogRow, ...]:
    logged = {r.turn: r for r in ship.log}
    return tuple(logged.get(str(n), LogRow(str(n))) for n in range(1, count + 1))


#: the rules' name on the cover
RULES_NAME = "Don't Give Up The Ship! (1975 rules)"
DGUTS_HEADINGS = ("id", "name", "nation", "class", "tons", "guns", "CF", "SF val.", "morale", "state")


def dguts_cover(fleet: Fleet, views: Sequence[DgutsShip]) -> CoverView:
    sides: dict[str, list[CoverRow]] = {}
    for view, ship in zip(views, fleet.ships):
        values, track = parts(ship)
        cf = track.get("crew_factors", values["crew_factors"]) if fleet.damage else values["crew_factors"]
        cls = int(values.get("class", 0))
        cells = (view.ship_id, view.name, view.nation, ROMAN.get(cls, str(cls)), num(values["tons"]),
                 str(values.get("guns", "")), frac(cf), num(values["sf_value"]),
                 str(track.get("morale", "")) if fleet.damage else str(values.get("morale_value", "")),
                 str(track.get("status", "")) if fleet.damage else "")
        sides.setdefault(view.side, []).append(CoverRow(cells))
    return CoverView(fleet.title, fleet.subtitle, RULES_NAME, DGUTS_HEADINGS,
                     tuple(CoverSide(side, tuple(rows)) for side, rows in sides.items()))
