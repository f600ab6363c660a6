"""Square-grid ships from an order of battle: each ship is given the nearest of the text's sample types.

The grid game has no formula from a real ship to its control panel: it has eight sample ships
(square-grid-crew-counter-rules.txt, Sample Ships, L385-448). A row names its type in `kind`,
`class` or `rate` (a sample id, an alias, or words such as "frigate", "brig", "1st rate"), or the
type is the warship whose figures (crew and marines) are nearest the row's men at "approximately
20 men" a figure (Equipment b, L18). Readings in docs/rulings.md, "Square-grid game".
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from umpire.core.resources import resource_dir
from umpire.oob.dguts import DgutsConversion
from umpire.oob.fields import base_fields
from umpire.oob.reader import OobError, Row

#: "Each Crew figure represents approximately 20 men" (L18)
MEN_PER_FIGURE = 20
#: sample types a warship's men are matched against (merchant types only when named)
WARSHIPS = ("1st-rate-ship-of-the-line", "ship-of-the-line", "2-decker", "frigate", "sloop-or-brig")
#: words in kind, class or rate naming a sample type; longer phrases are tried first
WORDS = (("blockade runner", "blockade-runner"), ("ship of the line", "ship-of-the-line"),
         ("1st rate", "1st-rate-ship-of-the-line"), ("first rate", "1st-rate-ship-of-the-line"),
         ("two decker", "2-decker"), ("2 decker", "2-decker"), ("merchantman", "merchantman"),
         ("merchant", "merchantman"), ("transport", "transport"), ("frigate", "frigate"),
         ("sloop", "sloop-or-brig"), ("brig", "sloop-or-brig"))
#: order-of-battle qualities as the grid game's three crews
QUALITY = {"el": "trained", "elite": "trained", "cr": "trained", "crack": "trained", "trained": "trained",
           "av": "average", "average": "average", "gr": "dreadful", "green": "dreadful", "pr": "dreadful",
           "poor": "dreadful", "dreadful": "dreadful"}


def sample_ships() -> dict[str, dict]:
    with (Path(resource_dir("data")) / "grid" / "sample-ships.toml").open("rb") as fh:
        return {s["id"]: s for s in tomllib.load(fh)["ships"]}


def named_type(text: str) -> str | None:
    """The sample type a kind, class or rate names, or None."""
    words = " ".join(text.lower().replace("-", " ").replace("_", " ").split())
    if not words:
        return None
    ships = sample_ships()
    if words.replace(" ", "-") in ships:
        return words.replace(" ", "-")
    return next((tid for phrase, tid in WORDS if phrase in words), None)


def nearest_by_men(men: float) -> tuple[str, float]:
    """The warship type whose figures are nearest `men` / 20 (the larger on a tie), and the figures."""
    ships = sample_ships()
    figures = men / MEN_PER_FIGURE
    best = min(WARSHIPS, key=lambda t: (abs(ships[t]["crew"] + ships[t]["marines"] - figures),
                                        -(ships[t]["crew"] + ships[t]["marines"])))
    return best, figures


def figures_for(kind: dict, men: float) -> tuple[int, int, str]:
    """Crew and marine figures for `men` at about 20 men a figure (L18), at least one, marines in
    the sample type's proportion; never more than the type's own figures (her panel's), and the
    working says so where that caps them."""
    wanted = max(1, int(men / MEN_PER_FIGURE + 0.5))
    most = kind["crew"] + kind["marines"]
    total = min(wanted, most)
    marines = min(kind["marines"], int(total * kind["marines"] / most + 0.5)) if most else 0
    note = f"{total - marines} crew and {marines} marine figures for {men:g} men at 20 men a figure"
    if wanted > most:
        note += f" (capped at the {kind['name']}'s {most} figures)"
    return total - marines, marines, note


def grid_ship(path: Path, row: Row) -> tuple[dict, str]:
    """A scenario ship for the grid game: id, name, side, nation, its sample type and crew quality."""
    base = base_fields(path, row)
    ship = {k: base[k] for k in ("id", "name", "side", "nation", "notes") if k in base}
    ships = sample_ships()
    named = next(((col, t) for col in ("kind", "class", "rate") if (t := named_type(row.get(col)))), None)
    if named:
        ship["type"] = named[1]
        how = f"the {ships[named[1]]['name']} of the sample ships, as its {named[0]} {row.get(named[0])!r} names"
    elif "men" in base:
        ship["type"], figures = nearest_by_men(base["men"])
        kind = ships[ship["type"]]
        how = (f"the {kind['name']} of the sample ships: {base['men']:g} men are {figures:.3g} figures at 20 men "
               f"a figure, nearest her {kind['crew']} crew and {kind['marines']} marines")
    else:
        raise OobError(path, row.line, "kind", "give a sample type in kind or class (" + ", ".join(ships)
                       + ") or the men, to take the nearest")
    if "men" in base:
        ship["crew"], ship["marines"], note = figures_for(ships[ship["type"]], base["men"])
        how += "; " + note
    if row.get("quality"):
        quality = QUALITY.get(row.get("quality").lower())
        if not quality:
            raise OobError(path, row.line, "quality", f"{row.get('quality')!r}: use trained, average or dreadful "
                           "(or EL, CR, AV, GR, PR)")
        ship["quality"] = quality
    return ship, how


class GridConversion(DgutsConversion):
    """A grid ship is a sample type. A published list's ship takes the history of a grid scenario's
    ship of the same name, or of the DGUTS text's ship of the nearest rate (as DGUTS does), and her
    men then give her type."""

    family = "grid"

    def ship(self, path: Path, row: Row) -> tuple[dict, str]:
        return grid_ship(path, row)


GRID = GridConversion()
