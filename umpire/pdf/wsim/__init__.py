"""Printing for Wooden Ships & Iron Men (every edition and level): the log sheet and player card
(`sheet.py`), their view models (`views.py`), and the family's entry in `pdf.families`
(`printing.py`)."""
