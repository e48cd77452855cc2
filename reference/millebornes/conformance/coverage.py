"""The coverage of the suite: cases per rule ID, and what has none.

Every rule, ruling and assumption of the game needs at least one case, and
every rule that forbids something (an ID of a precondition table) at least one
rejection case; every edition, seat count and option must appear. The report
lists those IDs only: invariants, facts and proofs are properties that every
case respects, not inputs of their own, and the protocol's own statements
(spec/conformance/) are covered by the runner's tests.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from millebornes.conformance import asduvolant_suite
from millebornes.conformance.candidates import rejectable_ids
from millebornes.conformance.canon import COVERAGE_FORMAT, KINDS, JsonDict, spec_version
from millebornes.conformance.configs import configs
from millebornes.core.spec_index import spec_entries
from millebornes.families.classic.edition import edition_ids

REQUIRED_KINDS = ("rule", "ruling", "assumption")

VIEW_RULES = asduvolant_suite.VIEW_RULES
"""Rules on what a seat is shown (each family suite lists its own): the protocol exchanges
whole states, so no case can check them, and the seat-view tests do instead."""


def coverage_report(index: Iterable[JsonDict]) -> JsonDict:
    """The coverage of the cases listed in ``index`` (entries of index.json)."""
    entries = list(index)
    by_id: dict[str, Counter[str]] = defaultdict(Counter)
    rejections: Counter[str] = Counter()
    seen_configs: Counter[tuple[str, int, tuple[str, ...]]] = Counter()
    for entry in entries:
        for rule_id in entry["rules"]:
            by_id[rule_id][entry["kind"]] += 1
        rejections.update(entry.get("rejects", ()))
        seen_configs[(entry["edition"], entry["players"], tuple(entry["options"]))] += 1
    rejectable = rejectable_ids()
    ids = []
    for spec in spec_entries():
        if not _required(spec.id, spec.kind, spec.file):
            continue
        counts = by_id.get(spec.id, Counter())
        ids.append(
            {
                "id": spec.id,
                "kind": spec.kind,
                "file": spec.file,
                "cases": sum(counts.values()),
                "by_kind": {kind: counts[kind] for kind in KINDS if counts[kind]},
                "rejectable": spec.id in rejectable,
                "rejections": rejections[spec.id],
            }
        )
    return {
        "format": COVERAGE_FORMAT,
        "spec_version": spec_version(),
        "totals": {
            "cases": len(entries),
            "by_kind": dict(Counter(entry["kind"] for entry in entries)),
            "by_edition": dict(Counter(entry["edition"] for entry in entries)),
        },
        "configurations": [
            {"edition": ed, "players": players, "options": list(options), "cases": n}
            for (ed, players, options), n in sorted(seen_configs.items())
        ],
        "ids": ids,
        "missing": _missing(ids, seen_configs),
    }


def _required(spec_id: str, kind: str, file: str) -> bool:
    return (
        kind in REQUIRED_KINDS and not file.startswith("conformance/") and spec_id not in VIEW_RULES
    )


def _missing(ids: list[JsonDict], seen: Counter[tuple[str, int, tuple[str, ...]]]) -> JsonDict:
    known = {item["id"] for item in ids}
    return {
        "ids": [item["id"] for item in ids if not item["cases"]],
        "rejections": sorted(
            rule_id
            for rule_id in rejectable_ids()
            if rule_id not in known
            or not next(item["rejections"] for item in ids if item["id"] == rule_id)
        ),
        "editions": [ed for ed in edition_ids() if not any(key[0] == ed for key in seen)],
        "configurations": [
            config.name
            for config in configs()
            if (config.edition, config.players, config.options) not in seen
        ],
    }


def problems(report: JsonDict) -> list[str]:
    """What the suite lacks, in words; empty when coverage is complete."""
    missing = report["missing"]
    found = [f"no case covers {rule_id}" for rule_id in missing["ids"]]
    found += [f"no rejection case for {rule_id}" for rule_id in missing["rejections"]]
    found += [f"no case of edition {ed}" for ed in missing["editions"]]
    found += [f"no case of configuration {name}" for name in missing["configurations"]]
    return found


def render_report(report: JsonDict) -> str:
    """The coverage as text: one line per ID, then the totals and what is missing."""
    lines = [f"{'ID':<28} {'kind':<10} {'cases':>5} {'rejections':>10}  by kind"]
    for item in report["ids"]:
        kinds = ", ".join(f"{kind} {n}" for kind, n in item["by_kind"].items())
        flag = "" if item["cases"] else "  <-- NO CASE"
        rejections = str(item["rejections"]) if item["rejectable"] else "-"
        lines.append(
            f"{item['id']:<28} {item['kind']:<10} {item['cases']:>5} {rejections:>10}  "
            f"{kinds}{flag}"
        )
    totals = report["totals"]
    lines.append("")
    lines.append(
        f"{totals['cases']} cases: "
        + ", ".join(f"{kind} {totals['by_kind'].get(kind, 0)}" for kind in KINDS)
    )
    lines.append(
        "by edition: " + ", ".join(f"{ed} {n}" for ed, n in sorted(totals["by_edition"].items()))
    )
    offered = {(config.edition, config.players) for config in configs()}
    seats = {(c["edition"], c["players"]) for c in report["configurations"]} & offered
    lines.append(
        "seat counts: "
        + "; ".join(
            f"{ed} {sorted(p for e, p in seats if e == ed)}" for ed in sorted({e for e, _ in seats})
        )
    )
    found = problems(report)
    lines += found or [
        "coverage complete: every required ID has a case, every forbidding rule "
        "a rejection case, every edition, seat count and option appears"
    ]
    return "\n".join(lines)
