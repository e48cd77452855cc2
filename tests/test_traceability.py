"""Traceability: every spec ID is implemented and tested, every citation exists.

Code cites an ID by writing it (a string in a precondition table, a docstring or
a comment); tests cover an ID with ``@pytest.mark.rules("ID", ...)``.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from millebornes._spec import load_json
from millebornes.core.spec_index import ID_PATTERN, id_prefixes, spec_entries, spec_ids
from millebornes.families.classic import edition_ids, load_edition
from millebornes.families.classic.edition import switches
from millebornes_invariants import CATALOGUE as CLASSIC_CATALOGUE
from millebornes_invariants.asduvolant_catalogue import STATE_INVARIANTS as AV_INVARIANTS
from millebornes_invariants.family_steps import STEP_INVARIANTS as FAMILY_STEPS
from millebornes_invariants.funspeed_catalogue import STATE_INVARIANTS as FS_INVARIANTS

ROOT = Path(__file__).resolve().parent.parent
CODE = sorted((ROOT / "reference").rglob("*.py")) + sorted(
    (ROOT / "spec" / "editions").glob("*.json")
)
TESTS = sorted((ROOT / "tests").rglob("*.py"))
INVARIANT_CODE = sorted((ROOT / "invariants").rglob("*.py"))
CATALOGUE = (
    *CLASSIC_CATALOGUE,
    *FS_INVARIANTS,
    *AV_INVARIANTS,
    *(step for steps in FAMILY_STEPS.values() for step in steps),
)
"""Every family's invariants, of states and of steps: spec/invariants.md lists them all."""
CITING = CODE + TESTS + INVARIANT_CODE + sorted((ROOT / "tools").rglob("*.py"))


def known_ids() -> frozenset[str]:
    """Spec IDs and rule-switch IDs (spec/switches.json)."""
    return spec_ids() | frozenset(switches())


def citations(path: Path) -> set[str]:
    """The tokens of ``path`` shaped like IDs and starting with a known ID prefix."""
    prefixes = id_prefixes() | {sid.split("-", 1)[0] for sid in switches()}
    text = path.read_text(encoding="utf-8")
    return {tok for tok in ID_PATTERN.findall(text) if tok.split("-", 1)[0] in prefixes}


def covered_ids() -> Counter[str]:
    """The IDs named in ``pytest.mark.rules(...)`` decorators across the test suite."""
    covered: Counter[str] = Counter()
    for path in TESTS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rules"
                and re.search(r"mark$", ast.unparse(node.func.value))
            ):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        covered[arg.value] += 1
    return covered


def test_spec_ids_are_unique_and_well_formed() -> None:
    entries = spec_entries()
    counts = Counter(entry.id for entry in entries)
    assert [i for i, n in counts.items() if n > 1] == []
    assert len(entries) > 60
    for entry in entries:
        assert entry.option("source"), f"{entry.id} ({entry.file}:{entry.line}) has no :source:"
        assert entry.text, f"{entry.id} has no text"
        if entry.kind == "ruling":
            for part in ("**Question.**", "**Decision.**", "**Reason.**"):
                assert part in entry.text, f"ruling {entry.id} lacks {part}"
        if entry.kind == "assumption":
            for part in ("**Quantity.**", "**Value.**", "**Reasoning.**"):
                assert part in entry.text, f"assumption {entry.id} lacks {part}"
        for name in ("settles", "protects"):
            for target in filter(None, (entry.option(name) or "").replace(",", " ").split()):
                assert target in spec_ids(), f"{entry.id} :{name}: names unknown {target}"


def test_every_citation_names_an_existing_id() -> None:
    known = known_ids()
    unknown = {
        f"{path.relative_to(ROOT)}: {token}"
        for path in CITING
        for token in citations(path)
        if token not in known
    }
    assert sorted(unknown) == []


def test_every_rule_is_implemented() -> None:
    cited = set().union(*(citations(path) for path in CODE))
    missing = sorted(
        f"{e.id} ({e.file})"
        for e in spec_entries()
        if e.kind not in ("invariant", "fact") and e.id not in cited
    )
    assert missing == [], "rule IDs cited nowhere in reference/ or the edition data"
    # Facts (spec/facts.md) are established by the z3 models of invariants/, not the engine.
    checked = set().union(*(citations(path) for path in INVARIANT_CODE))
    unchecked = sorted(
        f"{e.id} ({e.file})" for e in spec_entries() if e.kind == "fact" and e.id not in checked
    )
    assert unchecked == [], "facts cited nowhere in invariants/"


def test_every_rule_is_covered_by_a_test() -> None:
    covered = covered_ids()
    missing = sorted(f"{e.id} ({e.file})" for e in spec_entries() if e.id not in covered)
    missing += sorted(f"{sid} (switches.json)" for sid in switches() if sid not in covered)
    assert missing == [], "IDs no test names in @pytest.mark.rules(...)"
    unknown = sorted(set(covered) - known_ids())
    assert unknown == [], "tests cover IDs the spec does not define"


@pytest.mark.rules(*(inv.id for inv in CATALOGUE))
def test_invariant_catalogue_matches_the_spec() -> None:
    spec = {e.id: e for e in spec_entries() if e.kind == "invariant"}
    assert sorted(spec) == sorted({inv.id for inv in CATALOGUE})
    protected: dict[str, set[str]] = {}
    for inv in CATALOGUE:  # an ID may be checked by several predicates (INV-FS-STEP-CARDS)
        protected.setdefault(inv.id, set()).update(inv.protects)
        assert inv.doc, f"{inv.id} has no docstring"
    for inv_id, protects in protected.items():
        listed = (spec[inv_id].option("protects") or "").replace(",", " ").split()
        assert sorted(listed) == sorted(protects), inv_id


def test_switches_name_existing_rules_and_editions_name_existing_rulings() -> None:
    for switch in switches().values():
        assert switch.rules, switch.id
        assert set(switch.rules) <= spec_ids(), switch.id
    for edition in edition_ids():
        load_edition(edition)  # raises on an unknown switch
        rulings = load_json(f"editions/{edition}.json")["rulings"]
        assert set(rulings) <= spec_ids(), edition
