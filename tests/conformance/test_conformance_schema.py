"""Every file of the suite validates against the published schemas, and the index is exact."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from conformance_support import SCHEMAS, SUITE, on_disk, validators
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from millebornes.conformance.canon import CASE_FORMAT, spec_version
from millebornes.core.spec_index import spec_ids


def test_the_schemas_are_valid_json_schemas() -> None:
    assert set(validators()) == {"case", "index", "state", "protocol"}
    for validator in validators().values():
        Draft202012Validator.check_schema(validator.schema)


def test_every_case_file_validates_against_the_case_schema() -> None:
    files = sorted((SUITE / "cases").rglob("*.json"))
    assert len(files) == len(on_disk().entries) > 1000
    for path in files:
        errors = list(
            validators()["case"].iter_errors(json.loads(path.read_text(encoding="utf-8")))
        )
        assert errors == [], f"{path.relative_to(SUITE)}: {errors[0].message[:300]}"


def test_the_index_validates_and_lists_every_case_as_it_is() -> None:
    assert list(validators()["index"].iter_errors(on_disk().index)) == []
    files = {p.relative_to(SUITE).as_posix() for p in (SUITE / "cases").rglob("*.json")}
    assert {entry["path"] for entry in on_disk().entries} == files
    known = spec_ids()
    for entry in on_disk().entries:
        case = on_disk().case(entry["id"])
        assert case["format"] == CASE_FORMAT and case["spec_version"] == spec_version()
        for key in ("id", "kind", "edition", "players", "options", "rules", "features"):
            assert entry[key] == case[key], (entry["id"], key)
        assert set(case["rules"]) <= known, entry["id"]
        if case["expected"].get("outcome") == "rejected":
            assert entry["rejects"] == case["expected"]["rules"]
            assert set(entry["rejects"]) <= set(entry["rules"])
        if "replay" in case:
            trace = on_disk().case(case["replay"]["trace"])
            assert trace["kind"] == "trace"
            assert case["replay"]["steps"] <= len(trace["input"]["actions"])
    counts = on_disk().index["counts"]
    assert sum(counts.values()) == len(on_disk().entries)


def _broken(case: dict[str, Any], change: str) -> dict[str, Any]:
    bad = copy.deepcopy(case)
    match change:
        case "rejection without rules":
            bad["expected"] = {"outcome": "rejected", "rules": []}
        case "rule id not an id":
            bad["rules"] = ["dist-max-200"]
        case "unknown kind":
            bad["kind"] = "vibe"
        case "state without a field":
            del bad["input"]["state"]["hands"]
        case "action of an unknown type":
            bad["input"]["action"] = {"type": "teleport", "seat": 0}
        case "no provenance":
            del bad["provenance"]
    return bad


def test_the_case_schema_rejects_broken_cases() -> None:
    entry = next(e for e in on_disk().entries if e.get("rejects") and e["kind"] == "step")
    case = on_disk().case(entry["id"])
    assert list(validators()["case"].iter_errors(case)) == []
    for change in (
        "rejection without rules",
        "rule id not an id",
        "unknown kind",
        "state without a field",
        "action of an unknown type",
        "no provenance",
    ):
        assert list(validators()["case"].iter_errors(_broken(case, change))), change


def test_every_feature_used_is_documented() -> None:
    text = (SCHEMAS / "format.md").read_text(encoding="utf-8")
    table = text[text.index("## Features") : text.index("## Versioning")]
    documented = set(re.findall(r"`([a-z][a-z-]*)`", table))
    used = {feature for entry in on_disk().entries for feature in entry["features"]}
    assert used <= documented, sorted(used - documented)
