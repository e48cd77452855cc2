"""The checks of spec/conformance/malformed.md: each refuses its states, by name.

Every check has a change in the conformance generator's list (malformed_states.BREACHES)
that breaks it, and the reference engine, behind the protocol, answers each such state
``malformed`` naming the check.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from millebornes.conformance.configs import configs
from millebornes.conformance.malformed_states import BREACHES, malformed_state_cases
from millebornes.conformance.server import Session
from millebornes.core.spec_index import spec_entries
from millebornes.families.classic import MalformedInput, new_round, state_from_dict, state_to_dict
from millebornes.families.classic.state_checks import STATE_CHECKS

LOAD_CHECKS = sorted(
    e.id
    for e in spec_entries()
    if e.id.startswith("LOAD-") and e.id.split("-")[1] not in ("FS", "AV")
)  # the classic family's; the others' are test_family_state_checks.py's


def test_every_check_of_malformed_md_has_a_state_that_breaks_it() -> None:
    meant = {check for breach in BREACHES for check in breach.checks}
    assert set(STATE_CHECKS) <= meant
    assert set(LOAD_CHECKS) - meant == {"LOAD-FORMAT"}  # form: test_refused_fields_are_named
    test = test_serve_answers_every_malformed_state_malformed_naming_its_checks
    marked = getattr(test, "pytestmark", [])  # the traceability test reads these marks
    assert {rule for mark in marked if mark.name == "rules" for rule in mark.args} == meant & set(
        LOAD_CHECKS
    )


@pytest.mark.rules(
    "LOAD-EDITION", "LOAD-OPTIONS", "LOAD-SEATS", "LOAD-ROUND", "LOAD-HAND-ORDER",
    "LOAD-HAND-LIMIT", "LOAD-MEMO", "LOAD-PENDING-HAZARD", "LOAD-EXTENSION",
)  # fmt: skip
@pytest.mark.parametrize("edition", ["classic", "allonge"])
def test_serve_answers_every_malformed_state_malformed_naming_its_checks(edition: str) -> None:
    config = next(c for c in configs() if c.edition == edition)
    cases = list(malformed_state_cases(config))
    assert len(cases) >= len(BREACHES) - 1  # allonge has no memo cards to misplace
    for case in cases:
        request = {"id": 1, "op": "apply", **case["input"]}
        answer = Session().handle(request)
        assert answer["ok"] is False and answer["error"]["kind"] == "malformed", case["id"]
        for check in case["rules"]:
            assert check in answer["error"]["message"], case["id"]


@pytest.mark.rules("LOAD-FORMAT")
@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("actor", True, "state.actor"),
        ("turn", 1.0, "state.turn"),
        ("format", "millebornes-state/0", "state.format"),
        ("phase", "lunch", "state.phase"),
        ("hands", [["JOKER"]], "state.hands[0][0]"),
        ("scores", [0, "0"], "state.scores"),
    ],
)
def test_refused_fields_are_named(field: str, value: Any, named: str) -> None:
    data = copy.deepcopy(state_to_dict(new_round(seed=8)))
    data[field] = value
    with pytest.raises(MalformedInput) as refused:
        state_from_dict(data)
    assert str(refused.value).startswith(named)
