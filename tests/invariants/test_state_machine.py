"""The hypothesis state machine, in every edition at every seat count and option.

Random legal play with explicit chance; at every step the whole invariant
catalogue, the JSON round trip, the purity of ``apply``, the rejection of a sampled
illegal action for the rule IDs the model expects, the z3 transition relation and
the facts of spec/facts.md. The configurations run side by side on every core; the
hypothesis profile (quick by default, ``--hypothesis-profile=deep`` or
HYPOTHESIS_PROFILE=deep) sets how many runs and how long.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context

import pytest

from millebornes_invariants.configurations import CONFIGURATIONS, Configuration, label
from millebornes_invariants.machine import depth, run


@pytest.fixture(scope="module")
def runs() -> Iterator[dict[Configuration, Future[str | None]]]:
    """Every configuration's run, started at once on a pool of worker processes."""
    chosen = depth()
    pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=get_context("spawn"))
    try:
        yield {c: pool.submit(run, c, chosen) for c in CONFIGURATIONS}
    finally:
        pool.shutdown(cancel_futures=True)


@pytest.mark.rules(
    "INV-CARD-CONSERVATION", "INV-HAND-SIZE", "INV-DISTANCE-BOUND", "INV-MAX-TWO-200",
    "INV-SAFETY-ONCE", "INV-ONE-ACTOR", "INV-COUP-FOURRE-WINDOW", "INV-PILES-WELL-FORMED",
    "INV-ACTOR-CAN-ACT", "INV-MATCH-END", "INV-SCORES-GROW", "INV-TURN-ORDER", "INV-CARD-FLOW",
    "INV-DISTANCE-LAWFUL", "PROOF-WELL-FORMED", "PROOF-CARD-CONSERVATION", "PROOF-HAND-SIZE",
    "PROOF-MAX-TWO-200", "PROOF-DISTANCE-BOUND", "PROOF-MATCH-END", "PROOF-SCORES-GROW",
    "FACT-MAX-ROUND-POINTS", "FACT-DISTANCE-CARDS", "FACT-FEWEST-TURNS", "TURN-ACTOR",
    "CARD-IN-HAND", "TARGET-OWN-TEAM", "TARGET-OPPONENT",
)  # fmt: skip
@pytest.mark.parametrize("configuration", CONFIGURATIONS, ids=label)
def test_random_play_passes_every_net(
    configuration: Configuration, runs: dict[Configuration, Future[str | None]]
) -> None:
    failure = runs[configuration].result()
    assert failure is None, failure
