"""The runner passes the reference engine through the whole suite, in both of its modes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conformance_support import SERVE, SUITE, on_disk, outcomes, run

from millebornes.conformance.runner import Filters


@pytest.mark.rules("PROTO-VERDICTS", "PROTO-HELLO")
def test_the_reference_engine_passes_the_whole_suite() -> None:
    report = run(SERVE, on_disk(), Filters())
    failures = [f"{r.outcome} {r.id}: {r.reason}" for r in report.results if r.outcome != "pass"]
    assert failures == []
    assert len(report.results) == len(on_disk().entries)
    assert report.closing_line() == f"{len(on_disk().entries)} passed, 0 failed, 0 skipped"
    assert report.engine["name"] == "millebornes-reference"


@pytest.mark.rules("PROTO-REPLAY", "PROTO-SESSION")
def test_an_engine_that_cannot_load_states_gets_every_replayable_case() -> None:
    filters = Filters(cases=("classic-4p-*", "cars-2p-*"))
    report = run([*SERVE, "--no-load-state"], on_disk(), filters)
    skipped = [r for r in report.results if r.outcome == "skipped"]
    positional = [e["id"] for e in on_disk().entries if "load_state" in e["needs"]]
    assert {r.id for r in skipped} == {i for i in outcomes(report) if i in positional}
    assert skipped and all("needs capability load_state" in r.reason for r in skipped)
    others = [r for r in report.results if r.outcome != "skipped"]
    assert others and all(r.outcome == "pass" for r in others), [r.reason for r in others][:3]
    assert any(on_disk().case(r.id).get("replay") for r in others if r.kind == "step")


def test_filters_select_by_edition_rule_feature_kind_and_id() -> None:
    entries = on_disk().entries
    only = Filters(editions=("cars",), rules=("DIST-MAX-200",), kinds=("step",))
    chosen = [e for e in entries if only.admits(e)]
    assert chosen and all(
        e["edition"] == "cars" and "DIST-MAX-200" in e["rules"] and e["kind"] == "step"
        for e in chosen
    )
    tagged = [e for e in entries if Filters(features=("coup-fourre",)).admits(e)]
    assert tagged and all("coup-fourre" in e["features"] for e in tagged)
    named = [e for e in entries if Filters(cases=("*-8p-*-trace-*",)).admits(e)]
    assert named and all("-8p-" in e["id"] and e["kind"] == "trace" for e in named)


@pytest.mark.rules("PROTO-VERDICTS")
def test_the_command_line_prints_the_closing_line_and_writes_a_report(tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    engine = " ".join(SERVE)
    done = subprocess.run(
        [sys.executable, "-m", "millebornes.apps.cli", "conformance", "run", "--engine", engine,
         "--edition", "classic", "--kind", "shuffle", "--kind", "score",
         "--report", str(report_path), "--suite", str(SUITE)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed, 0 skipped", last), last
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert report["summary"] == last
    assert report["counts"]["pass"] == len(report["cases"]) > 0
    assert {case["kind"] for case in report["cases"]} == {"shuffle", "score"}


def test_the_coverage_command_reports_every_id() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "millebornes.apps.cli", "conformance", "coverage"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    assert "DIST-MAX-200" in done.stdout and "coverage complete" in done.stdout
