"""WarpWar's Discord commands, buttons and forms."""
