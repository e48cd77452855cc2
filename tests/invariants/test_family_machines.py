"""The race families' state machines and seeded random games, every net after every step.

Fun & Speed and As du Volant, at every seat count with every option set their editions
allow: the family's state invariants, its step invariants (spec/invariants.md, "Fun &
Speed and As du Volant: machines and proofs"), the JSON round trip and the purity of
``apply``. ``MILLEBORNES_RACE_GAMES`` sets how many seeded games the slow test plays per
family (90 by default: every As du Volant configuration, under the suite's time budget).
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from hypothesis.stateful import run_state_machine_as_test

from millebornes import api
from millebornes.core.spec_index import spec_entries
from millebornes_invariants.family_machine import (
    FAMILIES,
    configurations,
    machine_for,
    machine_settings,
    play_games,
    step_problems,
)
from millebornes_invariants.family_steps import STEP_INVARIANTS

STEP_IDS = (
    "INV-FS-STEP-ACTOR", "INV-FS-STEP-CARDS", "INV-FS-STEP-END", "INV-FS-STEP-KM",
    "INV-AV-STEP-ACTOR", "INV-AV-STEP-CARDS", "INV-AV-STEP-END", "INV-AV-STEP-CAR",
)  # fmt: skip
GAMES = int(os.environ.get("MILLEBORNES_RACE_GAMES", "90"))


@pytest.mark.rules(
    "INV-FS-STEP-ACTOR", "INV-FS-STEP-CARDS", "INV-FS-STEP-END", "INV-FS-STEP-KM",
    "INV-AV-STEP-ACTOR", "INV-AV-STEP-CARDS", "INV-AV-STEP-END", "INV-AV-STEP-CAR",
)  # fmt: skip
def test_the_step_invariants_are_the_specs() -> None:
    spec = {e.id: e for e in spec_entries() if e.kind == "invariant"}
    found = {inv.id: inv for invariants in STEP_INVARIANTS.values() for inv in invariants}
    assert sorted(found) == sorted(STEP_IDS) == sorted(i for i in spec if "-STEP-" in i)
    for invariants in STEP_INVARIANTS.values():
        for inv in invariants:
            protects = (spec[inv.id].option("protects") or "").replace(",", " ").split()
            assert set(inv.protects) <= set(protects), inv.id


@pytest.mark.rules("RUL-FS-SEATS", "AV-SEATS", "AV-GOAL", "RUL-AV-700")
def test_the_configurations_come_from_the_registry() -> None:
    for family in FAMILIES:
        info = next(i for i in api.editions() if i.family == family)
        found = configurations(family)
        assert {players for _, players, _ in found} == set(info.seat_counts)
        assert {o for _, _, options in found for o in options} == set(info.options)
    # The 700 km goal is refused at four seats and more (RUL-AV-700): never configured there.
    assert not any(p >= 4 and "goal_700" in o for _, p, o in configurations("as-du-volant"))


@pytest.mark.rules(*STEP_IDS)
@pytest.mark.parametrize("family", FAMILIES)
def test_the_state_machine_passes_every_net(family: str) -> None:
    run_state_machine_as_test(machine_for(family), settings=machine_settings(25, 150))


@pytest.mark.rules(*STEP_IDS)
@pytest.mark.parametrize("family", FAMILIES)
def test_seeded_random_games_pass_every_net(family: str) -> None:
    report = play_games(family, 12, seed=1)
    assert report.problems == []
    assert report.games == 12 and report.steps > 12 * 20


@pytest.mark.slow
@pytest.mark.rules(*STEP_IDS)
@pytest.mark.parametrize("family", FAMILIES)
def test_many_seeded_random_games_pass_every_net(family: str) -> None:
    report = play_games(family, GAMES, seed=2)
    assert report.problems == []
    assert report.games == GAMES
    # Every configuration was played (round robin), so every seat count and option.
    assert len(report.by_configuration) == min(GAMES, len(configurations(family)))


@pytest.mark.rules(*STEP_IDS)
@pytest.mark.parametrize("family", FAMILIES)
def test_the_nets_catch_a_forged_step(family: str) -> None:
    """Non-vacuity: a step after which a card has vanished, or that another seat took, or
    that does not read back from its JSON, is caught."""
    edition, players, options = configurations(family)[0]
    before = api.new_game(edition, players, options, seed=3)
    action = api.legal_actions(before)[0]
    after = api.apply(before, action)
    before_json = api.to_json(before)
    assert step_problems(before, before_json, action, after) == []
    lost = replace(after, draw_pile=after.draw_pile[1:])
    assert any("STEP-CARDS" in p for p in step_problems(before, before_json, action, lost))
    other = replace(action, seat=(action.seat + 1) % players)
    assert any("STEP-ACTOR" in p for p in step_problems(before, before_json, other, after))
    assert any("purity" in p for p in step_problems(before, "{}", action, after))
