"""Each invariant of the catalogue holds where it should and catches what it should.

Every test builds, for each edition, a lawful state (or step) that the invariant
accepts and a broken one that it rejects, so that none of them can pass vacuously.
The random play of test_state_machine.py checks them all on reachable states.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from invariant_support import EDITIONS, dealt, first_step, state_check, step_check

from millebornes.families.classic import Card, Draw, Phase, Play, Tableau, apply, load_edition
from millebornes.families.classic.position import position
from millebornes_invariants import CATALOGUE, STATE_INVARIANTS, STEP_INVARIANTS, broken_invariants


@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_a_dealt_round_breaks_no_invariant(edition: str, players: int) -> None:
    state = dealt(edition, players)
    assert broken_invariants(state) == []
    before, action, after = first_step(state)
    for inv in STEP_INVARIANTS:
        assert inv.check(before, action, after) == [], inv.id


def test_ids_are_unique_and_documented() -> None:
    ids = [inv.id for inv in CATALOGUE]
    assert len(ids) == len(set(ids)) == len(STATE_INVARIANTS) + len(STEP_INVARIANTS)
    assert all(inv.doc and inv.protects for inv in CATALOGUE)


@pytest.mark.rules("INV-CARD-CONSERVATION", "BOX-CONTENTS", "BOX-BY-SEATS")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_card_conservation_catches_a_lost_or_extra_card(edition: str, players: int) -> None:
    state = dealt(edition, players)
    assert state_check("INV-CARD-CONSERVATION", replace(state, draw_pile=state.draw_pile[1:]))
    extra = replace(state, discard_pile=(state.draw_pile[0],))
    assert state_check("INV-CARD-CONSERVATION", extra)


@pytest.mark.rules("INV-HAND-SIZE", "TURN-HAND-SIZE")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_hand_size_catches_a_hand_too_big_or_too_small(edition: str, players: int) -> None:
    state = dealt(edition, players)
    seat = state.actor or 0
    bigger = tuple(sorted((*state.hands[seat], state.draw_pile[0])))
    hands = state.hands[:seat] + (bigger,) + state.hands[seat + 1 :]
    assert state_check("INV-HAND-SIZE", replace(state, hands=hands, draw_pile=state.draw_pile[1:]))
    smaller = state.hands[:seat] + (state.hands[seat][1:],) + state.hands[seat + 1 :]
    moved = (*state.discard_pile, state.hands[seat][0])
    assert state_check("INV-HAND-SIZE", replace(state, hands=smaller, discard_pile=moved))
    # The player who has drawn holds one card more.
    assert state_check("INV-HAND-SIZE", apply(state, Draw(seat))) == []


@pytest.mark.rules("INV-DISTANCE-BOUND", "DIST-EXACT-GOAL", "END-GOAL")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_distance_bound_catches_a_team_at_or_past_the_goal(edition: str, players: int) -> None:
    state = dealt(edition, players)
    goal = state.goal  # forged tableaus: the invariant, not validation, must object
    at_goal = Tableau(battle=(Card.ROLL,), distance=(Card.D25,) * (goal // 25))
    moved = replace(state, tableaus=(at_goal, *state.tableaus[1:]))
    assert any("reached the goal" in p for p in state_check("INV-DISTANCE-BOUND", moved))
    assert state_check("INV-DISTANCE-BOUND", replace(moved, phase=Phase.ROUND_OVER)) == []
    past = replace(at_goal, distance=(*at_goal.distance, Card.D25))
    over = replace(moved, tableaus=(past, *state.tableaus[1:]), phase=Phase.ROUND_OVER)
    assert any("past the goal" in p for p in state_check("INV-DISTANCE-BOUND", over))


@pytest.mark.rules("INV-MAX-TWO-200", "DIST-MAX-200")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_max_200_catches_one_200_too_many(edition: str, players: int) -> None:
    allowed = load_edition(edition).max_200_per_round
    ok = Tableau(battle=(Card.ROLL,), distance=(Card.D200,) * allowed)
    state = replace(dealt(edition, players), tableaus=(ok, *dealt(edition, players).tableaus[1:]))
    assert state_check("INV-MAX-TWO-200", state) == []
    third = replace(ok, distance=(Card.D200,) * (allowed + 1))
    assert state_check("INV-MAX-TWO-200", replace(state, tableaus=(third, *state.tableaus[1:])))


@pytest.mark.rules("INV-SAFETY-ONCE", "CF-EFFECT")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_safety_once_catches_a_mark_without_its_safety(edition: str, players: int) -> None:
    state = dealt(edition, players)
    marked = Tableau(safeties=(Card.EXTRA_TANK,), coups_fourres=(Card.EXTRA_TANK,))
    assert (
        state_check("INV-SAFETY-ONCE", replace(state, tableaus=(marked, *state.tableaus[1:]))) == []
    )
    stray = Tableau(coups_fourres=(Card.EXTRA_TANK,))
    assert state_check("INV-SAFETY-ONCE", replace(state, tableaus=(stray, *state.tableaus[1:])))
    twice = Tableau(safeties=(Card.EXTRA_TANK, Card.EXTRA_TANK))
    assert state_check("INV-SAFETY-ONCE", replace(state, tableaus=(twice, *state.tableaus[1:])))


@pytest.mark.rules("INV-ONE-ACTOR", "TURN-ACTOR", "MATCH-DEALER-ROTATION")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_one_actor_catches_a_wrong_or_missing_actor(edition: str, players: int) -> None:
    state = dealt(edition, players)
    assert state_check("INV-ONE-ACTOR", replace(state, actor=None))
    other = ((state.actor or 0) + 1) % players
    assert state_check("INV-ONE-ACTOR", replace(state, actor=other))
    assert state_check("INV-ONE-ACTOR", replace(state, phase=Phase.ROUND_OVER, actor=state.dealer))


@pytest.mark.rules("INV-COUP-FOURRE-WINDOW", "CF-WINDOW")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_window_needs_the_hazard_on_top_and_the_safety_in_hand(edition: str, players: int) -> None:
    hit = Tableau(battle=(Card.ROLL, Card.FLAT_TIRE))
    open_window = position(
        edition, players, hands={1: [Card.PUNCTURE_PROOF]}, tableaus={1: hit},
        phase=Phase.COUP_FOURRE, actor=1, turn=0, pending_hazard=Card.FLAT_TIRE,
    )  # fmt: skip
    assert state_check("INV-COUP-FOURRE-WINDOW", open_window) == []
    no_safety = replace(open_window, hands=tuple(() for _ in range(players)))
    assert state_check("INV-COUP-FOURRE-WINDOW", no_safety)
    assert state_check("INV-COUP-FOURRE-WINDOW", replace(open_window, phase=Phase.PLAY))


PILES = [
    # (battle, speed, safeties, distance, lawful)
    (
        (Card.ROLL, Card.STOP, Card.ROLL),
        (Card.SPEED_LIMIT, Card.END_OF_LIMIT),
        (),
        (Card.D25,),
        True,
    ),
    ((Card.ROLL, Card.OUT_OF_GAS, Card.GASOLINE, Card.ROLL), (), (), (), True),
    ((Card.OUT_OF_GAS, Card.GASOLINE, Card.FLAT_TIRE), (), (Card.RIGHT_OF_WAY,), (Card.D25,), True),
    ((Card.ROLL, Card.ACCIDENT, Card.REPAIRS), (), (Card.RIGHT_OF_WAY,), (), True),
    ((Card.ROLL, Card.FLAT_TIRE, Card.SPARE_TIRE), (), (Card.PUNCTURE_PROOF,), (), True),
    ((Card.STOP,), (), (), (), False),  # a hazard on a team not rolling
    ((Card.ROLL, Card.STOP, Card.OUT_OF_GAS), (), (), (), False),  # a hazard on a stopped team
    ((Card.ROLL, Card.ROLL), (), (), (), False),  # a Roll on a Roll
    ((Card.ROLL, Card.FLAT_TIRE, Card.GASOLINE), (), (), (), False),  # the wrong remedy
    ((Card.ROLL, Card.FLAT_TIRE, Card.ROLL), (), (), (), False),  # a Roll on an uncured hazard
    ((), (Card.SPEED_LIMIT, Card.SPEED_LIMIT), (), (), False),  # two limits
    ((), (Card.END_OF_LIMIT,), (), (), False),  # an End of Limit on nothing
    ((Card.ROLL, Card.FLAT_TIRE), (), (Card.PUNCTURE_PROOF,), (), False),  # immune, yet hit
    (
        (Card.ROLL,),
        (Card.SPEED_LIMIT,),
        (Card.RIGHT_OF_WAY,),
        (),
        False,
    ),  # limit after Right of Way
    ((Card.ROLL, Card.STOP), (), (Card.RIGHT_OF_WAY,), (), False),  # a Stop left standing
    ((), (), (), (Card.D50,), False),  # distance without ever starting
]


@pytest.mark.rules(
    "INV-PILES-WELL-FORMED", "PILE-BATTLE", "PILE-SPEED", "PILE-ROLLING", "HAZ-ROLLING-TARGET",
    "HAZ-SPEED-LIMIT-ONCE", "REM-MATCH", "REM-ROLL", "SAFE-IMMUNITY", "SAFE-RIGHT-OF-WAY",
)  # fmt: skip
@pytest.mark.parametrize(("battle", "speed", "safeties", "distance", "lawful"), PILES)
def test_piles_read_as_lawful_plays(
    battle: tuple[Card, ...],
    speed: tuple[Card, ...],
    safeties: tuple[Card, ...],
    distance: tuple[Card, ...],
    lawful: bool,
) -> None:
    for edition, players in EDITIONS:
        state = dealt(edition, players)
        tableau = Tableau(battle=battle, speed=speed, distance=distance, safeties=safeties)
        forged = replace(state, tableaus=(tableau, *state.tableaus[1:]))
        problems = state_check("INV-PILES-WELL-FORMED", forged)
        assert (problems == []) is lawful, problems


@pytest.mark.rules("INV-ACTOR-CAN-ACT", "RUL-EMPTY-DRAW-PILE")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_actor_can_act_catches_a_draw_from_nothing(edition: str, players: int) -> None:
    state = dealt(edition, players)
    rest = state.discard_pile + state.draw_pile
    assert state_check("INV-ACTOR-CAN-ACT", replace(state, draw_pile=(), discard_pile=rest))
    empty = replace(state, phase=Phase.PLAY, hands=tuple(() for _ in range(players)))
    assert state_check("INV-ACTOR-CAN-ACT", empty)


@pytest.mark.rules("INV-MATCH-END", "MATCH-TARGET")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_match_end_catches_a_match_over_too_soon_or_too_late(edition: str, players: int) -> None:
    state = dealt(edition, players)
    target = state.rules.match_target
    assert state_check("INV-MATCH-END", replace(state, phase=Phase.MATCH_OVER, actor=None))
    won = (target, *state.scores[1:])
    assert state_check("INV-MATCH-END", replace(state, scores=won, phase=Phase.ROUND_OVER))
    over = replace(state, scores=won, phase=Phase.MATCH_OVER, actor=None)
    assert state_check("INV-MATCH-END", over) == []


@pytest.mark.rules("INV-SCORES-GROW", "SCORE-SHEET")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_scores_grow_only_when_a_round_ends(edition: str, players: int) -> None:
    before, action, after = first_step(dealt(edition, players))
    assert step_check("INV-SCORES-GROW", before, action, after) == []
    assert step_check(
        "INV-SCORES-GROW", before, action, replace(after, scores=(100, *after.scores[1:]))
    )
    higher = replace(before, scores=(100, *before.scores[1:]))
    assert step_check("INV-SCORES-GROW", higher, action, after)


@pytest.mark.rules("INV-TURN-ORDER", "TURN-ORDER", "SAFE-EXTRA-TURN", "CF-TURN")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_turn_order_catches_the_wrong_next_seat(edition: str, players: int) -> None:
    before, action, after = first_step(dealt(edition, players))
    assert step_check("INV-TURN-ORDER", before, action, after) == []
    other = ((after.actor or 0) + 1) % players
    assert step_check("INV-TURN-ORDER", before, action, replace(after, actor=other, turn=other))
    # A safety on one's turn gives another turn: passing on is caught.
    state = position(edition, players, hands={0: [Card.EXTRA_TANK, Card.D25]}, draw_top=[Card.D50])
    play = Play(0, Card.EXTRA_TANK, 0)
    again = apply(state, play)
    assert step_check("INV-TURN-ORDER", state, play, again) == []
    assert step_check("INV-TURN-ORDER", state, play, replace(again, actor=1, turn=1))


@pytest.mark.rules("INV-CARD-FLOW", "TURN-DRAW", "TURN-PLAY-OR-DISCARD")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_card_flow_catches_a_card_drawn_twice(edition: str, players: int) -> None:
    before, action, after = first_step(dealt(edition, players))
    assert step_check("INV-CARD-FLOW", before, action, after) == []
    seat = action.seat
    more = tuple(sorted((*after.hands[seat], after.draw_pile[0])))
    hands = after.hands[:seat] + (more,) + after.hands[seat + 1 :]
    twice = replace(after, draw_pile=after.draw_pile[1:], hands=hands)
    assert step_check("INV-CARD-FLOW", before, action, twice)


@pytest.mark.rules("INV-DISTANCE-LAWFUL", "DIST-SPEED-LIMIT", "DIST-ROLLING")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_distance_lawful_judges_the_state_before(edition: str, players: int) -> None:
    limited = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,))
    state = position(edition, players, hands={0: [Card.D50, Card.D75]}, tableaus={0: limited})
    fine = Play(0, Card.D50, 0)
    assert step_check("INV-DISTANCE-LAWFUL", state, fine, apply(state, fine)) == []
    # The engine refuses a 75 here; a buggy engine's step is built by hand.
    bad = Play(0, Card.D75, 0)
    after = apply(state, fine)
    laid = replace(after.tableaus[0], distance=(Card.D75,))
    hands = ((Card.D50,), *after.hands[1:])
    forged = replace(after, tableaus=(laid, *after.tableaus[1:]), hands=hands)
    assert any("Speed Limit" in p for p in step_check("INV-DISTANCE-LAWFUL", state, bad, forged))
