"""The local console: the game master played in a terminal, one line per slash command.

It is a front end like the Discord cogs will be: it reads what someone typed, calls the same
:class:`~gm.service.GameMaster` on the same store, and prints what the game master says
to whom. ``python bot.py --console`` opens it; ``--script FILE`` plays a file of lines; with
no Discord token and no terminal, ``bot.py`` plays the bundled demo (console.demo).

=================  =======================================================================
console.lines      reading a line: ``/group sub key:value key:"quoted value"``
console.commands   the table of commands: each one's options and its GameMaster call
console.output     printing replies and announcements by audience; pictures saved as PNG
console.clock      the console's clock, moved on by ``/wait``; durations like ``24h``
console.app        the session (who is typing, where), the prompt and the script player
console.demo       the bundled demos (data/demo/classic-learning.txt, warp-arena.txt)
=================  =======================================================================
"""
