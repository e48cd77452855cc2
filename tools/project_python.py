"""Run a repository script under the project's ``.venv`` when it was started with another Python.

The README's commands say ``python3 benchmarks/playouts.py``; a fresh shell's ``python3``
does not have ``millebornes`` installed (``bash tools/setup.sh`` installs it into
``.venv``). Importing this module, before the first ``millebornes`` import, replaces the
process with ``.venv/bin/python`` running the same script and arguments, so the command
works as written. When ``millebornes`` is importable already it does nothing.

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
_MARK = "MILLEBORNES_REEXECUTED"
"""Set in the re-executed process, so a broken .venv is reported instead of looping."""


def use_project_python() -> None:
    """Replace this process with ``.venv/bin/python`` and the same arguments, if needed."""
    if importlib.util.find_spec("millebornes") is not None:
        return
    if os.environ.get(_MARK) or not VENV_PYTHON.is_file():
        sys.exit(
            "millebornes is not installed for this Python and no working .venv was found: "
            "run `bash tools/setup.sh` in the repository first"
        )
    os.environ[_MARK] = "1"
    os.execv(VENV_PYTHON, [str(VENV_PYTHON), *sys.argv])


use_project_python()
if importlib.util.find_spec("millebornes_dev") is None:  # an editable install made before
    sys.path.insert(0, str(ROOT / "devtools"))  # devtools/ joined its folders
