"""Mechanical mutation testing of the classic engine with cosmic-ray: the command.

    python tools/mechanical_mutants.py run [--jobs 2] [--work DIR]
    python tools/mechanical_mutants.py report [--work DIR] [--write FILE]

What it does, and the record it writes, is in :mod:`millebornes_dev.mechanical`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.apps.stopping import run_command
from millebornes_dev.mechanical import main

if __name__ == "__main__":
    sys.exit(run_command("mechanical_mutants.py", main))
