"""The console session: who is typing, in which channel, and the two ways to feed it lines.

At the prompt (:func:`play_interactive`) people take turns at one keyboard: ``/as bob`` hands
it over. A script (:func:`play_script`) is the same lines in a file, each echoed before its
answer so the output reads as a story. After every line the deadlines that passed fire, so
``/wait 48h`` lets an idle player's turn end.

Crash safety: every script line is a request with an id made from the file, the line and its
text. The game master answers a known request with its stored reply, changing nothing, and the
console records each line it finished (console.progress). A script killed half-way and played
again on the same database therefore replays what was done and finishes the rest; its clock
starts at the same moment and ``/wait`` lines move it the same way, so the game ends exactly
as an uninterrupted run would. Announcements are printed from the outbox (gm.outbox), each
marked once printed, so news a kill left unprinted (a deadline fired, its news not yet out)
is printed once when the line is carried out again.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import timedelta
from enum import Enum
from pathlib import Path
from typing import Any

from console import progress
from console.arena import ALL_COMMANDS as TABLE
from console.clock import SCRIPT_START, MovableClock, RunningClock
from console.commands import Context
from console.lines import Kind, LineError, Option, Spec, parse
from console.output import Printer, channel_tag
from console.pictures import Album
from console.progress import PlayedLine
from engine.text import plural
from gm.announce import Reply, refused
from gm.aside import GameSetAside
from gm.clock import ManualClock
from gm.core import REQUESTS_KEPT
from gm.service import Actor, GameMaster
from store.db import open_database

GUILD = 1
"""The console is one server..."""
FIRST_CHANNEL = 1
"""...whose channel #game holds one game at a time (``/channel 2`` opens #game-2)."""
FIRST_SPEAKER = "alice"
DEFAULT_SEED = 1
"""A script's games draw their turn order and map ends from this unless ``--seed`` says otherwise."""


class Outcome(Enum):
    DONE = "done"
    REFUSED = "refused"
    QUIT = "quit"


def user_id(name: str) -> int:
    """A console user's id, the same for the same name in every session (and fits a 64-bit integer)."""
    return int.from_bytes(hashlib.sha256(name.casefold().encode()).digest()[:6], "big")


@dataclass
class Session:
    gm: GameMaster
    clock: MovableClock
    printer: Printer
    speaker: str = FIRST_SPEAKER
    channel_id: int = FIRST_CHANNEL
    games: dict[int, int] = field(default_factory=dict)
    """Channel → the last game a reply there was about (it may be over since)."""

    async def line(self, text: str, request_id: str | None = None) -> Outcome:
        """Carry out one line and print what it brings, then fire the deadlines that passed and
        print theirs. With a ``request_id`` (a script line) what happened is recorded, so the
        line is never carried out twice (console.progress)."""
        outcome, reply = await self._carry_out(text, request_id)
        await self.deliver()  # the line's own news before what the deadlines it let pass bring
        fired = tuple(await self.gm.fire_due())
        for passed in fired:
            await self.printer.reply(passed, None, self.channel_id, announce=not passed.queued)
        await self.deliver()
        if request_id is not None:
            done = PlayedLine(outcome.value, reply, fired)
            await progress.record(self.gm.db, request_id, done, self.clock.now())
        return outcome

    async def replay(self, text: str, past: PlayedLine) -> Outcome:
        """A line done before (a script played again after a crash): print what it printed, but
        no pictures, which would show the game as it is now. The console's own commands run
        again: who types and the time are the session's, not the database's."""
        if past.reply is None:
            parsed = parse(text, SPECS)
            await OWN_ACTIONS[parsed.spec.name](self, parsed.values)
        else:
            self._saw(past.reply)
            await self.printer.reply(past.reply, self.speaker, self.channel_id, draw=False)
        for passed in past.fired:
            await self.printer.reply(passed, None, self.channel_id, draw=False)
        return Outcome(past.outcome)

    async def deliver(self) -> None:
        """Print the announcements waiting in the outbox (gm.outbox), marking each once printed:
        those of the line just carried out and of the deadlines it let pass, or those a crash
        left unprinted (a script's line carried out again after a restart prints them where an
        uninterrupted run did)."""
        for waiting in await self.gm.undelivered():
            channel = channel_tag(waiting.channel_id or self.channel_id)
            await self.printer.announcement(waiting.announcement, channel, waiting.game_id, draw=True)
            await self.gm.delivered(waiting.id)

    async def greet(self) -> None:
        """Who is typing where, what a crash left untold, and the game there if there is one."""
        self.printer.note(f"WarpWar console: you type as {self.speaker} in #game; /help lists the commands.")
        await self.deliver()
        status = await self.gm.status(self.channel_id)
        if status.ok:
            await self.printer.reply(status, self.speaker, self.channel_id)
        else:
            self.printer.note("No game here yet: /warpwar new opens one, /as bob lets bob type.")

    async def _carry_out(self, text: str, request_id: str | None) -> tuple[Outcome, Reply | None]:
        """The console's own command (no reply), or the game master's reply, or a refusal."""
        try:
            parsed = parse(text, SPECS)
            own = OWN_ACTIONS.get(parsed.spec.name)
            if own is not None:
                return await own(self, parsed.values), None
            actor = Actor(user_id(self.speaker), self.speaker, manager=True, request_id=request_id)
            context = Context(self.gm, actor, GUILD, self.channel_id, self.games.get(self.channel_id))
            reply = await TABLE[parsed.spec.name].call(context, parsed.values)
        except LineError as error:
            reply = refused(str(error), "bad-line")
        except GameSetAside as aside:  # a command that reads the game itself (gm.load)
            reply = aside.refusal()
        self._saw(reply)
        await self.printer.reply(reply, self.speaker, self.channel_id, announce=not reply.queued)
        return (Outcome.DONE if reply.ok else Outcome.REFUSED), reply

    def _saw(self, reply: Reply) -> None:
        """Keep the game a reply was about, for the commands that name it once it is over."""
        if reply.ok and reply.game_id is not None:
            self.games[self.channel_id] = reply.game_id

    # --- the console's own commands ------------------------------------------------------

    async def switch_speaker(self, v: dict[str, Any]) -> Outcome:
        name = " ".join(str(v["name"]).split())
        if not name:
            raise LineError("Say who types: like /as bob.")
        self.speaker = name
        return Outcome.DONE

    async def wait(self, v: dict[str, Any]) -> Outcome:
        span: timedelta = v["time"]
        if span <= timedelta():
            raise LineError("Wait for some time: like /wait 24h.")
        self.clock.advance(span)
        self.printer.note(f"{_hours(span)} later: it is now {self.clock.now():%a %d %b %H:%M} UTC.")
        return Outcome.DONE

    async def switch_channel(self, v: dict[str, Any]) -> Outcome:
        if v["number"] < 1:
            raise LineError("Channels are numbered from 1.")
        self.channel_id = v["number"]
        self.printer.note(f"Now in {channel_tag(self.channel_id)[1:-1]}.")
        return Outcome.DONE

    async def help(self, v: dict[str, Any]) -> Outcome:
        topic = str(v.get("topic", "")).strip().lstrip("/").lower()
        chosen = [
            s for name, s in SPECS.items() if not topic or name == topic or name.startswith(f"{topic} ")
        ]
        if not chosen:
            raise LineError(f"There is no command /{topic}: /help lists them all.")
        if not topic:
            self.printer.note(HELP_HEAD)
        for spec in chosen:
            self.printer.say("  " + (spec.usage if topic else spec.brief), f"— {spec.help}")
            for o in spec.options if topic else ():
                kind = "" if o.kind is Kind.TEXT else f" ({o.kind.value})"
                self.printer.say(f"      {o.name}:", f"{o.help}{kind}")
        game = self.games.get(self.channel_id)
        if not topic and game is not None:  # as /help on Discord: the next step in this game
            reply = await self.gm.what_next(Actor(user_id(self.speaker), self.speaker), game)
            self.printer.say(f"[to {self.speaker}]", f"Your next step here:\n{reply.text}")
        return Outcome.DONE

    async def quit(self, v: dict[str, Any]) -> Outcome:
        return Outcome.QUIT


OWN = (
    Spec(
        "as",
        "Type as someone else from now on.",
        (Option("name", "who", required=True),),
        ("name",),
        rest=True,
    ),
    Spec(
        "wait",
        "Let time pass (deadlines that pass fire).",
        (Option("time", "like 24h, 90m or 2d", Kind.DURATION, True),),
        ("time",),
    ),
    Spec(
        "channel", "Go to another channel.", (Option("number", "1 is #game", Kind.WHOLE, True),), ("number",)
    ),
    Spec(
        "help",
        "The commands, or one command's options.",
        (Option("topic", "a command"),),
        ("topic",),
        rest=True,
    ),
    Spec("quit", "Leave the console (the game is saved)."),
)
OWN_ACTIONS: dict[str, Callable[[Session, dict[str, Any]], Awaitable[Outcome]]] = {
    "as": Session.switch_speaker,
    "wait": Session.wait,
    "channel": Session.switch_channel,
    "help": Session.help,
    "quit": Session.quit,
}
SPECS: dict[str, Spec] = {**{s.name: s for s in OWN}, **{name: c.spec for name, c in TABLE.items()}}
"""Every command the console reads: its own (``/as``, ``/wait``, …) and the game's."""
HELP_HEAD = (
    "Commands are typed as in Discord: /group sub key:value, values with spaces in quotes.\n"
    "Everyone shares this keyboard: /as NAME says who types. /help COMMAND shows its options."
)


def _hours(span: timedelta) -> str:
    hours = span.total_seconds() / 3600
    return plural(hours, "hour")


# --- opening a session ---------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """Where the console keeps things; from bot.py's flags and the environment."""

    db: Path | str
    """The SQLite file, or a ``postgresql://`` address."""
    pictures: Path | None
    """None: draw no pictures."""
    seed: int | None = None
    """None: games draw their seed at random (at the prompt); scripts always have one."""
    requests_kept: timedelta = REQUESTS_KEPT
    """Answered requests older than this (by the session's clock) are pruned when it opens."""


@asynccontextmanager
async def open_session(
    setup: Setup, clock: MovableClock, write: Callable[[str], None] = print
) -> AsyncIterator[Session]:
    """A session over the database at ``setup.db``, closed when the block ends."""
    db = await open_database(setup.db)
    seed = setup.seed
    try:
        gm = GameMaster(
            db,
            clock,
            seeds=(lambda game_id: seed) if seed is not None else None,
            secrets=(lambda game_id: script_secret(seed, game_id)) if seed is not None else None,
            requests_kept=setup.requests_kept,
        )
        await gm.check_games()
        await gm.prune_requests()
        printer = Printer(clock, Album(gm, setup.pictures), write, bold=_is_terminal(sys.stdout))
        yield Session(gm, clock, printer)
    finally:
        await db.close()


def script_secret(seed: int, game_id: int) -> bytes:
    """A Warp Arena game's server seed in a seeded session (a script, the demo): fixed by the
    seed, so a script plays the same every run; at the prompt each game draws its own."""
    return hashlib.sha256(f"console:{seed}:{game_id}".encode()).digest()


def say(line: str) -> None:
    """Print one line at once: scripts are read line by line (and killed by tests mid-way)."""
    with contextlib.suppress(BrokenPipeError):
        print(line, flush=True)


def _is_terminal(stream: Any) -> bool:
    return bool(getattr(stream, "isatty", lambda: False)())


# --- scripts -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ScriptLine:
    number: int
    text: str
    request_id: str


def script_lines(path: Path) -> Iterator[ScriptLine]:
    """The lines to play: blank lines and ``#`` comments skipped. A line's request id names the
    file, the line and its text, so an edited line is a new request, not an old one replayed."""
    where = path.resolve()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.strip()
        if text and not text.startswith("#"):
            digest = hashlib.sha256(text.encode()).hexdigest()[:12]
            yield ScriptLine(number, text, f"script:{where}:{number}:{digest}")


async def play_script(session: Session, path: Path, keep_going: bool = False) -> int:
    """Play a script; 0 when every line was accepted. A refused line stops it with 1 (or, with
    ``keep_going``, the script plays on and ends with 1). Played again on the same database,
    the lines done before are replayed from their records, so it goes on where it stopped."""
    refused_lines: list[int] = []
    for line in script_lines(path):
        past = await progress.played(session.gm.db, line.request_id)
        mark = "   (done before the restart)" if past else ""
        session.printer.write(f"{session.speaker}> {line.text}{mark}")
        if past is not None:
            outcome = await session.replay(line.text, past)
        else:
            outcome = await session.line(line.text, line.request_id)
        if outcome is Outcome.QUIT:
            break
        if outcome is Outcome.REFUSED:
            refused_lines.append(line.number)
            if not keep_going:
                session.printer.note(
                    f"{path}:{line.number}: that line was refused; stopping (--keep-going plays on)."
                )
                return 1
    if refused_lines:
        numbers = ", ".join(map(str, refused_lines))
        session.printer.note(f"{path}: {plural(len(refused_lines), 'line')} refused: {numbers}.")
        return 1
    return 0


async def run_script(setup: Setup, path: Path, keep_going: bool) -> int:
    """``bot.py --script``: a fixed clock and seed, so every run of the script agrees."""
    seeded = setup if setup.seed is not None else replace(setup, seed=DEFAULT_SEED)
    async with open_session(seeded, ManualClock(SCRIPT_START), say) as session:
        return await play_script(session, path, keep_going)


# --- the prompt --------------------------------------------------------------------------


async def play_interactive(session: Session, read: Callable[[str], str | None], echo: bool = False) -> int:
    """Read lines until /quit or the end of input. ``read`` shows a prompt and returns a line
    (None at the end); ``echo`` prints each line as a script would (input from a pipe)."""
    await session.greet()
    while True:
        text = read("" if echo else f"{session.speaker}> ")
        if text is None:
            return 0
        text = text.strip()
        if not text or text.startswith("#"):
            continue
        if echo:
            session.printer.write(f"{session.speaker}> {text}")
        if await session.line(text) is Outcome.QUIT:
            return 0


def read_line(prompt: str) -> str | None:
    """One line from standard input; None at its end or on Ctrl-C / Ctrl-D.

    It blocks the event loop on purpose: nothing else runs in the console while it waits, and
    a line read in a worker thread could not be interrupted by Ctrl-C.
    """
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        return None


async def run_interactive(setup: Setup) -> int:
    """``bot.py --console``: the real time (moved on by /wait), at a prompt when on a terminal."""
    terminal = _is_terminal(sys.stdin)
    if terminal:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401 - line editing and history for input()
    async with open_session(setup, RunningClock(), say) as session:
        return await play_interactive(session, read_line, echo=not terminal)
