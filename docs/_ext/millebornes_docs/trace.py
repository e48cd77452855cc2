"""Traceability data: which tests, conformance cases and code lines name each spec ID.

Everything is read statically, without importing or running anything:

* tests: the ``@pytest.mark.rules("ID", ...)`` markers under ``tests/`` (read
  with :mod:`ast`, as ``tests/test_traceability.py`` does), attributed to the
  test function they decorate, or to every test of a module or class through
  ``pytestmark``;
* code: every line of ``reference/`` (and, for invariants, ``invariants/``) and
  of the spec's data files that names a known ID;
* conformance: the cases of ``conformance/index.json``, when the suite has been
  generated.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from millebornes_docs.data import ROOT

TESTS = ROOT / "tests"
CONFORMANCE_INDEX = ROOT / "conformance" / "index.json"


@dataclass(frozen=True, order=True)
class TestRef:
    """A test that declares it covers an ID."""

    path: str
    """Relative to the repository, e.g. ``tests/rules/test_distance.py``."""
    name: str
    """The pytest node name within the file, e.g. ``TestX::test_y``."""
    line: int

    @property
    def node_id(self) -> str:
        return f"{self.path}::{self.name}"


@dataclass(frozen=True, order=True)
class CodeRef:
    """A line of code or data that cites an ID."""

    path: str
    line: int
    scope: str
    """The innermost function or class around the line ("" at module level or in data)."""

    @property
    def module(self) -> str | None:
        """The dotted module name for a file of the ``millebornes`` package, else None."""
        parts = Path(self.path).with_suffix("").parts
        if self.path.endswith(".py") and parts[:2] == ("reference", "millebornes"):
            return ".".join(parts[1:])
        return None


@dataclass(frozen=True, order=True)
class Case:
    """A conformance case, as its index lists it."""

    name: str
    edition: str
    """The edition the case plays ("" when the index does not say)."""


@dataclass(frozen=True)
class ConformanceIndex:
    """The conformance suite's index: cases by the IDs they cover."""

    path: str
    total: int
    by_id: dict[str, tuple[Case, ...]] = field(default_factory=dict)


def _is_rules_mark(node: ast.AST) -> bool:
    # The same test as covered_ids() in tests/test_traceability.py: a call of
    # ``<something ending in mark>.rules(...)``.
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "rules"
        and re.search(r"mark$", ast.unparse(node.func.value)) is not None
    )


def _ids_in(nodes: Iterable[ast.AST]) -> list[str]:
    """The constant string arguments of every rules mark within ``nodes``."""
    ids: list[str] = []
    for top in nodes:
        for node in ast.walk(top):
            if _is_rules_mark(node):
                assert isinstance(node, ast.Call)
                ids += [
                    arg.value
                    for arg in node.args
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                ]
    return ids


def _pytestmark(body: Sequence[ast.stmt]) -> list[str]:
    """The IDs of a ``pytestmark = ...`` assignment in a module or class body."""
    return _ids_in(
        stmt
        for stmt in body
        if isinstance(stmt, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets)
    )


def _tests_in(
    body: Sequence[ast.stmt], prefix: str, inherited: list[str]
) -> Iterator[tuple[str, int, list[str]]]:
    """(node name, line, IDs) for every test function in a module or class body."""
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name.startswith(
            "test"
        ):
            yield prefix + stmt.name, stmt.lineno, inherited + _ids_in(stmt.decorator_list)
        elif isinstance(stmt, ast.ClassDef) and stmt.name.startswith("Test"):
            marks = inherited + _ids_in(stmt.decorator_list) + _pytestmark(stmt.body)
            yield from _tests_in(stmt.body, f"{prefix}{stmt.name}::", marks)


def test_files() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


@cache
def tests_by_id() -> dict[str, tuple[TestRef, ...]]:
    """For each ID some test names, the tests that name it, sorted."""
    found: dict[str, set[TestRef]] = {}
    for path in test_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        relative = path.relative_to(ROOT).as_posix()
        for name, line, ids in _tests_in(tree.body, "", _pytestmark(tree.body)):
            for rule_id in ids:
                found.setdefault(rule_id, set()).add(TestRef(relative, name, line))
    return {rule_id: tuple(sorted(refs)) for rule_id, refs in found.items()}


# --- code citations ------------------------------------------------------------------


def code_files() -> list[Path]:
    """The files whose citations count as implementing an ID: the engine, the invariants
    and the spec's data files (an edition option names the rules it changes)."""
    return (
        sorted((ROOT / "reference").rglob("*.py"))
        + sorted((ROOT / "invariants").rglob("*.py"))
        + sorted((ROOT / "spec").rglob("*.json"))
    )


def _scopes(source: str) -> list[tuple[int, int, str]]:
    """(first line, last line, dotted name) of every function and class, outermost first."""
    spans: list[tuple[int, int, str]] = []

    def visit(body: Sequence[ast.stmt], prefix: str) -> None:
        for stmt in body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + stmt.name
                # Decorators belong to the function they decorate.
                first = min([stmt.lineno] + [d.lineno for d in stmt.decorator_list])
                spans.append((first, stmt.end_lineno or stmt.lineno, name))
                visit(stmt.body, name + ".")

    visit(ast.parse(source).body, "")
    return spans


def id_regex(known: Iterable[str]) -> re.Pattern[str]:
    """A pattern matching any known ID as a whole token, longest first.

    Built from the IDs themselves rather than from a shape, so that an ID
    without a hyphen is found too; hyphens, letters, digits and underscores
    around a match rule out pieces of longer names.
    """
    alternatives = "|".join(re.escape(i) for i in sorted(known, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_-])(?:{alternatives})(?![A-Za-z0-9_-])")


def code_by_id(known: frozenset[str]) -> dict[str, tuple[CodeRef, ...]]:
    """For each known ID cited in code or data, where it is cited."""
    return _code_by_id(known)


@cache
def _code_by_id(known: frozenset[str]) -> dict[str, tuple[CodeRef, ...]]:
    pattern = id_regex(known)
    found: dict[str, set[CodeRef]] = {}
    for path in code_files():
        text = path.read_text(encoding="utf-8")
        relative = path.relative_to(ROOT).as_posix()
        spans = _scopes(text) if path.suffix == ".py" else []
        for number, line in enumerate(text.splitlines(), start=1):
            for match in pattern.finditer(line):
                inner = [name for first, last, name in spans if first <= number <= last]
                scope = inner[-1] if inner else ""
                found.setdefault(match.group(0), set()).add(CodeRef(relative, number, scope))
    return {rule_id: tuple(sorted(refs)) for rule_id, refs in found.items()}


# --- the conformance suite ----------------------------------------------------------

_CASE_NAME_KEYS = ("id", "name", "case", "path", "file")
_CASE_RULE_KEYS = ("rules", "rule_ids", "covers", "ids")


class ConformanceIndexError(ValueError):
    """conformance/index.json exists but does not list cases the docs can read."""


def _cases(raw: Any) -> list[Any]:
    if isinstance(raw, list):
        return raw
    if isinstance(raw, dict):
        for key in ("cases", "index", "items"):
            if isinstance(raw.get(key), list):
                cases: list[Any] = raw[key]
                return cases
    raise ConformanceIndexError("expected a list of cases, or an object with a 'cases' list")


def _read(path: Path) -> list[Any]:
    """The cases an index file lists."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ConformanceIndexError(f"{path.name}: not JSON: {error}") from error
    return list(_cases(raw))


def conformance_index(path: Path = CONFORMANCE_INDEX) -> ConformanceIndex | None:
    """The conformance cases by ID, the rule families' suites included, or None when the
    suite has not been generated.

    The index format belongs to the conformance suite; this reader only needs
    each case to carry a name and its rule IDs, under any of a few usual keys.
    """
    if not path.is_file():
        return None
    cases = _read(path)
    # The rule families' suites (Fun & Speed, As du Volant) keep their own indexes beside
    # the classic one; their cases cover the families' rule pages.
    for family_index in sorted(path.parent.glob("families/*/index.json")):
        cases += _read(family_index)
    by_id: dict[str, list[Case]] = {}
    for number, case in enumerate(cases):
        if not isinstance(case, dict):
            raise ConformanceIndexError(f"case {number} is not an object")
        name = next((str(case[k]) for k in _CASE_NAME_KEYS if k in case), f"case {number}")
        rules = next((case[k] for k in _CASE_RULE_KEYS if k in case), None)
        if rules is None and isinstance(case.get("metadata"), dict):
            rules = next(
                (case["metadata"][k] for k in _CASE_RULE_KEYS if k in case["metadata"]), []
            )
        entry = Case(name, str(case.get("edition", "")))
        for rule_id in rules or ():
            by_id.setdefault(str(rule_id), []).append(entry)
    return ConformanceIndex(
        path=path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path),
        total=len(cases),
        by_id={rule_id: tuple(sorted(names)) for rule_id, names in by_id.items()},
    )
