"""Pictures (Pillow): cards, the table, the Jasstafel. No Discord, no database, no services."""
