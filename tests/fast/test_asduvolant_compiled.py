"""The mypyc-compiled As du Volant fast engine against the reference: the same checks.

``benchmarks/native.py --family as-du-volant-fast`` compiles the pure engine's own source
files; this builds them once in a temporary folder, then runs
``tests/fast/test_asduvolant_differential.py`` in a fresh pytest process with
``MILLEBORNES_AV_FAST_NATIVE`` pointing at the build (``tests/conftest.py`` loads it), so
every check there runs on the compiled code; ``MILLEBORNES_DIFF_STATES`` or
``HYPOTHESIS_PROFILE=deep`` in the environment make it as deep as the pure run.

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
sys.path.insert(0, str(NATIVE.parent))
import native  # noqa: E402

DIFFERENTIAL = Path(__file__).with_name("test_asduvolant_differential.py")


@pytest.mark.slow
def test_compiled_asduvolant_fast_engine_agrees_with_reference(tmp_path: Path) -> None:
    reason = native.unavailable()
    if reason:
        pytest.skip(f"the compiled As du Volant fast engine cannot be built here: {reason}")
    command = [sys.executable, str(NATIVE), "--family", "as-du-volant-fast", "--build-dir"]
    built = subprocess.run([*command, str(tmp_path)], capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    lib = tmp_path / "lib"
    env = {**os.environ, "MILLEBORNES_AV_FAST_NATIVE": str(lib)}
    command = [sys.executable, "-m", "pytest", str(DIFFERENTIAL), "-p", "no:cacheprovider"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    # The run really was the compiled engine, loaded from this build (tests/conftest.py).
    assert f"As du Volant fast engine: compiled, from {lib}" in done.stdout
    assert " passed" in done.stdout.splitlines()[-1]
