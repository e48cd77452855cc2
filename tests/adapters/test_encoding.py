"""The adapters' shared encoding: the fixed action table, the observation, the utilities.

Random rounds at every edition and seat count; every state met is checked.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from adapter_support import CONFIGURATIONS, config_id

from millebornes.apps.adapters.encoding import (
    PLAYING_CARDS,
    ActionTable,
    max_round_points,
    observation,
    observation_high,
    observation_size,
    observation_string,
    utilities,
)
from millebornes.apps.bots import RandomBot
from millebornes.families.classic import (
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extension,
    MalformedInput,
    Phase,
    Play,
    State,
    apply,
    legal_actions,
    new_round,
    score_round,
)
from millebornes.families.classic.cards import SAFETIES, Card


def random_round(edition: str, players: int, seed: int) -> list[State]:
    state = new_round(edition, players, seed=seed)
    bot = RandomBot(seed)
    states = [state]
    while state.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        state = apply(state, bot.choose(state))
        states.append(state)
    return states


def hidden_cards_dealt_again(state: State, seat: int) -> State:
    """``state`` with the cards ``seat`` cannot see (other hands, draw pile) reordered."""
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.draw_pile)
    for s in others:
        pool += state.hands[s]
    pool.reverse()
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    return replace(state, hands=tuple(hands), draw_pile=tuple(pool))


def test_action_table_layout_names_every_kind_of_action_once() -> None:
    table = ActionTable(teams=2)
    assert table.size == 27 + 19 * 2
    assert table.action(0, 1) == Draw(1)
    # Seat 1 is on team 1: offset 0 is its own team, offset 1 the other one.
    assert table.action(1 + int(Card.D100) * 2, 1) == Play(1, Card.D100, 1)
    assert table.action(1 + int(Card.STOP) * 2 + 1, 1) == Play(1, Card.STOP, 0)
    assert table.action(1 + 19 * 2 + int(Card.ROLL), 0) == Discard(0, Card.ROLL)
    assert table.action(20 + 19 * 2 + 3, 0) == CoupFourre(0, SAFETIES[3])
    assert table.action(24 + 19 * 2, 0) == Decline(0)
    assert table.action(25 + 19 * 2, 0) == Extension(0, extend=False)
    assert table.action(26 + 19 * 2, 0) == Extension(0, extend=True)
    names = [table.name(i) for i in range(table.size)]
    assert len(set(names)) == table.size
    assert names[1 + int(Card.STOP) * 2 + 1] == "play STOP on team +1"
    with pytest.raises(MalformedInput, match="action index"):
        table.action(table.size, 0)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_every_legal_action_has_one_index_and_back(config: tuple[str, int]) -> None:
    edition, players = config
    for state in random_round(edition, players, seed=players):
        table = ActionTable(state.teams)
        actions = legal_actions(state)
        indices = table.legal(state)
        assert indices == sorted(set(indices)) and len(indices) == len(actions)
        seat = state.actor
        if seat is None or not actions:
            continue
        assert {table.action(i, seat) for i in indices} == set(actions)
        assert all(0 <= i < table.size for i in indices)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_observation_shows_a_seat_only_what_it_may_see(config: tuple[str, int]) -> None:
    edition, players = config
    states = random_round(edition, players, seed=7 * players)
    size = observation_size(players, states[0].teams)
    high = observation_high(edition, players, (), 1)
    for state in states[:: max(1, len(states) // 25)]:
        for seat in range(players):
            seen = observation(state, seat)
            assert len(seen) == size
            assert all(0.0 <= value <= high for value in seen)
            # What the seat cannot see may be anything: the view stays the same ...
            other = hidden_cards_dealt_again(state, seat)
            assert observation(other, seat) == seen
            assert observation_string(other, seat) == observation_string(state, seat)
        # ... while its own hand shows (seat 0 sees seat 0's cards, by count per kind).
        hand = observation(state, 0)[7 + 2 * players : 7 + 2 * players + len(PLAYING_CARDS)]
        assert hand == [float(state.hands[0].count(card)) for card in PLAYING_CARDS]


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_utilities_are_the_score_lead_and_sum_to_zero(config: tuple[str, int]) -> None:
    edition, players = config
    end = random_round(edition, players, seed=3)[-1]
    values = utilities(end)
    assert sum(values) == pytest.approx(0.0)
    sheet = score_round(end)
    mean = sum(line.total for line in sheet.teams) / len(sheet.teams)
    for seat, value in enumerate(values):
        assert value == sheet.teams[end.team_of(seat)].total - mean
        assert sheet.teams[end.team_of(seat)].total <= max_round_points(edition, players)
