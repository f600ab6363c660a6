"""Don't Give Up The Ship! (2nd edition, 1975): the rules as pure functions and data.

Values in, values out: ship values and states are plain dicts, dice are
passed in, and every resolution carries its working with the rule it cites.
"""

from .damage import apply_damage, rigging, speed_share
from .explosion import explosion_damage, explosive_ship_damage, resolve_explosion
from .guns import Battery, ShipLine, calibre_key, format_guns, parse_gun, parse_guns, parse_ship_line
from .gunnery import (FireOrder, battery_silence_points, fire_dice_needed, fire_order, max_range,
                      range_band, resolve_fire)
from .model import (Aim, BadInput, Bearing, DiceNeed, MissingTable, Morale, PointOfSail, Rake,
                    RangeBand, Refused, Resolution, SailingClass, Shot, Step)
from .morale import (melee_multiplier, morale_dice_needed, recover_morale, resolve_morale_check,
                     shift_morale)
from .repairs import dismount_guns, repair_guns, repair_high, repair_low, rig_jury_mast
from .ship import OVERRIDE_KEYS, class_by_tonnage, derive_ship, initial_state, nation_key
from .speed import base_speed, gun_weight_bonus, headway, jury_rig_share, ship_speed
from .tables import Tables, default_tables, load_tables
from .turn import assign_pumps, end_of_turn

__all__ = [
    "Aim", "BadInput", "Battery", "Bearing", "DiceNeed", "FireOrder", "MissingTable", "Morale",
    "OVERRIDE_KEYS", "PointOfSail", "Rake", "RangeBand", "Refused", "Resolution", "SailingClass",
    "ShipLine", "Shot", "Step", "Tables",
    "apply_damage", "assign_pumps", "base_speed", "battery_silence_points", "calibre_key",
    "class_by_tonnage", "default_tables", "derive_ship", "dismount_guns", "end_of_turn",
    "explosion_damage", "explosive_ship_damage", "fire_dice_needed", "fire_order", "format_guns",
    "gun_weight_bonus", "headway", "initial_state", "jury_rig_share", "load_tables", "max_range",
    "melee_multiplier", "morale_dice_needed", "nation_key", "parse_gun", "parse_guns",
    "parse_ship_line", "range_band", "recover_morale", "repair_guns", "repair_high", "repair_low",
    "resolve_explosion", "resolve_fire", "resolve_morale_check", "rig_jury_mast", "rigging",
    "shift_morale", "ship_speed", "speed_share",
]
