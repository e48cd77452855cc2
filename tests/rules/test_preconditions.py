"""TURN-PRECONDITIONS: the normative tables of spec/rules/preconditions.md are the engine's.

The file is generated from ``millebornes.families.classic.rules`` by ``tools/preconditions.py``; the
test regenerates it and fails when the committed text differs, so the published
tables cannot drift from the ones ``violations`` and ``legal_actions`` read.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from rulecheck import ROLLING, assert_rejected

from millebornes.families.classic import Card, Draw, Phase, Play, Tableau
from millebornes.families.classic.position import position

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.rules("TURN-PRECONDITIONS")
def test_the_published_tables_are_the_engines() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "preconditions.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    text = (ROOT / "spec" / "rules" / "preconditions.md").read_text(encoding="utf-8")
    assert "| 5 | `DIST-ROLLING` |" in text
    assert "| 5 | `SAFE-IMMUNITY` | The target has not laid" in text


@pytest.mark.rules("TURN-PRECONDITIONS", "TARGET-OWN-TEAM", "DIST-ROLLING")
def test_a_distance_card_is_judged_on_the_own_tableau_whatever_the_target() -> None:
    # Team 1 is rolling, team 0 is not: a 25 aimed at team 1 breaks DIST-ROLLING too.
    state = position(hands={0: [Card.D25]}, tableaus={1: ROLLING})
    assert_rejected(state, Play(0, Card.D25, 1), "TARGET-OWN-TEAM", "DIST-ROLLING")
    # Team 0 is rolling, team 1 is not: only the target is wrong.
    state = position(hands={0: [Card.D25]}, tableaus={0: ROLLING})
    assert_rejected(state, Play(0, Card.D25, 1), "TARGET-OWN-TEAM")


@pytest.mark.rules("TURN-PRECONDITIONS", "TARGET-OPPONENT", "HAZ-ROLLING-TARGET")
def test_a_hazard_is_judged_on_the_targets_tableau() -> None:
    # A Stop on the own rolling team: the target is wrong, and team 0 is rolling.
    state = position(hands={0: [Card.STOP]}, tableaus={0: ROLLING})
    assert_rejected(state, Play(0, Card.STOP, 0), "TARGET-OPPONENT")
    # A Stop on the own team that is not rolling: both rules, judged on team 0.
    state = position(hands={0: [Card.STOP]}, tableaus={1: ROLLING})
    assert_rejected(state, Play(0, Card.STOP, 0), "TARGET-OPPONENT", "HAZ-ROLLING-TARGET")


@pytest.mark.rules("TURN-PRECONDITIONS", "REM-MATCH")
def test_a_remedy_is_judged_on_the_own_tableau_whatever_the_target() -> None:
    hit = Tableau(battle=(Card.ROLL, Card.OUT_OF_GAS))
    state = position(hands={0: [Card.GASOLINE]}, tableaus={1: hit})
    assert_rejected(state, Play(0, Card.GASOLINE, 1), "TARGET-OWN-TEAM", "REM-MATCH")
    state = position(hands={0: [Card.GASOLINE]}, tableaus={0: hit})
    assert_rejected(state, Play(0, Card.GASOLINE, 1), "TARGET-OWN-TEAM")


@pytest.mark.rules("TURN-PRECONDITIONS", "TURN-DRAW", "TURN-PLAY-OR-DISCARD", "TURN-ACTOR")
def test_wrong_moment_actions_break_the_rule_of_their_own_kind() -> None:
    before_draw = position(hands={0: [Card.D25]}, tableaus={0: ROLLING}, phase=Phase.DRAW)
    assert_rejected(before_draw, Play(0, Card.D25, 0), "TURN-PLAY-OR-DISCARD")
    window = position(
        hands={0: [Card.D25], 1: [Card.PUNCTURE_PROOF]},
        tableaus={0: ROLLING, 1: Tableau(battle=(Card.ROLL, Card.FLAT_TIRE))},
        phase=Phase.COUP_FOURRE,
        actor=1,
        turn=0,
        pending_hazard=Card.FLAT_TIRE,
    )
    assert_rejected(window, Draw(1), "TURN-DRAW")
    assert_rejected(window, Draw(0), "TURN-ACTOR", "TURN-DRAW")
    assert_rejected(window, Play(1, Card.PUNCTURE_PROOF, 1), "TURN-PLAY-OR-DISCARD")
    assert_rejected(window, Play(0, Card.D25, 0), "TURN-ACTOR", "TURN-PLAY-OR-DISCARD")
