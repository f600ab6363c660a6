"""The Training Game as a level of DGUTS: `umpire new --ruleset dguts --level training` plays this
class. It is the standard game with the training game's own fire, morale, boarding, melee and
movement (`commands_training`), and boarding within an inch with no grapple roll ("boarding takes
place if either player desires")."""

from __future__ import annotations

from umpire.rules.dguts.ruleset import Dguts

_T = "umpire.rules.dguts.commands_training:"


class DgutsTraining(Dguts):
    level = "training"
    actions = {**Dguts.actions, "fire": (Dguts.actions["fire"][0], _T + "fire"),
               "morale": (Dguts.actions["morale"][0], _T + "morale"),
               "board": (Dguts.actions["board"][0], _T + "board")}
    queries = {**Dguts.queries, "speed": _T + "speed"}
    grapple_by_roll = False
