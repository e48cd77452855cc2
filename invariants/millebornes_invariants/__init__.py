"""Named invariants of the Mille Bornes rules, checked against the reference engine.

* :mod:`.catalogue` — state and step invariants with their IDs (spec/invariants.md);
* :mod:`.machine` — the hypothesis state machine that checks them at every step;
* :mod:`.z3model` — the count abstraction, its inductive proofs and the facts
  (spec/facts.md);
* :mod:`.nets` — the nets the machine checks at every step (the mutants they must catch
  are the development package millebornes_dev's).

The engine never imports this package; tests and tools import both.
"""

from millebornes_invariants.catalogue import (
    CATALOGUE,
    STATE_INVARIANTS,
    STEP_INVARIANTS,
    Invariant,
    StepInvariant,
    broken_invariants,
    broken_step_invariants,
)

__all__ = [
    "CATALOGUE",
    "STATE_INVARIANTS",
    "STEP_INVARIANTS",
    "Invariant",
    "StepInvariant",
    "broken_invariants",
    "broken_step_invariants",
]
