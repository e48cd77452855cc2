"""Named invariants of the Mille Bornes rules, checked against the reference engine.

The engine never imports this package; tests and tools import both.
"""

from millebornes_invariants.catalogue import CATALOGUE, Invariant, broken_invariants

__all__ = ["CATALOGUE", "Invariant", "broken_invariants"]
