"""Statistics and ratings (pure: no I/O, no Discord).

``records.py``: what each finished game was, read from a table's event log, and a person's
numbers over a set of games; ``ratings.py``: openskill ratings with fixed computer references.
"""
