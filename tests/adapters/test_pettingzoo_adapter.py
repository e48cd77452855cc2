"""The PettingZoo environment passes PettingZoo's own API and seed tests.

``api_test`` and ``seed_test`` run for every edition and seat count (the whole set
takes seconds): one-round games by default, three-round games under
HYPOTHESIS_PROFILE=deep (each check plays one game to its end); a two-round game
with an option checks rewards across rounds.
"""

from __future__ import annotations

import contextlib
import io
import warnings

import numpy as np
import pytest
from adapter_support import CONFIGURATIONS, DEEP, config_id
from pettingzoo.test import api_test, seed_test

from millebornes.apps.adapters.encoding import utilities
from millebornes.apps.adapters.pettingzoo_env import MilleBornesEnv, env
from millebornes.families.classic import IllegalAction, MalformedInput, legal_actions

CYCLES = 5000
"""Enough agent turns for a whole game: both checks stop at its end."""
ROUNDS = 3 if DEEP else 1


def quietly_run(check: object, *args: object, **kwargs: object) -> None:
    """Run a PettingZoo check without its progress prints and its advice warnings
    (a dict observation is what action masks need; its tests still run)."""
    assert callable(check)
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore", UserWarning)
        check(*args, **kwargs)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_api_and_seed_tests_pass(config: tuple[str, int]) -> None:
    edition, players = config

    def make() -> MilleBornesEnv:
        return env(edition=edition, players=players, rounds=ROUNDS)

    quietly_run(api_test, make(), num_cycles=CYCLES)
    quietly_run(seed_test, make, num_cycles=CYCLES)


def test_api_test_passes_for_two_rounds_with_an_option() -> None:
    quietly_run(api_test, env(players=4, options=("goal_700",), rounds=2), num_cycles=CYCLES)


def play_out(game: MilleBornesEnv, seed: int) -> dict[str, float]:
    """Play to the end with masked random actions, checking each mask against the engine;
    return each agent's total reward."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        seen, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        mask = seen["action_mask"]
        assert int(mask.sum()) == len(legal_actions(game.engine))
        others = [a for a in game.agents if a != agent]
        assert all(not game.observe(other)["action_mask"].any() for other in others)
        game.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


def test_rewards_add_up_to_the_score_lead_over_rounds() -> None:
    game = env(players=4, options=("goal_700",), rounds=2)
    totals = play_out(game, seed=3)
    assert game.engine.round_number == 2
    assert [totals[a] for a in game.possible_agents] == list(utilities(game.engine))
    assert sum(totals.values()) == pytest.approx(0.0)


def test_the_same_seed_deals_the_same_round() -> None:
    first, second = env(), env()
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.engine == second.engine
    second.reset(seed=10)
    assert first.engine != second.engine


def test_a_masked_out_action_is_refused_and_bad_settings_are_malformed() -> None:
    game = env()
    game.reset(seed=1)
    mask = game.observe(game.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction):
        game.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(MalformedInput, match="SEAT-COUNTS"):
        env(players=5)
    with pytest.raises(MalformedInput, match="rounds"):
        env(rounds=0)
    with pytest.raises(MalformedInput, match="render_mode"):
        env(render_mode="rgb_array")
