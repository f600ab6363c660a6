"""One package per rule system. Rulesets are registered and found in `umpire.core.ruleset`."""
