"""The bundled demo: a short classic game played from a script, so ``make run`` shows the bot at
work on any machine, even with no Discord token and no terminal (a CI log, a pipe).

The game is data/demo/classic-learning.txt: two players build, move, fight one battle by
sealed orders until a ship is destroyed, one lets a turn pass idle, and the other wins on
victory points. It plays on a temporary database, so it never touches anyone's games, and
saves its pictures in a folder it names at the end.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from console.app import DEFAULT_SEED, Setup, run_script, say
from engine.text import plural

SCRIPT = Path(__file__).resolve().parent.parent / "data" / "demo" / "classic-learning.txt"


async def play_demo(pictures: Path | None = None, draw: bool = True) -> int:
    """Play the demo; the script's exit code (0 unless the game master refused a line).
    Pictures go to ``pictures``, else to a new temporary folder; ``draw`` False draws none."""
    home = Path(tempfile.mkdtemp(prefix="warpwar-demo-"))
    folder = pictures or home / "pictures"
    setup = Setup(home / "demo.sqlite3", folder if draw else None, DEFAULT_SEED)
    say("-- No Discord token and no terminal: playing the bundled demo, a classic learning game.")
    say(f"-- Script {SCRIPT}; each line is shown as 'who> command', then what the referee says.")
    code = await run_script(setup, SCRIPT, keep_going=False)
    drawn = sorted(folder.glob("*.png")) if folder.is_dir() else []
    saved = f"{plural(len(drawn), 'picture')} {'is' if len(drawn) == 1 else 'are'} saved in {folder}"
    say(f"-- The demo is over. {saved}; the game is in {setup.db}.")
    say("-- Play yourself at a terminal: python bot.py --console (make run does it when no token is set).")
    return code
