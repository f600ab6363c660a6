"""Shared engine: errors, dice, resources, game file and journal, state."""
