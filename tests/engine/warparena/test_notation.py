"""The text form of every Warp Arena command (engine.warparena.notation, docs/warparena-notation.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.warparena import arena
from engine.warparena.cards import CardKind
from engine.warparena.commands import (
    AddInitiativeCard,
    AttackField,
    Cancel,
    Command,
    Concede,
    Conversion,
    Convert,
    DeadlinePassed,
    DestroyHex,
    DistanceAttack,
    DoubleWarp,
    DrawCard,
    EndCards,
    EndPhase,
    FightOrder,
    Handover,
    Leave,
    MatchUps,
    MoveAndEngage,
    OpponentOrder,
    OrientGrids,
    Pairing,
    Pass,
    PieceMove,
    PlaceGrid,
    PlacePD,
    PlacePiece,
    PlayCard,
    PlaySpecialCards,
    PutGrid,
    RandomPD,
    Redistribute,
    RotateGrid,
    SealCard,
    SwapGrids,
    WarpConverter,
    WarpGrid,
    WarpOwnPiece,
    WarpPiece,
)
from engine.warparena.dice import SeededDice
from engine.warparena.game import Accepted, GameSetup, Rejected, apply, new_game
from engine.warparena.hexes import HexName, hex_name
from engine.warparena.notation import NotationError, choose_wild_warp, format_command, parse_command
from engine.warparena.pieces import PieceRef
from engine.warparena.state import GameState, Stage
from engine.warparena.waiting import Decision
from tests.engine.warparena.legal import step

# --- strategies ----------------------------------------------------------------------------------

names = st.from_regex(r"[A-Za-z0-9_-]{1,12}", fullmatch=True)
grids = st.integers(1, 20)
cards = st.integers(1, 84)
rotations = st.integers(0, 5)
slots = st.integers(1, 18)
pd_counts = st.integers(0, 4)
wild_values = st.integers(1, 5)
labels = st.just("C") | st.builds(lambda kind, n: f"{kind}{n}", st.sampled_from("DHBW"), st.integers(1, 5))
hexes = st.builds(hex_name, grids, st.integers(0, 6))
optional_card_choice = st.tuples(st.none() | cards, st.none() | wild_values)


place_grids = st.builds(PlaceGrid, names, grids, st.none(), st.none(), rotations) | st.builds(
    PlaceGrid, names, grids, grids, slots, rotations
)


piece_moves = st.builds(
    PieceMove,
    labels,
    st.lists(hexes, max_size=4).map(tuple) | st.tuples(hexes, hexes),
    hop=st.booleans(),
    leave=st.none() | st.sampled_from(Leave),
    pick_up=pd_counts,
    pick_up_at=st.none() | hexes,
    steal=pd_counts,
).filter(lambda move: not move.hop or len(move.path) == 2)


def _tuples(elements: st.SearchStrategy[object], most: int = 4) -> st.SearchStrategy[tuple[object, ...]]:
    return st.lists(elements, max_size=most).map(tuple)


COMMANDS: dict[type, st.SearchStrategy[object]] = {
    PlaceGrid: place_grids,
    PlacePiece: st.builds(PlacePiece, names, labels, hexes),
    AddInitiativeCard: st.builds(AddInitiativeCard, names, st.none() | cards),
    RandomPD: st.builds(RandomPD, names),
    PlacePD: st.builds(PlacePD, names, hexes),
    DestroyHex: st.builds(DestroyHex, names, grids),
    WarpGrid: st.builds(WarpGrid, names),
    DrawCard: st.builds(DrawCard, names),
    RotateGrid: st.builds(RotateGrid, names, grids, rotations),
    Convert: st.builds(
        Convert,
        names,
        st.lists(
            st.builds(Conversion, st.sampled_from(["D", "H", "B", "W", "cards"]), st.none() | hexes),
            min_size=1,
            max_size=4,
        ).map(tuple),
        _tuples(labels | st.just("loose")),
    ),
    WarpConverter: st.builds(WarpConverter, names),
    MoveAndEngage: st.builds(
        MoveAndEngage,
        names,
        _tuples(piece_moves),
        _tuples(st.builds(Handover, labels, labels, pd_counts)),
        _tuples(st.builds(DistanceAttack, labels, hexes)),
        _tuples(hexes),
    ),
    PlaySpecialCards: st.builds(PlaySpecialCards, names),
    PlayCard: st.builds(PlayCard, names, cards, st.none() | grids, st.none() | st.sampled_from(CardKind)),
    EndCards: st.builds(EndCards, names),
    WarpPiece: names.flatmap(
        lambda player: st.builds(
            WarpPiece, st.just(player), st.builds(PieceRef, st.just(player) | names, labels)
        )
    ),
    DoubleWarp: st.builds(DoubleWarp, names, grids),
    SwapGrids: st.builds(SwapGrids, names, grids, grids, st.none() | rotations, st.none() | rotations),
    WarpOwnPiece: st.builds(WarpOwnPiece, names, labels, hexes),
    EndPhase: st.builds(EndPhase, names),
    PutGrid: st.builds(PutGrid, names, grids, slots, rotations, st.none() | grids),
    OrientGrids: st.builds(OrientGrids, names, rotations, rotations),
    Pass: st.builds(Pass, names),
    Cancel: st.builds(Cancel, names, st.none() | cards),
    Redistribute: st.builds(Redistribute, names, st.dictionaries(labels, pd_counts, max_size=5)),
    AttackField: st.tuples(names, labels, optional_card_choice).map(lambda t: AttackField(t[0], t[1], *t[2])),
    MatchUps: st.builds(MatchUps, names, _tuples(st.builds(Pairing, labels, labels))),
    FightOrder: st.builds(FightOrder, names, _tuples(labels)),
    SealCard: st.tuples(names, optional_card_choice).map(lambda t: SealCard(t[0], *t[1])),
    OpponentOrder: st.builds(OpponentOrder, names, _tuples(names)),
    DeadlinePassed: st.builds(DeadlinePassed, st.text(max_size=30).map(str.strip)),
    Concede: st.builds(Concede, names),
}
"""A strategy for each command type, given by any player."""
commands = st.one_of(*COMMANDS.values())


# --- round trips ---------------------------------------------------------------------------------


def test_every_command_has_a_strategy() -> None:
    """Issue 12, deliverable 4: the round-trip property below covers every command of
    engine.warparena.commands, so no command is left without a text form."""
    assert set(COMMANDS) == set(get_args(Command))


@settings(max_examples=300, deadline=None)
@given(commands)
def test_printing_then_parsing_gives_the_command_back(command: Command) -> None:
    """Issue 12, deliverable 4: for every command, parse_command(format_command(c)) == c."""
    player = getattr(command, "player", "ann")
    assert parse_command(format_command(command), player, referee=True) == command


@settings(max_examples=100, deadline=None)
@given(commands)
def test_the_text_is_read_in_any_case(command: Command) -> None:
    """Issue 12, deliverable 4: keywords, labels and hexes are read in any case (R-WA-MAP-2 for
    hexes); only a player's name keeps the case it was written in."""
    player = getattr(command, "player", "ann")
    if isinstance(command, WarpPiece | OpponentOrder | DeadlinePassed):
        return
    assert parse_command(format_command(command).upper(), player, referee=True) == command
    assert parse_command(format_command(command).lower(), player, referee=True) == command


# --- the examples --------------------------------------------------------------------------------

H = HexName
EXAMPLES: list[tuple[str, Command]] = [
    ("place-grid 7", PlaceGrid("ann", 7)),
    ("place-grid 7 at 3:5 turned 2", PlaceGrid("ann", 7, 3, 5, 2)),
    ("place C 9-C", PlacePiece("ann", "C", H("9-C"))),
    ("destroy-hex 9", DestroyHex("ann", 9)),
    ("warp-grid", WarpGrid("ann")),
    ("put-grid 7 at 3:5 turned 1", PutGrid("ann", 3, 5, 1, grid=7)),
    ("put-grid at 3:5", PutGrid("ann", 3, 5)),
    ("draw", DrawCard("ann")),
    ("rotate 9 by 2", RotateGrid("ann", 9, 2)),
    ("convert 3 as D D cards", Convert("ann", (Conversion("D"), Conversion("D"), Conversion("cards")))),
    (
        "convert 2 as H at 9-3 cards from H1 loose",
        Convert("ann", (Conversion("H", H("9-3")), Conversion("cards")), ("H1", "loose")),
    ),
    ("warp-converter", WarpConverter("ann")),
    (
        "H1 9-3 hop 10-2; W1 9-1 9-2 12-C take 1; D2 7-4 fortify; give H1 W1 2; B1 fire 9-3; order 9-3 10-2",
        MoveAndEngage(
            "ann",
            moves=(
                PieceMove("H1", (H("9-3"), H("10-2")), hop=True),
                PieceMove("W1", (H("9-1"), H("9-2"), H("12-C")), pick_up=1),
                PieceMove("D2", (H("7-4"),), leave=Leave.FORTIFY),
            ),
            handovers=(Handover("H1", "W1", 2),),
            attacks=(DistanceAttack("B1", H("9-3")),),
            order=(H("9-3"), H("10-2")),
        ),
    ),
    ("H2 4-1 hop 4-5 steal 2", MoveAndEngage("ann", (PieceMove("H2", (H("4-1"), H("4-5")), True, steal=2),))),
    (
        "W2 4-1 4-2 4-3 take 2 at 4-1",
        MoveAndEngage(
            "ann", (PieceMove("W2", (H("4-1"), H("4-2"), H("4-3")), pick_up=2, pick_up_at=H("4-1")),)
        ),
    ),
    ("move", MoveAndEngage("ann")),
    ("play-cards", PlaySpecialCards("ann")),
    ("play 12", PlayCard("ann", 12)),
    ("play 81 as warp-grid", PlayCard("ann", 81, as_kind=CardKind.WARP_GRID)),
    ("play 45 on 9", PlayCard("ann", 45, grid=9)),
    ("end-cards", EndCards("ann")),
    ("warp-piece bob:H2", WarpPiece("ann", PieceRef("bob", "H2"))),
    ("warp-piece W3", WarpPiece("ann", PieceRef("ann", "W3"))),
    ("double-warp 9", DoubleWarp("ann", 9)),
    ("orient 2 0", OrientGrids("ann", 2, 0)),
    ("swap 9 12 turned 1 0", SwapGrids("ann", 9, 12, 1, 0)),
    ("swap 9 12 turned keep 4", SwapGrids("ann", 9, 12, None, 4)),
    ("swap 9 12", SwapGrids("ann", 9, 12)),
    ("warp-own W1 to 9-3", WarpOwnPiece("ann", "W1", H("9-3"))),
    ("end", EndPhase("ann")),
    ("pass", Pass("ann")),
    ("cancel", Cancel("ann")),
    ("cancel 33", Cancel("ann", 33)),
    ("pds H1 2 W1 0", Redistribute("ann", {"H1": 2, "W1": 0})),
    ("field H1 card 12", AttackField("ann", "H1", 12)),
    ("field B2 wild 3", AttackField("ann", "B2", None, 3)),
    ("field B2 card 81 as 3", AttackField("ann", "B2", 81, 3)),
    ("field W1", AttackField("ann", "W1")),
    ("match H1-W2 B1-D1", MatchUps("ann", (Pairing("H1", "W2"), Pairing("B1", "D1")))),
    ("fight-order H1 B1", FightOrder("ann", ("H1", "B1"))),
    ("seal 12", SealCard("ann", 12)),
    ("seal none", SealCard("ann")),
    ("seal 81 as 4", SealCard("ann", 81, 4)),
    ("seal wild 4", SealCard("ann", None, 4)),
    ("opponents bob carl", OpponentOrder("ann", ("bob", "carl"))),
    ("initiative 12", AddInitiativeCard("ann", 12)),
    ("initiative none", AddInitiativeCard("ann")),
    ("random-pd", RandomPD("ann")),
    ("place-pd 9-3", PlacePD("ann", H("9-3"))),
    ("concede", Concede("ann")),
]


def test_match_ups_are_written_attacker_first() -> None:
    """R-WA-X-33: ``match H1-W2`` pairs the attacker's H1 with the defender's W2, whoever chooses."""
    assert parse_command("match H1-W2", "bob") == MatchUps("bob", (Pairing(attacker="H1", defender="W2"),))


def test_a_wild_warp_may_be_played_by_value_alone() -> None:
    """R-WA-X-34, R-WA-CBT-1: ``seal wild 4`` and ``field B2 wild 3`` name no card, only the value;
    ``seal 81 as 4`` names the Wild Warp too."""
    assert parse_command("seal wild 4", "ann") == SealCard("ann", card=None, wild_value=4)
    assert parse_command("field B2 wild 3", "ann") == AttackField("ann", "B2", card=None, wild_value=3)
    assert parse_command("seal 81 as 4", "ann") == SealCard("ann", card=81, wild_value=4)


def test_put_grid_may_name_the_grid_it_puts() -> None:
    """R-WA-X-35, R-WA-MAP-5: ``put-grid 7 at 3:5`` carries grid 7 for the engine to check against
    the roll; ``put-grid at 3:5`` puts whatever grid was rolled."""
    assert parse_command("put-grid 7 at 3:5", "ann") == PutGrid("ann", 3, 5, grid=7)
    assert parse_command("put-grid at 3:5 turned 4", "ann") == PutGrid("ann", 3, 5, 4, grid=None)


@pytest.mark.parametrize(("text", "command"), EXAMPLES, ids=[text for text, _ in EXAMPLES])
def test_each_example_reads_as_its_command_and_prints_back(text: str, command: Command) -> None:
    """Issue 12, deliverable 4: set-up (3.1, 3.3), the twelve actions of 4.2, the decisions they
    ask for, the reaction window (R-WA-CARD-3), fight choices (6.1, R-WA-CBT-1/4) and
    concession (R-WA-WIN-2), each example as the players' documentation writes it."""
    assert parse_command(text, "ann") == command
    assert format_command(command) == text


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("Place-Grid 7 AT 3:5 Turned 2", PlaceGrid("ann", 7, 3, 5, 2)),
        ("place-grid 7 turned 2 at 3:5", PlaceGrid("ann", 7, 3, 5, 2)),
        ("place c 9ctr", PlacePiece("ann", "C", H("9-C"))),
        ("PLACE-PD 9.3", PlacePD("ann", H("9-3"))),
        (
            "w1 9-0, 9c;  d1 2-1 DESTROY;",
            MoveAndEngage(
                "ann",
                (
                    PieceMove("W1", (H("9-C"), H("9-C"))),
                    PieceMove("D1", (H("2-1"),), leave=Leave.DESTROY),
                ),
            ),
        ),
        ("move give h1 w1 1", MoveAndEngage("ann", handovers=(Handover("H1", "W1", 1),))),
        ("play 45 on 9 as DESTROY-HEX", PlayCard("ann", 45, 9, CardKind.DESTROY_HEX)),
        ("convert as d cards", Convert("ann", (Conversion("D"), Conversion("cards")))),
        ("seal card 12", SealCard("ann", 12)),
        ("field h1 12", AttackField("ann", "H1", 12)),
        ("end_cards", EndCards("ann")),
    ],
)
def test_players_may_write_it_their_way(text: str, command: Command) -> None:
    """Issue 12, deliverable 4 and R-WA-MAP-2: any case, every hex spelling of parse_hex, optional
    parts in any order, commas or spaces between words, ``_`` for ``-`` in a command's name."""
    assert parse_command(text, "ann") == command


def test_deadline_passed_is_the_game_masters() -> None:
    """R-WA-CBT-5 / R-WA-TURN-2: a deadline's default is applied by the game master; a player who
    types ``deadline-passed`` is refused, the game master's own line is read with its note."""
    assert parse_command("deadline-passed  combat 2 ", "gm", referee=True) == DeadlinePassed("combat 2")
    with pytest.raises(NotationError) as error:
        parse_command("deadline-passed", "ann")
    assert (error.value.start, error.value.end) == (0, 15)


# --- errors point at the wrong words -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wrong", "message"),
    [
        ("", "", "expected a command, e.g. draw, rotate 9 by 2, or H1 9-3"),
        ("rotat 9 by 2", "rotat", 'expected a command, not "rotat": did you mean "rotate"?'),
        ("rotate 9 by x", "x", 'expected how far to turn it, in sixth-turns clockwise (0-5), not "x"'),
        ("rotate 9 x 2", "x", 'expected "by", not "x"'),
        ("play 99", "99", 'expected a card number (1-84), not "99"'),
        (
            "play 12 as joker",
            "joker",
            "expected a card kind: combat, destroy-hex, warp-grid, double-warp, "
            'create-pd or wild-warp, not "joker"',
        ),
        ("play 12 on 3 on 4", "on", 'expected "as" or the end, not "on"'),
        ("place C 21-3", "21-3", 'expected a hex like 9-3 or 9-C (grids 1-20), not "21-3"'),
        ("place X1 9-3", "X1", 'expected a piece\'s label (C, D1, H2, B3, W4), not "X1"'),
        (
            "place-grid 7 at 3:19",
            "3:19",
            'expected a place around a grid, like 3:5 (grid 3, place 1-18), not "3:19"',
        ),
        ("draw 2", "2", 'expected nothing more, not "2"'),
        ("draw; end", ";", 'expected nothing more, not ";"'),
        ("convert 3 as D D", "3", 'expected 2, the number of conversions that follow, not "3"'),
        ("convert 1 as C", "C", 'expected what a disc becomes: D, H, B, W or cards, not "C"'),
        ("convert 1 as D from", "", 'expected a robot\'s label or "loose" at the end'),
        (
            "H1 9-3 9-4 hop 10-2",
            "hop",
            'expected a hop written like H1 9-3 hop 10-2: the hex jumped, "hop", the landing hex',
        ),
        ("H1 9-3 jump", "jump", 'expected "destroy", "fortify", "take", "steal", ";" or the end, not "jump"'),
        ("D1 9-3 destroy fortify", "fortify", 'expected "take", "steal", ";" or the end, not "fortify"'),
        ("H1 9-3; order 9-3; order 9-4", "order 9-4", 'expected one "order" part in a move, not a second'),
        ("H1 9-3; give H1 W1", "", "expected how many PDs (0-4) at the end"),
        (
            "H1 9-3; draw",
            "draw",
            'expected a piece\'s move like H1 9-3, "give", "order" or a B-bot\'s "B1 fire 9-3", not "draw"',
        ),
        ("pds H1 2 H1 1", "H1", "expected each robot once, not H1 again"),
        ("pds H1 5", "5", 'expected how many power discs H1 carries (0-4), not "5"'),
        ("seal", "", 'expected a card number (1-84), "wild" or "none" at the end'),
        ("seal 81 as 6", "6", 'expected the value the Wild Warp is played as (1-5), not "6"'),
        ("swap 9", "", "expected a grid number (1-20) at the end"),
        ("swap 9 12 turned 1 x", "x", 'expected a rotation (0-5) or "keep", not "x"'),
        ("match H1 W2", "H1", 'expected a pair like H1-W2 (the attacker\'s robot first), not "H1"'),
        ("warp-piece bob smith:H2", "bob", 'expected a piece like H2 (yours) or bob:H2, not "bob"'),
        ("opponents bob c@rl", "c@rl", 'expected a player\'s name, not "c@rl"'),
    ],
)
def test_an_error_points_at_the_wrong_words(text: str, wrong: str, message: str) -> None:
    """Issue 12, deliverable 4: a line that cannot be read is refused with the span of the words
    that are wrong (the end of the line when something is missing) and what was expected."""
    with pytest.raises(NotationError) as error:
        parse_command(text, "ann")
    span = text[error.value.start : error.value.end]
    assert (span, error.value.message) == (wrong, message)
    assert error.value.start == (text.rindex(wrong) if wrong else len(text))


def test_an_unknown_command_lists_the_commands() -> None:
    """Issue 12, deliverable 4: a first word that is no command and like none lists them all."""
    with pytest.raises(NotationError) as error:
        parse_command("frobnicate", "ann")
    assert error.value.message.startswith("expected a command: place-grid, place, initiative, ")
    assert error.value.message.endswith(' or a piece\'s move like H1 9-3; not "frobnicate"')


def test_the_error_can_underline_the_words() -> None:
    """Issue 12, deliverable 4: a front end can show where the mistake is on a fixed-width line."""
    with pytest.raises(NotationError) as error:
        parse_command("rotate 9 by x", "ann")
    assert error.value.pointer("rotate 9 by x") == "rotate 9 by x\n            ^"


def test_commands_with_no_text_form_are_refused_when_printed() -> None:
    """Issue 12, deliverable 4: a command no player could mean (a hop of three hexes, a grid
    beside another at no place, a conversion of nothing) has no text; printing it is a bug."""
    for command in (
        MoveAndEngage("ann", (PieceMove("H1", (H("9-3"),), hop=True),)),
        PlaceGrid("ann", 7, beside=3),
        Convert("ann", ()),
    ):
        with pytest.raises(ValueError):
            format_command(command)


# --- with the engine -----------------------------------------------------------------------------


def _random_game(players: int, seed: int, steps: int) -> Iterator[tuple[GameState, Command]]:
    """The states of a random legal game (tests/engine/warparena/legal.py) and the command
    accepted in each."""
    dice = SeededDice(seed)
    created = new_game(GameSetup(("ann", "bob", "cat", "dan")[:players]), dice)
    assert isinstance(created, Accepted)
    state, rng = created.state, random.Random(seed)
    for _ in range(steps):
        if state.stage is Stage.OVER:
            return
        played = step(state, dice, rng)
        yield state, played.command
        state = played.accepted.state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_command_of_a_random_game_prints_and_reads_back(players: int) -> None:
    """Issue 12, deliverable 4: the commands a real game accepts (set-up, actions, decisions,
    windows, fights, deadlines) all print and read back as themselves."""
    seen: set[type] = set()
    for _, command in _random_game(players, seed=players, steps=250):
        seen.add(type(command))
        player = getattr(command, "player", "gm")
        assert parse_command(format_command(command), player, referee=True) == command
    assert len(seen) > 10


def test_put_grid_naming_another_grid_is_refused() -> None:
    """R-WA-X-35, R-WA-MAP-5: ``put-grid 7 at ...`` when the dice named another grid is refused
    and changes nothing; naming the rolled grid is the same as naming none."""
    for seed in range(20):
        dice = SeededDice(seed)
        for state, _ in _random_game(3, seed, 400):
            pending = state.pending
            if pending is None or pending.kind is not Decision.PUT_GRID:
                continue
            beside, slot = arena.legal_places(state.board, pending.grid)[0]
            other = next(g.number for g in state.board.grids if g.number != pending.grid)
            wrong = apply(state, PutGrid(pending.player, beside, slot, grid=other), dice)
            assert isinstance(wrong, Rejected)
            assert wrong.message == f"The dice named grid {pending.grid} to put, not grid {other}."
            named = apply(state, PutGrid(pending.player, beside, slot, grid=pending.grid), dice)
            unnamed = apply(state, PutGrid(pending.player, beside, slot), dice)
            assert isinstance(named, Accepted) and isinstance(unnamed, Accepted)
            assert named.state == unnamed.state
            return
    pytest.fail("no random game warped a grid")


def test_a_wild_warp_named_by_value_is_the_lowest_in_the_hand() -> None:
    """R-WA-X-34: the game master turns ``seal wild 4`` into the player's lowest-numbered Wild
    Warp (cards 81-84); without one in the hand, or for any other command, nothing changes."""
    wild = parse_command("seal wild 4", "ann")
    assert choose_wild_warp(wild, (12, 83, 81, 5)) == SealCard("ann", 81, 4)
    field = parse_command("field B2 wild 3", "ann")
    assert choose_wild_warp(field, (84,)) == AttackField("ann", "B2", 84, 3)
    assert choose_wild_warp(wild, (12, 5)) == wild
    assert choose_wild_warp(SealCard("ann", 12), (81,)) == SealCard("ann", 12)
    assert choose_wild_warp(DrawCard("ann"), (81,)) == DrawCard("ann")
