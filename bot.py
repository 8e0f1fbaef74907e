"""Entry point of the WarpWar game master: settings, logging, and which front end to run.

With a Discord token (``DISCORD_TOKEN`` in the environment or ``.env``) the bot joins Discord
(cogs/). Its slash commands are registered only when asked, ``python bot.py --sync`` (Discord
rate-limits registering; definitions change only with an update), to the server
``DEV_GUILD_ID`` if set (at once, for development), else globally. SIGINT/SIGTERM close the
connection and then the database. ``SHARD_COUNT`` and ``SHARD_IDS`` choose the shards this
process runs (cogs.shards); ``WARPWAR_DB`` (or ``--db``) is a SQLite file or a
``postgresql://`` address, which several processes may share (docs/deployment.md).

With no token the game master plays in a local console (console/): at a prompt when standard
input is a terminal, a script with ``--script FILE``, and otherwise the bundled demo, so
``make run`` shows the bot at work anywhere; ``--console`` chooses the console even with a token.

A database file it cannot use (another process has it, it is not a database, read-only, from a
newer release, no space left) stops either front end at once with one line on stderr saying
what is wrong and what to do, and exit code 1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import signal
import sys
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path

import aiohttp
import discord
from dotenv import load_dotenv

from cogs.app import Options, WarpWarBot
from cogs.shards import shards_from
from console.app import Setup, run_interactive, run_script
from console.demo import DEMOS, play_demo
from gm.core import REQUESTS_KEPT
from store.db import DatabaseFileError, is_postgres, open_database

DEFAULT_DB = "data/warpwar.sqlite3"
MIN_REQUEST_DAYS, MAX_REQUEST_DAYS = 1.0, 3650
"""Bounds of ``WARPWAR_REQUEST_DAYS``: a day at least (retries come within minutes)."""
log = logging.getLogger("warpwar")


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="The WarpWar game master (Discord bot or local console).")
    parser.add_argument("--console", action="store_true", help="play in this terminal, even with a token")
    parser.add_argument("--script", type=Path, metavar="FILE", help="play a file of console lines, no prompt")
    parser.add_argument(
        "--keep-going", action="store_true", help="with --script: play on after a refused line"
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        help=f"the SQLite file or a postgresql:// address (default $WARPWAR_DB or {DEFAULT_DB})",
    )
    parser.add_argument(
        "--pictures", type=Path, metavar="DIR", help="where pictures are saved (default: beside the db)"
    )
    parser.add_argument(
        "--demo",
        choices=DEMOS,
        help="play a bundled demo in the console: classic (WarpWar) or arena (Warp Arena)",
    )
    parser.add_argument("--no-pictures", action="store_true", help="draw no pictures (faster scripts)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed of new games' turn order and map ends")
    parser.add_argument(
        "--sync",
        action="store_true",
        help="Discord: register the slash commands at start-up (after an update changed them)",
    )
    return parser.parse_args(argv)


def discord_options(args: argparse.Namespace, environ: Mapping[str, str]) -> Options | str:
    """How the Discord bot runs, from the flags and the environment; or what is wrong with them."""
    guild = environ.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        return f"DEV_GUILD_ID must be a server's id (digits), not {guild[:30]!r}"
    kept = requests_kept(environ)
    if isinstance(kept, str):
        return kept
    shards = shards_from(environ)
    if isinstance(shards, str):
        return shards
    return Options(sync=args.sync, dev_guild=int(guild) if guild else None, requests_kept=kept, shards=shards)


def requests_kept(environ: Mapping[str, str]) -> timedelta | str:
    """How long answered requests are kept (``WARPWAR_REQUEST_DAYS``, 30 by default); or what
    is wrong with the setting."""
    text = environ.get("WARPWAR_REQUEST_DAYS", "").strip()
    if not text:
        return REQUESTS_KEPT
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not MIN_REQUEST_DAYS <= days <= MAX_REQUEST_DAYS:  # also refuses nan
        return (
            f"WARPWAR_REQUEST_DAYS must be a number of days from {MIN_REQUEST_DAYS:g} to "
            f"{MAX_REQUEST_DAYS}, not {text[:30]!r}"
        )
    return timedelta(days=days)


async def run_discord(token: str, db_path: Path | str, options: Options) -> int:
    """Run the Discord bot until it is stopped (SIGINT/SIGTERM), then close the database."""
    db = await open_database(db_path)
    bot = WarpWarBot(db, options=options)
    loop = asyncio.get_running_loop()
    for stop in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            loop.add_signal_handler(stop, lambda: asyncio.ensure_future(bot.close()))
    try:
        async with bot:
            await bot.start(token)
    except discord.LoginFailure:
        print("bot.py: Discord refused DISCORD_TOKEN; copy the bot's token again (README).", file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - the bot asks for none
        print("bot.py: Discord asks for a privileged intent this bot does not use.", file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError) as error:
        print(f"bot.py: could not reach Discord: {error}", file=sys.stderr)
        return 1
    finally:
        await db.close()
        log.info("database closed")
    return 0


def setup_from(args: argparse.Namespace, kept: timedelta) -> Setup:
    db = database_target(args.db or os.environ.get("WARPWAR_DB", "").strip() or DEFAULT_DB)
    beside = Path(DEFAULT_DB).parent if isinstance(db, str) else db.parent
    pictures = None if args.no_pictures else args.pictures or beside / "pictures"
    return Setup(db, pictures, args.seed, kept)


def database_target(text: str) -> Path | str:
    """``--db`` or ``WARPWAR_DB``: a PostgreSQL address stays text (a path would fold its
    ``//``), anything else is a file's path."""
    return text if is_postgres(text) else Path(text)


def main(argv: list[str] | None = None) -> int:
    try:
        return run(argv)
    except DatabaseFileError as fault:
        print(f"bot.py: {fault}", file=sys.stderr)
        return 1


def freeze_start_up() -> None:
    """What start-up made (modules, maps, fonts, settings) lives as long as the process: out of
    the garbage collector's reach, a full collection, which holds every thread (the event loop
    too), walks only what the bot made since. A picture's first sketch of a long game set off
    one that held the loop 30 ms in a large process (tests/gm/test_i15_item_02_pictures.py)."""
    gc.collect()
    gc.freeze()


def run(argv: list[str] | None) -> int:
    """Choose the front end from the flags and the environment, and run it."""
    load_dotenv()
    args = arguments(argv)
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    on_discord = bool(token) and args.script is None and not args.console
    logging.basicConfig(
        level=(os.environ.get("LOG_LEVEL", "").strip() or ("INFO" if on_discord else "WARNING")).upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    kept = requests_kept(os.environ)
    if isinstance(kept, str):
        print(f"bot.py: {kept}", file=sys.stderr)
        return 2
    setup = setup_from(args, kept)
    if args.sync and not on_discord:
        print("bot.py: --sync registers the Discord commands; it needs DISCORD_TOKEN.", file=sys.stderr)
        return 2
    if args.demo is not None:
        return asyncio.run(play_demo(args.pictures, draw=not args.no_pictures, demo=args.demo))
    if args.script is not None:
        if not args.script.is_file():
            print(f"bot.py: no script at {args.script}", file=sys.stderr)
            return 2
        return asyncio.run(run_script(setup, args.script, args.keep_going))
    if args.console:
        return asyncio.run(run_interactive(setup))
    if on_discord:
        options = discord_options(args, os.environ)
        if isinstance(options, str):
            print(f"bot.py: {options}", file=sys.stderr)
            return 2
        freeze_start_up()
        return asyncio.run(run_discord(token, setup.db, options))
    if sys.stdin.isatty():
        return asyncio.run(run_interactive(setup))
    return asyncio.run(play_demo(args.pictures, draw=not args.no_pictures))


if __name__ == "__main__":
    sys.exit(main())
