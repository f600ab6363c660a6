"""Printing for the square-grid game: Ship Control Panels and damage-card decks, views and pages
(`panels.py`), and the family's entry in `pdf.families` (`printing.py`)."""
