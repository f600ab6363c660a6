"""Printing for Don't Give Up The Ship!: the ship data sheet and player card (`sheet.py`), their view
models (`views.py`) and layouts (`layout.py`), the turn log read back from the journal
(`journal.py`), and the family's entry in `pdf.families` (`printing.py`)."""
