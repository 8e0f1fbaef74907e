"""Combat (6.0, 6.1) as a chain of decisions, each owned by one player (R-WA-CBT-1..5).

The turn machinery calls :func:`begin` after a Move and Engage (or a random warp onto an
enemy, R-WA-TURN-4); every fight decision then comes through :func:`decide`, a passed
deadline through :func:`defaults`; :func:`waiting` says who is to answer. While a combat
runs ``tx.state.combat`` holds it; it is None again when the action's last combat is over.

Between decisions the combat runs on by itself (:func:`_advance`) through everything that
needs nobody: dice, reveals, a decision with only one possible answer, a redistribution
with nothing to move, the end of a side, step 4. Sealed card choices are never skipped,
even for a player holding no combat card, so the game's pace does not reveal a hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.text import listed
from engine.warparena import combat_choices as choices
from engine.warparena import combat_sides as sides
from engine.warparena import victory, windows
from engine.warparena.combat_events import (
    CombatAt,
    CombatBegun,
    CombatOver,
    FightDecided,
    MatchedUp,
    PDsRedistributed,
    Revealed,
    SidesCompared,
)
from engine.warparena.commands import (
    AttackField,
    DistanceAttack,
    FightOrder,
    MatchUps,
    OpponentOrder,
    Pairing,
    Redistribute,
    SealCard,
)
from engine.warparena.fight import Clash, Combat, Queued, Sealed, Step
from engine.warparena.hexes import HexName, arena_type
from engine.warparena.pieces import MOST_PDS, ROBOT_ORDER, Piece, PieceRef, Robot
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Refusal, Tx
from engine.warparena.waiting import Decision, Waiting
from engine.warparena.windows import WindowSubject

FightDecision = Redistribute | AttackField | MatchUps | FightOrder | SealCard | OpponentOrder
"""The commands :func:`decide` takes."""

FIELD_STRENGTH = 6
"""A force field falls to an attack total of 6 or more (6.1 step 2, the summary's note 8)."""


# --- the API ------------------------------------------------------------------------------


def begin(
    tx: Tx, hexes: tuple[HexName, ...], attacker: str, attacks: tuple[DistanceAttack, ...] = ()
) -> None:
    """Queue the combats of one action in ``hexes``' order and start the first.

    Distance B-bots join the combat of their target hex, even one no attacking robot is in
    (a target missing from ``hexes`` is fought last). A hex that is no longer contested when
    its turn comes is skipped. Runs until the first decision a player must make. Combats
    begun while others run (a random warp cannot, but to be safe) queue after them."""
    order = list(dict.fromkeys(hexes)) + [a.target for a in attacks if a.target not in hexes]
    queue = tuple(
        Queued(h, attacker, tuple(dict.fromkeys(a.bbot for a in attacks if a.target == h)))
        for h in dict.fromkeys(order)
    )
    current = tx.state.combat
    if current is not None:
        tx.emit(CombatAt(replace(current, queue=current.queue + queue)))
        return
    _start_next(tx, queue)


def decide(tx: Tx, command: FightDecision) -> None:
    """One player's fight decision; a Refusal when it is not theirs to make now, saying what
    the game waits on instead."""
    c = tx.state.combat
    if c is None:
        raise Refusal("no-combat", "There is no fight waiting on a decision.")
    match command:
        case OpponentOrder():
            _expect(tx.state, command.player, Decision.OPPONENT_ORDER)
            c = choices.opponent_order(tx.state, c, command)
        case Redistribute():
            _expect(tx.state, command.player, Decision.REDISTRIBUTE)
            choices.redistribute(tx, c, command)
            c = replace(tx.state.combat or c, redistributed=(*c.redistributed, command.player))
        case AttackField():
            _expect(tx.state, command.player, Decision.ATTACK_FIELD)
            _attack_field(tx, c, command)
            return
        case MatchUps():
            _expect(tx.state, command.player, Decision.MATCH_UPS)
            c = choices.match_ups(tx, c, command)
        case FightOrder():
            _expect(tx.state, command.player, Decision.FIGHT_ORDER)
            c = choices.fight_order(tx, c, command)
        case SealCard():
            _expect(tx.state, command.player, Decision.SEAL_CARD)
            sides.card_value(tx.state, command.player, command.card, command.wild_value)
            c = replace(c, sealed={**c.sealed, command.player: Sealed(command.card, command.wild_value)})
    _set(tx, c)
    _advance(tx)


def defaults(tx: Tx) -> None:
    """Take the default of every decision the combat waits on now (R-WA-CBT-5, R-WA-X-20):
    no card, PDs where they are, and opponents, the force field's attacker, match-ups and
    the order of fights by the fewest-PD-first rule (:func:`sides.fewest_first`). Decisions the
    defaults lead to wait for their own deadline."""
    for wait in waiting(tx.state):
        state = tx.state
        if wait not in waiting(state):
            continue
        c = state.combat
        assert c is not None
        match wait.decision:
            case Decision.OPPONENT_ORDER:
                seat = state.in_play
                order = sorted(c.opponents, key=lambda p: (sides.carried(state, c.hex, p), seat.index(p)))
                decide(tx, OpponentOrder(wait.player, tuple(order)))
            case Decision.REDISTRIBUTE:
                decide(tx, Redistribute(wait.player, {}))
            case Decision.ATTACK_FIELD:
                robot = sides.fewest_first(c, sides.eligible(state, c))[0]
                decide(tx, AttackField(wait.player, robot.label))
            case Decision.MATCH_UPS:
                decide(tx, MatchUps(wait.player, sides.default_pairs(state, c)))
            case Decision.FIGHT_ORDER:
                attackers = [p for p in sides.eligible(state, c) if p.label in {x.attacker for x in c.pairs}]
                decide(tx, FightOrder(wait.player, tuple(p.label for p in sides.fewest_first(c, attackers))))
            case Decision.SEAL_CARD:
                decide(tx, SealCard(wait.player))
            case _:
                pass


def waiting(state: GameState) -> tuple[Waiting, ...]:
    """Who the combat waits on, and for what (nothing while its 6.1 F window is open: the
    window says who it waits on)."""
    c = state.combat
    if c is None or state.stage is Stage.OVER:
        return ()
    about = f"the combat in {c.hex}"
    match c.step:
        case Step.OPPONENT_ORDER:
            return (Waiting(c.attacker, Decision.OPPONENT_ORDER, f"{about}: {listed(c.opponents)}"),)
        case Step.REDISTRIBUTE:
            player = next(p for p in c.fighters if p not in c.redistributed)
            return (Waiting(player, Decision.REDISTRIBUTE, about),)
        case Step.ATTACK_FIELD:
            return (Waiting(c.attacker, Decision.ATTACK_FIELD, f"the force field in {c.hex}"),)
        case Step.MATCH_UPS:
            assert c.chooser is not None
            return (Waiting(c.chooser, Decision.MATCH_UPS, f"{about}, round {c.round}"),)
        case Step.FIGHT_ORDER:
            return (Waiting(c.attacker, Decision.FIGHT_ORDER, f"{about}, round {c.round}"),)
        case Step.SEAL:
            pair = c.pairs[0]
            fight = (
                f"the fight in {c.hex}: {c.attacker}'s {pair.attacker} against {c.defender}'s {pair.defender}"
            )
            return tuple(Waiting(p, Decision.SEAL_CARD, fight) for p in c.fighters if p not in c.sealed)
    return ()


def sealing(state: GameState) -> bool:
    """Whether a fight waits on sealed choices (R-WA-CARD-2: no Wild Warp then)."""
    return state.combat is not None and state.combat.step is Step.SEAL


def settle(tx: Tx) -> None:
    """Go on after a player left mid-combat (a concession): their side is gone."""
    c = tx.state.combat
    if c is not None and c.step is not Step.WINDOW:
        _advance(tx)


@arena_type
@dataclass(frozen=True)
class FightCards(WindowSubject):
    """The subject of the 6.1 F window: the combat cards just revealed in ``hex``'s fight,
    ``cards[i]`` played by ``players[i]``. Everyone still in may cancel one (R-WA-CARD-3)."""

    hex: HexName
    cards_played: tuple[int, ...]
    players: tuple[str, ...]

    def cards(self) -> tuple[int, ...]:
        return self.cards_played

    def default_target(self, player: str) -> int | None:
        """A fighter who names no card cancels the other fighter's (commands.Cancel)."""
        if len(self.cards_played) == 1:
            return self.cards_played[0]
        others = [c for c, p in zip(self.cards_played, self.players, strict=True) if p != player]
        return others[0] if len(others) == 1 else None

    def describe(self) -> str:
        shown = listed([f"{p}'s card {c}" for c, p in zip(self.cards_played, self.players, strict=True)])
        return f"the combat cards of the fight in {self.hex}: {shown}"

    def closed(self, tx: Tx, cancelled: tuple[int, ...]) -> None:
        window_closed(tx, cancelled)


def window_closed(tx: Tx, cancelled: tuple[int, ...]) -> None:
    """Step F is over: the fight is decided without the cancelled cards (step G)."""
    c = tx.state.combat
    if c is None or c.clash is None:
        return
    _resolve(tx, c, c.clash, cancelled)
    _advance(tx)


# --- running on between decisions ------------------------------------------------------------


def _set(tx: Tx, combat: Combat | None) -> None:
    if combat != tx.state.combat:
        tx.emit(CombatAt(combat))


def _start_next(tx: Tx, queue: tuple[Queued, ...]) -> None:
    """Start the first queued combat still contested, or end the action's combats."""
    state = tx.state
    while queue:
        q, queue = queue[0], queue[1:]
        if q.attacker not in state.in_play or state.stage is Stage.OVER:
            continue
        mine = {p.label for p in state.board.pieces_of(q.attacker) if p.robot is Robot.B}
        distance = tuple(b for b in q.distance if b in mine)
        c = Combat(q.hex, q.attacker, distance=distance, queue=queue)
        opponents = sides.others(state, q.hex, q.attacker)
        if not opponents or not sides.eligible(state, c):
            continue
        tx.emit(CombatBegun(q.hex, q.attacker, opponents, distance))
        if len(opponents) > 1:
            c = replace(c, step=Step.OPPONENT_ORDER, opponents=opponents)
        else:
            c = replace(c, defender=opponents[0])
        _set(tx, c)
        _advance(tx)
        return
    _set(tx, None)


def _advance(tx: Tx) -> None:
    """Run the combat on until a player must decide (or it is over)."""
    while True:
        state = tx.state
        c = state.combat
        if c is None or state.stage is Stage.OVER or c.step is Step.WINDOW:
            return
        if c.step is Step.OPPONENT_ORDER:
            still = tuple(p for p in c.opponents if p in sides.others(state, c.hex, c.attacker))
            if len(still) > 1:
                _set(tx, replace(c, opponents=still))
                return
            if not still:
                _finish(tx, c)
                return
            c = replace(c, defender=still[0], opponents=(), step=Step.REDISTRIBUTE)
        elif c.attacker not in state.in_play or not sides.eligible(state, c):
            if _attacker_beaten(tx, c):
                continue
            return
        elif c.defender not in sides.others(state, c.hex, c.attacker):
            if _defender_beaten(tx, c):
                continue
            return
        elif c.step is Step.REDISTRIBUTE:
            player = next((p for p in c.fighters if p not in c.redistributed), None)
            if player is None:
                c = replace(c, step=Step.ATTACK_FIELD)
            elif sides.nothing_to_redistribute(state, c.hex, player):
                c = replace(c, redistributed=(*c.redistributed, player))
            else:
                _set(tx, c)
                return
        elif c.step is Step.ATTACK_FIELD:
            if state.board.force_fields.get(c.hex) == c.defender:
                _set(tx, c)
                return
            c = replace(c, step=Step.ROUND)
        elif c.step is Step.ROUND:
            c = _new_round(tx, c)
            if c.step is Step.ROUND:
                continue  # fixed strengths: the sides were compared
        elif c.step is Step.MATCH_UPS:
            _set(tx, c)
            return
        elif c.step is Step.FIGHT_ORDER:
            if len(c.pairs) > 1:
                _set(tx, c)
                return
            c = replace(c, step=Step.SEAL)
        elif c.step is Step.SEAL:
            pairs = tuple(p for p in c.pairs if sides.pair_stands(state, c, p))
            if not pairs:
                c = replace(c, pairs=(), sealed={}, step=Step.ROUND)
            else:
                if pairs != c.pairs:
                    c = replace(c, pairs=pairs, sealed={})
                if state.options.no_combat_cards:
                    c = replace(c, sealed={p: Sealed() for p in c.fighters})
                _set(tx, c)
                if len(c.sealed) < len(c.fighters):
                    return
                _fight(tx, c)
                continue
        _set(tx, c)


def _new_round(tx: Tx, c: Combat) -> Combat:
    """Step 3 begins a round: who chooses the match-ups (6.1 step 3), or, with fixed
    strengths, the one comparison of side totals (R-WA-OPT-1)."""
    state = tx.state
    a, d = sides.eligible(state, c), sides.defenders(state, c)
    assert c.defender is not None
    if state.options.fixed_strengths:
        _compare_sides(tx, c, a, d)
        return replace(tx.state.combat or c, step=Step.ROUND)
    chooser = c.attacker if len(a) > len(d) else c.defender
    c = replace(c, round=c.round + 1, chooser=chooser, pairs=(), sealed={}, step=Step.MATCH_UPS)
    tx.emit(CombatAt(c))
    if len(a) == 1 and len(d) == 1:
        pairs = (Pairing(a[0].label, d[0].label),)
        tx.emit(MatchedUp(c.hex, c.round, chooser, pairs, ordered=True))
        c = replace(c, pairs=pairs, step=Step.SEAL)
    return c


def _compare_sides(tx: Tx, c: Combat, a: tuple[Piece, ...], d: tuple[Piece, ...]) -> None:
    assert c.defender is not None
    a_total = sum(p.robot.fixed_strength + p.pds for p in a)
    d_total = sum(p.robot.fixed_strength + p.pds for p in d)
    won = a_total > d_total
    losers = d if won else tuple(p for p in a if p.hex == c.hex)
    winner = c.attacker if won else c.defender
    tx.emit(
        SidesCompared(c.hex, c.attacker, c.defender, a_total, d_total, winner, tuple(p.ref for p in losers))
    )
    _set(tx, replace(c, distance=()))
    for p in losers:
        if p.robot is Robot.C:
            victory.cbot_lost(tx, p.owner, winner, at=c.hex)


def _fight(tx: Tx, c: Combat) -> None:
    """Steps C-E for the next fight: dice, PDs, the cards turned over; then the window
    (step F) if a card was played, or step G at once."""
    assert c.defender is not None
    pair = c.pairs[0]
    a = sides.piece(tx.state, c.attacker, pair.attacker)
    d = sides.piece(tx.state, c.defender, pair.defender)
    a_roll, d_roll = sides.strike(tx, a), sides.strike(tx, d)
    cards, values = sides.played(tx.state, c.sealed)
    tx.emit(Revealed(c.hex, a.ref, d.ref, a_roll, a.pds, d_roll, d.pds, cards, values))
    clash = Clash(
        a.label,
        d.label,
        a_roll + a.pds,
        d_roll + d.pds,
        cards.get(c.attacker),
        values.get(c.attacker, 0),
        cards.get(c.defender),
        values.get(c.defender, 0),
    )
    _reveal(tx, replace(c, sealed={}), clash)


def _attack_field(tx: Tx, c: Combat, command: AttackField) -> None:
    """Step 2: the chosen robot (with its card, played openly) against the force field."""
    robot = next((p for p in sides.eligible(tx.state, c) if p.label == command.robot), None)
    if robot is None:
        raise Refusal(
            "not-eligible",
            f"{command.robot} cannot attack the force field in {c.hex}: it is not one of your "
            "robots in this combat, or it has already fired from a distance.",
        )
    value = sides.card_value(tx.state, command.player, command.card, command.wild_value)
    roll = sides.strike(tx, robot)
    cards = {c.attacker: command.card} if command.card is not None else {}
    tx.emit(
        Revealed(
            c.hex, robot.ref, None, roll, robot.pds, cards=cards, values={c.attacker: value} if cards else {}
        )
    )
    _reveal(tx, c, Clash(robot.label, None, roll + robot.pds, 0, command.card, value))
    _advance(tx)


def _reveal(tx: Tx, c: Combat, clash: Clash) -> None:
    """Step E's cards go before the 6.1 F window when any was played; else step G at once."""
    played = tuple(
        (n, p)
        for n, p in ((clash.attacker_card, c.attacker), (clash.defender_card, c.defender))
        if n is not None
    )
    if not played:
        _resolve(tx, c, clash, ())
        return
    _set(tx, replace(c, step=Step.WINDOW, clash=clash))
    subject = FightCards(c.hex, tuple(n for n, _ in played), tuple(p or "" for _, p in played))
    windows.open_window(tx, subject)


def _resolve(tx: Tx, c: Combat, clash: Clash, cancelled: tuple[int, ...]) -> None:
    """Step G (or step 2's outcome): the lower total loses, the defender wins ties; a losing
    robot is destroyed unless it fired from a distance; a lost C-bot ends its player."""
    state = tx.state
    defender = c.defender
    assert defender is not None
    a = state.board.piece(PieceRef(c.attacker, clash.attacker_robot))
    a_total = clash.attacker_base + (clash.attacker_value if clash.attacker_card not in cancelled else 0)
    far = clash.attacker_robot in c.distance
    c = replace(c, clash=None, distance=tuple(b for b in c.distance if b != clash.attacker_robot))
    if clash.defender_robot is None:
        fell = a_total >= FIELD_STRENGTH
        lost = None if fell or far or a is None else a.ref
        if a is not None:
            winner = c.attacker if fell else defender
            tx.emit(FightDecided(c.hex, a.ref, None, a_total, FIELD_STRENGTH, winner, cancelled, lost, fell))
        _set(tx, replace(c, step=Step.ROUND if fell else Step.ATTACK_FIELD))
        if lost is not None and lost.label == "C":
            victory.cbot_lost(tx, lost.owner, defender, at=c.hex)
        return
    d = state.board.piece(PieceRef(defender, clash.defender_robot))
    d_total = clash.defender_base + (clash.defender_value if clash.defender_card not in cancelled else 0)
    pairs = c.pairs[1:]
    _set(tx, replace(c, pairs=pairs, step=Step.SEAL if pairs else Step.ROUND))
    if a is None or d is None:
        return
    won = a_total > d_total
    loser = d if won else a
    lost = None if loser is a and far else loser.ref
    winner = c.attacker if won else defender
    tx.emit(FightDecided(c.hex, a.ref, d.ref, a_total, d_total, winner, cancelled, lost))
    if lost is not None and lost.label == "C":
        victory.cbot_lost(tx, lost.owner, winner, at=c.hex)


def _attacker_beaten(tx: Tx, c: Combat) -> bool:
    """The attacker has nothing left to fight with: the defender keeps the hex (R-WA-CBT-3).
    With others still in the hex, the winner fights on against them as the attacker
    (R-WA-X-24). True when the combat goes on in this hex."""
    state = tx.state
    others = sides.others(state, c.hex, c.attacker)
    if len(others) < 2:
        _finish(tx, c)
        return False
    attacker = c.defender if c.defender in others else others[0]
    assert attacker is not None
    rest = tuple(p for p in others if p != attacker)
    fresh = Combat(c.hex, attacker, queue=c.queue)
    tx.emit(CombatBegun(c.hex, attacker, rest))
    if len(rest) > 1:
        _set(tx, replace(fresh, step=Step.OPPONENT_ORDER, opponents=rest))
    else:
        _set(tx, replace(fresh, defender=rest[0]))
    return True


def _defender_beaten(tx: Tx, c: Combat) -> bool:
    """The defender has no robots or force field left in the hex: on to the next opponent
    (R-WA-CBT-4), or the combat is over. True when it goes on."""
    state = tx.state
    left = tuple(p for p in c.opponents if p in sides.others(state, c.hex, c.attacker))
    if not left:
        _finish(tx, c)
        return False
    _set(
        tx,
        replace(
            c,
            defender=left[0],
            opponents=left[1:],
            step=Step.REDISTRIBUTE,
            redistributed=(),
            round=0,
            chooser=None,
            pairs=(),
            sealed={},
        ),
    )
    return True


def _finish(tx: Tx, c: Combat) -> None:
    """Step 4: the one player left in the hex takes up its unclaimed PDs; then the next
    queued combat."""
    state = tx.state
    holders = tuple(dict.fromkeys(p.owner for p in state.board.pieces_at(c.hex)))
    holder = holders[0] if len(holders) == 1 else None
    if holder is not None:
        _claim(tx, c.hex, holder)
    tx.emit(CombatOver(c.hex, holder))
    _start_next(tx, c.queue)


def _claim(tx: Tx, hex_: HexName, player: str) -> None:
    """Step 4 by R-WA-PD-2's default (R-WA-X-23): one disc at a time to the robot carrying
    fewest, then C, D, H, B, W; up to four a robot; the rest stay unclaimed."""
    loose = tx.state.board.unclaimed.get(hex_, 0)
    robots = sorted(
        (p for p in tx.state.board.pieces_at(hex_) if p.owner == player),
        key=lambda p: (ROBOT_ORDER.index(p.robot), sides.number(p.label)),
    )
    carried = {p.label: p.pds for p in robots}
    taken = 0
    while taken < loose:
        room = [p.label for p in robots if carried[p.label] < MOST_PDS]
        if not room:
            break
        label = min(room, key=lambda lb: carried[lb])
        carried[label] += 1
        taken += 1
    if taken:
        changed = {p.label: carried[p.label] for p in robots if carried[p.label] != p.pds}
        tx.emit(PDsRedistributed(player, hex_, changed, claimed=taken))


# --- the decisions ---------------------------------------------------------------------------


def _expect(state: GameState, player: str, decision: Decision) -> None:
    waits = waiting(state)
    if any(w.player == player and w.decision is decision for w in waits):
        return
    if not waits:
        raise Refusal("not-now", "The fight is not waiting on a decision now.")
    what = listed([f"{w.player} for {_ASKED[w.decision]} ({w.detail})" for w in waits])
    raise Refusal("not-your-decision", f"That is not yours to decide now: the game waits on {what}.")


_ASKED = {
    Decision.OPPONENT_ORDER: "the order to fight the opponents in",
    Decision.REDISTRIBUTE: "a redistribution of power discs",
    Decision.ATTACK_FIELD: "the robot that attacks the force field",
    Decision.MATCH_UPS: "the match-ups",
    Decision.FIGHT_ORDER: "the order of the fights",
    Decision.SEAL_CARD: "a sealed combat card",
}
