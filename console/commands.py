"""Every game command of the console, as one table: how it is typed and which GameMaster call it makes.

The commands mirror the slash commands of the Discord bot (``/warpwar``, ``/warpwar-admin``,
``/build``, ``/move``, ``/combat``, ``/orders``, ``/standing``, ``/games`` and the private
views), so a game learnt here plays the same there. Options are named as the game master's
parameters, so most entries pass what was typed straight through. Combat orders come by direct
message on Discord, naming the game; here they go to the game of the current channel.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from console.lines import Kind, LineError, Option, Spec
from gm.announce import Picture, Reply, refused
from gm.service import Actor, GameMaster
from gm.warpwar import rules_summary
from gm.warpwar.phases import Ending
from gm.warpwar.settings import Settings

Values = dict[str, Any]
Call = Callable[["Context", Values], Awaitable[Reply]]
Method = Callable[..., Awaitable[Reply]]
"""An unbound GameMaster method (``GameMaster.build_ship``), so mypy checks that it exists."""


@dataclass(frozen=True)
class Context:
    """Who is acting, where: what every call needs besides the options typed."""

    gm: GameMaster
    actor: Actor
    guild_id: int
    channel_id: int
    last_game: int | None = None
    """The game this channel had last (it may be over): orders and reports still name it."""

    async def in_game(self, then: Callable[[int], Awaitable[Reply]]) -> Reply:
        """Call ``then`` with the id of the channel's game (Discord's DMs name it instead): the
        live one, else the last one seen here, so a finished game's reports can still be read
        and a script played again after the end gets its stored replies."""
        row = await self.gm.game_in(self.channel_id)
        game_id = row.id if row is not None else self.last_game
        if game_id is None:
            return refused("There is no game in this channel; start one with /warpwar new.", "no-game")
        return await then(game_id)

    async def seat(self, game_id: int) -> str | None:
        """The acting user's name in the game, if they play in it."""
        seat = (await self.gm.load(game_id)).seat_of(self.actor.user_id)
        return seat.name if seat else None


@dataclass(frozen=True)
class Command:
    spec: Spec
    call: Call


def on_channel(method: Method) -> Call:
    """A call about the channel's game: ``method(actor, channel_id, **options)``."""
    return lambda c, v: method(c.gm, c.actor, c.channel_id, **v)


def on_game(method: Method) -> Call:
    """A call naming the game by its id (combat orders, standing orders, reports)."""
    return lambda c, v: c.in_game(lambda game_id: method(c.gm, c.actor, game_id, **v))


def transfer(drop: bool) -> Call:
    """Pick up or drop a Systemship: ``ship`` is the carrier."""
    return lambda c, v: c.gm.transfer(c.actor, c.channel_id, v["ship"], v["systemship"], drop=drop)


def end_phase(phase: Ending) -> Call:
    """`/build done` or `/move done`: each ends only its own phase (the game master checks)."""
    return lambda c, v: c.gm.done(c.actor, c.channel_id, phase=phase)


async def show_or_change_settings(c: Context, v: Values) -> Reply:
    """With options, change them; without, say what they are (the game master would store
    an empty change and announce "Settings changed: ." instead)."""
    if v:
        return await c.gm.change_settings(c.actor, c.channel_id, **v)

    async def show(game_id: int) -> Reply:
        settings = (await c.gm.load(game_id)).shown_settings
        shown = ", ".join(f"{k}:{_typed(value)}" for k, value in settings.items())
        return Reply(True, f"Settings: {shown}.", game_id=game_id, channel_id=c.channel_id)

    return await c.in_game(show)


async def standing(c: Context, v: Values) -> Reply:
    """A ship's standing orders (``orders:""`` clears them) or its damage priority."""
    if ("orders" in v) == ("damage" in v):
        raise LineError('Give the ship\'s standing orders:"…" or its damage:"…" priority (one of them).')
    if "orders" in v:
        return await standing_orders(c, v)
    return await damage_priority(c, {"ship": v["ship"], "priority": v["damage"]})


async def standing_orders(c: Context, v: Values) -> Reply:
    """``/standing orders``, as in Discord: no orders clear them."""
    return await c.in_game(lambda g: c.gm.standing_orders(c.actor, g, v["ship"], v.get("orders") or None))


async def damage_priority(c: Context, v: Values) -> Reply:
    """``/standing damage``, as in Discord: no priority restores the default."""
    return await c.in_game(lambda g: c.gm.damage_priority(c.actor, g, v["ship"], v.get("priority", "")))


async def rules(c: Context, v: Values) -> Reply:
    """One topic of the rules summary (as ``/warpwar rules`` in Discord), privately."""
    topic = v["topic"].strip().lower()
    if topic not in rules_summary.TOPICS:
        raise LineError(
            f"There is no rules topic {v['topic']!r}; choose one of: {rules_summary.topics_text()}."
        )
    return Reply(True, rules_summary.rules_text(topic))


async def crt(c: Context, v: Values) -> Reply:
    """The Combat Results Table (as ``/warpwar crt``), privately."""
    return Reply(True, rules_summary.crt_text())


async def send_orders(c: Context, v: Values) -> Reply:
    """/orders: sent by the game master; orders held for confirmation say how to confirm here."""
    return await c.in_game(
        lambda game_id: _confirm_hint(c, game_id, v["star"], c.gm.submit_orders(c.actor, game_id, **v))
    )


async def show_orders(c: Context, v: Values) -> Reply:
    """/orders show: the battle as the player sees it, and how to confirm orders held."""
    return await c.in_game(
        lambda game_id: _confirm_hint(c, game_id, v["star"], c.gm.situation(c.actor, game_id, **v))
    )


async def _confirm_hint(c: Context, game_id: int, star: str, call: Awaitable[Reply]) -> Reply:
    """The reply, told how to confirm here when the player's orders at ``star`` are held."""
    reply = await call
    state = await c.gm.stored_state(game_id)
    hex_name = state.map.resolve(star) if state is not None else None
    battle = state.battle(hex_name) if state is not None and hex_name is not None else None
    player = await c.seat(game_id)
    if reply.ok and battle is not None and player is not None and player in battle.pending:
        how = f"To confirm: `/orders star:{star} confirm:yes`."
        return replace(reply, text=f"{reply.text}\n{how}")
    return reply


async def map_picture(c: Context, v: Values) -> Reply:
    """The map, zoomed ``around`` some stars, in public or (``mine:yes``) as the speaker sees it."""
    return await c.in_game(
        lambda game_id: c.gm.map_picture(
            c.actor, around=v.get("around", ""), mine=bool(v.get("mine")), game_id=game_id
        )
    )


async def fleet_card(c: Context, v: Values) -> Reply:
    """The speaker's private fleet card."""

    async def draw(game_id: int) -> Reply:
        viewer = await c.seat(game_id)
        if viewer is None:
            return refused("You have no ships in this game.", "not-seated")
        return _picture_reply(c, game_id, Picture("fleet", viewer=viewer), private=True)

    return await c.in_game(draw)


def _picture_reply(c: Context, game_id: int, picture: Picture, private: bool) -> Reply:
    return Reply(True, "", private=private, game_id=game_id, channel_id=c.channel_id, pictures=(picture,))


def _typed(value: object) -> str:
    """A setting as it is typed: yes/no, 48 rather than 48.0."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:g}" if isinstance(value, float) else f"{value}"


_KINDS = {"str": Kind.TEXT, "int": Kind.WHOLE, "float": Kind.NUMBER, "bool": Kind.YES_NO}
SETTINGS = tuple(
    Option(f.name, f"default {_typed(f.default)}", _KINDS[str(f.type)]) for f in fields(Settings)
)
"""A game's settings as options, straight from gm.warpwar.settings (one source of truth)."""

SHIP = Option("ship", "your ship's label or name, like W1 or Reliant", required=True)
STAR = Option("star", "a star's name (or a hex number)", required=True)
AMOUNT = Option("amount", "Build Points", Kind.WHOLE, required=True)
AROUND = Option("around", 'stars to zoom around, like Kish or "Kish Ur"')
MINE = Option("mine", "yes: the map as you see it, with your own ships in full", Kind.YES_NO)
ALLIANCE = Option("alliance", "your alliance's name (revised rules)")

COMMANDS: tuple[Command, ...] = (
    # /warpwar: a game's life in its channel
    Command(
        Spec(
            "warpwar new",
            "Open a game in this channel.",
            (Option("title", "the game's name"), ALLIANCE, *SETTINGS),
        ),
        lambda c, v: c.gm.create(c.actor, c.guild_id, c.channel_id, **v),
    ),
    Command(
        Spec("warpwar join", "Take a seat in the channel's game.", (ALLIANCE,)), on_channel(GameMaster.join)
    ),
    Command(Spec("warpwar leave", "Give up your seat before the start."), on_channel(GameMaster.leave)),
    Command(Spec("warpwar start", "Start the game (its creator)."), on_channel(GameMaster.start)),
    Command(
        Spec(
            "warpwar settings",
            "Show the settings, or change them (once running: deadlines, announce).",
            SETTINGS,
        ),
        show_or_change_settings,
    ),
    Command(
        Spec(
            "warpwar end",
            "Choose your map end (the player moving second, before the first turn).",
            (Option("end", "the end you will defend, like north", required=True),),
            positional=("end",),
        ),
        on_channel(GameMaster.choose_end),
    ),
    Command(
        Spec("warpwar status", "Where the game stands."), lambda c, v: c.gm.status(c.channel_id, c.actor)
    ),
    Command(Spec("warpwar map", "Save a picture of the map.", (AROUND, MINE)), map_picture),
    Command(
        Spec(
            "warpwar log",
            "The story so far, a page at a time.",
            (Option("page", "1 is the latest", Kind.WHOLE),),
        ),
        lambda c, v: c.gm.log(c.channel_id, **v),
    ),
    Command(Spec("warpwar concede", "Give up the game."), on_channel(GameMaster.concede)),
    # /warpwar-admin: the tools of the game's creator and the server's managers
    Command(
        Spec("warpwar-admin abandon", "End the game for everyone (its creator or a server manager)."),
        on_channel(GameMaster.abandon),
    ),
    Command(Spec("warpwar-admin pause", "Stop the deadlines."), on_channel(GameMaster.pause)),
    Command(Spec("warpwar-admin resume", "Start the deadlines again."), on_channel(GameMaster.resume)),
    Command(
        Spec("warpwar-admin release", "Put a game set aside after an error back in play (a server manager)."),
        on_channel(GameMaster.release),
    ),
    Command(
        Spec(
            "warpwar-admin extend",
            "Move every deadline on.",
            (Option("hours", "how many", Kind.NUMBER, True),),
        ),
        on_channel(GameMaster.extend),
    ),
    Command(
        Spec(
            "warpwar rules",
            "A short summary of one part of the rules.",
            (Option("topic", ", ".join(rules_summary.TOPICS), required=True),),
            positional=("topic",),
        ),
        rules,
    ),
    Command(Spec("warpwar crt", "The Combat Results Table."), crt),
    Command(
        Spec("warpwar-admin defaults", "Default settings for new games in this server.", SETTINGS),
        lambda c, v: c.gm.server_defaults(c.actor, c.guild_id, **v),
    ),
    # /build: the build phase
    Command(
        Spec(
            "build ship",
            "Build a ship at a base star.",
            (STAR, Option("design", 'like "WG=1 PD=5 B=3"', required=True), Option("name", "a name for it")),
        ),
        on_channel(GameMaster.build_ship),
    ),
    Command(
        Spec(
            "build repair",
            "Repair a ship at a base.",
            (SHIP, Option("amounts", 'like "B=2 S=1"', required=True)),
        ),
        on_channel(GameMaster.repair),
    ),
    Command(
        Spec(
            "build resupply",
            "Buy Missiles and Shells.",
            (SHIP, Option("missiles", "how many", Kind.WHOLE), Option("shells", "how many", Kind.WHOLE)),
        ),
        on_channel(GameMaster.resupply),
    ),
    Command(Spec("build scrap", "Scrap a ship.", (SHIP,)), on_channel(GameMaster.scrap)),
    Command(
        Spec("build base", "Pay towards a Base at a star.", (STAR, AMOUNT)), on_channel(GameMaster.build_base)
    ),
    Command(
        Spec("build load", "Load BP into a ship's Holds.", (SHIP, AMOUNT)), on_channel(GameMaster.load_hold)
    ),
    Command(
        Spec("build unload", "Unload BP from Holds.", (SHIP, AMOUNT)), on_channel(GameMaster.unload_hold)
    ),
    Command(
        Spec(
            "build split",
            "Share the starting BP among your bases.",
            (Option("allocation", 'like "Ur=10 Mosul=5"', required=True),),
        ),
        on_channel(GameMaster.split_bp),
    ),
    Command(Spec("build done", "End the build phase."), end_phase("build")),
    # /move: the move phase
    Command(
        Spec(
            "move ship",
            "Move a ship along a path or to a destination.",
            (
                SHIP,
                Option("path", 'hexes or stars in order, like "Umma Girsu"'),
                Option("to", "a destination"),
                Option("drop", 'Systemships to drop on arrival, enemy there or not, like "S10 S11"'),
            ),
        ),
        on_channel(GameMaster.move),
    ),
    Command(
        Spec(
            "move pickup", "Take a Systemship aboard.", (SHIP, Option("systemship", "like S1", required=True))
        ),
        transfer(drop=False),
    ),
    Command(
        Spec("move drop", "Leave a Systemship here.", (SHIP, Option("systemship", "like S1", required=True))),
        transfer(drop=True),
    ),
    Command(Spec("move undo", "Take back your last move, if it met nobody."), on_channel(GameMaster.undo)),
    Command(
        Spec("move done", "End the move phase (combat follows if ships meet), or the rearrangement."),
        end_phase("move"),
    ),
    # combat
    Command(
        Spec(
            "combat order",
            "Choose the order of this turn's battles.",
            (Option("stars", '"Kish Ur"', required=True),),
        ),
        on_channel(GameMaster.order_battles),
    ),
    Command(
        Spec(
            "orders",
            "Send (or amend) your sealed orders for this round at a star, ship by ship if you like.",
            (
                STAR,
                Option("text", '"W1 ATTACKS W2: D=2 B=3; M at W2: D=3"'),
                Option(
                    "replace", "yes: these replace all the orders you sent (else they are added)", Kind.YES_NO
                ),
                Option("confirm", "yes: seal them although some ships have no orders", Kind.YES_NO),
            ),
        ),
        send_orders,
    ),
    Command(Spec("orders show", "The battle at a star as you see it.", (STAR,)), show_orders),
    Command(
        Spec(
            "standing",
            "A ship's standing orders or damage priority.",
            (
                SHIP,
                Option("orders", 'like "W1 ATTACKS W2: D=2 B=3" ("" clears)'),
                Option("damage", '"A, S 2"'),
            ),
        ),
        standing,
    ),
    Command(
        Spec(
            "standing orders",
            "A ship's standing combat orders (as in Discord; leave orders out to clear them).",
            (SHIP, Option("orders", 'like "W1 ATTACKS W2: D=2 B=3"')),
        ),
        standing_orders,
    ),
    Command(
        Spec(
            "standing damage",
            "Where a ship takes hits first (as in Discord; leave priority out for the default).",
            (SHIP, Option("priority", 'like "A, S 2, B"')),
        ),
        damage_priority,
    ),
    Command(
        Spec("reports", "Your latest battle reports.", (Option("last", "how many rounds", Kind.WHOLE),)),
        on_game(GameMaster.battle_reports),
    ),
    # what you look at
    Command(
        Spec("fleet", "Your ships and Build Points."),
        lambda c, v: c.in_game(lambda g: c.gm.fleet(c.actor, game_id=g)),
    ),
    Command(
        Spec(
            "ship",
            "One of your ships.",
            (Option("label", "like W1 or Reliant", required=True),),
            positional=("label",),
        ),
        lambda c, v: c.in_game(lambda g: c.gm.ship(c.actor, v["label"], game_id=g)),
    ),
    Command(Spec("map", "Save a picture of the map (as /warpwar map).", (AROUND, MINE)), map_picture),
    Command(Spec("fleetcard", "Save a picture of your fleet card."), fleet_card),
    Command(
        Spec("games", "Your games here: where it is your turn, the deadlines."),
        lambda c, v: c.gm.my_games(c.actor, c.guild_id),
    ),
)

TABLE: dict[str, Command] = {c.spec.name: c for c in COMMANDS}
