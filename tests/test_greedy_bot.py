"""The greedy bot: legal everywhere, sensible in the positions that show its heuristic,
and clearly stronger than the random bot over a fixed, seeded set of rounds."""

from __future__ import annotations

import pytest

from millebornes.apps.arguments import Game
from millebornes.apps.bots import BOTS, GreedyBot, make_bot
from millebornes.apps.simulate import Config, run_local
from millebornes.families.classic import (
    Card,
    CoupFourre,
    Discard,
    Phase,
    Play,
    State,
    Tableau,
    legal_actions,
)
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.position import position

ROLLING = Tableau(battle=(Card.ROLL,))
FILLER = (Card.D25, Card.D25, Card.STOP, Card.STOP)


def choice(state: State) -> object:
    action = GreedyBot(0).choose(state)
    assert action in legal_actions(state)
    return action


def test_greedy_is_registered() -> None:
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    assert {"random", "greedy"} <= set(BOTS)


def test_finishes_exactly_when_it_can() -> None:
    state = position(
        hands={0: [Card.D200, Card.D100, Card.D50, Card.D25, Card.STOP, Card.ACCIDENT, Card.ROLL]},
        tableaus={
            0: Tableau(
                battle=(Card.ROLL,), distance=(Card.D200,) * 2 + (Card.D100,) * 5 + (Card.D50,)
            ),
            1: ROLLING,
        },
    )
    assert state.tableaus[0].km == 950
    assert choice(state) == Play(0, Card.D50, 0)


def test_calls_the_coup_fourre() -> None:
    state = position(
        hands={1: [Card.DRIVING_ACE, *FILLER, Card.D50]},
        tableaus={0: ROLLING, 1: Tableau(battle=(Card.ROLL, Card.ACCIDENT))},
        phase=Phase.COUP_FOURRE,
        actor=1,
        turn=0,
        pending_hazard=Card.ACCIDENT,
    )
    assert choice(state) == CoupFourre(1, Card.DRIVING_ACE)


def test_remedies_its_own_hazard_before_attacking() -> None:
    state = position(
        hands={
            0: [Card.GASOLINE, Card.ACCIDENT, Card.D100, Card.D25, Card.D50, Card.D75, Card.D200]
        },
        tableaus={0: Tableau(battle=(Card.ROLL, Card.OUT_OF_GAS)), 1: ROLLING},
    )
    assert choice(state) == Play(0, Card.GASOLINE, 0)


def test_attacks_the_leader() -> None:
    leader = Tableau(battle=(Card.ROLL,), distance=(Card.D100,) * 6)
    trailer = Tableau(battle=(Card.ROLL,), distance=(Card.D25,))
    state = position(
        players=3,
        hands={0: [Card.ACCIDENT, Card.D25, Card.D25, Card.D50, Card.D50, Card.D75, Card.D75]},
        tableaus={0: Tableau(battle=(Card.ROLL,)), 1: trailer, 2: leader},
    )
    assert choice(state) == Play(0, Card.ACCIDENT, 2)


def test_keeps_a_safety_for_the_coup_fourre_and_drives() -> None:
    state = position(
        hands={0: [Card.EXTRA_TANK, Card.D100, Card.D25, Card.D25, Card.D50, Card.D75, Card.D75]},
        tableaus={0: ROLLING, 1: ROLLING},
    )
    assert choice(state) == Play(0, Card.D100, 0)


def test_lays_the_safety_that_unblocks_it() -> None:
    state = position(
        hands={0: [Card.DRIVING_ACE, Card.D100, Card.D25, Card.D25, Card.D50, Card.D75, Card.D75]},
        tableaus={0: Tableau(battle=(Card.ROLL, Card.ACCIDENT)), 1: ROLLING},
    )
    assert choice(state) == Play(0, Card.DRIVING_ACE, 0)


def test_discards_the_least_useful_card() -> None:
    # Extra Tank laid: the Gasoline is of no use any more; nothing can be played.
    own = Tableau(battle=(Card.ROLL, Card.ACCIDENT), safeties=(Card.EXTRA_TANK,))
    state = position(
        hands={
            0: [
                Card.GASOLINE,
                Card.D100,
                Card.D100,
                Card.D75,
                Card.D50,
                Card.PUNCTURE_PROOF,
                Card.SPARE_TIRE,
            ]
        },
        tableaus={0: own, 1: Tableau(battle=(Card.STOP,))},
    )
    assert choice(state) == Discard(0, Card.GASOLINE)


@pytest.mark.parametrize("edition", edition_ids())
def test_greedy_plays_only_legal_actions_at_every_seat_count(edition: str) -> None:
    for players in load_edition(edition).seat_counts:
        config = Config(Game(edition, players, ()), ("greedy",), "rounds", 1, players)
        record = run_local(config).rounds[0]  # the bot's choices go through apply()
        assert record.turns > 0 and record.end


def rounds_won(edition: str, players: int, rounds: int, seed: int) -> dict[str, float]:
    """The share of the rounds won by a seat of each bot (each team has one seat here)."""
    config = Config(Game(edition, players, ()), ("greedy", "random"), "rounds", rounds, seed)
    won = {"greedy": 0, "random": 0}
    for record in run_local(config).rounds:
        for seat, bot in enumerate(record.bots):
            won[bot] += record.winner == record.teams[seat]
    return {bot: n / rounds for bot, n in won.items()}


@pytest.mark.parametrize(("edition", "players"), [("classic", 2), ("allonge", 2), ("cars", 4)])
def test_greedy_beats_random_over_fixed_seeded_rounds(edition: str, players: int) -> None:
    share = rounds_won(edition, players, rounds=40, seed=20261123)
    assert share["greedy"] > 0.5 and share["greedy"] > 3 * share["random"], share
