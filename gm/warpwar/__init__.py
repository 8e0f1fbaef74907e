"""WarpWar for the game master: settings, deadlines, what players type, what they are told."""
