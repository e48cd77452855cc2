"""The Fun & Speed mutants (filled in below)."""

from __future__ import annotations

from millebornes_dev.harness import Mutant

MUTANTS: tuple[Mutant, ...] = ()
