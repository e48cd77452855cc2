"""Turn rules: who acts, the order of turns, draw then play or discard, targets."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from rulecheck import (
    ROLLING,
    assert_consistent,
    assert_legal,
    assert_rejected,
    first_legal,
    last_legal,
    play_round,
)

from millebornes.families.classic import (
    Card,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Phase,
    Play,
    State,
    Tableau,
    apply,
    deal_from_seed,
    legal_actions,
    new_match,
    new_round,
)
from millebornes.families.classic.position import position

# --- TURN-ACTOR --------------------------------------------------------------------


@pytest.mark.rules("TURN-ACTOR")
def test_turn_actor_draw_by_another_seat_rejected() -> None:
    state = position(hands={0: [Card.D25], 1: [Card.D50]}, phase=Phase.DRAW, actor=0)
    assert_rejected(state, Draw(1), "TURN-ACTOR")
    after = assert_legal(state, Draw(0))
    assert after.actor == 0


@pytest.mark.rules("TURN-ACTOR")
def test_turn_actor_play_and_discard_by_another_seat_rejected() -> None:
    state = position(hands={0: [Card.D25], 1: [Card.ROLL]}, phase=Phase.PLAY, actor=0)
    assert_rejected(state, Play(1, Card.ROLL, 1), "TURN-ACTOR")
    assert_rejected(state, Discard(1, Card.ROLL), "TURN-ACTOR")
    assert all(action.seat == 0 for action in legal_actions(state))


@pytest.mark.rules("TURN-ACTOR")
def test_turn_actor_three_players_only_the_actor_acts() -> None:
    state = position(
        players=3,
        hands={0: [Card.ROLL], 1: [Card.ROLL], 2: [Card.ROLL]},
        phase=Phase.PLAY,
        actor=1,
    )
    assert_rejected(state, Play(0, Card.ROLL, 0), "TURN-ACTOR")
    assert_rejected(state, Play(2, Card.ROLL, 2), "TURN-ACTOR")
    assert_rejected(state, Decline(2), "TURN-ACTOR", "CF-WINDOW")
    after = assert_legal(state, Play(1, Card.ROLL, 1))
    assert after.tableaus[1].battle == (Card.ROLL,)
    assert after.actor == 2


@pytest.mark.rules("TURN-ACTOR")
def test_turn_actor_after_match_over_nobody_acts() -> None:
    state = position(phase=Phase.MATCH_OVER, actor=None, scores=(5100, 300))
    assert legal_actions(state) == ()
    assert_rejected(state, Draw(0), "TURN-ACTOR", "TURN-DRAW")
    assert_rejected(state, Draw(1), "TURN-ACTOR", "TURN-DRAW")
    deck = deal_from_seed(new_match(), 1).deck
    assert_rejected(state, Deal(0, deck), "TURN-ACTOR", "SETUP-DEAL")


# --- TURN-ORDER --------------------------------------------------------------------


@pytest.mark.rules("TURN-ORDER")
def test_turn_order_passes_to_the_left_and_wraps() -> None:
    state = position(
        players=3,
        hands={0: [Card.D25], 1: [Card.D50], 2: [Card.D75]},
        phase=Phase.PLAY,
        actor=0,
    )
    state = assert_legal(state, Discard(0, Card.D25))
    assert (state.actor, state.turn, state.phase) == (1, 1, Phase.DRAW)
    state = assert_legal(state, Draw(1))
    state = assert_legal(state, Discard(1, Card.D50))
    assert (state.actor, state.turn, state.phase) == (2, 2, Phase.DRAW)
    state = assert_legal(state, Draw(2))
    state = assert_legal(state, Discard(2, Card.D75))
    assert (state.actor, state.turn, state.phase) == (0, 0, Phase.DRAW)


@pytest.mark.rules("TURN-ORDER")
def test_turn_order_after_a_play() -> None:
    state = position(hands={1: [Card.D100]}, tableaus={1: ROLLING}, phase=Phase.PLAY, actor=1)
    after = assert_legal(state, Play(1, Card.D100, 1))
    assert (after.actor, after.turn, after.phase) == (0, 0, Phase.DRAW)


@pytest.mark.rules("TURN-ORDER")
def test_turn_order_after_a_hazard_without_window() -> None:
    state = position(
        players=4,
        hands={2: [Card.STOP], 0: [Card.D25]},
        tableaus={0: ROLLING},
        phase=Phase.PLAY,
        actor=2,
    )
    after = assert_legal(state, Play(2, Card.STOP, 0))
    assert after.tableaus[0].battle == (Card.ROLL, Card.STOP)
    assert (after.actor, after.phase, after.pending_hazard) == (3, Phase.DRAW, None)


@pytest.mark.rules("TURN-ORDER", "RUL-ROUND-BLOCKED")
@pytest.mark.parametrize("seed", (1, 2, 3, 4))
def test_turn_order_seeded_round_plays_to_the_end(seed: int) -> None:
    """End to end: a seeded two-player round, always taking the first legal action."""
    state = new_round(players=2, seed=seed)
    states = play_round(state, first_legal, check=True)
    end = states[-1]
    assert end.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert end.scores != (0, 0)
    assert legal_actions(end) == ()
    reached = any(t.km == end.goal for t in end.tableaus)
    blocked = not end.draw_pile and not any(end.hands)
    assert reached or blocked
    # A play or discard that ends a turn hands it to the seat on the left.
    for before, after in pairwise(states):
        if before.phase is Phase.PLAY and after.phase is Phase.DRAW and after.actor != before.actor:
            assert before.actor is not None
            assert after.actor == (before.actor + 1) % 2


# --- TURN-DRAW ---------------------------------------------------------------------


@pytest.mark.rules("TURN-DRAW")
def test_turn_draw_moves_the_top_card_into_the_hand() -> None:
    hand = [Card.D25, Card.D50, Card.STOP, Card.ROLL, Card.GASOLINE, Card.REPAIRS]
    state = position(hands={0: hand}, draw_top=[Card.D200, Card.ACCIDENT], phase=Phase.DRAW)
    assert legal_actions(state) == (Draw(0),)
    after = assert_legal(state, Draw(0))
    assert after.hands[0] == tuple(sorted([*hand, Card.D200]))
    assert after.draw_pile == state.draw_pile[1:]
    assert after.draw_pile[0] is Card.ACCIDENT
    assert (after.phase, after.actor) == (Phase.PLAY, 0)
    assert after.discard_pile == state.discard_pile


@pytest.mark.rules("TURN-DRAW")
def test_turn_draw_only_in_draw_phase() -> None:
    state = position(hands={0: [Card.D25], 1: [Card.D50]}, phase=Phase.PLAY, actor=0)
    assert_rejected(state, Draw(0), "TURN-DRAW")
    assert_rejected(state, Draw(1), "TURN-ACTOR", "TURN-DRAW")
    assert Draw(0) not in legal_actions(state)


@pytest.mark.rules("TURN-DRAW", "TURN-PLAY-OR-DISCARD")
def test_turn_draw_comes_before_play_or_discard() -> None:
    state = position(hands={0: [Card.ROLL, Card.D25]}, phase=Phase.DRAW, actor=0)
    assert_rejected(state, Play(0, Card.ROLL, 0), "TURN-PLAY-OR-DISCARD")
    assert_rejected(state, Discard(0, Card.D25), "TURN-PLAY-OR-DISCARD")
    assert legal_actions(state) == (Draw(0),)


# --- TURN-PLAY-OR-DISCARD ----------------------------------------------------------


@pytest.mark.rules("TURN-PLAY-OR-DISCARD")
def test_turn_play_or_discard_exactly_one_card_then_the_turn_ends() -> None:
    state = position(hands={0: [Card.ROLL, Card.D25]}, phase=Phase.PLAY, actor=0)
    after = assert_legal(state, Play(0, Card.ROLL, 0))
    assert after.hands[0] == (Card.D25,)
    assert after.tableaus[0].battle == (Card.ROLL,)
    assert (after.actor, after.phase) == (1, Phase.DRAW)
    # The team is now rolling, yet seat 0 cannot lay its 25 km in the same turn.
    assert_rejected(after, Play(0, Card.D25, 0), "TURN-ACTOR", "TURN-PLAY-OR-DISCARD")
    assert_rejected(after, Discard(0, Card.D25), "TURN-ACTOR", "TURN-PLAY-OR-DISCARD")


@pytest.mark.rules("TURN-PLAY-OR-DISCARD")
def test_turn_play_or_discard_discard_goes_face_up_on_the_discard_pile() -> None:
    state = position(hands={0: [Card.STOP, Card.D25]}, discard_pile=[Card.D75], phase=Phase.PLAY)
    after = assert_legal(state, Discard(0, Card.STOP))
    assert after.discard_pile == (Card.D75, Card.STOP)
    assert after.hands[0] == (Card.D25,)
    assert after.tableaus == state.tableaus
    assert (after.actor, after.phase) == (1, Phase.DRAW)


# --- CARD-IN-HAND ------------------------------------------------------------------


@pytest.mark.rules("CARD-IN-HAND")
def test_card_in_hand_play_of_a_card_not_held_rejected() -> None:
    state = position(hands={0: [Card.D25]}, discard_pile=[Card.ROLL], draw_top=[Card.ROLL])
    assert_rejected(state, Play(0, Card.ROLL, 0), "CARD-IN-HAND")
    assert_rejected(state, Discard(0, Card.ROLL), "CARD-IN-HAND")


@pytest.mark.rules("CARD-IN-HAND")
def test_card_in_hand_not_from_a_partner_hand() -> None:
    state = position(players=6, hands={0: [Card.D25], 3: [Card.ROLL]}, phase=Phase.PLAY, actor=0)
    assert_rejected(state, Play(0, Card.ROLL, 0), "CARD-IN-HAND")
    assert_rejected(state, Discard(0, Card.ROLL), "CARD-IN-HAND")
    assert legal_actions(state) == (Discard(0, Card.D25),)


@pytest.mark.rules("CARD-IN-HAND", "TURN-ACTOR", "TURN-PLAY-OR-DISCARD")
def test_card_in_hand_reported_with_other_broken_rules() -> None:
    state = position(hands={0: [Card.D25], 1: [Card.D50]}, phase=Phase.DRAW, actor=0)
    assert_rejected(
        state, Discard(1, Card.D25), "TURN-ACTOR", "TURN-PLAY-OR-DISCARD", "CARD-IN-HAND"
    )


# --- TURN-HAND-SIZE ----------------------------------------------------------------


def _check_hand_sizes(states: list[State]) -> int:
    """Checks TURN-HAND-SIZE along a round; returns how many states had an empty pile."""
    empty_pile_steps = 0
    for before, after in pairwise(states):
        if before.phase is Phase.DRAW:
            assert [len(h) for h in before.hands] == [6] * before.players
            assert after.phase is Phase.PLAY
            sizes = [len(h) for h in after.hands]
            actor = after.actor
            assert actor is not None
            assert sizes[actor] == 7
            assert [s for i, s in enumerate(sizes) if i != actor] == [6] * (before.players - 1)
        if before.phase is Phase.PLAY and not before.draw_pile:
            empty_pile_steps += 1
            actor = before.actor
            assert actor is not None
            assert len(after.hands[actor]) == len(before.hands[actor]) - 1
    return empty_pile_steps


@pytest.mark.rules("TURN-HAND-SIZE", "SETUP-DEAL")
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_turn_hand_size_six_between_turns_seven_after_draw(seed: int) -> None:
    state = new_round(players=2, seed=seed)
    assert [len(h) for h in state.hands] == [6, 6]
    states = play_round(state, first_legal)
    _check_hand_sizes(states)


@pytest.mark.rules("TURN-HAND-SIZE", "RUL-EMPTY-DRAW-PILE", "RUL-ROUND-BLOCKED")
@pytest.mark.parametrize("players", (2, 3, 4))
def test_turn_hand_size_shrinks_once_the_draw_pile_is_empty(players: int) -> None:
    state = new_round(players=players, seed=10 + players)
    states = play_round(state, last_legal)
    # The seat that drew the last card holds 7; every card then leaves one hand at a time.
    assert _check_hand_sizes(states) == 6 * players + 1
    end = states[-1]
    assert end.phase is Phase.ROUND_OVER
    assert end.draw_pile == ()
    assert all(hand == () for hand in end.hands)
    assert len(end.discard_pile) == 106


# --- TARGET-OWN-TEAM ---------------------------------------------------------------


@pytest.mark.rules("TARGET-OWN-TEAM")
@pytest.mark.parametrize(
    ("card", "own"),
    [
        (Card.D25, ROLLING),
        (Card.ROLL, Tableau()),
        (Card.REPAIRS, Tableau(battle=(Card.ROLL, Card.ACCIDENT))),
        (Card.GASOLINE, Tableau(battle=(Card.ROLL, Card.OUT_OF_GAS))),
        (Card.END_OF_LIMIT, Tableau(speed=(Card.SPEED_LIMIT,))),
        (Card.RIGHT_OF_WAY, Tableau()),
        (Card.EXTRA_TANK, ROLLING),
    ],
)
def test_target_own_team_card_aimed_at_opponent_rejected(card: Card, own: Tableau) -> None:
    state = position(hands={0: [card]}, tableaus={0: own, 1: own})
    assert_rejected(state, Play(0, card, 1), "TARGET-OWN-TEAM")
    after = assert_legal(state, Play(0, card, 0))
    assert after.tableaus[1] == state.tableaus[1]
    assert card in after.tableaus[0].cards()


@pytest.mark.rules("TARGET-OWN-TEAM", "REM-ROLL")
def test_target_own_team_reported_with_rule_of_own_tableau() -> None:
    state = position(hands={0: [Card.ROLL]}, tableaus={0: ROLLING})
    assert_rejected(state, Play(0, Card.ROLL, 1), "TARGET-OWN-TEAM", "REM-ROLL")


# --- TARGET-OPPONENT ---------------------------------------------------------------


@pytest.mark.rules("TARGET-OPPONENT")
@pytest.mark.parametrize("card", (Card.STOP, Card.SPEED_LIMIT, Card.ACCIDENT))
def test_target_opponent_hazard_on_own_team_rejected(card: Card) -> None:
    state = position(hands={0: [card]}, tableaus={0: ROLLING, 1: ROLLING})
    assert_rejected(state, Play(0, card, 0), "TARGET-OPPONENT")
    after = assert_legal(state, Play(0, card, 1))
    assert after.tableaus[0] == ROLLING
    assert card in after.tableaus[1].cards()


@pytest.mark.rules("TARGET-OPPONENT", "RUL-TEAM-SEATING")
def test_target_opponent_six_players_not_on_partner_team() -> None:
    state = position(
        players=6,
        hands={0: [Card.STOP]},
        tableaus={0: ROLLING, 1: ROLLING, 2: ROLLING},
    )
    assert_rejected(state, Play(0, Card.STOP, 0), "TARGET-OPPONENT")
    plays = [a for a in legal_actions(state) if isinstance(a, Play)]
    assert plays == [Play(0, Card.STOP, 1), Play(0, Card.STOP, 2)]
    after = assert_legal(state, Play(0, Card.STOP, 2))
    assert after.tableaus[2].battle == (Card.ROLL, Card.STOP)
    assert after.tableaus[1] == ROLLING


@pytest.mark.rules("TARGET-OPPONENT")
def test_target_opponent_player_chooses_among_opponents() -> None:
    state = position(players=3, hands={1: [Card.SPEED_LIMIT]}, phase=Phase.PLAY, actor=1)
    plays = [a for a in legal_actions(state) if isinstance(a, Play)]
    assert plays == [Play(1, Card.SPEED_LIMIT, 0), Play(1, Card.SPEED_LIMIT, 2)]
    after = assert_legal(state, Play(1, Card.SPEED_LIMIT, 0))
    assert after.tableaus[0].speed == (Card.SPEED_LIMIT,)
    assert after.tableaus[2].speed == ()


# --- RUL-DISCARD-ANY ---------------------------------------------------------------


@pytest.mark.rules("RUL-DISCARD-ANY")
def test_rul_discard_any_every_distinct_card_can_be_discarded() -> None:
    hand = [Card.D25, Card.D25, Card.ROLL, Card.STOP, Card.RIGHT_OF_WAY]
    state = position(hands={0: hand}, tableaus={1: ROLLING})
    discards = [a for a in legal_actions(state) if isinstance(a, Discard)]
    assert discards == [
        Discard(0, Card.D25),
        Discard(0, Card.STOP),
        Discard(0, Card.ROLL),
        Discard(0, Card.RIGHT_OF_WAY),
    ]
    assert Play(0, Card.ROLL, 0) in legal_actions(state)
    assert Play(0, Card.RIGHT_OF_WAY, 0) in legal_actions(state)


@pytest.mark.rules("RUL-DISCARD-ANY")
@pytest.mark.parametrize("card", (Card.RIGHT_OF_WAY, Card.ROLL, Card.STOP))
def test_rul_discard_any_playable_card_or_safety_discarded(card: Card) -> None:
    hand = [Card.D25, Card.ROLL, Card.STOP, Card.RIGHT_OF_WAY]
    state = position(hands={0: hand}, tableaus={1: ROLLING})
    after = assert_legal(state, Discard(0, card))
    assert after.discard_pile == (card,)
    assert after.hands[0] == tuple(c for c in sorted(hand) if c is not card)
    assert after.tableaus == state.tableaus
    assert (after.actor, after.phase) == (1, Phase.DRAW)


@pytest.mark.rules("RUL-DISCARD-ANY")
def test_rul_discard_any_player_with_no_play_can_discard() -> None:
    state = position(hands={0: [Card.GASOLINE, Card.REPAIRS, Card.D200]}, tableaus={1: Tableau()})
    assert legal_actions(state) == (
        Discard(0, Card.D200),
        Discard(0, Card.GASOLINE),
        Discard(0, Card.REPAIRS),
    )


# --- RUL-EMPTY-DRAW-PILE -----------------------------------------------------------


@pytest.mark.rules("RUL-EMPTY-DRAW-PILE")
def test_rul_empty_draw_pile_next_player_plays_without_drawing() -> None:
    state = position(hands={0: [Card.D25], 1: [Card.D50, Card.ROLL]}, draw_pile=())
    after = assert_legal(state, Discard(0, Card.D25))
    assert (after.actor, after.phase) == (1, Phase.PLAY)
    assert_rejected(after, Draw(1), "TURN-DRAW")
    assert Play(1, Card.ROLL, 1) in legal_actions(after)


@pytest.mark.rules("RUL-EMPTY-DRAW-PILE")
def test_rul_empty_draw_pile_empty_hands_are_passed_over() -> None:
    state = position(
        players=4,
        hands={0: [Card.D25, Card.D50], 1: [], 2: [], 3: [Card.D75]},
        draw_pile=(),
    )
    after = assert_legal(state, Discard(0, Card.D25))
    assert (after.actor, after.turn, after.phase) == (3, 3, Phase.PLAY)
    after = assert_legal(after, Discard(3, Card.D75))
    assert (after.actor, after.phase) == (0, Phase.PLAY)


# --- spot checks: legal_actions agrees with violations -----------------------------


@pytest.mark.rules("TURN-ACTOR", "TURN-PLAY-OR-DISCARD", "CF-WINDOW")
@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33), (6, 34)])
def test_turn_actor_legal_actions_never_break_a_rule(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_round(players=players, seed=seed)
    for _ in range(5000):
        if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        assert_consistent(state)
        options = legal_actions(state)
        assert options, "a player who must act always has a legal action"
        action = rng.choice(options)
        if isinstance(action, (CoupFourre, Decline)):
            assert state.phase is Phase.COUP_FOURRE
        state = apply(state, action)
    assert state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
