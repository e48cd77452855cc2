"""The Fun & Speed and As du Volant loaders refuse every impossible state, by name.

Each probe of :mod:`millebornes.conformance.family_malformed` (issue 24's list, built
from a dealt game by one change) is refused with ``MalformedInput`` naming its check;
every state random play reaches, at every seat count and option, passes the same
checks and comes back equal through JSON; text that is not canonical is refused, not
mended; an Accélérateur count beyond the box is refused before any rule computes.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from millebornes.conformance.family_malformed import asduvolant_probes, funspeed_probes
from millebornes.core.errors import IllegalAction, MalformedInput
from millebornes.core.spec_index import spec_entries
from millebornes.families import asduvolant as av
from millebornes.families import funspeed as fs
from millebornes.families.asduvolant.cards import DATA as AV_DATA
from millebornes.families.asduvolant.cards import OPTIONS
from millebornes.families.asduvolant.state_checks import STATE_CHECKS as AV_CHECKS
from millebornes.families.asduvolant.track import default_board, load_board
from millebornes.families.asduvolant.validate import load_problems as av_problems
from millebornes.families.funspeed.actions import LayBorne
from millebornes.families.funspeed.cards import DATA as FS_DATA
from millebornes.families.funspeed.cards import FsCard
from millebornes.families.funspeed.state_checks import STATE_CHECKS as FS_CHECKS
from millebornes.families.funspeed.validate import load_problems as fs_problems
from millebornes_invariants.asduvolant_catalogue import broken_invariants as av_broken
from millebornes_invariants.funspeed_catalogue import broken_invariants as fs_broken

FAMILY_CHECKS = sorted(
    e.id
    for e in spec_entries()
    if e.id.split("-")[0] in ("LOAD", "INV")
    and e.id.split("-")[1] in ("FS", "AV")
    and e.id.split("-")[2] != "STEP"  # a step invariant judges a step, not a loaded state
)
READERS: dict[str, Callable[[str], object]] = {"fs": fs.from_json, "av": av.from_json}
PROBES = [("fs", *probe) for probe in funspeed_probes()] + [
    ("av", *probe) for probe in asduvolant_probes()
]


def test_every_family_check_has_a_probe_that_fails_it() -> None:
    probed = {check for _, check, _, _ in PROBES}
    # The form is the fields' own (test_non_canonical_text_is_refused_naming_the_field);
    # a Fun & Speed actor without a legal action breaks another check first.
    unprobed = {"LOAD-FS-FORMAT", "LOAD-AV-FORMAT", "INV-FS-ACTOR-CAN-ACT"}
    assert set(FAMILY_CHECKS) - probed == unprobed
    assert set(FS_CHECKS) | set(AV_CHECKS) <= set(FAMILY_CHECKS)
    marked = test_every_probe_is_refused_naming_its_check.pytestmark
    rules = {rule for mark in marked if mark.name == "rules" for rule in mark.args}
    assert rules == set(FAMILY_CHECKS) - {"INV-FS-ACTOR-CAN-ACT"}


@pytest.mark.rules(
    "LOAD-FS-SEATS", "LOAD-FS-HAND-ORDER", "LOAD-AV-SEATS", "LOAD-AV-OPTIONS",
    "LOAD-AV-HAND-ORDER", "LOAD-FS-FORMAT", "LOAD-AV-FORMAT",
    "INV-FS-CARD-CONSERVATION", "INV-FS-HAND-SIZE", "INV-FS-ZONES", "INV-FS-IMMUNITY",
    "INV-FS-ONE-ACTOR", "INV-FS-WINDOWS", "INV-FS-GOAL", "INV-FS-DRAW-PILE",
    "INV-AV-CARD-CONSERVATION", "INV-AV-TOKEN-CONSERVATION", "INV-AV-HAND-SIZE",
    "INV-AV-CAR-TOKENS", "INV-AV-CARS-ON-BOARD", "INV-AV-MAX-TWO-200", "INV-AV-MOVES-COUNTED",
    "INV-AV-ONE-ACTOR", "INV-AV-WINDOWS", "INV-AV-COUNTERS", "INV-AV-FINISH",
    "INV-AV-ACTOR-CAN-ACT",
)  # fmt: skip
@pytest.mark.parametrize(
    ("family", "check", "description", "data"), PROBES, ids=[p[2][:50] for p in PROBES]
)
def test_every_probe_is_refused_naming_its_check(
    family: str, check: str, description: str, data: dict[str, Any]
) -> None:
    with pytest.raises(MalformedInput) as refused:
        READERS[family](json.dumps(data))
    assert check in str(refused.value), description


def _fs_games() -> list[fs.FsState]:
    states = []
    for players in FS_DATA.seats:
        for game in range(3):
            rng, state = random.Random(game), fs.new_game(players, seed=100 * players + game)
            while True:
                states.append(state)
                if state.actor is None:
                    break
                state = fs.apply(state, rng.choice(fs.legal_actions(state)))
    return states


def _av_games() -> list[av.AvState]:
    states = []
    for players in AV_DATA.seats:
        for options in ((), *((o,) for o in OPTIONS)):
            if any(players not in AV_DATA.option_seats[o] for o in options):
                continue
            rng = random.Random(players)
            state = av.new_game(players, seed=players, options=options)
            for _ in range(600):  # a few hundred steps reach reshuffles and every window
                states.append(state)
                if state.actor is None:
                    break
                state = av.apply(state, rng.choice(av.legal_actions(state)))
    return states


@pytest.mark.rules(
    "INV-FS-ACTOR-CAN-ACT", *sorted(FS_CHECKS), "LOAD-FS-SEATS", "LOAD-FS-HAND-ORDER"
)
def test_every_fun_and_speed_state_of_random_play_loads() -> None:
    states = _fs_games()
    assert {s.phase for s in states} == set(fs.FsPhase)
    for i, state in enumerate(states):
        assert fs_problems(state) == [], fs.to_json(state)
        assert fs_broken(state) == []
        if i % 7 == 0:
            assert fs.from_json(fs.to_json(state)) == state


@pytest.mark.rules(*sorted(AV_CHECKS), "LOAD-AV-SEATS", "LOAD-AV-OPTIONS", "LOAD-AV-HAND-ORDER")
def test_every_as_du_volant_state_of_random_play_loads() -> None:
    states = _av_games()
    assert {s.phase for s in states} >= {av.AvPhase.DRAW, av.AvPhase.PLAY, av.AvPhase.U_TURN}
    for i, state in enumerate(states):
        assert av_problems(state) == [], av.to_json(state)
        assert av_broken(state) == []
        if i % 7 == 0:
            assert av.from_json(av.to_json(state)) == state


def _edited(data: dict[str, Any], path: str, value: Any) -> str:
    data = copy.deepcopy(data)
    *parents, last = path.split(".")
    target: Any = data
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    target[int(last) if last.isdigit() else last] = value
    return json.dumps(data)


FS_STATE = fs.state_to_dict(fs.new_game(3, seed=4))
AV_STATE = av.state_to_dict(av.new_game(3, seed=4, options=("bonus",)))


@pytest.mark.rules("LOAD-FS-FORMAT", "LOAD-AV-FORMAT", "LOAD-AV-OPTIONS", "BOARD-FILE")
@pytest.mark.parametrize(
    ("family", "path", "value", "named"),
    [
        ("fs", "nitro", 1, "state.nitro"),
        ("fs", "zones.0.nitro", 1, "zones[0].nitro"),
        ("fs", "turn", None, "turn"),
        ("fs", "winners", [None], "winners[0]"),
        ("fs", "zones.0.distance", [["D25", 2**70]], "zones[0].distance[0][1]"),
        ("av", "nitro", 1, "state.nitro"),
        ("av", "cars.0.nitro", 1, "cars[0].nitro"),
        ("av", "turn", None, "turn"),
        ("av", "winners", [None], "winners[0]"),
        ("av", "options", ["bonus", "bonus"], "LOAD-AV-OPTIONS"),
        ("av", "board.nitro", 1, "board.nitro"),
        ("av", "seed", int("9" * 30), "integer of 30"),
    ],
)
def test_non_canonical_text_is_refused_naming_the_field(
    family: str, path: str, value: Any, named: str
) -> None:
    base = FS_STATE if family == "fs" else AV_STATE
    with pytest.raises(MalformedInput) as refused:
        READERS[family](_edited(base, path, value))
    assert named in str(refused.value)


@pytest.mark.rules("LOAD-FS-FORMAT", "LOAD-AV-FORMAT")
def test_the_first_reproducers_of_the_issue_are_malformed_input() -> None:
    for read in (fs.from_json, av.from_json, fs.action_from_json, av.action_from_json):
        for text in ("[" * 5000, '{"type":"pass","seat":' + "1" * 5000 + "}", b"\xff\xfe"):
            with pytest.raises(MalformedInput):
                read(text)
    with pytest.raises(MalformedInput, match="phase: missing"):
        fs.from_json('{"family":"fun-speed","players":2}')


@pytest.mark.rules("BOARD-FILE")
def test_a_board_file_that_is_not_utf8_is_malformed(tmp_path: Path) -> None:
    good = json.dumps(default_board().to_dict()).encode()
    path = tmp_path / "board.json"
    path.write_bytes(good.replace(b'"name": "', b'"name": "\xff'))
    with pytest.raises(MalformedInput, match="not UTF-8"):
        load_board(path)


@pytest.mark.rules("FS-ACCEL")
def test_an_accelerator_count_beyond_the_box_is_refused_at_once() -> None:
    state = fs.new_game(2, seed=3)
    state = fs.apply(state, fs.legal_actions(state)[0])  # the play step
    card = next(c for c in state.hands[0] if c in (FsCard.D25, FsCard.D50, FsCard.D100))
    start = time.perf_counter()
    for count in (4, 2**32, 2**62, 10**24):
        with pytest.raises(MalformedInput, match="accelerators"):
            fs.violations(state, LayBorne(0, card, count, True))
        with pytest.raises(MalformedInput, match="accelerators"):
            fs.apply(state, LayBorne(0, card, count, True))
    assert time.perf_counter() - start < 1.0
    # three, as many as the box holds, is an action, illegal by FS-ACCEL
    with pytest.raises(IllegalAction) as refused:
        fs.apply(state, LayBorne(0, card, 3, True))
    assert "FS-ACCEL" in refused.value.rule_ids


@pytest.mark.rules("INV-FS-HAND-SIZE", "INV-FS-ACTOR-CAN-ACT")
def test_every_successor_of_a_reached_fun_and_speed_state_loads() -> None:
    """Not only the action random play chose: every legal action from a sample of the
    reached states, two actions deep, reaches a state that loads."""
    for state in _fs_games()[::40]:
        frontier = [state]
        for _ in range(2):
            frontier = [fs.apply(s, a) for s in frontier for a in fs.legal_actions(s)][:200]
            for reached in frontier:
                assert fs_problems(reached) == [], fs.to_json(reached)
