"""The suite on disk is what the generator makes, covers every rule, and follows the data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conformance_support import ROOT, SUITE, generated, generated_files, on_disk

from millebornes import _spec
from millebornes.conformance.canon import dumps
from millebornes.conformance.configs import Config, configs
from millebornes.conformance.coverage import coverage_report, problems
from millebornes.conformance.generate import config_cases, differences, write
from millebornes.families.classic import edition
from millebornes.families.classic.edition import edition_ids, load_edition


def test_the_suite_on_disk_is_byte_identical_to_a_regeneration() -> None:
    found = differences(SUITE, generated_files())
    assert found == [], "conformance/ is stale: run `millebornes conformance generate`"


def test_every_file_is_canonical_json() -> None:
    for path, text in generated_files().items():
        assert text.endswith("\n") and "\r" not in text and "\\u" not in text, path
        assert dumps(json.loads(text)) == text, f"{path} is not in canonical form"


def test_coverage_is_complete() -> None:
    report = json.loads(generated_files()["coverage.json"])
    assert problems(report) == []
    required = report["ids"]
    assert len(required) > 60
    assert all(item["cases"] > 0 for item in required)
    assert {item["kind"] for item in required} == {"rule", "ruling", "assumption"}
    assert all(item["rejections"] > 0 for item in report["ids"] if item["rejectable"])
    assert {case["kind"] for case in generated().cases} == {
        "shuffle", "setup", "step", "legal", "score", "trace", "protocol"
    }  # fmt: skip


def test_a_rule_without_a_case_is_reported() -> None:
    rule = "DIST-MAX-200"
    without = [entry for entry in on_disk().entries if rule not in entry["rules"]]
    found = problems(coverage_report(without))
    assert f"no case covers {rule}" in found
    assert f"no rejection case for {rule}" in found


def test_every_edition_seat_count_and_option_has_cases() -> None:
    seen = {(e["edition"], e["players"], tuple(e["options"])) for e in on_disk().entries}
    for config in configs():
        assert (config.edition, config.players, config.options) in seen, config.name
    for edition_id in edition_ids():
        rules = load_edition(edition_id)
        for players in rules.seat_counts:
            kinds = {
                e["kind"]
                for e in on_disk().entries
                if e["edition"] == edition_id and e["players"] == players
            }
            assert kinds >= {"setup", "step", "legal", "score", "trace"}, (edition_id, players)


def test_generation_is_deterministic() -> None:
    config = configs()[0]
    first = [dumps(case) for case in config_cases(config, first_of_edition=True)]
    again = [dumps(case) for case in config_cases(config, first_of_edition=True)]
    assert first == again


def test_a_new_edition_is_picked_up_without_new_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = tmp_path / "spec"
    shutil.copytree(ROOT / "spec", spec)
    data = json.loads((spec / "editions" / "classic.json").read_text(encoding="utf-8"))
    data.update(id="zzfresh", title="A fresh edition", seats={"3": {"teams": 3}}, rulings=[])
    data["options"] = {}
    (spec / "editions" / "zzfresh.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(_spec, "spec_dir", lambda: spec)
    monkeypatch.setattr(edition, "spec_dir", lambda: spec)
    assert Config("zzfresh", 3) in configs()
    cases = config_cases(Config("zzfresh", 3), first_of_edition=True)
    assert {case["kind"] for case in cases} == {
        "shuffle", "setup", "step", "legal", "score", "trace"
    }  # fmt: skip
    assert all(case["edition"] == "zzfresh" for case in cases)
    assert any("rejection" in case["features"] for case in cases)


def test_write_removes_stale_cases_and_check_reports_them(tmp_path: Path) -> None:
    files = {"index.json": "{}\n", "cases/x/step/a.json": "{}\n"}
    stale = tmp_path / "cases" / "y" / "legal" / "old.json"
    stale.parent.mkdir(parents=True)
    stale.write_text("{}\n", encoding="utf-8")
    assert "stale: cases/y/legal/old.json" in differences(tmp_path, files)
    write(tmp_path, files)
    assert differences(tmp_path, files) == []
    assert not stale.exists() and not stale.parent.exists()
    (tmp_path / "cases" / "x" / "step" / "a.json").write_text("[]\n", encoding="utf-8")
    assert differences(tmp_path, files) == ["differs: cases/x/step/a.json"]
