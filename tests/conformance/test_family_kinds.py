"""The kinds of case the family suites share with the classic one (family_kinds): each kind
is built for both families, passed by the reference, failed by a wrong answer, and run
through ``millebornes serve`` by the runner."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conformance_support import SERVE, SUITE, run

from millebornes.conformance import asduvolant_suite, family_kinds, family_suites, funspeed_suite
from millebornes.conformance.family_kinds import (
    AV,
    BOARD_BREACHES,
    FS,
    Kinds,
    malformed_state_cases,
    own_probes,
)
from millebornes.conformance.runner import Filters, SuiteFiles

JsonDict = dict[str, Any]
SUITES = {FS.edition: funspeed_suite, AV.edition: asduvolant_suite}


@cache
def generated(edition: str) -> tuple[JsonDict, ...]:
    files = family_suites.files(edition)
    return tuple(json.loads(text) for path, text in sorted(files.items()) if "/cases/" in path)


def check(case: JsonDict) -> list[str]:
    return SUITES[case["edition"]].check_case(case)  # type: ignore[no-any-return]


def kinds(edition: str) -> Counter[str]:
    return Counter(case["kind"] for case in generated(edition))


def test_each_family_has_every_kind_of_the_classic_suite_but_score_for_fun_speed() -> None:
    assert set(kinds(AV.edition)) == {"setup", "shuffle", "step", "legal", "score", "trace"}
    assert set(kinds(FS.edition)) == {"setup", "shuffle", "step", "legal", "trace"}


@pytest.mark.parametrize("edition", [FS.edition, AV.edition])
def test_the_reference_passes_every_added_case(edition: str) -> None:
    assert [c["id"] for c in generated(edition) if check(c)] == []


@pytest.mark.rules("FS-DEAL", "AV-DEAL", "PROTO-START")
@pytest.mark.parametrize("k", [FS, AV], ids=lambda k: k.edition)
def test_a_deal_at_every_seat_count_and_a_wrong_deal_fails(k: Kinds) -> None:
    deals = [c for c in generated(k.edition) if c["id"].endswith("-setup-deal")]
    assert {c["players"] for c in deals} == set(k.seats)
    wrong = json.loads(json.dumps(deals[0]))
    wrong["expected"]["state"]["hands"].reverse()
    assert check(wrong) == ["dealt state differs"]
    malformed = json.loads(json.dumps(deals[0]))
    malformed["expected"] = {"outcome": "malformed"}
    assert check(malformed) == ["malformed start accepted"]


@pytest.mark.rules("SHUFFLE-ALGORITHM", "SHUFFLE-MATCH-SEEDS")
@pytest.mark.parametrize("k", [FS, AV], ids=lambda k: k.edition)
def test_shuffle_cases_give_the_deck_of_a_seeded_deal(k: Kinds) -> None:
    found = [c for c in generated(k.edition) if c["kind"] == "shuffle"]
    assert len(found) >= 5 and any(c["input"]["round"] > 1 for c in found)
    players = found[0]["players"]
    dealt = k.engine.new_game(k.edition, players, (), seed=found[0]["input"]["seed"],
                              deck=None, board=None)  # fmt: skip
    state = k.engine.state_to_dict(dealt)
    assert (
        state["hands"][0]
        == sorted(  # seat 0 is dealt the first card, one at a time
            found[0]["expected"]["deck"][: len(state["hands"]) * len(state["hands"][0]) : players],
            key=[c.name for c in k.box(players)].index,
        )
    )
    wrong = json.loads(json.dumps(found[0]))
    wrong["expected"]["deck"].reverse()
    assert check(wrong) == ["deck differs"]


@pytest.mark.rules("AV-RESHUFFLE", "RUL-AV-RESHUFFLE-SEED", "RUL-FS-EMPTY-PILE")
@pytest.mark.parametrize("k", [FS, AV], ids=lambda k: k.edition)
def test_at_least_three_reshuffles_per_family_and_a_second_one(k: Kinds) -> None:
    found = [c for c in generated(k.edition) if "-step-reshuffle-" in c["id"]]
    assert len(found) >= 3
    for case in found:
        before, after = case["input"]["state"], case["expected"]["state"]
        assert len(after["draw_pile"]) > len(before["draw_pile"])
    if k is AV:  # the second reshuffle of a game uses the seed + 2
        assert any(c["id"].endswith("-2") for c in found)
        assert any(c["expected"]["state"]["reshuffles"] == 2 for c in found)
    wrong = json.loads(json.dumps(found[0]))
    wrong["expected"]["state"]["draw_pile"].reverse()
    assert check(wrong) == ["next state differs"]


@pytest.mark.rules("AV-POINTS", "AV-BONUS-GAME", "AV-END-STUCK", "AV-WINNER")
def test_score_cases_cover_each_behaviour_three_times_and_a_wrong_score_fails() -> None:
    found = [c for c in generated(AV.edition) if c["kind"] == "score"]
    by = Counter()  # type: Counter[str]
    for case in found:
        expected, options = case["expected"], case["options"]
        by["not over"] += expected["points"] is None
        by["shared win"] += len(expected["winners"]) > 1
        by["no points"] += expected["points"] is not None and not options
        by["points_5000"] += options == ["points_5000"]
        by["bonus"] += options == ["bonus"]
    assert min(by.values()) >= 3, by
    wrong = json.loads(json.dumps(next(c for c in found if c["options"] == ["bonus"])))
    wrong["expected"]["points"][0] += 300
    assert check(wrong) == ["score differs"]


@pytest.mark.rules("BOARD-FILE", "PROTO-FAMILIES")
def test_one_malformed_start_per_board_file_refusal_and_a_game_on_another_board() -> None:
    found = [c for c in generated(AV.edition) if "board-file" in c["features"]]
    malformed = [c for c in found if c["expected"].get("outcome") == "malformed"]
    assert len(malformed) == len(BOARD_BREACHES)
    assert {c["kind"] for c in found} == {"setup", "trace"}
    valid = next(c for c in found if c["kind"] == "setup" and c not in malformed)
    assert valid["input"]["board"]["name"] != "default"
    accepted = json.loads(json.dumps(malformed[0]))
    accepted["input"]["board"] = valid["input"]["board"]
    assert check(accepted) == ["malformed start accepted"]


def test_the_malformed_state_builder_takes_probes_and_refuses_a_sound_one() -> None:
    probes = list(own_probes(FS, "RUL-FS-SEATS", "FS-BOX")())
    cases = malformed_state_cases(FS, probes)
    assert [c["rules"] for c in cases] == [["RUL-FS-SEATS"], ["FS-BOX"]]
    assert all(c["expected"] == {"outcome": "malformed"} for c in cases)
    assert all({"malformed", "positional"} <= set(c["features"]) for c in cases)
    assert [check(c) for c in cases] == [[], []]
    sound = json.loads(json.dumps(cases[0]["input"]["state"]))
    sound["players"] = 2
    with pytest.raises(RuntimeError, match="the reference loads it"):
        malformed_state_cases(FS, [(("FS-BOX",), "not malformed at all", sound)])
    loaded = json.loads(json.dumps(cases[0]))
    loaded["input"]["state"] = sound
    assert check(loaded) == ["malformed state loaded"]


def test_a_registered_probe_source_adds_its_cases() -> None:
    def malformed() -> list[str]:
        cases = family_kinds.kinds_cases(AV.edition, [])
        return [c["id"] for c in cases if "-malformed-state-" in c["id"]]

    before = malformed()
    source = own_probes(AV, "AV-SEATS", "AV-BOX")
    family_kinds.register_probes(AV.edition, source)
    try:
        assert len(malformed()) == len(before) + len(source())
    finally:
        family_kinds.PROBES[AV.edition].remove(source)


@pytest.mark.parametrize("k", [FS, AV], ids=lambda k: k.edition)
def test_every_action_kind_is_refused_in_every_phase_the_games_reach(k: Kinds) -> None:
    """The coverage script of the precondition tables' rows and of the wrong moments: for
    every phase of the suite's states and every action kind without a legal action there,
    a rejection case; for every row of every table, a rejection naming it."""
    found = generated(k.edition)
    refused = {
        (c["input"]["state"]["phase"], c["input"]["action"]["type"])
        for c in found
        if c["kind"] == "step" and c["expected"].get("outcome") == "rejected"
    }
    kinds_of = {k.engine.action_to_dict(a)["type"] for a in k.every_action(k.engine.new_game(
        k.edition, 2, (), seed=1, deck=None, board=None))}  # fmt: skip
    phases = {c["input"]["state"]["phase"] for c in found if "state" in c["input"]}
    missing = []
    for phase in sorted(phases):
        states = [c["input"]["state"] for c in found
                  if c["input"].get("state", {}).get("phase") == phase]  # fmt: skip
        for kind in sorted(kinds_of):
            allowed = any(
                k.engine.action_to_dict(a)["type"] == kind
                for s in states[:1]
                for a in k.engine.legal_actions(k.engine.state_from_dict(s))
            )
            if not allowed and (phase, kind) not in refused:
                missing.append((phase, kind))
    # a phase whose first state allows the kind is covered by the rows of its table
    assert missing == []
    rows = {rule for table in k.engine.rules.values() for rule, _ in table}  # type: ignore[attr-defined]
    cited = {rule for c in found for rule in c.get("rejects", [])}
    assert sorted(rows - cited) == []


def _temporary_suite(tmp_path: Path) -> SuiteFiles:
    """The committed classic index with no cases, and both families regenerated."""
    (tmp_path / "index.json").write_text(
        json.dumps({**SuiteFiles(SUITE).index, "cases": []}), encoding="utf-8"
    )
    for edition in SUITES:
        family_suites.write(tmp_path, edition)
    return SuiteFiles(tmp_path, families=True)


@pytest.mark.slow
@pytest.mark.rules("PROTO-FAMILIES", "PROTO-SHUFFLE", "PROTO-SCORE", "PROTO-START")
def test_the_new_kinds_pass_through_serve_and_a_wrong_case_fails(tmp_path: Path) -> None:
    suite = _temporary_suite(tmp_path)
    new = Filters(kinds=("setup", "shuffle", "score"))
    malformed = Filters(features=("malformed",))
    reshuffles = Filters(cases=("*-reshuffle-*", "*-refused-in-*"))
    for filters in (new, malformed, reshuffles):
        report = run(SERVE, suite, filters)
        failures = [f"{r.outcome} {r.id}: {r.reason}" for r in report.results
                    if r.outcome != "pass"]  # fmt: skip
        assert report.results and failures == []
    score = next(e for e in suite.entries if e["kind"] == "score" and "-over-" in e["id"])
    path = tmp_path / score["path"]
    case = json.loads(path.read_text(encoding="utf-8"))
    case["expected"]["winners"] = [9]
    path.write_text(json.dumps(case), encoding="utf-8")
    report = run(SERVE, suite, Filters(cases=(score["id"],)))
    assert [r.outcome for r in report.results] == ["fail"]
    assert "winners" in report.results[0].reason
    shutil.rmtree(tmp_path / "families")
