"""The built wheel carries the suite: ``conformance run`` works from an installed package.

The wheel is built with pip (the build backend is hatchling), installed without its
development extras into a new virtual environment, and run from a folder outside the
repository, so nothing can come from the checkout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


def test_the_installed_wheel_runs_the_bundled_suite(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, ROOT, cwd=tmp_path)
    (wheel,) = wheels.glob("millebornes-*.whl")

    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    run(bin_dir / "python", "-m", "pip", "install", "-q", "--no-index", wheel, cwd=tmp_path)
    installed = run(bin_dir / "python", "-m", "pip", "list", "--format=json", cwd=tmp_path)
    assert "pytest" not in {p["name"] for p in json.loads(installed)}  # no dev extras

    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("VIRTUAL_ENV", None)
    report = tmp_path / "report.json"
    out = run(
        bin_dir / "millebornes", "conformance", "run", "--engine", "millebornes serve",
        "--case", "classic-2p-*", "--report", report,
        cwd=tmp_path, env=env,
    )  # fmt: skip
    assert out.rstrip().splitlines()[-1].endswith("0 failed, 0 skipped")
    suite = Path(json.loads(report.read_text(encoding="utf-8"))["suite"]["path"])
    assert suite.is_relative_to(env_dir) and suite.name == "_conformance"
    results = json.loads(report.read_text(encoding="utf-8"))["cases"]
    assert len(results) > 20 and {r["outcome"] for r in results} == {"pass"}
