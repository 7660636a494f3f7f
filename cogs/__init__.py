"""Discord-facing code: slash commands, buttons, messages.  No game logic, no SQL."""
