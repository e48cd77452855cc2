"""The transition relation of the count abstraction: preconditions by rule ID, then effects.

``transition(s, a, move, b)`` holds when the abstract state ``b`` may follow ``a``
by ``move`` under the rules. Preconditions are a table of (rule ID, condition),
like the engine's, but written independently over counts and top cards; the
state machine compares them with the engine's verdicts on sampled illegal
actions. Effects move counts between zones and settle who acts next.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from millebornes_invariants.z3model.abstract import Abstract
from millebornes_invariants.z3model.algebra import (
    Num,
    Truth,
    all_of,
    any_of,
    every,
    implies,
    ite,
    negate,
    one_of,
    pick,
    some,
    total,
)
from millebornes_invariants.z3model.setting import (
    BATTLE,
    D200,
    DEAL,
    DECISION,
    DISTANCE,
    DRAW,
    HAZARDS,
    KINDS,
    MATCH_OVER,
    MEMO,
    NONE,
    PLAY,
    REMEDIES,
    RIGHT_OF_WAY,
    ROLL,
    ROUND_OVER,
    SAFETIES,
    SPEED,
    SPEED_LIMIT,
    STOP,
    WINDOW,
    Setting,
    cured_by,
    hazards_stopped_by,
    km,
    safety_of,
)
from millebornes_invariants.z3model.sheet import distance_of, goal_in_force, sheet


class Kind(StrEnum):
    DEAL = "deal"
    DRAW = "draw"
    PLAY = "play"
    DISCARD = "discard"
    COUP_FOURRE = "coup_fourre"
    DECLINE = "decline"
    EXTENSION = "extension"


@dataclass(frozen=True, slots=True)
class Move:
    """An action as the model sees it. ``card`` is concrete for plays and coups-fourrés
    (its category picks the rule table); the rest may be symbolic."""

    kind: Kind
    seat: Num
    card: Num = NONE
    target: Num = NONE
    drawn: Num = NONE
    """The kind of the card taken from the draw pile (a Draw, a coup-fourré's replacement)."""
    extend: Num = 0
    """For the extension decision: 1 to call it, 0 to stop."""


Preconditions = tuple[tuple[str, Truth], ...]
CONCRETE_CARD = (Kind.PLAY, Kind.COUP_FOURRE)
"""The moves whose card must be concrete: its kind chooses the rules that apply."""

# --- reading a state -------------------------------------------------------------


def hand(a: Abstract, seat: Num, card: Num) -> Num:
    return pick(tuple(pick(row, card) for row in a.hands), seat)


def team_of(s: Setting, seat: Num) -> Num:
    return pick(tuple(i % s.teams for i in range(s.players)), seat)


def on_tableau(a: Abstract, team: Num, card: int) -> Num:
    return pick(tuple(row[card] for row in a.tableau), team)


def distance_of_team(a: Abstract, team: Num) -> Num:
    return pick(tuple(distance_of(row) for row in a.tableau), team)


def rolling(a: Abstract, team: Num) -> Truth:
    """PILE-ROLLING: a Roll on top, or Right of Way and no hazard on top."""
    top = pick(a.battle_top, team)
    right_of_way = on_tableau(a, team, RIGHT_OF_WAY) >= 1
    return any_of(top == ROLL, all_of(right_of_way, negate(one_of(top, HAZARDS))))


def _tops(a: Abstract, card: int) -> tuple[Num, ...]:
    return a.speed_top if card in SPEED else a.battle_top


# --- preconditions ---------------------------------------------------------------


def preconditions(s: Setting, a: Abstract, m: Move) -> Preconditions:
    """Every precondition of ``m`` with the ID of the rule it states, in a fixed order."""
    actor = ("TURN-ACTOR", m.seat == a.actor)
    if m.kind is Kind.DRAW:
        return (actor, ("TURN-DRAW", a.phase == DRAW))
    if m.kind is Kind.DECLINE:
        return (actor, ("CF-WINDOW", a.phase == WINDOW))
    if m.kind is Kind.DEAL:
        return (actor, ("SETUP-DEAL", one_of(a.phase, (DEAL, ROUND_OVER))))
    if m.kind is Kind.EXTENSION:
        return (actor, ("EXT-DECISION", a.phase == DECISION))
    in_hand = ("CARD-IN-HAND", hand(a, m.seat, m.card) >= 1)
    if m.kind is Kind.COUP_FOURRE:
        matching = one_of(a.pending, hazards_stopped_by(m.card))
        return (actor, ("CF-WINDOW", a.phase == WINDOW), in_hand, ("CF-MATCHING-SAFETY", matching))
    common = (actor, ("TURN-PLAY-OR-DISCARD", a.phase == PLAY), in_hand)
    if m.kind is Kind.DISCARD:
        return common  # RUL-DISCARD-ANY
    return common + _play_rules(s, a, m)


def _play_rules(s: Setting, a: Abstract, m: Move) -> Preconditions:
    card, own = m.card, team_of(s, m.seat)
    own_team = ("TARGET-OWN-TEAM", m.target == own)
    if card in DISTANCE:
        free = pick(a.speed_top, own) != SPEED_LIMIT
        goal = goal_in_force(s, a.extended_by)
        return (
            own_team,
            ("DIST-ROLLING", rolling(a, own)),
            ("DIST-SPEED-LIMIT", any_of(free, km(card) <= s.speed_limit_km)),
            ("DIST-MAX-200", any_of(card != D200, on_tableau(a, own, D200) < s.max_200)),
            ("DIST-EXACT-GOAL", distance_of_team(a, own) + km(card) <= goal),
        )
    if card in HAZARDS:
        safety = safety_of(card)
        immune = False if safety == NONE else on_tableau(a, m.target, safety) >= 1
        rules = (("TARGET-OPPONENT", m.target != own), ("SAFE-IMMUNITY", negate(immune)))
        if card in SPEED:
            return (*rules, ("HAZ-SPEED-LIMIT-ONCE", pick(a.speed_top, m.target) != SPEED_LIMIT))
        return (*rules, ("HAZ-ROLLING-TARGET", rolling(a, m.target)))
    if card == ROLL:
        top = pick(a.battle_top, own)
        startable = one_of(top, (NONE, STOP, *REMEDIES))
        return (own_team, ("REM-ROLL", all_of(negate(rolling(a, own)), startable)))
    if card in REMEDIES:
        return (own_team, ("REM-MATCH", pick(_tops(a, card), own) == cured_by(card)))
    if card in SAFETIES:
        return (own_team,)  # SAFE-ON-TURN
    return ()  # a memo card: CARD-IN-HAND already rejects it (SETUP-MEMO)


def broken(s: Setting, a: Abstract, m: Move) -> tuple[str, ...]:
    """The IDs of the preconditions ``m`` breaks in the concrete state ``a``."""
    return tuple(rule for rule, holds in preconditions(s, a, m) if holds is not True)


# --- effects -----------------------------------------------------------------------


def _moved(row: tuple[Num, ...], card: Num, delta: int, when: Truth = True) -> tuple[Num, ...]:
    """``row`` with ``delta`` added at ``card`` (if ``when``)."""
    return tuple(n + ite(all_of(when, card == k), delta, 0) for k, n in enumerate(row))


def _moved_in(
    rows: tuple[tuple[Num, ...], ...], index: Num, card: Num, delta: int, when: Truth = True
) -> tuple[tuple[Num, ...], ...]:
    return tuple(_moved(row, card, delta, all_of(when, index == i)) for i, row in enumerate(rows))


def _wrap(s: Setting, seat: Num) -> Num:
    """``seat`` mod n, for a seat from 0 to n (TURN-ORDER: seat n - 1 passes to seat 0)."""
    return ite(seat >= s.players, seat - s.players, seat)


def _first_with_cards(s: Setting, hands: tuple[tuple[Num, ...], ...], start: Num) -> Num:
    """The first seat from ``start`` on the left whose hand is not empty, or NONE."""

    def from_seat(first: int) -> Num:
        found: Num = NONE
        for step in range(s.players - 1, -1, -1):
            seat = (first + step) % s.players
            found = ite(total(hands[seat]) > 0, seat, found)
        return found

    if isinstance(start, int):
        return from_seat(start)
    return pick(tuple(from_seat(first) for first in range(s.players)), start)


def _control(b: Abstract, *, phase: int, actor: Num, turn: Num, pending: Num) -> Truth:
    return all_of(b.phase == phase, b.actor == actor, b.turn == turn, b.pending == pending)


def _same_scores(a: Abstract, b: Abstract) -> Truth:
    return every(new == old for new, old in zip(b.scores, a.scores, strict=True))


def _end_round(s: Setting, a: Abstract, mid: Abstract, b: Abstract) -> Truth:
    """SCORE-SHEET: the round's points are added; MATCH-TARGET ends the match, else the
    next dealer is to deal (MATCH-DEALER-ROTATION)."""
    gains = sheet(s, mid.tableau, mid.marks, mid.extended_by, total(mid.draw) > 0)
    scores = tuple(old + gain for old, gain in zip(a.scores, gains, strict=True))
    over = some(score >= s.match_target for score in scores)
    dealer = _wrap(s, a.dealer + 1)
    return all_of(
        every(new == score for new, score in zip(b.scores, scores, strict=True)),
        ite(
            over,
            _control(b, phase=MATCH_OVER, actor=NONE, turn=a.turn, pending=NONE),
            _control(b, phase=ROUND_OVER, actor=dealer, turn=dealer, pending=NONE),
        ),
    )


def _distance_left(mid: Abstract) -> Truth:
    return some(n > 0 for row in (mid.draw, *mid.hands) for k, n in enumerate(row) if k in DISTANCE)


def _turn_from(s: Setting, a: Abstract, mid: Abstract, b: Abstract, start: Num) -> Truth:
    """The turn goes to ``start`` (TURN-ORDER), or to the next seat with cards once the draw
    pile is empty (RUL-EMPTY-DRAW-PILE); the round ends when nobody has a card
    (RUL-ROUND-BLOCKED) or, with SW-ROUND-END-DISTANCE-EXHAUSTED, when no distance card
    is left to lay (END-DISTANCE-EXHAUSTED)."""
    stock = total(mid.draw) > 0
    seat = _wrap(s, start)
    nxt = _first_with_cards(s, mid.hands, seat)
    exhausted = negate(_distance_left(mid)) if s.distance_exhausted_ends else False
    going_on = all_of(
        _same_scores(a, b),
        ite(
            stock,
            _control(b, phase=DRAW, actor=seat, turn=seat, pending=NONE),
            _control(b, phase=PLAY, actor=nxt, turn=nxt, pending=NONE),
        ),
    )
    ends = any_of(exhausted, all_of(negate(stock), nxt == NONE))
    return ite(ends, _end_round(s, a, mid, b), going_on)


def top_consistent(row: tuple[Num, ...], top: Num, pile: tuple[int, ...]) -> Truth:
    """The top of a pile is a card of that pile lying there; NONE when the pile is empty."""
    return all_of(
        one_of(top, (NONE, *pile)),
        ite(
            top == NONE,
            total(row[k] for k in pile) == 0,
            some(all_of(top == k, row[k] >= 1) for k in pile),
        ),
    )


@dataclass(frozen=True, slots=True)
class _Outcome:
    mid: Abstract
    """The state after the cards have moved; who acts next not yet settled."""
    control: Truth
    """Phase, actor, turn, pending hazard and scores of the state after."""
    cleared_battle: tuple[Truth, ...] = ()
    """Per team, whether the top of its battle pile was cleared (its new top is free)."""
    cleared_speed: tuple[Truth, ...] = ()


def _clear(
    s: Setting, mid: Abstract, team: Num, safety: int
) -> tuple[Abstract, tuple[Truth, ...], tuple[Truth, ...]]:
    """RUL-SAFETY-CLEARS-HAZARD: every matching hazard on top of a pile of ``team`` goes
    to the discard pile; the card beneath shows (the model leaves the new top free)."""
    tableau, discard = mid.tableau, mid.discard
    battle: list[Truth] = [False] * s.teams
    speed: list[Truth] = [False] * s.teams
    for hazard in hazards_stopped_by(safety):
        tops, flags = (mid.speed_top, speed) if hazard in SPEED else (mid.battle_top, battle)
        for t in range(s.teams):
            hit = all_of(team == t, tops[t] == hazard)
            flags[t] = any_of(flags[t], hit)
            tableau = tableau[:t] + (_moved(tableau[t], hazard, -1, hit),) + tableau[t + 1 :]
            discard = _moved(discard, hazard, 1, hit)
    return replace(mid, tableau=tableau, discard=discard), tuple(battle), tuple(speed)


def _outcome(s: Setting, a: Abstract, m: Move, b: Abstract) -> _Outcome:
    seat = m.seat
    if m.kind is Kind.DRAW:  # TURN-DRAW
        mid = replace(
            a, draw=_moved(a.draw, m.drawn, -1), hands=_moved_in(a.hands, seat, m.drawn, 1)
        )
        control = all_of(
            one_of(m.drawn, range(len(KINDS))),
            pick(a.draw, m.drawn) >= 1,
            _same_scores(a, b),
            _control(b, phase=PLAY, actor=a.actor, turn=a.turn, pending=a.pending),
        )
        return _Outcome(mid, control)
    if m.kind is Kind.DECLINE:  # CF-DECLINE
        return _Outcome(a, _turn_from(s, a, a, b, a.turn + 1))
    if m.kind is Kind.DEAL:
        return _deal(s, a, m, b)
    if m.kind is Kind.EXTENSION:
        return _extension(s, a, m, b)
    taken = replace(a, hands=_moved_in(a.hands, seat, m.card, -1))
    if m.kind is Kind.DISCARD:  # TURN-PLAY-OR-DISCARD
        mid = replace(taken, discard=_moved(a.discard, m.card, 1))
        return _Outcome(mid, _turn_from(s, a, mid, b, seat + 1))
    if m.kind is Kind.COUP_FOURRE:
        return _coup_fourre(s, a, m, b, taken)
    return _play(s, a, m, b, taken)


def _play(s: Setting, a: Abstract, m: Move, b: Abstract, taken: Abstract) -> _Outcome:
    card, seat, target = m.card, m.seat, m.target
    laid = replace(taken, tableau=_moved_in(a.tableau, target, card, 1))
    if card in DISTANCE:
        return _Outcome(laid, _after_distance(s, a, laid, b, seat))
    if card in SAFETIES:  # SAFE-EXTRA-TURN, RUL-EXTRA-TURN-EMPTY-PILE
        mid, battle, speed = _clear(s, laid, target, card)
        again = all_of(
            _same_scores(a, b), _control(b, phase=DRAW, actor=seat, turn=seat, pending=NONE)
        )
        control = ite(total(a.draw) > 0, again, _turn_from(s, a, mid, b, seat + 1))
        return _Outcome(mid, control, battle, speed)
    # PILE-BATTLE, PILE-SPEED: hazards and remedies go on top of their pile.
    tops = tuple(ite(target == t, card, top) for t, top in enumerate(_tops(a, card)))
    mid = replace(laid, speed_top=tops) if card in SPEED else replace(laid, battle_top=tops)
    if card in REMEDIES:
        return _Outcome(mid, _turn_from(s, a, mid, b, seat + 1))
    # CF-WINDOW, RUL-CF-WHO: the first member of the target team holding the safety answers.
    safety = safety_of(card)
    holder: Num = NONE
    if safety != NONE:
        for team in range(s.teams - 1, -1, -1):
            for member in reversed(s.members(team)):
                holds = all_of(target == team, mid.hands[member][safety] >= 1)
                holder = ite(holds, member, holder)
    window = all_of(
        _same_scores(a, b), _control(b, phase=WINDOW, actor=holder, turn=a.turn, pending=card)
    )
    return _Outcome(mid, ite(holder != NONE, window, _turn_from(s, a, mid, b, seat + 1)))


def _after_distance(s: Setting, a: Abstract, mid: Abstract, b: Abstract, seat: Num) -> Truth:
    """END-GOAL: reaching the goal ends the round, unless it opens the extension decision
    (EXT-DECISION: SW-EXTENSION, a short goal, nobody has called it yet)."""
    reached = distance_of_team(mid, team_of(s, seat)) == goal_in_force(s, a.extended_by)
    decide = all_of(s.may_extend, a.extended_by == NONE)
    decision = all_of(
        _same_scores(a, b), _control(b, phase=DECISION, actor=seat, turn=seat, pending=NONE)
    )
    at_goal = ite(decide, decision, _end_round(s, a, mid, b))
    return ite(reached, at_goal, _turn_from(s, a, mid, b, seat + 1))


def _extension(s: Setting, a: Abstract, m: Move, b: Abstract) -> _Outcome:
    """EXT-DECISION, EXT-GOAL: stop (the round ends) or call it (the goal moves for every
    team, and play goes on from the caller's left)."""
    called = replace(a, extended_by=ite(m.extend == 1, team_of(s, m.seat), a.extended_by))
    control = all_of(
        one_of(m.extend, (0, 1)),
        ite(m.extend == 1, _turn_from(s, a, called, b, m.seat + 1), _end_round(s, a, a, b)),
    )
    return _Outcome(called, control)


def _coup_fourre(s: Setting, a: Abstract, m: Move, b: Abstract, taken: Abstract) -> _Outcome:
    """CF-EFFECT, CF-REPLACEMENT, CF-TURN, RUL-CF-EMPTY-PILE."""
    seat, card = m.seat, m.card
    team = team_of(s, seat)
    laid = replace(
        taken,
        tableau=_moved_in(a.tableau, team, card, 1),
        marks=_moved_in(a.marks, team, card, 1),
    )
    mid, battle, speed = _clear(s, laid, team, card)
    stock = total(a.draw) > 0
    mid = replace(
        mid,
        draw=_moved(mid.draw, m.drawn, -1, stock),
        hands=_moved_in(mid.hands, seat, m.drawn, 1, stock),
    )
    replacement = ite(
        stock,
        all_of(one_of(m.drawn, range(len(KINDS))), pick(a.draw, m.drawn) >= 1),
        m.drawn == NONE,
    )
    # CF-TURN; RUL-CF-EMPTY-PILE: with an empty draw pile, no turn: the attacker's left plays.
    start = ite(stock, seat, a.turn + 1)
    return _Outcome(mid, all_of(replacement, _turn_from(s, a, mid, b, start)), battle, speed)


def _deal(s: Setting, a: Abstract, m: Move, b: Abstract) -> _Outcome:
    """SETUP-DEAL, SETUP-MEMO, SETUP-FIRST-PLAYER: the playing cards of the box (BOX-CONTENTS,
    BOX-BY-SEATS) go to the hands, ``hand_size`` each, and the rest to the draw pile."""
    kinds = range(len(KINDS))
    zero = tuple(0 for _ in kinds)
    dealt = tuple(total(row[k] for row in b.hands) for k in kinds)
    mid = Abstract(
        phase=a.phase,
        actor=a.actor,
        turn=a.turn,
        dealer=m.seat,
        pending=NONE,
        extended_by=NONE,
        draw=tuple(s.playing[k] - dealt[k] for k in kinds),
        discard=zero,
        set_aside=tuple(s.box[k] if k in MEMO else 0 for k in kinds),
        hands=b.hands,
        tableau=tuple(zero for _ in range(s.teams)),
        marks=tuple(zero for _ in range(s.teams)),
        battle_top=tuple(NONE for _ in range(s.teams)),
        speed_top=tuple(NONE for _ in range(s.teams)),
        scores=a.scores,
    )
    first = _wrap(s, m.seat + 1)
    control = all_of(
        every(n >= 0 for row in b.hands for n in row),
        every(total(row) == s.hand_size for row in b.hands),
        every(n >= 0 for n in mid.draw),
        _same_scores(a, b),
        _control(b, phase=DRAW, actor=first, turn=first, pending=NONE),
    )
    return _Outcome(mid, control)


def _zones_equal(x: Abstract, y: Abstract) -> Truth:
    pairs = (
        (x.draw, y.draw),
        (x.discard, y.discard),
        (x.set_aside, y.set_aside),
        *zip(x.hands, y.hands, strict=True),
        *zip(x.tableau, y.tableau, strict=True),
        *zip(x.marks, y.marks, strict=True),
    )
    return every(p == q for row_x, row_y in pairs for p, q in zip(row_x, row_y, strict=True))


def _tops_follow(s: Setting, out: _Outcome, b: Abstract) -> Truth:
    """A cleared pile shows some card beneath (left free); every other top is as computed."""
    checks = []
    for flags, news, olds, pile in (
        (out.cleared_battle, b.battle_top, out.mid.battle_top, BATTLE),
        (out.cleared_speed, b.speed_top, out.mid.speed_top, SPEED),
    ):
        for t in range(s.teams):
            cleared = flags[t] if flags else False
            checks.append(
                ite(cleared, top_consistent(b.tableau[t], news[t], pile), news[t] == olds[t])
            )
    return every(checks)


def effect(s: Setting, a: Abstract, m: Move, b: Abstract) -> Truth:
    """``b`` is what ``m`` makes of ``a`` (assuming its preconditions)."""
    out = _outcome(s, a, m, b)
    mid = out.mid
    return all_of(
        _zones_equal(mid, b),
        _tops_follow(s, out, b),
        b.dealer == mid.dealer,
        b.extended_by == mid.extended_by,
        out.control,
    )


def well_formed_move(s: Setting, m: Move) -> Truth:
    """The move names a seat, a card and a team that exist (else it is malformed input,
    which the engine rejects before asking any rule)."""
    return all_of(
        one_of(m.seat, range(s.players)),
        implies(
            m.kind in (Kind.PLAY, Kind.DISCARD, Kind.COUP_FOURRE), one_of(m.card, range(len(KINDS)))
        ),
        implies(m.kind is Kind.PLAY, one_of(m.target, range(s.teams))),
    )


def transition(s: Setting, a: Abstract, m: Move, b: Abstract) -> Truth:
    """The rules allow ``m`` in ``a`` and it leads to ``b``."""
    return all_of(
        well_formed_move(s, m),
        every(holds for _, holds in preconditions(s, a, m)),
        effect(s, a, m, b),
    )


def scores_grow(a: Abstract, b: Abstract) -> Truth:
    """Scores never decrease within a match."""
    return every(new >= old for new, old in zip(b.scores, a.scores, strict=True))
