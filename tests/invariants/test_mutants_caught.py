"""Proof that the net catches fish: deliberate rule bugs must all be caught.

Each invariant mutant of ``millebornes_dev.classic`` (a classic family object with one
table row or transition replaced) breaks one rule; the state machine plays it
(derandomized, so a catch is reproducible) until a net fails. The invariant catalogue
alone must catch the six bugs of the issue; all the nets together must catch every
invariant mutant. ``tools/catch_mutants.py`` reports
the same with shrunk counterexamples. Mutants run in worker processes, each
patching its own copy of the engine.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context

import pytest

from millebornes_dev.catching import SIX, Catch, catch_job, catching_order
from millebornes_dev.classic import BY_NAME, INVARIANT_MUTANTS
from millebornes_invariants.configurations import CONFIGURATIONS
from millebornes_invariants.machine import Depth
from millebornes_invariants.nets import ALL_NETS, CATALOGUE

ORDER = tuple(catching_order(CONFIGURATIONS))
CATALOGUE_ONLY = Depth(examples=10, steps=220, z3_every=0, nets=(CATALOGUE,))
EVERY_NET = Depth(examples=10, steps=220, z3_every=0, nets=ALL_NETS)


@pytest.fixture(scope="module")
def catches() -> Iterator[dict[tuple[str, str], Future[Catch]]]:
    pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=get_context("spawn"))
    jobs = {(name, "catalogue"): (name, ORDER, CATALOGUE_ONLY, False) for name in SIX}
    jobs |= {(name, "every net"): (name, ORDER, EVERY_NET, False) for name in INVARIANT_MUTANTS}
    try:
        yield {key: pool.submit(catch_job, job) for key, job in jobs.items()}
    finally:
        pool.shutdown(cancel_futures=True)


def test_the_six_bugs_are_mutants() -> None:
    assert set(SIX) <= set(INVARIANT_MUTANTS) <= set(BY_NAME)


@pytest.mark.rules(
    "INV-MAX-TWO-200", "INV-DISTANCE-LAWFUL", "INV-PILES-WELL-FORMED", "INV-TURN-ORDER",
    "INV-CARD-FLOW", "INV-CARD-CONSERVATION", "INV-HAND-SIZE", "DIST-MAX-200",
    "DIST-SPEED-LIMIT", "HAZ-ROLLING-TARGET", "CF-TURN", "TURN-PLAY-OR-DISCARD", "TURN-DRAW",
)  # fmt: skip
@pytest.mark.parametrize("name", SIX)
def test_the_invariant_catalogue_catches(
    name: str, catches: dict[tuple[str, str], Future[Catch]]
) -> None:
    result = catches[(name, "catalogue")].result()
    assert result.caught, f"{name} escaped the invariant catalogue"
    assert result.nets and all(net.startswith("INV-") for net in result.nets), result.problems


@pytest.mark.parametrize("name", INVARIANT_MUTANTS)
def test_every_mutant_is_caught_by_some_net(
    name: str, catches: dict[tuple[str, str], Future[Catch]]
) -> None:
    result = catches[(name, "every net")].result()
    assert result.caught, f"{name} escaped every net"
