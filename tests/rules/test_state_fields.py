"""The state's fields mean exactly what spec/conformance/format.md says (STATE-*).

Whole matches are played by a seeded random bot in several configurations, and every
step is checked against the field-by-field statements; positions check the rest.
"""

from __future__ import annotations

import pytest
from rulecheck import ROLLING, assert_legal

from millebornes.apps.bots import RandomBot
from millebornes.families.classic import (
    Card,
    Deal,
    Discard,
    Draw,
    Extension,
    Phase,
    Play,
    State,
    Tableau,
    apply,
    deal_from_seed,
    edition_ids,
    is_chance,
    legal_actions,
    load_edition,
    new_match,
)
from millebornes.families.classic.actions import Action
from millebornes.families.classic.position import position

MATCHES = (("classic", 2), ("classic", 6), ("allonge", 6), ("asterix", 3))


def _match(edition: str, players: int, seed: int) -> list[tuple[State, Action | None, State]]:
    """Every step (before, action, after) of a whole match; deals are seeded."""
    bot = RandomBot(seed)
    state = new_match(edition, players)
    steps: list[tuple[State, Action | None, State]] = []
    for i in range(20000):
        if state.phase is Phase.MATCH_OVER:
            return steps
        action: Action
        if state.phase in (Phase.DEAL, Phase.ROUND_OVER):
            action = deal_from_seed(state, seed * 1000 + i)
        else:
            action = bot.choose(state)
        after = apply(state, action)
        steps.append((state, action, after))
        state = after
    raise AssertionError("the match did not end")


@pytest.fixture(scope="module", params=MATCHES, ids=lambda p: f"{p[0]}-{p[1]}p")
def match(request: pytest.FixtureRequest) -> list[tuple[State, Action | None, State]]:
    edition, players = request.param
    return _match(edition, players, seed=7)


def test_chance_nodes_are_the_phases_that_wait_for_a_deal(
    match: list[tuple[State, Action | None, State]],
) -> None:
    """``is_chance`` (the next action is a deal, for bots and simulators) holds in phases
    deal and round_over, and in no other phase a whole match goes through."""
    seen = set()
    for before, _, after in match:
        for state in (before, after):
            seen.add(state.phase)
            assert is_chance(state) == (state.phase in (Phase.DEAL, Phase.ROUND_OVER))
    assert {Phase.DEAL, Phase.DRAW, Phase.PLAY, Phase.ROUND_OVER, Phase.MATCH_OVER} <= seen


@pytest.mark.rules("STATE-BEFORE-DEAL", "STATE-ROUND", "STATE-DEALER")
def test_a_new_match_is_the_stated_state() -> None:
    for edition in edition_ids():
        rules = load_edition(edition)
        for players in rules.seat_counts:
            state = new_match(edition, players)
            teams = rules.teams_by_seats[players]
            assert state.phase is Phase.DEAL
            assert (state.actor, state.turn, state.dealer, state.round_number) == (0, 0, 0, 0)
            assert state.draw_pile == rules.playing_cards(players)
            assert list(state.draw_pile) == sorted(state.draw_pile)  # box order
            assert state.hands == ((),) * players
            assert state.discard_pile == ()
            assert state.tableaus == (Tableau(),) * teams
            assert state.set_aside == (Card.MEMO,) * rules.count(Card.MEMO, players)
            assert state.pending_hazard is None and state.extended_by is None
            assert state.scores == (0,) * teams


@pytest.mark.rules("STATE-PHASES", "STATE-TURN")
def test_actor_turn_and_pending_hazard_in_every_phase(
    match: list[tuple[State, Action | None, State]],
) -> None:
    seen = set()
    for before, action, after in match:
        assert action is not None
        seen.add(after.phase)
        assert (after.pending_hazard is not None) == (after.phase is Phase.COUP_FOURRE)
        if after.phase in (Phase.DRAW, Phase.PLAY, Phase.EXTENSION):
            assert after.turn == after.actor
        elif after.phase is Phase.COUP_FOURRE:
            assert isinstance(action, Play) and after.turn == action.seat != after.actor
            top = after.tableaus[action.target]
            assert after.pending_hazard in (top.battle_top, top.speed_top)
        elif after.phase is Phase.ROUND_OVER:
            assert after.turn == after.actor == (after.dealer + 1) % after.players
        else:
            assert after.phase is Phase.MATCH_OVER
            assert after.actor is None and after.turn == before.turn
        if after.phase is Phase.DRAW:
            assert after.draw_pile
        elif after.phase is Phase.PLAY and not isinstance(action, Draw):
            assert not after.draw_pile  # a turn without a draw
    assert {Phase.DRAW, Phase.PLAY, Phase.ROUND_OVER, Phase.MATCH_OVER} <= seen


@pytest.mark.rules("STATE-DEALER", "STATE-ROUND")
def test_dealer_and_round_change_only_at_a_deal(
    match: list[tuple[State, Action | None, State]],
) -> None:
    deals = 0
    for before, action, after in match:
        if isinstance(action, Deal):
            deals += 1
            assert after.dealer == action.seat
            assert after.round_number == before.round_number + 1 == deals
        else:
            assert (after.dealer, after.round_number) == (before.dealer, before.round_number)
    assert deals >= 2


@pytest.mark.rules("STATE-EXTENDED-BY")
def test_extended_by_is_the_team_of_the_seat_that_called() -> None:
    # Allonge at 6 seats: three teams of two; seat 4 plays for team 1.
    state = position(
        "allonge",
        6,
        hands={4: [Card.D25]},
        tableaus={1: Tableau(battle=(Card.ROLL,), distance=(Card.D200,) * 2 + (Card.D100,) * 3)},
        phase=Phase.EXTENSION,
        actor=4,
    )
    after = assert_legal(state, Extension(4, extend=True))
    assert after.extended_by == 1
    assert after.goal == 1000
    dealt = apply(
        position("allonge", 6, phase=Phase.ROUND_OVER, actor=1, extended_by=1, draw_pile=()),
        Deal(1, load_edition("allonge").playing_cards(6)),
    )
    assert dealt.extended_by is None


@pytest.mark.rules("STATE-PILE-ORDER")
def test_the_order_of_each_pile() -> None:
    rules = load_edition("classic")
    deck = tuple(reversed(rules.playing_cards(3)))
    dealt = apply(new_match("classic", 3), Deal(0, deck))
    assert dealt.draw_pile == deck[18:]
    assert dealt.hands[1] == tuple(sorted(deck[0:18:3]))
    drawn = apply(dealt, Draw(1))
    assert drawn.hands[1] == tuple(sorted((*dealt.hands[1], deck[18])))
    assert drawn.draw_pile == deck[19:]
    card = drawn.hands[1][0]
    discarded = apply(drawn, Discard(1, card))
    assert discarded.discard_pile == (card,)
    # Right of Way clears a Stop and a Speed Limit: appended in cards.json order.
    blocked = position(
        hands={0: [Card.RIGHT_OF_WAY]},
        tableaus={0: Tableau(battle=(Card.ROLL, Card.STOP), speed=(Card.SPEED_LIMIT,))},
        discard_pile=(Card.D25,),
    )
    cleared = apply(blocked, Play(0, Card.RIGHT_OF_WAY, 0))
    assert cleared.discard_pile[-3:] == (Card.D25, Card.STOP, Card.SPEED_LIMIT)
    assert cleared.tableaus[0].battle == (Card.ROLL,)


@pytest.mark.rules("STATE-TEAMS")
def test_seats_teams_tableaus_and_scores() -> None:
    for edition in edition_ids():
        rules = load_edition(edition)
        for players in rules.seat_counts:
            state = new_match(edition, players)
            teams = rules.teams_by_seats[players]
            assert len(state.tableaus) == len(state.scores) == teams
            assert len(state.hands) == players
            assert [state.team_of(s) for s in range(players)] == [s % teams for s in range(players)]
    # A hazard by seat 1 of a 6-seat game (team 1) may target team 0 or 2, never 1.
    state = position(
        "classic", 6, hands={1: [Card.STOP]}, actor=1, tableaus={0: ROLLING, 2: ROLLING}
    )
    stops = [a for a in legal_actions(state) if isinstance(a, Play) and a.card is Card.STOP]
    assert {a.target for a in stops} == {0, 2}
