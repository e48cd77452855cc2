"""The worked examples of docs/as-du-volant.md run as written (the docs build runs them too)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "as-du-volant.md"


@pytest.mark.rules(
    "AV-NO-PASSING", "AV-BONUS", "RUL-AV-BONUS", "AV-UTURN", "RUL-AV-UTURN-WINDOW",
    "RUL-AV-UTURN-COUNTS", "RUL-AV-DISCARD", "RUL-AV-DECLARE",
)  # fmt: skip
def test_the_blocked_move_bonus_demi_tour_and_discard_examples_run_as_written() -> None:
    blocks = re.findall(r"```\{doctest\}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 5
    shared: dict[str, Any] = {}
    runner = doctest.DocTestRunner()
    for number, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, shared, f"block {number}", str(PAGE), 0)
        test.globs = shared  # the blocks are one session, as in the docs build
        runner.run(test, clear_globs=False)
    results = runner.summarize(verbose=False)
    assert results.attempted > 15 and results.failed == 0
