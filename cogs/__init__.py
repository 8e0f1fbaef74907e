"""Discord adapters: slash commands, DMs, buttons and modals (issue 6)."""
