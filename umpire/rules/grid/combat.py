"""Gunnery, marines in the rigging, and boarding (L206-265, Rule Summary L366-379)."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_, has_state
from umpire.rules.grid import cards as C
from umpire.rules.grid import ship as S
from umpire.rules.grid.changes import ship_changes

TEXT = "square-grid-crew-counter-rules.txt"
GUNNERY = f"{TEXT}, Gunnery (L206-214); Rule Summary (L366-368)"
BATTERY_WORDS = {"left": "port", "right": "starboard", "port": "port", "starboard": "starboard", "bow": "bow",
                 "stern": "stern"}


def battery_word(text: str) -> str:
    key = (text or "").strip().lower()
    if key not in BATTERY_WORDS:
        raise BadInput(f"side {text!r}: use port, starboard, bow or stern (or cutter or launch for a boat's gun)")
    return BATTERY_WORDS[key]


def whole(text, what: str, low: int = 1) -> int:
    try:
        n = int(str(text))
    except ValueError:
        raise BadInput(f"{what} {text!r}: give a whole number of squares") from None
    if n < low:
        raise BadInput(f"{what} {text!r}: give a whole number of at least {low}")
    return n


# --- fire dice -----------------------------------------------------------------

def parse_faces(text: str, tables, count: int) -> list:
    """Typed fire-die faces (1 2 3 4 8 X, x too), exactly one per manned gun."""
    allowed = tables["fire"]["faces"]
    out = []
    for part in str(text).replace(",", " ").split():
        face = part.upper() if part.upper() == "X" else (int(part) if part.isascii() and part.isdigit() else part)
        if face not in allowed:
            raise BadInput(f"fire die {part!r}: the faces are 1 2 3 4 8 X")
        out.append(face)
    if len(out) != count:
        raise BadInput(f"rolls {text!r}: {count} fire dice are needed, one per manned gun; got {len(out)}")
    return out


def face_of(roll: int, tables):
    return tables["fire"]["faces"][roll - 1]


def scores_hit(face, rng: int, boat: bool) -> bool:
    """A face at or above the range hits a ship; only the exact range hits a boat; X misses (L366-367)."""
    if face == "X":
        return False
    return face == rng if boat else face >= rng


@dataclass(frozen=True)
class HitsChain:
    """Fire dice one at a time for `umpire odds`: the state is (dice thrown, hits so far).

    `pile` is the target's pile as (card kind, cards) pairs, for a ship: the cards a number of hits
    draws are taken at once without putting back (`cards.draw`), so the chance of each count of each
    kind is hypergeometric, weighed by the chance of each number of hits."""

    stages: int
    faces: tuple
    range: int
    boat: bool
    dice: int = 1
    going: str = "going"
    start: tuple = (0, 0)
    pile: tuple = ()
    target: str = ""

    def step(self, state: tuple, rolls: tuple[int, ...]) -> tuple[tuple, str]:
        thrown, hits = state
        hits += scores_hit(self.faces[rolls[0] - 1], self.range, self.boat)
        if thrown + 1 < self.stages:
            return (thrown + 1, hits), self.going
        return (thrown + 1, hits), f"{hits} hit{'s' if hits != 1 else ''}"

    def events(self, chances: dict) -> dict:
        miss = sum((p for r, p in chances.items() if _hits(r) == 0), Fraction(0))
        return {"any hit": _chance(1 - miss)}

    def tables(self, chances: dict) -> list[dict]:
        """Damage cards by kind, one table a kind: the chance of each count, and the expected count."""
        if self.boat or not self.pile:
            return []
        size = sum(n for _, n in self.pile)
        out = []
        for kind, n in self.pile:
            dist: dict[int, Fraction] = {}
            for result, p in chances.items():
                drawn = min(_hits(result), size)
                for k in range(max(0, drawn - (size - n)), min(drawn, n) + 1):
                    dist[k] = dist.get(k, Fraction(0)) + p * Fraction(comb(n, k) * comb(size - n, drawn - k),
                                                                         comb(size, drawn))
            out.append({"title": f"{kind} cards ({n} of the {size} in {self.target}'s pile, drawn without putting "
                                 "back)",
                        "rows": [{"result": f"{k} {kind}", **_chance(dist[k])} for k in sorted(dist)],
                        "expected": {kind: str(sum((k * q for k, q in dist.items()), Fraction(0)))}})
        return out


def _hits(result: str) -> int:
    return int(result.split()[0])


def _chance(p: Fraction) -> dict:
    return {"chance": str(p), "percent": round(100 * float(p), 2)}


def pile_kinds(ship: dict, tables) -> tuple:
    """The ship's pile as (kind, cards) pairs, kinds in the order the deck first lists them."""
    by_id = C.cards_by_id(C.deck_table(ship, tables))
    out: dict[str, int] = {}
    for cid, n in ship["deck"].items():
        if n:
            kind = by_id[cid]["kind"] if _tells(ship, by_id[cid], tables) else "no effect"
            out[kind] = out.get(kind, 0) + n
    order = [c["kind"] for c in C.deck_table(ship, tables)["cards"]] + ["no effect"]
    return tuple(sorted(out.items(), key=lambda kv: order.index(kv[0])))


def _tells(ship: dict, card: dict, tables) -> bool:
    """Whether the card does anything to this ship as she is (a BOW GUN card to a ship with no bow gun
    does nothing: "temporary damage cards for items you either don't have, or have had destroyed", L274-275)."""
    if card["kind"] == "none":
        return True
    trial = copy.deepcopy(ship)
    step = C.apply_card(trial, card, _tool_facing(trial), 0, tables)
    return ": no effect;" not in step.value


def fire_chain(f: dict, tables, state: dict | None = None) -> HitsChain:
    target = (state or {}).get("ships", {}).get(f["target"])
    pile = pile_kinds(target, tables) if target and not f["boat"] else ()
    return HitsChain(f["guns"], tuple(tables["fire"]["faces"]), f["range"], bool(f["boat"]), pile=pile,
                     target=target["name"] if target else "")


def fire_check(state: dict, firer: str, target: str, opts: dict, tables) -> dict:
    """Refuse fire the rules forbid; return what the resolution needs."""
    ship = state["ships"][firer]
    S.afloat(ship, "fire")
    side = S.boat_id(str(opts.get("side") or ""))
    battery = side if side in S.GUN_BOATS else battery_word(opts.get("side", ""))
    rng = whole(opts.get("range"), "range")
    boat = target.split("/", 1)[1] if "/" in target else ""
    tid = target.split("/", 1)[0]
    if tid == firer:
        raise BadInput(f"{ship['name']} cannot fire at herself")
    simultaneous = ""
    if S.record(ship, "fired").get(battery) == state["turn"]:
        raise Refused(f"{ship['name']}: her {battery} {'gun' if battery in S.GUN_BOATS else 'battery'} has fired "
                      "this move: one die a gun, all the battery's guns at one target (Gunnery)")
    if battery in S.GUN_BOATS:
        guns = _boat_gun(ship, battery, tables)
    else:
        if ship["no_fire_turn"] == state["turn"]:
            raise Refused(f"{ship['name']}: her gunner was killed last move: \"No Fire Next Move\" (GUNNER card)")
        start = S.at_fire_start(state, firer)
        if (start["gunner"] if start else S.pos(ship, "gunner")) == 0:
            raise Refused(f"{ship['name']}: firing needs a crewman in the Gunner position (Gunnery)")
        guns = start["guns"][battery] if start else S.manned_guns(ship, battery)
        now = (S.manned_guns(ship, battery), S.pos(ship, "gunner"))
        if start and (guns, start["gunner"]) != now:
            simultaneous = (f"{guns} gun(s) manned and {start['gunner']} gunner as this move's firing began "
                            f"({now[0]} and {now[1]} now): the move's losses tell from the next move")
    if guns == 0:
        raise Refused(f"{ship['name']}: no manned gun fit to fire in the {battery} battery "
                      f"({S.guns_fit(ship)[battery]} fit, {S.pos(ship, battery)} figures at the guns)")
    manned = guns
    if opts.get("guns") not in (None, ""):
        guns = whole(opts["guns"], "guns")
        if guns > manned:
            raise Refused(f"{ship['name']}: --guns {guns}, but her {battery} {'gun' if battery in S.GUN_BOATS else 'battery'}"
                          f" has {manned} manned gun(s) fit to fire")
    reach = max(f for f in tables["fire"]["faces"] if f != "X")
    if rng > reach:
        raise Refused(f"range {rng}: no fire die reaches beyond {reach} (the faces are 1 2 3 4 8 X): the "
                      f"{battery} holds her fire (Gunnery)")
    if boat:
        b = state["ships"][tid]["boats"].get(boat)
        if b is None or b["state"] != "launched":
            raise Refused(f"{target}: {state['ships'][tid]['name']} has no {boat} afloat")
        if opts.get("cards"):
            raise BadInput("--cards: a hit on a boat kills one of her crew; no damage card is drawn")
    facing = (opts.get("facing") or "").lower()
    if facing:
        facing = battery_word(facing)
        if facing not in ("port", "starboard"):
            raise BadInput(f"facing {facing!r}: the target's broadside facing the firer is port or starboard")
    return {"battery": battery, "range": rng, "target": tid, "boat": boat, "guns": guns, "facing": facing,
            "simultaneous": simultaneous, "manned": manned}


def _boat_gun(ship: dict, boat: str, tables) -> int:
    """The gun of a launched cutter or launch (L305-310), served by her own crew: the Gunnery rule's
    "a crewman in a Gun position, and a crewman in the Gunner position" (L208) read as two of her
    crew figures (`fire.boat_gun_crew`, docs/rulings.md). The ship's GUNNER card does not stop it."""
    b = ship["boats"].get(boat)
    if b is None:
        raise Refused(f"{ship['name']} carries no {boat} (her boats: {', '.join(ship['boats']) or 'none'})")
    if not b.get("gun"):
        raise Refused(f"{ship['name']}'s {boat} carries no gun (ship add --boat-gun {boat}, or two repairs "
                      f"of gun:{boat} during the game)")
    if b["state"] != "launched":
        raise Refused(f"{ship['name']}'s {boat} is {b['state']}: her gun fires once she is launched")
    need = tables["fire"]["boat_gun_crew"]
    if b["crew"] < need:
        raise Refused(f"{ship['name']}'s {boat} has {b['crew']} crew: her gun needs {need}, one at the gun and "
                      "one as gunner (Gunnery; house ruling fire.boat_gun_crew)")
    return 1


def resolve_fire(state: dict, firer: str, f: dict, faces: list, opts: dict, tables) -> Resolution:
    ship = state["ships"][firer]
    hits = sum(scores_hit(x, f["range"], bool(f["boat"])) for x in faces)
    who = (f"the {f['battery']}'s gun" if f["battery"] in S.GUN_BOATS
           else f"{f['guns']} manned gun(s) of the {f['battery']} battery")
    if f.get("manned", f["guns"]) != f["guns"]:
        who += f" ({f['guns']} of her {f['manned']} manned, as the player says: \"with how many guns\", L104-105)"
    steps = [Step("fire dice", f"{who}: {' '.join(map(str, faces))}", GUNNERY),
             Step("hits", f"{hits} at range {f['range']} ({'exactly the range' if f['boat'] else 'the range or more'}"
                  " hits; X misses)", GUNNERY)]
    if f.get("simultaneous"):
        steps.insert(0, Step("simultaneous fire", f["simultaneous"], f"{TEXT}, Outline of a Game (L102-107); "
                             "Damage Cards, GUNNER \"No Fire Next Move\" (docs/rulings.md)"))
    if f["boat"]:
        effects, more, cards = _hit_boat(state, f, hits)
    else:
        effects, more, cards = _hit_ship(state, f, hits, opts, tables)
    target = state["ships"][f["target"]]["name"] + (f"'s {f['boat']}" if f["boat"] else "")
    effects = effects + [set_(["ships", firer, "fired"], {**S.record(ship, "fired"), f["battery"]: state["turn"]})]
    shooter = (f"{ship['name']}'s {f['battery']} fires her gun" if f["battery"] in S.GUN_BOATS
               else f"{ship['name']} fires {f['guns']} gun(s)")
    return Resolution("fire", f"{shooter} at {target}: {hits} hit(s)", effects,
                      steps + more, {"ship": firer, "side": f["battery"], "at": f["target"], "boat": f["boat"] or None,
                                     "rolls": faces, "hits": hits, "cards": cards})


def _hit_boat(state: dict, f: dict, hits: int):
    owner = copy.deepcopy(state["ships"][f["target"]])
    boat = owner["boats"][f["boat"]]
    killed = min(hits, boat["crew"])
    boat["crew"] -= killed
    owner["crew"] -= killed
    owner["casualty_box"]["crew"] += killed
    steps = [Step("boat", f"each hit kills one of its crew: {killed} killed, {boat['crew']} left",
                  f"{TEXT}, Ships Boats (L313-315)")]
    if boat["crew"] == 0:
        boat["state"] = "destroyed"
        steps.append(Step("boat", "all its crew are killed: the boat is destroyed", f"{TEXT}, Ships Boats (L314-315)"))
    return ship_changes(state["ships"][f["target"]], owner), steps, []


def _hit_ship(state: dict, f: dict, hits: int, opts: dict, tables):
    old = state["ships"][f["target"]]
    target = copy.deepcopy(old)
    deck = C.deck_table(target, tables)
    if opts.get("cards"):
        ids = C.typed(target, opts["cards"], hits, deck)
        how = "typed"
    else:
        ids = C.draw(target, hits, state.get("seed", 0))
        how = f"drawn from the pile ({sum(target['deck'].values())} cards)"
    if not hits:
        return [], [], []
    facing = f["facing"] or _tool_facing(target)
    C.take(target, ids)
    steps = [Step("damage cards", f"{len(ids)} {how}: {', '.join(ids)}", f"{TEXT}, Damage (L269)")]
    if not f["facing"] and any(C.cards_by_id(deck)[c].get("battery") == "broadside" for c in ids):
        steps.append(Step("facing", f"gun cards land on the {facing} battery (more guns fit; --facing to choose)",
                          "docs/rulings.md"))
    by_id = C.cards_by_id(deck)
    for cid in ids:
        steps.append(C.apply_card(target, by_id[cid], facing, state["turn"], tables))
    return ship_changes(old, target), steps, ids


def _tool_facing(ship: dict) -> str:
    fit = S.guns_fit(ship)
    return "starboard" if fit["starboard"] > fit["port"] else "port"


# --- ramming and collisions --------------------------------------------------------

def ram_check(state: dict, ship: str, other: str) -> None:
    a, b = state["ships"][ship], state["ships"][other]
    if ship == other:
        raise BadInput(f"{a['name']} cannot ram herself")
    S.afloat(a, "ram")
    if b["state"] != "active":
        raise Refused(f"{b['name']} {has_state(b['state'])}")


def resolve_ram(state: dict, ship: str, other: str, rolls: tuple[int, ...], kind: str, tables) -> Resolution:
    """A ram or collision: each ship takes 1D6 damage cards; 2 in 6 they are entangled (L232-234, L360-361).
    Running alongside: no damage, the entangling die only (`rolls` is then that one die)."""
    if kind == "alongside":
        rolls = (0, 0, rolls[0])
    src = f"{TEXT}, Ramming, Collisions and Running Alongside (L224-234); Rule Summary (L359-361)"
    effects, steps, cards = [], [], {}
    for sid, n in ((ship, rolls[0]), (other, rolls[1])):
        old = state["ships"][sid]
        new = copy.deepcopy(old)
        effects.append(new)
        if kind == "alongside":
            continue
        ids = C.draw(new, n, state.get("seed", 0))
        C.take(new, ids)
        steps.append(Step(f"{old['name']} damage", f"1D6 = {n}: {len(ids)} card(s): {', '.join(ids)}", src))
        by_id = C.cards_by_id(C.deck_table(new, tables))
        for cid in ids:
            steps.append(C.apply_card(new, by_id[cid], _tool_facing(new), state["turn"], tables))
        cards[sid] = ids
    chance = tables["chances"]["entangle"]
    tangled = rolls[2] <= chance
    steps.append(Step("entangled", f"{rolls[2]}: {'entangled' if tangled else 'not entangled'} ({chance} or less; "
                      "cut free by a repair)", src))
    a, b = effects
    if tangled:
        a["entangled"] = sorted(set(a.get("entangled", [])) | {other})
        b["entangled"] = sorted(set(b.get("entangled", [])) | {ship})
    out = ship_changes(state["ships"][ship], a) + ship_changes(state["ships"][other], b)
    names = state["ships"][ship]["name"], state["ships"][other]["name"]
    return Resolution("ram", f"{names[0]} and {names[1]}: {kind}, {rolls[0]} and {rolls[1]} damage"
                      f"{', entangled' if tangled else ''}", out, steps,
                      {"ship": ship, "at": other, "kind": kind, "damage": {ship: rolls[0], other: rolls[1]},
                       "cards": cards, "entangled": tangled, "entangle_chance": chance})


# --- two ships in one square -----------------------------------------------------------

def meet_chances(state: dict, ship: str, other: str, speeds: tuple[int, int], tables) -> list[tuple[str, int]]:
    """(who, chances) in the order the die's faces are read: each ship her speed, +1 trained, -1 dreadful,
    then 1 chance of a collision (L186-191, L359-360)."""
    mods = tables["crew"]["fight_modifier"]
    out = []
    for sid, speed in zip((ship, other), speeds):
        if speed < 0:
            raise BadInput(f"speed {speed}: give the squares the ship moved this move, 0 or more")
        out.append((sid, max(0, speed + mods[state["ships"][sid]["quality"]])))
    return out + [("collision", tables["chances"]["collision"])]


def resolve_meet(state: dict, chances: list[tuple[str, int]], roll: int) -> Resolution:
    src = f"{TEXT}, Movement (L186-191); Ramming (L226-230); Rule Summary, Ramming (L359-360)"
    total = sum(n for _, n in chances)
    upto, winner = 0, "collision"
    for who, n in chances:
        upto += n
        if roll <= upto:
            winner = who
            break
    names = {sid: state["ships"][sid]["name"] for sid, _ in chances if sid != "collision"}
    faces = ", ".join(f"{names.get(w, w)} {n}" for w, n in chances)
    says = "they collide" if winner == "collision" else f"{names[winner]} decides the final placement"
    steps = [Step("chances", f"{faces} (a die of {total})", src), Step("roll", f"{roll}: {says}", src)]
    return Resolution("meet", says, [], steps, {"ships": list(names), "chances": dict(chances), "faces": total,
                                                "decides": None if winner == "collision" else winner,
                                                "collision": winner == "collision"})


# --- running down boats -----------------------------------------------------------------

def run_down_chance(state: dict, ship: str, target: str, speed: int, tables) -> tuple[int, list[Step]]:
    """Chances in 6 that a ship sailing through a boat's square runs it down (L318-321, L363-364)."""
    owner, boat = boarder(target)
    a = state["ships"][ship]
    S.afloat(a, "run a boat down")
    if not boat:
        raise BadInput(f"run-down --at {target!r}: name the boat as SHIP/BOAT, e.g. royal-fortune/gig")
    if owner == ship:
        raise BadInput(f"{a['name']} cannot run down her own boat")
    b = state["ships"][owner]["boats"].get(boat)
    if b is None or b["state"] != "launched":
        raise Refused(f"{state['ships'][owner]['name']} has no {boat} afloat")
    if speed < 0:
        raise BadInput(f"speed {speed}: give the ship's speed this move, 0 or more")
    mods = tables["crew"]["fight_modifier"]
    mine, theirs = mods[a["quality"]], mods[state["ships"][owner]["quality"]]
    chance = max(0, min(6, speed + mine - theirs))
    src = f"{TEXT}, Ships Boats (L318-321); Rule Summary (L363-364)"
    return chance, [Step("chance", f"speed {speed}, {a['name']}'s crew {mine:+d}, the boat's crew {-theirs:+d}: "
                         f"{chance} in 6", src)]


def resolve_run_down(state: dict, ship: str, target: str, chance: int, steps: list[Step], roll: int) -> Resolution:
    owner, boat = boarder(target)
    old = state["ships"][owner]
    new = copy.deepcopy(old)
    hit = roll <= chance
    src = f"{TEXT}, Ships Boats (L320-321)"
    steps = steps + [Step("roll", f"{roll}: {'run down' if hit else 'missed'} ({chance} or less)", src)]
    if hit:
        new["boats"][boat]["state"] = "run-down"
        steps.append(Step("boat", "lost; her crew board at once and cannot retreat (board "
                          f"{owner}/{boat} --at {ship})", src))
    name = f"{old['name']}'s {boat}"
    return Resolution("run-down", f"{state['ships'][ship]['name']} {'runs down' if hit else 'misses'} {name}",
                      ship_changes(old, new), steps, {"ship": ship, "at": target, "chance": chance,
                                                      "run_down": hit})


# --- marines in the rigging ------------------------------------------------------

def marines_check(state: dict, firer: str, target: str, rng: int, tables) -> int:
    ship = state["ships"][firer]
    S.afloat(ship, "fire her marines")
    if ship.get("marines_fired") == state["turn"]:
        raise Refused(f"{ship['name']}'s marines have fired this move (Marines; Rule Summary, move sequence)")
    if target == firer:
        raise BadInput(f"{ship['name']}'s marines cannot fire at their own ship")
    reach = tables["chances"]["marines_range"]
    if rng != reach:
        raise Refused(f"marines in the rigging fire at a range of {reach} square only (range {rng})")
    start = S.at_fire_start(state, firer)
    n = start["marines_rigging"] if start else S.pos(ship, "marines_rigging")
    if n == 0:
        raise Refused(f"{ship['name']} has no marines in the rigging")
    return n


def resolve_marines(state: dict, firer: str, target: str, rolls: tuple[int, ...], tables) -> Resolution:
    chance = tables["chances"]["marines_kill"]
    old = state["ships"][target]
    ship = copy.deepcopy(old)
    kills = sum(1 for r in rolls if r <= chance)
    killed = sum(1 for _ in range(kills) if C.kill_crew(ship, "rigging", tables, idle_ok=False)
                 or C.kill_crew(ship, "deck", tables, idle_ok=False))
    src = f"{TEXT}, Marines (L216-220); Rule Summary (L379)"
    steps = [Step("marines", f"{len(rolls)} dice: {' '.join(map(str, rolls))}; {chance} in 6 each "
                  f"({chance} or less kills)", src),
             Step("killed", f"{killed} crewman(men) of {old['name']} in the rigging or on deck", src)]
    fired = set_(["ships", firer, "marines_fired"], state["turn"])
    return Resolution("marines", f"marines of {state['ships'][firer]['name']} kill {killed}",
                      ship_changes(old, ship) + [fired], steps, {"ship": firer, "at": target, "kills": killed,
                                                        "chance": chance})


# --- boarding --------------------------------------------------------------------

def fighters(ship: dict, first: bool, boat: str = "") -> list[tuple[str, str]]:
    """(position, 'crew'|'marine') for each figure that fights: crew first, then marines (L238-240, L262-264);
    from a boat, its crew (L312-313)."""
    if boat:
        return [(f"boat:{boat}", "crew")] * ship["boats"][boat]["crew"]
    crew = ["fighting"] + (["repair", "helm", "stays"] if first else [])
    out = [(p, "crew") for p in crew for _ in range(S.pos(ship, p))]
    return out + [("marines", "marine") for _ in range(S.pos(ship, "marines"))]


def defenders(ship: dict, first: bool, tables) -> list[tuple[str, str]]:
    """The boarded ship's figures that fight: her Fighting Crew and deck Marines (with Repair, Helm and
    Stays in the first move); when none are left, "the crew on deck at the time" (L262): every figure on
    a deck position, the ones that keep her from surrendering (L264-265; docs/rulings.md)."""
    out = fighters(ship, first)
    if out:
        return out
    return [(p, "marine" if p in S.MARINE_POSITIONS else "crew") for p in tables["panel"]["on_deck"]
            for _ in range(S.pos(ship, p))]


def first_move(defender: dict, attacker: str, turn: int) -> bool:
    """The move the ship is boarded: no boarding by the same ship in this move or the last one."""
    rec = defender["boarding"].get(attacker)
    return rec is None or rec["last"] < turn - 1 or rec["first"] == turn


def boarder(text: str) -> tuple[str, str]:
    """'ship' or 'ship/boat': the ship, and the boat her boarders come from ('' for the ship herself)."""
    sid, _, boat = text.partition("/")
    return sid, boat


def board_check(state: dict, attacker: str, defender: str) -> None:
    sid, boat = boarder(attacker)
    a, d = state["ships"][sid], state["ships"][defender]
    if sid == defender:
        raise BadInput(f"{a['name']} cannot board herself")
    if boat:
        b = a["boats"].get(boat)
        if b is None or b["state"] not in ("launched", "run-down") or not b["crew"]:
            raise Refused(f"{a['name']} has no {boat} afloat with a crew to board from")
    else:
        S.afloat(a, "board")
    if d["state"] != "active":
        raise Refused(f"{d['name']} {has_state(d['state'])}: there is no one to fight")
    if (d["boarding"].get(attacker) or {}).get("last") == state["turn"]:
        raise Refused(f"{d['name']} has been boarded from {attacker} this move: one round of fighting a move, as in "
                      "the example's Move 1, Move 2, Move 3 (Boarding)")
    if not fighters(a, False, boat):
        raise Refused(f"{a['name']} has no Fighting Crew or deck Marines to board with")


def scores(figures, rolls, mods: dict) -> list[tuple[int, int, int]]:
    """(score, marine first on a tie, place in the typed order) for each figure, best first."""
    out = []
    for i, ((_, kind), roll) in enumerate(zip(figures, rolls)):
        bonus = mods["quality"] + (mods["marine"] if kind == "marine" else 0)
        out.append((roll + bonus, 0 if kind == "marine" else 1, i))
    return sorted(out, key=lambda t: (-t[0], t[1], t[2]))


def line_up(a: list, d: list) -> tuple[list[int], list[int]]:
    """Highest against highest: each die beaten by the one it meets is a casualty; ties and surplus do nothing."""
    lost_a, lost_d = [], []
    for x, y in zip(a, d):
        if x[0] < y[0]:
            lost_a.append(x[2])
        elif y[0] < x[0]:
            lost_d.append(y[2])
    return lost_a, lost_d


def resolve_board(state: dict, attacker: str, defender: str, a_rolls, d_rolls, tables) -> Resolution:
    turn = state["turn"]
    sid, boat = boarder(attacker)
    old_a, old_d = state["ships"][sid], state["ships"][defender]
    a, d = copy.deepcopy(old_a), copy.deepcopy(old_d)
    first = first_move(d, attacker, turn)
    fa, fd = fighters(a, False, boat), defenders(d, first, tables)
    crew = tables["crew"]
    sa = scores(fa, a_rolls, {"quality": crew["fight_modifier"][a["quality"]], "marine": crew["fight_bonus"]["marine"]})
    sd = scores(fd, d_rolls, {"quality": crew["fight_modifier"][d["quality"]], "marine": crew["fight_bonus"]["marine"]})
    lost_a, lost_d = line_up(sa, sd)
    src = f"{TEXT}, Boarding (L236-265); Rule Summary, Fighting (L375-377)"
    who = f"{a['name']}'s {boat}" if boat else a["name"]
    steps = [Step(who, f"{len(fa)} fighters: {_dice(sa)}", src),
             Step(d["name"], f"{len(fd)} fighters{_joined(d, first)}: {_dice(sd)}", src)]
    loss_a, loss_d = _casualties(a, fa, lost_a), _casualties(d, fd, lost_d)
    rec = d["boarding"].get(attacker)
    d["boarding"][attacker] = {"first": turn if first else rec["first"], "last": turn}
    steps.append(Step("casualties", f"{who} {_count(loss_a)}, {d['name']} {_count(loss_d)}", src))
    surrendered = _on_deck(d, tables) == 0
    if surrendered:
        d["state"] = "surrendered"
        steps.append(Step(d["name"], "no crew left alive on deck: she surrenders", f"{TEXT}, Boarding (L264-265)"))
    return Resolution("board", f"{who} boards {d['name']}: {who} loses {_count(loss_a)}, {d['name']} "
                      f"{_count(loss_d)}",
                      ship_changes(old_a, a) + ship_changes(old_d, d), steps,
                      {"ship": sid, "boat": boat or None, "at": defender, "first_move": first,
                       "scores": {"attacker": [s[0] for s in sa], "defender": [s[0] for s in sd]},
                       "attacker_losses": loss_a, "defender_losses": loss_d, "surrendered": surrendered})


def _dice(scores_: list) -> str:
    """Scores highest first, a marine's marked M (the text prints the Marine dice in bold, L248-249)."""
    return " ".join(f"{s[0]}{'M' if s[1] == 0 else ''}" for s in scores_)


def _joined(ship: dict, first: bool) -> str:
    if not fighters(ship, first):
        return " (no Fighting Crew or Marines left: the crew on deck fight)"
    return " (first move: Repair, Helm and Stays join in)" if first else ""


def _casualties(ship: dict, figures, lost: list[int]) -> dict:
    out = {"crew": 0, "marines": 0}
    for i in lost:
        position, kind = figures[i]
        key = "marines" if kind == "marine" else "crew"
        if position.startswith("boat:"):
            boat = ship["boats"][position[5:]]
            boat["crew"] -= 1
            if boat["crew"] == 0:
                boat["state"] = "destroyed"
        else:
            ship["positions"][position] -= 1
        ship[key] -= 1
        ship["casualty_box"][key] += 1
        out[key] += 1
    return out


def _count(loss: dict) -> str:
    """'2 crew', '1 marine', '2 crew and 2 marines', 'none'."""
    parts = [f"{loss['crew']} crew"] if loss["crew"] else []
    if loss["marines"]:
        parts.append(f"{loss['marines']} marine{'s' if loss['marines'] > 1 else ''}")
    return " and ".join(parts) or "none"


def _on_deck(ship: dict, tables) -> int:
    return S.figures_placed(ship, tables["panel"]["on_deck"])


def board_rolls(text: str, count: int, who: str) -> tuple[int, ...]:
    parts = [p for p in str(text).replace(",", " ").split() if p]
    if not all(p.isascii() and p.isdigit() and 1 <= int(p) <= 6 for p in parts):
        raise BadInput(f"{who} rolls {text!r}: each die shows 1 to 6")
    if len(parts) != count:
        raise BadInput(f"{who} rolls {text!r}: {count} dice are needed, one per fighter (crew first, then "
                       f"marines); got {len(parts)}")
    return tuple(int(p) for p in parts)
