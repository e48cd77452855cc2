"""Rule families over the protocol (PROTO-FAMILIES): the Fun & Speed suite runs through
``millebornes serve`` and the runner, a classic-only engine skips it, and malformed family
requests are answered ``malformed``."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conformance_support import ROOT, SERVE, SUITE, ask, fake_engine, run

from millebornes.conformance.runner import Filters, SuiteFiles
from millebornes.conformance.server import Session
from millebornes.core.shuffle import shuffled
from millebornes.families import asduvolant
from millebornes.families.asduvolant import serialize as av_json
from millebornes.families.asduvolant.cards import DATA as AV_DATA
from millebornes.families.asduvolant.cards import parse_av_card
from millebornes.families.asduvolant.track import board_from_dict
from millebornes.families.classic import load_edition
from millebornes.families.funspeed import new_game
from millebornes.families.funspeed.cards import DATA
from millebornes.families.funspeed.serialize import state_to_dict

FUN_SPEED = Filters(editions=("fun-speed",))


@cache
def with_families() -> SuiteFiles:
    return SuiteFiles(SUITE, families=True)


def family_ids(name: str = "fun-speed") -> set[str]:
    index = json.loads((SUITE / "families" / name / "index.json").read_text("utf-8"))
    return {entry["id"] for entry in index["cases"]}


def start(session: Session, **fields: Any) -> Any:
    request = {"op": "start", "edition": "fun-speed", "players": 2, "options": [], **fields}
    request.setdefault("deck", [c.name for c in _deck()])
    request.setdefault("seed", 11)  # the reshuffles' seed too (RUL-FS-RESHUFFLE-SEED)
    return ask(session, **request)


def _deck() -> tuple[Any, ...]:
    """The deck ``new_game(2, seed=11)`` deals from."""
    return shuffled(DATA.deck(), 11)


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-VERDICTS")
def test_the_whole_fun_speed_suite_passes_through_serve() -> None:
    report = run(SERVE, with_families(), FUN_SPEED)
    assert {r.id for r in report.results} == family_ids()
    failures = [f"{r.outcome} {r.id}: {r.reason}" for r in report.results if r.outcome != "pass"]
    assert failures == []
    assert report.closing_line() == f"{len(family_ids())} passed, 0 failed, 0 skipped"


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-VERDICTS")
def test_a_family_case_the_engine_gets_wrong_fails_with_the_field(tmp_path: Path) -> None:
    shutil.copytree(SUITE / "families", tmp_path / "families")
    (tmp_path / "index.json").write_text(
        json.dumps({**with_families().index, "cases": []}), encoding="utf-8"
    )
    suite = SuiteFiles(tmp_path, families=True)
    step = next(
        e
        for e in suite.entries
        if e["edition"] == "fun-speed" and e["kind"] == "step" and "rejects" not in e
    )
    path = tmp_path / step["path"]
    case = json.loads(path.read_text(encoding="utf-8"))
    case["expected"]["state"]["reshuffles"] += 1
    path.write_text(json.dumps(case), encoding="utf-8")
    report = run(SERVE, suite, Filters(cases=(step["id"],)))
    assert [r.outcome for r in report.results] == ["fail"]
    assert "state.reshuffles" in report.results[0].reason


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-HELLO")
def test_a_classic_only_engine_skips_the_family_cases_and_still_passes() -> None:
    filters = Filters(cases=("fun-speed-*", "classic-2p-setup-*"))
    report = run(fake_engine("--no-families"), with_families(), filters)
    skipped = {r.id for r in report.results if r.outcome == "skipped"}
    assert skipped == family_ids()
    assert all("needs capability family:fun-speed" in r.reason
               for r in report.results if r.outcome == "skipped")  # fmt: skip
    passed = [r for r in report.results if r.outcome == "pass"]
    assert passed and all(r.edition == "classic" for r in passed)
    assert report.closing_line() == f"{len(passed)} passed, 0 failed, {len(skipped)} skipped"


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-REPLAY")
def test_without_load_state_the_family_traces_still_run() -> None:
    report = run([*SERVE, "--no-load-state"], with_families(), FUN_SPEED)
    ran = {r.kind for r in report.results if r.outcome == "pass"}
    assert ran == {"trace", "setup", "shuffle"}  # the kinds that start from a deck or seed
    skipped = [r for r in report.results if r.outcome == "skipped"]
    assert skipped and all("needs capability load_state" in r.reason for r in skipped)
    assert len(skipped) + sum(r.outcome == "pass" for r in report.results) == len(family_ids())


def test_the_classic_suite_alone_is_read_unless_families_are_asked_for() -> None:
    alone = SuiteFiles(SUITE)
    assert alone.families == [] and not family_ids() & {e["id"] for e in alone.entries}
    folders = sorted(path.parent.name for path in SUITE.glob("families/*/index.json"))
    assert "fun-speed" in folders and with_families().families == folders
    every_family = sum(
        len(json.loads((SUITE / "families" / name / "index.json").read_text("utf-8"))["cases"])
        for name in folders
    )
    assert len(with_families().entries) == len(alone.entries) + every_family


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-START", "PROTO-APPLY", "PROTO-LEGAL")
def test_serve_starts_plays_and_refuses_in_the_family() -> None:
    session = Session()
    started = start(session)
    assert started["outcome"] == "applied" and started["state"] == state_to_dict(
        new_game(2, seed=11)
    )
    legal = ask(session, op="legal")["actions"]
    assert legal == [{"type": "draw_pile", "seat": 0}]  # no discard to draw from yet
    refused = ask(session, op="apply", action={"type": "draw_discard", "seat": 0})
    assert refused["outcome"] == "rejected" and refused["rules"] == ["RUL-FS-DISCARD-TOP"]
    assert refused["state"] == started["state"]
    applied = ask(session, op="apply", action=legal[0])
    assert applied["outcome"] == "applied" and applied["state"]["phase"] == "play"
    # a classic state loaded next puts the session back in the classic family
    classic = ask(Session(), op="start", edition="classic", players=2, options=[],
                  deck=_classic_deck())  # fmt: skip
    assert ask(session, op="legal", state=classic["state"])["actions"][0]["type"] == "draw"


def _classic_deck() -> list[str]:
    return [card.name for card in shuffled(load_edition("classic").playing_cards(2), 5)]


def _fs_state(change: str) -> dict[str, Any]:
    data = state_to_dict(new_game(2, seed=11))
    match change:
        case "card":
            data["hands"][1][2] = "JOKER"
        case "family":
            data["family"] = "as-du-volant-nope"
        case "borne window":  # a Borne window whose layer has no Borne to take back
            data.update(phase="borne", layer=1, actor=0)
    return data


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-ERRORS")
@pytest.mark.parametrize(
    ("request_fields", "message"),
    [
        ({"op": "legal", "state": _fs_state("card")}, r"hands\[1\]\[2\]"),
        ({"op": "legal", "state": _fs_state("family")}, r"^family: "),
        ({"op": "legal", "state": _fs_state("borne window")}, r"INV-FS-WINDOWS: "),
        ({"op": "apply", "state": _fs_state(""), "action": {"type": "draw", "seat": 0}},
         r"^type: "),
        ({"op": "apply", "state": _fs_state(""), "action": {"type": ["pass"], "seat": 0}},
         r"^type: "),
        ({"op": "apply", "state": _fs_state(""), "action": {"type": "draw_pile", "seat": 5}},
         r"^seat: "),
        ({"op": "start", "edition": "fun-speed", "players": 7, "options": [], "deck": []},
         r"^players: "),
        ({"op": "start", "edition": "fun-speed", "players": 2, "options": ["goal_700"],
          "deck": []}, r"^options: "),
        ({"op": "start", "edition": "fun-speed", "players": 2, "options": [],
          "deck": ["D25"] * 66}, r"^deck: "),
        ({"op": "start", "edition": "fun-speed", "players": 2, "options": [],
          "deck": ["ROLL", 3]}, r"^deck\[1\]: "),
    ],
)  # fmt: skip
def test_malformed_family_requests_are_answered_malformed(
    request_fields: dict[str, Any], message: str
) -> None:
    session = Session()
    start(session)
    before = session.current
    answer = ask(session, valid=False, **request_fields)
    assert answer["error"]["kind"] == "malformed", answer
    assert re.search(message, answer["error"]["message"]), answer["error"]["message"]
    if request_fields["op"] != "start":  # nothing was loaded
        assert session.current is before or session.current == before


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-SCORE", "PROTO-SHUFFLE", "PROTO-FAMILY-KINDS")
def test_score_is_unsupported_for_fun_speed_and_shuffle_gives_its_seeded_deck() -> None:
    session = Session()
    start(session)
    before = session.current
    other = state_to_dict(new_game(3, seed=2))
    assert ask(session, op="score", state=other)["error"]["kind"] == "unsupported"
    assert session.current is before  # the state carried was not taken
    request: dict[str, Any] = {
        "op": "shuffle",
        "edition": "fun-speed",
        "players": 2,
        "seed": 1,
        "round": 1,
    }
    # FS-DEAL: a seeded game is dealt from the box shuffled by the portable shuffle
    assert ask(session, **request)["deck"] == [c.name for c in shuffled(DATA.deck(), 1)]
    assert session.current is before


@pytest.mark.rules("PROTO-FAMILIES")
def test_the_command_line_runs_the_families_unless_told_not_to() -> None:
    def closing(*extra: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "millebornes.apps.cli", "conformance", "run", "--engine",
             " ".join(SERVE), "--suite", str(SUITE), "--case", "fun-speed-2p-*",
             "--case", "classic-2p-setup-*", *extra],
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout.strip().splitlines()[-1]

    both, alone = closing(), closing("--no-families")
    family = len([i for i in family_ids() if i.startswith("fun-speed-2p-")])
    passed = int(alone.split()[0])
    assert both == f"{passed + family} passed, 0 failed, 0 skipped"
    assert alone == f"{passed} passed, 0 failed, 0 skipped"


# --- As du Volant: a family whose start takes a board and a reshuffle seed -------------------


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-START", "PROTO-VERDICTS")
def test_the_whole_as_du_volant_suite_passes_through_serve() -> None:
    report = run(SERVE, with_families(), Filters(editions=("as-du-volant",)))
    ids = family_ids("as-du-volant")
    assert {r.id for r in report.results} == ids
    failures = [f"{r.outcome} {r.id}: {r.reason}" for r in report.results if r.outcome != "pass"]
    assert failures == []
    assert report.closing_line() == f"{len(ids)} passed, 0 failed, 0 skipped"


def _plain_board(**changes: Any) -> dict[str, Any]:
    path = ROOT / "spec/families/as-du-volant/boards/plain.json"
    return {**json.loads(path.read_text("utf-8")), **changes}


def _av_start(**fields: Any) -> dict[str, Any]:
    deck = [c.name for c in shuffled(AV_DATA.deck(3), 4)]
    return {"op": "start", "edition": "as-du-volant", "players": 3, "options": [],
            "deck": deck, **fields}  # fmt: skip


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-START")
def test_an_as_du_volant_start_builds_the_game_on_the_board_and_seed_given() -> None:
    plain = _plain_board()
    request = _av_start(board=plain, seed=9)
    answer = ask(Session(), **request)
    cards = tuple(parse_av_card(name) for name in request["deck"])
    board = board_from_dict(plain)
    expected = asduvolant.new_game(3, seed=9, deck=cards, board=board)
    assert answer["state"] == av_json.state_to_dict(expected)
    assert answer["state"]["board"]["name"] != "default" and answer["state"]["seed"] == 9
    # without them: the default board and reshuffle seed 0
    plain_answer = ask(Session(), **_av_start())
    assert plain_answer["state"] == av_json.state_to_dict(asduvolant.new_game(3, deck=cards))


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-START", "PROTO-ERRORS")
@pytest.mark.parametrize(
    ("request_fields", "message"),
    [
        (_av_start(board={"format": "nope"}), r"^board\.format: "),
        (_av_start(board=[]), r"^board: "),
        (_av_start(board=_plain_board(squares=3)), r"^board\.squares: "),
        (_av_start(board=_plain_board(start=99)), r"^board\.start: "),
        (_av_start(seed="5"), r"^seed: "),
        (_av_start(seed=-1), r"^seed: "),
        (_av_start(deck=["D25", "TOW"]), r"^deck\[1\]: "),
        ({"op": "start", "edition": "fun-speed", "players": 2, "options": [],
          "deck": [c.name for c in _deck()], "seed": "3"}, r"^seed: "),
        ({"op": "start", "edition": "fun-speed", "players": 2, "options": [],
          "deck": [c.name for c in _deck()], "board": {}}, r"^board: "),
        ({"op": "start", "edition": "classic", "players": 2, "options": [],
          "deck": _classic_deck(), "board": {}}, r"^board: "),
    ],
)  # fmt: skip
def test_malformed_start_fields_are_answered_malformed(
    request_fields: dict[str, Any], message: str
) -> None:
    session = Session()
    answer = ask(session, valid=False, **request_fields)
    assert answer["error"]["kind"] == "malformed", answer
    assert re.search(message, answer["error"]["message"]), answer["error"]["message"]
    assert session.current is None  # nothing was started
