"""Paths and helpers shared by the conformance tests.

The expensive things (the suite generated afresh, the suite on disk, the schema
validators) are built once per test session by the cached functions below.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource

from millebornes.conformance.generate import Suite, build_suite
from millebornes.conformance.runner import Filters, Report, Runner, SuiteFiles
from millebornes.conformance.server import Session

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "conformance"
SCHEMAS = ROOT / "spec" / "conformance"
HERE = Path(__file__).resolve().parent
SERVE = [sys.executable, "-m", "millebornes.apps.cli", "serve"]
"""The reference engine behind the protocol, as an engine command."""


def fake_engine(*args: str) -> list[str]:
    """The command of the misbehaving engine of fake_engine.py, with its options."""
    return [sys.executable, str(HERE / "fake_engine.py"), *args]


def run(
    command: Sequence[str],
    suite: SuiteFiles,
    filters: Filters,
    *,
    timeout: float = 10.0,
    budget: float | None = None,
    reasons: str = "exact",
) -> Report:
    """Run the cases ``filters`` admits against ``command``; the lines printed are dropped."""
    entries = [entry for entry in suite.entries if filters.admits(entry)]
    assert entries, f"no case matches {filters}"
    runner = Runner(
        command, suite, timeout=timeout, budget=budget, reasons=reasons, echo=lambda line: None
    )
    return runner.run(entries)


def outcomes(report: Report) -> dict[str, str]:
    return {result.id: result.outcome for result in report.results}


@cache
def generated() -> Suite:
    """The suite as the generator makes it now (about half a minute)."""
    return build_suite()


@cache
def generated_files() -> dict[str, str]:
    return generated().files()


@cache
def on_disk() -> SuiteFiles:
    """The suite on disk, as committed."""
    return SuiteFiles(SUITE)


@cache
def validators() -> dict[str, Draft202012Validator]:
    """A validator per schema of spec/conformance/, resolving their references to each other."""
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.json")}
    registry: Registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas.values()
    )
    return {
        name.removesuffix(".schema.json"): Draft202012Validator(schema, registry=registry)
        for name, schema in schemas.items()
    }


def check(kind: str, message: Any) -> None:
    """``message`` validates against ``#/$defs/<kind>`` of protocol.schema.json."""
    ref = {"$ref": f"urn:millebornes:conformance:protocol#/$defs/{kind}"}
    errors = list(validators()["protocol"].evolve(schema=ref).iter_errors(message))
    assert errors == [], f"{kind}: {errors[0].message[:300]}"


def ask(
    session: Session,
    *,
    valid: bool = True,
    **request: Any,
) -> Any:
    """Send ``request`` (checked against the request schema when ``valid``); the response is
    checked against the schema of its op, or of an error."""
    request.setdefault("id", 7)
    if valid:
        check("request", request)
    response = session.handle(request)
    assert response["id"] == request["id"]  # PROTO-ID
    kind = "error" if response["ok"] is False else f"response_{request['op']}"
    check(kind, response)
    return response
