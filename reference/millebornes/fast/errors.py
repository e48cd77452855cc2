"""The fast engine's own error, kept out of the compiled module (mypyc cannot compile a
subclass of a built-in exception)."""

from __future__ import annotations


class EngineMismatch(RuntimeError):
    """The fast engine refused an action that the reference accepts: a bug in the fast engine."""
