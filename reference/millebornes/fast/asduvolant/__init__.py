"""A fast, mutable engine for As du Volant playouts and search, differentially tested
against the reference (``tests/fast/test_asduvolant_differential.py``). Convert with
:meth:`AvFastState.from_reference` and :meth:`AvFastState.to_reference`; the actions are
the reference's own."""

from __future__ import annotations

from millebornes.fast.asduvolant.engine import AvFastState

__all__ = ["AvFastState"]
