"""OpenSpiel and PettingZoo for Fun & Speed and As du Volant, at every seat count and option.

The action tables name every well-formed action once (the families' ``every_action``
helpers); observations do not change when the cards a seat cannot see are dealt again;
``pyspiel.random_sim_test`` (with serialization) and PettingZoo's ``api_test`` and
``seed_test`` pass. As du Volant games at five and six seats run thousands of random
moves, so their OpenSpiel check is marked slow.
"""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyspiel
import pytest
from adapter_support import DEEP
from pettingzoo.test import api_test, seed_test
from test_pettingzoo_adapter import CYCLES, quietly_run

import millebornes as mb
import millebornes.apps.adapters.openspiel_game  # registers the game
from millebornes.apps.adapters.openspiel_races import RaceState
from millebornes.apps.adapters.pettingzoo_env import env
from millebornes.apps.adapters.race_codecs import codec_for
from millebornes.apps.adapters.race_encoding import win_utilities
from millebornes.conformance.asduvolant_suite import every_action as av_every_action
from millebornes.families.funspeed.actions import Police
from millebornes.families.funspeed.all_actions import every_action as fs_every_action

ROOT = Path(__file__).resolve().parents[2]
SIMS = 5 if DEEP else 1
SEATS = (2, 3, 4, 5, 6)
FS_SEATS = (2, 3, 4)  # RUL-FS-SEATS
RACES: tuple[tuple[str, int, str], ...] = (
    *(("fun-speed", n, "") for n in FS_SEATS),
    *(("as-du-volant", n, "") for n in SEATS),
    ("as-du-volant", 2, "goal_700"),
    ("as-du-volant", 3, "accelerated"),
    ("as-du-volant", 4, "points_5000"),
    ("as-du-volant", 2, "bonus+goal_700"),
)
"""Every seat count of each game, and As du Volant with each option."""
SLOW = {("as-du-volant", 5, ""), ("as-du-volant", 6, "")}


def race_id(config: tuple[str, int, str]) -> str:
    return f"{config[0]}-{config[1]}p" + (f"-{config[2]}" if config[2] else "")


def params(configs: tuple[tuple[str, int, str], ...]) -> list[Any]:
    return [pytest.param(c, marks=pytest.mark.slow) if c in SLOW else c for c in configs]


def options_of(config: tuple[str, int, str]) -> tuple[str, ...]:
    return tuple(name for name in config[2].split("+") if name)


def random_states(config: tuple[str, int, str], seed: int, limit: int = 400) -> list[Any]:
    state = mb.new_game(config[0], config[1], options_of(config), seed=seed)
    rng = random.Random(seed)
    states = [state]
    while mb.actor(state) is not None and len(states) < limit:
        state = mb.apply(state, rng.choice(mb.legal_actions(state)))
        states.append(state)
    return states


def hidden_cards_dealt_again(state: Any, seat: int) -> Any:
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.draw_pile)
    for s in others:
        pool += state.hands[s]
    pool.reverse()
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    return replace(state, hands=tuple(hands), draw_pile=tuple(pool))


@pytest.mark.parametrize("config", RACES, ids=race_id)
def test_every_well_formed_action_has_one_index_and_legal_ones_go_back(
    config: tuple[str, int, str],
) -> None:
    codec = codec_for(config[0], config[1], options_of(config))
    every = fs_every_action if config[0] == "fun-speed" else av_every_action
    for state in random_states(config, seed=config[1])[::20]:
        seat = mb.actor(state)
        if seat is None:
            continue
        seen: dict[object, object] = {}
        for action in every(state):
            if action.seat != seat:
                continue
            key: object = codec.index(action)
            if isinstance(action, Police):
                key = (key, codec.swap_index(action))  # type: ignore[attr-defined]
            assert key not in seen, (action, seen.get(key))
            seen[key] = action
        legal = set(mb.legal_actions(state))
        indices = codec.legal(state)
        assert indices == sorted(set(indices)) and all(0 <= i < codec.size for i in indices)
        for index in indices:
            partial, move = codec.step(state, (), index)
            if move is None:
                swaps = codec.legal(state, partial)
                assert {codec.step(state, partial, i)[1] for i in swaps} <= legal
            else:
                assert move in legal
    names = [codec.name(i) for i in range(codec.size)]
    assert len(set(names)) == codec.size


@pytest.mark.parametrize("config", RACES, ids=race_id)
def test_observation_shows_a_seat_only_what_it_may_see(config: tuple[str, int, str]) -> None:
    codec = codec_for(config[0], config[1], options_of(config))
    for state in random_states(config, seed=7)[::25]:
        for seat in range(config[1]):
            seen = codec.observation(state, seat, (), None)
            assert len(seen) == codec.layout.size and min(seen) >= 0.0
            other = hidden_cards_dealt_again(state, seat)
            assert codec.observation(other, seat, (), None) == seen
            assert codec.observation_string(other, seat, (), None) == codec.observation_string(
                state, seat, (), None
            )
        hand = codec.layout.at["hand"]
        own = codec.observation(state, 0, (), None)[hand : hand + len(codec.kinds)]
        assert own == [float(state.hands[0].count(card)) for card in codec.kinds]


def test_win_utilities_are_zero_sum_and_plus_minus_one_at_two_seats() -> None:
    assert win_utilities(2, (1,)) == (-1.0, 1.0)
    assert win_utilities(4, (0,)) == (1.0, -1 / 3, -1 / 3, -1 / 3)
    assert sum(win_utilities(5, (0, 3))) == pytest.approx(0.0)
    assert win_utilities(3, (0, 1, 2)) == (0.0, 0.0, 0.0)


@pytest.mark.parametrize("config", params(RACES), ids=race_id)
def test_random_sim_test_passes(config: tuple[str, int, str]) -> None:
    game = pyspiel.load_game(
        "python_mille_bornes", {"edition": config[0], "players": config[1], "options": config[2]}
    )
    assert game.num_distinct_actions() == codec_for(config[0], config[1], options_of(config)).size
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


@pytest.mark.parametrize("config", RACES, ids=race_id)
def test_api_and_seed_tests_pass(config: tuple[str, int, str]) -> None:
    def make() -> Any:
        return env(edition=config[0], players=config[1], options=options_of(config))

    quietly_run(api_test, make(), num_cycles=CYCLES * 10)
    quietly_run(seed_test, make, num_cycles=CYCLES * 10)


def test_a_police_shows_the_target_hand_to_the_policeman_only() -> None:
    game = pyspiel.load_game("python_mille_bornes(edition=fun-speed,players=3)")
    rng = random.Random(4)
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            assert isinstance(state, RaceState)
            codec = state.codec
            police = [a for a in state.legal_actions() if a >= codec.police_target]  # type: ignore[attr-defined]
            if not police:
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seat = state.current_player()
            state.apply_action(police[0])
            assert state.current_player() == seat
            target = codec.police_target_of(state.engine, state.position.partial)  # type: ignore[attr-defined]
            assert target is not None
            hand = codec.layout.at["police_hand"]
            shown = state.observation_tensor(seat)[hand : hand + len(codec.kinds)]
            assert shown == [float(state.engine.hands[target].count(c)) for c in codec.kinds]
            for other in range(3):
                if other != seat:
                    assert not any(state.observation_tensor(other)[hand : hand + len(codec.kinds)])
            state.apply_action(state.legal_actions()[0])
            return
    pytest.fail("no Police was played in 60 random games")


def test_bad_settings_are_malformed() -> None:
    with pytest.raises(mb.MalformedInput):
        pyspiel.load_game("python_mille_bornes(edition=fun-speed,players=7)")
    with pytest.raises(mb.MalformedInput, match="rounds"):
        pyspiel.load_game("python_mille_bornes(edition=as-du-volant,rounds=2)")
    with pytest.raises(mb.MalformedInput, match="goal_700"):
        env(edition="as-du-volant", players=5, options=("goal_700",))
    with pytest.raises(mb.MalformedInput, match="options"):
        env(edition="fun-speed", players=2, options=("bonus",))


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["fun-speed", "as-du-volant"])
def test_mcts_example_plays_each_race(edition: str) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "openspiel_mcts.py"), "--edition", edition]
        + ["--rounds", "1", "--simulations", "2", "--playout-moves", "200"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert " of 1 rounds, win rate " in result.stdout
