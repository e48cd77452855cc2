"""A fast, mutable engine for Fun & Speed playouts and search, differentially tested
against the reference (``tests/fast/test_funspeed_differential.py``). Convert with
:meth:`FsFastState.from_reference` and :meth:`FsFastState.to_reference`; the actions are
the reference's own."""

from __future__ import annotations

from millebornes.fast.funspeed.engine import FsFastState

__all__ = ["FsFastState"]
