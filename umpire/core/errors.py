"""Errors a user can cause, each with the exit code the CLI contract gives it."""

from __future__ import annotations


class UmpireError(Exception):
    """Base error; `exit_code` is what the command-line tool exits with."""

    exit_code = 2


class BadInput(UmpireError, ValueError):
    """Input the tool cannot accept: usage, unknown ship, bad roll, bad file (exit 2)."""

    exit_code = 2


class Refused(UmpireError):
    """The rules forbid the action: target struck, broadside not loaded, out of range (exit 1)."""

    exit_code = 1


class GameLocked(UmpireError):
    """Another process is writing the same game file (exit 2)."""

    exit_code = 2
