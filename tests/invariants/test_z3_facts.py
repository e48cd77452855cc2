"""The facts of spec/facts.md: z3 recomputes every figure, the spec must state it.

The figures come from the edition data; an edition added to spec/editions/ shows
up in the computed tables, and the test fails until spec/facts.md states it too
(``python tools/prove.py --update-spec`` writes the tables).
"""

from __future__ import annotations

import pytest

from millebornes.core.spec_index import spec_entries
from millebornes.families.classic import Card, Phase, Play, Tableau, apply
from millebornes.families.classic.position import position
from millebornes_invariants.configurations import CONFIGURATIONS
from millebornes_invariants.z3model.facts import FACT_IDS, best_round_end
from millebornes_invariants.z3model.report import computed_rows, header, stated_header, stated_rows
from millebornes_invariants.z3model.setting import setting

HINT = "spec/facts.md is out of date: run python tools/prove.py --update-spec and review the diff"


def assert_stated(fact_id: str) -> None:
    assert stated_header(fact_id) == header(fact_id), HINT
    assert stated_rows(fact_id) == computed_rows(fact_id), HINT


def test_every_fact_of_the_spec_is_computed() -> None:
    stated = {e.id for e in spec_entries() if e.kind == "fact" and e.id.startswith("FACT-")}
    assert stated == set(FACT_IDS)


@pytest.mark.rules("FACT-DISTANCE-CARDS", "DIST-EXACT-GOAL", "DIST-MAX-200", "GOAL-DISTANCE")
def test_fewest_and_most_distance_cards_to_the_goal() -> None:
    assert_stated("FACT-DISTANCE-CARDS")
    for row in computed_rows("FACT-DISTANCE-CARDS"):
        goal, fewest, most = (int(x) for x in row[2:])
        assert 0 < fewest <= most <= goal // 25


@pytest.mark.rules("FACT-SPEED-LIMIT-FARTHEST", "DIST-SPEED-LIMIT")
def test_farthest_under_a_permanent_speed_limit() -> None:
    assert_stated("FACT-SPEED-LIMIT-FARTHEST")
    for row in computed_rows("FACT-SPEED-LIMIT-FARTHEST"):
        goal, farthest, finish = int(row[2]), int(row[3]), row[4]
        assert farthest <= goal
        assert (finish == "yes") is (farthest == goal)


@pytest.mark.rules("FACT-FEWEST-TURNS", "SAFE-EXTRA-TURN", "CF-TURN", "REM-ROLL")
def test_fewest_turns_to_finish() -> None:
    assert_stated("FACT-FEWEST-TURNS")
    fewest_cards = {row[:3]: int(row[3]) for row in computed_rows("FACT-DISTANCE-CARDS")}
    for row in computed_rows("FACT-FEWEST-TURNS"):
        fewest, without = int(row[3]), int(row[4])
        # A turn lays one card: never fewer turns than distance cards, and a coup-fourré
        # can spare at most the one turn of the Roll or Right of Way.
        assert fewest_cards[row[:3]] <= fewest <= without <= fewest + 1


@pytest.mark.rules("FACT-MAX-ROUND-POINTS", "SCORE-SHEET", "SCORE-SHUTOUT", "SCORE-COUP-FOURRE")
def test_most_points_in_one_round() -> None:
    assert_stated("FACT-MAX-ROUND-POINTS")


@pytest.mark.rules("FACT-MAX-ROUND-POINTS", "SCORE-SHEET", "SCORE-NO-200", "SCORE-EXTENSION")
@pytest.mark.parametrize("configuration", CONFIGURATIONS)
def test_the_engine_scores_the_best_round_end_as_z3_does(
    configuration: tuple[str, int, tuple[str, ...]],
) -> None:
    """The witness of the maximum, laid out as a position whose last card reaches the goal:
    the engine's score sheet (scoring.py) must give exactly z3's figure."""
    edition, players, options = configuration
    end = best_round_end(s := setting(*configuration))
    last, *laid = sorted(end.distance, key=lambda card: card.value)
    # The other teams are laid out with no distance: the maximum shuts them out, and in
    # the race (SCORE-RACE-SHEET) their distance changes nothing on the sheet.
    assert s.plain_race or not any(end.others_km), "the maximum shuts every other team out"
    # A Roll on the battle pile: in the race any win is a maximum, so the witness need not
    # hold Right of Way, and the last card must be laid by a rolling team.
    tableau = Tableau(
        battle=(Card.ROLL,),
        distance=tuple(laid),
        safeties=end.safeties,
        coups_fourres=end.coups_fourres,
    )
    state = position(
        edition, players, options, hands={0: [last]}, tableaus={0: tableau},
        draw_pile=() if end.draw_pile_empty else (Card.D25,), extended_by=end.extended_by,
    )  # fmt: skip
    after = apply(state, Play(0, last, 0))
    assert after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert after.scores[0] - state.scores[0] == end.points
