"""The mypyc-compiled fast engine against the reference: the same differential test.

``benchmarks/native.py`` compiles the pure fast engine's own source files; this builds
them in a temporary folder and runs ``tests/fast/test_differential.py`` in a fresh
pytest process with ``MILLEBORNES_FAST_NATIVE`` pointing at the build, so every check
there (conversions, legal action sets in canonical order, next states, rejections with
the reference's rule IDs, a state stepped along each walk) runs on the compiled code.
With ``HYPOTHESIS_PROFILE=deep`` or ``MILLEBORNES_DIFF_STATES=N`` in the environment,
the compiled run is as deep as the pure one. Skipped, with the reason, where no C
compiler, Python headers or mypyc are available.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
import native  # noqa: E402

DIFFERENTIAL = Path(__file__).with_name("test_differential.py")


@pytest.mark.slow
def test_compiled_fast_engine_agrees_with_reference(tmp_path: Path) -> None:
    reason = native.unavailable()
    if reason:
        pytest.skip(f"the compiled fast engine cannot be built here: {reason}")
    build = tmp_path / "native"
    built = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "native.py"), "--build-dir", str(build)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    lib = build / "lib"
    env = {**os.environ, "MILLEBORNES_FAST_NATIVE": str(lib)}
    command = [sys.executable, "-m", "pytest", str(DIFFERENTIAL), "-p", "no:cacheprovider"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    # The run really was the compiled engine, loaded from this build (tests/conftest.py).
    assert f"fast engine: compiled, from {lib}" in done.stdout
    assert " passed" in done.stdout.splitlines()[-1]
