"""The inductive proofs of spec/facts.md, for every edition, seat count and option.

z3 proves, by unsatisfiability of the negation, that the initial state has each
property (initiation) and that every move of the count abstraction keeps it
(consecution). The proofs run once per distinct model, on every core.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
import z3

from millebornes.core.spec_index import spec_entries
from millebornes.families.classic import Card, new_match
from millebornes_invariants.configurations import CONFIGURATIONS
from millebornes_invariants.z3model.abstract import abstract, symbolic
from millebornes_invariants.z3model.proofs import PROOF_IDS, Verdict, initial, moves, prove_all
from millebornes_invariants.z3model.properties import distance_bound, invariant, two_200s
from millebornes_invariants.z3model.setting import setting
from millebornes_invariants.z3model.transition import Kind, Move, transition

# One worker runs this module (tools/test.sh: --dist loadgroup): its fixture proves
# every model on every core, and each worker that ran a test of it proved them all
# again (two setups of about 190 s each in one suite).
pytestmark = pytest.mark.xdist_group("z3-proofs")

SETTINGS = [setting(*configuration) for configuration in CONFIGURATIONS]
MOVES = {label for label, _ in moves(SETTINGS[0])}


@pytest.fixture(scope="module")
def verdicts() -> dict[str, list[Verdict]]:
    return prove_all(SETTINGS, jobs=os.cpu_count() or 1)


def assert_proved(
    verdicts: dict[str, list[Verdict]], proof: str, *, initiation: bool = True
) -> None:
    for label, found in verdicts.items():
        mine = [v for v in found if v.proof == proof]
        failed = [f"{v.step}: {v.counterexample[:300]}" for v in mine if not v.proved]
        assert failed == [], f"{proof} fails in {label}: {failed}"
        steps = {v.step for v in mine}
        assert ("initiation" in steps) is initiation
        assert steps - {"initiation"} == MOVES, f"{proof} skipped moves in {label}"


def test_every_proof_of_the_spec_is_run_and_stated_proved() -> None:
    stated = [e for e in spec_entries() if e.kind == "fact" and e.id.startswith("PROOF-")]
    # The race families' proofs are test_family_z3_proofs.py's.
    stated = [e for e in stated if e.id.split("-")[1] not in ("FS", "AV")]
    assert {e.id for e in stated} == set(PROOF_IDS)
    # The verdict the spec states is the one the tests below recompute.
    assert all("**Verdict.** Proved" in e.text for e in stated)


@pytest.mark.rules("PROOF-WELL-FORMED", "INV-ONE-ACTOR", "INV-COUP-FOURRE-WINDOW")
def test_well_formedness_is_inductive(verdicts: dict[str, list[Verdict]]) -> None:
    assert_proved(verdicts, "PROOF-WELL-FORMED")


@pytest.mark.rules("PROOF-CARD-CONSERVATION", "INV-CARD-CONSERVATION", "BOX-CONTENTS")
def test_card_conservation_is_inductive(verdicts: dict[str, list[Verdict]]) -> None:
    assert_proved(verdicts, "PROOF-CARD-CONSERVATION")


@pytest.mark.rules("PROOF-HAND-SIZE", "INV-HAND-SIZE", "TURN-HAND-SIZE")
def test_hand_size_is_inductive(verdicts: dict[str, list[Verdict]]) -> None:
    assert_proved(verdicts, "PROOF-HAND-SIZE")


@pytest.mark.rules("PROOF-MAX-TWO-200", "INV-MAX-TWO-200", "DIST-MAX-200")
def test_the_200s_bound_is_inductive(verdicts: dict[str, list[Verdict]]) -> None:
    assert_proved(verdicts, "PROOF-MAX-TWO-200")


@pytest.mark.rules("PROOF-DISTANCE-BOUND", "INV-DISTANCE-BOUND", "DIST-EXACT-GOAL")
def test_the_distance_bound_is_inductive(verdicts: dict[str, list[Verdict]]) -> None:
    assert_proved(verdicts, "PROOF-DISTANCE-BOUND")


@pytest.mark.rules("PROOF-MATCH-END", "INV-MATCH-END", "MATCH-TARGET")
def test_the_match_end_is_inductive(verdicts: dict[str, list[Verdict]]) -> None:
    assert_proved(verdicts, "PROOF-MATCH-END")


@pytest.mark.rules("PROOF-SCORES-GROW", "INV-SCORES-GROW", "SCORE-SHEET")
def test_no_move_lowers_a_score(verdicts: dict[str, list[Verdict]]) -> None:
    assert_proved(verdicts, "PROOF-SCORES-GROW", initiation=False)


@pytest.mark.parametrize("configuration", CONFIGURATIONS)
def test_the_initial_condition_is_the_engines_first_state(
    configuration: tuple[str, int, tuple[str, ...]],
) -> None:
    s = setting(*configuration)
    assert initial(s, abstract(new_match(*configuration))) is True


@pytest.mark.parametrize("configuration", CONFIGURATIONS[:1] + CONFIGURATIONS[-1:])
def test_the_proofs_can_fail(configuration: tuple[str, int, tuple[str, ...]]) -> None:
    """Non-vacuity: the same consecution check refutes a bound one notch too tight, so the
    relation does allow the moves that reach the real bounds."""
    s = setting(*configuration)
    a, b = symbolic(s, "a"), symbolic(s, "b")
    seat, target = z3.Ints("seat target")
    for card, prop, tighter in (
        (Card.D200, two_200s, replace(s, max_200=s.max_200 - 1)),
        (
            Card.D25,
            distance_bound,
            replace(s, goal=s.goal - 25, extension_goal=s.extension_goal - 25),
        ),
    ):
        solver = z3.Solver()
        solver.add(invariant(s, a), transition(s, a, Move(Kind.PLAY, seat, int(card), target), b))
        solver.add(z3.Not(prop(tighter, b)))
        assert solver.check() == z3.sat, (card, configuration)
