"""The adapter of docs/implementers-guide.md works as printed: the guide cannot drift."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from conformance_support import ROOT, on_disk, run

from millebornes.conformance.runner import Filters

GUIDE = ROOT / "docs" / "implementers-guide.md"


@pytest.mark.rules("PROTO-HELLO", "PROTO-START", "PROTO-APPLY", "PROTO-LEGAL", "PROTO-SCORE")
def test_the_guides_adapter_passes_the_classic_cases(tmp_path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    adapter = next(block for block in blocks if "A conformance adapter" in block)
    script = tmp_path / "adapter.py"
    script.write_text(adapter, encoding="utf-8")
    filters = Filters(cases=("classic-2p-*", "classic-6p-*", "classic-*-shuffle-*"))
    report = run([sys.executable, str(script)], on_disk(), filters)
    failures = [f"{r.outcome} {r.id}: {r.reason}" for r in report.results if r.outcome != "pass"]
    assert failures == []
    assert len(report.results) > 100
