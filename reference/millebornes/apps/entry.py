"""The ``millebornes`` command's entry point, which a Ctrl-C cannot turn into a traceback.

Importing the command loads the engine and its families, a fraction of a second in
which Python's own handler turns a Ctrl-C into a KeyboardInterrupt raised wherever the
import is, and its traceback. This module imports nothing of the engine (the package
loads its names when first asked for), so it catches that Ctrl-C and says it in the
command's one line; once the command runs, its own handlers take over
(:mod:`millebornes.apps.stopping`).
"""

from __future__ import annotations

import sys


def main() -> int | None:
    try:
        from millebornes.apps.cli import main as command  # noqa: PLC0415 - the slow part
    except KeyboardInterrupt:
        print("millebornes: interrupted", file=sys.stderr)
        return 130
    return command()
