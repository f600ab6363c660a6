"""Speed and tacking (Movement L115-191, Tacking L193-204, Rule Summary L348-357)."""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.core.state import Resolution, Step, set_
from umpire.rules.grid import cards as C
from umpire.rules.grid import ship as S

TEXT = "square-grid-crew-counter-rules.txt"
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
SAIL_WORDS = {"mainsail": "main", "all-sails": "all", "no-sail": "none", "topsails": "topsail", "reef": "reefed"}


def sail_index(tables, text: str) -> int:
    settings = tables["movement"]["settings"]
    key = SAIL_WORDS.get((text or "").strip().lower(), (text or "").strip().lower())
    if key not in settings:
        raise BadInput(f"sail {text!r}: use one of {', '.join(settings)}")
    return settings.index(key)


def current_sail(ship: dict, given: str | None, doing: str) -> str:
    """The sail setting typed, else the one the ship shows (`sail`); bad input when neither is known."""
    if given:
        return given
    if ship.get("sail"):
        return ship["sail"]
    raise BadInput(f"{doing}: {ship['name']} shows no sail setting yet: give --sail anchor|none|reefed|main|topsail|all, "
                   f"or set it with `umpire sail {ship['id']} --set SETTING`")


def set_sail(ship: dict, tables, text: str) -> Resolution:
    """Move the Sail Status Indicator (L96-97, L339): the first setting shown is the ship's setting as the
    game starts; any change after that needs crew in every rigging position (L170-171, L352), and
    leaving Anchor needs a capstan not hit ("CAPSTAN Hit, Cannot raise Anchor", L587-592)."""
    S.afloat(ship, "change sail")
    settings, names = tables["movement"]["settings"], tables["movement"]["setting_names"]
    new = settings[sail_index(tables, text)]
    old = ship.get("sail") or ""
    src = f"{TEXT}, Movement (L170-171); Rule Summary, Movement (L352)"
    if new == old:
        raise Refused(f"{ship['name']} already shows {names[settings.index(new)]}: there is no change to make")
    steps = []
    if old:
        rigging = S.pos(ship, "rigging")
        if rigging < ship["rigging_positions"]:
            raise Refused(f"{ship['name']}: to add or reduce sail she needs crew in all {ship['rigging_positions']} "
                          f"rigging positions ({rigging} manned) (Movement)")
        steps.append(Step("rigging", f"all {ship['rigging_positions']} rigging positions manned", src))
        if old == "anchor" and S.marked_with(ship, "capstan"):
            raise Refused(f"{ship['name']}: her capstan is hit (CAPSTAN card): she cannot raise her anchor")
        if old == "anchor":
            steps.append(Step("anchor", "raised (the capstan is not hit)", f"{TEXT}, Damage Cards, CAPSTAN (L587-592)"))
        what = f"{names[settings.index(old)]} to {names[settings.index(new)]}"
    else:
        steps.append(Step("first setting", "the setting she shows as the game starts (no change, no crew needed)",
                          f"{TEXT}, Outline of a Game (L96-97)"))
        what = names[settings.index(new)]
    steps.append(Step("sail marker", what, src))
    return Resolution("sail", f"{ship['name']}: {what}", [set_(["ships", ship["id"], "sail"], new)], steps,
                      {"ship": ship["id"], "sail": new, "was": old or None})


def point_of_sailing(heading: str, wind_from: str) -> str:
    """'reach' for the headings either side of the wind's eye, 'other' for the rest (L129-135)."""
    try:
        h, w = COMPASS.index(heading.strip().upper()), COMPASS.index(wind_from.strip().upper())
    except ValueError:
        raise BadInput(f"heading {heading!r} and wind {wind_from!r}: use compass points "
                       f"{' '.join(COMPASS)}") from None
    rel = (h - w) % 8
    if rel == 0:
        raise Refused(f"heading {heading.upper()} is straight into a wind from {wind_from.upper()}: "
                      "\"you cannot sail directly into the wind\" (Movement)")
    return "reach" if rel in (1, 7) else "other"


def into_wind(heading: str, wind_from: str) -> bool:
    """Her head straight into the wind (bad input for a heading that is no compass point)."""
    try:
        return COMPASS.index(heading.strip().upper()) == COMPASS.index(wind_from.strip().upper())
    except ValueError:
        raise BadInput(f"heading {heading!r} and wind {wind_from!r}: use compass points "
                       f"{' '.join(COMPASS)}") from None


HALT = f"{TEXT}, Movement (L161-166)"


def halt_into_wind(ship: dict, tables, sail: int, heading: str) -> Step:
    """A ship turned into the wind is halted when she has only her mainsail or less set (L161-164);
    with more sail set the text's "you cannot sail directly into the wind" (L133) refuses it."""
    main = tables["movement"]["settings"].index("main")
    if sail > main:
        names = tables["movement"]["setting_names"]
        raise Refused(f"{ship['name']} heading {heading.upper()} is straight into the wind at {names[sail]}: \"you "
                      "cannot sail directly into the wind\"; a ship turned into the wind is halted only with her "
                      "Mainsail or less set (Movement)")
    return Step("halted", "turned into the wind with her Mainsail or less set: she does not move this move but "
                "turns in place one heading downwind; the next move at 0 she turns again and drifts 1 square "
                "downwind; once facing downwind she drifts 1 square a move", HALT)


def hull_rows(ship: dict, tables) -> tuple[int, Step | None]:
    """Complete rows of hull damage (L284-285); the rows are the 1st Rate's panel drawing (L517-520),
    cut to the ship's boxes (docs/rulings.md, `panel.hull_rows`)."""
    if ship["hull_damage"] == 0:
        return 0, None
    key = "panel.hull_rows"
    if tables.strict and key not in tables.rulings:
        raise BadInput(f"the text draws hull rows only for the 1st Rate: set the ruling {key} "
                       f"(`umpire rulings set {key} \"[4, 10, 10, 4]\"`)")
    sizes = S.hull_row_sizes(ship["hull_boxes"], tables["panel"]["hull_rows"])
    rows = S.complete_rows(ship["hull_damage"], sizes)
    return rows, Step("hull rows", f"{ship['hull_damage']} boxes crossed, rows of {' + '.join(map(str, sizes))} "
                      f"crossed first row first: {rows} complete row(s)", S.cite(tables, "panel", "hull_rows", f"{TEXT}, Damage (L284-285); Ship Control Panel (L515-520); docs/rulings.md"))


def allowance(ship: dict, tables, sail: int, point: str) -> tuple[int, int, list[Step]]:
    """Squares this move, the sail setting the ship sails at, and the working."""
    mv = tables["movement"]
    names, steps = mv["setting_names"], []
    eff = sail
    if sail >= 2:
        lost = S.sails_lost(ship) // mv["sails_per_setting"]
        rows, step = hull_rows(ship, tables)
        if lost:
            steps.append(Step("sails lost", f"{S.sails_lost(ship)} sail(s): {lost} setting(s) lower",
                              f"{TEXT}, Damage (L284-286)"))
        if step:
            steps.append(step)
        eff = max(1, sail - lost - rows)
        if point == "reach":
            eff = max(1, eff - mv["reach_lower"])
            steps.append(Step("reaching", f"{mv['reach_lower']} sail settings lower", f"{TEXT}, Movement (L133-135)"))
    row = mv["classes"][ship["movement"]]
    squares = row[eff]
    if squares < 0:
        raise Refused(f"class {ship['movement']} at {names[eff]}: the text gives no speed (its M Class row keeps "
                      f"only Anchor and No Sail); give it with the ruling movement.classes.{ship['movement']}")
    steps.append(Step(f"class {ship['movement']} at {names[eff]}", f"{squares} square{'s' if squares != 1 else ''}",
                      S.cite(tables, "movement", f"classes.{ship['movement']}",
                                 f"{TEXT}, Sail Status Indicators, {ship['movement']} Class Movement (L455-499)")))
    return squares, eff, steps


def speed(ship: dict, tables, sail_text: str, point: str, spill: bool = False) -> Resolution:
    """The squares a ship may move this move (`speed`); `spill`: spilling wind, one square less, which
    needs a crew figure on the Stays (L170-172, L351)."""
    sail = sail_index(tables, sail_text)
    if point not in ("reach", "other"):
        raise BadInput(f"point {point!r}: use reach or other (or give --heading and --wind-from)")
    squares, eff, steps = allowance(ship, tables, sail, point)
    if spill:
        if S.pos(ship, "stays") == 0:
            raise Refused(f"{ship['name']}: spilling wind needs a crew figure in the Stays position (Movement)")
        squares = max(0, squares - 1)
        steps.append(Step("spilling wind", f"1 less than the sail setting gives: {squares}",
                          f"{TEXT}, Movement (L170-172); Rule Summary (L351)"))
    if S.mainmast_down(ship):
        squares = 0
        steps.append(Step("MAINMAST shot away", "the ship stops and turns downwind until cut free: 0 squares",
                          f"{TEXT}, Damage Cards (L577-581); Movement (L161-166)"))
    for name, need in (("helm", "to turn or keep a straight line (else she turns downwind)"),
                       ("stays", "to turn or spill wind")):
        if S.pos(ship, name) == 0:
            steps.append(Step(f"no crew on {name.title()}", f"needed {need}", f"{TEXT}, Movement (L168-172)"))
    by_id = C.cards_by_id(C.deck_table(ship, tables))
    for cid in S.held_ids(ship):            # RUDDER and WHEEL cards: what she may not do until repaired
        card = by_id.get(cid, {})
        if S.card_effect(ship, cid) in ("steering", "rudder", "wheel"):
            steps.append(Step(f"card {cid}", f"{card['title']} {card['text']}", C.deck_table(ship, tables)["source"]))
    if squares == 0 and tables["movement"]["settings"][sail] != "anchor":
        steps.append(Step("halted", "she does not move but turns in place one heading downwind; the next move at 0 "
                          "she turns again and drifts 1 square downwind; once facing downwind she drifts 1 square "
                          "a move", f"{TEXT}, Movement (L161-166)"))
    names = tables["movement"]["setting_names"]
    return Resolution("speed", f"{ship['name']}: {squares} square{'s' if squares != 1 else ''}", [], steps,
                      {"ship": ship["id"], "allowance": squares, "point": point,
                       "effective_sail": tables["movement"]["settings"][eff], "effective_sail_name": names[eff]})


def boat_speed(ship: dict, boat: str, turn: int, tables) -> Resolution:
    """A launched boat: 3 squares a move for its first 5 moves, then 1 (L304-305, L381)."""
    b = ship["boats"].get(boat)
    if b is None:
        raise BadInput(f"{ship['name']} carries no {boat} (her boats: {', '.join(ship['boats']) or 'none'})")
    if b["state"] != "launched":
        raise Refused(f"{ship['name']}'s {boat} is {b['state']}, not launched")
    bt = tables["movement"]["boats"]
    moves = turn - b["launched_turn"]
    squares = bt["fast_squares"] if moves <= bt["fast_moves"] else bt["slow_squares"]
    step = Step("boat", f"move {moves} since launch: {squares} squares", S.cite(tables, "movement", "boats", f"{TEXT}, Ships Boats (L304-305); Rule Summary (L381)"))
    return Resolution("speed", f"{ship['name']}'s {boat}: {squares} squares", [], [step],
                      {"ship": ship["id"], "boat": boat, "allowance": squares, "moves_since_launch": moves})


def tack_chance(ship: dict, tables) -> tuple[int, list[Step]]:
    """Chances in 6 that a tack fails: by crew quality, +1 for each FOREMAST or BOWSPRIT card."""
    base = tables["crew"]["tack_fail"][ship["quality"]]
    steps = [Step("crew", f"{ship['quality']}: {base} in 6 to fail", S.cite(tables, "crew", "tack_fail", f"{TEXT}, Tacking (L200-204)"))]
    cards = S.marked_with(ship, "spar-tack")
    extra = len(cards) * tables["chances"]["tack_card_penalty"]
    if extra:
        steps.append(Step("-1 to Tack Chance", f"{', '.join(cards)}: +{extra}",
                          S.cite(tables, "chances", "tack_card_penalty", f"{TEXT}, Damage Cards, BOWSPRIT, FOREMAST (L548-581)")))
    return min(6, base + extra), steps


def no_helm(ship: dict) -> str:
    """Why she cannot steer, or "": no crew figure on the Helm (L168-170), or a WHEEL card held ("Turn
    Downwind Until Repaired")."""
    if S.pos(ship, "helm") == 0:
        return "no crew figure on the Helm"
    wheel = S.held_with(ship, "wheel")
    return f"the {wheel[0]} card is held" if wheel else ""


def no_turns(ship: dict) -> str:
    """Why she cannot turn, or "": no crew figure on the Stays (L171-172), or a RUDDER card held ("No
    turns Until Repaired")."""
    if S.pos(ship, "stays") == 0:
        return "turning needs a crew figure in the Stays position"
    rudder = S.held_with(ship, "rudder")
    return f"the {rudder[0]} card is held: no turns until repaired" if rudder else ""


def tack_check(ship: dict, tables, sail_text: str, turn: int = 0, heading: str = "",
               wind_from: str = "") -> tuple[int, list[Step]]:
    """Refuse a tack the rules do not allow; else the chance of failure and the working.

    A tack takes the whole move ("the ship remains stationary for the entire move", L197-198), so one
    a move; after a failure she "must move forward at least 1 square before it tries again" (L199-200),
    which takes her next move, so she may try again the move after (docs/rulings.md)."""
    S.afloat(ship, "tack")
    if heading or wind_from:
        if point_of_sailing(heading, wind_from) != "reach":
            raise Refused(f"{ship['name']} heading {heading.upper()} with the wind from {wind_from.upper()} is not on a "
                          "Reach: \"Any ship wishing to Tack must be on a Reach\" (Tacking)")
    last = S.record(ship, "tack")
    if turn and last.get("turn") == turn:
        raise Refused(f"{ship['name']} has tried to tack this move already: a tack takes the whole move (Tacking)")
    if turn and last.get("failed") and last.get("turn") == turn - 1:
        raise Refused(f"{ship['name']} failed to tack last move: she must move forward at least 1 square before "
                      "she tries again, which takes this move (Tacking)")
    sail_text = current_sail(ship, sail_text, "tack")
    if S.pos(ship, "rigging") < ship["rigging_positions"]:
        raise Refused(f"{ship['name']}: tacking needs crew in all {ship['rigging_positions']} rigging positions "
                      f"({S.pos(ship, 'rigging')} manned) (Movement)")
    for why in (no_helm(ship), no_turns(ship)):     # a tack is a turn across the wind (L168-172)
        if why:
            raise Refused(f"{ship['name']} cannot tack: {why} (Movement; Damage Cards)")
    squares, _, steps = allowance(ship, tables, sail_index(tables, sail_text), "reach")
    if squares < 1 or S.mainmast_down(ship):
        raise Refused(f"{ship['name']}: a ship must be on a Reach and capable of moving 1 square or more to tack "
                      f"({squares} squares on the reach at {sail_text})")
    chance, more = tack_chance(ship, tables)
    return chance, steps + more


def other_reach(heading: str, wind_from: str) -> str:
    """The heading on the opposite Reach: as far the other side of the wind's eye."""
    h, w = COMPASS.index(heading.strip().upper()), COMPASS.index(wind_from.strip().upper())
    return COMPASS[(2 * w - h) % 8]


def resolve_tack(ship: dict, chance: int, steps: list[Step], roll: int, turn: int = 0, heading: str = "",
                 wind_from: str = "") -> Resolution:
    failed = roll <= chance
    steps = steps + [Step("roll", f"{roll}: {'fails' if failed else 'succeeds'} ({chance} or less fails)",
                          f"{TEXT}, Tacking (L198-204)")]
    what = "fails to tack and keeps her heading" if failed else "tacks onto the opposite reach"
    if failed:
        steps.append(Step("next", "she must move forward at least 1 square before she tries again",
                          f"{TEXT}, Tacking (L199-200)"))
    effects = [set_(["ships", ship["id"], "tack"], {"turn": turn, "failed": failed})] if turn else []
    data = {"ship": ship["id"], "tacked": not failed, "fail_chance": chance}
    if heading and wind_from:
        data["heading"] = heading.upper() if failed else other_reach(heading, wind_from)
        steps.append(Step("heading", f"{heading.upper()} {'kept' if failed else 'to ' + data['heading']} (wind from "
                          f"{wind_from.upper()})", f"{TEXT}, Tacking (L193-199)"))
    return Resolution("tack", f"{ship['name']} {what}", effects, steps, data)


# --- the Director's orders (L49-55, L174-184) -------------------------------------------

ORDER_CARDS = {"T": "tack", "B": "board", "R": "ram", "L": "launch or recover boats", "A": "anchor", "*": "fire"}


def parse_orders(text: str) -> list:
    """Movement cards as shown on the Director, e.g. 2P1S3*: each digit is a card of that many squares
    forward (cards side by side add up: 21 is 3 squares), P and S a 45° turn to port or starboard,
    T B R L A * the other cards (L52-55, L178-182). Returns [int | 'P' | 'S' | card letter, ...]."""
    out: list = []
    for ch in str(text or "").replace(" ", "").upper():
        if ch.isdigit() and ch.isascii() and ch != "0":
            if out and isinstance(out[-1], int):
                out[-1] += int(ch)
            else:
                out.append(int(ch))
        elif ch in ("P", "S") or ch in ORDER_CARDS:
            out.append(ch)
        else:
            raise BadInput(f"orders {text!r}: {ch!r} is not a movement card; the cards are 1 2 3 (squares forward), "
                           "P S (45° turns to port and starboard), T B R L A * (tack, board, ram, launch, anchor, "
                           "fire), e.g. 2P1S3*")
    if not out:
        raise BadInput("orders: give the movement cards shown, e.g. 2P1S3*")
    return out


def _turned(heading: str, card: str) -> str:
    i = COMPASS.index(heading)
    return COMPASS[(i + (1 if card == "S" else -1)) % 8]


def check_orders(ship: dict, tables, sail: int, point: str, text: str, spill: bool = False,
                 heading: str | None = None, wind_from: str | None = None) -> tuple[dict, list[Step]]:
    """The Director's orders checked against the rules of movement; Refused names the rule broken.

    With `heading` and `wind_from` the heading is followed through each turn, so a turn onto a Reach in
    mid-move leaves the reaching allowance less the squares already sailed (L181-184); with only the
    point of sailing every leg is taken on that point."""
    src = f"{TEXT}, Movement (L160-184); Rule Summary, Movement (L350-354)"
    cards = parse_orders(text)
    name = ship["name"]
    letters = [c for c in cards if isinstance(c, str) and c in ORDER_CARDS]
    moves = [c for c in cards if not (isinstance(c, str) and c in ORDER_CARDS)]
    squares = sum(c for c in moves if isinstance(c, int))
    turns = sum(1 for c in moves if c in ("P", "S"))
    steps = [Step("orders", f"{text.strip()}: {squares} square(s) forward, {turns} turn(s)"
                  + (f"; cards {' '.join(letters)} ({', '.join(ORDER_CARDS[c] for c in letters)})" if letters else ""),
                  f"{TEXT}, Equipment g (L52-55); Movement (L178-182)")]

    def refuse(why: str):
        raise Refused(f"{name}'s orders {text.strip()}: {why}")

    def limit(pt: str) -> int:
        n = allowance(ship, tables, sail, pt)[0]
        n = max(0, n - 1) if spill else n
        return 0 if S.mainmast_down(ship) else n

    legs, done = [], 0
    if "T" in letters:
        if moves:
            refuse("a ship showing T remains stationary for the entire move: no squares or turns with it (Tacking)")
        if point != "reach":
            refuse("only a ship on a Reach may tack (Tacking)")
        for why in (no_helm(ship), no_turns(ship)):     # a tack is a turn across the wind (L168-172)
            if why:
                refuse(f"she cannot tack: {why} (Movement; Damage Cards)")
        steps.append(Step("tack", "she stays where she is all move; roll with `umpire tack`", f"{TEXT}, Tacking "
                          "(L195-199)"))
    elif limit(point) == 0:
        if moves:
            refuse("she makes 0 squares this move: a halted ship does not sail or steer; she turns in place one "
                   "heading downwind, then drifts (Movement)")
    else:
        if not moves and "A" not in letters:
            refuse("a ship under way cannot remain stationary unless anchored: her move starts with one square "
                   "forward (Movement)")
        if moves and not isinstance(moves[0], int):
            refuse("the first part of any move is one square forward before any turn (Movement)")
        for a, b in zip(moves, moves[1:]):
            if isinstance(a, str) and isinstance(b, str):
                refuse("there must be at least 1 square of movement between turns (Movement)")
        if moves:
            why = no_helm(ship)
            if why:
                refuse(f"{why}: she cannot turn or keep a straight line, and turns downwind at her tightest turn "
                       "until heading downwind (Movement; Damage Cards)")
        if turns:
            why = no_turns(ship)
            if why:
                refuse(f"{why} (Movement; Damage Cards)")
        track = heading is not None and wind_from is not None
        head = heading.strip().upper() if track else None
        pt = point_of_sailing(head, wind_from) if track else point
        halted = False
        for c in moves:
            if isinstance(c, int) and halted:
                refuse(f"she turned head to wind at {head} with her Mainsail or less set: she is halted and does not "
                       "move further this move (Movement)")
            if isinstance(c, int):
                cap = limit(pt)
                if done + c > cap:
                    more = f" ({done} already sailed, so {max(0, cap - done)} more)" if done else ""
                    refuse(f"{done + c} squares but her allowance {'reaching' if pt == 'reach' else 'in an Other Direction'}"
                           f" is {cap}{more} (Movement)")
                done += c
                legs.append({"squares": c, "heading": head, "point": pt, "allowance": cap, "sailed": done})
                steps.append(Step("leg", f"{c} forward{' heading ' + head if head else ''} ({pt}): {done} of {cap}",
                                  src))
            elif track and halted:
                refuse(f"she is halted head to wind at {head}: she turns no further this move (Movement)")
            elif track:
                new = _turned(head, c)
                if into_wind(new, wind_from):
                    try:
                        steps.append(halt_into_wind(ship, tables, sail, new))
                    except Refused:
                        refuse(f"turning {'to port' if c == 'P' else 'to starboard'} from {head} puts her head into "
                               f"the wind from {wind_from.upper()} with more than her Mainsail set: \"you cannot "
                               "sail directly into the wind\" (Movement)")
                    halted, pt = True, "into the wind"
                else:
                    pt = point_of_sailing(new, wind_from)
                steps.append(Step("turn", f"{'port' if c == 'P' else 'starboard'} 45°: {head} to {new} ({pt})", src))
                head = new
            else:
                steps.append(Step("turn", f"{'port' if c == 'P' else 'starboard'} 45°", src))
        if turns and not track:
            steps.append(Step("reaching in mid-move", "headings not given (--heading, --wind-from): each leg is taken "
                              f"on the {point}; a turn onto a Reach leaves the reaching allowance less the squares "
                              "already sailed (the umpire's to check)", f"{TEXT}, Movement (L181-184)"))
    if "*" in letters:
        steps.append(Step("fire", "the * card is shown: she may fire after all movement", f"{TEXT}, Gunnery (L208-213)"))
    elif letters or moves:
        steps.append(Step("fire", "no * card: she does not fire this move", f"{TEXT}, Gunnery (L208-209)"))
    data = {"orders": text.strip(), "legs": legs, "squares": squares, "turns": turns, "cards": letters,
            "fires": "*" in letters, "final_heading": None}
    if heading is not None and wind_from is not None and moves:
        h = heading.strip().upper()
        for c in moves:
            if isinstance(c, str):
                h = _turned(h, c)
        data["final_heading"] = h
    return data, steps
