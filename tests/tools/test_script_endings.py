"""Every script of ``benchmarks/`` and ``tools/`` ends as ``millebornes`` does: through
``stopping.run_command``, so that a reader gone (``| head``), a Ctrl-C, a SIGTERM or a
file it cannot write is one line or nothing, never a traceback (``tests/test_headroom.py``
and ``tests/tools/test_interrupt.py`` run one of them so). A new script that forgets it
fails here; the few that cannot use it say why below."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

OWN_ENDING = {
    "benchmarks/native.py": "loads a compiled engine before anything imports millebornes",
    "benchmarks/family_speed.py": "its --compiled child loads a build before millebornes",
    "tools/command_samples.py": "imports no millebornes: it runs the documented commands",
    "tools/serve_mutant.py": "a conformance engine: its exit and its lines are the protocol's",
    "tools/suite_in_process.py": "the mutation run's test command: its exit status is the verdict",
}


def _main_block(path: Path) -> ast.If | None:
    """The script's ``if __name__ == "__main__":`` block, if it has one."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name)
            and node.test.left.id == "__name__"
        ):
            return node
    return None


SCRIPTS = sorted(
    str(path.relative_to(ROOT))
    for folder in ("benchmarks", "tools")
    for path in (ROOT / folder).glob("*.py")
    if _main_block(path) is not None
)


def test_the_scripts_are_found() -> None:
    assert {"benchmarks/headroom.py", "tools/prove.py"} <= set(SCRIPTS)
    assert set(OWN_ENDING) <= set(SCRIPTS), "an exception for a script that is gone"


@pytest.mark.parametrize("script", [s for s in SCRIPTS if s not in OWN_ENDING])
def test_a_script_ends_through_run_command(script: str) -> None:
    block = _main_block(ROOT / script)
    assert block is not None
    called = {
        node.func.id
        for node in ast.walk(block)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert "run_command" in called, f"{script}: end it with sys.exit(run_command(NAME, main))"
