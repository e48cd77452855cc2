"""The mypyc-compiled fast engines of Fun & Speed and As du Volant against the reference:
the same checks as their pure runs.

``benchmarks/native.py --family fun-speed-fast`` (or ``as-du-volant-fast``) compiles the
pure engine's own source files; this builds them once in a temporary folder, then runs
that family's differential test (``tests/fast/test_funspeed_differential.py``,
``tests/fast/test_asduvolant_differential.py``) in a fresh pytest process with the
family's variable (``MILLEBORNES_FS_FAST_NATIVE``, ``MILLEBORNES_AV_FAST_NATIVE``)
pointing at the build (``tests/conftest.py`` loads it), so every check there runs on the
compiled code; ``MILLEBORNES_DIFF_STATES`` or ``HYPOTHESIS_PROFILE=deep`` in the
environment make it as deep as the pure run.

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

FAMILIES = {
    # target: (differential test, variable that loads the build, the header's name)
    "fun-speed-fast": (
        "test_funspeed_differential.py",
        "MILLEBORNES_FS_FAST_NATIVE",
        "Fun & Speed",
    ),
    "as-du-volant-fast": (
        "test_asduvolant_differential.py",
        "MILLEBORNES_AV_FAST_NATIVE",
        "As du Volant",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("target", sorted(FAMILIES))
def test_the_compiled_fast_engine_agrees_with_the_reference(target: str, tmp_path: Path) -> None:
    test, variable, title = FAMILIES[target]
    reason = native.unavailable()
    if reason:
        pytest.skip(f"the compiled {title} fast engine cannot be built here: {reason}")
    command = [sys.executable, str(NATIVE), "--family", target, "--build-dir", str(tmp_path)]
    built = subprocess.run(command, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    lib = tmp_path / "lib"
    env = {**os.environ, variable: str(lib)}
    command = [sys.executable, "-m", "pytest", str(Path(__file__).with_name(test))]
    command += ["-p", "no:cacheprovider"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    # The run really was the compiled engine, loaded from this build (tests/conftest.py).
    assert f"{title} fast engine: compiled, from {lib}" in done.stdout
    assert " passed" in done.stdout.splitlines()[-1]
