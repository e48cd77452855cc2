"""tools/fuzz_families.py, small: the issue's figures are zero on the families' boundary.

Mutated states, actions and board files from random games of every seat count and
option, the loader probes and hostile ``serve`` lines: nothing escapes as anything but
``MalformedInput`` or ``IllegalAction``, no probe is accepted, no accepted state is
stuck, no answer is ``internal``, and the worst request stays small.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "fuzz_families.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_families", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_families"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-ERRORS", "LOAD-FS-FORMAT", "LOAD-AV-FORMAT")
def test_the_family_boundary_figures_are_zero(capsys: pytest.CaptureFixture[str]) -> None:
    tool = _tool()
    figures = tool.fuzz(games_per=1, seed=7, tries=1200)
    assert figures["tried states"] > 200 and figures["tried serve lines"] > 200
    assert figures["tried probes"] >= 50
    assert {name: figures[name] for name in tool.ZERO} == dict.fromkeys(tool.ZERO, 0)
    assert figures["peak KiB"] < 64 * 1024  # a request never costs the 570 MiB of 2^32
    assert tool.main(["--games", "1", "--seed", "3", "--tries", "200"]) == 0
    assert "accepted impossible states: 0" in capsys.readouterr().out
