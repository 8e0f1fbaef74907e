"""The game master service (issue 4): storage, authorisation, deadlines, announcements."""
