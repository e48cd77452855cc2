"""No behaviour of issue 11's list is pinned by a single case: each keeps a floor of cases.

``millebornes.conformance.behaviours`` recognises each behaviour from what a case holds
(the states of a step, a score case's state, every step of a trace); these tests check
the recognisers on positions built for and against each behaviour, then count the
suite on disk.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conformance_support import on_disk

from millebornes.conformance.behaviours import (
    BEHAVIOURS,
    FLOOR,
    count,
    scored_behaviours,
    step_behaviours,
)
from millebornes.conformance.configs import Config
from millebornes.conformance.contract import _both_hazards, _deciding, _empty_pile
from millebornes.conformance.scenarios import round_over_position
from millebornes.families.classic import (
    Action,
    Card,
    CoupFourre,
    Discard,
    Extension,
    Phase,
    State,
    Tableau,
    apply,
)

ALLONGE_6 = Config("allonge", 6)
CLASSIC_4 = Config("classic", 4)
AT_700 = (Card.D200, Card.D200, Card.D100, Card.D100, Card.D100)


def _shown(state: State, action: Action) -> set[str]:
    return step_behaviours(state, action, apply(state, action))


@pytest.mark.rules("STATE-EXTENDED-BY")
def test_an_extension_counts_only_when_the_seat_is_not_its_team() -> None:
    assert "extended-by-team" in _shown(_deciding(ALLONGE_6, 4), Extension(4, extend=True))
    assert "extended-by-team" not in _shown(_deciding(ALLONGE_6, 1), Extension(1, extend=True))
    assert "extended-by-team" not in _shown(_deciding(ALLONGE_6, 4), Extension(4, extend=False))


@pytest.mark.rules("STATE-PILE-ORDER", "RUL-RIGHT-OF-WAY-CLEARS")
def test_a_coup_fourre_counts_only_when_it_clears_two_hazards() -> None:
    both = _both_hazards(CLASSIC_4, Card.STOP)
    assert "coup-fourre-discard-order" in _shown(both, CoupFourre(1, Card.RIGHT_OF_WAY))
    # The Speed Limit gone: the same coup-fourré clears the Stop alone.
    tableaus = list(both.tableaus)
    tableaus[1] = replace(tableaus[1], speed=())
    stop_only = replace(both, tableaus=tuple(tableaus))
    assert "coup-fourre-discard-order" not in _shown(stop_only, CoupFourre(1, Card.RIGHT_OF_WAY))


@pytest.mark.rules("RUL-EMPTY-DRAW-PILE")
def test_a_turn_counts_as_passing_over_only_when_a_seat_is_skipped() -> None:
    assert "passed-over" in _shown(_empty_pile(CLASSIC_4, (1,)), Discard(0, Card.D25))
    assert "passed-over" not in _shown(_empty_pile(CLASSIC_4, ()), Discard(0, Card.D25))


@pytest.mark.rules("SCORE-EXTENSION", "RUL-SHUTOUT-TEAM")
def test_a_lost_extension_counts_only_when_a_shut_out_team_is_paid() -> None:
    caller = Tableau(battle=(Card.ROLL,), distance=AT_700)
    winner = Tableau(battle=(Card.ROLL,), distance=(*AT_700, Card.D100, Card.D100, Card.D100))
    config = Config("allonge", 3)
    shut_out = round_over_position(config, {0: caller, 1: winner}, extended_by=0)
    assert shut_out.phase is Phase.ROUND_OVER
    assert scored_behaviours(shut_out) == {"extension-points-shut-out"}
    everyone_drove = round_over_position(
        config, {0: caller, 1: winner, 2: Tableau(distance=(Card.D25,))}, extended_by=0
    )
    assert scored_behaviours(everyone_drove) == set()


@pytest.mark.slow
@pytest.mark.rules(
    "STATE-EXTENDED-BY", "STATE-PILE-ORDER", "SCORE-EXTENSION", "RUL-EMPTY-DRAW-PILE"
)
def test_every_behaviour_is_pinned_by_at_least_three_cases() -> None:
    counts = count(on_disk())
    assert set(counts) == set(BEHAVIOURS)
    thin = {name: n for name, n in counts.items() if n < FLOOR}
    assert not thin, f"fewer than {FLOOR} cases show {thin}"
