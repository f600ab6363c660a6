"""Don't Give Up The Ship! (2nd edition, 1975): the rules as pure functions and data.

Values in, values out: ship values and states are plain dicts, dice are
passed in, and every resolution carries its working with the rule it cites.
"""

from umpire.rules.dguts.damage import apply_damage, rigging, speed_share
from umpire.rules.dguts.explosion import explosion_damage, explosive_ship_damage, resolve_explosion
from umpire.rules.dguts.fireorder import FireOrder, fire_order, max_range, range_band
from umpire.rules.dguts.grapple import GrappleOrder, grapple_dice_needed, resolve_cut_grapple, resolve_grapple
from umpire.rules.dguts.gunnery import battery_silence_points, fire_dice_needed, resolve_fire
from umpire.rules.dguts.guns import Battery, ShipLine, calibre_key, format_guns, parse_gun, parse_guns, parse_ship_line
from umpire.rules.dguts.melee import (MeleeSide, Party, boarding_odds, lose_men, melee_dice_allowed, melee_losses,
                                      odds_for, party, resolve_melee_round, resolve_melee_start)
from umpire.rules.dguts.model import (Aim, BadInput, Bearing, MissingTable, Morale, PointOfSail, Rake, RangeBand,
                                      Refused, RulingNeeded, SailingClass, Shot)
from umpire.rules.dguts.morale import (melee_multiplier, morale_dice_needed, recover_morale, resolve_morale_check,
                                       shift_morale)
from umpire.rules.dguts.repairs import dismount_guns, repair_guns, repair_high, repair_low, rig_jury_mast
from umpire.rules.dguts.ship import (OVERRIDE_KEYS, class_by_tonnage, derive_ship, initial_state, nation_key,
                                     task_crew_factors)
from umpire.rules.dguts.singleship import (hot_shot_fire_chances, mast_loss_dice_needed, resolve_clear_mast,
                                           resolve_mast_loss, resolve_special_damage, special_damage_dice_needed,
                                           special_rolls_owed)
from umpire.rules.dguts.speed import base_speed, gun_weight_bonus, headway, jury_rig_share, ship_speed
from umpire.rules.dguts.tables import Tables, default_tables, load_tables
from umpire.rules.dguts.training import (resolve_training_fire, resolve_training_morale, training_fire_dice_needed,
                                         training_melee_result, training_odds)
from umpire.rules.dguts.turn import assign_pumps, end_of_turn
from umpire.rules.dguts.wind import WIND_DICE, resolve_wind_direction

__all__ = [
    "Aim", "BadInput", "Battery", "Bearing", "FireOrder", "GrappleOrder", "MeleeSide",
    "MissingTable", "Morale", "OVERRIDE_KEYS", "Party", "PointOfSail", "Rake", "RangeBand", "Refused",
    "RulingNeeded", "SailingClass", "WIND_DICE", "ShipLine", "Shot", "Tables",
    "apply_damage", "assign_pumps", "base_speed", "battery_silence_points", "boarding_odds",
    "calibre_key", "class_by_tonnage", "default_tables", "derive_ship", "dismount_guns",
    "end_of_turn", "explosion_damage", "explosive_ship_damage", "fire_dice_needed", "fire_order",
    "format_guns", "grapple_dice_needed", "gun_weight_bonus", "headway", "hot_shot_fire_chances",
    "initial_state", "jury_rig_share", "load_tables", "lose_men", "mast_loss_dice_needed",
    "max_range", "melee_dice_allowed", "melee_losses", "melee_multiplier", "morale_dice_needed",
    "nation_key", "odds_for", "parse_gun", "parse_guns", "parse_ship_line", "party", "range_band",
    "recover_morale", "repair_guns", "repair_high", "repair_low", "resolve_clear_mast",
    "resolve_cut_grapple", "resolve_explosion", "resolve_fire", "resolve_grapple",
    "resolve_mast_loss", "resolve_melee_round", "resolve_melee_start", "resolve_morale_check",
    "resolve_special_damage", "resolve_training_fire", "resolve_training_morale", "rig_jury_mast",
    "rigging", "shift_morale", "ship_speed", "special_damage_dice_needed", "special_rolls_owed",
    "speed_share", "task_crew_factors", "training_fire_dice_needed", "training_melee_result", "training_odds",
]
