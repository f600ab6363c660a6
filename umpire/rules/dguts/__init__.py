"""Don't Give Up The Ship! (2nd edition, 1975): the rules as pure functions and data.

Values in, values out: ship values and states are plain dicts, dice are
passed in, and every resolution carries its working with the rule it cites.
"""

from importlib import import_module

#: the package's names by the module that defines them: a module is imported when one of its names is
#: first asked for, so a command imports only the rules it uses
MODULES: dict[str, tuple[str, ...]] = {
    "damage": ("apply_damage", "rigging", "speed_share"),
    "explosion": ("explosion_damage", "explosive_ship_damage", "resolve_explosion"),
    "fireorder": ("FireOrder", "fire_order", "max_range", "range_band"),
    "grapple": ("GrappleOrder", "grapple_dice_needed", "resolve_cut_grapple", "resolve_grapple"),
    "gunnery": ("battery_silence_points", "fire_dice_needed", "resolve_fire"),
    "guns": ("Battery", "ShipLine", "calibre_key", "format_guns", "parse_gun", "parse_guns", "parse_ship_line"),
    "melee": ("MeleeSide", "Party", "boarding_odds", "lose_men", "melee_dice_allowed", "melee_losses",
              "odds_for", "party", "resolve_melee_round", "resolve_melee_start"),
    "model": ("Aim", "BadInput", "Bearing", "MissingTable", "Morale", "PointOfSail", "Rake", "RangeBand",
              "Refused", "RulingNeeded", "SailingClass", "Shot"),
    "morale": ("melee_multiplier", "morale_dice_needed", "recover_morale", "resolve_morale_check", "shift_morale"),
    "repairs": ("dismount_guns", "repair_guns", "repair_high", "repair_low", "rig_jury_mast"),
    "ship": ("OVERRIDE_KEYS", "class_by_tonnage", "derive_ship", "initial_state", "nation_key",
             "task_crew_factors"),
    "singleship": ("hot_shot_fire_chances", "mast_loss_dice_needed", "resolve_clear_mast", "resolve_mast_loss",
                   "resolve_special_damage", "special_damage_dice_needed", "special_rolls_owed"),
    "speed": ("base_speed", "gun_weight_bonus", "headway", "jury_rig_share", "ship_speed"),
    "tables": ("Tables", "default_tables", "load_tables"),
    "training": ("resolve_training_fire", "resolve_training_morale", "training_fire_dice_needed",
                 "training_melee_result", "training_odds"),
    "turn": ("assign_pumps", "end_of_turn"),
    "wind": ("WIND_DICE", "resolve_wind_direction"),
}
_WHERE = {name: module for module, names in MODULES.items() for name in names}


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


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
