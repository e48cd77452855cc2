"""The worked example of docs/fun-speed.md runs as written (the docs build runs it too)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "fun-speed.md"


@pytest.mark.rules("FS-MIRROR", "FS-MIRROR-BACK", "FS-UTURN", "FS-END-AFTER-UTURN", "FS-ACCEL")
def test_the_worked_example_of_a_mirror_chain_and_a_u_turn_runs_as_written() -> None:
    blocks = re.findall(r"```\{doctest\}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5
    shared: dict[str, Any] = {}
    runner = doctest.DocTestRunner()
    for number, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, shared, f"block {number}", str(PAGE), 0)
        test.globs = shared  # the blocks are one session, as in the docs build
        runner.run(test, clear_globs=False)
    results = runner.summarize(verbose=False)
    assert results.attempted > 30 and results.failed == 0
