"""WS&IM first edition (1974): the 1981 Basic ruleset with the first edition's tables.

What differs, by reading the 1974 text (data/wsim-1974 holds the tables):

* Hull Effects Table 4 (rolls 1 and 2) and Table 8 (roll 1);
* the Melee Resolution Table's columns (1-10 ... 41+), and one exchange of dice per Move
  ("each player rolls one die ... once casualties have been removed, both players refigure");
* grappling has no modifiers (no `--motionless`);
* the wind attitudes are lettered the other way (Example of Play No. 1);
* its Optional Rules, by their titles.

Everything else (fire procedure, modifiers, fouling, boarding parties BP/BPD, prize crews,
loading) reads as the 1981 Basic Game and is inherited.
"""

from __future__ import annotations

from umpire.rules.wsim.ruleset import Wsim1981


class Wsim1974(Wsim1981):
    id = "wsim-1974"
    aliases = ("wsim1974", "wsim-1e", "wsim-first-edition")
    data_id = "wsim-1974"
    title = "Wooden Ships & Iron Men, first edition (1974)"
    level = "basic"
    levels = ("basic",)
    level_classes: dict[str, str] = {}
    #: the first edition's Optional Rules (names: the titles in kebab-case) -> their heading
    optional_rules = {
        "types-of-ammunition": "Optional Rules: Types of Ammunition",
        "repairs": "Optional Rules: Repairs",
        "timed-moves": "Optional Rules: Timed Moves",
        "multi-player-games": "Optional Rules: Multi-Player Games",
        "backing-sails": "Optional Rules: Backing Sails",
        "command-lag": "Optional Rules: Command Lag",
        "wind": "Optional Rules: Wind",
        "sinking-and-exploding-ships": "Optional Rules: Sinking and Exploding Ships",   # the die at striking
        "running-aground": "Optional Rules: Running Aground",
        "casting-the-lead": "Optional Rules: Casting the Lead",
        "anchors": "Optional Rules: Anchors",
        "full-sails": "Optional Rules: Full Sails",
        "towing": "Optional Rules: Towing",
    }
    advanced_only: dict[str, str] = {}
    options = {**Wsim1981.options, "grapple": ()}

    def fire(self, state: dict, tables, firer: str, target: str, opts: dict):
        """As 1981; with Sinking and Exploding Ships, a broadside that marks off the last hull
        square takes one more die on the Destroyed Hull Table (Optional Rules, 1-4)."""
        import dataclasses

        from umpire.core.dice import DiceNeed

        plan = super().fire(state, tables, firer, target, opts)
        if "sinking-and-exploding-ships" not in opts.get("_optional", []) or not plan.need.count:
            return plan
        n = plan.need.count
        need = DiceNeed(n + 1, 6, tuple(plan.need.labels) + ("destroyed hull",))
        return dataclasses.replace(plan, need=need, flexible=True,
                                   resolve=lambda rolls, strict: _destroyed_hull(plan, n, target, rolls, strict, tables))

    def speed(self, state: dict, tables, ship: str, opts: dict):
        """Battle sails as 1981; full sails with the Full Sails optional rule (1-4)."""
        if (opts.get("sail") or "battle") != "full":
            return super().speed(state, tables, ship, opts)
        from umpire.core.errors import BadInput, Refused
        from umpire.rules.wsim import movement
        from umpire.rules.wsim.ship import sections_lost

        if "full-sails" not in opts.get("_optional", []):
            raise BadInput("full sails are a first-edition Optional Rule: start the game with --optional full-sails")
        self.check_options("speed", {k: v for k, v in opts.items() if v is not None})
        s = state["ships"][ship]
        if sections_lost(s):
            raise Refused(f"{s['name']} has lost a whole rigging section: she cannot use full sails (Full Sails 4)")
        att = opts.get("attitude")
        if not att:
            if opts.get("heading") is None or opts.get("wind") is None:
                raise BadInput("give --attitude A|B|C|D, or --heading and --wind (hex directions 1-6)")
            att = movement.attitude(int(opts["heading"]), int(opts["wind"]), tables)
        return movement.allowance(s, att, tables, "full", state["turn"])

    def melee(self, state: dict, tables, attackers: list[str], defender: str, opts=None):
        """One exchange of dice per Move (Melee Procedure 12(b)-(c)); the 1981 resolution with
        `procedures.melee.rounds` = 1, its working worded for the first edition."""
        import dataclasses

        plan = super().melee(state, tables, attackers, defender, opts)
        if not hasattr(plan, "resolve"):
            return plan

        def resolve(rolls, strict):
            res = plan.resolve(rolls, strict)
            res.working = [_first_edition_step(s) for s in res.working]
            return res

        return dataclasses.replace(plan, resolve=resolve)


def _destroyed_hull(plan, n: int, target: str, rolls, strict: bool, tables):
    """The 1981 broadside, then the Destroyed Hull die if it struck the target."""
    from umpire.core.errors import BadInput
    from umpire.core.state import Step, set_

    res = plan.resolve(tuple(rolls[:n]), strict)
    struck = any(e["path"] == ["ships", target, "state"] and e["value"] == "struck" for e in res.effects)
    want = n + (1 if struck else 0)
    if strict and len(rolls) != want:
        raise BadInput(f"this broadside needs {want} dice" + (": the hit die, then the Destroyed Hull die (her last "
                       "hull square is gone)" if struck else " (she keeps hull squares: no Destroyed Hull die)")
                       + f"; got {len(rolls)}")
    res.data["rolls"] = list(rolls[:want])
    if struck:
        die = rolls[n]
        result = tables["destroyed-hull"]["results"][die - 1]
        res.working.append(Step(f"Destroyed Hull Table, die {die}", {"surrenders": "the ship surrenders",
                                "sinks": "she will sink (a 6 on a later Move)",
                                "explodes": "she will explode (a 6 on a later Move)"}[result],
                                tables.source("destroyed-hull")))
        if result != "surrenders":
            res.effects.append(set_(["ships", target, "state"], "sinking" if result == "sinks" else "exploding"))
        res.data["destroyed_hull"] = result
    return res


def _first_edition_step(step):
    """The 1981 melee working's rule references, as the first edition words them."""
    from umpire.core.state import Step

    if step.step == "three rounds fought":
        return Step("one exchange fought", "no decision: the melee goes on next Move",
                    "1974 Melee Procedure 12(c)")
    if "three to one" in step.value and step.source == "Basic IX.C.3":
        return Step(step.step, step.value, "1974 Melee Procedure 12(c)")
    return step
