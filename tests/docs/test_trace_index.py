"""The traceability pages count the rule families' conformance cases too.

Each family suite keeps its own index (``conformance/families/<name>/index.json``);
the docs' reader of the suite adds them to the classic index, so a Fun & Speed or an
As du Volant rule page counts the cases that cover it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from sitecheck import ROOT

sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from millebornes_docs.trace import conformance_index


def _index(path: Path, cases: list[dict[str, object]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cases": cases}), encoding="utf-8")


@pytest.mark.rules("PROTO-FAMILIES")
def test_family_cases_are_counted_beside_the_classic_ones(tmp_path: Path) -> None:
    _index(tmp_path / "index.json", [{"id": "c1", "edition": "classic", "rules": ["DIST-MAX-200"]}])
    _index(
        tmp_path / "families" / "fun-speed" / "index.json",
        [{"id": "f1", "edition": "fun-speed", "rules": ["FS-ACTOR", "FS-DRAW"]}],
    )
    _index(
        tmp_path / "families" / "as-du-volant" / "index.json",
        [{"id": "a1", "edition": "as-du-volant", "rules": ["AV-ACTOR"]}],
    )
    found = conformance_index(tmp_path / "index.json")
    assert found is not None
    assert found.total == 3
    assert [case.name for case in found.by_id["FS-ACTOR"]] == ["f1"]
    assert [case.edition for case in found.by_id["AV-ACTOR"]] == ["as-du-volant"]
    assert [case.name for case in found.by_id["DIST-MAX-200"]] == ["c1"]


@pytest.mark.rules("PROTO-FAMILIES")
def test_the_repositorys_family_rules_have_cases() -> None:
    found = conformance_index()
    assert found is not None
    assert found.by_id.get("FS-ACTOR") and found.by_id.get("AV-ACTOR")
