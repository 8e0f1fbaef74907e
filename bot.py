"""Entry point of the WarpWar game master: settings, logging, and which front end to run.

With no Discord token the game master plays in a local console (console/): at a prompt when
standard input is a terminal, a script with ``--script FILE``, and otherwise the bundled demo,
so ``make run`` shows the bot at work anywhere. The Discord front end is issue 6; until it
exists, a configured token only gets a message saying so.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from dotenv import load_dotenv

from console.app import Setup, run_interactive, run_script
from console.demo import play_demo

DEFAULT_DB = "data/warpwar.sqlite3"
NO_DISCORD_YET = """\
A Discord token is configured, but the Discord bot is not built yet (issue 6).
Play the same game master in this terminal instead:
    python bot.py --console            (or: make run ARGS=--console)
    python bot.py --script FILE        (play a file of console lines)
Leave DISCORD_TOKEN empty in .env and `make run` opens the console by itself."""


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="The WarpWar game master (Discord bot or local console).")
    parser.add_argument("--console", action="store_true", help="play in this terminal, even with a token")
    parser.add_argument("--script", type=Path, metavar="FILE", help="play a file of console lines, no prompt")
    parser.add_argument(
        "--keep-going", action="store_true", help="with --script: play on after a refused line"
    )
    parser.add_argument(
        "--db", type=Path, metavar="PATH", help=f"the SQLite file (default $WARPWAR_DB or {DEFAULT_DB})"
    )
    parser.add_argument(
        "--pictures", type=Path, metavar="DIR", help="where pictures are saved (default: beside the db)"
    )
    parser.add_argument("--no-pictures", action="store_true", help="draw no pictures (faster scripts)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed of new games' turn order and map ends")
    return parser.parse_args(argv)


def setup_from(args: argparse.Namespace) -> Setup:
    db = args.db or Path(os.environ.get("WARPWAR_DB") or DEFAULT_DB)
    pictures = None if args.no_pictures else args.pictures or db.parent / "pictures"
    return Setup(db, pictures, args.seed)


def main(argv: list[str] | None = None) -> int:
    load_dotenv()
    logging.basicConfig(
        level=os.environ.get("LOG_LEVEL", "WARNING").upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    args = arguments(argv)
    setup = setup_from(args)
    if args.script is not None:
        if not args.script.is_file():
            print(f"bot.py: no script at {args.script}", file=sys.stderr)
            return 2
        return asyncio.run(run_script(setup, args.script, args.keep_going))
    if args.console:
        return asyncio.run(run_interactive(setup))
    if os.environ.get("DISCORD_TOKEN", "").strip():
        # Non-zero: what was configured (a Discord bot) did not start, and a supervisor should see it.
        print(NO_DISCORD_YET, file=sys.stderr)
        return 1
    if sys.stdin.isatty():
        return asyncio.run(run_interactive(setup))
    return asyncio.run(play_demo(args.pictures, draw=not args.no_pictures))


if __name__ == "__main__":
    sys.exit(main())
