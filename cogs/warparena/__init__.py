"""Warp Arena (1985) on Discord: the ``/arena`` group, its DM prompts and the reaction window."""
