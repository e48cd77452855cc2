"""The rule IDs a case claims are honest: the rules decide its expected answer.

The generator derives each case's IDs from what the case exercises
(reference/millebornes/conformance/tags.py). These tests check the derivation
against the cases themselves: a rejection names exactly the rules the engine
breaks, an effect is claimed only where it happens, and no case claims all.
"""

from __future__ import annotations

from typing import Any

import pytest
from conformance_support import on_disk

from millebornes.families.classic import action_from_dict, state_from_dict, violations

SCORE_RULES = {"SCORE-SHEET", "SCORE-ROUND-WIN", "SCORE-SHUTOUT", "SCORE-NO-200"}


@pytest.fixture(scope="module")
def steps() -> list[dict[str, Any]]:
    return [on_disk().case(e["id"]) for e in on_disk().entries if e["kind"] == "step"]


def test_a_rejection_claims_exactly_the_rules_the_reference_breaks(
    steps: list[dict[str, Any]],
) -> None:
    rejections = [case for case in steps if case["expected"].get("outcome") == "rejected"]
    assert len(rejections) > 300
    for case in rejections:
        state = state_from_dict(case["input"]["state"])
        action = action_from_dict(case["input"]["action"])
        assert list(violations(state, action)) == case["expected"]["rules"], case["id"]
        assert set(case["expected"]["rules"]) <= set(case["rules"]), case["id"]
        assert "rejection" in case["features"]


def test_scoring_rules_are_claimed_only_where_a_round_ends(steps: list[dict[str, Any]]) -> None:
    for case in steps:
        if SCORE_RULES & set(case["rules"]) and case["expected"].get("outcome") == "applied":
            phase = case["expected"]["state"]["phase"]
            assert phase in ("round_over", "match_over"), case["id"]


def test_effects_are_claimed_only_where_they_happen(steps: list[dict[str, Any]]) -> None:
    applied = [case for case in steps if case["expected"].get("outcome") == "applied"]
    for case in applied:
        action, after = case["input"]["action"], case["expected"]["state"]
        rules = set(case["rules"])
        if "CF-EFFECT" in rules:
            assert action["type"] == "coup_fourre", case["id"]
        if "SAFE-EXTRA-TURN" in rules:
            assert after["actor"] == action["seat"] and after["phase"] == "draw", case["id"]
        if "RUL-EMPTY-DRAW-PILE" in rules:
            assert after["draw_pile"] == [] and after["phase"] == "play", case["id"]
        if "TURN-DRAW" in rules and action["type"] != "draw":
            pytest.fail(f"{case['id']} claims TURN-DRAW without a draw")


def test_no_case_claims_every_rule() -> None:
    every = {rule for entry in on_disk().entries for rule in entry["rules"]}
    for entry in on_disk().entries:
        share = len(entry["rules"]) / len(every)
        assert share < (0.75 if entry["kind"] == "trace" else 0.3), entry["id"]
    average = sum(len(e["rules"]) for e in on_disk().entries) / len(on_disk().entries)
    assert average < 12
