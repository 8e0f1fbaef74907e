"""The bundled demos: a short game played from a script, so ``make run`` (or ``python bot.py
--demo NAME``) shows the bot at work on any machine, even with no Discord token and no
terminal (a CI log, a pipe).

``classic`` is data/demo/classic-learning.txt: two players build, move, fight one battle by
sealed orders until a ship is destroyed, one lets a turn pass idle, and the other wins on
victory points. ``arena`` is data/demo/warp-arena.txt: three players in Warp Arena, with a
warp, a Wild Warp cancel, a force field, a hop and a distance attack, to a win; the demo then
exports the game and checks every roll of its fair dice (engine.warparena.verify), as
anyone may with ``python -m engine.warparena.verify FILE``. Each plays on a temporary
database, so it never touches anyone's games, and saves its pictures in a folder it names.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from console.app import DEFAULT_SEED, FIRST_CHANNEL, Setup, run_script, say
from engine.text import plural
from engine.warparena.verify import VERIFIED, check
from gm.clock import ManualClock
from gm.service import GameMaster
from store import games
from store.db import open_database

DEMO_FOLDER = Path(__file__).resolve().parent.parent / "data" / "demo"
SCRIPTS = {"classic": DEMO_FOLDER / "classic-learning.txt", "arena": DEMO_FOLDER / "warp-arena.txt"}
DEMOS = tuple(SCRIPTS)
SCRIPT = SCRIPTS["classic"]
TITLES = {"classic": "a classic learning game", "arena": "a three-player Warp Arena game"}


async def play_demo(pictures: Path | None = None, draw: bool = True, demo: str = "classic") -> int:
    """Play a demo; the script's exit code (0 unless the game master refused a line, or the
    Warp Arena game's dice did not verify). Pictures go to ``pictures``, else to a new
    temporary folder; ``draw`` False draws none."""
    home = Path(tempfile.mkdtemp(prefix="warpwar-demo-"))
    folder = pictures or home / "pictures"
    db = home / "demo.sqlite3"
    setup = Setup(db, folder if draw else None, DEFAULT_SEED)
    script = SCRIPTS[demo]
    say(f"-- Playing the bundled demo, {TITLES[demo]}.")
    say(f"-- Script {script}; each line is shown as 'who> command', then what the referee says.")
    code = await run_script(setup, script, keep_going=False)
    if code == 0 and demo == "arena":
        code = await verify_dice(db, home / "warp-arena-export.json")
    drawn = sorted(folder.glob("*.png")) if folder.is_dir() else []
    saved = f"{plural(len(drawn), 'picture')} {'is' if len(drawn) == 1 else 'are'} saved in {folder}"
    say(f"-- The demo is over. {saved}; the game is in {db}.")
    say("-- Play yourself at a terminal: python bot.py --console (make run does it when no token is set).")
    return code


async def verify_dice(db_path: Path, export_path: Path) -> int:
    """Export the demo's finished game and check every roll of its dice; 0 when they verify."""
    db = await open_database(db_path)
    try:
        row = await games.latest_game_in(db, FIRST_CHANNEL)
        assert row is not None, "the demo opened a game"
        exported = await GameMaster(db, ManualClock()).export(row.id)
    finally:
        await db.close()
    export_path.write_text(json.dumps(exported, indent=1), encoding="utf-8")
    verdict = check(exported)
    say(f"-- The game is exported to {export_path}; checking its dice as")
    say(f"--     python -m engine.warparena.verify {export_path}")
    for line in verdict.lines:
        say(f"-- {line}")
    return 0 if verdict.status == VERIFIED else 1
