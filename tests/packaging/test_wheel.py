"""The built wheel: installed alone, it runs the bundled suite and plays every rule set.

The wheel is built from this checkout (with the build backend of this environment when
it has one, else pip's isolated build, as ``tools/setup.sh`` does), installed with
``--no-deps --no-index`` into a new virtual environment without the system's packages,
and run from a folder outside the repository, so nothing can come from the checkout or
from the development environment: no development package comes with it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

import pytest

# One worker (tools/test.sh: --dist loadgroup): the module's fixture builds and installs
# the wheel, which each worker running a test of it did again (about 11 s each).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]

ROOT = Path(__file__).resolve().parents[2]

EDITIONS = ("classic", "cars", "asterix", "allonge", "fun-speed", "as-du-volant")
DEVELOPMENT_DISTRIBUTIONS = ("z3-solver", "hypothesis", "cosmic-ray", "pytest")
DEVELOPMENT_MODULES = ("millebornes_invariants", "z3", "hypothesis", "cosmic_ray", "pytest")
STEP_BOUND = 20_000

PLAY = """
import sys
from importlib.util import find_spec

import millebornes

editions, development, bound = sys.argv[1].split(","), sys.argv[2].split(","), int(sys.argv[3])
assert millebornes.__file__.startswith(sys.prefix), f"not the wheel: {millebornes.__file__}"
assert not [name for name in development if find_spec(name)], development
for edition in editions:
    state = millebornes.new_game(edition, players=2, seed=1)
    steps, end = 0, "bound"
    while steps < bound:
        if millebornes.winners(state):
            end = "won"
            break
        if millebornes.is_chance(state):
            action = millebornes.chance_action(state, steps)
        else:
            legal = millebornes.legal_actions(state) if millebornes.actor(state) is not None else ()
            if not legal:
                end = "over"
                break
            action = legal[0]
        state = millebornes.apply(state, action)
        steps += 1
    assert millebornes.from_json(millebornes.to_json(state)) == state, edition
    print(edition, end, steps, "winners", list(millebornes.winners(state)))
"""


def run(*command: str | Path, cwd: Path, env: dict[str, str], timeout: float) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


def clean_environment(bin_dir: Path | None = None) -> dict[str, str]:
    """This process's environment without what points at the development one."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}
    }
    if bin_dir is not None:
        env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def build_wheel(out: Path, cwd: Path) -> Path:
    """The wheel of this checkout: offline with this environment's hatchling if it has it."""
    isolation = () if find_spec("hatchling") is None else ("--no-build-isolation",)
    command = (sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", out)
    run(*command, ROOT, cwd=cwd, env=clean_environment(), timeout=300)
    (wheel,) = out.glob("millebornes-*.whl")
    return wheel


@dataclass(frozen=True)
class Installed:
    wheel: Path
    bin_dir: Path
    env: dict[str, str]
    folder: Path
    """A folder outside the repository to run from."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel, built once and installed into a new virtual environment."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(tmp_path / "wheels", tmp_path)
    env_dir = tmp_path / "env"
    run(sys.executable, "-m", "venv", env_dir, cwd=tmp_path, env=clean_environment(), timeout=180)
    bin_dir = env_dir / "bin"
    env = clean_environment(bin_dir)
    pip = (bin_dir / "python", "-m", "pip", "--disable-pip-version-check")
    run(*pip, "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp_path, env=env, timeout=180)
    return Installed(wheel, bin_dir, env, tmp_path)


def test_the_wheel_holds_the_engine_and_its_data_and_nothing_else(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as archive:
        names = archive.namelist()
    assert not [name for name in names if not name.startswith("millebornes")], names
    assert not [name for name in names if name.startswith("millebornes_invariants/")]
    assert {"millebornes/_spec/cards.json", "millebornes/_conformance/index.json"} <= set(names)
    pip = (installed.bin_dir / "python", "-m", "pip", "--disable-pip-version-check")
    listed = run(
        *pip, "list", "--format=json", cwd=installed.folder, env=installed.env, timeout=120
    )
    names_installed = {normalised(package["name"]) for package in json.loads(listed)}
    assert "millebornes" in names_installed
    assert not names_installed & set(DEVELOPMENT_DISTRIBUTIONS), sorted(names_installed)


def test_the_wheel_alone_plays_every_edition(installed: Installed) -> None:
    played = run(
        installed.bin_dir / "python", "-I", "-c", PLAY, ",".join(EDITIONS),
        ",".join(DEVELOPMENT_MODULES), str(STEP_BOUND),
        cwd=installed.folder, env=installed.env, timeout=900,
    )  # fmt: skip
    lines = played.splitlines()
    print(played)
    assert [line.split()[0] for line in lines] == list(EDITIONS), played
    assert all(line.split()[1] == "won" for line in lines), played  # none stuck, none too long
    assert (installed.bin_dir / "millebornes").is_file()
    listing = run(
        installed.bin_dir / "millebornes", "editions",
        cwd=installed.folder, env=installed.env, timeout=120,
    )  # fmt: skip
    assert "classic" in listing, listing


def test_the_installed_wheel_runs_the_bundled_suite(installed: Installed) -> None:
    report = installed.folder / "report.json"
    out = run(
        installed.bin_dir / "millebornes", "conformance", "run", "--engine", "millebornes serve",
        "--case", "classic-2p-*", "--report", report,
        cwd=installed.folder, env=installed.env, timeout=300,
    )  # fmt: skip
    assert out.rstrip().splitlines()[-1].endswith("0 failed, 0 skipped")
    suite = Path(json.loads(report.read_text(encoding="utf-8"))["suite"]["path"])
    assert suite.is_relative_to(installed.folder / "env") and suite.name == "_conformance"
    results = json.loads(report.read_text(encoding="utf-8"))["cases"]
    assert len(results) > 20 and {r["outcome"] for r in results} == {"pass"}
