"""The mypyc-compiled fast engine against the reference: the same differential checks.

``benchmarks/native.py`` compiles the pure fast engine's own source files; this builds
them once in a temporary folder, then:

- runs ``tests/fast/test_differential.py`` in a fresh pytest process with
  ``MILLEBORNES_FAST_NATIVE`` pointing at the build, so every check there (conversions,
  legal action sets in canonical order, next states, rejections with the reference's
  rule IDs, a state stepped along each walk) runs on the compiled code. With
  ``HYPOTHESIS_PROFILE=deep`` or ``MILLEBORNES_DIFF_STATES=N`` in the environment, the
  compiled run is as deep as the pure one;
- runs the whole conformance suite through ``benchmarks/native.py --serve``, the fast
  engine's protocol server on the compiled build (as ``tests/fast/test_serve.py`` does
  for the pure one).

Skipped, with the reason, where no C compiler, Python headers or mypyc are available.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from test_serve import suite_through

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "benchmarks" / "native.py"
sys.path.insert(0, str(NATIVE.parent))
import native  # noqa: E402

DIFFERENTIAL = Path(__file__).with_name("test_differential.py")


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of the compiled fast engine (its folder, for ``--build-dir``)."""
    reason = native.unavailable()
    if reason:
        pytest.skip(f"the compiled fast engine cannot be built here: {reason}")
    folder = tmp_path_factory.mktemp("native")
    command = [sys.executable, str(NATIVE), "--build-dir", str(folder)]
    built = subprocess.run(command, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    return folder


@pytest.mark.slow
def test_compiled_fast_engine_agrees_with_reference(build: Path) -> None:
    lib = build / "lib"
    env = {**os.environ, "MILLEBORNES_FAST_NATIVE": str(lib)}
    command = [sys.executable, "-m", "pytest", str(DIFFERENTIAL), "-p", "no:cacheprovider"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    # The run really was the compiled engine, loaded from this build (tests/conftest.py).
    assert f"fast engine: compiled, from {lib}" in done.stdout
    assert " passed" in done.stdout.splitlines()[-1]


@pytest.mark.slow
def test_compiled_fast_engine_passes_the_whole_suite_through_serve(build: Path) -> None:
    serve = [sys.executable, str(NATIVE), "--serve", "--build-dir", str(build)]
    suite_through(shlex.join(serve))
