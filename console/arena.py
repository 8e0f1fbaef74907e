"""The console's Warp Arena commands: the same lines as ``/arena`` on Discord.

``/arena new players:3``, ``/arena join seed:"my seed"``, ``/arena start``, ``/arena settings
…``, then the game's own text form (docs/warparena-notation.md): ``/arena place grid 7 at
3:5`` or ``/arena place C 9-C``, ``/arena act draw``, ``/arena move H1 9-3 hop 10-2``,
``/arena play 81 as warp-grid``, ``/arena pass``, ``/arena cancel``; and what a player looks
at: ``/arena hand``, ``/arena map``, ``/arena status``, ``/arena log``, ``/arena dice``,
``/arena reactions pass on actions``. As the rest of the console, every line printed says who
it is for (``[to alice]`` is alice's alone on Discord).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import fields

from console.commands import TABLE, Command, Context, Values, _typed
from console.lines import Kind, Option, Spec
from gm.announce import Reply
from gm.warparena.reactions import REACTIONS
from gm.warparena.settings import ArenaSettings

_KINDS = {"str": Kind.TEXT, "int": Kind.WHOLE, "float": Kind.NUMBER, "bool": Kind.YES_NO}
SETTINGS = tuple(
    Option(f.name, f"default {_typed(f.default)}", _KINDS[str(f.type)]) for f in fields(ArenaSettings)
)
SEED = Option("seed", "your own seed for the fair dice (any text)")
TEXT = Option("text", "in the game's notation", required=True)


def _game(
    then: Callable[[Context, int, Values], Awaitable[Reply]],
) -> Callable[[Context, Values], Awaitable[Reply]]:
    """A call about the channel's Warp Arena game."""
    return lambda c, v: c.in_game(lambda game_id: then(c, game_id, v))


def typed(make: Callable[[str], str], spec: Spec) -> Command:
    """A command whose words, turned into the notation by ``make``, are played."""
    return Command(spec, _game(lambda c, g, v: c.gm.act_text(c.actor, g, make(str(v.get("text", ""))))))


def _words(name: str, help: str, required: bool = True) -> Spec:
    return Spec(
        name, help, (Option("text", "in the game's notation", required=required),), ("text",), rest=True
    )


def _place(text: str) -> str:
    first, _, rest = text.strip().partition(" ")
    return f"place-grid {rest}" if first.lower() == "grid" else f"place {text.strip()}"


async def _settings(c: Context, v: Values) -> Reply:
    if v:
        return await c.gm.change_settings(c.actor, c.channel_id, **v)

    async def show(game_id: int) -> Reply:
        loaded = await c.gm.load(game_id)
        shown = ", ".join(f"{k}:{_typed(value)}" for k, value in vars(loaded.settings).items())
        return Reply(True, f"Settings: {shown}.", game_id=game_id, channel_id=c.channel_id)

    return await c.in_game(show)


ARENA_COMMANDS: tuple[Command, ...] = (
    Command(
        Spec(
            "arena new",
            "Open a Warp Arena game in this channel.",
            (Option("title", "the game's name"), SEED, *SETTINGS),
        ),
        lambda c, v: c.gm.create(c.actor, c.guild_id, c.channel_id, kind="warparena", **v),
    ),
    Command(
        Spec("arena join", "Take a seat in the channel's Warp Arena game.", (SEED,)),
        lambda c, v: c.gm.join(c.actor, c.channel_id, seed=v.get("seed")),
    ),
    Command(
        Spec("arena start", "Start the game (its creator)."), lambda c, v: c.gm.start(c.actor, c.channel_id)
    ),
    Command(
        Spec("arena settings", "Show the settings, or change them (once running: deadlines).", SETTINGS),
        _settings,
    ),
    typed(_place, _words("arena place", "Place a grid (grid 7 at 3:5 turned 2) or a piece (C 9-C).")),
    typed(
        lambda t: t, _words("arena act", "Any command in the game's notation (draw, rotate 9 by 2, end...).")
    ),
    typed(lambda t: t, _words("arena move", "Move and engage: H1 9-3 hop 10-2; B1 fire 9-3.")),
    typed(lambda t: f"play {t}", _words("arena play", "Play a card: 81 as warp-grid, 12 on 7.")),
    Command(
        Spec("arena pass", "Let the action or card in the window stand."),
        _game(lambda c, g, v: c.gm.act_text(c.actor, g, "pass")),
    ),
    typed(
        lambda t: f"cancel {t}".strip(),
        _words("arena cancel", "Cancel with a Wild Warp (a card number: which).", required=False),
    ),
    Command(
        Spec("arena hand", "Your hand (yours alone)."), _game(lambda c, g, v: c.gm.arena_hand(c.actor, g))
    ),
    Command(
        Spec("arena map", "Save a picture of the arena."), _game(lambda c, g, v: c.gm.arena_map(c.actor, g))
    ),
    Command(
        Spec("arena status", "Where the game stands."), _game(lambda c, g, v: c.gm.arena_status(c.actor, g))
    ),
    Command(
        Spec(
            "arena log",
            "The story so far, a page at a time.",
            (Option("page", "0 is the latest", Kind.WHOLE),),
        ),
        _game(lambda c, g, v: c.gm.arena_log(c.actor, g, v.get("page", 0))),
    ),
    Command(
        Spec("arena dice", "The dice's commitment and seeds (and, at the end, how to check them)."),
        _game(lambda c, g, v: c.gm.arena_dice(c.actor, g)),
    ),
    Command(
        Spec("arena concede", "Give up the game."), _game(lambda c, g, v: c.gm.arena_concede(c.actor, g))
    ),
    Command(
        Spec(
            "arena reactions",
            f"Your standing answer to windows: {', '.join(REACTIONS)}.",
            (Option("answer", "which"),),
            ("answer",),
            rest=True,
        ),
        _game(lambda c, g, v: c.gm.arena_reactions(c.actor, g, str(v.get("answer", "")))),
    ),
)

ALL_COMMANDS: dict[str, Command] = {**TABLE, **{c.spec.name: c for c in ARENA_COMMANDS}}
"""Every game command of the console: WarpWar's and Warp Arena's."""
