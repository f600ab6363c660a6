"""Printing for Wooden Ships & Iron Men (every edition and level): the log sheet and player card
(`sheet.py`), their view models (`views.py`), their layouts and each edition's log form
(`layout.py`), the turn log read back from the journal (`journal.py`), and the family's entry in
`pdf.families` (`printing.py`)."""
