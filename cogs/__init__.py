"""Discord adapters: slash commands, DMs, buttons and modals; they call the game master."""
