"""The mypyc-compiled Fun & Speed reference against the pure one.

``benchmarks/native.py --family fun-speed`` compiles the family's own hot modules; this
builds them once in a temporary folder, then plays the same random games with the pure
engine and with the build, each in a process of its own (one process holds one engine),
and requires every state, every legal list in canonical order and, in a sample of states,
the rules every well-formed action breaks, to be the same (``fs_trace.py``).
``MILLEBORNES_FS_COMPILED_GAMES`` (default 20 per seat count) plays more.

Skipped, with the reason, where no C compiler, Python headers or mypyc are available.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "benchmarks" / "native.py"
TRACE = Path(__file__).with_name("fs_trace.py")
sys.path.insert(0, str(NATIVE.parent))
import native  # noqa: E402

GAMES = os.environ.get("MILLEBORNES_FS_COMPILED_GAMES", "20")


def _trace(*lib: str) -> list[str]:
    command = [sys.executable, str(TRACE), GAMES, *lib]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


@pytest.mark.slow
def test_compiled_fun_speed_agrees_with_pure(tmp_path: Path) -> None:
    reason = native.unavailable()
    if reason:
        pytest.skip(f"the compiled Fun & Speed engine cannot be built here: {reason}")
    command = [sys.executable, str(NATIVE), "--family", "fun-speed", "--build-dir", str(tmp_path)]
    built = subprocess.run(command, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    pure, compiled = _trace(), _trace(str(tmp_path / "lib"))
    assert pure[0].endswith("engine.py")
    assert compiled[0].startswith(f"engine {tmp_path}") and not compiled[0].endswith(".py")
    assert len(pure) == len(compiled) == 1 + 3 * int(GAMES)
    for expected, found in zip(pure[1:], compiled[1:], strict=True):
        assert found == expected
