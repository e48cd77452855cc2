"""PROTO-FAMILIES: each rule family's published precondition tables are the engine's.

spec/families/<name>/preconditions.md is written by ``tools/preconditions.py``; these
tests read the committed pages, not the tool, and hold them against the engine: the rows
of every table in order, and every cell of the table of actions at the wrong moment
against the rules ``violations`` names in states of played games.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from millebornes.registry import BY_NAME

ROOT = Path(__file__).resolve().parents[2]
FAMILIES = ("fun-speed", "as-du-volant")


def _page(name: str) -> str:
    return (ROOT / "spec" / "families" / name / "preconditions.md").read_text(encoding="utf-8")


def _tables(text: str) -> dict[str, list[str]]:
    """Each action kind's rule IDs in page order, from the section ``## The tables``."""
    body = text.split("## The tables", 1)[1].split("## Actions at the wrong moment", 1)[0]
    found: dict[str, list[str]] = {}
    for section in body.split("### ")[1:]:
        kind = section.split("`")[1]
        found[kind] = re.findall(r"^\| \d+ \| `([A-Z0-9-]+)` \|", section, flags=re.M)
    return found


def _moments(text: str) -> list[dict[tuple[str, str], set[str]]]:
    """Each wrong-moment table of the page: (action, phase) to the rules its cell names."""
    body = text.split("## Actions at the wrong moment", 1)[1]
    tables: list[dict[tuple[str, str], set[str]]] = []
    phases: list[str] = []
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "action":
            phases = [c.strip("`") for c in cells[1:]]
            tables.append({})
        elif line.startswith("| `") and phases:
            kind = cells[0].strip("`")
            for phase, cell in zip(phases, cells[1:], strict=True):
                tables[-1][kind, phase] = set(re.findall(r"`([A-Z0-9-]+)`", cell))
    return tables


@pytest.mark.rules("PROTO-FAMILIES", "FS-ACTOR", "AV-ACTOR")
@pytest.mark.parametrize("name", FAMILIES)
def test_every_table_lists_the_engines_rows_in_order(name: str) -> None:
    family: Any = BY_NAME[name]
    published = _tables(_page(name))
    engine = {
        family.json.ACTION_TYPES[kind]: [rule for rule, _ in family.rules[kind]]
        for kind in family.action_types
    }
    assert published == engine


def _visited(name: str, games: int = 6, steps: int = 300) -> list[Any]:
    """The states of a few seeded random games, every phase that they reach."""
    family: Any = BY_NAME[name]
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = family.new_game(name, 3, (), seed=seed, deck=None, board=None)
        for _ in range(steps):
            states.append(state)
            legal = family.legal_actions(state)
            if not legal:
                break
            state = family.apply(state, rng.choice(legal))
    return states


@pytest.mark.rules("PROTO-FAMILIES", "FS-DRAW", "FS-PLAY-ONE", "AV-DRAW", "AV-PLAY-ONE")
@pytest.mark.parametrize("name", FAMILIES)
def test_a_wrong_moment_breaks_the_rules_its_cell_names_and_no_other_rule_of_the_moment(
    name: str,
) -> None:
    family: Any = BY_NAME[name]
    table = _moments(_page(name))[0]  # the game without options: what these games play
    moment_rules = {
        kind: set().union(*(r for (k, _), r in table.items() if k == kind)) for kind, _ in table
    }
    states = _visited(name)
    samples: dict[str, Any] = {}  # one action of each kind, taken from some legal list
    for state in states:
        for action in family.legal_actions(state):
            samples.setdefault(family.json.ACTION_TYPES[type(action)], action)
    judged = set()
    for state in states:
        if state.actor is None:
            continue
        for kind, action in samples.items():
            broken = set(family.violations(state, replace(action, seat=state.actor)))
            named = table[kind, state.phase.value]
            assert named <= broken, (kind, state.phase.value)
            assert not (moment_rules[kind] - named) & broken, (kind, state.phase.value)
            judged.add((kind, state.phase.value))
    assert len({phase for _, phase in judged}) >= 4
    assert {kind for kind, _ in judged} == set(samples)
