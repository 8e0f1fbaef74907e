"""What both games share on Discord: answering, pacing, privacy, the herald, the mailbox."""
