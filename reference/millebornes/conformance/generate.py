"""Generate the suite: every case of every configuration, the index and the coverage report.

``millebornes conformance generate`` writes ``conformance/`` (``--out`` elsewhere);
``--check`` compares instead of writing. The same commit always produces the same
bytes: every choice comes from seeds fixed by the configuration's name.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from millebornes.conformance import family_suites
from millebornes.conformance.canon import (
    GENERATOR,
    INDEX_FORMAT,
    KINDS,
    SUITE_VERSION,
    JsonDict,
    dumps,
    spec_version,
)
from millebornes.conformance.configs import Config, configs
from millebornes.conformance.contract import contract_cases
from millebornes.conformance.coverage import coverage_report
from millebornes.conformance.explore import History, play
from millebornes.conformance.malformed_states import malformed_state_cases
from millebornes.conformance.mine import Miner
from millebornes.conformance.playout_cases import mined_cases, trace_case
from millebornes.conformance.protocol_cases import protocol_cases
from millebornes.conformance.scenarios import scenario_cases, score_scenario_cases
from millebornes.conformance.setup import edition_setup_cases, setup_cases, shuffle_cases

PLAYOUTS = 6
"""Playouts per configuration, the three styles in turn."""
EXTRA_PLAYOUTS = 9
"""More playouts, at most, while a forbidding rule has only rejections among several."""
STYLES = ("racer", "eager", "uniform")


@dataclass(frozen=True, slots=True)
class Suite:
    cases: tuple[JsonDict, ...]
    seconds: float

    def files(self) -> dict[str, str]:
        """Every file of the suite, by path relative to the suite folder."""
        files = {case_path(case): dumps(case) for case in self.cases}
        entries = [index_entry(case) for case in self.cases]
        files["index.json"] = dumps(
            {
                "format": INDEX_FORMAT,
                "spec_version": spec_version(),
                "suite_version": SUITE_VERSION,
                "generator": GENERATOR,
                "counts": {kind: sum(e["kind"] == kind for e in entries) for kind in KINDS},
                "cases": entries,
            }
        )
        # The rule families (Fun & Speed, As du Volant) write their own folders and
        # indexes (their cases use the family's state and actions); their IDs are covered
        # there.
        family: dict[str, str] = {}
        for edition, (suite, _) in family_suites.SUITES.items():
            written = family_suites.files(edition)
            family |= written
            entries += json.loads(written[f"{suite.folder.as_posix()}/index.json"])["cases"]
        files["coverage.json"] = dumps(coverage_report(entries))
        return files | family


def case_path(case: JsonDict) -> str:
    return f"cases/{case['edition']}/{case['kind']}/{case['id']}.json"


def index_entry(case: JsonDict) -> JsonDict:
    """A case's line in index.json: where it is and what it covers."""
    entry = {
        key: case[key]
        for key in ("id", "kind", "edition", "players", "options", "rules", "features")
    }
    entry["path"] = case_path(case)
    entry["description"] = case["description"]
    entry["needs"] = needs(case)
    expected = case["expected"]
    if expected.get("outcome") == "rejected":
        entry["rejects"] = expected["rules"]
    return entry


def needs(case: JsonDict) -> list[str]:
    """The engine capabilities a case needs (PROTO-HELLO): ``shuffle`` for a shuffle case,
    ``load_state`` for a case with a state that no replay reaches."""
    if case["kind"] == "shuffle":
        return ["shuffle"]
    if case["kind"] in ("step", "legal", "score") and "replay" not in case:
        return ["load_state"]
    if case["kind"] == "protocol" and "state" in case["input"]["request"]:
        return ["load_state"]
    return []


def explore(config: Config, miner: Miner, *, match: bool) -> None:
    """Feed ``miner`` the configuration's playouts: a fixed number, then more while some
    forbidding rule has no rejection for it alone; and a whole match if ``match``."""
    histories: list[History] = [play(config, STYLES[i % 3], i) for i in range(PLAYOUTS)]
    if match:
        histories.append(play(config, "racer", PLAYOUTS, match=True))
    for history in histories:
        miner.feed(history)
    for i in range(PLAYOUTS + 1, PLAYOUTS + 1 + EXTRA_PLAYOUTS):
        if miner.crowded.keys() <= miner.clean.keys():
            break
        miner.feed(play(config, STYLES[i % 3], i))


def config_cases(config: Config, *, first_of_edition: bool) -> list[JsonDict]:
    """Every case of one configuration (and the edition-wide ones with its first)."""
    miner = Miner(config)
    explore(config, miner, match=first_of_edition)
    mined = miner.result()
    cases = list(mined_cases(config, mined, first_of_edition=first_of_edition))
    cases += [trace_case(config, history, mined) for history in mined.histories()]
    cases += setup_cases(config)
    cases += scenario_cases(config, miner, mined)
    cases += contract_cases(config)
    cases += score_scenario_cases(config, first_of_edition=first_of_edition)
    cases += protocol_cases(config)
    if first_of_edition:
        cases += shuffle_cases(config.edition)
        cases += edition_setup_cases(config.edition)
        cases += malformed_state_cases(config)
    return cases


def build_suite() -> Suite:
    start = time.perf_counter()
    cases: list[JsonDict] = []
    editions: set[str] = set()
    for config in configs():
        first = config.edition not in editions
        editions.add(config.edition)
        cases += config_cases(config, first_of_edition=first)
    ids = [case["id"] for case in cases]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise RuntimeError(f"duplicate case IDs: {duplicates[:5]}")
    ordered = tuple(sorted(cases, key=lambda case: case["id"]))
    return Suite(ordered, time.perf_counter() - start)


def write(out: Path, files: dict[str, str]) -> None:
    """Write ``files`` under ``out``, removing case files that are no longer generated."""
    cases_dir = out / "cases"
    if cases_dir.is_dir():
        for old in sorted(cases_dir.rglob("*.json")):
            if old.relative_to(out).as_posix() not in files:
                old.unlink()
        for folder in sorted(cases_dir.rglob("*"), reverse=True):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
    for relative, text in files.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_bytes() != text.encode("utf-8"):
            path.write_bytes(text.encode("utf-8"))


def differences(out: Path, files: dict[str, str]) -> list[str]:
    """How the suite on disk under ``out`` differs from ``files``."""
    found = []
    on_disk = (
        {p.relative_to(out).as_posix() for p in (out / "cases").rglob("*.json")}
        if (out / "cases").is_dir()
        else set()
    )
    for relative in sorted(on_disk - files.keys()):
        found.append(f"stale: {relative}")
    for relative, text in sorted(files.items()):
        path = out / relative
        if not path.is_file():
            found.append(f"missing: {relative}")
        elif path.read_bytes() != text.encode("utf-8"):
            found.append(f"differs: {relative}")
    return found
