"""A WS&IM specification derived from a ship's tonnage, complement and guns (docs/oob.md).

Fitted to the ships the rule texts themselves give both ways: each ship of a bundled WS&IM
scenario whose tons, men and guns the DGUTS text prints for the same action
(data/dguts/historical-ships.toml) is one point of the fit; the point counts of the first
edition's national listing (data/wsim-1974/national-ships.toml) give the points. Each value is a
monotone step through those points (pool-adjacent-violators, then straight lines between them,
and beyond the last point in proportion to it), so more tons never give fewer hull squares, more
men never fewer crew squares and more metal never fewer gun or carronade squares. A value outside
the points' range is still given, and the working says so.
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from umpire.core import scenarios
from umpire.core.errors import BadInput
from umpire.core.resources import resource_dir
from umpire.rules.dguts.guns import Battery, parse_guns
from umpire.rules.wsim.spec import Spec

#: Introduction II.C class numbers by rig (1981 text: "Nr. 5 Brig (B), Sloop (S), Schooner (SC)",
#: "Nr. 6 Gondola (GO), Galley (G), Radeau (R)", "Nr. 7 Gunboat (GB)")
RIGS = {"brig": (5, "B"), "sloop": (5, "S"), "schooner": (5, "SC"), "gondola": (6, "GO"),
        "galley": (6, "G"), "radeau": (6, "R"), "gunboat": (7, "GB")}
#: ship-rigged (or rig not given): the first edition's Wind Table groups by rating, read as the
#: 1981 classes (docs/rulings.md "Class"): 98+ guns 1, 50+ 2, 32+ 3
GUN_GROUPS = ((98, 1, "SOL"), (50, 2, "SOL"), (32, 3, "F"))
#: below 32 guns, a ship of the DGUTS text's fifth-rate tonnage or more ("44 (5th RATE, 400-1,200
#: tons)", data/dguts/rates.toml) is read as class 4 (frigate or corvette), a smaller one class 5
FIFTH_RATE_TONS = 400
RIG_WORDS = ("ship",) + tuple(RIGS)


@dataclass(frozen=True, slots=True)
class Step:
    """A monotone fit: knots (x, y) with y never falling as x grows."""

    knots: tuple[tuple[float, float], ...]

    @classmethod
    def fit(cls, points: list[tuple[float, float]]) -> "Step":
        """Pool-adjacent-violators over the points (equal x pooled first)."""
        by_x: dict[float, list[float]] = {}
        for x, y in points:
            by_x.setdefault(x, []).append(y)
        blocks = [[sum(ys), len(ys), x, x] for x, ys in sorted(by_x.items())]   # sum, weight, x from, x to
        out: list[list[float]] = []
        for b in blocks:
            out.append(b)
            while len(out) > 1 and out[-2][0] / out[-2][1] > out[-1][0] / out[-1][1]:
                s, w, lo, hi = out.pop()
                out[-1] = [out[-1][0] + s, out[-1][1] + w, out[-1][2], hi]
        knots = []
        for s, w, lo, hi in out:
            knots.append((lo, s / w))
            if hi != lo:
                knots.append((hi, s / w))
        return cls(tuple(knots))

    def __call__(self, x: float) -> float:
        (x0, y0), (xn, yn) = self.knots[0], self.knots[-1]
        if x <= x0:
            return y0 * x / x0
        if x >= xn:
            return yn * x / xn
        for (a, ya), (b, yb) in zip(self.knots, self.knots[1:]):
            if a <= x <= b:
                return ya if b == a else ya + (yb - ya) * (x - a) / (b - a)
        return yn

    def within(self, x: float) -> bool:
        return self.knots[0][0] <= x <= self.knots[-1][0]


def squares(value: float, least: int = 0) -> int:
    """Whole squares, halves up; never fewer than `least`."""
    return max(least, int(value + 0.5))


def _key(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    return "".join(ch for ch in text if ch.isalnum())


def _load(*parts: str) -> dict:
    with Path(resource_dir(parts[0])).joinpath(*parts[1:]).open("rb") as fh:
        return tomllib.load(fh)


def metal(guns: tuple[Battery, ...], carronade: bool) -> int:
    """Weight of shot of the long guns (or the carronades): count x pounds."""
    return sum(b.count * b.calibre for b in guns if b.carronade == carronade)


@lru_cache(maxsize=1)
def fit_points() -> tuple[dict, ...]:
    """The texts' ships known both ways: a bundled 1974 scenario ship and the DGUTS text's ship of
    the same name and nation in an action with one of her opponents (e.g. CONSTITUTION of 1F and
    of Constitution vs Guerriere), with what of her tons, men and guns the OCR kept legible."""
    history = _load("data", "dguts", "historical-ships.toml")["ships"]
    out = []
    for sid, path in scenarios.bundled().items():
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        if doc.get("ruleset") != "wsim-1974":
            continue
        nations = {s["id"]: s.get("nation", "") for s in doc.get("sides", [])}
        names = {_key(s["name"]) for s in doc.get("ships", [])}
        for ship in doc.get("ships", []):
            if ship.get("estimated"):   # filled in by this very rule (1H, 2C): not the text's own
                continue
            h = _same_action(history, ship, ship.get("nation") or nations.get(ship["side"], ""), names)
            if h:
                guns = None if "guns" in h.get("illegible", []) else parse_guns(h["guns"])
                out.append({"name": ship["name"], "scenario": sid, "tons": h["tons"], "men": h["men"],
                            "guns": guns, "spec": Spec.parse(ship["spec"])})
    return tuple(out)


def _same_action(history: list[dict], ship: dict, nation: str, names: set[str]) -> dict | None:
    """The DGUTS text's entry for `ship` (same name and nation) in an action named after one of the
    other ships of her scenario (`names`), or None."""
    me = _key(ship["name"])
    return next((h for h in history if _key(h["name"]) == me and h["nation"] == nation
                 and any(n != me and n in h["action"].replace("-", "") for n in names)), None)


@lru_cache(maxsize=1)
def fits() -> dict[str, Step]:
    """Each spec value's fit over the texts' ships (docs/oob.md lists the points and the error)."""
    pts = fit_points()
    armed = [p for p in pts if p["guns"] is not None]
    listing = _load("data", "wsim-1974", "national-ships.toml")["ships"]
    sized, listed = [], [p["spec"] for p in pts]
    for e in listing:
        spec = Spec.parse(f"{e['spec']}-{e['points']['AV']}(AV)")
        listed.append(spec)
        sized.append((size(spec.hull, sum(spec.crew), spec.guns, spec.carronades), e["points"]))
    out = {
        "hull": Step.fit([(p["tons"], p["spec"].hull) for p in pts]),
        "crew": Step.fit([(p["men"], sum(p["spec"].crew)) for p in pts]),
        "rigging": Step.fit([(s.hull, s.rigging) for s in listed]),
        "draught": Step.fit([(s.hull, s.draught) for s in listed]),
        "draught by tons": Step.fit([(p["tons"], p["spec"].draught) for p in pts]),
        "guns": Step.fit([(metal(p["guns"], False), p["spec"].guns) for p in armed if metal(p["guns"], False)]),
        "carronades": Step.fit([(metal(p["guns"], True), p["spec"].carronades) for p in armed
                                if metal(p["guns"], True)]),
    }
    for q in ("EL", "CR", "AV", "GR", "PR"):
        out[f"points {q}"] = Step.fit([(s, pts_[q]) for s, pts_ in sized])
    return out


def size(hull: int, crew: int, guns: int, carronades: int) -> int:
    """What the points are fitted on: the squares a ship brings to a fight."""
    return hull + crew + guns + carronades


def split_crew(total: int) -> tuple[int, int, int]:
    """Crew squares in three sections, the larger first, as every listed ship has them (5-4-4, 2-2-1)."""
    base, extra = divmod(total, 3)
    return tuple(base + (1 if i < extra else 0) for i in range(3))


def ship_class(tons: float, guns: tuple[Battery, ...], rig: str, rated: int = 0) -> tuple[int, str, str]:
    """(class number, type or "", why) from the rig when given, else the rating and tonnage. Without
    a `rated` number of guns the long guns stand for it: the texts rate ships without their
    carronades (CONSTITUTION, rated 44, carries 30 long guns and 22 carronades)."""
    count = sum(b.count for b in guns)
    rating = rated or sum(b.count for b in guns if not b.carronade)
    if rig in RIGS:
        number, kind = RIGS[rig]
        return number, kind, f"class {number} ({kind}): rig {rig} (Introduction II.C)"
    if not rig and count <= 2:
        return 7, "GB", f"class 7 (GB): {count} gun{'s' * (count != 1)} and no rig given (Introduction II.C)"
    for least, number, kind in GUN_GROUPS:
        if rating >= least:
            return number, kind, f"class {number} ({kind}): rated {rating} guns, {least}+ group (docs/rulings.md)"
    if tons >= FIFTH_RATE_TONS:
        return 4, "", f"class 4 (F or C): rated {rating} guns, {tons:g} tons, a fifth rate's tonnage or more"
    return 5, ("S" if rig == "ship" else ""), f"class 5: rated {rating} guns, {tons:g} tons, under a fifth rate's"


@dataclass(frozen=True, slots=True)
class Derived:
    """A derived spec, its class, and how each value was reached."""

    spec: str
    class_number: int
    kind: str
    working: tuple[str, ...]
    outside: tuple[str, ...]

    @property
    def note(self) -> str:
        text = "derived from tons, men and guns (docs/oob.md): " + "; ".join(self.working)
        if self.outside:
            text += "; outside the texts' range: " + ", ".join(self.outside)
        return text


def derive(tons: float, men: float, guns: tuple[Battery, ...], quality: str, rig: str = "",
           rated: int = 0) -> Derived:
    """The WS&IM spec of a ship of `tons`, `men` and `guns` with a `quality` crew."""
    if not guns:
        raise BadInput("guns: a WS&IM ship needs at least one gun or carronade (give `guns`, or a `spec`)")
    f = fits()
    number, kind, why = ship_class(tons, guns, rig, rated)
    long_, carr = metal(guns, False), metal(guns, True)
    hull = squares(f["hull"](tons), 1)
    crew = split_crew(squares(f["crew"](men), 3))
    gun_sq = squares(f["guns"](long_), 1 if long_ else 0)
    carr_sq = squares(f["carronades"](carr), 1 if carr else 0)
    rigging = squares(f["rigging"](hull), 1)
    sections, full = (3, 5) if number <= 2 else (4, 6)
    draught = squares(min(f["draught"](hull), f["draught by tons"](tons)), 1)   # feet: finer than squares
    points = squares(f[f"points {quality}"](size(hull, sum(crew), gun_sq, carr_sq)), 1)
    gun_part = f"{gun_sq if gun_sq else ''}{f'({carr_sq})' if carr_sq else ''}G"
    spec = (f"{hull}H-({'-'.join(map(str, crew))})M-{gun_part}-{rigging}R({sections})-{full}-{draught}'"
            f"-{points}({quality})")
    working = (f"hull {hull} from {tons:g} tons", f"crew {'-'.join(map(str, crew))} from {men:g} men",
               f"guns {gun_sq} from {long_} lb of long guns", f"carronades {carr_sq} from {carr} lb of carronades",
               f"rigging {rigging} from {hull} hull squares, draught {draught}' from them or {tons:g} tons, the less",
               f"{sections} sections and full sail {full} as the texts' class {'1-2' if number <= 2 else '3+'} ships",
               f"{points} points ({quality}) from the national listing's points", why)
    outside = tuple(name for name, x, key in (("tons", tons, "hull"), ("men", men, "crew"),
                                              ("long guns", long_, "guns"), ("carronades", carr, "carronades"))
                    if x and not f[key].within(x))
    return Derived(spec, number, kind, working, outside)
