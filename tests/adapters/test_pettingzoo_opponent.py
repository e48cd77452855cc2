"""examples/pettingzoo_opponent.py: the project's bots seated in the PettingZoo
environments of every family, their choices entered as action indices."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import millebornes as mb
from millebornes.apps.adapters.pettingzoo_env import env
from millebornes.apps.roster import make_bot

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "pettingzoo_opponent.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pettingzoo_opponent", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("edition", "players"), [("classic", 2), ("cars", 3), ("fun-speed", 3), ("as-du-volant", 2)]
)
def test_the_bots_indices_make_exactly_the_bots_move(edition: str, players: int) -> None:
    """Every seat a greedy bot: at each of its moves, the indices the example enters
    take the engine from the state before to the bot's own choice applied to it
    (a Fun & Speed Police is two indices: target, then card)."""
    example = _example()
    table = env(edition=edition, players=players)
    table.reset(seed=7)
    bots = [make_bot("greedy", seat) for seat in range(players)]
    moves = 0
    for name in table.agent_iter():
        _, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        bot = bots[table.possible_agents.index(name)]
        before: Any = table.engine
        wanted = bot.choose(before)
        indices = example.indices_for(table, wanted)
        assert indices, f"no index makes {wanted!r}"
        for index in indices:
            table.step(index)
        after = table.engine
        expected = mb.apply(before, wanted)
        assert after == expected  # one round (classic family) or one game: never redealt
        moves += 1
    assert moves > 10


@pytest.mark.slow
@pytest.mark.parametrize(
    ("edition", "opponent"),
    [("classic", "search-easy"), ("fun-speed", "greedy"), ("as-du-volant", "greedy")],
)
def test_the_example_reports_a_win_rate(edition: str, opponent: str) -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--edition", edition, "--games", "2"]
        + ["--opponent", opponent, "--players", "3" if edition == "fun-speed" else "2"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert f" of 2 games against {opponent} (" in result.stdout


def test_a_bad_edition_is_one_line_naming_all_six() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--edition", "nope"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "'fun-speed', 'as-du-volant'" in result.stderr


def test_the_random_agent_only_ever_plays_a_legal_index() -> None:
    example = _example()
    rng = np.random.default_rng(3)
    mask = np.zeros(20, np.int8)
    mask[[4, 11]] = 1
    assert {example.agent_policy({"action_mask": mask}, rng) for _ in range(50)} == {4, 11}
