"""The shell commands of the README and of the implementer's guide work as written.

Every command is collected from the two files (each line of a ``sh`` block, and each
inline ``python3 …``/``bash …`` command of the README) and run from a shell whose
``PATH`` does not include the project's ``.venv``, as a new user would type it. A
command that takes minutes or changes the repository is listed below with the reason
and, where one exists, arguments that make it short while it still goes through its
entry point; a listed command that disappears from the docs fails too, so the lists
follow the docs.
"""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
from pathlib import Path

import pytest

from millebornes.families import classic
from millebornes.families.classic.actions import ACTION_ORDER

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "implementers-guide.md"
VENV = ROOT / ".venv"

INLINE_COMMAND = re.compile(r"`((?:python3?|bash) [^`]+)`")
SH_BLOCK = re.compile(r"```sh\n(.*?)```", re.S)
DEFINITION = re.compile(r"^[A-Za-z_]\w*(?:=|\(\) *\{)")
"""A variable assignment or a shell function: run before each later line of its block."""

NOT_RUN = {
    "bash tools/main.sh": "the main job: sets up, regenerates the suite, builds the site",
    "bash tools/test.sh": "the whole test suite, which includes this test",
    "bash tools/setup.sh": "installs the project: already done for the tests to run",
    "bash tools/main.sh --seed 7 --players 4 --option goal_700 --rounds 0": "the main job",
    "bash tools/build_docs.sh": "tests/docs builds the site",
    "bash tools/build_docs.sh doctest": "tests/docs runs the worked examples",
    "python3 -m http.server -d docs/_build/html 8000": "a server that runs until stopped",
    "python3 tools/release.py": "tests/packaging/test_release.py runs it, writing elsewhere",
    "bash tools/test.sh --quick": "a subset of this suite (tests/test_tools.py checks it)",
    "python3 benchmarks/native.py": "tests/fast/test_compiled.py runs it, building elsewhere",
    "python3 benchmarks/native.py --family fun-speed-fast": (
        "tests/fast/test_family_fast_compiled.py runs it, building elsewhere"
    ),
    "python3 tools/mechanical_mutants.py report --write conformance/mechanical.json": (
        "rewrites the record from the sessions of a finished run; "
        "tests/conformance/test_mechanical_mutants.py checks the record"
    ),
    "python3 tools/mechanical_mutants.py relocate --family as-du-volant": (
        "rewrites the record's line numbers; tests/conformance/test_mechanical_mutants.py "
        "runs it on a record of its own"
    ),
}
"""Commands not run here, with the reason."""

SERVE = '.venv/bin/millebornes conformance run --engine ".venv/bin/millebornes serve"'
ADAPTER = '.venv/bin/millebornes conformance run --engine ".venv/bin/python adapter.py"'
SHORTER = {
    "python3 benchmarks/playouts.py": " --seconds 0.2 --players 2",
    "python3 benchmarks/peers.py": " --seconds 0.2 --players 2",
    "python3 benchmarks/memory.py": " --rounds 1 --players 2",
    "python3 benchmarks/family_speed.py": " --seconds 0.2 --players 2",
    "python3 benchmarks/family_hotspots.py": " --family fun-speed --games 1",
    "python3 tools/conformance_strength.py": " --help",
    "python3 tools/mechanical_mutants.py run": " --help",
    SERVE: " --kind score",
    f"{ADAPTER} --edition classic": " --kind score",
    "conform --kind trace": " --case 'classic-2p-*'",
    ".venv/bin/millebornes simulate --bots greedy,random --rounds 200": " --rounds 20",
    ".venv/bin/millebornes simulate --rounds 2000 --workers 2 --quiet": " --rounds 20",
}
"""Commands that take tens of seconds or minutes, and the arguments that make them short."""


def sh_commands(text: str) -> list[tuple[str, str]]:
    """Each command line of the ``sh`` blocks as (as written, runnable with its block's
    definitions before it); comments after ``#`` are dropped."""
    commands = []
    for block in SH_BLOCK.findall(text):
        prelude: list[str] = []
        for raw in block.splitlines():
            line = re.sub(r"\s+#.*$", "", raw).strip()
            if not line or line.startswith("#"):
                continue
            if DEFINITION.match(line):
                prelude.append(line)
                continue
            commands.append((line, "; ".join([*prelude, line])))
    return commands


def readme_commands() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    inline = [(command, command) for command in INLINE_COMMAND.findall(text)]
    return sh_commands(text) + inline


def guide_commands() -> list[tuple[str, str]]:
    return sh_commands(GUIDE.read_text(encoding="utf-8"))


def user_shell_env() -> dict[str, str]:
    """The environment of a new shell: the project's .venv is neither active nor on PATH."""
    env = {key: value for key, value in os.environ.items() if key != "VIRTUAL_ENV"}
    env.pop("MILLEBORNES_REEXECUTED", None)
    path = env.get("PATH", "").split(os.pathsep)
    env["PATH"] = os.pathsep.join(p for p in path if not Path(p).resolve().is_relative_to(VENV))
    return env


def run_as_written(written: str, runnable: str, cwd: Path) -> None:
    if written in NOT_RUN:
        return
    runnable += SHORTER.get(written, "")
    done = subprocess.run(
        ["bash", "-c", runnable],
        cwd=cwd,
        env=user_shell_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"`{written}` failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr, f"`{written}` printed a traceback:\n{done.stderr}"


@pytest.mark.parametrize(("written", "runnable"), readme_commands(), ids=lambda c: c[:60])
def test_readme_command_works_as_written(written: str, runnable: str) -> None:
    run_as_written(written, runnable, ROOT)


@pytest.mark.parametrize(("written", "runnable"), guide_commands(), ids=lambda c: c[:60])
def test_guide_command_works_as_written(written: str, runnable: str, tmp_path: Path) -> None:
    """The guide's commands run from a folder holding the guide's ``adapter.py`` and the
    project's ``.venv``, as in a checkout where the reader saved the adapter."""
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    (tmp_path / "adapter.py").write_text(blocks[0], encoding="utf-8")
    (tmp_path / ".venv").symlink_to(VENV)
    run_as_written(written, runnable, tmp_path)


def test_the_lists_of_skipped_and_shortened_commands_follow_the_docs() -> None:
    written = {command for command, _ in readme_commands() + guide_commands()}
    assert set(NOT_RUN) <= written, set(NOT_RUN) - written
    assert set(SHORTER) <= written, set(SHORTER) - written
    assert any("benchmarks/playouts.py" in command for command in written)


def test_readme_lists_each_action_with_its_fields() -> None:
    """``Play(seat, card, target)`` and its siblings, as the classic family's dataclasses
    define them and its package exports them."""
    text = README.read_text(encoding="utf-8")
    listed = dict(re.findall(r"`(\w+)\(([\w, ]+)\)`", text))
    for kind in ACTION_ORDER:
        fields = ", ".join(field.name for field in dataclasses.fields(kind))
        assert listed.get(kind.__name__) == fields, kind.__name__
        assert getattr(classic, kind.__name__) is kind
