"""The ``millebornes`` command hears Ctrl-C from its first moment: a Ctrl-C while the
command is still being imported is its one line, not Python's traceback; and importing
the package loads no engine, so that moment comes early."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CTRL_C_IN_THE_IMPORT = """
import importlib.abc, os, signal, sys, time

class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "millebornes.apps.cli":
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)  # the Ctrl-C lands here, inside the command's import
        return None

sys.meta_path.insert(0, CtrlC())
from millebornes.apps.entry import main
sys.exit(main())
"""


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),
        check=False,
    )


def test_the_command_is_the_entry_point() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["millebornes"] == "millebornes.apps.entry:main"


def test_a_ctrl_c_while_the_command_is_imported_is_one_line() -> None:
    done = _python(CTRL_C_IN_THE_IMPORT)
    assert (done.returncode, done.stderr, done.stdout) == (130, "millebornes: interrupted\n", "")


def test_importing_the_package_loads_no_engine_until_a_name_is_asked() -> None:
    done = _python(
        "import sys, millebornes\n"
        "print('millebornes.api' in sys.modules)\n"
        "from millebornes import new_game, MalformedInput\n"
        "print('millebornes.api' in sys.modules, new_game is millebornes.new_game)\n"
        "print(MalformedInput.__module__)\n"
    )
    assert done.stdout.split() == ["False", "True", "True", "millebornes.core.errors"], done.stderr


def test_a_name_the_package_does_not_have_is_an_attribute_error() -> None:
    done = _python("import millebornes\nmillebornes.no_such_name\n")
    assert "AttributeError: module 'millebornes' has no attribute 'no_such_name'" in done.stderr
