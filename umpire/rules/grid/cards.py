"""The damage-card deck: drawing a ship's cards and what each card does (Damage, L267-286).

"A Damage Card is selected for every hit caused. Temporary damage ... cards are
retained ... until repaired. Permanent Damage is marked ... These cards are
returned to the pile, providing this sort of damage could happen again ...
This also applies if you take temporary damage cards for items you either don't
have, or have had destroyed" (L269-275).
"""

from __future__ import annotations

import random

from umpire.core.errors import BadInput
from umpire.core.state import Step
from umpire.rules.grid import ship as S

SRC = "square-grid-crew-counter-rules.txt, Damage (L269-275)"


def full_deck(table: dict) -> dict[str, int]:
    """Card id -> copies in a complete set, in the order printed."""
    return {c["id"]: int(c["count"]) for c in table["cards"]}


def deck_table(ship: dict, tables) -> dict:
    """The deck a ship's cards come from: the umpire's (`new --deck`, kept with the ship) or the text's."""
    if ship.get("cards"):
        return {"source": "the game's own damage-card deck (umpire new --deck)", "cards": ship["cards"]}
    return tables["deck"]


def cards_by_id(table: dict) -> dict[str, dict]:
    return {c["id"]: c for c in table["cards"]}


def draw(ship: dict, n: int, seed: int) -> list[str]:
    """`n` cards taken from the ship's pile at once, with the game's seed (journalled by the caller)."""
    pile = [cid for cid, k in ship["deck"].items() for _ in range(k)]
    if n > len(pile):
        n = len(pile)
    rng = random.Random(f"umpire:grid-deck:{seed}:{ship['id']}:{ship['draws']}")
    return rng.sample(pile, n)


def typed(ship: dict, text: str, hits: int, table: dict) -> list[str]:
    """Cards typed with --cards: known ids, as many as the hits, each still in the pile."""
    ids = [p.strip().lower() for p in text.replace(" ", ",").split(",") if p.strip()]
    known = cards_by_id(table)
    for cid in ids:
        if cid not in known:
            raise BadInput(f"card {cid!r} is not in the damage-card deck; the cards are {', '.join(known)}")
    if len(ids) != hits:
        raise BadInput(f"--cards {text!r}: {len(ids)} card(s) for {hits} hit(s); give one card per hit")
    for cid in set(ids):
        if ids.count(cid) > ship["deck"].get(cid, 0):
            raise BadInput(f"--cards: {cid} is not in {ship['name']}'s pile "
                           f"({ship['deck'].get(cid, 0)} left, {ids.count(cid)} typed)")
    return ids


def take(ship: dict, ids: list[str]) -> None:
    """Take the drawn cards out of the pile (the ship dict is a working copy)."""
    for cid in ids:
        ship["deck"][cid] -= 1
    ship["draws"] += 1


def back(ship: dict, cid: str) -> None:
    ship["deck"][cid] = ship["deck"].get(cid, 0) + 1


def apply_card(ship: dict, card: dict, facing: str, turn: int, tables) -> Step:
    """Carry out one card on a working copy of the ship; say what became of it."""
    effect = card["effect"]
    what = _EFFECTS[effect](ship, card, facing, turn, tables)
    if what.startswith("held"):
        where = "held beside the panel until repaired"
    elif what.startswith("discard"):
        what, where = "marked" + what[len("discard"):], "discarded (it cannot happen again)"
    else:
        back(ship, card["id"])
        where = "back to the pile"
    return Step(f"card {card['id']}", f"{card['title']} {card['text']}: {what}; {where}", SRC)


def _gun(ship, card, facing, turn, tables) -> str:
    battery = facing if card.get("battery") == "broadside" else card["battery"]
    fit = S.guns_fit(ship)[battery]
    if fit == 0:
        return "no effect"
    n = min(fit, int(card.get("amount", 1)))        # a card of the game's own deck may take more than one
    if card["kind"] == "temporary":
        ship["held"].append({"card": card["id"], "battery": battery, **({"guns": n} if n > 1 else {})})
        return "held"
    ship["guns_destroyed"][battery] += n
    left = sum(ship["guns_carried"][b] - ship["guns_destroyed"][b] for b in S.BATTERIES)
    return "marked" if left else "discard"


def _boat(ship, card, facing, turn, tables) -> str:
    boat = ship["boats"].get(card["boat"])
    if boat is None or boat["state"] != "aboard":
        return "no effect"
    boat.update(state="destroyed", crew=0)
    ship["marked"].append(card["id"])
    return "discard"


def _kill_from(ship: dict, order, marine: bool, idle_ok: bool = True) -> bool:
    """Kill one figure from the first position of `order` that has one, else (`idle_ok`) an unplaced one."""
    kind = "marines" if marine else "crew"
    for name in order:
        if S.pos(ship, name) > 0:
            ship["positions"][name] -= 1
            break
    else:
        if not idle_ok or idle(ship, marine) <= 0:
            return False
    ship[kind] -= 1
    ship["casualty_box"][kind] += 1
    return True


def idle(ship: dict, marine: bool = False) -> int:
    """Figures aboard on no position (they man nothing and do not fight)."""
    if marine:
        return ship["marines"] - S.figures_placed(ship, S.MARINE_POSITIONS)
    return ship["crew"] - S.figures_placed(ship, S.CREW_POSITIONS) - S.boat_figures(ship)


def kill_crew(ship: dict, where: str, tables, idle_ok: bool = True) -> bool:
    """One crew figure killed below deck, on deck or in the rigging (order: data/grid/panel.toml)."""
    return _kill_from(ship, tables["panel"][f"casualty_order_{where}"], marine=False, idle_ok=idle_ok)


def _crew(ship, card, facing, turn, tables) -> str:
    where = "below" if card["effect"] == "crew-below" else "deck"
    killed = sum(1 for _ in range(int(card.get("amount", 1))) if kill_crew(ship, where, tables))
    if not killed:
        return "no effect"
    return _killed(killed, "crew", ship["crew"])


def _marine(ship, card, facing, turn, tables) -> str:
    killed = sum(1 for _ in range(int(card.get("amount", 1))) if _kill_from(ship, S.MARINE_POSITIONS, marine=True))
    if not killed:
        return "no effect"
    return _killed(killed, "marine", ship["marines"])


def _killed(n: int, what: str, left: int) -> str:
    """"marked" (or "discard" once none are left), saying how many were killed when more than one."""
    out = "marked" if left > 0 else "discard"
    return out if n == 1 else f"{out}: {n} {what}{'s' if what == 'marine' else ''} killed"


def _gunner(ship, card, facing, turn, tables) -> str:
    if S.pos(ship, "gunner") == 0:
        return "no effect"
    _kill_from(ship, ["gunner"], marine=False)
    ship["no_fire_turn"] = turn + 1
    return "marked"


def _surgeon(ship, card, facing, turn, tables) -> str:
    if S.pos(ship, "surgeon") > 0:
        _kill_from(ship, ["surgeon"], marine=False)
    ship["marked"].append(card["id"])
    return "discard"


def _held(ship, card, facing, turn, tables) -> str:
    ship["held"].append({"card": card["id"]})
    return "held"


def sails_standing(ship: dict, tables) -> int:
    """Ordinary sails still set: the 7 sails less the mainsail, less those shot away (L124)."""
    lost = S.held_with(ship, "sail") + S.marked_with(ship, "spar")
    return tables["movement"]["sails"] - 1 - sum(S.card_amount(ship, c) for c in lost)


def _sail(ship, card, facing, turn, tables) -> str:
    if sails_standing(ship, tables) <= 0:
        return "no effect"
    return _held(ship, card, facing, turn, tables)


def _mainsail(ship, card, facing, turn, tables) -> str:
    if S.held_with(ship, "mainsail"):
        return "no effect"
    return _held(ship, card, facing, turn, tables)


def _spar(ship, card, facing, turn, tables) -> str:
    if sails_standing(ship, tables) <= 0:
        return "no effect"
    ship["marked"].append(card["id"])
    return "marked" if sails_standing(ship, tables) > 0 else "discard"


def _mark_once(ship, card, facing, turn, tables) -> str:
    ship["marked"].append(card["id"])
    return "discard"


def _mainmast(ship, card, facing, turn, tables) -> str:
    ship["held"].append({"card": card["id"]})
    return "held until cut free, then discarded"


def _hull(ship, card, facing, turn, tables) -> str:
    room = ship["hull_boxes"] - ship["hull_damage"]
    if room <= 0:
        return "no effect"
    units = min(room, int(card["amount"]))
    ship["hull_holes"] = S.hull_holes(ship) + (units if S.hull_growth(tables) == "box" else 1)
    ship["hull_damage"] += units
    return f"{units} hull box{'es' if units > 1 else ''} crossed"


def _none(ship, card, facing, turn, tables) -> str:
    return "no effect"


_EFFECTS = {"gun": _gun, "boat": _boat, "crew-below": _crew, "crew-above": _crew, "marine": _marine,
            "gunner": _gunner, "surgeon": _surgeon, "steering": _held, "rudder": _held, "wheel": _held,
            "sail": _sail, "mainsail": _mainsail, "spar": _spar, "spar-tack": _mark_once, "mark": _mark_once,
            "capstan": _mark_once, "mainmast": _mainmast, "hull": _hull, "none": _none}


# --- a replacement deck (`new --deck FILE`) ------------------------------------------

KINDS = ("temporary", "permanent", "mainmast", "hull", "none")
#: keys a card of a replacement deck may carry beyond the five the contract names
EXTRA_KEYS = ("effect", "battery", "boat", "amount", "ocr", "source", "notes")


def check_deck(doc: dict, where: str, built_in: dict) -> dict:
    """A replacement deck (TOML `[[cards]]`: id, count, title, text, kind) as a deck table, checked.

    A card with a built-in id does what that card does (its effect, battery, boat, amount) unless
    it says otherwise; a new id names its `effect`, one of the effects the tool knows."""
    cards = doc.get("cards")
    if not isinstance(cards, list) or not cards:
        raise BadInput(f"deck {where}: expected [[cards]] entries with id, count, title, text, kind")
    known = cards_by_id(built_in)
    out, seen = [], set()
    for n, card in enumerate(cards, 1):
        out.append(_check_card(card, f"deck {where}: card {n}", known, seen))
    if sum(c["count"] for c in out) == 0:
        raise BadInput(f"deck {where}: every count is 0; a deck needs at least one card")
    return {"source": str(doc.get("source") or f"the umpire's deck {where}"), "cards": out}


def _check_card(card, at: str, known: dict, seen: set) -> dict:
    if not isinstance(card, dict):
        raise BadInput(f"{at}: a card is a table with id, count, title, text, kind")
    for key in ("id", "count", "title", "text", "kind"):
        if key not in card:
            raise BadInput(f"{at}: missing {key!r} (a card has id, count, title, text, kind)")
    cid = card["id"]
    if not isinstance(cid, str) or not cid.strip() or cid != cid.strip().lower() or " " in cid:
        raise BadInput(f"{at}: id {cid!r}: lower-case letters, digits and hyphens, e.g. gun-dismounted")
    if cid in seen:
        raise BadInput(f"{at}: id {cid!r} appears twice; give one entry a count instead")
    seen.add(cid)
    at = f"{at} ({cid})"
    unknown = [k for k in card if k not in ("id", "count", "title", "text", "kind") + EXTRA_KEYS]
    if unknown:
        raise BadInput(f"{at}: unknown key {unknown[0]!r}; a card has id, count, title, text, kind "
                       f"(also {', '.join(EXTRA_KEYS)})")
    if not isinstance(card["count"], int) or isinstance(card["count"], bool) or not 0 <= card["count"] <= 80:
        raise BadInput(f"{at}: count {card['count']!r}: a whole number from 0 to 80")
    for key in ("title", "text"):
        if not isinstance(card[key], str):
            raise BadInput(f"{at}: {key} {card[key]!r}: text as printed on the card")
    if card["kind"] not in KINDS:
        raise BadInput(f"{at}: kind {card['kind']!r}: one of {', '.join(KINDS)}")
    base = {k: v for k, v in known.get(cid, {}).items() if k in ("effect", "battery", "boat", "amount")}
    out = {**base, **card}
    if out.get("effect") not in _EFFECTS:
        raise BadInput(f"{at}: {'effect ' + repr(out['effect']) if 'effect' in out else 'a new card needs an effect'}"
                       f": one of {', '.join(_EFFECTS)}")
    needs = {"gun": ("battery", ("port", "starboard", "bow", "stern", "broadside")), "boat": ("boat", S.BOATS)}
    if out["effect"] in needs:
        key, allowed = needs[out["effect"]]
        if out.get(key) not in allowed:
            raise BadInput(f"{at}: a {out['effect']} card needs {key} = one of {', '.join(allowed)}")
    if out["effect"] == "hull" and not (isinstance(out.get("amount"), int) and out["amount"] > 0):
        raise BadInput(f"{at}: a hull card needs amount = the hull boxes it crosses (1 or more)")
    return out
