"""A fast, mutable engine for random playouts and search, differentially tested
against the reference (``tests/fast``). Convert with :meth:`FastState.of` and
:meth:`FastState.to_state`; the actions are the reference's own."""

from __future__ import annotations

from millebornes.fast.engine import FastState
from millebornes.fast.errors import EngineMismatch

__all__ = ["EngineMismatch", "FastState"]
