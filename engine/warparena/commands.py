"""Commands: what a player (or the game master, for a deadline) asks the engine to do.

Every command names its player; ``apply`` checks it is theirs to give. Set-up, the turn's
actions (4.2, one command each, costing their action points), the decisions an action or a
fight asks of one player, the reaction window's answers, and concession. The text form of
each is engine.warparena.notation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.warparena.cards import CardKind
from engine.warparena.hexes import HexName, arena_type
from engine.warparena.pieces import PieceRef

# --- set-up (3.1-3.4) -------------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class PlaceGrid:
    """Arena creation (3.1, R-WA-SET-1): lay one of the player's grids touching the arena.

    The first grid of a game goes anywhere (``beside`` None); every other one goes on place
    ``slot`` (1-18, engine.warparena.hexes.slot_cell) around grid ``beside``."""

    player: str
    grid: int
    beside: int | None = None
    slot: int | None = None
    rotation: int = 0


@arena_type
@dataclass(frozen=True)
class PlacePiece:
    """Initial set-up (3.3, R-WA-SET-3): put one of the player's pieces on a hex."""

    player: str
    label: str
    hex: HexName


# --- the turn (4.1-4.2) -----------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class AddInitiativeCard:
    """Option 9.3: add a combat card (by number) to this turn's initiative roll, or pass (None)."""

    player: str
    card: int | None = None


@arena_type
@dataclass(frozen=True)
class RandomPD:
    """Create a random power disc at the start of the player phase (4.2; optional)."""

    player: str


@arena_type
@dataclass(frozen=True)
class PlacePD:
    """Option 9.4: place the phase's one power disc on a hex of the player's choice."""

    player: str
    hex: HexName


@arena_type
@dataclass(frozen=True)
class DestroyHex:
    """Action 4.2.1 (1 point): pick a grid; 1d6 names the secondary hex destroyed."""

    player: str
    grid: int


@arena_type
@dataclass(frozen=True)
class WarpGrid:
    """Action 4.2.2 (1 point): 1d20 (1dN) names a grid; the player then puts it (PutGrid)."""

    player: str


@arena_type
@dataclass(frozen=True)
class DrawCard:
    """Action 4.2.3 (1 point)."""

    player: str


@arena_type
@dataclass(frozen=True)
class RotateGrid:
    """Action 4.2.4 (1 point): turn a grid in place by ``by`` sixth-turns clockwise (1-5)."""

    player: str
    grid: int
    by: int


@arena_type
@dataclass(frozen=True)
class Conversion:
    """What one converted power disc becomes (4.2.5): a robot, or two cards."""

    into: str
    """``D``, ``H``, ``B``, ``W`` for a robot, ``cards`` for two cards."""
    hex: HexName | None = None
    """Where a new robot goes: None for the C-bot's hex (R-WA-PD-4)."""


@arena_type
@dataclass(frozen=True)
class Convert:
    """Action 4.2.5 (1 point): convert power discs on the C-bot's hex, one Conversion each.

    ``sources`` optionally names, disc by disc, where each comes from: a robot's label, or
    ``loose`` for an unclaimed one; by default loose discs go first, then those of the
    robots carrying most."""

    player: str
    conversions: tuple[Conversion, ...]
    sources: tuple[str, ...] = ()


@arena_type
@dataclass(frozen=True)
class WarpConverter:
    """Action 4.2.6 (1 point): the C-bot goes to the centre of grid 1d20 (1dN)."""

    player: str


class Leave(StrEnum):
    """What a D-bot leaves in the hex it vacates (2.3.2, R-WA-MOVE-5)."""

    DESTROY = "destroy"
    FORTIFY = "fortify"


@arena_type
@dataclass(frozen=True)
class PieceMove:
    """One piece's movement in a Move and Engage action (5.0).

    ``path`` lists the hexes entered, in order (not the start). A hop is ``path`` = (the hex
    jumped, the landing hex) with ``hop`` set."""

    label: str
    path: tuple[HexName, ...]
    hop: bool = False
    leave: Leave | None = None
    """D-bot only: destroy the hex it left, or put a force field on it."""
    pick_up: int = 0
    """Unclaimed PDs it picks up on the hex where it ends (R-WA-PD-3)."""
    pick_up_at: HexName | None = None
    """Where it picks them up, when not where it ends: its start or a hex of its path
    (R-WA-PD-3: a hex it enters or starts on). Not for a W-bot, whose pick-up ends its warp."""
    steal: int = 0
    """H-bot hop only: PDs it takes in the jumped hex (enemy-carried or unclaimed)."""


@arena_type
@dataclass(frozen=True)
class Handover:
    """After movement, one robot hands PDs to another on the same hex (R-WA-PD-3)."""

    giver: str
    taker: str
    pds: int


@arena_type
@dataclass(frozen=True)
class DistanceAttack:
    """A B-bot fires at an enemy hex within 2 (6.0, R-WA-TURN-3)."""

    bbot: str
    target: HexName


@arena_type
@dataclass(frozen=True)
class MoveAndEngage:
    """Action 4.2.7 (2 points): every move is checked before any happens; then each contested
    hex fights, in ``order`` (the moving player's choice; unnamed hexes follow in the order
    they were first entered)."""

    player: str
    moves: tuple[PieceMove, ...] = ()
    handovers: tuple[Handover, ...] = ()
    attacks: tuple[DistanceAttack, ...] = ()
    order: tuple[HexName, ...] = ()


@arena_type
@dataclass(frozen=True)
class PlaySpecialCards:
    """Action 4.2.8 (2 points): then PlayCard, one card at a time, and EndCards."""

    player: str


@arena_type
@dataclass(frozen=True)
class PlayCard:
    """Play one special card from the hand (in a Play Special Cards action, R-WA-CARD-1), or a
    Wild Warp as any special card (``as_kind``) at any moment (R-WA-CARD-2).

    ``grid``: the grid a Destroy Hex strikes, or the one a Double Warp picks."""

    player: str
    card: int
    grid: int | None = None
    as_kind: CardKind | None = None


@arena_type
@dataclass(frozen=True)
class EndCards:
    """The player has played all the special cards they mean to in this action."""

    player: str


@arena_type
@dataclass(frozen=True)
class WarpPiece:
    """Action 4.2.9 (2 points): any non-C piece, anyone's, to grid 1d20 hex 1d6."""

    player: str
    target: PieceRef


@arena_type
@dataclass(frozen=True)
class DoubleWarp:
    """Action 4.2.10 (2 points): pick a grid; 1d20 (1dN) names the one it swaps with."""

    player: str
    grid: int


@arena_type
@dataclass(frozen=True)
class SwapGrids:
    """Action 4.2.11 (3 points): two grids swap places, each with the rotation given (None
    keeps its own)."""

    player: str
    first: int
    second: int
    first_rotation: int | None = None
    second_rotation: int | None = None


@arena_type
@dataclass(frozen=True)
class WarpOwnPiece:
    """Action 4.2.12 (3 points): one of the player's pieces, C-bot included, to any hex that is
    empty or holds only friendly pieces."""

    player: str
    label: str
    to: HexName


@arena_type
@dataclass(frozen=True)
class EndPhase:
    """The player is done; action points left lapse (R-WA-TURN-2)."""

    player: str


# --- decisions an action asks for ---------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class PutGrid:
    """Where a grid warped at random goes (2.4.3, R-WA-MAP-5): place ``slot`` around ``beside``."""

    player: str
    beside: int
    slot: int
    rotation: int = 0
    grid: int | None = None
    """The grid the player means to put (``put-grid 7 at 3:5``): when given and not the one the
    dice named, the command is refused rather than putting another grid than the player meant."""


@arena_type
@dataclass(frozen=True)
class OrientGrids:
    """After a Double Warp's roll: the rotations of the picked grid and the rolled one."""

    player: str
    first: int
    second: int


# --- the reaction window (R-WA-CARD-3) ------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class Pass:
    """Let the action or card in the window stand."""

    player: str


@arena_type
@dataclass(frozen=True)
class Cancel:
    """Cancel the action or card in the window with a Wild Warp from the hand (2.4.6)."""

    player: str
    card: int | None = None
    """In a fight's window after the reveal (6.1 F): which revealed combat card is cancelled,
    when two were played; a fighter may leave it out to mean the other fighter's card."""


# --- fights (6.1) ------------------------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class Redistribute:
    """Step 1: how many PDs each of the player's robots in the hex carries (0-4 each)."""

    player: str
    pds: dict[str, int]


@arena_type
@dataclass(frozen=True)
class AttackField:
    """Step 2: the attacker's robot that fights the force field, and the card it plays."""

    player: str
    robot: str
    card: int | None = None
    wild_value: int | None = None
    """The value 1-5 named for a Wild Warp played as the combat card (R-WA-CBT-1)."""


@arena_type
@dataclass(frozen=True)
class Pairing:
    attacker: str
    defender: str


@arena_type
@dataclass(frozen=True)
class MatchUps:
    """Step 3: which robot fights which, chosen by the side with more robots (defender on ties)."""

    player: str
    pairs: tuple[Pairing, ...]


@arena_type
@dataclass(frozen=True)
class FightOrder:
    """Step 3: the attacker's order for the round's fights, by the attacking robots' labels."""

    player: str
    order: tuple[str, ...]


@arena_type
@dataclass(frozen=True)
class SealCard:
    """Steps A-B: a combat card for this fight, face down (None plays none)."""

    player: str
    card: int | None = None
    wild_value: int | None = None


@arena_type
@dataclass(frozen=True)
class OpponentOrder:
    """Three or four players in a hex: the order the attacker fights them in (R-WA-CBT-4)."""

    player: str
    order: tuple[str, ...]


# --- time and the end ---------------------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class DeadlinePassed:
    """From the game master: whatever the game waits on is decided by its default
    (R-WA-CBT-5, R-WA-SET-1, R-WA-TURN-2, R-WA-CARD-3)."""

    note: str = field(default="")


@arena_type
@dataclass(frozen=True)
class Concede:
    """Leave the game, as if the C-bot were destroyed by nobody (R-WA-WIN-2)."""

    player: str


Command = (
    PlaceGrid
    | PlacePiece
    | AddInitiativeCard
    | RandomPD
    | PlacePD
    | DestroyHex
    | WarpGrid
    | DrawCard
    | RotateGrid
    | Convert
    | WarpConverter
    | MoveAndEngage
    | PlaySpecialCards
    | PlayCard
    | EndCards
    | WarpPiece
    | DoubleWarp
    | SwapGrids
    | WarpOwnPiece
    | EndPhase
    | PutGrid
    | OrientGrids
    | Pass
    | Cancel
    | Redistribute
    | AttackField
    | MatchUps
    | FightOrder
    | SealCard
    | OpponentOrder
    | DeadlinePassed
    | Concede
)
