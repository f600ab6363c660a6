"""DGUTS grappling, boarding and melee, in the standard and the training game."""

from __future__ import annotations

from umpire.core.errors import BadInput, Refused
from umpire.rules.dguts.adapter import _afloat, _core, _keep_rolling, _num, _sets, _two, _yes


class BoardingCommands:
    """The DGUTS ruleset's boarding commands (mixed into `Dguts`)."""

    def contact(self, state: dict, tables, kind: str, a: str, b: str, opts: dict):
        from umpire.core.state import set_
        from umpire.rules.base import Plan
        from umpire.rules.dguts.grapple import GrappleOrder, grapple_dice_needed, resolve_grapple

        if kind != "grapple":
            raise BadInput(f"{kind} is a WS&IM procedure; DGUTS ships grapple (`umpire grapple A B --opt distance=0.5`)")
        _two(a, b, "grapple")
        for sid in (a, b):
            _afloat(state["ships"][sid], "grapple")
        if "distance" not in opts:
            raise BadInput("DGUTS grappling needs the distance between hulls: --opt distance=INCHES "
                           "(and --opt touching=1, target_stopped=1 or opposite_headings=1 when they apply)")
        order = GrappleOrder(_num(opts, "distance"), _yes(opts, "touching"), _yes(opts, "target_stopped"),
                             _yes(opts, "opposite_headings"), "first-roll" in opts.get("_optional", ()))
        dt = self.dt(tables)
        need = grapple_dice_needed(order, dt)
        sa, sb = state["ships"][a], state["ships"][b]

        def resolve(rolls, strict):
            res = resolve_grapple(order, rolls, dt)
            ok = res.data["grappled"]
            effects = []
            if ok:
                effects = [set_(["ships", a, "grappled"], sorted(set(sa.get("grappled", [])) | {b})),
                           set_(["ships", b, "grappled"], sorted(set(sb.get("grappled", [])) | {a}))]
            r = _core("grapple", f"{sa['name']} and {sb['name']}: {'grappled' if ok else 'not grappled'}", res, effects)
            r.data["success"] = ok
            return r

        return Plan(need, resolve)

    def board(self, state: dict, tables, ship: str, party: str, sections: str, target: str, opts: dict | None = None):
        """Boarding odds from the parties' crew factors, then the die for whether a melee starts."""
        from umpire.core.dice import DiceNeed
        from umpire.core.state import set_
        from umpire.rules.base import Plan
        from umpire.rules.dguts.melee import boarding_odds, party as make_party, resolve_melee_start

        opts = opts or {}
        if not target:
            raise BadInput("say which ship is boarded: --at SHIP")
        _two(ship, target, "board")
        a, d = state["ships"][ship], state["ships"][target]
        _afloat(a, "board")
        _afloat(d, "be boarded")
        if target not in a.get("grappled", []):
            raise Refused(f"{a['name']} is not grappled with {d['name']} (use `umpire grapple` first)")
        dt = self.dt(tables)
        if state.get("level") == "training":
            return self._training_board(a, d, ship, target, opts, dt)
        att = make_party(a["values"], a["track"], _num(opts, "crew"), _yes(opts, "shock"))
        dfd = make_party(d["values"], d["track"], _num(opts, "defender_crew"), False, _yes(opts, "upper_deck"))
        odds = boarding_odds(att, dfd, dt)
        record = {"at": target, "odds": {k: v for k, v in odds.data.items() if k != "explain"},
                  "melee_turn": 1, "areas": 0}
        unopposed = odds.data["odds"] == "unopposed"

        def resolve(rolls, strict):
            steps_res = odds
            melee = unopposed
            if not unopposed:
                start = resolve_melee_start(odds.data, rolls, dt)
                steps_res = type(odds)(odds.effects, odds.working + start.working, {**odds.data, **start.data})
                melee = start.data["melee"]
            rec = {**record, "melee": melee}
            r = _core("board", f"{a['name']} boards {d['name']}: odds {odds.data['odds']}"
                      + ("; melee this turn" if melee else "; no melee yet"), steps_res,
                      [set_(["ships", ship, "boarding"], rec)])
            return r

        return Plan(DiceNeed(0 if unopposed else 1, 6, () if unopposed else ("melee chance",)), resolve)

    def _training_board(self, a: dict, d: dict, ship: str, target: str, opts: dict, dt):
        """Training Game boarding: crew factors times morale points on each side; melee follows at once."""
        from umpire.core.state import Resolution, Step, set_
        from umpire.rules.dguts.training import training_odds

        a_cf = _num(opts, "crew", a["track"]["crew_factors"])
        d_cf = _num(opts, "defender_crew", d["track"]["crew_factors"])
        a_pts = int(a["track"].get("morale_points", a["values"]["morale_value"]))
        d_pts = int(d["track"].get("morale_points", d["values"]["morale_value"]))
        odds = training_odds(a_cf, a_pts, d_cf, d_pts, dt)
        rec = {"at": target, "odds": odds, "melee_turn": 1, "areas": 0, "melee": True, "training": True}
        steps = [Step("boarders", f"{a_cf:g} CF x {a_pts} morale points = {odds['attacker_value']:g}",
                      dt.cite("training", "melee")),
                 Step("defenders", f"{d_cf:g} CF x {d_pts} morale points = {odds['defender_value']:g}",
                      dt.cite("training", "melee")),
                 Step("odds", str(odds["odds"]), dt.cite("boarding", "odds"))]
        return Resolution("board", f"{a['name']} boards {d['name']}: odds {odds['odds']}",
                          [set_(["ships", ship, "boarding"], rec)], steps, dict(odds))

    def melee(self, state: dict, tables, attackers: list[str], defender: str, opts: dict | None = None):
        """One round of melee: each side's dice (1 to the number its odds allow; the last one counts)."""
        from umpire.core.dice import DiceNeed, parse_rolls
        from umpire.core.state import set_
        from umpire.rules.base import Plan
        from umpire.rules.dguts.melee import MeleeSide, melee_dice_allowed, resolve_melee_round

        opts = opts or {}
        a_id = attackers[0]
        _two(a_id, defender, "fight")
        a, d = state["ships"][a_id], state["ships"][defender]
        _afloat(a, "fight a melee")
        _afloat(d, "fight a melee")
        rec = a.get("boarding")
        if not rec or rec.get("at") != defender:
            raise Refused(f"{a['name']} has not boarded {d['name']} (use `umpire board {a_id} --at {defender}`)")
        if not rec.get("melee"):
            raise Refused(f"no melee yet between {a['name']} and {d['name']}: the boarding roll did not start "
                          "one; roll again with `umpire board` next turn")
        allowed = melee_dice_allowed(rec["odds"])
        typed = {side: parse_rolls(opts[side]) for side in ("attacker", "defender") if opts.get(side)}
        dt = self.dt(tables)

        def resolve(rolls, strict):
            if len(typed) == 2:
                ar, dr = typed["attacker"], typed["defender"]
            elif typed:
                raise BadInput("give both sides' dice: --opt attacker=R,R --opt defender=R")
            else:   # the tool's dice: each side rolls on while it shows less than 4 and dice remain
                ar, dr = _keep_rolling(rolls[: allowed["attacker"]]), _keep_rolling(rolls[allowed["attacker"]:])
            if rec.get("training"):
                return self._training_round(a, d, a_id, defender, rec, ar, dr, dt)
            res = resolve_melee_round(MeleeSide(a["values"], a["track"]), MeleeSide(d["values"], d["track"]),
                                      rec["odds"], ar, dr, rec["melee_turn"], rec["areas"], dt)
            effects = _sets(a_id, res.effects.get("attacker", {})) + _sets(defender, res.effects.get("defender", {}))
            new_rec = {**rec, "melee_turn": rec["melee_turn"] + 1, "areas": res.data["areas_taken"]}
            effects.append(set_(["ships", a_id, "boarding"], {} if res.data["captured"] else new_rec))
            r = _core("melee", f"{a['name']} v {d['name']}: {res.data['result']}", res, effects)
            r.data["rolls"] = list(ar) + list(dr)
            r.data["outcome"] = res.data["winner"] or "tie"
            return r

        need = DiceNeed(0 if typed else allowed["attacker"] + allowed["defender"], 6,
                        () if typed else tuple([f"attacker {i + 1}" for i in range(allowed["attacker"])]
                                               + [f"defender {i + 1}" for i in range(allowed["defender"])]))
        return Plan(need, resolve)

    def _training_round(self, a: dict, d: dict, a_id: str, defender: str, rec: dict, ar, dr, dt):
        """Training Game melee: each side keeps its last die; the difference reads the short table."""
        from umpire.core.state import Resolution, Step, set_
        from umpire.rules.dguts.melee import melee_dice_allowed
        from umpire.rules.dguts.training import training_melee_result

        allowed = melee_dice_allowed(rec["odds"])
        for side, rolls in (("attacker", ar), ("defender", dr)):
            if not 1 <= len(rolls) <= allowed[side] or any(not 1 <= r <= 6 for r in rolls):
                raise BadInput(f"{side} dice {','.join(map(str, rolls))}: 1 to {allowed[side]} d6, the last kept")
        result = training_melee_result(ar[-1], dr[-1], dt)
        winner = result["winner"]
        steps = [Step("dice", f"attacker keeps {ar[-1]}, defender keeps {dr[-1]}", dt.cite("training", "melee")),
                 Step("result", result["text"], dt.cite("training", "melee"))]
        effects = [set_(["ships", a_id, "boarding"], rec)]
        if winner:
            loser = d if winner == "attacker" else a
            points = int(loser["track"].get("morale_points", loser["values"]["morale_value"]))
            points -= int(result.get("morale_points", 0))
            changes = {"morale_points": max(0, points)}
            if result.get("capture") or points <= int(dt.get("training", "morale", "surrender_at")):
                changes.update(status="surrendered", morale="surrendered")
                steps.append(Step("surrender", f"{loser['name']} surrenders", dt.cite("training", "melee")))
                effects[0] = set_(["ships", a_id, "boarding"], {})
            effects += _sets(loser["id"], changes)
        data = {"rolls": list(ar) + list(dr), "kept": {"attacker": ar[-1], "defender": dr[-1]},
                "winner": winner, "result": result["text"], "outcome": winner or "tie"}
        return Resolution("melee", f"{a['name']} v {d['name']}: {result['text']}", effects, steps, data)
